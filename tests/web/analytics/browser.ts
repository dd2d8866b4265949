/**
 * What the tracking code finds in a browser page, for Node: Web Storage, `navigator.onLine`, and a
 * `fetch` that resolves the page's relative `/api/…` paths against a real server on loopback.
 * Import this FIRST: the outbox picks its storage when its module loads.
 *
 * Being offline is the one thing stood in for: with `network.offline` the browser says so
 * (`navigator.onLine` false) and every request fails as a browser's does (a TypeError); with
 * `network.failing` requests fail while the browser still thinks it is online (a dropped
 * connection). Every request that does go out is logged, with its JSON body.
 */

import { MemoryStorage } from '../memoryStorage';

export interface SentRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  keepalive: boolean;
}

export const network = {
  /** The server's origin, e.g. http://127.0.0.1:40123. */
  base: '',
  offline: false,
  failing: false,
  sent: [] as SentRequest[],
};

const g = globalThis as Record<string, unknown>;
g.localStorage = new MemoryStorage();
g.sessionStorage = new MemoryStorage();
Object.defineProperty(globalThis, 'navigator', {
  value: {
    userAgent: 'Node.js',
    get onLine() {
      return !network.offline;
    },
  },
  configurable: true,
  writable: true,
});

const realFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  if (network.offline || network.failing) throw new TypeError('Failed to fetch');
  const path = String(input);
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  network.sent.push({
    path,
    method: init.method ?? 'GET',
    headers,
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    keepalive: init.keepalive === true,
  });
  return realFetch(new URL(path, network.base), init);
};
