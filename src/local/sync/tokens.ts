/**
 * The access token the sync engine sends, and the one way it gets a new one.
 *
 * Replication may run for hours while access tokens live 15 minutes, so a request is bound to
 * meet an expired token (401). The fetch the engine gives PouchDB (syncFetch.ts) then asks for a
 * refresh once and retries. Refreshes are serialised:
 * - within this context, by a single flight: every request that failed with the same token waits
 *   for the same refresh;
 * - across tabs and workers, by the Web Lock `earnest-auth-refresh`, the lock src/client/api.ts
 *   takes for the page's own refreshes (the server rotates the refresh cookie on every use and
 *   treats a replayed old one as theft once its 30 s grace is over, so two contexts must not race);
 * - where Web Locks are missing, the new token is shared on a BroadcastChannel, so a context that
 *   hears of a newer token uses it instead of refreshing again.
 *
 * Whoever holds the lock checks first whether the token it was about to replace has already been
 * replaced (by a broadcast, or by the context that held the lock before it) and then uses that. A
 * context announces a refresh before it starts, so one that gets the lock right after it, before
 * the new token's message has arrived, waits for that message (up to a second) instead of
 * refreshing a second time.
 */

export interface TokenSource {
  /** The token to send now; null when there is none yet. */
  current(): string | null;
  /**
   * A token newer than `stale` (the one a request was refused with): the one already known when
   * somebody refreshed meanwhile, else a refreshed one. Null means signed out (the refresh was
   * refused); a network failure rejects, and the session is kept.
   */
  refresh(stale: string | null): Promise<string | null>;
}

/** The part of the Web Locks API used here (navigator.locks). */
export interface LockManagerLike {
  request<T>(name: string, cb: (lock: unknown) => Promise<T> | T): Promise<T>;
}

export interface TokenSourceOptions {
  /** The token known at start (after sign-in), if any. */
  initial?: string | null;
  /**
   * Asks the server for a new access token: the token, or null when the server refused the
   * session (401). Throws when the server could not be reached.
   */
  refresh: () => Promise<string | null>;
  /** Web Locks; default `navigator.locks` when present. Null: none. */
  locks?: LockManagerLike | null;
  /** Lock name (default `earnest-auth-refresh`, shared with src/client/api.ts). */
  lockName?: string;
  /** BroadcastChannel name to share new tokens on (default `earnest-auth-token`); null: none. */
  channelName?: string | null;
}

export const REFRESH_LOCK = 'earnest-auth-refresh';
export const TOKEN_CHANNEL = 'earnest-auth-token';

type TokenMessage = { type: 'earnest-token'; token: string | null } | { type: 'earnest-refreshing' };

/** How long a context waits for the token of a refresh another context announced. */
const PEER_REFRESH_WAIT_MS = 1_000;

export interface SharedTokenSource extends TokenSource {
  /** Records a token obtained elsewhere (sign-in on the page, a refresh made by the page). */
  set(token: string | null): void;
  /** How many refreshes this source has asked the server for (diagnostics and tests). */
  readonly refreshCount: number;
  close(): void;
}

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

export function createTokenSource(opts: TokenSourceOptions): SharedTokenSource {
  let latest: string | null = opts.initial ?? null;
  let inflight: Promise<string | null> | null = null;
  let refreshes = 0;
  // The server refused the session: no further refresh until a new token is set (sign-in), so
  // every request that meets the 401 gets "signed out" without asking the server again.
  let refused = false;
  const locks = opts.locks === undefined ? defaultLocks() : opts.locks;
  const lockName = opts.lockName ?? REFRESH_LOCK;
  const channelName = opts.channelName === undefined ? TOKEN_CHANNEL : opts.channelName;
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  const channel = channelName && Channel ? new Channel(channelName) : null;
  let peerRefreshing = false;
  const tokenWaiters = new Set<() => void>();
  if (channel) {
    channel.onmessage = (e: MessageEvent<unknown>) => {
      const m = e.data as { type?: unknown; token?: unknown } | null;
      if (m?.type === 'earnest-refreshing') peerRefreshing = true;
      if (m?.type === 'earnest-token' && (typeof m.token === 'string' || m.token === null)) {
        latest = m.token;
        refused = m.token === null;
        peerRefreshing = false;
        for (const wake of [...tokenWaiters]) wake();
      }
    };
  }

  const peerToken = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        tokenWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, PEER_REFRESH_WAIT_MS);
      tokenWaiters.add(wake);
    });

  const refreshUnderLock = async (stale: string | null): Promise<string | null> => {
    // Somebody (another request here, the tab that held the lock before) refreshed meanwhile.
    if (latest !== null && latest !== stale) return latest;
    if (peerRefreshing) {
      await peerToken();
      peerRefreshing = false;
      if (latest !== null && latest !== stale) return latest;
    }
    if (refused) return null;
    refreshes++;
    channel?.postMessage({ type: 'earnest-refreshing' } satisfies TokenMessage);
    const token = await opts.refresh();
    latest = token;
    refused = token === null;
    channel?.postMessage({ type: 'earnest-token', token } satisfies TokenMessage);
    return token;
  };

  return {
    current: () => latest,
    refresh(stale) {
      if (latest !== null && latest !== stale) return Promise.resolve(latest);
      if (refused) return Promise.resolve(null);
      inflight ??= (async () => {
        try {
          return locks ? await locks.request(lockName, () => refreshUnderLock(stale)) : await refreshUnderLock(stale);
        } finally {
          inflight = null;
        }
      })();
      return inflight;
    },
    set(token) {
      latest = token;
      refused = false;
    },
    get refreshCount() {
      return refreshes;
    },
    close() {
      channel?.close();
    },
  };
}

/**
 * The refresh the browser makes: POST /api/auth/refresh with the httpOnly cookie (a worker sends
 * it too: same origin). The access token, null on 401 (signed out); throws when offline or on any
 * other answer, so the session is kept (as src/client/api.ts does).
 */
export function refreshFromServer(origin: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): () => Promise<string | null> {
  return async () => {
    const res = await fetchImpl(`${origin}/api/auth/refresh`, { method: 'POST', credentials: 'same-origin' });
    if (res.status === 401) return null;
    const body = (await res.json().catch(() => null)) as { accessToken?: unknown } | null;
    if (!res.ok || typeof body?.accessToken !== 'string') throw new Error(`The server answered ${res.status} to a session refresh.`);
    return body.accessToken;
  };
}
