/**
 * The browser's session code (src/client/api.ts, auth.ts) against the real server (issue 11 item 8):
 * a refresh whose answer is lost, a proxy's 5xx while the server restarts, or being offline never
 * signs the user out; only a definite 401 does. Together with the server's grace rules this is what
 * "killing Chromium a few seconds after opening /app signs the user out on relaunch" needed.
 */
import { network } from './browser';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, currentAccessToken, refreshSession, setSession } from '../../../src/client/api';
import { restoreSession, signIn, signOut } from '../../../src/client/auth';
import { useSession } from '../../../src/client/session';
import { harness, PW, type Harness } from '../../server/subscription/helpers';

let h: Harness;
let server: Server;

beforeEach(async () => {
  h = harness('earnest-web-session-');
  server = await new Promise<Server>((resolve) => {
    const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  network.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  network.offline = false;
  network.gatewayDown = false;
  network.loseNextAnswer = false;
  network.cookies.clear();
  network.sent = [];
  localStorage.clear();
  setSession(null, null);
  useSession.getState().setUser(null);
  await h.signup('ada@example.com');
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const signedInAs = () => useSession.getState().user?.id ?? null;

async function signedInBrowser(): Promise<void> {
  await signIn('ada@example.com', PW);
  expect(signedInAs()).toBe('user:ada@example.com');
  expect(network.cookies.has('earnest_refresh')).toBe(true);
}

describe('the browser session', () => {
  it('a refresh whose answer was lost (browser killed) keeps the user signed in, minutes later too', async () => {
    await signedInBrowser();
    const before = network.cookies.get('earnest_refresh');
    // Opening /app: the refresh reaches the server, which rotates the cookie; the browser dies.
    network.loseNextAnswer = true;
    await expect(refreshSession()).rejects.toMatchObject({ status: 0 });
    expect(network.cookies.get('earnest_refresh')).toBe(before);
    expect(signedInAs()).toBe('user:ada@example.com');
    // Relaunch ten minutes later with the pre-rotation cookie.
    h.clock.now += 10 * 60_000;
    await restoreSession();
    expect(signedInAs()).toBe('user:ada@example.com');
    expect(network.cookies.get('earnest_refresh')).not.toBe(before);
    const me = await api<{ user: { id: string } }>('/api/auth/me');
    expect(me.user.id).toBe('user:ada@example.com');
  });

  it('a 502 from the proxy while the server restarts does not sign out; the next start confirms the session', async () => {
    await signedInBrowser();
    network.gatewayDown = true;
    await restoreSession();
    expect(signedInAs()).toBe('user:ada@example.com');
    network.gatewayDown = false;
    await restoreSession();
    expect(signedInAs()).toBe('user:ada@example.com');
    expect(currentAccessToken()).toBeTruthy();
  });

  it('offline does not sign out', async () => {
    await signedInBrowser();
    network.offline = true;
    await restoreSession();
    expect(signedInAs()).toBe('user:ada@example.com');
  });

  it('a session the server ended (401) does sign out', async () => {
    await signedInBrowser();
    const cookie = network.cookies.get('earnest_refresh')!;
    await signOut();
    expect(signedInAs()).toBeNull();
    // A stored user whose cookie the server no longer accepts.
    useSession.getState().setUser({ id: 'user:ada@example.com', email: 'ada@example.com' });
    network.cookies.set('earnest_refresh', cookie);
    await restoreSession();
    expect(signedInAs()).toBeNull();
  });

  it('four parallel calls without a token refresh once and all succeed', async () => {
    await signedInBrowser();
    setSession({ id: 'user:ada@example.com', email: 'ada@example.com' }, null); // a reload: no token in memory
    network.sent = [];
    const answers = await Promise.all(Array.from({ length: 4 }, () => api<{ user: { id: string } }>('/api/auth/me')));
    expect(answers.map((a) => a.user.id)).toEqual(Array(4).fill('user:ada@example.com'));
    expect(network.sent.filter((p) => p === '/api/auth/refresh')).toHaveLength(1);
  });
});
