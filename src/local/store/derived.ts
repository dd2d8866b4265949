/**
 * The Dexie database of derived data (OFFLINE_NOTES §3.1): tables the UI can query with indexes,
 * rebuilt from PouchDB at will and never synced. Losing it loses nothing.
 */
import { Dexie, type Table } from 'dexie';
import type { LocalDateTime } from '../../core/model/dates';
import type { Activity, ActivityType, PercentCompleteType } from '../../core/model/schedule';

/** One activity of one import, flattened for lists, search and sorting. */
export interface ActivityRow {
  projectId: string;
  importId: string;
  id: string;
  code: string;
  name: string;
  type: ActivityType;
  wbsId: string | null;
  /** The WBS element's code as the user sees it (`1.2.3`), when the activity has a known WBS. */
  wbsCode?: string;
  controlAccount?: string;
  baselineStart?: LocalDateTime;
  baselineFinish?: LocalDateTime;
  plannedStart?: LocalDateTime;
  plannedFinish?: LocalDateTime;
  actualStart?: LocalDateTime;
  actualFinish?: LocalDateTime;
  forecastStart?: LocalDateTime;
  forecastFinish?: LocalDateTime;
  /** Budget at completion (cost). */
  budget: number;
  /** Actual cost to date. */
  actual: number;
  remaining: number;
  percentCompleteType: PercentCompleteType;
  /** The percent complete of the activity's own type (0..1), or null when the file gave none. */
  percentComplete: number | null;
}

/** A cached computed result (analysis, Monte Carlo…) of one import under one set of options. */
export interface AnalysisRow {
  projectId: string;
  importId: string;
  /** The options the result was computed with, as a stable string the caller chooses. */
  key: string;
  json: string;
  computedAt: string;
}

export interface PrefRow {
  key: string;
  value: unknown;
}

/** Bookkeeping of the projection (its changes-feed checkpoint). */
export interface MetaRow {
  key: string;
  value: unknown;
}

export class DerivedDb extends Dexie {
  activities!: Table<ActivityRow, [string, string, string]>;
  analyses!: Table<AnalysisRow, [string, string, string]>;
  prefs!: Table<PrefRow, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string) {
    super(name);
    // Activities are read and removed by primary-key range (see rowsOf), which IndexedDB does in one
    // step; the [projectId+importId] index serves queries that filter further, `code` the search.
    this.version(1).stores({
      activities: '[projectId+importId+id], [projectId+importId], code',
      analyses: '[projectId+importId+key], projectId',
      prefs: 'key',
      meta: 'key',
    });
  }
}

/**
 * The activity rows of one import, or of a whole project, as a primary-key range: reading or
 * deleting 100,000 rows this way is one IndexedDB range operation, not a cursor walk.
 */
export function rowsOf(db: DerivedDb, projectId: string, importId?: string) {
  // [p] sorts before every [p, i, id] and [p, maxKey] after (an array sorts after any string).
  // IndexedDB rejects a key holding the same array object twice, so maxKey appears once per key.
  const lower = importId === undefined ? [projectId] : [projectId, importId, Dexie.minKey];
  const upper = importId === undefined ? [projectId, Dexie.maxKey] : [projectId, importId, Dexie.maxKey];
  return db.activities.where(':id').between(lower, upper, true, true);
}

/** The percent complete an activity reports for its own type, falling back to any other it has. */
export function percentOf(a: Activity): number | null {
  const p = a.percentComplete ?? {};
  return p[a.percentCompleteType] ?? p.physical ?? p.duration ?? p.units ?? null;
}

const DATE_FIELDS = ['baselineStart', 'baselineFinish', 'plannedStart', 'plannedFinish', 'actualStart', 'actualFinish', 'forecastStart', 'forecastFinish'] as const;

export function activityRow(projectId: string, importId: string, a: Activity, wbsCodes: ReadonlyMap<string, string>): ActivityRow {
  const row: ActivityRow = {
    projectId,
    importId,
    id: a.id,
    code: a.code ?? '',
    name: a.name ?? '',
    type: a.type,
    wbsId: a.wbsId ?? null,
    budget: a.budgetCost,
    actual: a.actualCost,
    remaining: a.remainingCost,
    percentCompleteType: a.percentCompleteType,
    percentComplete: percentOf(a),
  };
  const wbsCode = a.wbsId ? wbsCodes.get(a.wbsId) : undefined;
  if (wbsCode !== undefined) row.wbsCode = wbsCode;
  if (a.controlAccount !== undefined) row.controlAccount = a.controlAccount;
  for (const f of DATE_FIELDS) if (a[f] !== undefined) row[f] = a[f];
  return row;
}
