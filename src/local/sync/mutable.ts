/**
 * Mutable documents that never lose an edit: project name, settings and thresholds, comments and
 * variance narratives (issue 13). Everything else the store writes is immutable (import chunks,
 * headers and period tables get fresh random ids, store/ids.ts `newId`, and are written once and
 * only ever deleted), so it cannot conflict.
 *
 * Each mutable field keeps, beside its plain value (so every existing reader works unchanged), the
 * versions that are current for it in `versions[field]`: normally one, two or more after
 * concurrent edits. A version carries a version vector (device id → that device's latest edit
 * of this field known to the writer, as a count that only grows). This is a multi-value register:
 *
 * - an edit replaces every version its device can see: its vector is their join plus one for the
 *   device, so it dominates them;
 * - merging two copies keeps every version that no other version dominates. Edits to different
 *   fields both survive; two edits of the same field made without seeing each other are both kept,
 *   and the field is in conflict until somebody chooses (`resolveConflict`, itself an edit that
 *   sees both);
 * - the value shown is the first version in a fixed order (latest edit time, then device id, then
 *   value), so every device shows the same winner whatever order the copies met in.
 *
 * Merging is a join (commutative, associative, idempotent), and the merged document is written
 * in canonical form (sorted keys) on top of PouchDB's own winning revision, with the other leaves
 * deleted. PouchDB derives revision ids from the content (`deterministic_revs`, on by default), so
 * two devices that merge the same leaves write the very same revisions and create no new
 * conflict; devices that saw different leaves write different ones, which the next sweep merges.
 *
 * A document written by code that knows nothing of `versions` (the store before it is wired to
 * `writeFields`, or an older build) is read as an edit on top of what its `versions` recorded, so
 * such writes are not lost either; documents without `versions` count as one version per field.
 *
 * Deletion removes every live leaf. An edit made elsewhere without seeing the deletion keeps the
 * document alive (PouchDB prefers a live leaf to a deleted one): an edit is never silently lost.
 */
import { hasStatus, type Db } from './db';
import { writeTombstones } from './tombstones';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type VersionVector = Record<string, number>;

export interface FieldVersion {
  /** The value; null when the field was cleared. */
  v: Json;
  vv: VersionVector;
  /** When the edit was made, on its device's clock (ISO instant). */
  at: string;
  /** The device database that made it (`deviceIdOf`), or `~` for a write that kept no versions. */
  by: string;
  /** Who made it (account id or name), for the conflict view. */
  who?: string;
}

export interface MutableSpec {
  /** The fields that merge one by one, or 'all' for every field but `fixed` (settings). */
  fields: readonly string[] | 'all';
  /** Set when the document is created and never changed (identity, creation time, author). */
  fixed: readonly string[];
}

export type MutableTypes = Readonly<Record<string, MutableSpec>>;

/**
 * The mutable document types, by `type` (which is also their id prefix, `<type>:…`). Comment and
 * variance-narrative documents belong to the collaboration features; their ids and fields are
 * claimed here so they merge the same way from the first day.
 */
export const MUTABLE_TYPES: MutableTypes = {
  project: { fields: ['name', 'code', 'currency'], fixed: ['projectId', 'createdAt'] },
  settings: { fields: 'all', fixed: ['projectId'] },
  comment: { fields: ['text', 'resolved'], fixed: ['projectId', 'target', 'author', 'createdAt'] },
  var: { fields: ['cause', 'impact', 'correctiveAction', 'owner', 'dueDate', 'status'], fixed: ['projectId', 'controlAccount', 'period', 'createdAt'] },
  // Baselines (issue 14): only the name changes; the source is fixed, so the plan never does.
  baseline: { fields: ['name'], fixed: ['projectId', 'source', 'createdAt', 'createdBy'] },
  // The project's performance measurement baseline: which baseline, one per project.
  pmb: { fields: ['baselineId'], fixed: ['projectId'] },
  // Change control (issue 14, src/local/changes): change requests and the project's starting reserves.
  change: {
    fields: ['title', 'changeType', 'description', 'lines', 'status', 'number', 'requester', 'requestedAt', 'approver', 'decidedAt', 'decisionNote', 'approvedStatusDate'],
    fixed: ['projectId', 'createdAt', 'createdBy'],
  },
  budgetbase: { fields: ['managementReserve', 'undistributedBudget'], fixed: ['projectId'] },
  // Thresholds and alert acknowledgements (issue 14, src/local/thresholds/): one field per metric and per control account.
  thresholds: { fields: 'all', fixed: ['projectId'] },
  ack: { fields: ['ack'], fixed: ['projectId', 'period', 'ruleId', 'nodeKind', 'nodeId', 'createdAt'] },
  // Risk (issue 15, src/local/risk): the project's setup, one input per field so edits to
  // different inputs both survive; snapshots keep their results fixed and only rename.
  risksetup: { fields: ['rules', 'overrides', 'correlations', 'events', 'targets', 'costUncertainty', 'iterations', 'seed'], fixed: ['projectId'] },
  risk: { fields: ['name'], fixed: ['projectId', 'createdAt', 'createdBy', 'seed', 'iterations', 'setup', 'results', 'importId', 'dataDate', 'elapsedMs'] },
};

