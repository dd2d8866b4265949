/**
 * The sync engine's one entry point, meant to live in the data worker (it never blocks: all it
 * does is start PouchDB replications and react to their events).
 *
 *   const sync = new SyncController({ origin, PouchDB, openDb, tokens });
 *   sync.subscribe(render);                 // status per team (status.ts)
 *   sync.start(teams);                      // after sign-in, with GET /api/teams
 *   sync.setTeams(teams);                   // membership or role changed
 *   await sync.pendingChanges();            // sign-out warning: what is not on the server yet
 *   await sync.waitForSent({ timeoutMs });  // "wait for it to be sent"
 *   await sync.stop();                      // sign-out: replication stops, data stays
 *
 * It starts replicating every team when started and whenever the network returns, pauses while
 * offline, backs off after errors (jittered, capped, at least the server's Retry-After), and
 * stops everything when the session is over (a 401 that a refresh could not cure) until the
 * next start().
 *
 * Only one context per device should replicate (two tabs replicating the same database fight
 * over checkpoints, pouchdb #5777, and count twice against the gateway's 4 feeds per user):
 * with `leaderLock`, start() waits for that Web Lock and replicates only while holding it.
 */
import { realClock, type Clock } from './clock';
import type { Db, PouchStatic } from './db';
import { MUTABLE_TYPES, type MutableTypes } from './mutable';
import { browserNetwork, type NetworkWatch } from './network';
import { signedOut, SyncProblemError } from './problems';
import { StatusBoard, type SyncListener, type SyncSnapshot, type TeamSyncStatus } from './status';
import type { FetchLike } from './syncFetch';
import { TeamSync, type TeamRef } from './teamSync';
import type { LockManagerLike, TokenSource } from './tokens';

export interface SyncControllerOptions {
  /** The server's origin (`location.origin` in the app). */
  origin: string;
  /** The PouchDB constructor, used to open the team's remote database through the gateway. */
  PouchDB: PouchStatic;
  /** The device database of a team (deviceDbName in names.ts names it). Called once per team. */
  openDb: (team: TeamRef) => Promise<Db> | Db;
  tokens: TokenSource;
  clock?: Clock;
  /** Uniform in [0, 1), for the backoff's jitter (seeded in tests). */
  random?: () => number;
  backoff?: { baseMs?: number; capMs?: number };
  /** Documents per replication batch (default 100, what the gateway's limits are sized for). */
  batchSize?: number;
  /** The fetch under the engine's own (default globalThis.fetch). */
  fetch?: FetchLike;
  mutableTypes?: MutableTypes;
  /** Where online/offline comes from; default the browser's; null: only setOnline(). */
  network?: NetworkWatch | null;
  /** Documents that arrived from the team (after their conflicts were merged): refresh what derives from them. */
  onPulled?: (teamId: string, ids: string[]) => void | Promise<void>;
  /** Every answer the gateway gave (diagnostics, tests). */
  onResponse?: (teamId: string, url: string, status: number, method: string) => void;
  /** Replicate only while holding this Web Lock (one replicating context per device and account). */
  leaderLock?: { name: string; locks?: LockManagerLike | null };
}

export interface PendingReport {
  teamId: string;
  teamName: string;
  /** The user's home team (the personal space, as the pages call it). */
  isHome?: boolean;
  /** Documents this device changed that the server does not have. */
  pending: number;
  /** Whether waiting can send them (online, signed in, allowed to write). */
  canSend: boolean;
  /** Why not, when it cannot. */
  why?: string;
}

export interface WaitResult {
  /** Everything is on the server. */
  sent: boolean;
  /** Teams still holding changes, with why when waiting cannot help. */
  waiting: PendingReport[];
}

export class SyncController {
  private readonly board = new StatusBoard();
  private readonly teams = new Map<string, TeamSync>();
  private readonly clock: Clock;
  private readonly network: NetworkWatch | null;
  private readonly unsubscribeNetwork: (() => void) | null;
  private online: boolean;
  private running = false;
  private wanted = false;
  private releaseLock: (() => void) | null = null;
  private lockRequested = false;
  private closed = false;
  private notifyQueued = false;

