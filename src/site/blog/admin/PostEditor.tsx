import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../client/api';
import { blogAdminApi, type AdminPost, type PostStatus } from '../../../client/blogApi';
import { Field, FormMessage } from '../../auth/Field';
import { Spinner } from '../../../ui/Spinner';
import { postPath } from '../format';
import { LoadError } from '../LoadError';
import { useLoad } from '../useLoad';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { StatusBadge } from './AdminPostList';
import { adminErrorText } from './messages';
import { fieldOfServerError, inputOf, slugify, validateDraft, type Draft, type FieldErrors } from './validate';

/** How long the preview waits after the last keystroke before asking the server to render. */
export const PREVIEW_DELAY_MS = 400;
export const DEFAULT_AUTHOR = 'The Earnest team';

const EMPTY: Draft = { title: '', slug: '', excerpt: '', category: '', tags: '', author: DEFAULT_AUTHOR, body: '' };

function draftOf(p: AdminPost): Draft {
  return { title: p.title, slug: p.slug, excerpt: p.excerpt, category: p.category, tags: p.tags.join(', '), author: p.author, body: p.body_markdown };
}

const sameDraft = (a: Draft, b: Draft) => (Object.keys(a) as (keyof Draft)[]).every((k) => a[k] === b[k]);

type PreviewState = { html: string; state: 'idle' | 'updating' | 'error'; error?: string };