/** Keys that are never fields: PouchDB's, the type, the versions and the derived edit time. */
const RESERVED = new Set([
  '_id',
  '_rev',
  '_conflicts',
  '_deleted',
  '_deleted_conflicts',
  '_attachments',
  '_revisions',
  '_revs_info',
  '_local_seq',
  'type',
  'versions',
  'updatedAt',
]);
/** The vector key for writes that recorded no versions. */
export const UNVERSIONED = '~';

type Doc = Record<string, unknown> & { _id: string; _rev?: string };

export interface EditContext {
  /** This device database's id (`deviceIdOf(db)`). */
  deviceId: string;
  /** Who is editing, for the conflict view. */
  who?: string;
  /** Default Date.now. */
  now?: () => number;
}

// ---- canonical JSON -------------------------------------------------------------------------

/** A deep copy with object keys sorted, so equal values serialise to the same text. */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => canonical(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = canonical(v);
    }
    return out as T;
  }
  return value;
}

export const canonicalJson = (value: unknown): string => JSON.stringify(canonical(value ?? null));

// ---- version vectors -----------------------------------------------------------------------

export type Order = 'equal' | 'before' | 'after' | 'concurrent';

/** How `a` stands to `b`: before (b has seen all of a and more), after, equal or concurrent. */
export function compareVectors(a: VersionVector, b: VersionVector): Order {
  let less = false;
  let greater = false;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[k] ?? 0;
    const y = b[k] ?? 0;
    if (x < y) less = true;
    else if (x > y) greater = true;
  }
  if (less && greater) return 'concurrent';
  return less ? 'before' : greater ? 'after' : 'equal';
}

export function joinVectors(vectors: readonly VersionVector[]): VersionVector {
  const out: VersionVector = {};
  for (const vv of vectors) for (const [k, n] of Object.entries(vv)) out[k] = Math.max(out[k] ?? 0, n);
  return out;
}

/** The order versions are shown in: latest edit first, then device id, value, author and vector (all descending). */
function compareVersions(a: FieldVersion, b: FieldVersion): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.by !== b.by) return a.by < b.by ? 1 : -1;
  const av = canonicalJson(a.v);
  const bv = canonicalJson(b.v);
  if (av !== bv) return av < bv ? 1 : -1;
  const aw = a.who ?? '';
  const bw = b.who ?? '';
  if (aw !== bw) return aw < bw ? 1 : -1;
  // Last, the vectors: a total order, so the result never depends on the order of the input.
  const avv = canonicalJson(a.vv);
  const bvv = canonicalJson(b.vv);
  return avv === bvv ? 0 : avv < bvv ? 1 : -1;
}

/**
 * The versions of one field after a merge: duplicates (same vector, same value) once, dominated
 * versions dropped, the rest in display order (the winner first).
 */
export function mergeVersions(all: readonly FieldVersion[]): FieldVersion[] {
  const unique = new Map<string, FieldVersion>();
  for (const raw of all) {
    const v = canonical(raw);
    const key = canonicalJson({ v: v.v, vv: v.vv });
    const seen = unique.get(key);
    if (!seen || compareVersions(v, seen) < 0) unique.set(key, v);
  }
  const list = [...unique.values()];
  return list.filter((x) => !list.some((y) => compareVectors(x.vv, y.vv) === 'before')).sort(compareVersions);
}

