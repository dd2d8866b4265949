/**
 * The sync state the UI shows (issue 13 "Sync state is visible"), one entry per team:
 *
 *   synced   — nothing waiting in either direction; `lastSyncedAt` says when that was last true
 *   syncing  — sending or receiving; `pending` documents of this device not yet on the server
 *   offline  — the device is offline; `pending` changes wait for the connection
 *   error    — `problem` says why and what to do; `pending` changes are kept meanwhile
 *   stopped  — not syncing because nobody asked (before sign-in, after sign-out)
 *
 * The board is an observable with `getSnapshot`/`subscribe`, the shape React's
 * useSyncExternalStore takes, and a listener is what the data worker forwards to pages.
 */
import type { TeamRole } from '../../core/api/teams';
import type { SyncState } from '../../core/sync/labels';
import type { SyncProblem } from './problems';

// The words for these states live in src/core/sync/labels.ts, shared with the pages.
export { describeTeamStatus, overallState } from '../../core/sync/labels';
export type { SyncState };

export interface TeamSyncStatus {
  teamId: string;
  teamName: string;
  role: TeamRole;
  isHome: boolean;
  state: SyncState;
  /** Documents changed on this device that the server does not have yet. */
  pending: number;
  /** Documents received from the team since this device went online (for "syncing"). */
  received: number;
  /** When this device last had nothing left to send or receive (ms since the epoch). */
  lastSyncedAt: number | null;
  /** Why the team is in error (or why its changes cannot be sent: viewer). */
  problem: Pick<SyncProblem, 'code' | 'why' | 'action'> | null;
  /** When the next attempt is due, while waiting after an error (ms since the epoch). */
  retryAt: number | null;
}

export interface SyncSnapshot {
  /** The device believes it has a network connection. */
  online: boolean;
  /** Whether sync runs at all (signed in, started, and this tab holds the sync lock). */
  running: boolean;
  /** Started, but another tab of this browser holds the sync lock and replicates for it. */
  standby: boolean;
  teams: readonly TeamSyncStatus[];
}

export type SyncListener = (snapshot: SyncSnapshot) => void;

export class StatusBoard {
  private snapshot: SyncSnapshot = { online: true, running: false, standby: false, teams: [] };
  private readonly listeners = new Set<SyncListener>();

  getSnapshot = (): SyncSnapshot => this.snapshot;

  subscribe = (listener: SyncListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Replaces the snapshot (a new object, so identity comparison sees the change) and notifies. */
  set(next: SyncSnapshot): void {
    this.snapshot = next;
    for (const l of [...this.listeners]) {
      try {
        l(next);
      } catch (err) {
        console.error('A sync status listener failed:', err);
      }
    }
  }
}
