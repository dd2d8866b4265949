/**
 * The page's view of sync (issue 13): the latest status the data worker reported, for the header
 * indicator, /pwa and the sign-out warning. src/client/data.ts feeds it from the worker's
 * `subscribeSync`; components read it with `useSyncStatus`.
 */
import { create } from 'zustand';
import type { SyncSnapshot } from '../local/contracts';

export interface SyncStatusState {
  /** Null until the data worker has reported (not signed in, or sync not started yet). */
  snapshot: SyncSnapshot | null;
}

export const useSyncStatus = create<SyncStatusState>(() => ({ snapshot: null }));

export function setSyncSnapshot(snapshot: SyncSnapshot | null): void {
  useSyncStatus.setState({ snapshot });
}
