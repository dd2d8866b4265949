/**
 * The token source (src/local/sync/tokens.ts): one refresh for any number of requests refused with
 * the same token, none once the session is refused until a new sign-in, refreshes serialised under
 * the shared Web Lock, and a token refreshed in one context used by another (BroadcastChannel).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenSource, type LockManagerLike, type SharedTokenSource } from '../../../src/local/sync/tokens';

/** Web Locks as the browser grants them: one holder per name, the rest queued in order. */
class Locks implements LockManagerLike {
  private tails = new Map<string, Promise<unknown>>();
  held: string[] = [];
  request<T>(name: string, cb: (lock: unknown) => Promise<T> | T): Promise<T> {
    const prev = this.tails.get(name) ?? Promise.resolve();
    const run = prev.then(async () => {
      this.held.push(name);
      try {
        return await cb({ name });
      } finally {
        this.held.pop();
      }
    });
    this.tails.set(name, run.catch(() => undefined));
    return run;
  }
}

const sources: SharedTokenSource[] = [];
afterEach(() => {
  for (const s of sources.splice(0)) s.close();
});
const source = (...args: Parameters<typeof createTokenSource>) => {
  const s = createTokenSource(...args);
  sources.push(s);
  return s;
};

describe('token source', () => {
  it('refreshes once for every request refused with the same token', async () => {
    let calls = 0;
    const s = source({ initial: 't0', refresh: async () => `t${++calls}`, locks: null, channelName: null });
    const all = await Promise.all(Array.from({ length: 5 }, () => s.refresh('t0')));
    expect(all).toEqual(['t1', 't1', 't1', 't1', 't1']);
    expect(calls).toBe(1);
    expect(s.current()).toBe('t1');
    // A request that failed with the old token after the refresh gets the new one, no new refresh.
    expect(await s.refresh('t0')).toBe('t1');
    expect(calls).toBe(1);
    expect(await s.refresh('t1')).toBe('t2');
  });

  it('asks the server once when it refuses the session, and again only after a new sign-in', async () => {
    let calls = 0;
    const s = source({ initial: 'old', refresh: async () => (++calls, null), locks: null, channelName: null });
    expect(await s.refresh('old')).toBeNull();
    expect(await s.refresh('old')).toBeNull();
    expect(await s.refresh(null)).toBeNull();
    expect(calls).toBe(1);
    s.set('signed-in-again');
    expect(s.current()).toBe('signed-in-again');
    expect(await s.refresh('signed-in-again')).toBeNull();
    expect(calls).toBe(2);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    let online = false;
    const s = source({
      initial: 't0',
      refresh: async () => {
        if (!online) throw new Error('offline');
        return 't1';
      },
      locks: null,
      channelName: null,
    });
    await expect(s.refresh('t0')).rejects.toThrow('offline');
    expect(s.current()).toBe('t0');
    online = true;
    expect(await s.refresh('t0')).toBe('t1');
  });

  it('serialises refreshes of two contexts under the shared lock: the second uses the token the first got', async () => {
    const locks = new Locks();
    let server = 0;
    const inLock: boolean[] = [];
    const refresh = async () => {
      inLock.push(locks.held.includes('earnest-auth-refresh'));
      await new Promise((r) => setTimeout(r, 20));
      return `t${++server}`;
    };
    const channelName = `test-token-${Math.random()}`;
    const tabA = source({ initial: 't0', refresh, locks, channelName });
    const tabB = source({ initial: 't0', refresh, locks, channelName });
    const a = tabA.refresh('t0');
    await new Promise((r) => setTimeout(r, 5)); // A holds the lock; B queues behind it
    const b = tabB.refresh('t0');
    expect(await a).toBe('t1');
    expect(await b).toBe('t1');
    expect(server).toBe(1);
    expect(inLock).toEqual([true]);
    expect(tabB.current()).toBe('t1');
  });
});
