/**
 * The replication subset of the CouchDB HTTP API over the server's own PouchDB (LevelDB) team
 * database: what PouchDB 9's HTTP adapter and replicator call, nothing else. Answers and errors are
 * CouchDB-shaped so the browser's PouchDB cannot tell the difference. Answers that can hold many
 * documents (`_changes`, `_all_docs`, `_bulk_get`, `open_revs`) are read and written a page at a
 * time with backpressure (server/sync/limits.ts, streamWriter.ts), never materialised whole.
 */
import type { Request, Response } from 'express';
import { badRequest, GatewayError } from './errors';
import { BULK_DOCS_SLICE, MAX_ATTACHMENT_BYTES, MAX_FEEDS_TOTAL, PAGE_WITH_DOCS, PAGE_WITHOUT_DOCS, formatBytes, yieldToOthers } from './limits';
import { StreamWriter } from './streamWriter';
import type { SyncRoute } from './route';

export interface EmbeddedRequest {
  teamId: string;
  route: SyncRoute;
  req: Request;
  res: Response;
  params: URLSearchParams;
  /** The parsed JSON body (writes and POSTs), or the raw bytes of an attachment upload. */
  body: unknown;
}

type Db = PouchDB.Database;
type Options = Record<string, unknown>;

/** Longest wait of a longpoll `_changes` (CouchDB's default and maximum is 60 s too). */
export const MAX_LONGPOLL_MS = 60_000;

export async function serveEmbedded(db: Db, r: EmbeddedRequest): Promise<void> {
  const { route, req, res } = r;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  switch (route.kind) {
    case 'info': {
      const info = await db.info();
      json(res, 200, {
        db_name: r.teamId,
        doc_count: info.doc_count,
        update_seq: info.update_seq,
        instance_start_time: '0',
      });
      return;
    }
    case 'changes':
      await changes(db, r);
      return;
    case 'revs_diff': {
      const body = objectBody(r.body);
      for (const [id, revs] of Object.entries(body)) {
        if (!Array.isArray(revs) || !revs.every((rev) => typeof rev === 'string')) {
          throw badRequest(`_revs_diff: the revisions of ${JSON.stringify(id)} must be a list of strings.`);
        }
      }
      json(res, 200, await db.revsDiff(body as PouchDB.Core.RevisionDiffOptions));
      return;
    }
    case 'bulk_get':
      await bulkGet(db, r);
      return;
    case 'bulk_docs': {
      const body = objectBody(r.body);
      if (!Array.isArray(body.docs)) throw badRequest('_bulk_docs needs {"docs": [ … ]}.');
      const newEdits = body.new_edits !== false;
      json(res, 201, await bulkDocsInSlices(db, body.docs as PouchDB.Core.PutDocument<object>[], newEdits));
      return;
    }
    case 'all_docs':
      await allDocs(db, allDocsOptions(r.params, method === 'POST' ? objectBody(r.body ?? {}) : {}), res);
      return;
    case 'local':
    case 'doc':
      if (method === 'GET') {
        const opts = getOptions(r.params);
        if (opts.open_revs !== undefined && route.kind === 'doc') await openRevs(db, route.docId, opts, res);
        else json(res, 200, await db.get(route.docId, opts as PouchDB.Core.GetOptions));
      } else if (method === 'PUT') {
        const doc: Options = { ...objectBody(r.body), _id: route.docId };
        const rev = r.params.get('rev');
        if (rev) doc._rev = rev;
        const opts = r.params.get('new_edits') === 'false' ? { new_edits: false } : {};
        const result = await db.put(doc as PouchDB.Core.PutDocument<object>, opts as PouchDB.Core.PutOptions);
        json(res, 201, result);
      } else {
        const rev = revOf(r);
        json(res, 200, await db.remove(route.docId, rev));
      }
      return;
    case 'attachment':
      await attachment(db, route, method, r);
      return;
  }
}

