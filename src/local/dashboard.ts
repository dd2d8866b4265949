/**
 * A project's dashboard from the local store: the analysis of its latest (or a chosen) import, or
 * of its latest period table, bundled with alerts and commentary by core's dashboardOf. The data
 * worker serves it; tests run exactly this and compare it with the CLI on the same file
 * (tests/web/store/appCliParity.test.ts).
 *
 * Results are cached in Dexie per import, options (the status date among them), the project's
 * performance measurement baseline (baselines/plans.ts), the approved changes that revise it, the
 * alert rules (the project's thresholds, thresholds/, returned as `rules`) and app build:
 * reopening a dashboard or flipping back to an option already seen skips loading and analysing the
 * schedule again. The store clears a project's cache whenever its imports change.
 *
 * Right after a save, `firstDashboard` fills that cache from the schedule the save still holds in
 * memory, so the dashboard the page opens next is neither read back from IndexedDB nor analysed twice.
 */
import { analysePeriodTable, analyseSchedule } from '../core/evm';
import { dashboardOf } from '../core/insight';
import type { Schedule } from '../core/model';
import { tryToMinutes } from '../core/model/dates';
import { localToday } from '../core/model/statusDate';
import type { AccountSession } from './account';
import { FIRST_DASHBOARD_OPTIONS, type DashboardOptions, type DashboardResult, type DataApi, type ImportSummaryRow, type MeasuredPmb } from './contracts';
import { pmbOf } from './baselines/plans';
import type { LocalStore } from './store';
import { approvedRevisions, type ApprovedRevisions } from './changes/applied';
import { hashText } from './store/ids';
import { projectRules } from './thresholds';
import { latestRisk, type LatestRisk } from './risk/citation';
import type { AlertRule } from '../core/insight/rules';

export type { DashboardOptions, DashboardResult };

/**
 * The cache key of a dashboard: the build, which import (the latest or a chosen one), the options
 * in a fixed key order (so `{ a, b }` and `{ b, a }` share an entry), the alert rules, the approved
 * changes and, for an import holding no date at all, today (its status date of last resort). The
 * caller appends the PMB's part (baselines/plans.ts `Pmb.key`).
 */
