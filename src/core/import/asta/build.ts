/**
 * Powerproject tables (either physical form) → one canonical Schedule.
 *
 * Mapping decisions, each following MPXJ's AstaReader where it has one:
 * - An activity's current dates are its LINKABLE_START / LINKABLE_FINISH (the dates on the bar).
 * - Progress is OVERALL_PERCENT_COMPLETE (0–100), kept as physical % complete. A task with progress
 *   or an actual duration has started (actual start = its start); one at 100% has finished.
 * - Remaining duration is the working time from RESUME (or the start) to the finish on the task's
 *   calendar (clock time for elapsed units); original duration = actual + remaining, as MPXJ
 *   does, because GIVEN_DURATION is not reliable.
 * - LINK_KIND 0–3 = FS, SS, FF, SF; lag = START_LAG_TIME − END_LAG_TIME, in hours.
 * - An activity's budget = the BUDGETED_COST_AMOUNT of its resource allocations; budgeted units =
 *   their EFFORT (seconds → hours); actual units = EFFORT × the allocation's PERCENT_COMPLETE.
 * - The tables read hold no baseline (the SQLite form keeps baselines as whole other projects in
 *   the same database), so the baseline fields stay empty and the import says so.
 */
import { toMinutes, tryToMinutes, type LocalDateTime } from '../../model/dates';
import {
  SCHEDULE_FORMAT_VERSION,
  type Activity,
  type ActivityType,
  type ImportWarning,
  type Relationship,
  type RelationshipType,
  type Schedule,
} from '../../model/schedule';
import { compileCalendar, workingHoursBetween, type CompiledCalendar } from '../../calendar';
import { readCalendars } from './calendars';
import { readOutline, type Leaf } from './hierarchy';
import { readResources } from './resources';
import { EXPECTED_TABLES, groupBy, num, str, table, type AstaRow, type AstaTables } from './tables';

/** The notice every Asta import carries until real users' files have proved the reader. */
export const ASTA_NOTICE =
  'Asta Powerproject support is new in Earnest: check the dates and costs against Powerproject, and tell us about any difference through the Contact page so we can put it right.';

const LINK_TYPES: RelationshipType[] = ['FS', 'SS', 'FF', 'SF'];
/** Powerproject constraint flags (MPXJ processConstraints) → the CPM engine's words (cpm/codes.ts). */
const CONSTRAINTS: Record<number, { type: string; column: string }> = {
  1: { type: 'MSO', column: 'START_CONSTRAINT_DATE' },
  2: { type: 'SNLT', column: 'START_CONSTRAINT_DATE' },
  3: { type: 'SNET', column: 'START_CONSTRAINT_DATE' },
  4: { type: 'MFO', column: 'END_CONSTRAINT_DATE' },
  5: { type: 'FNLT', column: 'END_CONSTRAINT_DATE' },
  6: { type: 'FNET', column: 'END_CONSTRAINT_DATE' },
};

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Money and hours are summed from many rows; 1e-6 keeps 0.1 + 0.2 from showing as 0.30000000000000004. */
const tidy = (v: number) => Math.round(v * 1e6) / 1e6;

const TABLE_ROLES: Record<(typeof EXPECTED_TABLES)[number], string> = {
  PROJECT_SUMMARY: 'the project name and dates are unknown',
  BAR: 'the activities have no summary groups, so there is no WBS',
  TASK: 'there are no task activities',
  LINK: 'there are no links between activities, so the programme has no logic',
  CALENDAR: 'calendars are unknown, so durations are counted in clock hours',
};

export interface BuildOptions {
  fileName?: string;
}

type CalendarLookup = (id: string | undefined) => CompiledCalendar | null;

