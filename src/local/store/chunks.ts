/**
 * Splitting a Schedule into chunk documents and putting it back together. No database here: the
 * store writes what `buildImportDocs` returns and hands what it reads to `assembleSchedule`.
 *
 * Each collection is cut into runs of at most `perChunk` items, so that each whole document is at
 * most MAX_DOC_BYTES of UTF-8 JSON: no document nears the sync gateway's 1 MiB document limit
 * (server/sync/limits.ts) or stalls replication (OFFLINE_NOTES §3.4.1), and a replication batch of
 * 100 documents (PouchDB's default) fits the gateway's 16 MiB `_bulk_docs` body limit.
 * An item that alone is bigger (a calendar with decades of exceptions, a file's own snapshot of
 * 100,000 activities) is stored as its JSON text cut into pieces, one per document.
 */
import type { LocalDateTime } from '../../core/model/dates';
import { SCHEDULE_FORMAT_VERSION, type Schedule, type SourceInfo, type StatusDateSource } from '../../core/model/schedule';
import { statusDateOf } from '../../core/model/snapshot';
import { StoreError } from './errors';
import { chunkDocId, importDocId } from './ids';
import { STORE_LAYOUT_VERSION, type ChunkDoc, type ImportHeaderDoc } from './docs';
import { CHUNK_KINDS, CHUNK_KIND_LIST, type ChunkKind } from './chunkKinds';

export { CHUNK_KINDS, CHUNK_KIND_LIST, type ChunkKind } from './chunkKinds';

/**
 * Upper bound on the UTF-8 JSON size of one whole chunk document: 128 KiB. Eight of them fit the
 * sync gateway's 1 MiB document limit; 100 of them (a default replication batch) its 16 MiB
 * `_bulk_docs` body. A 1,000-activity run is ~660 KB, so activities now go ~190 to a document.
 */
export const MAX_DOC_BYTES = 128 * 1024;

/**
 * Room kept for the envelope around a chunk's items: `_id`, `type`, `kind`, the ids, `n`, and the
 * `_rev` and `_revisions` replication adds (a few hundred bytes; chunks are written once).
 */
export const ENVELOPE_BYTES = 2048;

/** What a chunk's items (or a piece's JSON text) may take: the document bound less the envelope. */
export const MAX_ITEMS_BYTES = MAX_DOC_BYTES - ENVELOPE_BYTES;

type ArrayKey = Exclude<(typeof CHUNK_KINDS)[ChunkKind]['what'], 'warnings'>;

function itemsOf(schedule: Schedule, kind: ChunkKind): readonly unknown[] | undefined {
  const what = CHUNK_KINDS[kind].what;
  return what === 'warnings' ? schedule.source?.warnings : schedule[what as ArrayKey];
}

// --- sizes -----------------------------------------------------------------------------------

let scratch = new Uint8Array(1 << 16);
const NON_ASCII = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex -- a range, not a stray control character
const encoder = new TextEncoder();

/** UTF-8 length of a string (what CouchDB counts), without keeping the encoded bytes. */
export function utf8Length(s: string): number {
  // Most JSON is ASCII: one byte per code unit, checked cheaply before encoding.
  if (!NON_ASCII.test(s)) return s.length;
  if (scratch.length < s.length * 3) scratch = new Uint8Array(s.length * 3);
  return encoder.encodeInto(s, scratch).written;
}

// --- what can be stored ----------------------------------------------------------------------

const MAX_DEPTH = 64;

/**
 * The first value under `value` that would not survive the trip to another device as JSON, as
 * "path: problem", or null. NaN and Infinity would silently become null; functions, symbols and
 * undefined array slots would vanish; Dates, Maps and class instances lose their meaning.
 */