// ---- documents -----------------------------------------------------------------------------

export function specOf(doc: Readonly<Record<string, unknown>>, types: MutableTypes = MUTABLE_TYPES): MutableSpec | null {
  return typeof doc.type === 'string' && Object.hasOwn(types, doc.type) ? types[doc.type] : null;
}

/** The type prefix of an id (`project:abc` → `project`) when it names a mutable type. */
export function mutableTypeOfId(id: string, types: MutableTypes = MUTABLE_TYPES): string | null {
  const i = id.indexOf(':');
  if (i <= 0) return null;
  const type = id.slice(0, i);
  return Object.hasOwn(types, type) ? type : null;
}

function trackedFields(doc: Doc, spec: MutableSpec): string[] {
  if (spec.fields !== 'all') return [...spec.fields];
  const keys = new Set<string>();
  const recorded = doc.versions && typeof doc.versions === 'object' ? Object.keys(doc.versions) : [];
  for (const k of [...Object.keys(doc), ...recorded]) if (!RESERVED.has(k) && !spec.fixed.includes(k)) keys.add(k);
  return [...keys];
}

function isTracked(field: string, spec: MutableSpec): boolean {
  if (RESERVED.has(field) || field.startsWith('_')) return false;
  return spec.fields === 'all' ? !spec.fixed.includes(field) : spec.fields.includes(field);
}

function isVersion(x: unknown): x is FieldVersion {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  return 'v' in o && !!o.vv && typeof o.vv === 'object' && typeof o.at === 'string' && typeof o.by === 'string';
}

/** The versions one leaf holds, field by field (see the file comment for unversioned writes). */
export function fieldsOfLeaf(doc: Doc, spec: MutableSpec): Record<string, FieldVersion[]> {
  const out: Record<string, FieldVersion[]> = {};
  const versions = (doc.versions && typeof doc.versions === 'object' ? doc.versions : {}) as Record<string, unknown>;
  const editedAt = typeof doc.updatedAt === 'string' ? doc.updatedAt : typeof doc.createdAt === 'string' ? doc.createdAt : '';
  for (const field of trackedFields(doc, spec)) {
    const top = (doc[field] === undefined ? null : doc[field]) as Json;
    const recorded = Array.isArray(versions[field]) ? (versions[field] as unknown[]).filter(isVersion) : [];
    if (recorded.length === 0) {
      if (doc[field] !== undefined) out[field] = [{ v: top, vv: {}, at: editedAt, by: UNVERSIONED }];
      continue;
    }
    if (canonicalJson(recorded[0].v) === canonicalJson(top)) {
      out[field] = recorded;
      continue;
    }
    // Changed by a writer that did not record versions: an edit on top of all it had.
    const vv = joinVectors(recorded.map((r) => r.vv));
    vv[UNVERSIONED] = (vv[UNVERSIONED] ?? 0) + 1;
    out[field] = [{ v: top, vv, at: editedAt || recorded[0].at, by: UNVERSIONED }];
  }
  return out;
}

/** Every field of several leaves, merged. */
export function mergeLeaves(leaves: readonly Doc[], spec: MutableSpec): Record<string, FieldVersion[]> {
  const all: Record<string, FieldVersion[]> = {};
  for (const leaf of leaves) {
    for (const [field, versions] of Object.entries(fieldsOfLeaf(leaf, spec))) (all[field] ??= []).push(...versions);
  }
  const out: Record<string, FieldVersion[]> = {};
  for (const [field, versions] of Object.entries(all)) out[field] = mergeVersions(versions);
  return out;
}

/**
 * The document for merged fields, in canonical form, on top of `base` (PouchDB's winning leaf,
 * whose other keys it keeps: identity, creation time, fields of newer builds).
 */
