/**
 * A project's dashboard from the local store: the analysis of its latest (or a chosen) import, or
 * of its latest period table, bundled with alerts and commentary by core's dashboardOf. The data
 * worker serves it; it lives here so that tests can run exactly what the app runs and compare it
 * with the CLI on the same file (tests/web/store/appCliParity.test.ts).
 *
 * Results are cached in Dexie per import, options (the status date among them) and app build:
 * reopening a dashboard or flipping back to an option already seen skips loading and analysing the
 * schedule again. The store clears a project's cache whenever its imports change.
 */
import { analysePeriodTable, analyseSchedule, type ScheduleAnalysisOptions } from '../../core/evm';
import { dashboardOf, type DashboardData } from '../../core/insight';
import type { ImportWarning } from '../../core/model';
import { tryToMinutes } from '../../core/model/dates';
import { localToday } from '../../core/model/statusDate';
import type { LocalStore } from './localStore';

export type DashboardResult = DashboardData & { importWarnings: ImportWarning[] };

export type DashboardOptions = Omit<ScheduleAnalysisOptions, 'today'> & { importId?: string };

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
  if (!importId && imports.length === 0) {
    const latest = (await s.listPeriodTables(projectId)).at(-1);
    if (latest) {
      const analysis = analysePeriodTable(latest.table, { eacMethod: options.eacMethod });
      return { ...dashboardOf(analysis, { eacMethod: options.eacMethod }), importWarnings: [] };
    }
  }
  const row = importId ? imports.find((i) => i.importId === importId) : imports.at(-1);
  const cacheImport = importId ?? row?.importId;
  // Today is the status date only of an import holding no date at all (saved before the import
  // summary asked for one); only then does the day belong in the key.
  const usesToday = analysisOptions.dataDate === undefined && row !== undefined && row.statusDate === undefined;
  const key = `${buildId}|${importId ? 'chosen' : 'latest'}|${JSON.stringify(analysisOptions)}${usesToday ? `|today ${today}` : ''}`;
  if (cacheImport) {
    const hit = await s.cachedAnalysis<DashboardResult>(projectId, cacheImport, key).catch(() => undefined);
    if (hit) return hit;
  }
  const schedule = await s.loadSchedule(projectId, importId);
  // An AnalysisInputError's message says what is wrong with the schedule; Comlink carries it to the page.
  const analysis = analyseSchedule(schedule, { ...analysisOptions, today });
  const result: DashboardResult = { ...dashboardOf(analysis, analysisOptions), importWarnings: schedule.source?.warnings ?? [] };
  // A cache that cannot be written (storage full) costs only speed.
  if (cacheImport) await s.cacheAnalysis(projectId, cacheImport, key, result).catch(() => undefined);
  return result;
}