/**
 * PouchDB's bulkDocs in slices of BULK_DOCS_SLICE documents, letting other requests run between
 * them: one call over a whole batch holds the event loop for as long as its synchronous part takes
 * (which grows faster than the batch). Each document is written on its own in either form, so the
 * results are the same, in the same order.
 *
 * With new_edits, a slice also ends before a second revision of the same document: PouchDB merges
 * each write into the revision tree in place before it decides whether it conflicts, so a refused
 * one (409) would be stored as a leaf without content by the next write of that document in the
 * same call. No device could then read it from the server and every pull of the document would
 * fail (src/local/sync/tombstones.ts has the same rule on devices). Replication (new_edits=false)
 * refuses nothing, so its batches are sliced by size alone.
 */
async function bulkDocsInSlices(db: Db, docs: PouchDB.Core.PutDocument<object>[], newEdits: boolean): Promise<unknown[]> {
  const results: unknown[] = [];
  let start = 0;
  while (start < docs.length) {
    if (start > 0) await yieldToOthers();
    let end = start;
    const ids = new Set<string>();
    while (end < docs.length && end - start < BULK_DOCS_SLICE) {
      const id = (docs[end] as { _id?: unknown })._id;
      if (newEdits && typeof id === 'string') {
        if (ids.has(id)) break;
        ids.add(id);
      }
      end++;
    }
    for (const r of await db.bulkDocs(docs.slice(start, end), { new_edits: newEdits })) results.push(cleanBulkDocsResult(r));
    start = end;
  }
  return results;
}

/**
 * A `_bulk_docs` answer row as CouchDB gives it: `{ok, id, rev}`, or `{id, status, error, reason}` for
 * a refused document. PouchDB's own error objects carry stack traces with the server's file paths,
 * which a client must never see (as `_bulk_get`, cleanBulkGetRow).
 */
export function cleanBulkDocsResult(row: PouchDB.Core.Response | PouchDB.Core.Error): unknown {
  if (!('error' in row) || !row.error) return row;
  const e = row as PouchDB.Core.Error & { status?: number; name?: string; reason?: string; message?: string };
  const status = typeof e.status === 'number' ? e.status : 500;
  const error = status >= 500 ? 'internal_server_error' : typeof e.name === 'string' && e.name !== 'Error' ? e.name : 'error';
  const reason = status >= 500 ? 'The server could not store this document.' : typeof e.reason === 'string' ? e.reason : typeof e.message === 'string' ? e.message : error;
  // `status` too, as PouchDB's http adapter passes it on and callers tell a conflict (409) by it.
  return { ...(typeof e.id === 'string' ? { id: e.id } : {}), ...(typeof e.rev === 'string' ? { rev: e.rev } : {}), status, error, reason };
}

// ---------------------------------------------------------------- _changes

type ChangesOptions = PouchDB.Core.ChangesOptions & { return_docs?: boolean; style?: 'all_docs' | 'main_only' };