export function unstorable(value: unknown, path: string, depth = 0): string | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : `${path} is ${String(value)}, not a number that can be stored`;
    case 'undefined':
      return null; // Only reached for object properties, which JSON drops like the model's "omitted".
    case 'object': {
      if (value === null) return null;
      if (depth >= MAX_DEPTH) return `${path} is nested more than ${MAX_DEPTH} levels deep (a cycle?)`;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          if (v === undefined) return `${path}[${i}] is empty (undefined)`;
          const p = unstorable(v, `${path}[${i}]`, depth + 1);
          if (p) return p;
        }
        return null;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        const ctor = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
        return `${path} is a ${ctor}, not plain data`;
      }
      for (const k in value) {
        const p = unstorable((value as Record<string, unknown>)[k], `${path}.${k}`, depth + 1);
        if (p) return p;
      }
      return null;
    }
    default:
      return `${path} is a ${typeof value}, which cannot be stored`;
  }
}

// --- writing ---------------------------------------------------------------------------------

export interface ImportMeta {
  projectId?: string;
  fileName: string;
  format: string;
  fileSize: number;
  /**
   * The status date the user confirmed in the import summary (the proposed default or a date they
   * chose) and where it came from. Saved as the import's data date, so its place in the status
   * history and every later analysis use it; omitted: the schedule's own data date stands.
   */
  statusDate?: { date: LocalDateTime; source: StatusDateSource };
  /** Who is importing (account id and name), recorded on the header. */
  importedBy?: { id: string; name: string };
}

/** What `chunkItems` yields: a run of whole items or one piece of a single big item, with its UTF-8 size. */
export type ChunkBody = ({ items: unknown[] } | { piece: { part: number; parts: number; json: string } }) & { bytes: number };

/**
 * Cuts items into runs of at most `perChunk` items and MAX_ITEMS_BYTES, and single oversized items
 * into pieces of their JSON text. Also checks each item is storable, naming the first bad field,
 * unless `fromJson`: what JSON.parse made holds no NaN, Infinity, undefined, function, cycle or
 * class instance, so walking it again would only cost time (a fifth of a 100k-activity save).
 */
export function chunkItems(items: readonly unknown[], perChunk: number, label: string, maxBytes = MAX_ITEMS_BYTES, fromJson = false): ChunkBody[] {
  const out: ChunkBody[] = [];
  let run: unknown[] = [];
  let runBytes = 2; // the brackets
  const flush = () => {
    if (run.length) out.push({ items: run, bytes: runBytes });
    run = [];
    runBytes = 2;
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const where = `${label}[${i}]`;
    if (item === undefined || item === null || typeof item !== 'object') {
      throw new StoreError('invalid', `${where} is ${item === null ? 'null' : typeof item}, not a record`);
    }
    const bad = fromJson ? null : unstorable(item, where);
    if (bad) throw new StoreError('invalid', bad);
    const json = JSON.stringify(item);
    const bytes = utf8Length(json) + 1; // + the comma
    if (bytes > maxBytes) {
      flush();
      for (const piece of slicePieces(json, maxBytes)) out.push({ piece, bytes: utf8Length(piece.json) });
      continue;
    }
    if (run.length >= perChunk || runBytes + bytes > maxBytes) flush();
    run.push(item);
    runBytes += bytes;
  }
  flush();
  return out;
}

/** Slices JSON text so each slice is under maxBytes of UTF-8, never splitting a surrogate pair. */
function slicePieces(json: string, maxBytes: number): { part: number; parts: number; json: string }[] {
  // Three UTF-8 bytes per UTF-16 code unit at most, so this many code units always fit, also once
  // the slice is escaped again inside its document (a quote or backslash takes two bytes there).
  const step = Math.max(2, Math.floor(maxBytes / 3));
  const slices: string[] = [];
  for (let i = 0; i < json.length; ) {
    let end = Math.min(json.length, i + step);
    const last = json.charCodeAt(end - 1);
    if (end < json.length && last >= 0xd800 && last <= 0xdbff) end--;
    slices.push(json.slice(i, end));
    i = end;
  }
  return slices.map((s, part) => ({ part, parts: slices.length, json: s }));
}

