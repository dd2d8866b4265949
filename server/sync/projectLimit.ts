/**
 * The team's projects limit, enforced where projects are created: a write that would add a live
 * `project:<id>` document to a team that already holds as many as its owner's plan allows.
 * Everything else (chunk docs, imports, updates and deletions of existing projects) passes.
 *
 * A project is recognised by its type as well as its id: any document with `type: "project"` or an
 * id in the `project:` namespace must be named `project:<projectId>` with the client's id rule
 * (src/local/store/ids.ts: 1-64 letters, digits, `-`, `_`), else the write is refused with 400.
 * Otherwise `project:q1:x` or `project:` would be projects the limit never counted.
 */
import type { RouterDeps } from '../routerDeps';
import { teamDbName } from '../store';
import { getTeam } from '../teams/membership';
import { projectLimitMessage, teamLimits } from '../teams/limits';
import { GatewayError, badRequest } from './errors';

const PROJECT_PREFIX = 'project:';
const PROJECT_ID = /^project:[A-Za-z0-9_-]{1,64}$/;

/** True for a well-formed project document id (`project:<projectId>`). */
export function isProjectDocId(id: unknown): id is string {
  return typeof id === 'string' && PROJECT_ID.test(id);
}

/**
 * The ids of project documents these writes would leave live (deletions excluded). Throws 400 for
 * a live document that is a project by id prefix or by type but is not named `project:<projectId>`.
 */
export function liveProjectWrites(docs: readonly unknown[]): string[] {
  const ids = new Set<string>();
  for (const doc of docs) {
    if (!doc || typeof doc !== 'object') continue;
    const d = doc as { _id?: unknown; _deleted?: unknown; type?: unknown };
    if (d._deleted === true) continue; // deleting a malformed leftover is always allowed
    const looksLikeProject = d.type === 'project' || (typeof d._id === 'string' && d._id.startsWith(PROJECT_PREFIX));
    if (!looksLikeProject) continue;
    if (!isProjectDocId(d._id)) {
      throw badRequest(
        `${typeof d._id === 'string' ? JSON.stringify(d._id) : 'A document without an _id'} is not a valid project document id: project documents (type "project", or ids starting "project:") are named project:<projectId>, where the project id is 1-64 letters, digits, "-" or "_".`,
      );
    }
    ids.add(d._id);
  }
  return [...ids];
}

/**
 * Throws 403 with {@link projectLimitMessage} when writing these project ids would take the team
 * over its limit. Ids that exist live already are updates and always pass.
 */
export async function checkProjectLimit(deps: RouterDeps, teamId: string, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  const db = deps.store.db(teamDbName(teamId));
  const existing = await db.allDocs({ keys: [...projectIds] });
  const created = existing.rows.filter((row) => 'error' in row || (row as { value?: { deleted?: boolean } }).value?.deleted === true);
  if (created.length === 0) return;

  const team = await getTeam(deps.store, teamId);
  if (!team) {
    throw new GatewayError(403, 'forbidden', 'This team has no owner on record, so it cannot create projects. Contact support.');
  }
  const limits = await teamLimits(deps.store, team.owner_id, deps.now(), deps.catalogue);
  // Every live document in the project namespace counts, well-formed or left from before ids were
  // checked: none can be created there any more except well-formed projects.
  const live = await db.allDocs({ startkey: PROJECT_PREFIX, endkey: `${PROJECT_PREFIX}\ufff0` });
  const count = live.rows.length;
  if (count + created.length > limits.projects) {
    throw new GatewayError(403, 'forbidden', projectLimitMessage(limits));
  }
}

/** Runs `fn` after every earlier call for the same team has settled. */
export type TeamQueue = <T>(teamId: string, fn: () => Promise<T>) => Promise<T>;

/**
 * Runs project-creating writes of one team one at a time, so two requests cannot both pass the
 * check for the last free slot. One queue per gateway (createSyncGateway), like its concurrency
 * limits: a queue kept in this module was shared by every app in the process, so a write an app
 * never finished (its store closed under it) held every later app's project writes for that team
 * for ever, unanswered (seen when tests restart the server in-process).
 */
export function createTeamQueue(): TeamQueue {
  const queues = new Map<string, Promise<unknown>>();
  return async <T>(teamId: string, fn: () => Promise<T>): Promise<T> => {
    const previous = queues.get(teamId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    queues.set(teamId, tail);
    try {
      return await run;
    } finally {
      if (queues.get(teamId) === tail) queues.delete(teamId);
    }
  };
}
