/**
 * Baseline documents (issue 14) in the project's team database, so they sync with the team and go
 * with the project when it is moved or deleted (store/localStore.ts, sync/projectDocs.ts):
 *
 * - `baseline:<projectId>:<id>`: a name (mutable: two renames at once are both kept until someone
 *   chooses, sync/mutable.ts) and a fixed source, the import and which plan in it. Imports are
 *   immutable, so the source always gives the same dates and budgets: nothing is copied.
 * - `pmb:<projectId>`: which baseline is the performance measurement baseline (mutable). Absent,
 *   or LATEST_FILE_BASELINE: the baseline fields of the latest import, as before baselines existed.
 */
import { BASELINE_NAME_MAX_CHARS, LATEST_FILE_BASELINE, type BaselineSource } from '../contracts';
import { StoreError } from '../store/errors';
import { isValidId } from '../store/ids';
import type { Db } from '../sync/db';
import { readMutable, type FieldConflict } from '../sync/mutable';

export const baselineDocId = (projectId: string, baselineId: string): string => `baseline:${projectId}:${baselineId}`;
export const pmbDocId = (projectId: string): string => `pmb:${projectId}`;

export interface StoredBaseline {
  id: string;
  name: string;
  source: BaselineSource;
  createdAt: string;
  createdBy?: string;
  conflicts: FieldConflict[];
  doc: Record<string, unknown>;
}

export function checkBaselineName(name: unknown): string {
  const n = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
  if (!n) throw new StoreError('invalid', 'Give the baseline a name, e.g. "Contract baseline" or "Re-plan March".');
  if (n.length > BASELINE_NAME_MAX_CHARS) throw new StoreError('invalid', `This name is ${n.length} characters long; a baseline name holds at most ${BASELINE_NAME_MAX_CHARS}. Shorten it.`);
  return n;
}

export function checkBaselineId(id: unknown): string {
  if (typeof id !== 'string' || (id !== LATEST_FILE_BASELINE && !isValidId(id))) throw new StoreError('invalid', 'Earnest could not tell which baseline you meant. Open the Baselines tab again and choose it from the list.');
  return id;
}

/** A source as stored: only the fields its kind has, checked (a page could send anything). */
export function checkSource(source: unknown): BaselineSource {
  const bad = () => new StoreError('invalid', 'Earnest could not tell what to take this baseline from. Choose a source from the list on the Baselines tab.');
  if (!source || typeof source !== 'object') throw bad();
  const s = source as Record<string, unknown>;
  if (typeof s.importId !== 'string' || !isValidId(s.importId)) throw bad();
  if (s.kind === 'file' || s.kind === 'current') return { kind: s.kind, importId: s.importId };
  if (s.kind === 'stored' && typeof s.baselineId === 'string' && s.baselineId.length > 0 && s.baselineId.length <= 300) return { kind: 'stored', importId: s.importId, baselineId: s.baselineId };
  throw bad();
}

function sourceOf(raw: unknown): BaselineSource | null {
  try {
    return checkSource(raw);
  } catch {
    return null;
  }
}

export async function readBaseline(db: Db, projectId: string, baselineId: string): Promise<StoredBaseline | null> {
  const read = await readMutable(db, baselineDocId(projectId, baselineId));
  return read ? storedOf(read) : null;
}

function storedOf(read: { doc: Record<string, unknown>; conflicts: FieldConflict[] }): StoredBaseline | null {
  const d = read.doc;
  const source = sourceOf(d.source);
  if (d.type !== 'baseline' || !source) return null;
  const id = String(d._id).split(':')[2] ?? '';
  return {
    id,
    name: typeof d.name === 'string' ? d.name : 'Baseline',
    source,
    createdAt: typeof d.createdAt === 'string' ? d.createdAt : '',
    ...(typeof d.createdBy === 'string' ? { createdBy: d.createdBy } : {}),
    conflicts: read.conflicts,
    doc: d,
  };
}

/** Every baseline document of the project, oldest first. */
export async function listStored(db: Db, projectId: string): Promise<StoredBaseline[]> {
  const prefix = `baseline:${projectId}:`;
  const res = await db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` });
  const out: StoredBaseline[] = [];
  for (const row of res.rows) {
    const read = await readMutable(db, row.id);
    const b = read && storedOf(read);
    if (b) out.push(b);
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The chosen PMB (LATEST_FILE_BASELINE when none was chosen) and any conflict between two choices. */
export async function readPmb(db: Db, projectId: string): Promise<{ baselineId: string; conflict: FieldConflict | null; doc: Record<string, unknown> | null }> {
  const read = await readMutable(db, pmbDocId(projectId));
  if (!read) return { baselineId: LATEST_FILE_BASELINE, conflict: null, doc: null };
  const v = read.doc.baselineId;
  const conflict = read.conflicts.find((c) => c.field === 'baselineId' && new Set(c.versions.map((x) => String(x.v))).size > 1) ?? null;
  return { baselineId: typeof v === 'string' && v ? v : LATEST_FILE_BASELINE, conflict, doc: read.doc };
}