export function buildDoc(base: Doc, fields: Record<string, FieldVersion[]>, spec: MutableSpec): Doc {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(base)) if (!RESERVED.has(k) && !isTracked(k, spec) && v !== undefined) body[k] = v;
  body.type = base.type;
  const versions: Record<string, FieldVersion[]> = {};
  let latest = typeof base.updatedAt === 'string' ? base.updatedAt : '';
  for (const [field, list] of Object.entries(fields)) {
    if (list.length === 0) continue;
    versions[field] = list;
    if (list[0].v !== null) body[field] = list[0].v;
    for (const v of list) if (v.at > latest) latest = v.at;
  }
  if (latest) body.updatedAt = latest;
  body.versions = versions;
  const doc: Doc = { _id: base._id };
  if (base._rev) doc._rev = base._rev;
  return Object.assign(doc, canonical(body));
}

const withoutMeta = (doc: Doc) => {
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (k !== '_rev' && k !== '_conflicts' && k !== '_revisions') rest[k] = v;
  return rest;
};

/** The live leaves of a document, PouchDB's winner first; [] when it does not exist or is deleted. */
export async function readLeaves(db: Db, id: string): Promise<Doc[]> {
  let winner: Doc;
  try {
    winner = (await db.get(id, { conflicts: true })) as unknown as Doc;
  } catch (e) {
    if (hasStatus(e, 404)) return [];
    throw e;
  }
  const conflicts = Array.isArray(winner._conflicts) ? (winner._conflicts as string[]) : [];
  const { _conflicts: _ignored, ...first } = winner;
  if (conflicts.length === 0) return [first as Doc];
  const others = (await db.get(id, { open_revs: conflicts })) as unknown as { ok?: Doc }[];
  return [first as Doc, ...others.flatMap((r) => (r.ok && !r.ok._deleted ? [r.ok] : []))];
}

// ---- edits ---------------------------------------------------------------------------------

export class MutableDocError extends Error {
  override name = 'MutableDocError';
}

export interface CreateSpec {
  type: string;
  /** The fixed fields (identity, creation time, author). */
  fixed?: Record<string, Json>;
}

const MAX_ATTEMPTS = 8;

/** What an editor saw of each field: the versions' vectors (from `readMutable`, via `seenOf`). */
export type SeenVersions = Record<string, readonly VersionVector[]>;

/** The vectors of every version of every field in a `readMutable` answer: pass it back as `seen`. */
export function seenOf(read: { doc: Record<string, unknown> } | null): SeenVersions {
  const out: SeenVersions = {};
  const versions = (read?.doc.versions ?? {}) as Record<string, FieldVersion[]>;
  for (const [field, list] of Object.entries(versions)) out[field] = list.map((v) => v.vv);
  return out;
}

export interface WriteResult {
  rev: string;
  /** The version each change became. */
  versions: Record<string, FieldVersion>;
}

/**
 * Sets fields of a mutable document (creating it with `create` when it does not exist or was
 * deleted). A change supersedes the versions of its field that the editor saw: `seen[field]`
 * when given (what the screen showed when the user started typing), else every version this
 * device holds, both sides of a conflict included. A version that arrived after the editor looked
 * stays beside the new one, as a conflict, rather than being overwritten unseen. The document's
 * other leaves are merged in and deleted. Retries when the document changed meanwhile (a
 * replication wrote to it).
 */
export async function writeFields(
  db: Db,
  id: string,
  changes: Record<string, Json | undefined>,
  ctx: EditContext & { create?: CreateSpec; types?: MutableTypes; seen?: SeenVersions },
): Promise<WriteResult> {
  const types = ctx.types ?? MUTABLE_TYPES;
  const at = new Date((ctx.now ?? Date.now)()).toISOString();
  for (let attempt = 0; ; attempt++) {
    const leaves = await readLeaves(db, id);
    let base: Doc;
    if (leaves.length > 0) base = leaves[0];
    else if (ctx.create) base = { _id: id, type: ctx.create.type, ...(ctx.create.fixed ?? {}) };
    else throw new MutableDocError(`The document ${id} is not on this device (it may have been deleted).`);
    const spec = specOf(base, types);
    if (!spec) throw new MutableDocError(`The document ${id} (type ${String(base.type)}) is not a mutable document.`);
    const fields = mergeLeaves(leaves.length > 0 ? leaves : [base], spec);
    const written: Record<string, FieldVersion> = {};
    for (const [field, value] of Object.entries(changes)) {
      if (!isTracked(field, spec)) throw new MutableDocError(`"${field}" is not an editable field of a ${String(base.type)} document.`);
      const current = fields[field] ?? [];
      const seen = ctx.seen?.[field] ?? current.map((v) => v.vv);
      const vv = joinVectors(seen);
      // This device's count must exceed every count it ever used for this field, or two of its
      // edits could share a vector. Its versions in the document may not show them all (a deleted
      // branch revived by a teammate's edit carries older ones), so the count also follows the
      // clock (milliseconds): above anything this device wrote before, whatever the document shows.
      const own = Math.max(vv[ctx.deviceId] ?? 0, ...current.map((v) => v.vv[ctx.deviceId] ?? 0));
      vv[ctx.deviceId] = Math.max(own + 1, (ctx.now ?? Date.now)());
      const version = canonical({ v: (value === undefined ? null : value) as Json, vv, at, by: ctx.deviceId, ...(ctx.who ? { who: ctx.who } : {}) });
      written[field] = version;
      fields[field] = mergeVersions([...current, version]);
    }
    const doc = buildDoc(base, fields, spec);
    try {
      const res = await db.put(doc);
      await deleteLeaves(db, id, leaves.slice(1));
      return { rev: res.rev, versions: written };
    } catch (e) {
      if (!hasStatus(e, 409) || attempt + 1 >= MAX_ATTEMPTS) throw e;
    }
  }
}

