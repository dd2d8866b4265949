/**
 * Status history from successive imports. DESIGN.md: "Each import is an immutable status snapshot
 * at its data date … EV and AC accumulate from successive snapshots". The store keeps every import
 * whole; when a project is opened, the chosen import is the schedule and each earlier import is
 * reduced to a `StatusSnapshot` of its activities' progress here.
 *
 * Pure: no storage, no I/O. Inputs are never mutated.
 */
import { tryToMinutes, type LocalDateTime } from './dates';
import type { Activity, ActivityStatus, ImportWarning, Schedule, StatusSnapshot } from './schedule';
import { statusDateFromFile } from './statusDate';

/**
 * The moment a schedule's status describes: the status date the file supports (its own status
 * date, MS Project's current date, else its latest actual date: `statusDateFromFile`, the same
 * rule the import summary and the EVM engine use). Undefined when the schedule has none of these.
 */
export function statusDateOf(schedule: Schedule): LocalDateTime | undefined {
  return statusDateFromFile(schedule)?.date;
}

/** One activity's progress as the snapshot records it. */
export function activityStatusOf(a: Activity, dataDate: LocalDateTime | undefined, activityId = a.id): ActivityStatus {
  const s: ActivityStatus = {
    activityId,
    percentComplete: { ...a.percentComplete },
    actualCost: a.actualCost,
    actualUnits: a.actualUnits,
    remainingCost: a.remainingCost,
    remainingUnits: a.remainingUnits,
  };
  if (a.actualStart !== undefined) s.actualStart = a.actualStart;
  if (a.actualFinish !== undefined) s.actualFinish = a.actualFinish;
  if (a.forecastFinish !== undefined) s.forecastFinish = a.forecastFinish;
  if (a.evTechnique.kind === 'weighted-milestones') {
    // A milestone dated after the data date was not yet achieved at that status.
    const cutoff = dataDate === undefined ? null : tryToMinutes(dataDate);
    s.milestonesAchieved = a.evTechnique.milestones
      .filter((m) => m.achieved !== undefined && (cutoff === null || (tryToMinutes(m.achieved) ?? Infinity) <= cutoff))
      .map((m) => m.name);
  }
  return s;
}

/**
 * The schedule's status as an immutable snapshot: every activity's actual dates, percent complete,
 * actual and remaining cost and units, at the schedule's status date (see `statusDateOf`).
 * Throws a RangeError when the schedule has no data date and no actual dates, because such a
 * status cannot be placed on the time line.
 */
export function statusSnapshotOf(schedule: Schedule, id: string, label?: string): StatusSnapshot {
  const dataDate = statusDateOf(schedule);
  if (dataDate === undefined) {
    throw new RangeError(`"${schedule.project.name}" has no data date and no actual dates, so its status cannot be placed in time.`);
  }
  const snap: StatusSnapshot = { id, dataDate, activities: schedule.activities.map((a) => activityStatusOf(a, dataDate)) };
  if (label !== undefined) snap.label = label;
  return snap;
}

/** An earlier schedule with the id and label its snapshot should carry (e.g. the store's import id and file name). */
export interface HistoryInput {
  schedule: Schedule;
  id?: string;
  label?: string;
}

/** What became of one earlier schedule. */
export interface HistoryEntry {
  snapshotId: string;
  label?: string;
  dataDate?: LocalDateTime;
  /** False when the schedule could not be used (no date, not earlier than the latest, superseded). */
  used: boolean;
  /** Why it was not used. */
  reason?: string;
  /** Earlier activities matched to the latest by id. */
  matchedById: number;
  /** Earlier activities matched by activity code because their ids differ between exports. */
  matchedByCode: number;
  /** Earlier activities with no counterpart in the latest schedule (their status is dropped). */
  ignored: number;
}

export interface HistoryReport {
  /** One entry per earlier schedule, in the order given. */
  entries: HistoryEntry[];
  /** Total earlier activities dropped because the latest schedule no longer has them. */
  ignoredActivities: number;
  warnings: ImportWarning[];
}

/**
 * How each activity of an earlier export maps onto the latest one.
 *
 * Ids are the stable key when both exports come from the same database (P6 task_id, MS Project
 * UniqueID), but a re-export from another database can reuse the same ids for different
 * activities, while the activity code the user sees stays put. So an id match counts only when
 * the code or name agrees, or when the export as a whole shows ids are trustworthy (most of its
 * id matches agree); otherwise the activity code, when unique on both sides, decides.
 */
export function matchActivities(latest: readonly Activity[], earlier: readonly Activity[]): { map: Map<number, string>; byId: number; byCode: number } {
  const latestById = new Map<string, Activity>();
  for (const a of latest) latestById.set(a.id, a);
  const latestByCode = uniqueCodes(latest);
  const earlierCodes = uniqueCodes(earlier);

  const map = new Map<number, string>();
  const claimed = new Set<string>();
  let byId = 0;
  let byCode = 0;
  let idPresent = 0;
  let idAgrees = 0;

  // Pass 1: ids corroborated by the code or the name.
  for (let i = 0; i < earlier.length; i++) {
    const e = earlier[i];
    const l = latestById.get(e.id);
    if (!l) continue;
    idPresent++;
    if ((e.code && l.code === e.code) || (e.name && l.name === e.name)) {
      idAgrees++;
      if (!claimed.has(l.id)) {
        map.set(i, l.id);
        claimed.add(l.id);
        byId++;
      }
    }
  }
  const idsTrustworthy = idPresent > 0 && idAgrees * 2 >= idPresent;

  // Pass 2: unique activity codes, then (when ids proved reliable) the bare id.
  for (let i = 0; i < earlier.length; i++) {
    if (map.has(i)) continue;
    const e = earlier[i];
    const viaCode = e.code && earlierCodes.get(e.code) !== null ? latestByCode.get(e.code) : undefined;
    if (viaCode && !claimed.has(viaCode)) {
      map.set(i, viaCode);
      claimed.add(viaCode);
      byCode++;
      continue;
    }
    if (idsTrustworthy && latestById.has(e.id) && !claimed.has(e.id)) {
      map.set(i, e.id);
      claimed.add(e.id);
      byId++;
    }
  }
  return { map, byId, byCode };
}