/** The live preview: the server's sanitised rendering of the markdown, refreshed after a pause in typing. */
function usePreview(body: string, initialHtml: string | null): PreviewState {
  const [preview, setPreview] = useState<PreviewState>({ html: initialHtml ?? '', state: 'idle' });
  const rendered = useRef<string | null>(initialHtml === null && body.trim() !== '' ? null : body);
  useEffect(() => {
    if (rendered.current === body) return;
    if (body.trim() === '') {
      // Nothing to render: no request.
      rendered.current = body;
      setPreview({ html: '', state: 'idle' });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setPreview((p) => ({ ...p, state: 'updating' }));
      blogAdminApi.preview(body).then(
        (html) => {
          if (!current) return;
          rendered.current = body;
          setPreview({ html, state: 'idle' });
        },
        (err: unknown) => current && setPreview((p) => ({ ...p, state: 'error', error: adminErrorText(err) })),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body]);
  return preview;
}

interface EditorFormProps {
  /** The post as loaded; null for a new post. */
  original: AdminPost | null;
  /** A notice to show at first (carried over when a save moved the post to a new address). */
  initialNotice: string | null;
  /** After a save that moved the post (new, or a new slug), so the address follows it. */
  onSaved: (post: AdminPost, notice: string) => void;
  /** Back to the list, with a notice for it. */
  onClose: (notice: string | null) => void;
  onReload: () => void;
}

function EditorForm({ original, initialNotice, onSaved, onClose, onReload }: EditorFormProps) {
  const [saved, setSaved] = useState<AdminPost | null>(original);
  const [draft, setDraft] = useState<Draft>(original ? draftOf(original) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ text: string; stale: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const preview = usePreview(draft.body, original ? original.body_html : null);
  const formRef = useRef<HTMLFormElement>(null);

  const dirty = !sameDraft(draft, saved ? draftOf(saved) : EMPTY);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = (k: keyof Draft) => (v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setNotice(null);
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  function focusFirstInvalid() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function save(status: PostStatus) {
    setFormError(null);
    setNotice(null);
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError({ text: 'Some fields need attention: see the messages next to them.', stale: false });
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const input = { ...inputOf(draft), status };
      const post = saved ? await blogAdminApi.update(saved.slug, saved._rev, input) : await blogAdminApi.create(input);
      const wasPublished = saved?.status === 'published';
      setSaved(post);
      setDraft(draftOf(post));
      const done =
        status === 'published'
          ? wasPublished
            ? `Saved. The changes are live at /blog/${post.slug}.`
            : `Published. The post is live at /blog/${post.slug}.`
          : wasPublished
            ? 'Unpublished: the post is a draft again and no longer on the blog.'
            : 'Draft saved. It is not on the blog until you publish it.';
      setNotice(done);
      if (!saved || saved.slug !== post.slug) onSaved(post, done);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const field = fieldOfServerError(err.message);
        if (field) {
          setErrors({ [field]: err.message });
          focusFirstInvalid();
        }
        setFormError({ text: field ? 'The server refused a field: see the message next to it.' : err.message, stale: false });
      } else {
        setFormError({ text: adminErrorText(err), stale: err instanceof ApiError && err.status === 409 && /changed by someone else/.test(err.message) });
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!saved) return;
    setBusy(true);
    try {
      await blogAdminApi.remove(saved.slug, saved._rev);
      setConfirmDelete(false);
      onClose(`Deleted “${saved.title}”.`);
    } catch (err) {
      setConfirmDelete(false);
      setFormError({ text: adminErrorText(err), stale: err instanceof ApiError && err.status === 409 });
    } finally {
      setBusy(false);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(saved?.status ?? 'draft');
  };

  const isPublished = saved?.status === 'published';
  const autoSlug = slugify(draft.title);
  return (
    <div className="editor-layout">
      <form ref={formRef} className="card editor-form" onSubmit={submit} noValidate aria-labelledby="editor-heading">
        <div className="editor-head">
          <h2 id="editor-heading">{saved ? 'Edit post' : 'New post'}</h2>
          {saved ? <StatusBadge status={saved.status} /> : <span className="badge badge-muted">Not saved yet</span>}
        </div>
        <Field label="Title" value={draft.title} onChange={set('title')} required maxLength={200} error={errors.title} />
        <Field
          label="Slug"
          value={draft.slug}
          onChange={set('slug')}
          maxLength={100}
          error={errors.slug}
          hint={
            saved
              ? 'The address of the post: /blog/<slug>. Changing it moves the post; old links stop working.'
              : autoSlug
                ? `Leave empty to use “${autoSlug}”, made from the title.`
                : 'Leave empty to make one from the title.'
          }
        />
        <Field label="Excerpt" value={draft.excerpt} onChange={set('excerpt')} multiline maxLength={500} error={errors.excerpt} hint="One or two sentences for the blog list. Optional." />
        <div className="editor-row">
          <Field label="Category" value={draft.category} onChange={set('category')} required maxLength={50} error={errors.category} hint="Lowercase words joined by hyphens, like cost-control." />
          <Field label="Tags" value={draft.tags} onChange={set('tags')} error={errors.tags} hint="Separated by commas, like evm, forecasting." />
        </div>
        <Field label="Author" value={draft.author} onChange={set('author')} required maxLength={100} error={errors.author} />
        <div className="editor-body">
          <Field
            label="Body (Markdown)"
            value={draft.body}
            onChange={set('body')}
            multiline
            error={errors.body}
            hint="Start sections with ## (the title is the page's heading). Links, lists, tables, code and https images work; scripts and styles are removed."
          />
        </div>
        <FormMessage kind="error" text={formError?.text ?? null} />
        {formError?.stale ? (
          <p className="editor-stale">
            <button type="button" className="btn btn-outline btn-sm" onClick={onReload}>
              Reload the post
            </button>{' '}
            <span className="muted">Your unsaved changes here are lost when you reload: copy them first if you need them.</span>
          </p>
        ) : null}
        <FormMessage kind="success" text={notice} />
        <div className="button-row editor-actions">
          {isPublished ? (
            <>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => save('published')}>
                Save changes
              </button>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => save('draft')}>
                Unpublish
              </button>
              <Link className="btn btn-ghost" to={postPath(saved.slug)}>
                View post
              </Link>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => save('draft')}>
                Save draft
              </button>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => save('published')}>
                Publish
              </button>
            </>
          )}
          {saved ? (
            <button type="button" className="btn btn-ghost btn-danger-text" disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost editor-back"
            onClick={() => {
              if (!dirty || window.confirm('Leave without saving? Your changes to this post will be lost.')) onClose(null);
            }}
          >
            Back to all posts
          </button>
        </div>
        {busy ? <Spinner label="Saving..." /> : null}
      </form>
      <section className="card editor-preview" aria-labelledby="preview-heading">
        <div className="editor-head">
          <h2 id="preview-heading">Preview</h2>
          <span className="muted editor-preview-state" aria-live="polite">
            {preview.state === 'updating' ? 'Updating...' : preview.state === 'error' ? 'Not updated' : ''}
          </span>
        </div>
        {preview.state === 'error' ? <FormMessage kind="error" text={preview.error ?? null} /> : null}
        <article className="editor-preview-article">
          <p className="editor-preview-title">{draft.title || 'Untitled post'}</p>
          {/* Server-rendered and sanitised (server/blog/render.ts), exactly as the post page shows it. */}
          {preview.html ? (
            <div className="prose" data-testid="preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
          ) : (
            <p className="muted">The body appears here as readers will see it.</p>
          )}
        </article>
      </section>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this post?"
        message={saved ? `“${saved.title}” will be deleted for good${saved.status === 'published' ? ' and disappear from the blog' : ''}. This cannot be undone.` : ''}
        confirmLabel="Delete post"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}

export interface Carried {
  post: AdminPost;
  notice: string | null;
}

interface PostEditorProps {
  /** The post to edit; null for a new one. */
  slug: string | null;
  /** The post as the last save answered, when that save moved it here: no need to load it again. */
  carried: Carried | null;
  onSaved: (post: AdminPost, notice: string) => void;
  onClose: (notice: string | null) => void;
}

/** Blog Admin's editor for a new post (`slug` null) or an existing one. */
export function PostEditor({ slug, carried, onSaved, onClose }: PostEditorProps) {
  const [generation, setGeneration] = useState(0);
  const fromSave = generation === 0 && carried !== null && carried.post.slug === slug;
  const load = useLoad(
    () => (fromSave ? Promise.resolve(carried.post) : slug ? blogAdminApi.get(slug) : Promise.resolve(null)),
    [slug, generation],
  );
  if (load.state === 'loading') return <Spinner label="Loading the post..." />;
  if (load.state === 'error') {
    return (
      <div className="blog-state">
        <LoadError error={load.error} onRetry={load.reload} describe={adminErrorText} />
        <button type="button" className="btn btn-ghost" onClick={() => onClose(null)}>
          Back to all posts
        </button>
      </div>
    );
  }
  // A new key remounts the form, so a reload after a conflict starts from the stored post.
  return (
    <EditorForm
      key={`${load.data?._rev ?? 'new'}:${generation}`}
      original={load.data}
      initialNotice={fromSave ? carried.notice : null}
      onSaved={onSaved}
      onClose={onClose}
      onReload={() => setGeneration((g) => g + 1)}
    />
  );
}
