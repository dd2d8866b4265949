/**
 * Moving a project between spaces: from the user's personal space (their home team's database)
 * to a team's, or back, or between two teams. Each space is its own database on the device and on
 * the server, so a move is a copy into the other database followed by deletions (tombstones, which
 * sync) in the first:
 *
 *   1. journal  — `_local/earnest-moves` in the source database records the move (never synced);
 *   2. copy     — the project's documents are replicated into the target with their whole
 *                 revision trees, conflicts included; a document the target holds deleted (the
 *                 project was moved out of it before) is written again on top of its tombstone;
 *   3. verify   — every document is live in the target;
 *   4. gate     — optional `beforeDelete`: e.g. wait until the target team's server has the copy,
 *                 so a refused copy (the team's projects limit) never leaves the project only here.
 *                 The journal says 'gate' until it has passed: a move resumed after a crash there
 *                 runs the gate again (or, with no gate to run, waits) and never deletes first.
 *                 A gate that throws {@link MoveRefused} undoes the move: the copy is deleted from
 *                 the target and the journal entry removed, so the project shows once, where it was;
 *   5. delete   — recorded only once the gate has passed; every live leaf of every document in
 *                 the source is deleted (the deletion syncs to the old space's members);
 *   6. done     — the journal entry is removed.
 *
 * Every step may be repeated, so a move interrupted anywhere (tab closed, crash, quota) is finished
 * by `resumeMoves` with the same result: the project ends in the target, whole, and nowhere else.
 * The document ids do not change (they are random, store/ids.ts), so references stay valid.
 * An edit a teammate makes in the old space while it moves survives there (PouchDB keeps a live
 * leaf over a deleted one): nothing is deleted silently, and the project shows again in the old
 * space with that document.
 */
import { hasStatus, type Db } from './db';
import { projectDocIds } from './projectDocs';
import { writeTombstones, type LeafRef } from './tombstones';

export const MOVES_ID = '_local/earnest-moves';

export interface MoveRecord {
  projectId: string;
  /** The target database's name. */
  to: string;
  /** 'gate': copied and verified, waiting for `beforeDelete`; 'delete': the gate passed (or there is none). */
  stage: 'copy' | 'gate' | 'delete';
  /** The move was started with a gate: the source is never deleted before one has passed. */
  gated?: boolean;
  /** The documents copied (known once the copy is verified). */
  ids?: string[];
  startedAt: string;
}

interface MovesDoc {
  _id: string;
  _rev?: string;
  moves: MoveRecord[];
}

async function readMoves(db: Db): Promise<MovesDoc> {
  try {
    const doc = await db.get<MovesDoc>(MOVES_ID);
    return { ...doc, moves: Array.isArray(doc.moves) ? doc.moves : [] };
  } catch (e) {
    if (hasStatus(e, 404)) return { _id: MOVES_ID, moves: [] };
    throw e;
  }
}

async function updateMoves(db: Db, change: (moves: MoveRecord[]) => MoveRecord[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const doc = await readMoves(db);
    try {
      await db.put({ ...doc, moves: change(doc.moves) });
      return;
    } catch (e) {
      if (!hasStatus(e, 409) || attempt >= 5) throw e;
    }
  }
}

/** The moves of this database that have not finished. */
export async function unfinishedMoves(db: Db): Promise<MoveRecord[]> {
  return (await readMoves(db)).moves;
}

export class MoveError extends Error {
  override name = 'MoveError';
}

/**
 * Thrown by a gate when the target will not take the copy (e.g. the team is at its projects
 * limit): the move is undone rather than left to resume, and this error reaches the caller.
 */
export class MoveRefused extends MoveError {
  override name = 'MoveRefused';
}

/** resumeMoves found a move waiting for its gate and was given none to run: nothing was deleted. */
export class MoveWaiting extends MoveError {
  override name = 'MoveWaiting';
}

export interface MoveOptions {
  /** The target database's name, for the journal (so resumeMoves can open it). */
  targetName: string;
  /** Runs after the copy is verified and before anything is deleted; throwing stops the move there (resumable). */
  beforeDelete?: (ids: readonly string[]) => Promise<void>;
  now?: () => number;
}

export interface MoveReport {
  projectId: string;
  /** Documents now in the target. */
  copied: number;
  /** Documents written again over a tombstone in the target. */
  revived: number;
  /** Leaves deleted in the source. */
  deleted: number;
}

/** Moves a project's documents from `source` to `target` (see the file comment). */
export async function moveProject(source: Db, target: Db, projectId: string, opts: MoveOptions): Promise<MoveReport> {
  const existing = (await readMoves(source)).moves.find((m) => m.projectId === projectId);
  if (existing && existing.to !== opts.targetName) {
    throw new MoveError(`This project is already being moved to another space (${existing.to}); finish that move first.`);
  }
  if (!existing) {
    const startedAt = new Date((opts.now ?? Date.now)()).toISOString();
    const record: MoveRecord = { projectId, to: opts.targetName, stage: 'copy', startedAt, ...(opts.beforeDelete ? { gated: true } : {}) };
    await updateMoves(source, (moves) => [...moves, record]);
  }
  return continueMove(source, target, projectId, opts);
}