/** The `_changes` options from the query (and the POST body for `doc_ids`), validated. */
export function changesParams(params: URLSearchParams, body: unknown): { feed: 'normal' | 'longpoll'; opts: Omit<ChangesOptions, 'since'>; since: string | number; heartbeat?: number; timeout: number } {
  const feed = params.get('feed') ?? 'normal';
  if (feed === 'continuous' || feed === 'eventsource') {
    throw badRequest(`feed=${feed} is not supported by the sync gateway; use feed=longpoll.`);
  }
  if (feed !== 'normal' && feed !== 'longpoll') throw badRequest(`Unknown feed ${JSON.stringify(feed)}: use normal or longpoll.`);

  const opts: Omit<ChangesOptions, 'since'> = { return_docs: false };
  const filter = params.get('filter');
  let docIds: unknown;
  if (filter !== null && filter !== '_doc_ids') {
    throw badRequest(`filter=${filter} is not supported by the sync gateway; only _doc_ids is.`);
  }
  if (body && typeof body === 'object' && 'doc_ids' in body) docIds = (body as { doc_ids: unknown }).doc_ids;
  else if (params.has('doc_ids')) docIds = jsonParam(params, 'doc_ids');
  else if (filter === '_doc_ids') throw badRequest('filter=_doc_ids needs a "doc_ids" list.');
  if (docIds !== undefined) {
    if (!Array.isArray(docIds) || !docIds.every((id) => typeof id === 'string')) throw badRequest('doc_ids must be a list of document ids.');
    opts.doc_ids = docIds;
  }
  const limit = intParam(params, 'limit');
  if (limit !== undefined) opts.limit = limit;
  if (params.get('style') === 'all_docs') opts.style = 'all_docs';
  for (const flag of ['include_docs', 'conflicts', 'descending', 'attachments'] as const) if (bool(params, flag)) opts[flag] = true;
  if (opts.attachments) (opts as Options).binary = false;

  const rawSince = params.get('since') ?? '0';
  let since: string | number;
  if (rawSince === 'now') since = 'now';
  else if (/^\d+$/.test(rawSince)) since = Number(rawSince);
  else throw badRequest(`since=${rawSince} is not a sequence of this database.`);

  const hb = params.get('heartbeat');
  const heartbeat = hb === null ? undefined : hb === 'true' ? MAX_LONGPOLL_MS : clamp(Number(hb), 100, MAX_LONGPOLL_MS);
  if (hb !== null && hb !== 'true' && !Number.isFinite(Number(hb))) throw badRequest('heartbeat must be a number of milliseconds.');
  const t = params.get('timeout');
  if (t !== null && !Number.isFinite(Number(t))) throw badRequest('timeout must be a number of milliseconds.');
  const timeout = t === null ? MAX_LONGPOLL_MS : clamp(Number(t), 0, MAX_LONGPOLL_MS);
  return { feed, opts, since, heartbeat, timeout };
}

async function changes(db: Db, r: EmbeddedRequest): Promise<void> {
  const { res } = r;
  const p = changesParams(r.params, r.body);
  const since = p.since === 'now' ? Number((await db.info()).update_seq) : p.since;
  const opts: ChangesOptions = { ...p.opts, since };

  res.status(200);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');

  if (p.feed === 'normal') {
    await pagedChanges(db, opts, res);
    return;
  }

  // Longpoll: answer at once when something is there, else wait for the first change (or the
  // timeout), writing a newline every heartbeat so proxies keep the connection open.
  const any = await db.changes({ ...opts, limit: 1, include_docs: false, conflicts: false, attachments: false, return_docs: true } as ChangesOptions);
  if (any.results.length > 0 || p.timeout === 0) {
    await pagedChanges(db, opts, res);
    return;
  }
  res.flushHeaders();
  // Each waiting longpoll listens on the database; up to MAX_FEEDS_TOTAL of them may wait at once.
  (db as unknown as { setMaxListeners(n: number): void }).setMaxListeners(MAX_FEEDS_TOTAL + 20);
  const outcome = await new Promise<'change' | 'timeout' | 'closed'>((resolve, reject) => {
    let settled = false;
    const live = db.changes({ since, live: true, return_docs: false, ...(opts.doc_ids ? { doc_ids: opts.doc_ids } : {}) } as ChangesOptions);
    const beat = p.heartbeat ? setInterval(() => res.write('\n'), p.heartbeat) : undefined;
    const timer = setTimeout(() => finish('timeout'), p.timeout);
    const onClose = () => finish('closed');
    function finish(how: 'change' | 'timeout' | 'closed', err?: unknown) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (beat) clearInterval(beat);
      res.off('close', onClose);
      live.cancel();
      if (err) reject(err);
      else resolve(how);
    }
    live.on('change', () => finish('change'));
    live.on('error', (err) => finish('change', err));
    res.on('close', onClose);
  });
  if (outcome === 'closed') return;
  if (outcome === 'timeout') {
    res.end(`{"results":[],"last_seq":${JSON.stringify(since)}}\n`);
    return;
  }
  await pagedChanges(db, opts, res);
}

/**
 * Writes a `_changes` answer a page at a time (PAGE_WITH_DOCS rows with include_docs, else
 * PAGE_WITHOUT_DOCS), reading the next page only once the socket has drained, so one feed holds at
 * most a page of documents however big the database and however slow the client. Descending feeds
 * (no `since` to page by) stream in one pass as before.
 */