export function buildAstaSchedule(t: AstaTables, options: BuildOptions = {}): Schedule {
  const warnings: ImportWarning[] = [{ message: ASTA_NOTICE, where: 'file' }, ...t.warnings];
  for (const name of EXPECTED_TABLES) {
    if (!t.rows.has(name)) warnings.push({ message: `The file has no ${name} table, so ${TABLE_ROLES[name]}.`, where: name });
  }

  // ---- project ---------------------------------------------------------------------------------
  const summary = table(t, 'PROJECT_SUMMARY')[0] ?? {};
  const shortName = str(summary, 'SHORT_NAME');
  const name = str(summary, 'LONG_NAME') ?? shortName ?? options.fileName?.replace(/\.pp$/i, '') ?? 'Powerproject programme';

  // ---- calendars -------------------------------------------------------------------------------
  const { calendars, byAstaId: calendarsByAsta } = readCalendars(t, warnings);
  const calendarsById = new Map(calendars.map((c) => [c.id, c]));
  const compiled = new Map<string, CompiledCalendar | null>();
  const compiledFor: CalendarLookup = (id) => {
    if (!id) return null;
    if (!compiled.has(id)) {
      const cal = calendarsById.get(id);
      let cc: CompiledCalendar | null = null;
      try {
        cc = cal ? compileCalendar(cal, { calendarsById }) : null;
      } catch (e) {
        warnings.push({ message: `Calendar "${cal?.name ?? id}" cannot be used for working time (${e instanceof Error ? e.message : String(e)}); durations on it are counted in clock hours.`, where: id });
      }
      compiled.set(id, cc);
    }
    return compiled.get(id) ?? null;
  };

  // ---- activities ------------------------------------------------------------------------------
  const outline = readOutline(t, warnings);
  const allocationsByTask = groupBy(table(t, 'PERMANENT_SCHEDUL_ALLOCATION'), 'ALLOCATED_TO');
  const activities: Activity[] = [];
  const activityByAsta = new Map<number, Activity>();
  let undated = 0;
  for (const leaf of outline.leaves) {
    if (activityByAsta.has(leaf.astaId)) continue;
    const cal = calendarsByAsta.get(num(leaf.row, 'CALENDAR') ?? NaN)?.id;
    const a = buildActivity(leaf, cal, compiledFor, allocationsByTask.get(leaf.astaId) ?? []);
    if (!a.plannedStart) undated++;
    activities.push(a);
    activityByAsta.set(leaf.astaId, a);
  }
  if (undated) {
    warnings.push({ message: `${undated} activit${undated === 1 ? 'y has' : 'ies have'} no start date and cannot be placed in time; check ${undated === 1 ? 'it' : 'them'} in Powerproject.`, where: 'TASK' });
  }
  const defaultCalendarId = mostUsedCalendar(activities) ?? calendars[0]?.id;

  // ---- links -----------------------------------------------------------------------------------
  const relationships: Relationship[] = [];
  let summaryLinks = 0;
  let danglingLinks = 0;
  const sections = new Map<number, number>();
  for (const r of table(t, 'TASK_COMPLETED_SECTION')) {
    const id = num(r, 'ID');
    const task = num(r, 'TASK');
    if (id !== null && task !== null) sections.set(id, task);
  }
  // A link may name an activity, a bar holding one activity, or a completed section of a split task.
  const resolve = (astaId: number | null): Activity | undefined => {
    if (astaId === null) return undefined;
    return activityByAsta.get(astaId) ?? activityByAsta.get(outline.aliases.get(astaId) ?? NaN) ?? activityByAsta.get(sections.get(astaId) ?? NaN);
  };
  for (const r of [...table(t, 'LINK')].sort((a, b) => (num(a, 'ID') ?? 0) - (num(b, 'ID') ?? 0))) {
    const from = resolve(num(r, 'START_TASK'));
    const to = resolve(num(r, 'END_TASK'));
    if (!from || !to || from === to) {
      if (outline.summaries.has(num(r, 'START_TASK') ?? NaN) || outline.summaries.has(num(r, 'END_TASK') ?? NaN)) summaryLinks++;
      else danglingLinks++;
      continue;
    }
    const kind = num(r, 'LINK_KIND') ?? 0;
    const lag = (num(r, 'START_LAG_TIME') ?? 0) - (num(r, 'END_LAG_TIME') ?? 0);
    const rel: Relationship = { predecessorId: from.id, successorId: to.id, type: LINK_TYPES[kind] ?? 'FS', lagHours: tidy(lag) };
    if (r.START_LAG_TIME_ELAPSED === 1 || r.END_LAG_TIME_ELAPSED === 1) rel.lagCalendar = '24h';
    relationships.push(rel);
  }
  if (summaryLinks) {
    warnings.push({ message: `${summaryLinks} link${summaryLinks === 1 ? '' : 's'} to or from summary groups ${summaryLinks === 1 ? 'was' : 'were'} left out: Earnest schedules links between activities.`, where: 'LINK' });
  }
  if (danglingLinks) {
    warnings.push({ message: `${danglingLinks} link${danglingLinks === 1 ? '' : 's'} named an activity that is not in the file (or linked an activity to itself) and ${danglingLinks === 1 ? 'was' : 'were'} left out.`, where: 'LINK' });
  }

  // ---- resources and assignments --------------------------------------------------------------
  const { resources, assignments } = readResources(t, calendarsByAsta, activityByAsta, warnings);

  // ---- costs -----------------------------------------------------------------------------------
  const bac = tidy(activities.reduce((s, a) => s + a.budgetCost, 0));
  if (bac > 0) {
    warnings.push({ message: 'The file does not say its currency in the tables Earnest reads; amounts are taken to be GBP. Check the project\u2019s currency.', where: 'PROJECT_SUMMARY' });
    warnings.push({
      message: 'Powerproject\u2019s actual costs are not read yet: AC is 0 for this import, so CPI, CV and cost forecasts wait until actual costs are added. Budgets and progress are read.',
      where: 'PERMANENT_SCHEDUL_ALLOCATION',
    });
  } else if (activities.length) {
    warnings.push({ message: 'No resource allocation carries a budgeted cost, so the programme has no costs: earned value is measured on durations. Add costs in Powerproject (resource allocations) for a cost-based BAC.', where: 'PERMANENT_SCHEDUL_ALLOCATION' });
  }
  const summaryCosts = outline.topGroups.map((r) => num(r, 'CUMULATIVH_COSTAMOUNT')).filter((v): v is number => v !== null);
  if (summaryCosts.length) {
    const shown = tidy(summaryCosts.reduce((s, v) => s + v, 0));
    if (Math.abs(shown - bac) > Math.max(0.01, 0.001 * Math.abs(shown))) {
      warnings.push({
        message: `Powerproject's summary shows a total cost of ${shown}, but the resource allocations read here budget ${bac}. The difference (for example consumable resources or costs entered on summary groups) is not in BAC: check the costs against Powerproject.`,
        where: 'EXPANDED_TASK',
      });
    }
  }
  if (activities.length) {
    warnings.push({ message: 'Powerproject baselines are not read: the current programme is used as the baseline, so PV follows today\u2019s plan. Import a file saved at baseline time first to keep the original plan.', where: 'file' });
  }

  const schedule: Schedule = {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: { id: `asta-${shortName ?? name}`, name, currency: 'GBP' },
    wbs: outline.wbs,
    activities,
    relationships,
    calendars,
    resources,
    assignments,
    codeTypes: [],
    snapshots: [],
    baselines: [],
    changeOrders: [],
    source: {
      format: 'asta',
      ...(options.fileName ? { fileName: options.fileName } : {}),
      application: `Asta Powerproject (${t.form === 'text' ? 'text' : 'SQLite'} .pp${t.version !== undefined ? `, version ${t.version}` : ''})`,
      warnings,
    },
  };
  if (shortName) schedule.project.code = shortName;
  const start = str(summary, 'PROJECT_START');
  const finish = str(summary, 'PROJECT_END');
  if (start) schedule.project.plannedStart = start;
  if (finish) schedule.project.plannedFinish = finish;
  if (defaultCalendarId) schedule.project.defaultCalendarId = defaultCalendarId;
  const dataDate = statusDate(t);
  if (dataDate) schedule.project.dataDate = dataDate;
  return schedule;
}

