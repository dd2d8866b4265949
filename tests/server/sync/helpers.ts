import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import memoryAdapter from 'pouchdb-adapter-memory';
import type { Express } from 'express';
import { createApp } from '../../../server/app';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessTokenSettings, signAccessToken } from '../../../server/auth';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';
import { ensureHomeTeam } from '../../../server/teams/home';

PouchDB.plugin(memoryAdapter);
export { PouchDB };

export const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A fresh access token for a user id, at the real clock. */
export function tokenFor(userId: string, now = Date.now()): Promise<string> {
  const settings = accessTokenSettings({ secret: SECRET, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
  return signAccessToken(settings, { sub: userId }, new Date(now));
}

export interface Running {
  app: Express;
  server: Server;
  port: number;
  origin: string;
  stop(): Promise<void>;
}

/** The real app over `store`, listening on 127.0.0.1 (port 0 = any free port). */
export async function listen(store: Store, dir: string, port = 0, env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, ...env });
  const app = createApp({ config, store, mailer: new DevOutbox(), authSecret: SECRET, rateLimits: false });
  const server = app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    app,
    server,
    port: actual,
    origin: `http://127.0.0.1:${actual}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface World {
  dir: string;
  store: Store;
  ownerId: string;
  teamId: string;
  reopen(): Store;
  close(): Promise<void>;
}

/** A LevelDB store in a temp dir with one user who owns a home team. */
export async function world(prefix: string, email = 'ada@example.com'): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const w: World = {
    dir,
    store: openStore({ dataDir: dir }),
    ownerId: `user:${email}`,
    teamId: '',
    reopen() {
      w.store = openStore({ dataDir: dir });
      return w.store;
    },
    async close() {
      await w.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  w.teamId = await ensureHomeTeam(w.store, w.ownerId, Date.now());
  return w;
}

/** The browser's remote database: PouchDB's HTTP adapter with a bearer token, as the client opens it. */
export function remoteDb(origin: string, teamId: string, token: string): PouchDB.Database {
  return new PouchDB(`${origin}/db/${teamId}`, {
    skip_setup: true,
    fetch: (url: string | Request, opts?: RequestInit) => {
      const o = opts ?? {};
      const headers = new Headers(o.headers);
      headers.set('Authorization', `Bearer ${token}`);
      return PouchDB.fetch(url, { ...o, headers });
    },
  } as PouchDB.Configuration.RemoteDatabaseConfiguration);
}

let n = 0;
/** An empty in-memory "browser" database. */
export function localDb(name = 'browser'): PouchDB.Database {
  return new PouchDB(`${name}-${Date.now()}-${n++}`, { adapter: 'memory' });
}