/** Code → activity id, or null when the code is used more than once (so it cannot identify). */
function uniqueCodes(activities: readonly Activity[]): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const a of activities) {
    if (!a.code) continue;
    m.set(a.code, m.has(a.code) ? null : a.id);
  }
  return m;
}

const asInput = (e: Schedule | HistoryInput): HistoryInput => ('schedule' in e ? e : { schedule: e });

/**
 * The latest schedule with each earlier one added as a status snapshot (oldest first), plus a
 * report of what was matched and what was dropped. Earlier schedules dated on or after the latest
 * status date add nothing (the latest already says more); of two earlier schedules with the same
 * date, the one given later wins (a corrected re-import).
 */
export function mergeHistory(latest: Schedule, earlier: readonly (Schedule | HistoryInput)[]): { schedule: Schedule; report: HistoryReport } {
  const latestDate = statusDateOf(latest);
  const latestAt = latestDate === undefined ? null : tryToMinutes(latestDate);
  const existingDates = new Set(latest.snapshots.map((s) => tryToMinutes(s.dataDate)));

  const entries: HistoryEntry[] = [];
  const warnings: ImportWarning[] = [];
  const byDate = new Map<number, { entry: HistoryEntry; snap: StatusSnapshot }>();
  let ignoredActivities = 0;

  earlier.forEach((item, k) => {
    const { schedule, id, label } = asInput(item);
    const snapshotId = id ?? `status-${k + 1}`;
    const name = label ?? schedule.source?.fileName ?? schedule.project.name;
    const entry: HistoryEntry = { snapshotId, used: false, matchedById: 0, matchedByCode: 0, ignored: 0 };
    if (label !== undefined) entry.label = label;
    entries.push(entry);

    const dataDate = statusDateOf(schedule);
    const at = dataDate === undefined ? null : tryToMinutes(dataDate);
    if (dataDate === undefined || at === null) {
      entry.reason = 'it has no data date and no actual dates';
      warnings.push({ message: `The status in ${name} was left out of the history: it has no data date and no actual dates.` });
      return;
    }
    entry.dataDate = dataDate;
    if (latestAt !== null && at >= latestAt) {
      entry.reason = `its data date ${dataDate} is not earlier than the latest data date ${latestDate}`;
      return;
    }
    if (existingDates.has(at)) {
      entry.reason = `the schedule already holds a status at ${dataDate}`;
      return;
    }

    const { map, byId, byCode } = matchActivities(latest.activities, schedule.activities);
    entry.matchedById = byId;
    entry.matchedByCode = byCode;
    entry.ignored = schedule.activities.length - map.size;
    const statuses: ActivityStatus[] = [];
    schedule.activities.forEach((a, i) => {
      const target = map.get(i);
      if (target !== undefined) statuses.push(activityStatusOf(a, dataDate, target));
    });
    const snap: StatusSnapshot = { id: snapshotId, dataDate, activities: statuses };
    if (label !== undefined) snap.label = label;

    const previous = byDate.get(at);
    if (previous) {
      previous.entry.used = false;
      previous.entry.reason = `a later import (${name}) has the same data date ${dataDate}`;
    }
    entry.used = true;
    byDate.set(at, { entry, snap });
  });

  for (const e of entries) {
    if (!e.used || e.ignored === 0) continue;
    ignoredActivities += e.ignored;
    const name = e.label ?? e.snapshotId;
    warnings.push({
      message: `The status of ${e.ignored} ${e.ignored === 1 ? 'activity' : 'activities'} in ${name} (data date ${e.dataDate}) was left out of the history: ${e.ignored === 1 ? 'it is' : 'they are'} not in the latest schedule (matched neither by id nor by activity code).`,
    });
  }

  const added = [...byDate.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v.snap);
  const snapshots = [...latest.snapshots, ...added].sort((a, b) => (tryToMinutes(a.dataDate) ?? 0) - (tryToMinutes(b.dataDate) ?? 0));
  const schedule: Schedule = { ...latest, snapshots };
  if (latest.source && warnings.length > 0) schedule.source = { ...latest.source, warnings: [...latest.source.warnings, ...warnings] };
  return { schedule, report: { entries, ignoredActivities, warnings } };
}

/**
 * The latest schedule with the earlier ones as status snapshots, oldest first (see `mergeHistory`
 * for the rules). What could not be used is added to `source.warnings` when the schedule has a
 * source; call `mergeHistory` for the counts themselves.
 */
export function withHistory(latest: Schedule, earlier: readonly (Schedule | HistoryInput)[]): Schedule {
  return mergeHistory(latest, earlier).schedule;
}