async function continueMove(source: Db, target: Db, projectId: string, opts: MoveOptions): Promise<MoveReport> {
  const record = (await readMoves(source)).moves.find((m) => m.projectId === projectId);
  if (!record) throw new MoveError('There is no move of this project to continue.');
  let ids = record.ids;
  let revived = 0;
  // Until the gate has passed the copy is made again (replication sends only what changed): a
  // move resumed later carries what was edited in the source meanwhile.
  if (record.stage !== 'delete' || !ids) {
    ids = await projectDocIds(source, projectId);
    if (ids.length === 0) {
      // Nothing left in the source: either it was all deleted already, or there never was anything.
      ids = [];
    } else {
      const result = await source.replicate.to(target, { doc_ids: ids, batch_size: 50 });
      if (!result.ok || result.doc_write_failures > 0) {
        throw new MoveError(`${result.doc_write_failures} of the project's documents could not be copied. Nothing was deleted; try the move again.`);
      }
      revived = await reviveDeleted(source, target, ids);
      await verifyLive(target, ids);
    }
    const copied = ids;
    await setStage(source, projectId, { stage: 'gate', ids: copied });
  }
  if (record.stage !== 'delete') {
    if (opts.beforeDelete) {
      try {
        await opts.beforeDelete(ids);
      } catch (e) {
        if (e instanceof MoveRefused) await undoCopy(source, target, projectId, ids);
        throw e;
      }
    } else if (record.gated) {
      throw new MoveWaiting('This move waits until the other space’s server has the copy; nothing was deleted. It finishes when sync runs again.');
    }
    await setStage(source, projectId, { stage: 'delete', ids });
  }
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 25) deleted += await deleteAllLeaves(source, ids.slice(i, i + 25));
  await updateMoves(source, (moves) => moves.filter((m) => m.projectId !== projectId));
  return { projectId, copied: ids.length, revived, deleted };
}

function setStage(source: Db, projectId: string, patch: Pick<MoveRecord, 'stage' | 'ids'>): Promise<void> {
  return updateMoves(source, (moves) => moves.map((m) => (m.projectId === projectId ? { ...m, ...patch } : m)));
}

/** A refused move: the copy leaves the target (the source still holds everything) and the journal forgets it. */
async function undoCopy(source: Db, target: Db, projectId: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 25) await deleteAllLeaves(target, ids.slice(i, i + 25));
  await updateMoves(source, (moves) => moves.filter((m) => m.projectId !== projectId));
}

/**
 * Finishes every move recorded in `source` (after a crash or a closed tab). `openTarget` opens a
 * target database by the name the journal holds. A gated move is finished only through a gate:
 * without one it stays journalled (waiting). Every move is tried; the first failure is thrown after.
 */
export async function resumeMoves(source: Db, openTarget: (name: string) => Promise<Db> | Db, opts: Omit<MoveOptions, 'targetName'> = {}): Promise<MoveReport[]> {
  const out: MoveReport[] = [];
  let failed: unknown = null;
  for (const m of await unfinishedMoves(source)) {
    try {
      const target = await openTarget(m.to);
      out.push(await continueMove(source, target, m.projectId, { ...opts, targetName: m.to }));
    } catch (e) {
      // A move still waiting for its gate stays journalled; one that fails does not stop the others.
      if (!(e instanceof MoveWaiting)) failed ??= e;
    }
  }
  if (failed) throw failed instanceof Error ? failed : new MoveError(String(failed));
  return out;
}

/** Documents live in the source but deleted in the target: written again there from the source's winner. */
async function reviveDeleted(source: Db, target: Db, ids: readonly string[]): Promise<number> {
  let revived = 0;
  for (let i = 0; i < ids.length; i += 200) {
    const keys = ids.slice(i, i + 200);
    const there = await target.allDocs({ keys });
    for (const row of there.rows) {
      const deleted = 'value' in row && (row.value as { deleted?: boolean } | undefined)?.deleted === true;
      if (!deleted) continue;
      const doc = (await source.get(row.key)) as unknown as Record<string, unknown>;
      const { _rev: _r, ...body } = doc;
      await target.put(body as PouchDB.Core.PutDocument<object>);
      revived++;
    }
  }
  return revived;
}

async function verifyLive(target: Db, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 200) {
    const res = await target.allDocs({ keys: ids.slice(i, i + 200) });
    const missing = res.rows.filter((r) => 'error' in r || (r as { value?: { deleted?: boolean } }).value?.deleted === true);
    if (missing.length > 0) {
      throw new MoveError(`${missing.length} of the project's documents did not arrive in the other space. Nothing was deleted; try the move again.`);
    }
  }
}

/** Deletes every live leaf of these documents (conflict branches too, so none comes back). */
async function deleteAllLeaves(db: Db, ids: readonly string[]): Promise<number> {
  const leaves: LeafRef[] = [];
  const rows = await db.allDocs({ keys: [...ids], conflicts: true, include_docs: true });
  for (const row of rows.rows) {
    if ('error' in row || !row.doc) continue;
    const doc = row.doc as unknown as { _id: string; _rev: string; _conflicts?: string[] };
    leaves.push({ id: doc._id, rev: doc._rev });
    for (const rev of doc._conflicts ?? []) leaves.push({ id: doc._id, rev });
  }
  if (leaves.length === 0) return 0;
  // A leaf replaced meanwhile (409) keeps its new revision; one leaf of a document per write, so
  // a refused tombstone is not stored after all (tombstones.ts).
  let n = 0;
  for (const r of await writeTombstones(db, leaves)) {
    if (r.ok) n++;
    else if (r.status !== 409) throw new MoveError(`Deleting the moved project from its old space failed: ${String(r.error.message ?? r.error.name)}. Try the move again.`);
  }
  return n;
}