/** The SQLite form's current progress period (USERR.CURRENT_PROGRESS_PERIOD, else the latest) report date. */
function statusDate(t: AstaTables): LocalDateTime | undefined {
  const periods = table(t, 'PROGRESS_PERIOD').filter((r) => str(r, 'REPORT_DATE'));
  if (!periods.length) return undefined;
  const current = num(table(t, 'USERR')[0] ?? {}, 'CURRENT_PROGRESS_PERIOD');
  const chosen = periods.find((r) => current !== null && num(r, 'ID') === current) ?? [...periods].sort((a, b) => (num(a, 'ID') ?? 0) - (num(b, 'ID') ?? 0)).at(-1);
  return chosen ? (str(chosen, 'REPORT_DATE') ?? undefined) : undefined;
}

function mostUsedCalendar(activities: Activity[]): string | undefined {
  const counts = new Map<string, number>();
  for (const a of activities) if (a.calendarId) counts.set(a.calendarId, (counts.get(a.calendarId) ?? 0) + 1);
  let best: string | undefined;
  let n = 0;
  for (const [id, c] of counts) if (c > n) [best, n] = [id, c];
  return best;
}

/** Working hours from a to b on the calendar, or clock hours when elapsed or no calendar is usable. */
function hoursBetween(a: LocalDateTime, b: LocalDateTime, cc: CompiledCalendar | null, elapsed: boolean): number {
  const from = tryToMinutes(a);
  const to = tryToMinutes(b);
  if (from === null || to === null || to <= from) return 0;
  return elapsed || !cc ? (to - from) / 60 : workingHoursBetween(cc, from, to);
}

