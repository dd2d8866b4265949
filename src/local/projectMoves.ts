/**
 * Moving a project between the account's spaces (DataApi.moveProject): the personal space and the
 * teams the user writes in. The engine is sync/move.ts (journal → copy → verify → gate → delete);
 * this module picks the two spaces' databases and supplies the gate: the target team's server must
 * hold the copy (sync/controller.ts `sendNow`) before the project leaves the space it was in. So a
 * move needs a connection, and one the target's server refuses (its projects limit) is undone:
 * the project stays, whole and once, where it was.
 */
import { PERSONAL_SPACE } from '../core/sync/labels';
import type { AccountSession, TeamSpace } from './account';
import { viewerMessage } from './account';
import type { MovedProject, MoveProgress, SyncTeam } from './contracts';
import { StoreError } from './store';
import { projectDocId } from './store/ids';
import type { SyncController } from './sync/controller';
import { moveProject, MoveRefused, resumeMoves } from './sync/move';
import { SyncProblemError } from './sync/problems';

export interface ProjectMoves {
  moveProject(projectId: string, toTeamId: string, onProgress?: (p: MoveProgress) => void): Promise<MovedProject>;
  /** Finishes the moves a crash or a closed tab interrupted, in every space (when sync starts). */
  resumeAll(): Promise<void>;
}

const spaceLabel = (team: SyncTeam): string => (team.isHome || team.id === '' ? PERSONAL_SPACE : team.name);

/** "your personal space" in a sentence, a team by its name. */
const inSentence = (team: SyncTeam): string => (team.isHome || team.id === '' ? 'your personal space' : team.name);

export function offlineMoveMessage(from: SyncTeam, to: SyncTeam): string {
  const server = to.isHome ? 'your personal space’s server' : 'the team’s server';
  return `Moving a project needs a connection: ${server} must have the copy before it leaves ${inSentence(from)}.`;
}

/** Why the target's server would not take the copy, in the user's terms (the limit: how to raise it). */
function refusalMessage(err: unknown, from: SyncTeam, to: SyncTeam): string {
  const stays = `Nothing was moved: the project stays in ${inSentence(from)}.`;
  if (err instanceof SyncProblemError) {
    const p = err.problem;
    if (p.code === 'project-limit') return `${spaceLabel(to)} cannot take this project: ${p.detail ?? p.why} ${stays}`;
    if (p.code === 'unreachable') return `${offlineMoveMessage(from, to)} ${stays}`;
    return `${p.why} ${stays} ${p.action}`;
  }
  return `${err instanceof Error ? err.message : String(err)} ${stays}`;
}

export function projectMoves(session: AccountSession, controller: () => SyncController | null): ProjectMoves {
  /** The gate: the target team's server has every document (sent now, then checked). */
  const serverHas = (teamId: string) => async (ids: readonly string[]) => {
    const c = controller();
    if (!c) throw new SyncProblemError({ code: 'unreachable', why: 'Sync has not started on this device.', action: 'Connect to the internet and reload the page.', reaction: 'retry' });
    await c.sendNow(teamId, ids);
  };

  async function spaceByDbName(name: string): Promise<TeamSpace> {
    for (const space of await session.all()) if (space.store.name === name) return space;
    throw new StoreError('invalid', 'A project was being moved to a team you are no longer a member of; it stays where it was.');
  }

  /** After a move (or its undo): both spaces' lists and the project → space map catch up. */
  async function settle(from: TeamSpace, to: TeamSpace, projectId: string): Promise<void> {
    await from.store.refreshDerived().catch(() => undefined);
    await to.store.refreshDerived().catch(() => undefined);
    if (await to.store.pouch.get(projectDocId(projectId)).catch(() => null)) session.noteArrived(to.team.id, [projectDocId(projectId)]);
    session.emit({ kind: 'projects-changed' });
  }

  return {
    moveProject: (projectId, toTeamId, onProgress) =>
      session.run(async () => {
        if (typeof projectId !== 'string' || typeof toTeamId !== 'string') throw new StoreError('invalid', 'Choose a project and the space to move it to.');
        const teams = session.knownTeams();
        if (!teams) throw new StoreError('invalid', 'Your teams are not known on this device yet: connect to the internet and reload.');
        if (!teams.some((t) => t.id === toTeamId)) throw new StoreError('invalid', 'You are not a member of that team (any more), so the project cannot move there. Reload the page to see your teams.');
        const from = await session.spaceOf(projectId);
        const to = await session.space(toTeamId);
        if (from.team.id === to.team.id) throw new StoreError('invalid', `This project is already in ${inSentence(to.team)}.`);
        if (from.team.role === 'viewer') throw new StoreError('role', viewerMessage(from.team.name));
        if (to.team.role === 'viewer') throw new StoreError('role', viewerMessage(to.team.name));
        const c = controller();
        if (!c || !c.getSnapshot().online) throw new StoreError('invalid', offlineMoveMessage(from.team, to.team));
        const say = (p: MoveProgress) => {
          try {
            onProgress?.(p);
          } catch {
            // A page gone away does not stop the move.
          }
        };
        say({ step: 'copying', message: `Copying the project into ${inSentence(to.team)}…` });
        try {
          await moveProject(from.store.pouch, to.store.pouch, projectId, {
            targetName: to.store.name,
            beforeDelete: async (ids) => {
              say({ step: 'sending', message: `Sending ${ids.length} documents to ${spaceLabel(to.team)}’s server…` });
              try {
                await serverHas(to.team.id)(ids);
              } catch (err) {
                // Asked for now, with the user watching: anything short of "the server has it" undoes the copy.
                throw new MoveRefused(refusalMessage(err, from.team, to.team), { cause: err });
              }
              say({ step: 'removing', message: `Removing it from ${inSentence(from.team)}…` });
            },
          });
        } finally {
          await settle(from, to, projectId);
        }
        say({ step: 'done', message: `Moved to ${inSentence(to.team)}.` });
        return { projectId, teamId: to.team.id, teamName: spaceLabel(to.team) };
      }),

    resumeAll: () =>
      session.run(async () => {
        for (const from of await session.all()) {
          if (from.team.role === 'viewer') continue;
          // resumeMoves opens each move's target, then runs the gate for it: one at a time.
          const cur: { to: TeamSpace | null } = { to: null };
          const reports = await resumeMoves(
            from.store.pouch,
            async (name) => {
              cur.to = await spaceByDbName(name);
              return cur.to.store.pouch;
            },
            {
              beforeDelete: async (ids) => {
                const target = cur.to;
                if (!target) throw new StoreError('invalid', 'The space this project was moving to is not known.');
                try {
                  await serverHas(target.team.id)(ids);
                } catch (err) {
                  // Refused for good (the limit, a role, membership): undone; otherwise tried again at the next start.
                  const permanent = err instanceof SyncProblemError && ['project-limit', 'viewer', 'not-member', 'refused'].includes(err.problem.code);
                  if (permanent || target.team.role === 'viewer') throw new MoveRefused(refusalMessage(err, from.team, target.team), { cause: err });
                  throw err;
                }
              },
            },
          ).catch(() => null);
          if (cur.to) await settle(from, cur.to, reports?.[0]?.projectId ?? '');
        }
      }),
  };
}
