/**
 * A schedule's logic compiled once for many passes: the shared shape of the CPM engine (./) and
 * the Monte Carlo kernel (../risk). Activities are renumbered into topological order, so a forward
 * pass is one linear sweep over node 0..n−1 and a backward pass one sweep back, with every
 * predecessor of node i at an index below i (PERFORMANCE_NOTES.md §4.1).
 *
 * Links are stored twice, as compressed sparse rows: by successor (the predecessors of each node)
 * and by predecessor (the successors of each node, pointing back into the first set), so neither
 * pass searches.
 */

/** Link types as stored in `predType`. */
export const LINK_FS = 0;
export const LINK_SS = 1;
export const LINK_FF = 2;
export const LINK_SF = 3;
export type LinkCode = typeof LINK_FS | typeof LINK_SS | typeof LINK_FF | typeof LINK_SF;

export interface NetworkArrays {
  /** Number of activities. */
  readonly n: number;
  /** Activity ids (the model's `Activity.id`) in topological order: node i is `ids[i]`. */
  readonly ids: readonly string[];
  /** Predecessor links of node i are entries predStart[i] .. predStart[i + 1] − 1 (n + 1 entries). */
  readonly predStart: Int32Array;
  /** The predecessor node of each link; always below the successor's index. */
  readonly predIdx: Int32Array;
  /** LINK_FS, LINK_SS, LINK_FF or LINK_SF per link. */
  readonly predType: Uint8Array;
  /** Lag per link in working hours (negative for a lead). */
  readonly predLag: Float64Array;
  /** Successor links of node i are entries succStart[i] .. succStart[i + 1] − 1 (n + 1 entries). */
  readonly succStart: Int32Array;
  /** The successor node of each of those entries. */
  readonly succIdx: Int32Array;
  /** For each of those entries, its link's index in the pred* arrays (type and lag live there). */
  readonly succLink: Int32Array;
}