function buildActivity(leaf: Leaf & { wbsId: string | null }, calendarId: string | undefined, compiledFor: CalendarLookup, allocations: AstaRow[]): Activity {
  const r = leaf.row;
  const name = str(r, 'NAME') ?? leaf.barName ?? `Activity ${leaf.astaId}`;
  const code = str(r, 'UNIQUE_TASK_ID') ?? str(r, 'WBN_CODE') ?? String(leaf.astaId);
  const pct = num(r, 'OVERALL_PERCENT_COMPLETE');
  let type: ActivityType = 'task';
  let start = str(r, 'LINKABLE_START');
  let finish = str(r, 'LINKABLE_FINISH');
  let complete = pct !== null && pct >= 99.995;
  if (leaf.kind === 'milestone') {
    // MPXJ (pull request 748): MILESTONE_TYPE 1 or missing is a finish milestone, anything else a start.
    const kind = num(r, 'MILESTONE_TYPE');
    type = kind === null || kind === 1 ? 'finish-milestone' : 'start-milestone';
    const at = str(r, 'GIVEN_DATE_TIME') ?? start ?? finish;
    start = at;
    finish = at;
    complete ||= (num(r, 'COMPLETED') ?? 0) !== 0;
  }
  if (start && finish && toMinutes(finish) < toMinutes(start)) finish = start;
  const elapsed = (() => {
    const unit = num(r, 'DURATION_TIME_UNIT');
    return unit !== null && unit >= 10 && unit <= 18;
  })();
  const cc = compiledFor(calendarId);
  const actual = leaf.kind === 'milestone' ? 0 : Math.max(0, num(r, 'ACTUAL_DURATION') ?? 0);
  const resumeFrom = str(r, 'RESUME') ?? start;
  const remaining = complete || leaf.kind === 'milestone' || !resumeFrom || !finish ? 0 : hoursBetween(resumeFrom, finish, cc, elapsed);
  const started = complete || actual > 0 || (pct ?? 0) > 0;

  const a: Activity = {
    id: String(leaf.astaId),
    code,
    name,
    wbsId: leaf.wbsId,
    type,
    percentCompleteType: 'physical',
    percentComplete: {},
    evTechnique: { kind: 'percent-complete' },
    budgetCost: 0,
    actualCost: 0,
    remainingCost: 0,
    budgetUnits: 0,
    actualUnits: 0,
    remainingUnits: 0,
    codes: {},
  };
  if (calendarId) a.calendarId = calendarId;
  if (start) a.plannedStart = start;
  if (finish) a.plannedFinish = finish;
  if (started && start) a.actualStart = start;
  if (complete && finish) a.actualFinish = finish;
  if (!complete) {
    if (!started && start) a.forecastStart = start;
    else if (resumeFrom) a.forecastStart = resumeFrom;
    if (finish) a.forecastFinish = finish;
  }
  const total = tidy(actual + remaining);
  a.originalDuration = total;
  a.remainingDuration = tidy(remaining);
  a.actualDuration = tidy(complete ? total : actual);
  a.percentComplete.physical = complete ? 1 : clamp01((pct ?? 0) / 100);
  if (total > 0) a.percentComplete.duration = complete ? 1 : clamp01(actual / total);
  else if (leaf.kind === 'milestone') a.percentComplete.duration = complete ? 1 : 0;

  const flag = num(r, 'CONSTRAINT_FLAG');
  const c = flag === null ? undefined : CONSTRAINTS[flag];
  if (c) {
    const date = str(r, c.column);
    a.constraint = date ? { type: c.type, date } : { type: c.type };
  }

  let budget = 0;
  let units = 0;
  let actualUnits = 0;
  let earnedCost = 0;
  for (const al of allocations) {
    const cost = num(al, 'BUDGETED_COST_AMOUNT') ?? 0;
    const hours = (num(al, 'EFFORT') ?? 0) / 3600;
    const done = clamp01((num(al, 'PERCENT_COMPLETE') ?? (pct ?? 0)) / 100);
    budget += cost;
    units += hours;
    actualUnits += hours * done;
    earnedCost += cost * done;
  }
  a.budgetCost = tidy(budget);
  a.remainingCost = complete ? 0 : tidy(budget - earnedCost);
  a.budgetUnits = tidy(units);
  a.actualUnits = tidy(complete ? units : actualUnits);
  a.remainingUnits = tidy(a.budgetUnits - a.actualUnits);
  return a;
}
