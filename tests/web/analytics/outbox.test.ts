import { describe, expect, it, vi } from 'vitest';
import { Outbox, OUTBOX_BATCH_SIZE, OUTBOX_KEY, OUTBOX_LIMIT, type OutboxEvent, type SendBatch, type StorageLike } from '../../../src/client/outbox';

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

const ev = (n: number, data: Record<string, unknown> | null = null): OutboxEvent => ({
  id: `e${n}`,
  event_type: 'page_view',
  event_category: 'navigation',
  event_data: data,
  page_url: `/p${n}`,
  queued_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
});

/** A server that accepts everything (201), recording the batches. */
function acceptingServer() {
  const batches: OutboxEvent[][] = [];
  const send: SendBatch = async (events) => {
    batches.push(events);
    return { results: events.map((_, index) => ({ index, status: 201 })) };
  };
  return { batches, send };
}

describe('Outbox', () => {
  it('persists under earnest-analytics-outbox, oldest first', () => {
    const storage = new MemoryStorage();
    const box = new Outbox({ storage });
    box.enqueue(ev(1));
    box.enqueue(ev(2));
    expect(OUTBOX_KEY).toBe('earnest-analytics-outbox');
    expect(JSON.parse(storage.getItem(OUTBOX_KEY)!).map((e: OutboxEvent) => e.id)).toEqual(['e1', 'e2']);
    // Another instance on the same storage (a reload) sees them.
    expect(new Outbox({ storage }).read().map((e) => e.id)).toEqual(['e1', 'e2']);
  });

  it('is capped at 500 entries, dropping the oldest', () => {
    expect(OUTBOX_LIMIT).toBe(500);
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 503; i++) box.enqueue(ev(i));
    const ids = box.read().map((e) => e.id);
    expect(ids).toHaveLength(500);
    expect(ids[0]).toBe('e4');
    expect(ids.at(-1)).toBe('e503');
  });

  it('a repeated id replaces the queued copy (no double counting)', () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1));
    box.enqueue({ ...ev(1), page_url: '/again' });
    expect(box.read()).toEqual([expect.objectContaining({ id: 'e1', page_url: '/again' })]);
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
    expect(result).toEqual({ sent: 120, rejected: 0, remaining: 0, failed: false });
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('keeps batches under the byte limit (the server refuses bodies over 16 KB)', async () => {
    const box = new Outbox({ storage: new MemoryStorage(), batchBytes: 15 * 1024 });
    const big = { note: 'x'.repeat(3000) };
    for (let i = 1; i <= 10; i++) box.enqueue(ev(i, big));
    const server = acceptingServer();
    await box.flush(server.send);
    for (const batch of server.batches) {
      expect(new TextEncoder().encode(JSON.stringify({ events: batch })).length).toBeLessThanOrEqual(15 * 1024);
    }
    expect(server.batches.flat()).toHaveLength(10);
    expect(box.size()).toBe(0);
  });

  it('stops at a failed batch and keeps it (and the rest) for later', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 70; i++) box.enqueue(ev(i));
    let calls = 0;
    const result = await box.flush(async (events) => {
      calls++;
      if (calls === 2) throw new Error('offline');
      return { results: events.map((_, index) => ({ index, status: 201 })) };
    });
    expect(result).toEqual({ sent: 50, rejected: 0, remaining: 20, failed: true });
    expect(box.read()[0].id).toBe('e51');
    // Next time it goes through.
    const server = acceptingServer();
    await box.flush(server.send);
    expect(box.size()).toBe(0);
  });

  it('drops events the server refuses (4xx) and counts duplicates as sent', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 3; i++) box.enqueue(ev(i));
    const result = await box.flush(async () => ({
      results: [
        { index: 0, status: 201 },
        { index: 1, status: 200 },
        { index: 2, status: 400 },
      ],
    }));
    expect(result).toEqual({ sent: 2, rejected: 1, remaining: 0, failed: false });
  });

  it('keeps what the answer does not account for', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    for (let i = 1; i <= 3; i++) box.enqueue(ev(i));
    const result = await box.flush(async () => ({ results: [{ index: 0, status: 201 }] }));
    expect(result.failed).toBe(true);
    expect(box.read().map((e) => e.id)).toEqual(['e2', 'e3']);
  });

  it('events queued during a flush stay queued', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1));
    await box.flush(async (events) => {
      box.enqueue(ev(2));
      return { results: events.map((_, index) => ({ index, status: 201 })) };
    });
    expect(box.read().map((e) => e.id)).toEqual(['e2']);
  });

  it('one flush at a time: a second call joins the first', async () => {
    const box = new Outbox({ storage: new MemoryStorage() });
    box.enqueue(ev(1));
    const send = vi.fn<SendBatch>(async (events) => ({ results: events.map((_, index) => ({ index, status: 201 })) }));
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
