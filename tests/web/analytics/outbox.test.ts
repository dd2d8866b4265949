/**
 * The outbox itself (src/client/outbox.ts): what it keeps, in what order, within which bounds, and
 * how a flush settles records. The sending side against the real server is in tracking.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  Outbox,
  OUTBOX_BATCH_SIZE,
  OUTBOX_KEY,
  OUTBOX_LIMIT,
  OUTBOX_MAX_BYTES,
  type EventItem,
  type OutboxItem,
  type SendBatch,
  type StorageLike,
} from '../../../src/client/outbox';

class MemoryStorage implements StorageLike {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

/** Storage with a quota, like a browser's: a write over `quota` characters throws. */
class QuotaStorage extends MemoryStorage {
  constructor(private readonly quota: number) {
    super();
  }
  override setItem(k: string, v: string) {
    if (v.length > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    super.setItem(k, v);
  }
}

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

const ev = (n: number, data: Record<string, unknown> | null = null, owner: string | null = null): EventItem => ({
  kind: 'event',
  id: `e${n}`,
  occurred_at: at(n),
  owner,
  event_type: 'page_view',
  event_category: 'navigation',
  event_data: data,
  page_url: `/p${n}`,
});

/** A server that accepts everything (201), recording the batches and their owners. */
function acceptingServer() {
  const batches: OutboxItem[][] = [];
  const owners: (string | null)[] = [];
  const send: SendBatch = async (items, owner) => {
    batches.push(items);
    owners.push(owner);
    return { results: items.map((_, index) => ({ index, status: 201 })) };
  };
  return { batches, owners, send };
}

describe('Outbox', () => {
  it('persists under earnest-analytics-outbox, oldest first, each record with the time it happened', () => {
    const storage = new MemoryStorage();
    const box = new Outbox({ storage });
    box.enqueue(ev(1));
    box.enqueue(ev(2));
    expect(OUTBOX_KEY).toBe('earnest-analytics-outbox');
    const stored = JSON.parse(storage.getItem(OUTBOX_KEY)!) as OutboxItem[];
    expect(stored.map((e) => [e.id, e.occurred_at])).toEqual([
      ['e1', at(1)],
      ['e2', at(2)],
    ]);
    // Another instance on the same storage (a reload) sees them.
    expect(new Outbox({ storage }).read().map((e) => e.id)).toEqual(['e1', 'e2']);
  });

  it('holds every kind of record: events, funnel steps, session starts and updates', () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    const items: OutboxItem[] = [
      { kind: 'session_start', id: 's1', occurred_at: at(1), owner: null, session_start: at(1), page_url: '/' },
      ev(2),
      { kind: 'funnel', id: 'f3', occurred_at: at(3), owner: null, funnel_step: 'pricing_viewed', metadata: null },
      { kind: 'session_update', id: 'u4', occurred_at: at(4), owner: null, session_id: 's1', pages_visited: 1 },
    ];
    for (const i of items) box.enqueue(i);
    expect(box.read()).toEqual(items);
  });

  it('reads records queued by the earlier, events-only outbox as events at their queued_at time', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      OUTBOX_KEY,
      JSON.stringify([{ id: 'old-1', event_type: 'page_view', event_category: 'navigation', event_data: null, page_url: '/', queued_at: at(7) }, { junk: true }]),
    );
    expect(new Outbox({ storage }).read()).toEqual([
      { kind: 'event', id: 'old-1', occurred_at: at(7), owner: null, event_type: 'page_view', event_category: 'navigation', event_data: null, page_url: '/' },
    ]);
  });

  it('is capped at 500 records, dropping the oldest without a word', () => {
    expect(OUTBOX_LIMIT).toBe(500);
    const box = new Outbox({ storage: new MemoryStorage() });
    expect(() => {
      for (let i = 1; i <= 503; i++) box.enqueue(ev(i));
    }).not.toThrow();
    const ids = box.read().map((e) => e.id);
    expect(ids).toHaveLength(500);
    expect(ids[0]).toBe('e4');
    expect(ids.at(-1)).toBe('e503');
  });

  it('is capped at 1 MB of JSON, dropping the oldest', () => {
    expect(OUTBOX_MAX_BYTES).toBe(1024 * 1024);
    const storage = new MemoryStorage();
    const box = new Outbox({ storage, maxBytes: 10_000 });
    const big = { note: 'x'.repeat(2000) };
    for (let i = 1; i <= 10; i++) box.enqueue(ev(i, big));
    const ids = box.read().map((e) => e.id);
    expect(ids.at(-1)).toBe('e10');
    expect(ids.length).toBeLessThan(10);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, k) => `e${10 - ids.length + 1 + k}`));
    expect(storage.getItem(OUTBOX_KEY)!.length).toBeLessThanOrEqual(10_000);
  });

  it('when the storage quota refuses a write, the oldest go and the newest are kept; nothing throws', () => {
    const storage = new QuotaStorage(3000);
    const box = new Outbox({ storage });
    for (let i = 1; i <= 40; i++) box.enqueue(ev(i));
    const ids = box.read().map((e) => e.id);
    expect(ids.at(-1)).toBe('e40');
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(40);
    expect(storage.getItem(OUTBOX_KEY)!.length).toBeLessThanOrEqual(3000);
  });

  it('storage that refuses every write: the queue lives in memory for this view', async () => {
    const box = new Outbox({ storage: new QuotaStorage(0) });
    box.enqueue(ev(1));
    box.enqueue(ev(2));
    expect(box.read().map((e) => e.id)).toEqual(['e1', 'e2']);
    await box.flush(acceptingServer().send);
    expect(box.size()).toBe(0);
  });

  it('a repeated id replaces the queued copy (no double counting)', () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1));
    box.enqueue({ ...ev(1), page_url: '/again' });
    expect(box.read()).toEqual([expect.objectContaining({ id: 'e1', page_url: '/again' })]);
  });

  it('a newer record can supersede queued ones (an older page count of the same session)', () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    const count = (id: string, pages: number): OutboxItem => ({ kind: 'session_update', id, occurred_at: at(pages), owner: null, session_id: 's1', pages_visited: pages });
    box.enqueue({ kind: 'session_start', id: 's1', occurred_at: at(0), owner: null, session_start: at(0), page_url: '/' });
    box.enqueue(count('u1', 1));
    box.enqueue(ev(2));
    box.enqueue(count('u2', 2), (q) => q.kind === 'session_update' && q.session_id === 's1');
    expect(box.read().map((e) => e.id)).toEqual(['s1', 'e2', 'u2']);
  });

  it('flushes in batches of at most 50, in order, and empties the storage', async () => {
    expect(OUTBOX_BATCH_SIZE).toBe(50);
    const storage = new MemoryStorage();
    const box = new Outbox({ storage });
    for (let i = 1; i <= 120; i++) box.enqueue(ev(i));
    const server = acceptingServer();
    const result = await box.flush(server.send);
    expect(server.batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(server.batches.flat().map((e) => e.id)).toEqual(Array.from({ length: 120 }, (_, i) => `e${i + 1}`));
    // Sent with the time each happened, not the time of sending.
    expect(server.batches.flat().map((e) => e.occurred_at)).toEqual(Array.from({ length: 120 }, (_, i) => at(i + 1)));
    expect(result).toEqual({ sent: 120, rejected: 0, remaining: 0, failed: false });
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('a batch holds one owner’s records, in queue order', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1, null, null));
    box.enqueue(ev(2, null, null));
    box.enqueue(ev(3, null, 'user:ada'));
    box.enqueue(ev(4, null, null));
    const server = acceptingServer();
    await box.flush(server.send);
    expect(server.batches.map((b) => b.map((e) => e.id))).toEqual([['e1', 'e2'], ['e3'], ['e4']]);
    expect(server.owners).toEqual([null, 'user:ada', null]);
  });

  it('records of an owner that cannot be sent now wait in place; the others go', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1, null, 'user:ada'));
    box.enqueue(ev(2, null, null));
    box.enqueue(ev(3, null, 'user:ada'));
    const server = acceptingServer();
    const result = await box.flush(server.send, (owner) => owner !== 'user:ada');
    expect(server.batches.flat().map((e) => e.id)).toEqual(['e2']);
    expect(result).toEqual({ sent: 1, rejected: 0, remaining: 2, failed: false });
    expect(box.read().map((e) => e.id)).toEqual(['e1', 'e3']);
  });

  it('keeps batches under the byte limit (the server refuses bodies over 16 KB)', async () => {
    const box = new Outbox({ storage: new MemoryStorage(), batchBytes: 15 * 1024 });
    const big = { note: 'x'.repeat(3000) };
    for (let i = 1; i <= 10; i++) box.enqueue(ev(i, big));
    const server = acceptingServer();
    await box.flush(server.send);
    for (const batch of server.batches) {
      expect(new TextEncoder().encode(JSON.stringify({ items: batch })).length).toBeLessThanOrEqual(15 * 1024);
    }
    expect(server.batches.flat()).toHaveLength(10);
    expect(box.size()).toBe(0);
  });

  it('stops at a failed batch and keeps it (and the rest) for later', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 70; i++) box.enqueue(ev(i));
    let calls = 0;
    const result = await box.flush(async (items) => {
      calls++;
      if (calls === 2) throw new Error('offline');
      return { results: items.map((_, index) => ({ index, status: 201 })) };
    });
    expect(result).toEqual({ sent: 50, rejected: 0, remaining: 20, failed: true });
    expect(box.read()[0].id).toBe('e51');
    // Next time it goes through.
    const server = acceptingServer();
    await box.flush(server.send);
    expect(box.size()).toBe(0);
  });

  it('drops records the server refuses (4xx) and counts duplicates as sent', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 4; i++) box.enqueue(ev(i));
    const result = await box.flush(async () => ({
      results: [
        { index: 0, status: 201 },
        { index: 1, status: 200 },
        { index: 2, status: 400 },
        { index: 3, status: 404 },
      ],
    }));
    expect(result).toEqual({ sent: 2, rejected: 2, remaining: 0, failed: false });
  });

  it('keeps what the answer does not account for, or answers with a server error', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 3; i++) box.enqueue(ev(i));
    const result = await box.flush(async () => ({
      results: [
        { index: 0, status: 201 },
        { index: 1, status: 500 },
      ],
    }));
    expect(result.failed).toBe(true);
    expect(box.read().map((e) => e.id)).toEqual(['e2', 'e3']);
  });

  it('records queued during a flush stay queued for the next one', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1));
    await box.flush(async (items) => {
      box.enqueue(ev(2));
      return { results: items.map((_, index) => ({ index, status: 201 })) };
    });
    expect(box.read().map((e) => e.id)).toEqual(['e2']);
  });

  it('settle removes only the answered records of a batch sent elsewhere (a page going away)', () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 3; i++) box.enqueue(ev(i));
    const batch = box.nextBatch();
    expect(batch?.items.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    expect(box.settle(batch!.items, [{ index: 1, status: 201 }])).toEqual({ sent: 1, rejected: 0, complete: false });
    expect(box.read().map((e) => e.id)).toEqual(['e1', 'e3']);
  });

  it('one flush at a time: a second call joins the first', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1));
    const send = vi.fn<SendBatch>(async (items) => ({ results: items.map((_, index) => ({ index, status: 201 })) }));
    const [a, b] = await Promise.all([box.flush(send), box.flush(send)]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(a).toEqual(b);
  });

  it('survives unreadable storage and works from memory without storage', async () => {
    const storage = new MemoryStorage();
    storage.setItem(OUTBOX_KEY, '{not json');
    const box = new Outbox({ storage });
    expect(box.read()).toEqual([]);
    box.enqueue(ev(1));
    expect(box.size()).toBe(1);

    const memoryOnly = new Outbox({ storage: null });
    memoryOnly.enqueue(ev(1));
    expect(memoryOnly.size()).toBe(1);
    await memoryOnly.flush(acceptingServer().send);
    expect(memoryOnly.size()).toBe(0);
  });
});
