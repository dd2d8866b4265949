/**
 * The team's projects limit, enforced where projects are created: a write that would add a live
 * `project:<id>` document to a team that already holds as many as its owner's plan allows.
 * Everything else (chunk docs, imports, updates and deletions of existing projects) passes.
 */
import type { RouterDeps } from '../routerDeps';
import { teamDbName } from '../store';
import { getTeam } from '../teams/membership';
import { projectLimitMessage, teamLimits } from '../teams/limits';
import { GatewayError } from './errors';

const PROJECT_ID = /^project:[^:]+$/;

/** True for the id of a project document (`project:<projectId>`, exactly one colon). */
export function isProjectDocId(id: unknown): id is string {
  return typeof id === 'string' && PROJECT_ID.test(id);
}

/** The ids of project documents these writes would leave live (deletions excluded). */
export function liveProjectWrites(docs: readonly unknown[]): string[] {
  const ids = new Set<string>();
  for (const doc of docs) {
    if (!doc || typeof doc !== 'object') continue;
    const d = doc as { _id?: unknown; _deleted?: unknown };
    if (isProjectDocId(d._id) && d._deleted !== true) ids.add(d._id);
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
  const live = await db.allDocs({ startkey: 'project:', endkey: 'project:\ufff0' });
  const count = live.rows.filter((row) => isProjectDocId(row.id)).length;
  if (count + created.length > limits.projects) {
    throw new GatewayError(403, 'forbidden', projectLimitMessage(limits));
  }
}

/**
 * Runs project-creating writes of one team one at a time (in this process), so two requests cannot
 * both pass the check for the last free slot.
 */
const queues = new Map<string, Promise<unknown>>();
export async function serialisedPerTeam<T>(teamId: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(teamId) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(teamId, tail);
  try {
    return await run;
  } finally {
    if (queues.get(teamId) === tail) queues.delete(teamId);
  }
}
