/**
 * One team's replication on this device: the device database ⇄ `/db/<teamId>` through the
 * gateway, live, both ways (pull only for viewers). The controller (controller.ts) owns one per
 * team and tells it when to run; this class turns PouchDB's events into the team's status and
 * decides what happens after an error (problems.ts):
 *
 * - PouchDB runs with `retry: false`: the engine does its own retrying, so it can obey the
 *   server's Retry-After and use jittered, capped backoff (backoff.ts) rather than PouchDB's;
 * - each connection has its own handle on the remote, whose `_changes` feeds close with it; a
 *   restart resumes from the replication checkpoints PouchDB keeps in `_local/` on both sides (the
 *   remote's URL, hence the replication id, never changes);
 * - after each pull, the mutable documents that arrived are swept for conflicts (mutable.ts);
 * - when replication goes idle, the server is asked which local changes it lacks (sent.ts): the
 *   exact "n changes waiting"; documents it lacks although replication is past them are sent
 *   again by id.
 */
import type { TeamRole } from '../../core/api/teams';
import { Backoff } from './backoff';
import { remoteDbUrl } from './names';
import type { Clock } from './clock';
import type { Db, PouchStatic } from './db';
import { sweepConflicts, type MutableTypes } from './mutable';
import { classifyDenied, classifyError, SyncProblemError, viewerProblem, type SyncProblem } from './problems';
import { confirmSent, readSyncState, tallyChange, tallyPending, writeSyncState, type PendingTally, type SyncStateRecord } from './sent';
import type { SyncState, TeamSyncStatus } from './status';
import { createSyncFetch, type FetchLike } from './syncFetch';
import type { TokenSource } from './tokens';

/** A team as GET /api/teams lists it (src/core/api/teams.ts TeamSummary). */
export interface TeamRef {
  id: string;
  name: string;
  role: TeamRole;
  is_home?: boolean;
}

export interface TeamSyncDeps {
  origin: string;
  PouchDB: PouchStatic;
  openDb: (team: TeamRef) => Promise<Db> | Db;
  tokens: TokenSource;
  clock: Clock;
  random: () => number;
  backoff: { baseMs?: number; capMs?: number };
  batchSize: number;
  fetch?: FetchLike;
  types: MutableTypes;
  isOnline: () => boolean;
  /** The status changed. */
  onStatus: () => void;
  /** A 401 survived a refresh: the controller stops every team. */
  onSignedOut: () => void;
  onPulled?: (teamId: string, ids: string[]) => void | Promise<void>;
  onResponse?: (teamId: string, url: string, status: number, method: string) => void;
}

interface Emitter {
  on(event: string, listener: (arg: unknown) => void): unknown;
  cancel(): void;
}

interface ChangeInfo {
  direction?: 'push' | 'pull';
  change?: { docs?: { _id: string }[] };
  docs?: { _id: string }[];
}

/** Milliseconds local writes are gathered before the waiting count is read again. */
const RECOUNT_MS = 50;
/** How long stop() waits for a cancelled replication to finish its last checkpoint write. */
const STOP_WAIT_MS = 5_000;
/** Longest wait for the server to say which changes it lacks, and the pause before asking again. */
const CONFIRM_TIMEOUT_MS = 30_000;
const RECONFIRM_MS = 1_000;
/** Attempts to send again what the server lacks before waiting for the next change or reconnect. */
const MAX_REPAIRS_IN_A_ROW = 3;

