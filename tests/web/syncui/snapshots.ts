/**
 * Sync snapshots as the data worker sends them (src/local/sync/status.ts shapes), with problems
 * made by the engine's own classifier (problems.ts), for the page-side sync UI tests.
 */
import { classifyError, viewerProblem, type SyncProblem } from '../../../src/local/sync/problems';
import type { SyncSnapshot, TeamSyncStatus } from '../../../src/local/contracts';

export const NOW = Date.UTC(2026, 10, 27, 9, 30);
export const MINUTE = 60_000;

export function team(over: Partial<TeamSyncStatus> & Pick<TeamSyncStatus, 'teamId' | 'teamName'>): TeamSyncStatus {
  return {
    role: 'owner',
    isHome: false,
    state: 'synced',
    pending: 0,
    received: 0,
    lastSyncedAt: NOW - 5 * MINUTE,
    problem: null,
    retryAt: null,
    ...over,
  };
}

const pick = (p: SyncProblem) => ({ code: p.code, why: p.why, action: p.action });

export const home = (over: Partial<TeamSyncStatus> = {}) => team({ teamId: 'home-1', teamName: 'alice@example.com', isHome: true, ...over });
export const bridge = (over: Partial<TeamSyncStatus> = {}) => team({ teamId: 'bridge-team', teamName: 'Bridge team', role: 'editor', ...over });
export const rail = (over: Partial<TeamSyncStatus> = {}) => team({ teamId: 'rail-team', teamName: 'Rail team', role: 'viewer', ...over });

/** The problem the engine reports when the server cannot be reached. */
export const unreachable = () => pick(classifyError({ status: 0, message: 'Failed to fetch' }, { teamName: 'Bridge team' }));
/** The problem the engine reports for a viewer's change it cannot send. */
export const viewer = () => pick(viewerProblem('Rail team'));

export const snapshot = (teams: TeamSyncStatus[], over: Partial<SyncSnapshot> = {}): SyncSnapshot => ({ online: true, running: true, standby: false, teams, ...over });
