/**
 * The project's name on its dashboard (issue 13 "Mutable documents never lose an edit"): the title
 * with a Rename action for those who may write, and, when two devices renamed the project at the
 * same time, both names with who and when, until someone keeps one. The name is a mutable field
 * in the project's database (src/local/sync/mutable.ts): a rename works offline and syncs, and a
 * rename made elsewhere without seeing this one is kept beside it rather than lost. The look and
 * wording follow the comments' conflict view (collab/CommentsPanel.tsx).
 */
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { dataApi } from '../../client/data';
import { PROJECT_NAME_MAX_CHARS, type ConflictVersion } from '../../local/contracts';
import { when } from './collab/CommentsPanel';
import './dashboard.css';

/** The name as the store keeps it: trimmed, runs of spaces made one. */
export const cleanProjectName = (draft: string): string => draft.trim().replace(/\s+/g, ' ');

/** What is wrong with a name typed in, in the store's words (localStore.ts checkName); null when it will do. */
export function projectNameProblem(draft: string): string | null {
  const clean = cleanProjectName(draft);
  if (!clean) return 'A project needs a name. Type one and try again.';
  if (clean.length > PROJECT_NAME_MAX_CHARS)
    return `A project name can be at most ${PROJECT_NAME_MAX_CHARS} characters; this one has ${clean.length.toLocaleString('en-GB')}. Shorten it and try again.`;
  return null;
}

export interface ProjectTitleViewProps {
  name: string;
  /** Offers Rename (an editor or owner, in a tab that writes). */
  canRename: boolean;
  editing: boolean;
  draft: string;
  error: string | null;
  busy: boolean;
  onStart(): void;
  onDraft(value: string): void;
  onSave(): void;
  onCancel(): void;
  /** More controls beside Rename (Move to…), shown while not renaming. */
  extra?: ReactNode;
}

/** The page's h1 and, beside it, Rename; or, while renaming, the inline form (Enter saves, Escape cancels). */
export function ProjectTitleView({ name, canRename, editing, draft, error, busy, onStart, onDraft, onSave, onCancel, extra }: ProjectTitleViewProps) {
  const id = useId();
  if (!editing || !canRename)
    return (
      <div className="project-title">
        <h1>{name}</h1>
        {canRename ? (
          <button type="button" className="btn btn-outline btn-sm project-title__rename" onClick={onStart}>
            Rename
          </button>
        ) : null}
        {extra}
      </div>
    );
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  };
  return (
    <div className="project-title project-title--editing">
      <h1 className="sr-only">{name}</h1>
      <form
        className="project-title__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <label htmlFor={`${id}-name`} className="project-title__label">
          New name for “{name}”
        </label>
        <div className="project-title__row">
          <input
            id={`${id}-name`}
            className="field-input project-title__input"
            value={draft}
            maxLength={PROJECT_NAME_MAX_CHARS + 50}
            onChange={(e) => onDraft(e.target.value)}
            onKeyDown={onKey}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={`${id}-hint`}
            autoFocus
            disabled={busy}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? 'Saving…' : 'Save name'}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
        <p id={`${id}-hint`} className={error ? 'project-title__error' : 'project-title__hint'} role={error ? 'alert' : undefined}>
          {error ?? `Up to ${PROJECT_NAME_MAX_CHARS} characters. Enter saves, Escape cancels. Your team sees the new name once this device syncs.`}
        </p>
      </form>
    </div>
  );
}

/** The title with its Rename, wired to the data worker. */
export function ProjectTitle({ projectId, name, canRename, onRenamed, extra }: { projectId: string; name: string; canRename: boolean; onRenamed(): void; extra?: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    const problem = projectNameProblem(draft);
    if (problem) return setError(problem);
    if (cleanProjectName(draft) === name) return setEditing(false);
    setBusy(true);
    try {
      await dataApi().renameProject(projectId, cleanProjectName(draft));
      setEditing(false);
      onRenamed();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <ProjectTitleView
      name={name}
      canRename={canRename}
      editing={editing}
      draft={draft}
      error={error}
      busy={busy}
      onStart={() => {
        setDraft(name);
        setError(null);
        setEditing(true);
      }}
      onDraft={(v) => {
        setDraft(v);
        setError(null);
      }}
      onSave={() => void save()}
      extra={extra}
      onCancel={() => {
        setEditing(false);
        setError(null);
      }}
    />
  );
}

export interface NameConflictViewProps {
  /** Every name kept, the one every device shows first. */
  versions: readonly ConflictVersion[];
  /** Offers "Keep this name" (an editor or owner, in a tab that writes). */
  canChoose: boolean;
  busy: boolean;
  error: string | null;
  onKeep(name: string): void;
}

/** "This project was renamed on two devices at once": each name with who and when, and the choice. */
export function NameConflictView({ versions, canChoose, busy, error, onKeep }: NameConflictViewProps) {
  const count = versions.length === 2 ? 'two devices' : `${versions.length} devices`;
  return (
    <div id="project-name" className="comment__conflict project-name-conflict" role="group" aria-label="Names of this project">
      <p>
        <strong>This project was renamed on {count} at once.</strong> Every name is kept until {canChoose ? 'you or a teammate choose one' : 'an editor of the team chooses one'};
        until then every device shows “{versions[0]?.value}”.
      </p>
      <ol>
        {versions.map((v, i) => (
          <li key={i}>
            <p className="project-name-conflict__name">{v.value}</p>
            <p className="comment__version-meta">
              {v.who ? `${v.who}, ` : ''}
              {when(v.at)}
              {canChoose ? (
                <>
                  {' '}
                  <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => onKeep(v.value)}>
                    Keep this name
                  </button>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
      {error ? (
        <p className="app-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The name conflict, read from the data worker whenever the projects change; nothing when there is none. */
export function NameConflict({ projectId, refresh, canChoose, onResolved }: { projectId: string; refresh: unknown; canChoose: boolean; onResolved(): void }) {
  const [versions, setVersions] = useState<ConflictVersion[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [read, setRead] = useState(0);
  useEffect(() => {
    let live = true;
    dataApi()
      .projectNameConflict(projectId)
      .then(
        (v) => live && setVersions(v),
        () => live && setVersions(null),
      );
    return () => {
      live = false;
    };
  }, [projectId, refresh, read]);
  if (!versions) return null;
  async function keep(name: string) {
    setBusy(true);
    setError(null);
    try {
      await dataApi().resolveProjectName(projectId, name);
      setRead((n) => n + 1);
      onResolved();
    } catch (e) {
      setError(`Earnest could not keep “${name}”: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  }
  return <NameConflictView versions={versions} canChoose={canChoose} busy={busy} error={error} onKeep={(n) => void keep(n)} />;
}
