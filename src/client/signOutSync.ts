/**
 * Sign-out with changes not yet synced (issue 13): before signing out, ask the data worker what
 * this device holds that the server does not have. Nothing waiting: sign out at once. Otherwise the
 * page asks the user: wait for the changes to be sent (up to 30 s), sign out anyway, or cancel.
 * Signing out never deletes anything: the changes stay in this account's databases on this device
 * and are sent the next time the same account signs in here.
 *
 * The flow is a small state machine over an injected api (the data worker's three sync calls), so
 * it runs the same against the worker and against plain data in tests. `perform` is the caller's
 * existing sign-out (src/client/auth.ts signOut, then wherever that page goes next): this module
 * does not sign out by itself.
 */
import type { PendingReport, SyncApi } from '../local/contracts';
import { PERSONAL_SPACE } from '../core/sync/labels';
import { dataApi } from './data';

export type SignOutSyncApi = Pick<SyncApi, 'pendingChanges' | 'waitForSent' | 'stopSync'>;

/** How long "Wait for them to be sent" waits. */
export const SIGN_OUT_WAIT_MS = 30_000;
/** How long the check before signing out may take before the page says it could not tell. */
export const SIGN_OUT_CHECK_MS = 5_000;

export type SignOutStep =
  | { kind: 'idle' }
  /** Asking the data worker what is waiting (no dialog yet: usually a few milliseconds). */
  | { kind: 'checking' }
  /** Changes are waiting: the dialog asks. `afterWait`: a wait ended with these still unsent. */
  | { kind: 'asking'; reports: PendingReport[]; afterWait: boolean }
  /** The check failed or took too long: the dialog says so and offers to sign out anyway. */
  | { kind: 'unknown'; reason: string }
  /** "Wait for them to be sent" is running. */
  | { kind: 'waiting'; reports: PendingReport[] }
  | { kind: 'signing-out' }
  | { kind: 'done' };

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export const waitingReports = (reports: readonly PendingReport[]): PendingReport[] => reports.filter((r) => r.pending > 0);
export const totalWaiting = (reports: readonly PendingReport[]): number => reports.reduce((sum, r) => sum + Math.max(0, r.pending), 0);

/** The dialog's title: "3 changes on this device have not reached the server yet". */
export function pendingTitle(reports: readonly PendingReport[]): string {
  const n = totalWaiting(reports);
  return `${plural(n, 'change')} on this device ${n === 1 ? 'has' : 'have'} not reached the server yet`;
}

/** One line per team holding changes: how many, and why they cannot be sent when they cannot. */
export function pendingTeamLine(r: PendingReport): string {
  const what = `${r.isHome ? PERSONAL_SPACE : r.teamName}: ${plural(r.pending, 'change')}`;
  return r.canSend ? `${what}, can be sent now.` : `${what}. ${r.why ?? 'They cannot be sent now.'}`;
}

/** What signing out does to them, said every time the dialog shows. */
export const SIGN_OUT_KEEPS =
  'Signing out deletes nothing: the changes stay on this device and are sent the next time you sign in here with this account. Until then your team does not see them.';

