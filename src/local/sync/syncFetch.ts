/**
 * The `fetch` the engine hands PouchDB for a team's remote database (pouchdb's create_database
 * docs: "use the fetch option to add the required headers and handle connected logic like token
 * refreshes"). It adds `Authorization: Bearer …`, and on a 401 asks the token source for a newer
 * token once and repeats the request with it; a second 401, or no token, goes back to PouchDB,
 * whose replication then stops with a 401 that the engine reports as "signed out".
 *
 * It also notes what the gateway said about waiting: a 429 or 503 with Retry-After
 * (server/sync/concurrency.ts) is remembered so the engine's backoff waits at least that long.
 */
import { parseRetryAfter } from './backoff';
import type { TokenSource } from './tokens';

export type FetchLike = (url: string | Request, init?: RequestInit) => Promise<Response>;

export interface SyncFetchOptions {
  tokens: TokenSource;
  /** The underlying fetch (default globalThis.fetch). */
  fetch?: FetchLike;
  now?: () => number;
  /** Called with every refusal that asked the client to wait (429/503 + Retry-After), in ms. */
  onRetryAfter?: (ms: number, status: number) => void;
  /** Called after each answer (for diagnostics and tests: which endpoint, which status). */
  onResponse?: (url: string, status: number, method: string) => void;
  /** The remote database's URL: see `unreachableInfo`. */
  dbUrl?: string;
  /**
   * Closes this connection's `_changes` feeds, open or still to come. A replication cancelled while
   * it starts can still open its feed afterwards (pouchdb-replication registers the feed's abort
   * after the cancel was emitted), and that longpoll then waits out the server's minute, holding one
   * of the gateway's four feeds per user. Other requests are short and left to finish: PouchDB does
   * not expect its checkpoint reads to be aborted under it (the rejection goes unhandled).
   */
  signal?: AbortSignal;
}

function abortError(): Error {
  const e = new Error('The sync connection was closed.');
  e.name = 'AbortError';
  return e;
}

/**
 * `init.signal` and `signal` as one (AbortSignal.any is too new for some browsers still in use),
 * with `done` to call when the request has settled: the connection's signal lives for hours, and a
 * listener left on it per request would pile up.
 */
function bothSignals(init: RequestInit | undefined, signal: AbortSignal | undefined): { init: RequestInit | undefined; done: () => void } {
  if (!signal) return { init, done: () => undefined };
  const theirs = init?.signal ?? null;
  const both = new AbortController();
  const done = () => {
    theirs?.removeEventListener('abort', abort);
    signal.removeEventListener('abort', abort);
  };
  function abort() {
    both.abort();
    done();
  }
  if (theirs?.aborted || signal.aborted) both.abort();
  else {
    theirs?.addEventListener('abort', abort, { once: true });
    signal.addEventListener('abort', abort, { once: true });
  }
  return { init: { ...init, signal: both.signal }, done };
}

/**
 * PouchDB's replicator reads the source's info after every batch to update its task list, and
 * does not catch a failure (pouchdb-replication, `src.info().then(…)` without a catch): when the
 * server goes away at that moment the rejection is unhandled. PouchDB's HTTP adapter reads the
 * info answer whatever its status, so a failed info request is answered with a 503 instead; the
 * replication's next request fails properly and the engine retries.
 */
function unreachableInfo(): Response {
  return new Response(JSON.stringify({ error: 'unreachable', reason: 'The Earnest server cannot be reached.' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json' },
  });
}

const SIGNED_OUT_BODY = JSON.stringify({ error: 'unauthorized', reason: 'Signed out: sign in again to sync.' });

function signedOutResponse(): Response {
  return new Response(SIGNED_OUT_BODY, { status: 401, headers: { 'Content-Type': 'application/json' } });
}

function withToken(init: RequestInit | undefined, token: string): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

export function createSyncFetch(opts: SyncFetchOptions): FetchLike {
  const base: FetchLike = opts.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const now = opts.now ?? Date.now;
  const urlOf = (u: string | Request) => (typeof u === 'string' ? u : u.url);

  const send = async (url: string | Request, init: RequestInit | undefined, token: string): Promise<Response> => {
    const res = await base(url, withToken(init, token));
    opts.onResponse?.(urlOf(url), res.status, init?.method ?? 'GET');
    if ((res.status === 429 || res.status === 503) && opts.onRetryAfter) {
      const wait = parseRetryAfter(res.headers.get('Retry-After'), now());
      if (wait !== null) opts.onRetryAfter(wait, res.status);
    }
    return res;
  };

  const infoUrls = opts.dbUrl ? new Set([opts.dbUrl.replace(/\/+$/, ''), `${opts.dbUrl.replace(/\/+$/, '')}/`]) : new Set<string>();
  const isInfo = (url: string | Request, init: RequestInit | undefined) =>
    (init?.method ?? 'GET') === 'GET' && infoUrls.has(urlOf(url).split('?')[0]);

  const isFeed = (url: string | Request) => /\/_changes$/.test(urlOf(url).split('?')[0]);

  return async (url, init) => {
    const feed = isFeed(url);
    if (feed && opts.signal?.aborted) throw abortError();
    const signals = feed ? bothSignals(init, opts.signal) : { init, done: () => undefined };
    try {
      const res = await authorised(url, signals.init);
      if (!feed || !res.body) {
        signals.done();
        return res;
      }
      // A feed's answer arrives over time: the connection may still close it while it is read.
      const body = res.body.pipeThrough(new TransformStream({ flush: () => signals.done() }));
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (err) {
      signals.done();
      if (isInfo(url, init)) return unreachableInfo();
      throw err;
    }
  };

  async function authorised(url: string | Request, init: RequestInit | undefined): Promise<Response> {
    let token = opts.tokens.current();
    if (token === null) {
      // Not known yet in this context (a worker that started before the page handed it one).
      token = await opts.tokens.refresh(null);
      if (token === null) return signedOutResponse();
    }
    const res = await send(url, init, token);
    if (res.status !== 401) return res;
    // Expired (or revoked) mid-replication: one refresh, one retry.
    const fresh = await opts.tokens.refresh(token);
    if (fresh === null || fresh === token) return res;
    await res.body?.cancel().catch(() => undefined);
    return send(url, init, fresh);
  }
}
