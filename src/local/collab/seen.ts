/**
 * "What changed since I last looked" (issue 13): per project, the status imports and the comments
 * by others that arrived since this user last opened its dashboard on this device.
 *
 * The marker is a `_local/` document in the project's database: never replicated, so it is this
 * device's, and keyed by account so two people sharing a laptop each have their own. It records
 * the ids seen rather than a time: a teammate's import made offline last week and synced today is
 * new to me today, whatever its own clock said. A project never opened here has no marker and
 * shows no changes (everything in it would be "new").
 */
import type { LocalDateTime } from '../../core/model/dates';
import type { ProjectChanges, ProjectSummaryRow } from '../contracts';
import type { ImportHeaderDoc } from '../store/docs';
import { hashText } from '../store/ids';
import { hasStatus, type Db } from '../sync/db';

interface SeenMarker {
  _id: string;
  _rev?: string;
  /** Import and period-table documents seen. */
  imports: string[];
  /** Comment documents by others seen. */
  comments: string[];
  at: string;
}

export const seenMarkerId = (userId: string, projectId: string): string => `_local/earnest-seen-${hashText(userId)}-${projectId}`;

const idsIn = async (db: Db, prefix: string): Promise<string[]> => (await db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` })).rows.map((r) => r.id);

/** The comments of a project by anyone but `userId` (ids). */
async function othersComments(db: Db, projectId: string, userId: string): Promise<{ id: string }[]> {
  const prefix = `comment:${projectId}:`;
  const res = await db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
  return res.rows.flatMap((r) => {
    const author = (r.doc as { author?: { id?: unknown } } | undefined)?.author;
    return author && author.id !== userId ? [{ id: r.id }] : [];
  });
}

const importIds = async (db: Db, projectId: string): Promise<string[]> => [...(await idsIn(db, `import:${projectId}:`)), ...(await idsIn(db, `periods:${projectId}:`))];

async function readMarker(db: Db, id: string): Promise<SeenMarker | null> {
  try {
    return await db.get<Omit<SeenMarker, '_id' | '_rev'>>(id);
  } catch (e) {
    if (hasStatus(e, 404)) return null;
    throw e;
  }
}

/** Records what the project holds now as seen by `userId` on this device. */
export async function markSeen(db: Db, userId: string, projectId: string, now: () => number = Date.now): Promise<void> {
  const id = seenMarkerId(userId, projectId);
  const imports = await importIds(db, projectId);
  const comments = (await othersComments(db, projectId, userId)).map((c) => c.id);
  for (let attempt = 0; ; attempt++) {
    const old = await readMarker(db, id);
    try {
      await db.put<Omit<SeenMarker, '_id' | '_rev'>>({ _id: id, ...(old?._rev ? { _rev: old._rev } : {}), imports, comments, at: new Date(now()).toISOString() });
      return;
    } catch (e) {
      // Another tab marked it meanwhile: write over theirs (both record the same moment).
      if (!hasStatus(e, 409) || attempt >= 3) throw e;
    }
  }
}

/** What is new in the project for `userId` since their marker; null without a marker or when nothing is. */
export async function changesSince(db: Db, userId: string, projectId: string): Promise<ProjectChanges | null> {
  const marker = await readMarker(db, seenMarkerId(userId, projectId));
  if (!marker) return null;
  const seenImports = new Set(marker.imports);
  const seenComments = new Set(marker.comments);
  const fresh = (await importIds(db, projectId)).filter((id) => !seenImports.has(id));
  const newComments = (await othersComments(db, projectId, userId)).filter((c) => !seenComments.has(c.id)).length;
  if (fresh.length === 0 && newComments === 0) return null;
  let latest: LocalDateTime | undefined;
  const by = new Set<string>();
  if (fresh.length > 0) {
    const docs = await db.allDocs({ keys: fresh, include_docs: true });
    for (const r of docs.rows) {
      const doc = 'doc' in r ? (r.doc as unknown as Partial<ImportHeaderDoc> & { table?: { rows?: { end?: string }[] } } | undefined) : undefined;
      if (!doc) continue;
      const date = doc.type === 'import' ? (doc.dataDate ?? doc.statusDate) : doc.table?.rows?.at(-1)?.end;
      if (typeof date === 'string' && (latest === undefined || date > latest)) latest = date;
      const who = doc.importedBy;
      if (who && typeof who.name === 'string' && who.id !== userId) by.add(who.name);
    }
  }
  return { newImports: fresh.length, ...(latest ? { latestDataDate: latest } : {}), ...(by.size ? { importedBy: [...by].sort() } : {}), newComments };
}

/** The rows with their `changes` filled in (rows of projects whose database `dbOf` cannot give are left as they are). */
export async function withChanges(rows: ProjectSummaryRow[], userId: string | null, dbOf: (projectId: string) => Promise<Db>): Promise<ProjectSummaryRow[]> {
  if (!userId) return rows;
  return Promise.all(
    rows.map(async (row) => {
      try {
        const changes = await changesSince(await dbOf(row.id), userId, row.id);
        return changes ? { ...row, changes } : row;
      } catch {
        // The list matters more than the badge.
        return row;
      }
    }),
  );
}