/**
 * Tombstones for these leaves; a leaf already replaced meanwhile (409) needs none, and gets none
 * (one leaf per write, tombstones.ts: in one write, a refused tombstone would be stored anyway).
 */
async function deleteLeaves(db: Db, id: string, leaves: readonly Doc[]): Promise<number> {
  if (leaves.length === 0) return 0;
  let n = 0;
  for (const r of await writeTombstones(db, leaves.map((l) => ({ id, rev: l._rev as string })))) {
    if (r.ok) n++;
    else if (r.status !== 409) throw r.error;
  }
  return n;
}

/**
 * Deletes a mutable document: every live leaf, so no conflict side comes back. With `seen` (what
 * the user saw when they chose to delete), a document that has since received a version they did
 * not see is kept, and `deleted` is false: the user looks again. Returns the leaves deleted.
 */
export async function deleteMutable(db: Db, id: string, opts: { seen?: SeenVersions; types?: MutableTypes } = {}): Promise<{ deleted: boolean; leaves: number }> {
  const leaves = await readLeaves(db, id);
  if (leaves.length === 0) return { deleted: false, leaves: 0 };
  if (opts.seen) {
    const spec = specOf(leaves[0], opts.types ?? MUTABLE_TYPES);
    if (spec) {
      for (const [field, versions] of Object.entries(mergeLeaves(leaves, spec))) {
        const seen = opts.seen[field] ?? [];
        const unseen = versions.some((v) => !seen.some((s) => ['equal', 'before'].includes(compareVectors(v.vv, s))));
        if (unseen) return { deleted: false, leaves: 0 };
      }
    }
  }
  return { deleted: true, leaves: await deleteLeaves(db, id, leaves) };
}

// ---- conflicts -----------------------------------------------------------------------------

export interface FieldConflict {
  id: string;
  type: string;
  projectId?: string;
  field: string;
  /** Every version kept, the one shown first. */
  versions: FieldVersion[];
}

/** A mutable document as every device will show it once merged, and its fields in conflict. */
export async function readMutable(db: Db, id: string, types: MutableTypes = MUTABLE_TYPES): Promise<{ doc: Doc; conflicts: FieldConflict[] } | null> {
  const leaves = await readLeaves(db, id);
  if (leaves.length === 0) return null;
  const spec = specOf(leaves[0], types);
  if (!spec) return null;
  const fields = mergeLeaves(leaves, spec);
  return { doc: buildDoc(leaves[0], fields, spec), conflicts: conflictsOf(leaves[0], fields) };
}

function conflictsOf(base: Doc, fields: Record<string, FieldVersion[]>): FieldConflict[] {
  const out: FieldConflict[] = [];
  for (const field of Object.keys(fields).sort()) {
    const versions = fields[field];
    if (versions.length < 2) continue;
    out.push({
      id: base._id,
      type: String(base.type),
      ...(typeof base.projectId === 'string' ? { projectId: base.projectId } : {}),
      field,
      versions,
    });
  }
  return out;
}