/** `work`, or a rejection after `ms` (the work itself cannot be cancelled; its answer is dropped). */
function withTimeout<T>(work: Promise<T>, ms: number, clock: Clock): Promise<T> {
  let timer: unknown = null;
  const timeout = new Promise<never>((_, reject) => {
    timer = clock.setTimeout(() => reject(new Error(`No answer within ${ms / 1000} s.`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clock.clearTimeout(timer));
}

export class TeamSync {
  private db: Db | null = null;
  private remote: Db | null = null;
  private connection: AbortController | null = null;
  private opening: Promise<Db> | null = null;
  private rep: Emitter | null = null;
  private repDone: Promise<void> | null = null;
  private gen = 0;
  private timer: unknown = null;
  private retryAt: number | null = null;
  private readonly backoff: Backoff;
  private problem: SyncProblem | null = null;
  /** Set when the server refused this role's writes: pull only until the role changes. */
  private pushBlocked: SyncProblem | null = null;
  /** Nothing runs until something changes (not a member any more, signed out). */
  private halted = false;
  private running = false;
  private active = false;
  private idle = false;
  private pending = 0;
  private received = 0;
  private record: SyncStateRecord | null = null;
  /** Local writes holding replication back (hold()). */
  private holds = 0;
  /** The last offline count, continued by the next (only changes after it are read). */
  private tally: PendingTally | null = null;
  private retryAfterMs: number | null = null;
  private batchSize: number;
  private localFeed: Emitter | null = null;
  private recountTimer: unknown = null;
  private confirmTimer: unknown = null;
  private counting: Promise<void> | null = null;
  private countAgain = false;
  /** Bumped by every confirmation started and applied: an older count never overwrites a newer one. */
  private confirmStarted = 0;
  private confirmApplied = 0;
  private work: Promise<unknown> = Promise.resolve();
  /** Tasks waiting or running in `work`, and since when the current one runs (diagnostics). */
  private queued = 0;
  private runningSince: number | null = null;
  /** Documents a sweep found changing under it: swept again at the next pause. */
  private resweep = new Set<string>();
  /** Documents sent again by id because the server lacked them (see `repair`). */
  private repairs = 0;
  private repairsInARow = 0;
  private closed = false;

  constructor(
    public team: TeamRef,
    private readonly deps: TeamSyncDeps,
  ) {
    this.backoff = new Backoff({ ...deps.backoff, random: deps.random });
    this.batchSize = deps.batchSize;
  }

  get id(): string {
    return this.team.id;
  }

  /** The device database, opened once. */
  database(): Promise<Db> {
    if (this.db) return Promise.resolve(this.db);
    this.opening ??= (async () => {
      let db: Db;
      try {
        db = await this.deps.openDb(this.team);
      } catch (err) {
        this.opening = null; // the next attempt opens it again
        throw err;
      }
      this.db = db;
      this.record = await readSyncState(db);
      this.tally = await tallyPending(db, this.record, null);
      this.pending = this.tally.ids.size;
      // Conflicts that arrived before the app last stopped.
      this.serially(() => this.sweep(db));
      // From where the count read up to, so no change falls between the two; each change the feed
      // reports is added to the count as it comes (a save's hundreds of chunks are never re-read).
      const feed = db.changes({ since: this.tally.seq, live: true, return_docs: false }) as unknown as Emitter;
      feed.on('change', (arg) => {
        const change = arg as { id?: unknown; seq?: unknown };
        const tally = this.tally;
        if (tally && tally.record === this.record && typeof change.id === 'string' && (typeof change.seq === 'number' || typeof change.seq === 'string')) {
          this.tally = tallyChange(tally, { id: change.id, seq: change.seq });
        }
        this.scheduleRecount();
      });
      feed.on('error', () => undefined);
      this.localFeed = feed;
      this.deps.onStatus();
      return db;
    })();
    return this.opening;
  }

  // ---- lifecycle (called by the controller) -------------------------------------------------

  /** Starts (after sign-in, or signing in again after "signed out": that problem is over). */
  start(): void {
    this.running = true;
    this.halted = false;
    if (this.problem?.reaction === 'stop') this.problem = null;
    void this.connect();
  }

  /**
   * Holds replication while a big local write runs (an import's save and its first dashboard):
   * a live replicator reads every chunk document as it is written and sends it, on the same worker
   * thread as the save, which made a 100,000-activity save several times slower. Returns the
   * release; replication resumes from its checkpoint when the last hold is released.
   */
  hold(): () => void {
    this.holds++;
    if (this.holds === 1) void this.disconnect().then(() => this.deps.onStatus());
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0 && this.running && !this.closed) void this.connect();
    };
  }

  /** Stops replicating (sign-out, lost leadership); the data stays. */
  async stop(): Promise<void> {
    this.running = false;
    this.clearTimer();
    await this.disconnect();
    this.deps.onStatus();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
    this.localFeed?.cancel();
    this.localFeed = null;
    if (this.recountTimer !== null) this.deps.clock.clearTimeout(this.recountTimer);
    if (this.confirmTimer !== null) this.deps.clock.clearTimeout(this.confirmTimer);
    await this.work.catch(() => undefined);
  }

  /** Signed out: stop, and say so until the next start(). */
  async signedOut(problem: SyncProblem): Promise<void> {
    this.problem = problem;
    this.halted = true;
    this.clearTimer();
    await this.disconnect();
    this.deps.onStatus();
  }

  networkChanged(online: boolean): void {
    if (online) {
      this.backoff.reset();
      this.clearTimer();
      if (this.problem?.code === 'unreachable' || this.problem?.code === 'server') this.problem = null;
      void this.connect();
    } else {
      this.clearTimer();
      void this.disconnect().then(() => this.recount());
    }
    this.deps.onStatus();
  }

  /** The team's name or the user's role changed (GET /api/teams). */
  updateTeam(team: TeamRef): void {
    const roleChanged = team.role !== this.team.role;
    this.team = team;
    if (!roleChanged) {
      this.deps.onStatus();
      return;
    }
    this.pushBlocked = null;
    if (this.problem && (this.problem.code === 'viewer' || this.problem.code === 'refused' || this.problem.code === 'not-member')) this.problem = null;
    this.halted = false;
    void this.restart();
  }

  /** "Try again now": clears the wait, and lets a refused push be attempted once more. */
  retryNow(): void {
    if (this.problem?.reaction === 'stop' && this.problem.code === 'signed-out') return;
    this.pushBlocked = null;
    this.halted = false;
    this.clearTimer();
    void this.restart();
  }

  private async restart(): Promise<void> {
    await this.disconnect();
    await this.connect();
  }

  // ---- replication --------------------------------------------------------------------------

  /**
   * The team's database through the gateway, one handle per connection: closing the connection
   * closes its `_changes` feeds, open or later (syncFetch.ts `signal`).
   */
  private openRemote(): Db {
    const connection = new AbortController();
    this.connection = connection;
    this.remote = this.remoteHandle(connection.signal);
    return this.remote;
  }

  private remoteHandle(signal: AbortSignal): Db {
    const url = remoteDbUrl(this.deps.origin, this.team.id);
    return new this.deps.PouchDB(url, {
      skip_setup: true,
      fetch: createSyncFetch({
        dbUrl: url,
        signal,
        tokens: this.deps.tokens,
        ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
        now: () => this.deps.clock.now(),
        onRetryAfter: (ms) => {
          this.retryAfterMs = ms;
        },
        onResponse: (url, status, method) => this.deps.onResponse?.(this.team.id, url, status, method),
      }),
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);
  }

  /**
   * Sends these documents to the server now (a one-off replication by id, on its own connection)
   * and checks the server holds every leaf revision of each: the gate of a project's move
   * (move.ts), which must not delete the project where it was before this team's server has it.
   * Throws a {@link SyncProblemError} saying why when it cannot (offline, a viewer, refused).
   */
  async sendNow(ids: readonly string[]): Promise<void> {
    const ctx = { teamName: this.team.name, role: this.team.role };
    if (!this.deps.isOnline()) throw new SyncProblemError({ code: 'unreachable', why: 'This device is offline.', action: 'Connect to the internet and try again.', reaction: 'retry' });
    if (this.team.role === 'viewer') throw new SyncProblemError(viewerProblem(this.team.name));
    if (this.pushBlocked) throw new SyncProblemError(this.pushBlocked);
    if (this.halted && this.problem) throw new SyncProblemError(this.problem);
    const db = await this.database();
    const connection = new AbortController();
    const remote = this.remoteHandle(connection.signal);
    try {
      let result: PouchDB.Replication.ReplicationResultComplete<object>;
      try {
        result = await db.replicate.to(remote, { doc_ids: [...ids], batch_size: this.batchSize, checkpoint: false } as PouchDB.Replication.ReplicateOptions);
      } catch (err) {
        throw new SyncProblemError(classifyError(err, ctx));
      }
      if (result.doc_write_failures > 0) throw new SyncProblemError(classifyDenied(result.errors[0], ctx));
      // Every leaf, conflicts included, must be on the server (the move deletes them all here).
      const diff: Record<string, string[]> = {};
      const rows = await db.allDocs({ keys: [...ids], conflicts: true, include_docs: true });
      for (const row of rows.rows) {
        if ('error' in row || !row.doc) continue;
        const doc = row.doc as unknown as { _rev: string; _conflicts?: string[] };
        diff[row.key] = [doc._rev, ...(doc._conflicts ?? [])];
      }
      let missing: Record<string, { missing?: string[] }>;
      try {
        missing = (await remote.revsDiff(diff)) as Record<string, { missing?: string[] }>;
      } catch (err) {
        throw new SyncProblemError(classifyError(err, ctx));
      }
      const lacking = Object.values(missing).filter((m) => (m.missing?.length ?? 0) > 0).length;
      if (lacking > 0) {
        throw new SyncProblemError({ code: 'server', why: `The server of "${this.team.name}" does not have ${lacking} of the documents sent yet.`, action: 'Try again in a moment.', reaction: 'retry' });
      }
    } finally {
      connection.abort();
    }
  }

  private canPush(): boolean {
    return this.team.role !== 'viewer' && !this.pushBlocked;
  }

  private async connect(): Promise<void> {
    if (!this.running || this.halted || this.closed || this.holds > 0 || this.rep || this.timer !== null) return;
    if (!this.deps.isOnline()) {
      this.deps.onStatus();
      return;
    }
    let db: Db;
    try {
      db = await this.database();
    } catch (err) {
      this.fail(classifyError(err, { teamName: this.team.name, role: this.team.role }));
      return;
    }
    // Checked again: the awaits above let a stop, an offline event or another connect in.
    if (!this.running || this.halted || this.closed || this.holds > 0 || this.rep || this.timer !== null || !this.deps.isOnline()) return;
    const remote = this.openRemote();
    this.repairsInARow = 0;
    const g = ++this.gen;
    const opts = { live: true, retry: false, batch_size: this.batchSize, batches_limit: 5 };
    const handle = this.canPush() ? db.sync(remote, opts) : db.replicate.from(remote, opts);
    // Failures arrive as 'error' events; the handle is also a promise, whose rejection nobody awaits.
    handle.catch(() => undefined);
    const rep = handle as unknown as Emitter;
    this.rep = rep;
    this.active = true;
    this.idle = false;
    let finish!: () => void;
    this.repDone = new Promise<void>((r) => (finish = r));
    const mine = () => g === this.gen;
    rep.on('active', () => {
      if (!mine()) return;
      this.active = true;
      this.idle = false;
      this.deps.onStatus();
    });
    rep.on('change', (arg) => {
      if (!mine()) return;
      const info = arg as ChangeInfo;
      const pulled = info.direction === 'pull' || info.direction === undefined;
      const docs = (info.change?.docs ?? info.docs ?? []).map((d) => d._id);
      if (pulled && docs.length > 0) this.afterPull(db, docs);
      this.scheduleRecount();
    });
    rep.on('paused', (err) => {
      if (!mine() || err) return;
      this.active = false;
      this.idle = true;
      // Caught up with the server: whatever kept it from answering before is over.
      if (this.problem?.reaction === 'retry') this.problem = null;
      if (this.resweep.size > 0) this.serially(() => this.sweep(db, [...this.resweep]));
      this.serially(() => this.confirm());
    });
    rep.on('denied', (err) => {
      if (!mine()) return;
      this.fail(classifyDenied(err, { teamName: this.team.name, role: this.team.role }));
    });
    rep.on('error', (err) => {
      finish();
      if (!mine()) return;
      this.fail(classifyError(err, { teamName: this.team.name, role: this.team.role }));
    });
    rep.on('complete', () => {
      finish();
      if (mine()) {
        this.rep = null;
        this.active = false;
      }
    });
    this.deps.onStatus();
  }

  private async disconnect(): Promise<void> {
    const rep = this.rep;
    const done = this.repDone;
    const connection = this.connection;
    this.gen++;
    this.rep = null;
    this.remote = null;
    this.connection = null;
    this.active = false;
    this.idle = false;
    if (!rep) {
      connection?.abort();
      return;
    }
    rep.cancel();
    connection?.abort();
    if (done) {
      let t: unknown = null;
      await Promise.race([done, new Promise<void>((r) => (t = this.deps.clock.setTimeout(r, STOP_WAIT_MS)))]);
      if (t !== null) this.deps.clock.clearTimeout(t);
    }
  }

  /** What to do after a problem (problems.ts `reaction`). */
  private fail(problem: SyncProblem): void {
    void this.disconnect();
    if (problem.code === 'too-large') this.batchSize = Math.max(1, Math.floor(this.batchSize / 2));
    if (problem.code === 'signed-out') {
      this.problem = problem;
      this.deps.onSignedOut();
      this.deps.onStatus();
      return;
    }
    if (!this.deps.isOnline()) {
      // The connection went while a request was out: not an error, just offline.
      this.problem = null;
      this.deps.onStatus();
      return;
    }
    switch (problem.reaction) {
      case 'stop':
        this.problem = problem;
        this.halted = true;
        break;
      case 'pull-only':
        // Changes from the team keep arriving; nothing is pushed again until the role changes.
        this.pushBlocked = problem;
        this.problem = null;
        void this.connect();
        break;
      case 'retry': {
        this.problem = problem;
        const wait = this.backoff.next(problem.code === 'busy' ? this.retryAfterMs : null);
        this.retryAfterMs = null;
        this.scheduleRetry(wait);
        break;
      }
    }
    this.deps.onStatus();
  }

  private scheduleRetry(ms: number): void {
    this.clearTimer();
    this.retryAt = this.deps.clock.now() + ms;
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      this.retryAt = null;
      void this.connect();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.retryAt = null;
  }

  /** Runs `task` after the previous one (sweeps and confirmations never overlap). */
  private serially(task: () => Promise<unknown>): void {
    this.queued++;
    this.work = this.work
      .then(async () => {
        this.runningSince = this.deps.clock.now();
        try {
          await task();
        } finally {
          this.runningSince = null;
          this.queued--;
        }
      })
      .catch((err: unknown) => {
        if (!this.closed) console.warn(`Sync of "${this.team.name}":`, err);
      });
  }

  private afterPull(db: Db, ids: string[]): void {
    this.received += ids.length;
    this.serially(async () => {
      await this.sweep(db, ids);
      await this.deps.onPulled?.(this.team.id, ids);
    });
  }

  private async sweep(db: Db, ids?: string[]): Promise<void> {
    for (const id of ids ?? []) this.resweep.delete(id);
    const result = await sweepConflicts(db, { ...(ids ? { ids } : {}), types: this.deps.types });
    for (const id of result.skipped) this.resweep.add(id);
  }

  /** Asks the server which local changes it lacks; at zero (and nothing refused) the team is synced. */
  async confirm(): Promise<void> {
    const db = this.db;
    const remote = this.remote;
    if (!db || !remote || !this.record || !this.deps.isOnline() || this.closed) return;
    const serial = ++this.confirmStarted;
    let next: SyncStateRecord;
    try {
      next = await withTimeout(confirmSent(db, remote, this.record), CONFIRM_TIMEOUT_MS, this.deps.clock);
    } catch {
      // Lost or unanswered: ask again shortly, as nothing else may happen to prompt it (an idle
      // replication emits nothing more) and the status would say "syncing" for ever.
      this.scheduleConfirm();
      return;
    }
    if (serial !== this.confirmStarted) return; // a later confirmation is under way
    this.confirmApplied++;
    this.pending = next.pendingIds.length;
    const synced = this.pending === 0 && this.idle;
    if (synced) {
      next.lastSyncedAt = this.deps.clock.now();
      this.backoff.reset();
      if (this.problem?.reaction === 'retry') this.problem = null;
    }
    if (synced) this.repairsInARow = 0;
    this.record = await writeSyncState(db, next);
    this.deps.onStatus();
    // Replication has nothing left to do, yet the server lacks some of this device's documents:
    // it lost them (restored from a backup, or a write it acknowledged and did not keep across a
    // crash), and PouchDB's checkpoint is past them, so it would never send them again.
    if (!synced && this.idle && this.canPush() && next.pendingIds.length > 0) {
      const ids = next.pendingIds;
      this.serially(() => this.repair(db, remote, ids));
    }
  }

  /** Sends these documents again by id (a one-off replication without checkpoints), then recounts. */
  private async repair(db: Db, remote: Db, ids: readonly string[]): Promise<void> {
    // Only on the connection that found them missing, and not for ever: a refusal shows as the error.
    if (this.remote !== remote || !this.idle || this.repairsInARow >= MAX_REPAIRS_IN_A_ROW) return;
    this.repairsInARow++;
    this.repairs++;
    try {
      await db.replicate.to(remote, { doc_ids: ids.slice(0, 1000), batch_size: this.batchSize, checkpoint: false } as PouchDB.Replication.ReplicateOptions);
    } catch (err) {
      if (this.remote === remote) this.fail(classifyError(err, { teamName: this.team.name, role: this.team.role }));
      return;
    }
    await this.confirm();
  }

  private scheduleConfirm(): void {
    if (this.confirmTimer !== null || this.closed) return;
    this.confirmTimer = this.deps.clock.setTimeout(() => {
      this.confirmTimer = null;
      if (this.idle && this.remote && this.deps.isOnline()) this.serially(() => this.confirm());
    }, RECONFIRM_MS);
  }

  private scheduleRecount(): void {
    if (this.recountTimer !== null || this.closed) return;
    this.recountTimer = this.deps.clock.setTimeout(() => {
      this.recountTimer = null;
      void this.recount();
    }, RECOUNT_MS);
  }

  /**
   * The waiting count from local data alone (offline, or while replication is busy). One at a
   * time: a burst of writes asks again once the running count is done, not once per write.
   */
  private recount(): Promise<void> {
    if (this.counting) {
      this.countAgain = true;
      return this.counting;
    }
    this.counting = (async () => {
      do {
        this.countAgain = false;
        const db = this.db;
        if (!db || !this.record || this.closed) return;
        const applied = this.confirmApplied;
        const tally = await tallyPending(db, this.record, this.tally).catch(() => null);
        // An exact count from the server arrived meanwhile: it stands.
        if (!tally || applied !== this.confirmApplied) continue;
        this.tally = tally;
        this.pending = tally.ids.size;
        this.deps.onStatus();
        // Changes arrived while replication is idle (written by a replication already cancelled,
        // say): nothing else will ask the server about them, so ask now.
        if (this.pending > 0 && this.idle) this.scheduleConfirm();
      } while (this.countAgain);
    })().finally(() => {
      this.counting = null;
    });
    return this.counting;
  }

  // ---- status -------------------------------------------------------------------------------

  /** Documents waiting, counted now (exactly, via the server, when online and idle). */
  async pendingNow(): Promise<number> {
    await this.database();
    if (this.idle && this.deps.isOnline()) await this.confirm();
    else await this.recount();
    return this.pending;
  }

  /** Whether waiting could ever send this team's changes without the user doing something. */
  canSendNow(): boolean {
    return this.running && !this.halted && this.canPush() && this.deps.isOnline();
  }

  /** The engine's own view, for support and tests ("why does it still say syncing?"). */
  diagnostics(): Record<string, unknown> {
    return {
      running: this.running,
      halted: this.halted,
      replicating: this.rep !== null,
      active: this.active,
      idle: this.idle,
      waiting: this.timer !== null,
      pushBlocked: this.pushBlocked?.code ?? null,
      batchSize: this.batchSize,
      confirmations: { started: this.confirmStarted, applied: this.confirmApplied },
      record: this.record ? { confirmedSeq: this.record.confirmedSeq, checkedSeq: this.record.checkedSeq, pendingIds: this.record.pendingIds.length } : null,
      resweep: this.resweep.size,
      repairs: this.repairs,
      tasks: { queued: this.queued, runningFor: this.runningSince === null ? null : this.deps.clock.now() - this.runningSince },
    };
  }

  status(): TeamSyncStatus {
    const online = this.deps.isOnline();
    let state: SyncState;
    let problem: SyncProblem | null = this.problem;
    if (problem) state = problem.code === 'signed-out' || online ? 'error' : 'offline';
    else if (!this.running) state = 'stopped';
    else if (!online) state = 'offline';
    else if (!this.canPush() && this.pending > 0) {
      problem = this.pushBlocked ?? viewerProblem(this.team.name);
      state = 'error';
    } else if (this.active || !this.idle || this.pending > 0) state = 'syncing';
    else state = 'synced';
    return {
      teamId: this.team.id,
      teamName: this.team.name,
      role: this.team.role,
      isHome: this.team.is_home === true,
      state,
      pending: this.pending,
      received: this.received,
      lastSyncedAt: this.record?.lastSyncedAt ?? null,
      problem: problem ? { code: problem.code, why: problem.why, action: problem.action } : null,
      retryAt: this.retryAt,
    };
  }
}
