/**
 * Simulated devices for the sync engine's tests: each is an in-memory PouchDB database (what the
 * browser's indexeddb adapter is to the app) with the engine's SyncController replicating it
 * through the real gateway, listening on 127.0.0.1, and a token source that signs real tokens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PouchDB, SECRET, listen, tokenFor, world, type Running, type World } from './helpers';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import type { Store } from '../../../server/store';
import { grantRole } from '../../../server/roles';
import { addMember } from '../../../server/teams/membership';
import { SyncController, createTokenSource, seededRandom, type SharedTokenSource, type SyncControllerOptions, type TeamRef, type TeamSyncStatus } from '../../../src/local/sync';
import type { TeamRole } from '../../../src/core/api/teams';

export interface Gateway {
  w: World;
  srv: Running;
  /** Server restart: the HTTP server and the store go away, the same data directory comes back on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
  /** Adds a member and returns their user id. */
  member(email: string, role: Exclude<TeamRole, 'owner'>): Promise<string>;
  /** The `_changes` requests open on the server now. */
  openFeeds(): string[];
  /** Every /db/ request open on the server now. */
  openRequests(): string[];
}

/** Requests to /db/ the server is answering now, with when they started, whose token and the URL. */
function watchRequests(srv: Running, open: Map<unknown, string>): void {
  srv.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Express has already cut its mount path from req.url by now: originalUrl keeps it.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
    if (!url.startsWith('/db/')) return;
    open.set(res, `${new Date().toISOString()} …${req.headers.authorization?.slice(-8) ?? ''} ${req.method} ${url}`);
    res.once('close', () => open.delete(res));
  });
}

export async function gateway(prefix: string, env: NodeJS.ProcessEnv = {}): Promise<Gateway> {
  const w = await world(prefix);
  // Unlimited projects (the free_user role), so a long run never meets the projects limit.
  await grantRole(w.store, w.ownerId, 'free_user');
  const open = new Map<unknown, string>();
  const g: Gateway = {
    w,
    srv: await listen(w.store, w.dir, 0, env),
    async restart() {
      const port = g.srv.port;
      await g.srv.stop();
      await sleep(20); // requests already inside the app finish (or fail) before the store closes
      await w.store.close();
      const store = w.reopen();
      g.srv = await listen(store, w.dir, port, env);
      watchRequests(g.srv, open);
    },
    async close() {
      await g.srv.stop();
      await w.close();
    },
    async member(email, role) {
      const id = `user:${email}`;
      await addMember(w.store, w.teamId, id, role, Date.now());
      return id;
    },
    openFeeds: () => [...open.values()].filter((r) => r.includes('/_changes')),
    openRequests: () => [...open.values()],
  };
  watchRequests(g.srv, open);
  return g;
}

export interface Device {
  name: string;
  db: PouchDB.Database;
  sync: SyncController;
  tokens: SharedTokenSource;
  /** Requests the gateway answered for this device: "METHOD path status". */
  requests: string[];
  /** Requests sent and not answered yet: "since METHOD path". */
  inFlight(): string[];
  status(): TeamSyncStatus;
  close(): Promise<void>;
}

let n = 0;

export async function device(
  g: Gateway,
  name: string,
  opts: { userId?: string; role?: TeamRole; teamName?: string; seed?: number; tokens?: SharedTokenSource } & Partial<Omit<SyncControllerOptions, 'tokens'>> = {},
): Promise<Device> {
  const userId = opts.userId ?? g.w.ownerId;
  const db = new PouchDB(`device-${name}-${Date.now()}-${n++}`, { adapter: 'memory' });
  const tokens = (opts.tokens as SharedTokenSource | undefined) ?? createTokenSource({ initial: await tokenFor(userId), refresh: () => tokenFor(userId), locks: null, channelName: null });
  const requests: string[] = [];
  const pendingRequests = new Map<number, string>();
  let requestSeq = 0;
  const underlying = opts.fetch ?? ((url: string | Request, init?: RequestInit) => fetch(url, init));
  const tracked = async (url: string | Request, init?: RequestInit) => {
    const id = ++requestSeq;
    pendingRequests.set(id, `${new Date().toISOString()} ${init?.method ?? 'GET'} ${String(url).replace(g.srv.origin, '')}`);
    try {
      return await underlying(url, init);
    } finally {
      pendingRequests.delete(id);
    }
  };
  const team: TeamRef = { id: g.w.teamId, name: opts.teamName ?? "ada's team", role: opts.role ?? 'owner', is_home: true };
  const sync = new SyncController({
    origin: g.srv.origin,
    PouchDB,
    openDb: () => db,
    network: null,
    random: seededRandom(opts.seed ?? 1),
    backoff: { baseMs: 20, capMs: 200 },
    onResponse: (_team, url, status, method) => requests.push(`${method} ${new URL(url).pathname.replace(`/db/${g.w.teamId}`, '')} ${status}`),
    ...opts,
    fetch: tracked,
    tokens,
  });
  sync.start([team]);
  await sync.database(team.id);
  return {
    name,
    db,
    sync,
    tokens,
    requests,
    inFlight: () => [...pendingRequests.values()],
    status: () => {
      const s = sync.getSnapshot().teams.find((t) => t.teamId === team.id);
      if (!s) throw new Error(`${name} does not sync the team`);
      return s;
    },
    async close() {
      await sync.close();
      tokens.close();
      await db.destroy().catch(() => undefined);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it holds, at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'the condition'): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error(`Timed out after ${ms} ms waiting for ${what}.`);
}

/**
 * A clock that moves only when told: the engine's timers (backoff, Retry-After, recounts) fire in
 * order as time is advanced. PouchDB's own I/O still runs on the real event loop.
 */
export class FakeClock {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.t = start;
  }

  now = (): number => this.t;

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  /** Moves time forward by `ms`, firing every timer that falls due, earliest first. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | null = null;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
  }

  /** Timers waiting, with how long until each fires. */
  pending(): number[] {
    return [...this.timers.values()].map((x) => x.at - this.t).sort((a, b) => a - b);
  }
}

/** The real app over `store` with its clock at `now()` (sessions, token expiry), on 127.0.0.1. */
export async function listenAt(store: Store, dir: string, now: () => number): Promise<Running> {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir });
  const app = createApp({ config, store, mailer: new DevOutbox(), authSecret: SECRET, rateLimits: false, now });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    app,
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