async function pagedChanges(db: Db, opts: ChangesOptions, res: Response): Promise<void> {
  if (opts.descending) return streamChanges(db, opts, res);
  const out = new StreamWriter(res);
  const page = opts.include_docs ? PAGE_WITH_DOCS : PAGE_WITHOUT_DOCS;
  let remaining = typeof opts.limit === 'number' ? opts.limit : Infinity;
  let since = opts.since ?? 0;
  let lastSeq: string | number = since;
  let first = true;
  if (!(await out.write('{"results":[\n'))) return;
  while (remaining > 0) {
    const n = Math.min(page, remaining);
    const batch = await db.changes({ ...opts, since, limit: n, return_docs: true, live: false } as ChangesOptions);
    for (const change of batch.results) {
      if (!(await out.write((first ? '' : ',\n') + JSON.stringify(change)))) return;
      first = false;
    }
    lastSeq = batch.last_seq;
    remaining -= batch.results.length;
    if (batch.results.length < n) break;
    since = batch.last_seq;
  }
  out.end(`\n],\n"last_seq":${JSON.stringify(lastSeq)}}\n`);
}

/** Writes the rows of a (descending) `_changes` answer as PouchDB produces them, never holding the whole list. */
function streamChanges(db: Db, opts: ChangesOptions, res: Response): Promise<void> {
  return new Promise<void>((resolve) => {
    let first = true;
    let closed = false;
    res.write('{"results":[\n');
    const feed = db.changes({ ...opts, return_docs: false } as ChangesOptions);
    const onClose = () => {
      closed = true;
      feed.cancel();
      resolve();
    };
    res.on('close', onClose);
    feed.on('change', (change) => {
      if (closed) return;
      res.write((first ? '' : ',\n') + JSON.stringify(change));
      first = false;
    });
    feed.on('complete', (info) => {
      res.off('close', onClose);
      if (!closed) res.end(`\n],\n"last_seq":${JSON.stringify(info.last_seq)}}\n`);
      resolve();
    });
    feed.on('error', (err) => {
      res.off('close', onClose);
      console.error('sync gateway: _changes failed', err);
      res.destroy();
      resolve();
    });
  });
}

// ---------------------------------------------------------------- _bulk_get and _all_docs

/**
 * `_bulk_get`, streamed: PAGE_WITH_DOCS requested documents are read at a time and written before
 * the next are read. Error rows carry only what CouchDB's do (`{id, rev, error, reason}`): PouchDB's
 * own error objects include stack traces with the server's paths.
 */
async function bulkGet(db: Db, r: EmbeddedRequest): Promise<void> {
  const body = objectBody(r.body);
  const docs = body.docs;
  if (!Array.isArray(docs)) throw badRequest('_bulk_get needs {"docs": [{"id": …, "rev": …}, …]}.');
  for (const [i, d] of docs.entries()) {
    const entry = d as { id?: unknown; rev?: unknown } | null;
    if (!entry || typeof entry !== 'object' || typeof entry.id !== 'string' || (entry.rev !== undefined && typeof entry.rev !== 'string')) {
      throw badRequest(`_bulk_get: docs[${i}] must be {"id": "<document id>", "rev": "<revision>"} (rev optional).`);
    }
  }
  const opts: Options = { binary: false };
  for (const flag of ['revs', 'attachments', 'latest']) if (bool(r.params, flag)) opts[flag] = true;

  const { res } = r;
  res.status(200);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  const out = new StreamWriter(res);
  if (!(await out.write('{"results":[\n'))) return;
  let first = true;
  for (let i = 0; i < docs.length; i += PAGE_WITH_DOCS) {
    const part = docs.slice(i, i + PAGE_WITH_DOCS) as { id: string; rev?: string }[];
    const got = await db.bulkGet({ ...opts, docs: part } as unknown as PouchDB.Core.BulkGetOptions);
    for (const row of got.results as unknown as BulkGetRow[]) {
      if (!(await out.write((first ? '' : ',\n') + JSON.stringify(cleanBulkGetRow(row))))) return;
      first = false;
    }
  }
  out.end('\n]}\n');
}

interface BulkGetRow {
  id: string;
  docs: ({ ok: unknown } | { missing: string } | { error: unknown })[];
}

