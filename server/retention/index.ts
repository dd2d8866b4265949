/**
 * Retention: the periods the Privacy Policy promises, enforced (server/index.ts runs them beside
 * the hourly auth sweep).
 *
 * | what | rule | sweep |
 * |---|---|---|
 * | closed accounts | purged within the hour (promised: 30 days) | {@link sweepClosedAccounts}, hourly |
 * | synced team data | deleted 90 days after the owner's plan ends, owner warned 14 days before | {@link sweepEndedTeamData}, hourly |
 * | analytics events, sessions, funnel steps | deleted 24 months after collection | {@link sweepOldAnalytics}, daily |
 * | contact-form messages | deleted 24 months after they were sent | {@link sweepOldContactMessages}, daily |
 *
 * Every sweep takes `now`, pages through its database, is idempotent and may run on two instances
 * at once (see each module).
 */
import type { Mailer } from '../mail';
import type { Store } from '../store';
import { sweepOldAnalytics, type AnalyticsRetentionResult } from './analytics';
import { sweepClosedAccounts, type ClosedAccountsResult } from './closedAccounts';
import { sweepOldContactMessages } from './contact';
import { sweepEndedTeamData, type TeamDataResult } from './teamData';

export { sweepOldAnalytics, ANALYTICS_RETENTION_MONTHS } from './analytics';
export { sweepOldContactMessages, CONTACT_RETENTION_MONTHS } from './contact';
export { sweepClosedAccounts, purgeClosedAccountNow, PURGE_GRACE_MS, CLOSURE_RECORD_DAYS, BILLING_LINK_RETENTION_YEARS } from './closedAccounts';
export { sweepEndedTeamData, TEAM_DATA_GRACE_DAYS, WARNING_DAYS } from './teamData';
// Kept here for callers of this module; the id lives with every other id in server/store/ids.
export { teamRetentionDocId } from '../store/ids';
export { deleteTeamDatabase } from './teamDatabase';
export { planEndedAt } from './planEnd';

export interface RetentionDeps {
  store: Store;
  /** Null when mail cannot be sent; the production stand-in counts as none. */
  mailer: Mailer | null;
  publicUrl: string;
}

export interface RetentionResult {
  closedAccounts?: ClosedAccountsResult;
  teamData?: TeamDataResult;
  analytics?: AnalyticsRetentionResult;
  contactMessages?: number;
}

/** Runs the hourly sweeps, and the daily ones when `daily` is set. A failing sweep does not stop the others. */
export async function runRetention(deps: RetentionDeps, now: number, options: { daily: boolean }): Promise<RetentionResult> {
  const result: RetentionResult = {};
  const attempt = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (err) {
      console.error(`Retention: the ${name} sweep failed (it runs again next time):`, err);
      return undefined;
    }
  };
  const closed = await attempt('closed-accounts', () => sweepClosedAccounts(deps.store, now));
  if (closed) result.closedAccounts = closed;
  const team = await attempt('team-data', () => sweepEndedTeamData({ store: deps.store, now, mailer: deps.mailer, publicUrl: deps.publicUrl }));
  if (team) result.teamData = team;
  if (options.daily) {
    const analytics = await attempt('analytics', () => sweepOldAnalytics(deps.store, now));
    if (analytics) result.analytics = analytics;
    const contact = await attempt('contact-messages', () => sweepOldContactMessages(deps.store, now));
    if (contact !== undefined) result.contactMessages = contact;
  }
  return result;
}

/** One log line of what a run removed or sent, or null when it did nothing. */
export function describeRetention(r: RetentionResult): string | null {
  const parts: string[] = [];
  const add = (n: number | undefined, what: string) => {
    if (n) parts.push(`${n} ${what}`);
  };
  const c = r.closedAccounts;
  add(c?.accountsPurged, 'closed accounts purged');
  add(c?.teamDatabasesDeleted, "closed accounts' team databases deleted");
  add(c?.analyticsRows, "closed accounts' analytics rows");
  add(c?.authRecords, "closed accounts' session and link records");
  add(c?.invitations, "closed accounts' invitations");
  add(c?.billingRecords, 'billing records past retention');
  add(c?.closureRecordsRemoved, 'closure records');
  add(r.teamData?.warningsSent, 'team-data deletion warnings sent');
  add(r.teamData?.databasesDeleted, 'ended teams’ databases deleted');
  add(r.analytics?.events, 'analytics events');
  add(r.analytics?.sessions, 'analytics sessions');
  add(r.analytics?.funnelSteps, 'funnel steps');
  add(r.contactMessages, 'contact-form messages');
  return parts.length > 0 ? `Retention: ${parts.join(', ')}.` : null;
}

/**
 * The schedule server/index.ts drives: `tick()` at start-up and hourly. The daily sweeps run on the
 * first tick and then once 24 hours have passed. A tick while the previous one still runs is
 * skipped (another instance running at the same time is fine: the sweeps allow it).
 */
export function createRetentionSchedule(deps: RetentionDeps, clock: () => number = Date.now) {
  let running = false;
  let lastDaily: number | null = null;
  return {
    async tick(): Promise<RetentionResult | null> {
      if (running) return null;
      running = true;
      try {
        const now = clock();
        const daily = lastDaily === null || now - lastDaily >= 24 * 60 * 60 * 1000;
        const result = await runRetention(deps, now, { daily });
        if (daily) lastDaily = now;
        return result;
      } finally {
        running = false;
      }
    },
  };
}
