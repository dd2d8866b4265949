import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DevOutbox, SmtpMailer, UnconfiguredMailer } from '../../../server/mail';
import { grantRole } from '../../../server/roles';
import { sweepEndedTeamData, TEAM_DATA_GRACE_DAYS, teamRetentionDocId, WARNING_DAYS } from '../../../server/retention';
import { getTeam, getMembership } from '../../../server/teams/membership';
import { harness, type Harness } from '../subscription/helpers';
import { buyLocal, cancelLocalAtPeriodEnd, DAY, HOUR, homeTeam, startTrial, syncProjects, teamDocIds } from './helpers';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const TRIAL_END = T0 + 14 * DAY;
const DELETE_AT = TRIAL_END + TEAM_DATA_GRACE_DAYS * DAY;
const WARN_AT = DELETE_AT - WARNING_DAYS * DAY;
const OWNER = 'user:owner@example.com';

let h: Harness;
let outbox: DevOutbox;
let teamId: string;
let ownerToken: string;

beforeEach(async () => {
  h = harness('earnest-retention-team-');
  h.clock.now = T0;
  outbox = new DevOutbox();
  ownerToken = await h.signup('owner@example.com');
  teamId = await homeTeam(h, ownerToken);
  await startTrial(h, ownerToken);
  await syncProjects(h, teamId, 3);
});
afterEach(() => h.close());

const sweep = (now: number, mailer: DevOutbox | SmtpMailer | UnconfiguredMailer | null = outbox) =>
  sweepEndedTeamData({ store: h.store, now, mailer, publicUrl: 'https://earnest.example' });

