/**
 * Issue 12, "Done means": the app and the CLI give the same figures for the same file, status date
 * and options. The app's path is run as the app runs it: the reader (as in the import worker), the
 * JSON hand-over to the data worker, the local store (save, then load back), and the dashboard the
 * data worker serves (projectDashboard). The CLI's is `earnest analyse --json`. Every figure, alert
 * and sentence of commentary must be identical. Sample files are read in place (skipped when absent).
 */
import './setup';
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/analyse';
import type { JsonReport } from '../../../src/cli/jsonReport';
import { projectDashboard, type DashboardResult } from '../../../src/local/dashboard';
import type { LocalStore } from '../../../src/local/store';
import { parseScheduleFile } from '../../../src/core/import';
import type { Schedule } from '../../../src/core/model';
import { defaultStatusDate, localToday } from '../../../src/core/model/statusDate';
import { freshStore } from './helpers';

const SAMPLES = resolve(__dirname, '../../../..', 'shared/samples/schedules');
const have = existsSync(SAMPLES);
if (!have) console.warn(`[appCliParity.test] sample corpus not found at ${SAMPLES}; skipped.`);

interface Case {
  file: string;
  project?: string;
  /** The dashboard's options, and the same choice as CLI flags. */
  options: { periods: 'week' | 'month'; breakdown: 'wbs' | 'control-account'; eacMethod: 'cpi' | 'composite' | 'planRate'; dataDate?: string };
}

const CASES: Case[] = [
  // Cost-loaded P6, 3,994 activities, weeks, composite EAC.
  { file: 'xer/pyp6xer_SP10_COST_LOADED.xer', options: { periods: 'week', breakdown: 'wbs', eacMethod: 'composite' } },
  // Units only, one project of two, months, by control account.
  { file: 'xer/jaggelas_test.xer', project: '10001', options: { periods: 'month', breakdown: 'control-account', eacMethod: 'cpi' } },
  // No costs or actual units: duration-weighted, no cost figures.
  { file: 'xer/mpxj_PredecessorCalendar.xer', options: { periods: 'month', breakdown: 'wbs', eacMethod: 'cpi' } },
  // Actual dates after the 00:00 data date.
  { file: 'xer/mpxj_percent-complete-8.4.xer', options: { periods: 'week', breakdown: 'wbs', eacMethod: 'planRate' } },
  // PMXML with baseline projects.
  { file: 'other/aspose_BaselineProjects.pmxml.xml', options: { periods: 'month', breakdown: 'wbs', eacMethod: 'cpi' } },
  // MS Project with no status date: MS Project's current date is proposed and kept.
  { file: 'mspdi/mpxj_legacy_sample.xml', options: { periods: 'week', breakdown: 'wbs', eacMethod: 'cpi' } },
  // The same file at a status date chosen on the dashboard.
  { file: 'mspdi/mpxj_mspdiresource.xml', options: { periods: 'week', breakdown: 'wbs', eacMethod: 'cpi', dataDate: '2006-08-29' } },
];

const cliFlags = (c: Case): string[] => [
  '--json',
  '--periods', c.options.periods,
  '--by', c.options.breakdown === 'wbs' ? 'wbs' : 'ca',
  '--eac', c.options.eacMethod,
  ...(c.project ? ['--project', c.project] : []),
  ...(c.options.dataDate ? ['--data-date', c.options.dataDate] : []),
];

async function viaCli(c: Case): Promise<JsonReport> {
  let out = '';
  let err = '';
  const code = await main([resolve(SAMPLES, c.file), ...cliFlags(c)], (s) => (out += s), (s) => (err += s));
  if (code !== 0) throw new Error(`CLI exit ${code}: ${err}`);
  return JSON.parse(out) as JsonReport;
}

async function viaApp(store: LocalStore, c: Case, now: Date): Promise<DashboardResult> {
  const bytes = new Uint8Array(readFileSync(resolve(SAMPLES, c.file)));
  const outcome = parseScheduleFile(bytes, { fileName: basename(c.file) });
  if (outcome.kind !== 'schedules') throw new Error(`expected schedules, got ${outcome.kind}`);
  // The import worker hands the data worker JSON; the summary proposes the status date and the user keeps it.
  const schedules = JSON.parse(new TextDecoder().decode(new TextEncoder().encode(JSON.stringify(outcome.result.schedules)))) as Schedule[];
  const schedule = c.project ? schedules.find((s) => s.project.code === c.project || s.project.id === c.project) : schedules[0];
  if (!schedule) throw new Error(`no project ${c.project}`);
  const proposed = defaultStatusDate(schedule, localToday(now));
  const { projectId } = await store.saveImport(schedule, { fileName: basename(c.file), format: 'test', fileSize: bytes.length, statusDate: { date: proposed.date, source: proposed.source } });
  return projectDashboard(store, projectId, c.options, now, 'parity-test');
}

/** What both must agree on: the analysis's figures and the alerts and commentary built on them. */
const figures = (d: { analysis: unknown; alerts: unknown; commentary: unknown }) => JSON.parse(JSON.stringify({ analysis: d.analysis, alerts: d.alerts, commentary: d.commentary })) as Record<string, unknown>;

describe.skipIf(!have)('the app and the CLI give the same figures for the same file, status date and options', () => {
  let store: LocalStore;
  beforeAll(async () => {
    store = await freshStore();
  });
  afterAll(async () => {
    await store.destroy();
  });

  for (const c of CASES) {
    it(`${c.file}${c.project ? ` (${c.project})` : ''}: ${JSON.stringify(c.options)}`, async () => {
      const now = new Date();
      const [cli, app] = await Promise.all([viaCli(c), viaApp(store, c, now)]);
      const a = figures(app);
      const b = figures(cli);
      // Everything, down to where the status date came from and each sentence of the commentary.
      expect(a).toEqual(b);
      expect(app.analysis.cost.ev.value).not.toBeNull();
      if (c.options.dataDate) expect(app.analysis.dataDate?.slice(0, 10)).toBe(c.options.dataDate);
    }, 60_000);
  }
});