function cacheKey(buildId: string, chosen: boolean, analysisOptions: Omit<DashboardOptions, 'importId'>, row: ImportSummaryRow | undefined, today: string, changes: ApprovedRevisions, rules: readonly AlertRule[]): string {
  const usesToday = analysisOptions.dataDate === undefined && row !== undefined && row.statusDate === undefined;
  const options = Object.fromEntries(Object.entries(analysisOptions).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // The approved changes (issue 14) revise the PMB: another approved set is another analysis. The
  // rules judge the alerts and the commentary: another threshold is another result, never a stale one.
  return `${buildId}|${chosen ? 'chosen' : 'latest'}|${JSON.stringify(options)}|rules ${hashText(JSON.stringify(rules))}${usesToday ? `|today ${today}` : ''}${changes.key ? `|changes ${changes.key}` : ''}`;
}

/**
 * The schedule under the project's own name: the latest file may call the project something else
 * (a next status saved into "Viaduct works" from a file named "VW-2025-R3"), and the commentary,
 * the alerts and the file names of downloads must say what the list and the header say (issue 18
 * item 5). Undefined (no project document yet): the file's name stands.
 */
export function underProjectName(schedule: Schedule, name: string | undefined): Schedule {
  if (!name || schedule.project.name === name) return schedule;
  return { ...schedule, project: { ...schedule.project, name } };
}

/** The project's own name (its document's, renames included), if the project is listed here. */
async function projectNameOf(s: LocalStore, projectId: string): Promise<string | undefined> {
  return (await s.listProjects()).find((p) => p.id === projectId)?.name;
}

const nameKey = (name: string | undefined) => (name ? `|name ${hashText(name)}` : '');

function analysed(schedule: Schedule, analysisOptions: Omit<DashboardOptions, 'importId'>, today: string, changes: ApprovedRevisions, rules: readonly AlertRule[], pmb: MeasuredPmb, risk: LatestRisk | null): DashboardResult {
  // An AnalysisInputError's message says what is wrong with the schedule; Comlink carries it to the page.
  const analysis = analyseSchedule(schedule, { ...analysisOptions, today, ...(changes.revisions.length ? { budgetRevisions: changes.revisions } : {}) });
  return {
    ...dashboardOf(analysis, { ...analysisOptions, rules, risk: risk?.citation }),
    importWarnings: schedule.source?.warnings ?? [],
    rules,
    pmb,
    ...(changes.applied ? { changeControl: changes.applied } : {}),
    ...(risk ? { risk: { id: risk.id, name: risk.name, ...risk.citation } } : {}),
  };
}

/** The latest risk snapshot, or null (a snapshot that cannot be read costs only the citation). */
const riskOf = (s: LocalStore, projectId: string) => latestRisk(s, projectId).catch(() => null);

/** The approved changes in the PMB at the status date this analysis will use. */
const changesAt = (s: LocalStore, projectId: string, analysisOptions: Omit<DashboardOptions, 'importId'>, row: ImportSummaryRow | undefined, today: string) =>
  approvedRevisions(s.pouch, projectId, analysisOptions.dataDate ?? row?.statusDate ?? row?.dataDate ?? today);

/**
 * `options.dataDate` re-analyses at another status date without changing the stored import. `now`
 * is the device's clock (the status date of an import saved with none); `buildId` keys the cache
 * so results from an older engine are not reused.
 */
export async function projectDashboard(s: LocalStore, projectId: string, options: DashboardOptions, now: Date, buildId: string): Promise<DashboardResult> {
  const { importId, ...analysisOptions } = options;
  if (analysisOptions.dataDate !== undefined && tryToMinutes(analysisOptions.dataDate) === null)
    throw new Error(`The status date "${analysisOptions.dataDate}" is not a date: enter the day, month and year.`);
  const today = localToday(now);
  const imports = await s.listImports(projectId);
  // The project's thresholds (the defaults when none are set), read afresh each time: one document.
  const rules = await projectRules(s.pouch, projectId);
  if (!importId && imports.length === 0) {
    const latest = (await s.listPeriodTables(projectId)).at(-1);
    if (latest) {
      const analysis = analysePeriodTable(latest.table, { eacMethod: options.eacMethod });
      // A period table carries PV per period, not budgets per control account: approved changes are
      // not applied to it, and the figures say so rather than pretend.
      if ((await approvedRevisions(s.pouch, projectId)).applied)
        analysis.warnings.push('This project’s figures come from a period table, which has no control-account budgets, so its approved changes are not applied to BAC or PV: import a schedule to see them in the figures.');
      return { ...dashboardOf(analysis, { eacMethod: options.eacMethod, rules }), importWarnings: [], rules };
    }
  }
  const row = importId ? imports.find((i) => i.importId === importId) : imports.at(-1);
  const cacheImport = importId ?? row?.importId;
  // The project's performance measurement baseline and the approved changes that revise it (issue
  // 14): both part of the key, so choosing another PMB or approving a change shows at once.
  const pmb = await pmbOf(s, projectId);
  const changes = await changesAt(s, projectId, analysisOptions, row, today);
  // The name is in the key: a rename must not leave the commentary speaking of the old one.
  const name = await projectNameOf(s, projectId);
  // The latest risk run (issue 15): the commentary and the Overview cite it, so a new run is a new result.
  const risk = await riskOf(s, projectId);
  const key = cacheKey(buildId, importId !== undefined, analysisOptions, row, today, changes, rules) + pmb.key + nameKey(name) + (risk ? `|risk ${risk.key}` : '');
  if (cacheImport) {
    const hit = await s.cachedAnalysis<DashboardResult>(projectId, cacheImport, key).catch(() => undefined);
    if (hit) return hit;
  }
  // pmb.measured is read after apply: a PMB that cannot be read yet falls back to the built-in one.
  const result = analysed(underProjectName(await pmb.apply(await s.loadSchedule(projectId, importId)), name), analysisOptions, today, changes, rules, pmb.measured, risk);
  // A cache that cannot be written (storage full) costs only speed.
  if (cacheImport && pmb.cacheable) await s.cacheAnalysis(projectId, cacheImport, key, result).catch(() => undefined);
  return result;
}

/**
 * The dashboard the project opens with (FIRST_DASHBOARD_OPTIONS), computed from `schedule` — the
 * import `importId` as just saved, still in memory — with the project's earlier imports as its
 * history, and cached where `projectDashboard` looks first. Does nothing when the import is not the
 * project's latest (an earlier status imported late): the project opens at its latest, not at this.
 * Returns whether it cached a result; a failure costs only the head start, never the save.
 */
export async function firstDashboard(s: LocalStore, saved: { projectId: string; importId: string; schedule: Schedule }, now: Date, buildId: string): Promise<boolean> {
  try {
    const imports = await s.listImports(saved.projectId);
    const row = imports.at(-1);
    if (!row || row.importId !== saved.importId) return false;
    const today = localToday(now);
    const pmb = await pmbOf(s, saved.projectId);
    const changes = await changesAt(s, saved.projectId, FIRST_DASHBOARD_OPTIONS, row, today);
    const rules = await projectRules(s.pouch, saved.projectId);
    const name = await projectNameOf(s, saved.projectId);
    const risk = await riskOf(s, saved.projectId);
    const result = analysed(underProjectName(await pmb.apply(await s.withHistory(saved.projectId, saved.importId, saved.schedule)), name), FIRST_DASHBOARD_OPTIONS, today, changes, rules, pmb.measured, risk);
    if (!pmb.cacheable) return false;
    // In memory at once; the save need not wait for the copy to reach IndexedDB.
    s.cacheAnalysis(saved.projectId, saved.importId, cacheKey(buildId, false, FIRST_DASHBOARD_OPTIONS, row, today, changes, rules) + pmb.key + nameKey(name) + (risk ? `|risk ${risk.key}` : ''), result).catch(() => undefined);
    return true;
  } catch {
    // The page computes it from storage instead, and shows any error the analysis has then.
    return false;
  }
}

export function dashboardHandlers(session: AccountSession, buildId: string, now: () => Date = () => new Date()): Pick<DataApi, 'dashboard'> {
  return {
    dashboard: (projectId, options = {}) => session.run(async () => projectDashboard((await session.spaceOf(projectId)).store, projectId, options, now(), buildId)),
  };
}