describe('team data after the plan ends (90 days, owner warned 14 days before)', () => {
  it('warns the owner once 14 days before, deletes only the synced data 90 days after the trial ended, and is idempotent', async () => {
    // While the trial runs and until the warning is due: nothing.
    expect(await sweep(TRIAL_END - HOUR)).toMatchObject({ warningsSent: 0, databasesDeleted: 0 });
    expect(await sweep(WARN_AT - HOUR)).toMatchObject({ warningsSent: 0, databasesDeleted: 0 });
    expect(outbox.messages()).toHaveLength(0);

    expect(await sweep(WARN_AT + HOUR)).toMatchObject({ warningsSent: 1, databasesDeleted: 0 });
    const [mail] = outbox.messages();
    expect(mail.to).toBe('owner@example.com');
    expect(mail.subject).toBe("Your team's synced projects will be deleted on 13 June 2026");
    expect(mail.text).toContain('ended on 15 March 2026');
    expect(mail.text).toContain('https://earnest.example/pricing');
    // Sent once, however often the sweep runs.
    expect(await sweep(WARN_AT + 2 * HOUR)).toMatchObject({ warningsSent: 0, databasesDeleted: 0 });
    expect(outbox.messages()).toHaveLength(1);

    expect(await sweep(DELETE_AT - HOUR)).toMatchObject({ databasesDeleted: 0 });
    expect(await teamDocIds(h, teamId)).toHaveLength(3);

    expect(await sweep(DELETE_AT + HOUR)).toMatchObject({ warningsSent: 0, databasesDeleted: 1 });
    expect(await teamDocIds(h, teamId)).toEqual([]);
    // Only the synced data: the account, the team and the membership stay, so the owner can renew.
    expect(await getTeam(h.store, teamId)).toMatchObject({ owner_id: OWNER });
    expect(await getMembership(h.store, teamId, OWNER)).toMatchObject({ role: 'owner' });
    expect((await h.store.db('accounts').get(OWNER)) as { email: string }).toMatchObject({ email: 'owner@example.com' });

    expect(await sweep(DELETE_AT + 2 * HOUR)).toMatchObject({ warningsSent: 0, databasesDeleted: 0 });
    expect(outbox.messages()).toHaveLength(1);
  });

  it('deletes again what a device pushes back after the deletion, since the plan is still over', async () => {
    await sweep(WARN_AT);
    await sweep(DELETE_AT);
    await syncProjects(h, teamId, 1, 'again');
    expect(await sweep(DELETE_AT + DAY)).toMatchObject({ databasesDeleted: 1 });
    expect(await teamDocIds(h, teamId)).toEqual([]);
  });

  it('never deletes before 14 days after the warning actually went out', async () => {
    // The sweep first runs long after the plan ended (say the feature is new): warning now, deletion later.
    const late = DELETE_AT + 30 * DAY;
    expect(await sweep(late)).toMatchObject({ warningsSent: 1, databasesDeleted: 0 });
    expect(outbox.messages()[0].subject).toBe("Your team's synced projects will be deleted on 27 July 2026");
    expect(await sweep(late + 14 * DAY - HOUR)).toMatchObject({ databasesDeleted: 0 });
    expect(await teamDocIds(h, teamId)).toHaveLength(3);
    expect(await sweep(late + 14 * DAY)).toMatchObject({ databasesDeleted: 1 });
  });

  it('retries a warning that could not be sent, and deletes nothing until it was', async () => {
    // A real SMTP transport pointed at a port where nothing listens.
    const failing = new SmtpMailer({ url: 'smtp://127.0.0.1:9', from: 'Earnest <no-reply@earnest.example>' });
    expect(await sweep(DELETE_AT + HOUR, failing)).toMatchObject({ warningsSent: 0, databasesDeleted: 0 });
    expect(await teamDocIds(h, teamId)).toHaveLength(3);
    expect(await sweep(DELETE_AT + 2 * HOUR)).toMatchObject({ warningsSent: 1, databasesDeleted: 0 });
    expect(outbox.messages()).toHaveLength(1);
  }, 30_000);

  it('sends one warning when two sweeps run at once', async () => {
    const results = await Promise.all([sweep(WARN_AT + HOUR), sweep(WARN_AT + HOUR), sweep(WARN_AT + HOUR)]);
    expect(results.reduce((n, r) => n + r.warningsSent, 0)).toBe(1);
    expect(outbox.messages()).toHaveLength(1);
  });

  it('without a mailer (or with the production stand-in) deletes at 90 days with no warning', async () => {
    expect(await sweep(WARN_AT + HOUR, null)).toMatchObject({ warningsSent: 0, databasesDeleted: 0 });
    expect(await sweep(DELETE_AT - HOUR, new UnconfiguredMailer(() => undefined))).toMatchObject({ databasesDeleted: 0 });
    expect(await sweep(DELETE_AT + HOUR, new UnconfiguredMailer(() => undefined))).toMatchObject({ warningsSent: 0, databasesDeleted: 1 });
    expect(await teamDocIds(h, teamId)).toEqual([]);
  });

  it('keeps the data of an owner who renewed, and forgets the countdown', async () => {
    await sweep(WARN_AT + HOUR);
    expect(outbox.messages()).toHaveLength(1);
    h.clock.now = WARN_AT + 2 * HOUR;
    await buyLocal(h, await h.tokenFor(OWNER));
    expect(await sweep(DELETE_AT + HOUR)).toMatchObject({ databasesDeleted: 0 });
    expect(await teamDocIds(h, teamId)).toHaveLength(3);
    await expect(h.store.db('teams').get(teamRetentionDocId(teamId))).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the data of owners whose plan never ends or never began', async () => {
    // An administrator whose trial ended long ago.
    await grantRole(h.store, OWNER, 'admin', () => T0);
    // A user who never started a trial or paid, with synced projects (the free limits allow some).
    const freeToken = await h.signup('free@example.com');
    const freeTeam = await homeTeam(h, freeToken);
    await syncProjects(h, freeTeam, 2);
    expect(await sweep(DELETE_AT + 365 * DAY)).toMatchObject({ teamsChecked: 2, warningsSent: 0, databasesDeleted: 0 });
    expect(await teamDocIds(h, teamId)).toHaveLength(3);
    expect(await teamDocIds(h, freeTeam)).toHaveLength(2);
  });

  it('treats a local subscription that renews by itself as running, even before it is settled', async () => {
    h.clock.now = T0 + DAY;
    await buyLocal(h, await h.tokenFor(OWNER));
    // A year on, nobody has visited to settle the renewals: the plan still runs.
    expect(await sweep(T0 + 400 * DAY)).toMatchObject({ warningsSent: 0, databasesDeleted: 0 });
    expect(await teamDocIds(h, teamId)).toHaveLength(3);
  });

  it('counts from the end of a paid subscription that was cancelled', async () => {
    // Paid on day 1 of the trial for a month; the local portal's cancel takes effect at period end.
    h.clock.now = T0 + DAY;
    await buyLocal(h, await h.tokenFor(OWNER));
    await cancelLocalAtPeriodEnd(h, await h.tokenFor(OWNER));
    const profile = (await h.store.db('accounts').get(`profile:${OWNER}`)) as { billing: { cancel_at_period_end: boolean }; subscription_end: string };
    expect(profile.billing.cancel_at_period_end).toBe(true);
    const end = Date.parse(profile.subscription_end);
    expect(end).toBe(Date.parse('2026-04-02T12:00:00.000Z'));
    // The trial's end (15 March) is earlier: the paid period decides.
    expect(await sweep(end + 76 * DAY - HOUR)).toMatchObject({ warningsSent: 0 });
    expect(await sweep(end + 76 * DAY + HOUR)).toMatchObject({ warningsSent: 1 });
    expect(outbox.messages()[0].text).toContain('ended on 2 April 2026');
    expect(await sweep(end + 90 * DAY - HOUR)).toMatchObject({ databasesDeleted: 0 });
    expect(await sweep(end + 90 * DAY + HOUR)).toMatchObject({ databasesDeleted: 1 });
  });
});
