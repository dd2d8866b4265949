/**
 * Every size and count limit of the sync gateway, in one place, with why each is what it is.
 * They keep one member (even a viewer) from exhausting the server's memory or blocking its event
 * loop (issue 11 items 2, 3, 11), while leaving ample room for what PouchDB's replicator sends and
 * for the client's chunked schedule documents (src/local/store/chunks.ts).
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Largest document, as JSON (UTF-8, inline base64 attachments included): 1 MiB. The client writes
 * schedule chunks of at most 128 KiB (a 100,000-activity schedule is ~370 documents), so 1 MiB is
 * eight times what Earnest itself needs; a 45 MB document, materialised by every `_changes` and
 * `_bulk_get` that touched it, is what took the server to gigabytes.
 */
export const MAX_DOC_BYTES = 1 * MiB;

/**
 * Largest attachment (raw bytes), and the most all attachments of one document may add up to:
 * 768 KiB, which is 1 MiB once base64-encoded inside the document (how replication carries them).
 */
export const MAX_ATTACHMENT_BYTES = 768 * KiB;

/**
 * Largest `_local/*` document: 8 KiB. Only replication checkpoints live there; PouchDB's holds a
 * session id, the last sequence and a history of five more (under 1 KiB on the embedded store,
 * a few hundred bytes per CouchDB cluster sequence).
 */
export const MAX_LOCAL_DOC_BYTES = 8 * KiB;

/**
 * Body limit of the read endpoints (`_bulk_get`, `_revs_diff`, POST `_all_docs`, POST `_changes`):
 * 256 KiB. Their bodies are lists of ids and revisions: 1,000 of them take ~100 KiB.
 */
export const READ_BODY_BYTES = 256 * KiB;

/**
 * Body limit of `_bulk_docs`: 16 MiB. PouchDB's replicator sends 100 documents per batch; 100 of the
 * client's 128 KiB chunks make 12.5 MiB. Parsing the body is the one step that cannot let other
 * requests in: at 32 MiB it held the server for 100-260 ms, at 16 MiB about half
 * (bench/syncGateway.bench.ts).
 */
export const BULK_DOCS_BODY_BYTES = 16 * MiB;

/**
 * Most documents (or ids) in one `_bulk_docs`, `_bulk_get`, `_revs_diff` or `_all_docs` with keys:
 * 1,000. PouchDB's replicator sends 100; PouchDB's bulkDocs costs grow with the square of the batch
 * (5k docs 0.36 s, 40k 20 s of a blocked server), 1,000 take a few milliseconds.
 */
export const MAX_DOCS_PER_REQUEST = 1000;

/**
 * Concurrent `_changes` feeds (normal and longpoll): 4 per user (a live sync holds one per
 * device tab that replicates, and the client lets one tab per device replicate), 200 in all per
 * server process. Beyond: 429 with Retry-After.
 */
export const MAX_FEEDS_PER_USER = 4;
export const MAX_FEEDS_TOTAL = 200;

/**
 * Concurrent document-returning reads (`_bulk_get`, `_all_docs`): the same 4 per user, 200 in all.
 * The replicator fetches one batch at a time.
 */
export const MAX_READS_PER_USER = 4;
export const MAX_READS_TOTAL = 200;

/**
 * Concurrent document writes (`_bulk_docs`, document and attachment PUTs) with their bodies: 4 per
 * user, 50 in all, so many 16 MiB batches at once cannot add up to gigabytes (50 × 16 MiB is the
 * most raw body held at once). The replicator pushes one batch at a time and retries after a 429.
 */
export const MAX_WRITES_PER_USER = 4;
export const MAX_WRITES_TOTAL = 50;

/** Seconds a client refused for too many concurrent requests is asked to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Rows fetched from PouchDB at a time while streaming `_changes`, `_all_docs` and `_bulk_get`
 * answers; the next page is read only once the socket has drained. With documents this is at most
 * 8 × 1 MiB in memory per request; without, 200 small rows.
 */
export const PAGE_WITH_DOCS = 8;
export const PAGE_WITHOUT_DOCS = 200;

/**
 * Documents handed to PouchDB's bulkDocs (and size-checked) at a time within one `_bulk_docs`,
 * with other requests let through in between: 100, what PouchDB's replicator sends in one batch.
 */
export const BULK_DOCS_SLICE = 100;

/** Lets queued I/O callbacks (other requests) run before going on. */
export const yieldToOthers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** "1 MiB", "256 KiB": how the messages write a limit. */
export function formatBytes(n: number): string {
  if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
  if (n >= KiB && n % KiB === 0) return `${n / KiB} KiB`;
  if (n >= MiB) return `${(n / MiB).toFixed(1)} MiB`;
  if (n >= KiB) return `${(n / KiB).toFixed(1)} KiB`;
  return `${n} bytes`;
}