/** Under the list: what waiting did, or could do. */
export function pendingAdvice(step: Extract<SignOutStep, { kind: 'asking' }>): string {
  const sendable = step.reports.some((r) => r.canSend);
  if (step.afterWait) {
    return sendable
      ? `These were still waiting after ${SIGN_OUT_WAIT_MS / 1000} seconds. You can wait again, or sign out and let them go the next time you sign in here.`
      : 'Waiting cannot send these now (see why above).';
  }
  return sendable ? `Waiting sends them now; it takes up to ${SIGN_OUT_WAIT_MS / 1000} seconds.` : 'Waiting cannot send these now (see why above).';
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} seconds.`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export interface SignOutFlowOptions {
  waitMs?: number;
  checkMs?: number;
}

/**
 * One sign-out attempt. `api` null: the data worker cannot be asked (not running in this page):
 * signs out at once, as before sync existed. A function is called at each Sign Out, not before,
 * so a header on a public page starts no worker until someone signs out. `onChange` hears every step.
 */
export class SignOutFlow {
  private step: SignOutStep = { kind: 'idle' };
  // Bumped by cancel(): an answer that arrives for an attempt the user left is ignored.
  private attempt = 0;
  private api: SignOutSyncApi | null = null;

  constructor(
    private readonly getApi: SignOutSyncApi | null | (() => SignOutSyncApi | null),
    private readonly perform: () => Promise<void>,
    private readonly onChange: (step: SignOutStep) => void = () => undefined,
    private readonly opts: SignOutFlowOptions = {},
  ) {}

  get current(): SignOutStep {
    return this.step;
  }

  /** The step now (unnarrowed: it moves while a call awaits). */
  private kind(): SignOutStep['kind'] {
    return this.step.kind;
  }

  private set(step: SignOutStep): void {
    this.step = step;
    this.onChange(step);
  }

  /** The Sign Out button: check, then sign out or ask. */
  async start(): Promise<void> {
    if (this.step.kind !== 'idle' && this.step.kind !== 'done') return;
    const attempt = ++this.attempt;
    try {
      this.api = typeof this.getApi === 'function' ? this.getApi() : this.getApi;
    } catch (err) {
      this.api = null;
      this.set({ kind: 'unknown', reason: `The data worker could not start: ${(err as Error).message}` });
      return;
    }
    if (!this.api) return this.finish(attempt);
    this.set({ kind: 'checking' });
    let reports: PendingReport[];
    try {
      // Inside the try: a worker that cannot start throws here, and the user is told.
      reports = await withTimeout(this.api.pendingChanges(), this.opts.checkMs ?? SIGN_OUT_CHECK_MS, 'Checking for unsent changes');
    } catch (err) {
      if (attempt !== this.attempt) return;
      this.set({ kind: 'unknown', reason: (err as Error).message });
      return;
    }
    if (attempt !== this.attempt) return;
    const waiting = waitingReports(reports);
    if (waiting.length === 0) return this.finish(attempt);
    this.set({ kind: 'asking', reports: waiting, afterWait: false });
  }

  /** "Wait for them to be sent": signs out once everything is on the server, else asks again. */
  async wait(): Promise<void> {
    if (this.step.kind !== 'asking' || !this.api) return;
    const attempt = this.attempt;
    this.set({ kind: 'waiting', reports: this.step.reports });
    let result: Awaited<ReturnType<SignOutSyncApi['waitForSent']>>;
    try {
      result = await this.api.waitForSent(this.opts.waitMs ?? SIGN_OUT_WAIT_MS);
    } catch (err) {
      // Cancelled, or signed out anyway, while waiting: nobody is asking any more.
      if (attempt !== this.attempt || this.kind() !== 'waiting') return;
      this.set({ kind: 'unknown', reason: `Waiting for the changes to be sent failed: ${(err as Error).message}` });
      return;
    }
    if (attempt !== this.attempt || this.kind() !== 'waiting') return;
    const still = waitingReports(result.waiting);
    if (result.sent || still.length === 0) return this.finish(attempt);
    this.set({ kind: 'asking', reports: still, afterWait: true });
  }

  /** "Sign out anyway": the changes stay on this device. */
  async anyway(): Promise<void> {
    if (this.step.kind !== 'asking' && this.step.kind !== 'unknown' && this.kind() !== 'waiting') return;
    return this.finish(this.attempt);
  }

  /** "Cancel" (or Escape): stays signed in; a wait still running is left to finish unheard. */
  cancel(): void {
    if (this.step.kind === 'signing-out' || this.step.kind === 'done') return;
    this.attempt++;
    this.set({ kind: 'idle' });
  }

  /** Stops replication (the data stays), then the caller's sign-out. */
  private async finish(attempt: number): Promise<void> {
    if (attempt !== this.attempt) return;
    this.set({ kind: 'signing-out' });
    if (this.api) {
      try {
        await this.api.stopSync();
      } catch (err) {
        // Signing out must not depend on the worker: replication stops anyway once the session ends.
        console.error('Could not stop sync before signing out:', err);
      }
    }
    try {
      await this.perform();
    } finally {
      this.set({ kind: 'done' });
    }
  }
}

/**
 * The sync calls sign-out asks: the data worker's. On a page that had not started it (the public
 * site), it starts here, because unsent changes of an earlier visit are in the device's databases
 * whichever page the user signs out from.
 */
export function signOutSyncApi(): SignOutSyncApi | null {
  return dataApi();
}