/** A `_bulk_get` row with each error reduced to CouchDB's `{id, rev, error, reason}`. */
export function cleanBulkGetRow(row: BulkGetRow): BulkGetRow {
  return {
    id: row.id,
    docs: row.docs.map((entry) => {
      if (!entry || typeof entry !== 'object' || !('error' in entry)) return entry;
      const e = (entry.error ?? {}) as { status?: unknown; name?: unknown; error?: unknown; message?: unknown; reason?: unknown; rev?: unknown };
      const status = typeof e.status === 'number' ? e.status : 500;
      const error =
        status >= 500 ? 'internal_server_error' : typeof e.name === 'string' && e.name !== 'Error' ? e.name : typeof e.error === 'string' ? e.error : 'error';
      const reason =
        status >= 500
          ? 'The server could not read this document.'
          : typeof e.reason === 'string'
            ? e.reason
            : typeof e.message === 'string'
              ? e.message
              : error;
      return { error: { id: row.id, ...(typeof e.rev === 'string' ? { rev: e.rev } : {}), error, reason } };
    }),
  };
}

/**
 * `_all_docs`, streamed a page at a time: with `keys`, PAGE_WITH_DOCS/PAGE_WITHOUT_DOCS keys per
 * read; over a range, each page starts after the last id of the one before. The answer's
 * `total_rows`, `offset` and `update_seq` are those of the first page (the request's own start).
 */
async function allDocs(db: Db, opts: Options, res: Response): Promise<void> {
  const page = opts.include_docs ? PAGE_WITH_DOCS : PAGE_WITHOUT_DOCS;
  const pages = allDocsPages(db, opts, page);
  const firstPage = await pages.next();
  res.status(200);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  const out = new StreamWriter(res);
  let head: Options | undefined;
  let first = true;
  if (!(await out.write('{"rows":[\n'))) return;
  for (let step = firstPage; !step.done; step = await pages.next()) {
    const { rows, ...rest } = step.value;
    head ??= rest;
    for (const row of rows) {
      if (!(await out.write((first ? '' : ',\n') + JSON.stringify(row)))) return;
      first = false;
    }
  }
  const tail = Object.entries(head ?? {})
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join('');
  out.end(`\n]${tail}}\n`);
}

type AllDocsPage = { rows: unknown[] } & Options;

async function* allDocsPages(db: Db, opts: Options, page: number): AsyncGenerator<AllDocsPage> {
  const all = (o: Options) => db.allDocs(o as PouchDB.Core.AllDocsOptions) as unknown as Promise<AllDocsPage>;
  if (Array.isArray(opts.keys)) {
    let keys = opts.keys as string[];
    if (opts.descending) keys = [...keys].reverse();
    const skip = typeof opts.skip === 'number' ? opts.skip : 0;
    keys = keys.slice(skip, typeof opts.limit === 'number' ? skip + opts.limit : undefined);
    const { descending: _d, skip: _s, limit: _l, ...rest } = opts;
    if (keys.length === 0) {
      yield await all({ ...rest, keys: [] });
      return;
    }
    for (let i = 0; i < keys.length; i += page) yield await all({ ...rest, keys: keys.slice(i, i + page) });
    return;
  }
  if (opts.key !== undefined) {
    yield await all(opts);
    return;
  }
  let remaining = typeof opts.limit === 'number' ? opts.limit : Infinity;
  let next: Options = { ...opts };
  while (true) {
    const n = Math.min(page, remaining);
    const got = await all({ ...next, limit: n });
    yield got;
    remaining -= got.rows.length;
    if (got.rows.length < n || remaining <= 0) return;
    const last = got.rows[got.rows.length - 1] as { id: string };
    const { start_key: _a, startkey: _b, skip: _c, ...rest } = next;
    next = { ...rest, startkey: last.id, skip: 1 };
  }
}

// ---------------------------------------------------------------- documents and attachments

