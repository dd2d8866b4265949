/**
 * Sign-out with changes not yet synced (issue 13): the flow (src/client/signOutSync.ts) over an
 * object that answers the data worker's three sync calls from fixed data, and the dialog it shows
 * (src/ui/SignOutDialog.tsx) rendered to static markup.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SIGN_OUT_KEEPS, SIGN_OUT_WAIT_MS, SignOutFlow, type SignOutStep, type SignOutSyncApi } from '../../../src/client/signOutSync';
import type { PendingReport, WaitResult } from '../../../src/local/contracts';
import { SignOutDialogView, UNKNOWN_TITLE } from '../../../src/ui/SignOutDialog';
import { all, one, render, tag, text, type El } from '../dashboard/html';

// The home team as the server names it; the pages call it the personal space.
const homeReport = (pending: number): PendingReport => ({ teamId: 'home-1', teamName: "ann@site.example's team", isHome: true, pending, canSend: true });
const railReport = (pending: number): PendingReport => ({
  teamId: 'rail-team',
  teamName: 'Rail team',
  pending,
  canSend: false,
  why: 'Your role in "Rail team" is viewer: changes made on this device cannot be sent.',
});

/** The data worker's sign-out calls, answering from fixed data and writing down what was asked. */
class FixedSyncApi implements SignOutSyncApi {
  readonly log: string[];
  private releaseWait: ((r: WaitResult) => void) | null = null;

  constructor(
    private readonly reports: PendingReport[] | Error | 'never',
    private readonly afterWait: WaitResult | 'held' = { sent: true, waiting: [] },
    log: string[] = [],
  ) {
    this.log = log;
  }

  pendingChanges(): Promise<PendingReport[]> {
    this.log.push('pendingChanges');
    if (this.reports === 'never') return new Promise(() => undefined);
    return this.reports instanceof Error ? Promise.reject(this.reports) : Promise.resolve(this.reports.map((r) => ({ ...r })));
  }

  waitForSent(timeoutMs: number): Promise<WaitResult> {
    this.log.push(`waitForSent ${timeoutMs}`);
    if (this.afterWait === 'held') return new Promise((resolve) => (this.releaseWait = resolve));
    return Promise.resolve(this.afterWait);
  }

  stopSync(): Promise<void> {
    this.log.push('stopSync');
    return Promise.resolve();
  }

  /** Ends a held wait. */
  finishWait(result: WaitResult): void {
    this.releaseWait?.(result);
  }
}

