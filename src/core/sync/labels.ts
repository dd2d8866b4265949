/**
 * The words the app uses for sync (issue 13 "Sync state is visible", "Roles are visible in the
 * UI"): one place for the sync engine (src/local/sync/status.ts re-exports these) and the pages
 * (the header indicator, /pwa, the projects list), so the header and /pwa never word one state two
 * ways. Pure: the shapes are structural, the subset of the engine's TeamSyncStatus and SyncSnapshot
 * (src/local/sync/status.ts) that the words depend on.
 */
import type { TeamRole } from '../api/teams';

/**
 *   synced   — nothing waiting in either direction
 *   syncing  — sending or receiving
 *   offline  — the device is offline; changes wait for the connection
 *   error    — the team's problem says why and what to do
 *   stopped  — not syncing because nobody asked (before sign-in, after sign-out, another tab syncs)
 */
export type SyncState = 'synced' | 'syncing' | 'offline' | 'error' | 'stopped';

/** What a team's one-line state depends on. */
export interface TeamStateFacts {
  state: SyncState;
  /** Documents changed on this device that the server does not have yet. */
  pending: number;
  problem: { why: string; action: string } | null;
}

/** What the device's overall state depends on. */
export interface SnapshotFacts {
  online: boolean;
  running: boolean;
  standby: boolean;
  teams: readonly TeamStateFacts[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** A one-line label for one team ("Synced", "Syncing 12 documents", …). */
export function describeTeamStatus(s: TeamStateFacts): string {
  switch (s.state) {
    case 'synced':
      return 'Synced';
    case 'syncing':
      return s.pending > 0 ? `Syncing ${plural(s.pending, 'document')}` : 'Syncing';
    case 'offline':
      return s.pending > 0 ? `Offline, ${plural(s.pending, 'change')} waiting` : 'Offline';
    case 'error':
      return s.problem ? `${s.problem.why} ${s.problem.action}` : 'Sync error';
    case 'stopped':
      return s.pending > 0 ? `Not syncing, ${plural(s.pending, 'change')} waiting` : 'Not syncing';
  }
}

/** The state of the device as a whole: the worst team's (error > offline > syncing > synced). */
export function overallState(snapshot: SnapshotFacts): SyncState {
  const rank: Record<SyncState, number> = { error: 4, offline: 3, syncing: 2, synced: 1, stopped: 0 };
  let worst: SyncState = snapshot.running ? 'synced' : 'stopped';
  for (const t of snapshot.teams) if (rank[t.state] > rank[worst]) worst = t.state;
  return worst;
}

/** `standby`: started, but another tab of this browser replicates for this one. */
export type OverallKind = SyncState | 'standby';

export interface OverallLabel {
  kind: OverallKind;
  /** The header's words: "Synced", "Syncing 12 documents", "Offline, 3 changes waiting", "Sync error". */
  label: string;
  /**
   * What a screen reader hears when it changes: the state without its counts, so a count ticking
   * down while documents go out is not read out each time.
   */
  announce: string;
}

const waitingTotal = (teams: readonly TeamStateFacts[]) => teams.reduce((sum, t) => sum + t.pending, 0);

/**
 * The header indicator's words for a snapshot, or null when there is nothing to show (sync never
 * started: no teams and not running).
 */
export function describeOverall(snapshot: SnapshotFacts): OverallLabel | null {
  if (!snapshot.running && !snapshot.standby && snapshot.teams.length === 0) return null;
  const waiting = waitingTotal(snapshot.teams);
  if (snapshot.standby && !snapshot.running) {
    // This tab does not replicate, so it cannot say the other tab is done: only where sync runs.
    if (!snapshot.online) {
      return waiting > 0
        ? { kind: 'offline', label: `Offline, ${plural(waiting, 'change')} waiting`, announce: 'Offline, changes waiting to sync' }
        : { kind: 'offline', label: 'Offline', announce: 'Offline' };
    }
    return { kind: 'standby', label: 'Syncing in another tab', announce: 'Sync runs in another Earnest tab' };
  }
  const kind = overallState(snapshot);
  switch (kind) {
    case 'synced':
      return { kind, label: 'Synced', announce: 'Synced' };
    case 'syncing': {
      const sending = waitingTotal(snapshot.teams.filter((t) => t.state === 'syncing'));
      return { kind, label: sending > 0 ? `Syncing ${plural(sending, 'document')}` : 'Syncing', announce: 'Syncing' };
    }
    case 'offline':
      return waiting > 0
        ? { kind, label: `Offline, ${plural(waiting, 'change')} waiting`, announce: 'Offline, changes waiting to sync' }
        : { kind, label: 'Offline', announce: 'Offline' };
    case 'error':
      return { kind, label: 'Sync error', announce: 'Sync error' };
    case 'stopped':
      return waiting > 0
        ? { kind, label: `Not syncing, ${plural(waiting, 'change')} waiting`, announce: 'Not syncing, changes waiting' }
        : { kind, label: 'Not syncing', announce: 'Not syncing' };
  }
}

/**
 * One team's line in the popover and on /pwa: the engine's label, except that a team this tab does
 * not replicate because another tab does is not "Not syncing".
 */
export function teamStateLine(snapshot: Pick<SnapshotFacts, 'standby' | 'running'>, team: TeamStateFacts): string {
  if (snapshot.standby && !snapshot.running && team.state === 'stopped') {
    return team.pending > 0 ? `Syncing in another Earnest tab, ${plural(team.pending, 'change')} waiting` : 'Syncing in another Earnest tab';
  }
  return describeTeamStatus(team);
}

/**
 * "Last synced 5 minutes ago" without the prefix: how long ago `then` was, at `now` (both ms since
 * the epoch). A clock a little ahead of the other reads as "just now", never "in 3 seconds".
 */
export function timeAgo(then: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${plural(days, 'day')} ago`;
}

/** "Last synced 5 minutes ago", or that this device has not synced the team yet. */
export function lastSyncedLine(lastSyncedAt: number | null, now: number): string {
  return lastSyncedAt === null ? 'Not synced with this device yet' : `Last synced ${timeAgo(lastSyncedAt, now)}`;
}

export const ROLE_NAMES: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };

/** Whether a role may change a team's projects (the gateway refuses a viewer's writes). */
export const canWrite = (role: TeamRole | undefined): boolean => role !== 'viewer';

/** What the projects list calls the home team: the user's own space, whatever the team is named. */
export const PERSONAL_SPACE = 'Personal space';