async function attachment(db: Db, route: Extract<SyncRoute, { kind: 'attachment' }>, method: string, r: EmbeddedRequest): Promise<void> {
  const { res } = r;
  if (method === 'GET') {
    const rev = r.params.get('rev');
    const doc = await db.get(route.docId, rev ? { rev } : {});
    const stub = doc._attachments?.[route.attName] as { content_type?: string; digest?: string } | undefined;
    if (!stub) throw new GatewayError(404, 'not_found', 'Document is missing attachment');
    const data = (await db.getAttachment(route.docId, route.attName, rev ? { rev } : {})) as Buffer;
    res.status(200);
    res.setHeader('Content-Type', stub.content_type || 'application/octet-stream');
    if (stub.digest) res.setHeader('ETag', JSON.stringify(stub.digest));
    res.setHeader('Cache-Control', 'no-store');
    res.end(data);
    return;
  }
  const rev = method === 'DELETE' ? revOf(r) : (r.params.get('rev') ?? ifMatch(r.req));
  if (method === 'PUT') {
    const data = Buffer.isBuffer(r.body) ? r.body : Buffer.alloc(0);
    await checkAttachmentTotal(db, route, data.length);
    const type = r.req.headers['content-type'] || 'application/octet-stream';
    const result = rev
      ? await db.putAttachment(route.docId, route.attName, rev, data, type)
      : await (db.putAttachment as unknown as (id: string, att: string, data: Buffer, type: string) => Promise<PouchDB.Core.Response>)(
          route.docId,
          route.attName,
          data,
          type,
        );
    json(res, 201, result);
    return;
  }
  json(res, 200, await db.removeAttachment(route.docId, route.attName, rev as string));
}

/**
 * 413 when this upload would take the document's attachments together over MAX_ATTACHMENT_BYTES
 * (each upload alone is held to it by the body limit; a document could otherwise collect many).
 */
async function checkAttachmentTotal(db: Db, route: Extract<SyncRoute, { kind: 'attachment' }>, adding: number): Promise<void> {
  const existing = await db.get(route.docId).catch((err: { status?: number }) => {
    if (err.status === 404) return null;
    throw err;
  });
  let total = adding;
  for (const [name, stub] of Object.entries(existing?._attachments ?? {})) {
    if (name !== route.attName) total += (stub as { length?: number }).length ?? 0;
  }
  if (total > MAX_ATTACHMENT_BYTES) {
    throw new GatewayError(
      413,
      'too_large',
      `${JSON.stringify(route.docId)} would carry ${formatBytes(total)} of attachments; the sync gateway stores at most ${formatBytes(MAX_ATTACHMENT_BYTES)} per document. Store large files outside the team database.`,
    );
  }
}

/**
 * GET with `open_revs`: the requested leaf revisions, read and written one at a time (a document
 * may have hundreds of conflicting leaves of up to 1 MiB each; PouchDB would materialise them all).
 * For `open_revs=all` the leaves come from the document's revision tree, without reading any body.
 */
async function openRevs(db: Db, id: string, opts: Options, res: Response): Promise<void> {
  const { open_revs: wanted, ...rest } = opts;
  let revs: string[];
  if (wanted === 'all') {
    const leaves = await leafRevs(db, id);
    if (!leaves) {
      json(res, 200, await db.get(id, opts as PouchDB.Core.GetOptions));
      return;
    }
    revs = leaves;
  } else {
    revs = wanted as string[];
  }
  const read = async (rev: string) => (await db.get(id, { ...rest, open_revs: [rev] } as PouchDB.Core.GetOptions)) as unknown as unknown[];
  // The first read before the status goes out: a missing document still answers 404.
  const firstRows = revs.length > 0 ? await read(revs[0]) : [];
  res.status(200);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  const out = new StreamWriter(res);
  if (!(await out.write('['))) return;
  let first = true;
  for (const [i, rev] of revs.entries()) {
    for (const row of i === 0 ? firstRows : await read(rev)) {
      if (!(await out.write((first ? '' : ',') + JSON.stringify(row)))) return;
      first = false;
    }
  }
  out.end(']');
}

type RevTree = { pos: number; ids: RevNode }[];
type RevNode = [string, unknown, RevNode[]];

/**
 * Every leaf revision of a document (deleted ones included), from its revision tree: what
 * `open_revs=all` returns, without materialising any body. Uses the LevelDB adapter's
 * `_getRevisionTree` (what PouchDB's own revsDiff reads); null when the adapter has none.
 */