function flowOver(api: SignOutSyncApi | null | (() => SignOutSyncApi | null), log: string[], opts = {}) {
  const steps: SignOutStep['kind'][] = [];
  const flow = new SignOutFlow(
    api,
    async () => {
      log.push('signOut');
    },
    (s) => steps.push(s.kind),
    opts,
  );
  return { flow, steps };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('signing out with changes waiting', () => {
  it('signs out at once when nothing is waiting, stopping sync first', async () => {
    const log: string[] = [];
    const api = new FixedSyncApi([homeReport(0), railReport(0)], undefined, log);
    const { flow, steps } = flowOver(api, log);
    await flow.start();
    expect(log).toEqual(['pendingChanges', 'stopSync', 'signOut']);
    expect(steps).toEqual(['checking', 'signing-out', 'done']);
  });

  it('asks when changes are waiting, then waits for them to be sent and signs out', async () => {
    const log: string[] = [];
    const api = new FixedSyncApi([homeReport(3), railReport(0)], 'held', log);
    const { flow } = flowOver(api, log);
    await flow.start();
    // Only the teams holding changes are listed.
    expect(flow.current).toEqual({ kind: 'asking', reports: [homeReport(3)], afterWait: false });
    expect(log).toEqual(['pendingChanges']);

    const waited = flow.wait();
    expect(flow.current.kind).toBe('waiting');
    expect(log).toEqual(['pendingChanges', `waitForSent ${SIGN_OUT_WAIT_MS}`]);
    expect(SIGN_OUT_WAIT_MS).toBe(30_000);
    api.finishWait({ sent: true, waiting: [] });
    await waited;
    expect(log).toEqual(['pendingChanges', 'waitForSent 30000', 'stopSync', 'signOut']);
    expect(flow.current.kind).toBe('done');
  });

  it('says what is still waiting when the wait ends unsent, and signs out anyway only when asked', async () => {
    const log: string[] = [];
    const api = new FixedSyncApi([homeReport(3), railReport(2)], { sent: false, waiting: [homeReport(0), railReport(2)] }, log);
    const { flow } = flowOver(api, log);
    await flow.start();
    await flow.wait();
    expect(flow.current).toEqual({ kind: 'asking', reports: [railReport(2)], afterWait: true });
    expect(log).not.toContain('signOut');

    await flow.anyway();
    expect(log).toEqual(['pendingChanges', 'waitForSent 30000', 'stopSync', 'signOut']);
  });

  it('cancel keeps the user signed in, even when a wait finishes afterwards', async () => {
    const log: string[] = [];
    const api = new FixedSyncApi([homeReport(1)], 'held', log);
    const { flow } = flowOver(api, log);
    await flow.start();
    const waited = flow.wait();
    flow.cancel();
    expect(flow.current.kind).toBe('idle');
    api.finishWait({ sent: true, waiting: [] });
    await waited;
    await tick();
    expect(log).toEqual(['pendingChanges', 'waitForSent 30000']);
    expect(flow.current.kind).toBe('idle');

    // The next Sign Out asks again.
    await flow.start();
    expect(flow.current.kind).toBe('asking');
  });

  it('"Sign out anyway" during a wait signs out once; the wait ending later changes nothing', async () => {
    const log: string[] = [];
    const api = new FixedSyncApi([homeReport(2)], 'held', log);
    const { flow } = flowOver(api, log);
    await flow.start();
    const waited = flow.wait();
    await flow.anyway();
    api.finishWait({ sent: false, waiting: [homeReport(2)] });
    await waited;
    expect(log.filter((l) => l === 'signOut')).toHaveLength(1);
    expect(flow.current.kind).toBe('done');
  });

  it('says when it could not check, and still lets the user sign out (nothing is deleted)', async () => {
    const log: string[] = [];
    const { flow } = flowOver(new FixedSyncApi(new Error('The data worker stopped.'), undefined, log), log);
    await flow.start();
    expect(flow.current).toEqual({ kind: 'unknown', reason: 'The data worker stopped.' });
    expect(log).toEqual(['pendingChanges']);
    await flow.anyway();
    expect(log).toEqual(['pendingChanges', 'stopSync', 'signOut']);

    // A check that never answers is given up after checkMs.
    const log2: string[] = [];
    const slow = flowOver(new FixedSyncApi('never', undefined, log2), log2, { checkMs: 20 });
    await slow.flow.start();
    expect(slow.flow.current).toEqual({ kind: 'unknown', reason: 'Checking for unsent changes took longer than 0.02 seconds.' });
  });

  it('asks for the api only when Sign Out is pressed, so no page starts the data worker for nothing', async () => {
    const log: string[] = [];
    let asked = 0;
    const { flow } = flowOver(() => {
      asked++;
      return new FixedSyncApi([homeReport(0)], undefined, log);
    }, log);
    expect(asked).toBe(0);
    await flow.start();
    expect(asked).toBe(1);
    expect(log).toEqual(['pendingChanges', 'stopSync', 'signOut']);
  });

  it('without the data worker to ask, signs out as before', async () => {
    const log: string[] = [];
    const { flow, steps } = flowOver(null, log);
    await flow.start();
    expect(log).toEqual(['signOut']);
    expect(steps).toEqual(['signing-out', 'done']);
  });
});

describe('the sign-out dialog', () => {
  const noop = () => undefined;
  const view = (step: SignOutStep, stillToSend: number | null = null): El =>
    render(createElement(SignOutDialogView, { step, stillToSend, onWait: noop, onAnyway: noop, onCancel: noop }));
  const buttons = (el: El) => all(el, tag('button')).map((b) => ({ label: text(b), disabled: 'disabled' in b.attrs }));

  it('names the count, each team and why, says nothing is deleted, and offers wait / anyway / cancel', () => {
    const el = view({ kind: 'asking', reports: [homeReport(2), railReport(1)], afterWait: false });
    expect(text(one(el, tag('h2')))).toBe('3 changes on this device have not reached the server yet');
    expect(text(one(el, (e) => e.tag === 'p' && (e.attrs.id ?? '').endsWith('-message')))).toBe(SIGN_OUT_KEEPS);
    expect(SIGN_OUT_KEEPS).toContain('deletes nothing');
    expect(all(el, tag('li')).map((li) => text(li))).toEqual([
      'Personal space: 2 changes, can be sent now.',
      'Rail team: 1 change. Your role in "Rail team" is viewer: changes made on this device cannot be sent.',
    ]);
    expect(buttons(el)).toEqual([
      { label: 'Cancel', disabled: false },
      { label: 'Sign out anyway', disabled: false },
      { label: 'Wait for them to be sent', disabled: false },
    ]);
    expect(text(el)).toContain('Waiting sends them now; it takes up to 30 seconds.');
  });

  it('offers no wait when waiting cannot send anything', () => {
    const el = view({ kind: 'asking', reports: [railReport(1)], afterWait: false });
    expect(text(one(el, tag('h2')))).toBe('1 change on this device has not reached the server yet');
    expect(buttons(el)[2]).toEqual({ label: 'Wait for them to be sent', disabled: true });
    expect(text(el)).toContain('Waiting cannot send these now (see why above).');
  });

  it('shows progress while waiting, the count following the live status, with cancel and anyway still open', () => {
    const el = view({ kind: 'waiting', reports: [homeReport(5)] }, 2);
    expect(text(one(el, (e) => e.attrs.role === 'status'))).toBe('Sending 2 changes to the server (waiting up to 30 seconds)...');
    expect(buttons(el)).toEqual([
      { label: 'Cancel', disabled: false },
      { label: 'Sign out anyway', disabled: false },
      { label: 'Sending...', disabled: true },
    ]);
  });

  it('after a wait that did not finish, says what is still waiting and announces it', () => {
    const el = view({ kind: 'asking', reports: [homeReport(4)], afterWait: true });
    const advice = one(el, (e) => e.attrs.role === 'status');
    expect(text(advice)).toBe('These were still waiting after 30 seconds. You can wait again, or sign out and let them go the next time you sign in here.');
    expect(all(el, tag('li')).map((li) => text(li))).toEqual(['Personal space: 4 changes, can be sent now.']);
  });

  it('when it could not check: why, that nothing is deleted, and sign out anyway or cancel', () => {
    const el = view({ kind: 'unknown', reason: 'The data worker stopped.' });
    expect(text(one(el, tag('h2')))).toBe(UNKNOWN_TITLE);
    expect(text(el)).toContain('The data worker stopped. Signing out deletes nothing');
    expect(buttons(el).map((b) => b.label)).toEqual(['Cancel', 'Sign out anyway']);
  });

  it('renders nothing while not asking', () => {
    for (const kind of ['idle', 'checking', 'signing-out', 'done'] as const) expect(view({ kind }).children).toEqual([]);
  });
});
