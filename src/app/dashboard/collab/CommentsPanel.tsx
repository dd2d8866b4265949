/**
 * The project's comments on its dashboard (issue 13): every thread, or the one thread a breakdown
 * row or an alert opened. Comments are written in the data worker's store, so they work offline
 * and sync with the project. Authors edit and delete their own; anyone resolves or reopens. When
 * two devices changed the same text at once, both versions are shown and the author picks one.
 */
import { forwardRef, useId, useState } from 'react';
import { dataApi } from '../../../client/data';
import { COMMENT_MAX_CHARS, commentTargetKey, type CommentRow, type CommentTarget } from '../../../local/contracts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

const KIND_WORDS: Record<string, string> = { wbs: 'WBS element', 'control-account': 'control account', code: 'code value', project: 'project' };

/** How a thread is named: "the project", "Civils (WBS element)", "the CPI alert on Civils". */
export function targetLabel(t: CommentTarget): string {
  switch (t.kind) {
    case 'project':
      return 'the project';
    case 'element':
      return `${t.name ?? t.nodeId} (${KIND_WORDS[t.nodeKind] ?? 'element'})`;
    case 'alert':
      return t.nodeKind === 'project' ? `the project's ${metricWord(t.metric)} alert` : `the ${metricWord(t.metric)} alert on ${t.name ?? t.nodeId}`;
  }
}

const METRIC_WORDS: Record<string, string> = { cpi: 'CPI', spit: 'SPI(t)', vacPct: 'VAC%', tcpiEacMinusCpi: 'TCPI(EAC) − CPI', tspi: 'TSPI', spi: 'SPI', cvPct: 'CV%', svPct: 'SV%' };
const metricWord = (m: string): string => METRIC_WORDS[m] ?? m;

/** "2 Mar 2026, 09:05" in the reader's time zone. */
export function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export interface CommentsPanelProps {
  projectId: string;
  comments: readonly CommentRow[] | null;
  /** The thread shown; null: every comment. */
  thread: CommentTarget | null;
  onThread(target: CommentTarget | null): void;
  /** Read the comments again (after a change here, or news from elsewhere). */
  reload(): void;
  /** A viewer cannot write (their role, or a tab that no longer saves). */
  readOnly?: boolean;
}

