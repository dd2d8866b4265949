/**
 * The status (data) date a schedule is measured at, when the user has not said: one rule shared by
 * the import summary, the dashboard, the status history and the CLI, so every surface measures the
 * same file at the same moment and says why.
 *
 * In order: the file's own status date (P6 data date, MS Project status date, a date written above
 * an activity table); MS Project's current date (what MS Project itself measures progress at when
 * no status date is set); the latest evidence of progress in the file (its latest actual date, or
 * the latest status snapshot's date if that is later: the status cannot be older than either);
 * failing all of those, today. "Today" is the caller's clock, passed in, so the rule stays pure and
 * tests stay deterministic.
 *
 * Pure: no clock, storage or I/O; inputs are never mutated.
 */
import { tryToMinutes, type LocalDateTime } from './dates';
import type { Schedule, StatusDateSource } from './schedule';

export type { StatusDateSource };

/** The date chosen, where it came from, and the words that say so ("the file's status date"). */
export interface StatusDateChoice {
  date: LocalDateTime;
  source: StatusDateSource;
  explanation: string;
}

const EXPLANATIONS: Record<StatusDateSource, string> = {
  'status-date': "the file's status date",
  'current-date': "MS Project's current date; the file has no status date",
  'latest-actual': 'the latest actual date in the file',
  'latest-snapshot': "the latest status snapshot's date; the file has no status date",
  today: 'today; the file has no dates to go by',
  chosen: 'chosen when the file was imported',
  given: 'the date chosen for this analysis',
};

/** The words for a source, as the import summary and the reports print them after the date. */
export function explainStatusDate(source: StatusDateSource): string {
  return EXPLANATIONS[source];
}

const choice = (date: LocalDateTime, source: StatusDateSource): StatusDateChoice => ({ date, source, explanation: EXPLANATIONS[source] });

const valid = (text: LocalDateTime | undefined): text is LocalDateTime => text !== undefined && tryToMinutes(text) !== null;

/**
 * The status date the file itself supports, without falling back to today: undefined when the
 * schedule has no status date, no current date, no actual date and no status snapshot. A date the
 * store saved with the import (`project.dataDateSource`) keeps the source it was saved with.
 */
export function statusDateFromFile(schedule: Schedule): StatusDateChoice | undefined {
  const p = schedule.project;
  if (valid(p.dataDate)) return choice(p.dataDate, p.dataDateSource ?? 'status-date');
  if (valid(p.currentDate)) return choice(p.currentDate, 'current-date');
  let best: { at: number; text: LocalDateTime; source: StatusDateSource } | undefined;
  const consider = (text: LocalDateTime | undefined, source: StatusDateSource) => {
    if (text === undefined) return;
    const at = tryToMinutes(text);
    if (at !== null && (best === undefined || at > best.at)) best = { at, text, source };
  };
  for (const a of schedule.activities) {
    consider(a.actualStart, 'latest-actual');
    consider(a.actualFinish, 'latest-actual');
  }
  for (const s of schedule.snapshots) consider(s.dataDate, 'latest-snapshot');
  return best && choice(best.text, best.source);
}

/**
 * The default status date of a schedule: what the file supports (see `statusDateFromFile`), else
 * `today` (the caller's local date, e.g. `localToday(new Date())`).
 */
export function defaultStatusDate(schedule: Schedule, today: LocalDateTime): StatusDateChoice {
  return statusDateFromFile(schedule) ?? choice(today, 'today');
}

/** A clock reading as the caller's local calendar day, `YYYY-MM-DD`. */
export function localToday(now: Date): LocalDateTime {
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A copy of the schedule measured at `date`: the status date it is saved and analysed with. The
 * source is kept beside it (omitted for the file's own status date), so a later analysis can still
 * say where the date came from. Throws a RangeError when `date` is not a date.
 */
export function withStatusDate(schedule: Schedule, date: LocalDateTime, source: StatusDateSource): Schedule {
  if (!valid(date)) throw new RangeError(`The status date "${date}" is not a date (expected YYYY-MM-DD).`);
  const project = { ...schedule.project, dataDate: date };
  if (source === 'status-date') delete project.dataDateSource;
  else project.dataDateSource = source;
  return { ...schedule, project };
}
