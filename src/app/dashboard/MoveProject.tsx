/**
 * "Move to…" on the dashboard header (issue 13): moves the project to another of the user's spaces
 * where they can write (the personal space, or a team where they are an editor, admin or owner),
 * after a confirmation that says what changes for whom. The data worker does the move
 * (DataApi.moveProject): it needs a connection, and its refusals (a viewer, offline, the team's
 * projects limit) come back as messages shown in the dialog.
 */
import { useState } from 'react';
import * as Comlink from 'comlink';
import { dataApi } from '../../client/data';
import { useSyncStatus } from '../../client/syncStatus';
import { canWrite, PERSONAL_SPACE, ROLE_NAMES } from '../../core/sync/labels';
import type { MoveProgress, ProjectSummaryRow, SyncSnapshot } from '../../local/contracts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';

export interface MoveTarget {
  teamId: string;
  /** The space as the pages name it (the personal space: PERSONAL_SPACE). */
  label: string;
  /** The user's role there, for the option's text. */
  role: string;
}

/** A space's name as the pages show it. */
export const spaceName = (t: { isHome: boolean; teamName: string }): string => (t.isHome ? PERSONAL_SPACE : t.teamName);

/** The spaces the project can move to: every other space where the user writes, personal first. */
export function moveTargets(teams: SyncSnapshot['teams'] | undefined, fromTeamId: string | undefined): MoveTarget[] {
  return (teams ?? [])
    .filter((t) => t.teamId !== fromTeamId && canWrite(t.role))
    .map((t) => ({ teamId: t.teamId, label: spaceName(t), role: ROLE_NAMES[t.role], isHome: t.isHome }))
    .sort((a, b) => (a.isHome !== b.isHome ? (a.isHome ? -1 : 1) : a.label.localeCompare(b.label)))
    .map(({ teamId, label, role }) => ({ teamId, label, role }));
}

/** What the confirmation says; the personal space is the user's own, so it has no "members" to speak of. */
export function moveMessage(project: string, from: string, to: string): string {
  const carried = 'Its comments and variance narratives move with it.';
  if (from === PERSONAL_SPACE) return `${project} moves from your personal space to ${to}. Members of ${to} will see it. ${carried}`;
  if (to === PERSONAL_SPACE) return `${project} moves from ${from} to your personal space. Members of ${from} will no longer see it. ${carried}`;
  return `${project} moves from ${from} to ${to}. Members of ${to} will see it; members of ${from} will no longer. ${carried}`;
}

export interface MoveProjectViewProps {
  projectName: string;
  from: string;
  targets: readonly MoveTarget[];
  /** The space chosen (the dialog is open), or null. */
  chosen: MoveTarget | null;
  busy: boolean;
  progress: string | null;
  error: string | null;
  onChoose(target: MoveTarget): void;
  onConfirm(): void;
  onCancel(): void;
}

export function MoveProjectView({ projectName, from, targets, chosen, busy, progress, error, onChoose, onConfirm, onCancel }: MoveProjectViewProps) {
  if (targets.length === 0) return null;
  return (
    <>
      <label className="move-project">
        <span className="sr-only">Move this project to another space</span>
        <select
          className="input"
          value=""
          disabled={busy}
          onChange={(e) => {
            const target = targets.find((t) => t.teamId === e.target.value);
            if (target) onChoose(target);
          }}
        >
          <option value="">Move to…</option>
          {targets.map((t) => (
            <option key={t.teamId} value={t.teamId}>
              {t.label} ({t.role})
            </option>
          ))}
        </select>
      </label>
      <ConfirmDialog
        open={chosen !== null}
        title={chosen ? `Move to ${chosen.label}?` : 'Move the project?'}
        message={chosen ? moveMessage(projectName, from, chosen.label) : ''}
        confirmLabel={chosen ? `Move to ${chosen.label}` : 'Move'}
        confirmClassName="btn-primary"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        {progress ? (
          <p role="status" className="muted">
            {progress}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The control wired to the data worker and the sync status; hidden for a viewer and with one writable space. */
export function MoveProject({ projectId, project, onMoved }: { projectId: string; project: ProjectSummaryRow | null; onMoved(): void }) {
  const teams = useSyncStatus((s) => s.snapshot?.teams);
  const [chosen, setChosen] = useState<MoveTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!project || !canWrite(project.role) || !project.teamId) return null;
  const fromTeam = teams?.find((t) => t.teamId === project.teamId);
  const from = fromTeam ? spaceName(fromTeam) : (project.teamName ?? PERSONAL_SPACE);
  const targets = moveTargets(teams, project.teamId);
  async function move(target: MoveTarget) {
    setBusy(true);
    setError(null);
    try {
      const moved = await dataApi().moveProject(projectId, target.teamId, Comlink.proxy((p: MoveProgress) => setProgress(p.message)));
      setChosen(null);
      toast({ title: 'Project moved', description: `${project?.name ?? 'The project'} is now in ${moved.teamName}.` });
      onMoved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }
  return (
    <MoveProjectView
      projectName={project.name}
      from={from}
      targets={targets}
      chosen={chosen}
      busy={busy}
      progress={progress}
      error={error}
      onChoose={(t) => {
        setError(null);
        setChosen(t);
      }}
      onConfirm={() => chosen && void move(chosen)}
      onCancel={() => {
        setChosen(null);
        setError(null);
      }}
    />
  );
}