/**
 * A schedule's collections cut into chunk bodies, before any id is known: the bulk of building an
 * import's documents. The data worker prepares this while the user reads the import summary, so
 * that saving only has to name the documents and write them. Valid for any schedule that shares
 * these collections (a changed status date changes only the project block).
 */
export interface PreparedChunks {
  kinds: Partial<Record<ChunkKind, { items: readonly unknown[]; bodies: ChunkBody[] }>>;
}

/**
 * Cuts every collection of `schedule` into chunk bodies. Throws StoreError('invalid') naming the
 * first value that cannot be stored. `fromJson`: the schedule came from JSON.parse (see chunkItems).
 */
export function prepareChunks(schedule: Schedule, opts: { fromJson?: boolean } = {}): PreparedChunks {
  const prepared: PreparedChunks = { kinds: {} };
  for (const kind of CHUNK_KIND_LIST) prepareKind(prepared, schedule, kind, opts);
  return prepared;
}

/** Cuts one collection of `schedule` into `prepared` (prepareChunks, one kind at a time). */
export function prepareKind(prepared: PreparedChunks, schedule: Schedule, kind: ChunkKind, opts: { fromJson?: boolean } = {}): void {
  const items = itemsOf(schedule, kind);
  if (items === undefined) return;
  if (!Array.isArray(items)) throw new StoreError('invalid', `${CHUNK_KINDS[kind].what} is not a list`);
  prepared.kinds[kind] = { items, bodies: chunkItems(items, CHUNK_KINDS[kind].perChunk, CHUNK_KINDS[kind].what, MAX_ITEMS_BYTES, opts.fromJson ?? false) };
}

/**
 * The header and chunk documents of one import. Throws StoreError('invalid') naming the first
 * value that cannot be stored, before anything is written. `prepared` (prepareChunks) is used for
 * each collection it holds the very same list of; anything else is cut here.
 */
export function buildImportDocs(
  schedule: Schedule,
  ids: { projectId: string; importId: string },
  meta: ImportMeta,
  importedAt: string,
  layout: number = STORE_LAYOUT_VERSION,
  prepared?: PreparedChunks,
): { header: ImportHeaderDoc; chunks: ChunkDoc[]; bytes: Map<string, number> } {
  if (!schedule || typeof schedule !== 'object' || !schedule.project || typeof schedule.project !== 'object') {
    throw new StoreError('invalid', 'the schedule has no project block');
  }
  if (schedule.formatVersion !== SCHEDULE_FORMAT_VERSION) {
    throw new StoreError('invalid', `the schedule is in model version ${String(schedule.formatVersion)}, but this version of Earnest stores version ${SCHEDULE_FORMAT_VERSION}`);
  }
  if (!Array.isArray(schedule.activities)) throw new StoreError('invalid', 'the schedule has no activity list');
  const badProject = unstorable(schedule.project, 'project');
  if (badProject) throw new StoreError('invalid', badProject);

  const { projectId, importId } = ids;
  const chunks: ChunkDoc[] = [];
  const bytes = new Map<string, number>();
  const chunkCounts: Partial<Record<ChunkKind, number>> = {};
  const counts: Partial<Record<ChunkKind, number>> = {};
  for (const kind of CHUNK_KIND_LIST) {
    const items = itemsOf(schedule, kind);
    if (items === undefined) continue;
    if (!Array.isArray(items)) throw new StoreError('invalid', `${CHUNK_KINDS[kind].what} is not a list`);
    const ready = prepared?.kinds[kind];
    const bodies = ready && ready.items === items ? ready.bodies : chunkItems(items, CHUNK_KINDS[kind].perChunk, CHUNK_KINDS[kind].what);
    bodies.forEach(({ bytes: size, ...body }, n) => {
      const _id = chunkDocId(kind, projectId, importId, n);
      chunks.push({ _id, type: 'chunk', kind, projectId, importId, n, ...body });
      bytes.set(_id, size);
    });
    chunkCounts[kind] = bodies.length;
    counts[kind] = items.length;
  }

  const header: ImportHeaderDoc = {
    _id: importDocId(projectId, importId),
    type: 'import',
    layout,
    projectId,
    importId,
    fileName: meta.fileName,
    format: meta.format,
    fileSize: meta.fileSize,
    importedAt,
    activityCount: schedule.activities.length,
    warningsCount: schedule.source?.warnings?.length ?? 0,
    formatVersion: schedule.formatVersion,
    project: schedule.project,
    chunks: chunkCounts,
    counts,
  };
  if (schedule.project.dataDate !== undefined) header.dataDate = schedule.project.dataDate;
  if (meta.importedBy && typeof meta.importedBy.id === 'string' && typeof meta.importedBy.name === 'string') {
    header.importedBy = { id: meta.importedBy.id, name: meta.importedBy.name.slice(0, 200) };
  }
  const statusDate = statusDateOf(schedule);
  if (statusDate !== undefined) header.statusDate = statusDate;
  if (schedule.source) {
    const { warnings: _w, ...rest } = schedule.source;
    const badSource = unstorable(rest, 'source');
    if (badSource) throw new StoreError('invalid', badSource);
    header.source = rest;
  }
  return { header, chunks, bytes };
}

