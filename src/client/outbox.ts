/**
 * The analytics outbox: every tracking record — events, funnel steps, session starts and session
 * updates — is queued here first, in localStorage under `earnest-analytics-outbox`, and sent in
 * order, in batches (`POST /api/analytics/batch`), as soon as the browser is online; whatever cannot
 * go now (offline, network failure, server error) goes when the connection returns or on the next
 * load. So a record made offline reaches the server, and one session's updates never arrive before
 * its start.
 *
 * - Each record carries `occurred_at`, the client's clock when it was recorded: the server keeps
 *   that as the record's time (a replay hours later still counts when it happened).
 * - Each carries the user it was recorded for (`owner`, null: anonymous). A batch holds one owner's
 *   records, so each is sent as the user it belongs to and never attributed to whoever is signed in
 *   when it is finally sent.
 * - Bounded: at most 500 records and about 1 MB of JSON; beyond that, and when the browser's storage
 *   quota refuses the write, the oldest are dropped, silently (§8: tracking failures are silent).
 * - Every record carries a client id, so a batch whose answer was lost can be sent again and each
 *   still counts once on the server (it answers `duplicate`); a record the server refuses (4xx) is
 *   dropped, since sending it again would not change the answer.
 * - Storage is read and written on every change, so two tabs adding at once lose nothing worse than
 *   a race between their writes; flushing removes records by id, never by position.
 */

export const OUTBOX_KEY = 'earnest-analytics-outbox';
export const OUTBOX_LIMIT = 500;
/**
 * localStorage holds about 5 million characters per site, shared with everything else the site
 * keeps; the outbox keeps to a fifth of that (its JSON's length in characters, as storage counts).
 */
export const OUTBOX_MAX_BYTES = 1024 * 1024;
export const OUTBOX_BATCH_SIZE = 50;
/** The server refuses analytics bodies over 16 KB; batches stay under this many bytes of JSON. */
export const OUTBOX_BATCH_BYTES = 15 * 1024;

interface ItemBase {
  /** The record's client id (for a session start, the session's id). */
  id: string;
  /** When it happened, on this device's clock (ISO). */
  occurred_at: string;
  /** The user it was recorded for; null when nobody was signed in. Never sent. */
  owner: string | null;
}

export interface EventItem extends ItemBase {
  kind: 'event';
  event_type: string;
  event_category: string;
  event_data: Record<string, unknown> | null;
  page_url: string | null;
}

export interface FunnelItem extends ItemBase {
  kind: 'funnel';
  funnel_step: string;
  metadata: Record<string, unknown> | null;
}

export interface SessionStartItem extends ItemBase {
  kind: 'session_start';
  session_start: string;
  page_url: string | null;
}

export interface SessionUpdateItem extends ItemBase {
  kind: 'session_update';
  session_id: string;
  pages_visited?: number;
  session_end?: string;
  duration_seconds?: number;
}

export type OutboxItem = EventItem | FunnelItem | SessionStartItem | SessionUpdateItem;

/** The batch endpoint's per-record answer. */
export interface BatchResult {
  index: number;
  status: number;
}

/** Sends one owner's batch; throws when the batch as a whole did not get through (network, 5xx). */
export type SendBatch = (items: OutboxItem[], owner: string | null) => Promise<{ results: BatchResult[] }>;

