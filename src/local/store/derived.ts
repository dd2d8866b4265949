/**
 * The Dexie database of derived data (OFFLINE_NOTES §3.1): what can be rebuilt from PouchDB at will
 * and is never synced. Losing it loses nothing.
 *
 * Version 1 also held a table of every activity of every import, flattened for lists and search.
 * No screen ever read it, and writing it was most of the time a save took (100,000 rows with three
 * indexes for a 100k-activity schedule), so version 2 drops it. A screen that needs an activity
 * list reads the import's chunks, or brings the table back with the reads that justify it.
 */
import { Dexie, type Table } from 'dexie';

/** A cached computed result (the dashboard, Monte Carlo…) of one import under one set of options. */
export interface AnalysisRow {
  projectId: string;
  importId: string;
  /** The options the result was computed with, as a stable string the caller chooses. */
  key: string;
  /**
   * The result itself, stored as an object: IndexedDB's structured clone reads and writes it far
   * faster than JSON text (version 1 kept `json: string`, which cost a stringify and a parse).
   */
  value: unknown;
  computedAt: string;
}

export interface PrefRow {
  key: string;
  value: unknown;
}

/** Bookkeeping of the projection (its changes-feed checkpoint, which imports are complete). */
export interface MetaRow {
  key: string;
  value: unknown;
}

export class DerivedDb extends Dexie {
  analyses!: Table<AnalysisRow, [string, string, string]>;
  prefs!: Table<PrefRow, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      activities: '[projectId+importId+id], [projectId+importId], code',
      analyses: '[projectId+importId+key], projectId',
      prefs: 'key',
      meta: 'key',
    });
    // Cached results of version 1 are JSON text: dropped (they are recomputed on demand).
    this.version(2)
      .stores({ activities: null })
      .upgrade((tx) => tx.table('analyses').clear());
  }
}
