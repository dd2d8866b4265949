/**
 * The analytics outbox: events that could not be sent (offline, network failure, server error)
 * wait in localStorage under `earnest-analytics-outbox` and go out in batches of at most 50
 * (`POST /api/analytics/events/batch`) when the browser comes back online or on the next load.
 *
 * - Capped at 500 entries; when full, the oldest are dropped.
 * - Every event carries a client id, so a batch whose answer was lost can be sent again and each
 *   event still counts once on the server (it answers `duplicate` for a repeat).
 * - An event the server refuses (400) is dropped: sending it again would not change the answer.
 * - Storage is read and written on every change, so two tabs adding at once lose nothing worse
 *   than a race between their writes; flushing removes entries by id, never by position.
 */

export const OUTBOX_KEY = 'earnest-analytics-outbox';
export const OUTBOX_LIMIT = 500;
export const OUTBOX_BATCH_SIZE = 50;
/** The server refuses analytics bodies over 16 KB; batches stay under this many bytes of JSON. */
export const OUTBOX_BATCH_BYTES = 15 * 1024;

/** One queued event, in the shape `/api/analytics/events` takes (plus when it was queued). */
export interface OutboxEvent {
  id: string;
  event_type: string;
  event_category: string;
  event_data: Record<string, unknown> | null;
  page_url: string | null;
  queued_at: string;
}

/** The batch endpoint's per-event answer. */
export interface BatchResult {
  index: number;
  status: number;
}

/** Sends one batch; throws when the batch as a whole did not get through (network, 5xx). */
export type SendBatch = (events: OutboxEvent[]) => Promise<{ results: BatchResult[] }>;

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface OutboxOptions {
  storage: StorageLike | null;
  key?: string;
  limit?: number;
  batchSize?: number;
  batchBytes?: number;
}

export interface FlushResult {
  /** Accepted or already recorded (duplicates). */
  sent: number;
  /** Refused by the server and dropped. */
  rejected: number;
  /** Still waiting. */
  remaining: number;
  /** True when a batch failed and flushing stopped. */
  failed: boolean;
}

function isOutboxEvent(v: unknown): v is OutboxEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.id === 'string' && typeof e.event_type === 'string' && typeof e.event_category === 'string';
}

export class Outbox {
  private readonly storage: StorageLike | null;
  private readonly key: string;
  private readonly limit: number;
  private readonly batchSize: number;
  private readonly batchBytes: number;
  /** Used when storage is missing or throws (private mode, quota): the queue lives in memory. */
  private memory: OutboxEvent[] = [];
  private flushing: Promise<FlushResult> | null = null;

  constructor(options: OutboxOptions) {
    this.storage = options.storage;
    this.key = options.key ?? OUTBOX_KEY;
    this.limit = Math.max(1, options.limit ?? OUTBOX_LIMIT);
    this.batchSize = Math.max(1, options.batchSize ?? OUTBOX_BATCH_SIZE);
    this.batchBytes = Math.max(1, options.batchBytes ?? OUTBOX_BATCH_BYTES);
  }

  /** The queued events, oldest first. */
  read(): OutboxEvent[] {
    if (!this.storage) return [...this.memory];
    try {
      const raw = this.storage.getItem(this.key);
      if (!raw) return [];
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter(isOutboxEvent) : [];
    } catch {
      return [...this.memory];
    }
  }

  private write(events: OutboxEvent[]): void {
    this.memory = events;
    if (!this.storage) return;
    try {
      if (events.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(events));
    } catch {
      // Quota or a locked-down browser: the in-memory copy still holds them for this view.
    }
  }

  size(): number {
    return this.read().length;
  }

  /** Queues an event (a repeat of a queued id replaces it); the oldest go when over the cap. */
  enqueue(event: OutboxEvent): void {
    const events = this.read().filter((e) => e.id !== event.id);
    events.push(event);
    this.write(events.length > this.limit ? events.slice(events.length - this.limit) : events);
  }

  clear(): void {
    this.write([]);
  }

  /**
   * Sends everything queued, a batch at a time, oldest first. Stops at the first batch that fails
   * (it stays queued for the next attempt). One flush at a time: a second call joins the first.
   */
  flush(send: SendBatch): Promise<FlushResult> {
    this.flushing ??= this.run(send).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Up to `batchSize` events from `start` whose JSON stays under `batchBytes` (at least one). */
  private nextBatch(pending: OutboxEvent[], start: number): OutboxEvent[] {
    const encoder = new TextEncoder();
    const batch: OutboxEvent[] = [];
    let bytes = 16; // {"events":[]}
    for (let i = start; i < pending.length && batch.length < this.batchSize; i++) {
      const size = encoder.encode(JSON.stringify(pending[i])).length + 1;
      if (batch.length > 0 && bytes + size > this.batchBytes) break;
      batch.push(pending[i]);
      bytes += size;
    }
    return batch;
  }

  private async run(send: SendBatch): Promise<FlushResult> {
    let sent = 0;
    let rejected = 0;
    let failed = false;
    // Only what was queued when the flush began: events added meanwhile wait for the next flush,
    // so a server that keeps failing each event cannot keep this loop going.
    const pending = this.read();
    for (let start = 0; start < pending.length; ) {
      const batch = this.nextBatch(pending, start);
      start += batch.length;
      let results: BatchResult[];
      try {
        results = (await send(batch)).results;
      } catch {
        failed = true;
        break;
      }
      const done = new Set<string>();
      for (const r of results) {
        const event = batch[r.index];
        if (!event) continue;
        if (r.status === 200 || r.status === 201) {
          done.add(event.id);
          sent++;
        } else if (r.status >= 400 && r.status < 500) {
          done.add(event.id);
          rejected++;
        }
      }
      this.write(this.read().filter((e) => !done.has(e.id)));
      // An answer that does not account for the whole batch: try the rest another time.
      if (done.size < batch.length) {
        failed = true;
        break;
      }
    }
    return { sent, rejected, remaining: this.size(), failed };
  }
}

function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The page's outbox (localStorage). */
export const analyticsOutbox = new Outbox({ storage: browserStorage() });
