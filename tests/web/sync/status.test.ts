/** What the header indicator says for each state (src/local/sync/status.ts). */
import { describe, expect, it } from 'vitest';
import { describeTeamStatus, overallState, type TeamSyncStatus } from '../../../src/local/sync/status';
import { signedOut, viewerProblem } from '../../../src/local/sync/problems';

const base: TeamSyncStatus = {
  teamId: 't1',
  teamName: 'Bridge team',
  role: 'editor',
  isHome: false,
  state: 'synced',
  pending: 0,
  received: 0,
  lastSyncedAt: null,
  problem: null,
  retryAt: null,
};

describe('status labels', () => {
  it('says synced, syncing with the count, offline with changes waiting, and errors with what to do', () => {
    expect(describeTeamStatus(base)).toBe('Synced');
    expect(describeTeamStatus({ ...base, state: 'syncing', pending: 12 })).toBe('Syncing 12 documents');
    expect(describeTeamStatus({ ...base, state: 'syncing', pending: 1 })).toBe('Syncing 1 document');
    expect(describeTeamStatus({ ...base, state: 'offline', pending: 3 })).toBe('Offline, 3 changes waiting');
    expect(describeTeamStatus({ ...base, state: 'offline' })).toBe('Offline');
    expect(describeTeamStatus({ ...base, state: 'error', problem: viewerProblem('Bridge team') })).toBe(
      "Your role in \"Bridge team\" is viewer: changes made on this device cannot be sent. Ask a team owner or admin for the editor role. The team's own changes still arrive here.",
    );
    expect(describeTeamStatus({ ...base, state: 'error', problem: signedOut() })).toBe(
      'Signed out: sign in again to sync. Changes made on this device are kept and sent after you sign in.',
    );
  });

  it('sums up the device by its worst team', () => {
    const snap = (states: TeamSyncStatus['state'][]) => ({ online: true, running: true, standby: false, teams: states.map((state) => ({ ...base, state })) });
    expect(overallState(snap(['synced', 'syncing']))).toBe('syncing');
    expect(overallState(snap(['synced', 'offline', 'syncing']))).toBe('offline');
    expect(overallState(snap(['error', 'offline']))).toBe('error');
    expect(overallState({ online: true, running: false, standby: false, teams: [] })).toBe('stopped');
  });
});