function leafRevs(db: Db, id: string): Promise<string[] | null> {
  const adapter = db as unknown as { _getRevisionTree?: (id: string, cb: (err: unknown, tree?: RevTree) => void) => void };
  if (typeof adapter._getRevisionTree !== 'function') return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    adapter._getRevisionTree!(id, (err, tree) => {
      if (err) return reject(err);
      const leaves: string[] = [];
      const stack: [number, RevNode][] = (tree ?? []).map((t) => [t.pos, t.ids]);
      while (stack.length > 0) {
        const [pos, [hash, , children]] = stack.pop()!;
        if (children.length === 0) leaves.push(`${pos}-${hash}`);
        for (const child of children) stack.push([pos + 1, child]);
      }
      resolve(leaves);
    });
  });
}

function getOptions(params: URLSearchParams): Options {
  const opts: Options = { binary: false };
  const rev = params.get('rev');
  if (rev) opts.rev = rev;
  for (const flag of ['revs', 'revs_info', 'conflicts', 'deleted_conflicts', 'attachments', 'latest', 'local_seq']) {
    if (bool(params, flag)) opts[flag] = true;
  }
  const openRevs = params.get('open_revs');
  if (openRevs !== null) {
    if (openRevs === 'all') opts.open_revs = 'all';
    else {
      const list = jsonParam(params, 'open_revs');
      if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) throw badRequest('open_revs must be "all" or a JSON list of revisions.');
      opts.open_revs = list;
    }
  }
  if (params.has('atts_since')) {
    const list = jsonParam(params, 'atts_since');
    if (!Array.isArray(list)) throw badRequest('atts_since must be a JSON list of revisions.');
    opts.atts_since = list;
  }
  return opts;
}

function allDocsOptions(params: URLSearchParams, body: Options): Options {
  const opts: Options = {};
  for (const flag of ['include_docs', 'conflicts', 'descending', 'attachments', 'update_seq']) if (bool(params, flag)) opts[flag] = true;
  if (params.get('inclusive_end') === 'false') opts.inclusive_end = false;
  for (const [name, as] of [
    ['startkey', 'startkey'],
    ['start_key', 'startkey'],
    ['endkey', 'endkey'],
    ['end_key', 'endkey'],
    ['key', 'key'],
    ['keys', 'keys'],
  ] as const) {
    if (params.has(name)) opts[as] = jsonParam(params, name);
  }
  for (const name of ['limit', 'skip'] as const) {
    const n = intParam(params, name);
    if (n !== undefined) opts[name] = n;
  }
  if (body.keys !== undefined) opts.keys = body.keys;
  if (opts.keys !== undefined && (!Array.isArray(opts.keys) || !opts.keys.every((k) => typeof k === 'string'))) {
    throw badRequest('keys must be a list of document ids.');
  }
  if (opts.attachments) opts.binary = false;
  return opts;
}

// ---------------------------------------------------------------- helpers

function json(res: Response, status: number, body: unknown): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json(body);
}

function objectBody(body: unknown): Options {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return body as Options;
}

function bool(params: URLSearchParams, name: string): boolean {
  return params.get(name) === 'true';
}

function intParam(params: URLSearchParams, name: string): number | undefined {
  const v = params.get(name);
  if (v === null) return undefined;
  if (!/^\d+$/.test(v)) throw badRequest(`${name} must be a whole number.`);
  return Number(v);
}

function jsonParam(params: URLSearchParams, name: string): unknown {
  try {
    return JSON.parse(params.get(name) as string);
  } catch {
    throw badRequest(`${name} must be JSON-encoded.`);
  }
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

function ifMatch(req: Request): string | undefined {
  const h = req.headers['if-match'];
  return typeof h === 'string' ? h.replace(/^"|"$/g, '') : undefined;
}

function revOf(r: EmbeddedRequest): string {
  const rev = r.params.get('rev') ?? ifMatch(r.req);
  if (!rev) throw new GatewayError(409, 'conflict', 'Document update conflict: deleting needs the current revision (?rev=).');
  return rev;
}