  constructor(private readonly opts: SyncControllerOptions) {
    this.clock = opts.clock ?? realClock;
    this.network = opts.network === undefined ? browserNetwork() : opts.network;
    this.online = this.network ? this.network.isOnline() : true;
    this.unsubscribeNetwork = this.network ? this.network.subscribe((on) => this.setOnline(on)) : null;
    this.publish();
  }

  // ---- observable status ---------------------------------------------------------------------

  getSnapshot = (): SyncSnapshot => this.board.getSnapshot();
  subscribe = (listener: SyncListener): (() => void) => this.board.subscribe(listener);

  private publish(): void {
    const teams: TeamSyncStatus[] = [...this.teams.values()].map((t) => t.status());
    teams.sort((a, b) => (a.isHome !== b.isHome ? (a.isHome ? -1 : 1) : a.teamName.localeCompare(b.teamName)));
    this.board.set({ online: this.online, running: this.running, standby: this.wanted && !this.running && this.lockRequested, teams });
  }

  /** Status changes come in bursts (one per PouchDB event): listeners hear once per turn. */
  private notify = (): void => {
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      if (!this.closed) this.publish();
    });
  };

  // ---- control -------------------------------------------------------------------------------

  /** After sign-in (and after a "signed out" stop): replicate these teams. */
  start(teams: readonly TeamRef[]): void {
    if (this.closed) return;
    this.wanted = true;
    this.setTeams(teams);
    if (this.opts.leaderLock && !this.releaseLock) {
      this.acquireLeadership();
      return;
    }
    this.running = true;
    for (const t of this.teams.values()) t.start();
    this.notify();
  }

  private acquireLeadership(): void {
    if (this.lockRequested) return;
    const lock = this.opts.leaderLock;
    const locks = lock?.locks === undefined ? (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks : lock.locks;
    if (!lock || !locks) {
      this.running = true;
      this.releaseLock = () => undefined;
      for (const t of this.teams.values()) t.start();
      this.notify();
      return;
    }
    this.lockRequested = true;
    this.notify();
    void locks.request(lock.name, () => {
      this.lockRequested = false;
      if (!this.wanted || this.closed) return undefined;
      // Held until stop(): the promise returned to the lock manager settles then.
      return new Promise<void>((release) => {
        this.releaseLock = release;
        this.running = true;
        for (const t of this.teams.values()) t.start();
        this.notify();
      });
    });
  }

  /** Holds a team's replication during a big local write (TeamSync.hold); returns the release. */
  hold(teamId: string): () => void {
    return this.teams.get(teamId)?.hold() ?? (() => undefined);
  }

  /** The user's teams now (GET /api/teams): new ones start, gone ones stop, roles update. */
  setTeams(teams: readonly TeamRef[]): void {
    const seen = new Set<string>();
    for (const team of teams) {
      seen.add(team.id);
      const existing = this.teams.get(team.id);
      if (existing) {
        existing.updateTeam(team);
        continue;
      }
      const sync = new TeamSync(team, {
        origin: this.opts.origin,
        PouchDB: this.opts.PouchDB,
        openDb: this.opts.openDb,
        tokens: this.opts.tokens,
        clock: this.clock,
        random: this.opts.random ?? Math.random,
        backoff: this.opts.backoff ?? {},
        batchSize: this.opts.batchSize ?? 100,
        ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}),
        types: this.opts.mutableTypes ?? MUTABLE_TYPES,
        isOnline: () => this.online,
        onStatus: this.notify,
        onSignedOut: () => void this.signedOut(),
        ...(this.opts.onPulled ? { onPulled: this.opts.onPulled } : {}),
        ...(this.opts.onResponse ? { onResponse: this.opts.onResponse } : {}),
      });
      this.teams.set(team.id, sync);
      // Open at once, so the waiting count shows before any connection.
      sync.database().catch(() => undefined);
      if (this.running) sync.start();
    }
    for (const [id, sync] of this.teams) {
      if (seen.has(id)) continue;
      this.teams.delete(id);
      void sync.close().then(this.notify);
    }
    this.notify();
  }

  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    for (const t of this.teams.values()) t.networkChanged(online);
    this.notify();
  }

  /** "Try again now" for one team or all. */
  retryNow(teamId?: string): void {
    for (const t of this.teams.values()) if (!teamId || t.id === teamId) t.retryNow();
  }

  /** Sign-out (or this context giving up replication): every replication stops; nothing is deleted. */
  async stop(): Promise<void> {
    this.wanted = false;
    this.running = false;
    await Promise.all([...this.teams.values()].map((t) => t.stop()));
    this.releaseLock?.();
    this.releaseLock = null;
    this.notify();
  }

  private async signedOut(): Promise<void> {
    const problem = signedOut();
    await Promise.all([...this.teams.values()].map((t) => t.signedOut(problem)));
    this.notify();
  }

  async close(): Promise<void> {
    await this.stop();
    this.closed = true;
    this.unsubscribeNetwork?.();
    await Promise.all([...this.teams.values()].map((t) => t.close()));
    this.teams.clear();
  }

  /** Each team's engine state, for support and tests. */
  diagnostics(): Record<string, Record<string, unknown>> {
    return Object.fromEntries([...this.teams.values()].map((t) => [t.id, t.diagnostics()]));
  }

  /** The device database of a team this controller syncs (for the store and tests). */
  database(teamId: string): Promise<Db> | null {
    return this.teams.get(teamId)?.database() ?? null;
  }

  /**
   * Sends these documents of a team to its server now and checks it has them (a move's gate).
   * Throws a SyncProblemError when the team does not sync here or cannot send.
   */
  async sendNow(teamId: string, ids: readonly string[]): Promise<void> {
    const team = this.teams.get(teamId);
    if (!team || !this.wanted) {
      throw new SyncProblemError({ code: 'server', why: 'Sync is not running on this device.', action: 'Reload the page, signed in and online, and try again.', reaction: 'stop' });
    }
    if (!this.online) throw new SyncProblemError({ code: 'unreachable', why: 'This device is offline.', action: 'Connect to the internet and try again.', reaction: 'retry' });
    await team.sendNow(ids);
  }

  // ---- sign-out support ----------------------------------------------------------------------

  /** Per team: how many of this device's changes the server does not have yet (exact when online). */
  async pendingChanges(): Promise<PendingReport[]> {
    const out: PendingReport[] = [];
    for (const t of this.teams.values()) {
      const pending = await t.pendingNow();
      const status = t.status();
      const canSend = t.canSendNow();
      out.push({
        teamId: t.id,
        teamName: t.team.name,
        ...(t.team.is_home ? { isHome: true } : {}),
        pending,
        canSend,
        ...(!canSend ? { why: status.problem ? `${status.problem.why} ${status.problem.action}` : this.online ? 'Sync is not running.' : 'This device is offline.' } : {}),
      });
    }
    return out;
  }

  /**
   * Waits until the server has every change made on this device, at most `timeoutMs`. Returns at
   * once, unsent, when no waiting can help (offline, signed out, a viewer's changes), so the
   * sign-out warning can say why.
   */
  async waitForSent(opts: { timeoutMs: number }): Promise<WaitResult> {
    const deadline = this.clock.now() + opts.timeoutMs;
    this.retryNow();
    for (;;) {
      const reports = await this.pendingChanges();
      const waiting = reports.filter((r) => r.pending > 0);
      if (waiting.length === 0) return { sent: true, waiting: [] };
      if (waiting.every((r) => !r.canSend) || this.clock.now() >= deadline) return { sent: false, waiting };
      await new Promise<void>((resolve) => {
        let t: unknown = null;
        const unsubscribe = this.subscribe(() => {
          unsubscribe();
          if (t !== null) this.clock.clearTimeout(t);
          resolve();
        });
        t = this.clock.setTimeout(
          () => {
            unsubscribe();
            resolve();
          },
          Math.max(0, Math.min(1_000, deadline - this.clock.now())),
        );
      });
    }
  }
}
