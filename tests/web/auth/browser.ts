/**
 * What the session code finds in a browser page, for Node: Web Storage and a `fetch` that resolves
 * the page's relative `/api/…` paths against a real server on loopback and keeps cookies like a
 * browser (one jar, Set-Cookie honoured, the cookie sent back). Import this FIRST: the session store
 * picks its storage when its module loads.
 *
 * Three things stand in for what only a real browser or network does:
 * - `network.loseNextAnswer`: the request reaches the server, which answers, but the page never
 *   reads the answer and the browser keeps none of its cookies (a browser killed mid-refresh, or
 *   one that died before writing the rotated cookie to disk).
 * - `network.gatewayDown`: a reverse proxy answers 502 because the server is restarting.
 * - `network.offline`: every request fails as a browser's does (a TypeError).
 */

import { MemoryStorage } from '../memoryStorage';

export const network = {
  /** The server's origin, e.g. http://127.0.0.1:40123. */
  base: '',
  offline: false,
  gatewayDown: false,
  loseNextAnswer: false,
  /** name → value; what the browser would send (paths are not modelled: every cookie here is /api/auth). */
  cookies: new Map<string, string>(),
  /** Paths requested, in order. */
  sent: [] as string[],
};

const g = globalThis as Record<string, unknown>;
g.localStorage = new MemoryStorage();
g.sessionStorage = new MemoryStorage();

function keepCookies(res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a));
    if (expired || value === '') network.cookies.delete(name);
    else network.cookies.set(name, value);
  }
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  if (network.offline) throw new TypeError('Failed to fetch');
  const path = String(input);
  network.sent.push(path);
  if (network.gatewayDown) return new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } });
  const headers = new Headers(init.headers);
  if (network.cookies.size > 0) headers.set('Cookie', [...network.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await realFetch(new URL(path, network.base), { ...init, headers });
  if (network.loseNextAnswer) {
    network.loseNextAnswer = false;
    await res.arrayBuffer();
    throw new TypeError('Failed to fetch');
  }
  keepCookies(res);
  return res;
};