// --- reading ---------------------------------------------------------------------------------

/**
 * The items of one kind from its chunk documents (any order). Throws StoreError('incomplete')
 * when documents the header promises are missing: the import is still arriving by sync.
 */
export function itemsFromChunks(kind: ChunkKind, docs: readonly ChunkDoc[], expectedChunks: number, expectedItems: number, where: string): unknown[] {
  const sorted = [...docs].sort((a, b) => a.n - b.n);
  const incomplete = () =>
    new StoreError(
      'incomplete',
      `${where} is not complete on this device yet (${CHUNK_KINDS[kind].what}: ${sorted.length} of ${expectedChunks} parts). ` +
        'It is probably still arriving from your team: stay online for a moment and open it again.',
    );
  if (sorted.length !== expectedChunks || sorted.some((d, i) => d.n !== i)) throw incomplete();
  const out: unknown[] = [];
  let pieces: string[] = [];
  for (const d of sorted) {
    if (d.items) {
      if (pieces.length) throw incomplete();
      for (const it of d.items) out.push(it);
    } else if (d.piece) {
      if (d.piece.part !== pieces.length) throw incomplete();
      pieces.push(d.piece.json);
      if (pieces.length === d.piece.parts) {
        out.push(JSON.parse(pieces.join('')));
        pieces = [];
      }
    }
  }
  if (pieces.length || out.length !== expectedItems) throw incomplete();
  return out;
}

/** Puts a Schedule back together from its header and every chunk document of the import. */
export function assembleSchedule(header: ImportHeaderDoc, docs: readonly ChunkDoc[]): Schedule {
  const byKind = new Map<ChunkKind, ChunkDoc[]>();
  for (const d of docs) {
    const list = byKind.get(d.kind);
    if (list) list.push(d);
    else byKind.set(d.kind, [d]);
  }
  const where = `The import of ${header.fileName}`;
  const get = <T>(kind: ChunkKind): T[] => {
    const expected = header.chunks[kind];
    if (expected === undefined) return [];
    return itemsFromChunks(kind, byKind.get(kind) ?? [], expected, header.counts[kind] ?? 0, where) as T[];
  };
  const schedule: Schedule = {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: header.project,
    wbs: get('wbs'),
    activities: get('act'),
    relationships: get('rel'),
    calendars: get('cal'),
    resources: get('res'),
    assignments: get('asg'),
    codeTypes: get('code'),
    snapshots: get('snap'),
    baselines: get('base'),
    changeOrders: get('chg'),
  };
  if (header.source) {
    const source: SourceInfo = { ...header.source, warnings: get('warn') };
    schedule.source = source;
  }
  return schedule;
}