async function* mutableDocs(db: Db, types: MutableTypes): AsyncGenerator<Doc> {
  for (const type of Object.keys(types).sort()) {
    let startkey = `${type}:`;
    let skip = 0;
    for (;;) {
      const res = await db.allDocs({ startkey, endkey: `${type}:\ufff0`, include_docs: true, conflicts: true, limit: 200, skip });
      for (const row of res.rows) if (row.doc) yield row.doc as unknown as Doc;
      if (res.rows.length < 200) break;
      startkey = res.rows[res.rows.length - 1].id;
      skip = 1;
    }
  }
}

/** Every field of every mutable document that holds more than one version (both kept). */
export async function listConflicts(db: Db, types: MutableTypes = MUTABLE_TYPES): Promise<FieldConflict[]> {
  const out: FieldConflict[] = [];
  for await (const doc of mutableDocs(db, types)) {
    const spec = specOf(doc, types);
    if (!spec) continue;
    const leaves = Array.isArray(doc._conflicts) && doc._conflicts.length > 0 ? await readLeaves(db, doc._id) : [doc];
    if (leaves.length === 0) continue;
    out.push(...conflictsOf(leaves[0], mergeLeaves(leaves, spec)));
  }
  return out;
}

/**
 * Ends a field's conflict with the value the user chose (one of the versions, or a new text
 * combining them): an edit that has seen every version, so it replaces them all, everywhere.
 */
export function resolveConflict(db: Db, id: string, field: string, value: Json, ctx: EditContext & { types?: MutableTypes; seen?: SeenVersions }): Promise<WriteResult> {
  return writeFields(db, id, { [field]: value }, ctx);
}

export interface SweepResult {
  /** Documents whose leaves were merged into one. */
  merged: number;
  /** Ids merged. */
  ids: string[];
  /** Ids that changed while being merged (409): sweep them again. */
  skipped: string[];
}

/**
 * Merges the PouchDB conflicts of mutable documents (all of them, or the given ids) into one
 * leaf each. Depends on nothing but the leaves, so every device writes the same revisions.
 * A document that changed meanwhile is left for the next sweep.
 */
export async function sweepConflicts(db: Db, opts: { ids?: readonly string[]; types?: MutableTypes } = {}): Promise<SweepResult> {
  const types = opts.types ?? MUTABLE_TYPES;
  const ids: string[] = [];
  if (opts.ids) {
    for (const id of new Set(opts.ids)) if (mutableTypeOfId(id, types)) ids.push(id);
  } else {
    for await (const doc of mutableDocs(db, types)) if (Array.isArray(doc._conflicts) && doc._conflicts.length > 0) ids.push(doc._id);
  }
  const result: SweepResult = { merged: 0, ids: [], skipped: [] };
  for (const id of ids) {
    const leaves = await readLeaves(db, id);
    if (leaves.length < 2) continue;
    const spec = specOf(leaves[0], types);
    if (!spec) continue;
    const doc = buildDoc(leaves[0], mergeLeaves(leaves, spec), spec);
    try {
      if (canonicalJson(withoutMeta(doc)) !== canonicalJson(withoutMeta(leaves[0]))) await db.put(doc);
      await deleteLeaves(db, id, leaves.slice(1));
    } catch (e) {
      if (hasStatus(e, 409)) {
        result.skipped.push(id);
        continue;
      }
      throw e;
    }
    result.merged++;
    result.ids.push(id);
  }
  return result;
}

// ---- device identity -----------------------------------------------------------------------

const DEVICE_ID = '_local/earnest-device';

/**
 * This device database's id for version vectors: random, made once, kept in a `_local` document
 * (never replicated, so a copy of the database elsewhere never shares it).
 */
export async function deviceIdOf(db: Db): Promise<string> {
  try {
    return (await db.get<{ id: string }>(DEVICE_ID)).id;
  } catch (e) {
    if (!hasStatus(e, 404)) throw e;
  }
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  let id = 'd';
  for (const b of bytes) id += (b % 36).toString(36);
  try {
    await db.put({ _id: DEVICE_ID, id });
    return id;
  } catch (e) {
    if (!hasStatus(e, 409)) throw e;
    return (await db.get<{ id: string }>(DEVICE_ID)).id;
  }
}
