/**
 * The page tells the data worker's sync engine of every access token it gets (src/client/api.ts on
 * the `earnest-auth-token` channel, in the shape src/local/sync/tokens.ts reads), so replication
 * uses the page's fresh token instead of refreshing again with a cookie the page has just rotated,
 * and stops asking once the page has signed out. The page side runs against the real server; the
 * engine's token source listens on a real BroadcastChannel, as in the worker.
 */
import { network } from './browser';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentAccessToken, refreshSession, setSession } from '../../../src/client/api';
import { signIn, signOut } from '../../../src/client/auth';
import { useSession } from '../../../src/client/session';
import { createTokenSource, type SharedTokenSource } from '../../../src/local/sync/tokens';
import { harness, PW, type Harness } from '../../server/subscription/helpers';

let h: Harness;
let server: Server;
let worker: SharedTokenSource;
let workerRefreshes = 0;

beforeEach(async () => {
  h = harness('earnest-web-token-channel-');
  server = await new Promise<Server>((resolve) => {
    const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  network.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  network.offline = false;
  network.cookies.clear();
  localStorage.clear();
  setSession(null, null);
  useSession.getState().setUser(null);
  await h.signup('ada@example.com');
  workerRefreshes = 0;
  // The worker's token source: its own refresh is counted, never needed here.
  worker = createTokenSource({
    initial: null,
    refresh: async () => {
      workerRefreshes++;
      return 'worker-refreshed';
    },
    locks: null,
  });
});

afterEach(async () => {
  worker.close();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const heard = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('access tokens shared with the data worker', () => {
  it('reach the worker on sign-in and on each refresh; a sign-out stops the worker asking', async () => {
    await signIn('ada@example.com', PW);
    const first = currentAccessToken();
    expect(first).toMatch(/^ey/);
    expect(await heard(() => worker.current() === first)).toBe(true);

    // The worker's token expired meanwhile; the page refreshes first.
    worker.set('expired-token');
    expect(await refreshSession()).toBe(true);
    const second = currentAccessToken();
    expect(second).toMatch(/^ey/);
    expect(await heard(() => worker.current() === second)).toBe(true);
    // A request the server refused with the expired token takes the page's new one: no refresh of its own.
    expect(await worker.refresh('expired-token')).toBe(second);
    expect(workerRefreshes).toBe(0);

    await signOut();
    expect(await heard(() => worker.current() === null)).toBe(true);
    // Signed out: the worker's 401 is final until the next sign-in, without asking the server.
    expect(await worker.refresh(second)).toBeNull();
    expect(workerRefreshes).toBe(0);
  });
});
