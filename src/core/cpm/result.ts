/**
 * What one CPM run gives (scheduleNetwork in ./schedule.ts), in its own module so the passes and
 * the path walks (./paths.ts) can name it without importing the run itself.
 */
import type { CpmNetwork } from './compile';
import type { ResolvedCpmOptions } from './options';

export interface CpmSchedule {
  readonly net: CpmNetwork;
  readonly options: ResolvedCpmOptions;
  /** Early and late dates per node, epoch minutes. In-progress work: the remaining early start. */
  readonly es: Float64Array;
  readonly ef: Float64Array;
  readonly ls: Float64Array;
  readonly lf: Float64Array;
  /** Working hours on each activity's calendar; NaN for finished work. */
  readonly totalFloat: Float64Array;
  readonly freeFloat: Float64Array;
  /** 1 when critical (total float ≤ the threshold, or on the longest path when that option is set). */
  readonly critical: Uint8Array;
  /** The driving link of each node (index into net.pred*), −1 when the data date or a constraint drove it. */
  readonly driving: Int32Array;
  /** The latest early finish (epoch minutes). */
  readonly finish: number;
}
