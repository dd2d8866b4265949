/**
 * What the gateway checks in the documents and id lists a request carries, after the body is
 * parsed and before any database sees it: how many (413), how big (413), which ids may be written
 * where (`_design/` never, `_local/` only as a checkpoint by PUT), and that project documents have
 * well-formed ids (400), so the projects limit cannot be side-stepped (server/sync/projectLimit.ts).
 */
import { FORBIDDEN_DESIGN, GatewayError, badRequest } from './errors';
import { BULK_DOCS_SLICE, MAX_DOC_BYTES, MAX_DOCS_PER_REQUEST, formatBytes, yieldToOthers } from './limits';
import type { SyncRoute } from './route';

const tooMany = (what: string, n: number) =>
  new GatewayError(
    413,
    'too_large',
    `${what} holds ${n.toLocaleString('en-GB')} entries; the sync gateway takes at most ${MAX_DOCS_PER_REQUEST.toLocaleString('en-GB')} per request. Send them in smaller batches (PouchDB's replicator sends 100).`,
  );

/** 413 when a batch endpoint's body lists more than MAX_DOCS_PER_REQUEST documents or ids. */
export function checkBatchSize(route: SyncRoute, body: unknown, params: URLSearchParams): void {
  const o = body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : undefined;
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  switch (route.kind) {
    case 'bulk_docs':
      if (count(o?.docs) > MAX_DOCS_PER_REQUEST) throw tooMany('_bulk_docs', count(o?.docs));
      return;
    case 'bulk_get':
      if (count(o?.docs) > MAX_DOCS_PER_REQUEST) throw tooMany('_bulk_get', count(o?.docs));
      return;
    case 'revs_diff': {
      const n = o ? Object.keys(o).length : 0;
      if (n > MAX_DOCS_PER_REQUEST) throw tooMany('_revs_diff', n);
      return;
    }
    case 'all_docs': {
      let keys: unknown = o?.keys;
      if (keys === undefined && params.has('keys')) {
        try {
          keys = JSON.parse(params.get('keys') as string);
        } catch {
          throw badRequest('keys must be JSON-encoded.');
        }
      }
      if (count(keys) > MAX_DOCS_PER_REQUEST) throw tooMany('_all_docs keys', count(keys));
      return;
    }
    case 'changes':
      if (count(o?.doc_ids) > MAX_DOCS_PER_REQUEST) throw tooMany('_changes doc_ids', count(o?.doc_ids));
      return;
    default:
      return;
  }
}

/** UTF-8 length of a document as JSON, which is what CouchDB's max_document_size counts too. */
export function docBytes(doc: unknown): number {
  return Buffer.byteLength(JSON.stringify(doc) ?? '', 'utf8');
}

const nameOf = (doc: Record<string, unknown>) => (typeof doc._id === 'string' ? JSON.stringify(doc._id) : 'A document');

/**
 * 413 when a document is larger than MAX_DOC_BYTES as JSON; names the document. Inline attachments
 * count as their base64 text, so no document carries more than MAX_ATTACHMENT_BYTES of new ones.
 */
export function checkDocSize(doc: unknown): void {
  if (!doc || typeof doc !== 'object') return;
  const d = doc as Record<string, unknown>;
  const bytes = docBytes(d);
  if (bytes > MAX_DOC_BYTES) {
    throw new GatewayError(
      413,
      'too_large',
      `${nameOf(d)} is ${formatBytes(bytes)} as JSON; the sync gateway stores documents of at most ${formatBytes(MAX_DOC_BYTES)}. Split it into smaller documents.`,
    );
  }
}

export const FORBIDDEN_LOCAL_BULK =
  '_local documents cannot be written through _bulk_docs; replication writes its checkpoints with PUT /db/<team>/_local/<id>.';

/**
 * The documents of a `_bulk_docs` body: a list of objects, none a design or `_local` document,
 * none too big. Returns them.
 */
export async function checkBulkDocs(body: unknown): Promise<Record<string, unknown>[]> {
  const docs = (body as { docs?: unknown } | undefined)?.docs;
  if (!Array.isArray(docs)) throw badRequest('_bulk_docs needs {"docs": [ … ]}.');
  for (const [i, doc] of docs.entries()) {
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw badRequest(`_bulk_docs: docs[${i}] is not a JSON object.`);
    const id = (doc as { _id?: unknown })._id;
    if (typeof id === 'string' && id.startsWith('_design/')) throw new GatewayError(403, 'forbidden', FORBIDDEN_DESIGN);
    if (typeof id === 'string' && id.startsWith('_local/')) throw new GatewayError(403, 'forbidden', FORBIDDEN_LOCAL_BULK);
  }
  // Measuring means serialising: a slice at a time, letting other requests run in between.
  for (let i = 0; i < docs.length; i++) {
    if (i > 0 && i % BULK_DOCS_SLICE === 0) await yieldToOthers();
    checkDocSize(docs[i]);
  }
  return docs as Record<string, unknown>[];
}

/** The fields of a PouchDB replication checkpoint (pouchdb-replication's updateCheckpoint). */
const CHECKPOINT_FIELDS = new Set(['_id', '_rev', 'last_seq', 'session_id', 'history', 'replicator', 'version']);

export const LOCAL_ONLY_CHECKPOINTS =
  '_local documents on the server hold replication checkpoints only ({last_seq, session_id, history, replicator, version}).';

/**
 * A `_local/*` PUT: a replication checkpoint (its size is held to MAX_LOCAL_DOC_BYTES by the body
 * limit, bodyParsing.ts). Anything else is refused with 400.
 */
export function checkCheckpoint(body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  const extra = Object.keys(body).filter((k) => !CHECKPOINT_FIELDS.has(k));
  if (extra.length > 0) {
    throw badRequest(`${LOCAL_ONLY_CHECKPOINTS} Unexpected field${extra.length === 1 ? '' : 's'}: ${extra.slice(0, 5).join(', ')}.`);
  }
  const history = (body as { history?: unknown }).history;
  if (history !== undefined && (!Array.isArray(history) || history.some((h) => !h || typeof h !== 'object' || Array.isArray(h)))) {
    throw badRequest(`${LOCAL_ONLY_CHECKPOINTS} "history" must be a list of {last_seq, session_id}.`);
  }
}