/** Whether records of this owner can be sent now (someone else signed in: they wait). */
export type CanSend = (owner: string | null) => boolean;

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface OutboxOptions {
  storage: StorageLike | null;
  key?: string;
  limit?: number;
  maxBytes?: number;
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

export interface Settled {
  sent: number;
  rejected: number;
  /** Every record of the batch was answered (sent or refused). */
  complete: boolean;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * A stored record, or null when it is not one. Records queued by the earlier outbox (events only,
 * no `kind`, `queued_at` for the time they were recorded) are read as events of nobody in
 * particular, with that time.
 */
function asItem(v: unknown): OutboxItem | null {
  if (typeof v !== 'object' || v === null) return null;
  const e = v as Record<string, unknown>;
  if (!isString(e.id)) return null;
  if (e.kind === undefined && isString(e.event_type) && isString(e.event_category)) {
    return {
      kind: 'event',
      id: e.id,
      occurred_at: isString(e.queued_at) ? e.queued_at : new Date().toISOString(),
      owner: null,
      event_type: e.event_type,
      event_category: e.event_category,
      event_data: (e.event_data as Record<string, unknown> | null | undefined) ?? null,
      page_url: isString(e.page_url) ? e.page_url : null,
    };
  }
  if (!isString(e.occurred_at) || !(e.owner === null || isString(e.owner))) return null;
  switch (e.kind) {
    case 'event':
      return isString(e.event_type) && isString(e.event_category) ? (e as unknown as EventItem) : null;
    case 'funnel':
      return isString(e.funnel_step) ? (e as unknown as FunnelItem) : null;
    case 'session_start':
      return isString(e.session_start) ? (e as unknown as SessionStartItem) : null;
    case 'session_update':
      return isString(e.session_id) ? (e as unknown as SessionUpdateItem) : null;
    default:
      return null;
  }
}

const encoder = new TextEncoder();
/** UTF-8 bytes, as the server counts a request body. */
const jsonBytes = (v: unknown) => encoder.encode(JSON.stringify(v)).length;

export class Outbox {
  private readonly storage: StorageLike | null;
  private readonly key: string;
  private readonly limit: number;
  private readonly maxBytes: number;
  private readonly batchSize: number;
  private readonly batchBytes: number;
  /** The queue when storage is missing or refuses every write (private mode, quota). */
  private memory: OutboxItem[] = [];
  private memoryOnly = false;
  private flushing: Promise<FlushResult> | null = null;

  constructor(options: OutboxOptions) {
    this.storage = options.storage;
    this.key = options.key ?? OUTBOX_KEY;
    this.limit = Math.max(1, options.limit ?? OUTBOX_LIMIT);
    this.maxBytes = Math.max(1, options.maxBytes ?? OUTBOX_MAX_BYTES);
    this.batchSize = Math.max(1, options.batchSize ?? OUTBOX_BATCH_SIZE);
    this.batchBytes = Math.max(1, options.batchBytes ?? OUTBOX_BATCH_BYTES);
  }

  /** The queued records, oldest first. */
  read(): OutboxItem[] {
    if (!this.storage || this.memoryOnly) return [...this.memory];
    try {
      const raw = this.storage.getItem(this.key);
      if (!raw) return [];
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.map(asItem).filter((i): i is OutboxItem => i !== null) : [];
    } catch {
      return [...this.memory];
    }
  }

  /** The newest records within the count and size bounds, and their JSON. */
  private bounded(items: OutboxItem[]): { kept: OutboxItem[]; json: string } {
    let kept = items.length > this.limit ? items.slice(items.length - this.limit) : items;
    let json = JSON.stringify(kept);
    if (json.length > this.maxBytes) {
      let size = json.length;
      let start = 0;
      while (kept.length - start > 1 && size > this.maxBytes) size -= JSON.stringify(kept[start++]).length + 1;
      kept = kept.slice(start);
      json = JSON.stringify(kept);
    }
    return { kept, json };
  }

  private write(items: OutboxItem[]): void {
    const all = this.bounded(items);
    this.memory = all.kept;
    if (!this.storage || this.memoryOnly) return;
    let { kept, json } = all;
    for (;;) {
      try {
        if (kept.length === 0) this.storage.removeItem(this.key);
        else this.storage.setItem(this.key, json);
        this.memory = kept;
        return;
      } catch {
        // Over the quota: the oldest quarter goes, then try again. Storage that refuses even a
        // single record is given up for this view; the queue lives in memory.
        if (kept.length <= 1) {
          this.memoryOnly = true;
          this.memory = all.kept;
          return;
        }
        kept = kept.slice(Math.ceil(kept.length / 4));
        json = JSON.stringify(kept);
      }
    }
  }

  size(): number {
    return this.read().length;
  }

  /**
   * Queues a record at the end (a repeat of a queued id replaces it). `supersedes` names queued
   * records the new one makes pointless (an older page count of the same session); they go.
   */
  enqueue(item: OutboxItem, supersedes?: (queued: OutboxItem) => boolean): void {
    const items = this.read().filter((e) => e.id !== item.id && !supersedes?.(e));
    items.push(item);
    this.write(items);
  }

  clear(): void {
    this.write([]);
  }

  /**
   * The next batch to send: from the oldest record `canSend` allows, the records that follow with
   * the same owner, up to `batchSize` records whose JSON stays under `batchBytes` (at least one).
   * Records of owners that cannot be sent now are passed over, in place.
   */
  nextBatch(canSend: CanSend = () => true, include: (item: OutboxItem) => boolean = () => true): { owner: string | null; items: OutboxItem[] } | null {
    const pending = this.read().filter((i) => include(i) && canSend(i.owner));
    if (pending.length === 0) return null;
    const owner = pending[0].owner;
    const batch: OutboxItem[] = [];
    let bytes = 16; // {"items":[]}
    for (const item of pending) {
      if (batch.length >= this.batchSize || item.owner !== owner) break;
      const size = jsonBytes(item) + 1;
      if (batch.length > 0 && bytes + size > this.batchBytes) break;
      batch.push(item);
      bytes += size;
    }
    return { owner, items: batch };
  }

  /** Removes the records of `batch` the server answered: accepted, duplicate (2xx) or refused (4xx). */
  settle(batch: OutboxItem[], results: BatchResult[]): Settled {
    const done = new Set<string>();
    let sent = 0;
    let rejected = 0;
    for (const r of results) {
      const item = batch[r.index];
      if (!item || done.has(item.id)) continue;
      if (r.status === 200 || r.status === 201) {
        done.add(item.id);
        sent++;
      } else if (r.status >= 400 && r.status < 500) {
        done.add(item.id);
        rejected++;
      }
    }
    if (done.size > 0) this.write(this.read().filter((e) => !done.has(e.id)));
    return { sent, rejected, complete: done.size === batch.length };
  }

  /**
   * Sends what is queued, a batch at a time, oldest first. Stops at the first batch that fails (it
   * stays queued for the next attempt). One flush at a time: a second call joins the first.
   */
  flush(send: SendBatch, canSend: CanSend = () => true): Promise<FlushResult> {
    this.flushing ??= this.run(send, canSend).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(send: SendBatch, canSend: CanSend): Promise<FlushResult> {
    let sent = 0;
    let rejected = 0;
    let failed = false;
    // Only what was queued when the flush began, each record once: records added meanwhile wait
    // for the next flush, so a server that keeps failing cannot keep this loop going.
    const queued = new Set(this.read().map((i) => i.id));
    const tried = new Set<string>();
    for (;;) {
      const batch = this.nextBatch(canSend, (i) => queued.has(i.id) && !tried.has(i.id));
      if (!batch) break;
      for (const i of batch.items) tried.add(i.id);
      let results: BatchResult[];
      try {
        results = (await send(batch.items, batch.owner)).results;
      } catch {
        failed = true;
        break;
      }
      const settled = this.settle(batch.items, results);
      sent += settled.sent;
      rejected += settled.rejected;
      // An answer that does not account for the whole batch: try the rest another time.
      if (!settled.complete) {
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

/**
 * localStorage key where an earlier version kept session ends made as the page went away
 * (client/analytics.ts moves them into the outbox on the next load and removes the key).
 */
export const PENDING_END_KEY = 'earnest-analytics-session-end';

/**
 * "Essential Only": what tracking queued on this device is dropped, unsent (the Cookie Policy's
 * promise). Small and free of the tracking code, so the consent store can call it wherever the
 * choice is made.
 */
export function discardQueuedAnalytics(): void {
  analyticsOutbox.clear();
  try {
    browserStorage()?.removeItem(PENDING_END_KEY);
  } catch {
    // Nothing to remove.
  }
}
