/** What the dashboard's presentational components are given: results only, never raw files. */
import type { Analysis } from '../../../core/evm/types';

/** The bundle is assembled in core (dashboardOf), where workers, the CLI and the tour build it. */
export type { DashboardData } from '../../../core/insight/dashboard';

export type MeasureBasis = Analysis['measureBasis'];

/**
 * Comment buttons on breakdown rows and alerts (issue 13), when the page has comments to offer
 * (the app's dashboard; not the tour or the import preview). `count` gives a thread's open (unresolved) comments by
 * its key (contracts.ts commentTargetKey); `open` opens that thread. Both must be stable
 * references (useCallback), so memoised breakdown rows re-render only when their count moves.
 */
export interface CommentHooks {
  count(key: string): number;
  open(target: import('../../../local/contracts').CommentTarget): void;
}