export const CommentsPanel = forwardRef<HTMLTextAreaElement, CommentsPanelProps>(function CommentsPanel({ projectId, comments, thread, onThread, reload, readOnly = false }, composerRef) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showResolved, setShowResolved] = useState(true);
  const id = useId();
  const key = thread ? commentTargetKey(thread) : null;
  const inThread = (comments ?? []).filter((c) => key === null || c.targetKey === key);
  const shown = showResolved ? inThread : inThread.filter((c) => !c.resolved);
  const resolvedCount = inThread.filter((c) => c.resolved).length;
  const target: CommentTarget = thread ?? { kind: 'project' };

  async function post(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await dataApi().addComment(projectId, target, text);
      setText('');
      reload();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="comments">
      <div className="comments__bar">
        <p className="comments__scope" aria-live="polite">
          {thread ? (
            <>
              Comments on <strong>{targetLabel(thread)}</strong>{' '}
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onThread(null)}>
                Show all comments
              </button>
            </>
          ) : (
            <>All comments on this project</>
          )}
        </p>
        {resolvedCount > 0 ? (
          <label className="comments__toggle">
            <input type="checkbox" checked={showResolved} onChange={(e) => setShowResolved(e.target.checked)} /> Show {resolvedCount} resolved
          </label>
        ) : null}
      </div>
      {comments === null ? <p className="muted">Loading comments...</p> : null}
      {comments !== null && shown.length === 0 ? (
        <p className="comments__empty">{thread ? `No comments on ${targetLabel(thread)} yet.` : 'No comments yet. Comment on the project here, or on a breakdown row or an alert with its comment button.'}</p>
      ) : null}
      {shown.length > 0 ? (
        <ol className="comments__list">
          {shown.map((c) => (
            <CommentItem key={c.id} comment={c} projectId={projectId} showTarget={thread === null} onThread={onThread} reload={reload} readOnly={readOnly} />
          ))}
        </ol>
      ) : null}
      {readOnly ? null : (
        <form className="comments__form" onSubmit={post} noValidate>
          <label htmlFor={`${id}-new`} className="field-label">
            Add a comment on {targetLabel(target)}
          </label>
          <textarea
            id={`${id}-new`}
            ref={composerRef}
            className="field-input"
            rows={3}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          />
          <div className="comments__form-foot">
            <span id={`${id}-count`} className={`field-hint${text.length > COMMENT_MAX_CHARS ? ' comments__over' : ''}`}>
              {text.length.toLocaleString('en-GB')} / {COMMENT_MAX_CHARS.toLocaleString('en-GB')} characters
            </span>
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              Post comment
            </button>
          </div>
          {error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
});

function CommentItem({
  comment: c,
  projectId,
  showTarget,
  onThread,
  reload,
  readOnly,
}: {
  comment: CommentRow;
  projectId: string;
  showTarget: boolean;
  onThread(t: CommentTarget): void;
  reload(): void;
  readOnly: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(c.text);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function act(f: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await f();
      reload();
      return true;
    } catch (err) {
      setError((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={`comment${c.resolved ? ' comment--resolved' : ''}${c.conflict ? ' comment--conflict' : ''}`} data-comment={c.id}>
      <div className="comment__head">
        <span className="comment__author">{c.mine ? `${c.author.name} (you)` : c.author.name}</span>
        <time className="comment__time" dateTime={c.createdAt}>
          {when(c.createdAt)}
        </time>
        {c.edited ? <span className="comment__edited" title={`Edited ${when(c.updatedAt)}`}>edited</span> : null}
        {c.resolved ? <span className="status-badge status-badge--good">Resolved</span> : null}
        {showTarget && c.target.kind !== 'project' ? (
          <button type="button" className="comment__target" onClick={() => onThread(c.target)}>
            on {targetLabel(c.target)}
          </button>
        ) : null}
      </div>
      {c.conflict ? (
        <div className="comment__conflict" role="group" aria-label="Two versions of this comment">
          <p>
            <strong>Two versions of this comment</strong> were written at the same time on different devices. Both are kept until {c.mine ? 'you choose one' : `${c.author.name} chooses one`}.
          </p>
          <ol>
            {c.conflict.map((v, i) => (
              <li key={i}>
                <p className="comment__text">{v.value}</p>
                <p className="comment__version-meta">
                  {v.who ? `${v.who}, ` : ''}
                  {when(v.at)}
                  {c.mine && !readOnly ? (
                    <>
                      {' '}
                      <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => act(() => dataApi().resolveCommentConflict(projectId, c.id, v.value))}>
                        Keep this version
                      </button>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
        </div>
      ) : editing ? (
        <form
          className="comment__edit"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await act(() => dataApi().editComment(projectId, c.id, draft, c.seen))) setEditing(false);
          }}
        >
          <label htmlFor={`${id}-edit`} className="sr-only">
            Edit your comment
          </label>
          <textarea id={`${id}-edit`} className="field-input" rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} autoFocus />
          <div className="comment__actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              Save
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setEditing(false);
                setDraft(c.text);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className="comment__text">{c.text}</p>
      )}
      {!editing && !readOnly ? (
        <div className="comment__actions">
          {c.mine && !c.conflict ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setDraft(c.text);
                setEditing(true);
              }}
            >
              Edit
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => act(() => dataApi().setCommentResolved(projectId, c.id, !c.resolved, c.seen))}>
            {c.resolved ? 'Reopen' : 'Resolve'}
          </button>
          {c.mine ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(true)}>
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
      <ConfirmDialog
        open
        title="Delete this comment?"
        message="It is deleted for everyone in the team once this device syncs."
        confirmLabel="Delete comment"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          setBusy(true);
          try {
            const r = await dataApi().deleteComment(projectId, c.id, c.seen);
            if (!r.deleted) setError('This comment changed on another device since you opened it, so it was not deleted. Read it again, then delete it if you still want to.');
            reload();
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      />
      ) : null}
    </li>
  );
}
