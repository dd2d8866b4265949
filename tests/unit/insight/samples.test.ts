/**
 * Alerts and commentary on real P6 files of the sample corpus (read in place; skipped when the
 * corpus is absent):
 * - No cost talk without costs: a schedule that carries no costs or actual units is analysed on a
 *   duration basis with Analysis.noActualsReason set, and then no cost alert is raised and the
 *   commentary says once that only schedule performance is reported, and nothing else about cost.
 * - P6 puts every activity under one project-level WBS element: that element's alerts would be the
 *   project's own, so they are not repeated (issue 12, item 8).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm';
import { readXer } from '../../../src/core/import/xer';
import { METRICS, NO_ACTUALS_SENTENCE, dashboardOf, type DashboardData, type MetricDefinition } from '../../../src/core/insight';

const dir = path.resolve(__dirname, '../../../..', 'shared/samples/schedules/xer');
const have = existsSync(dir);
if (!have) console.warn(`[insight samples.test] sample corpus not found at ${dir}; these tests are skipped.`);

/** Every project of an XER that the engine can analyse, through dashboardOf as the app does. */
function dashboards(file: string): { project: string; data: DashboardData }[] {
  const r = readXer(new Uint8Array(readFileSync(path.join(dir, file))), { fileName: file });
  const out: { project: string; data: DashboardData }[] = [];
  for (const s of r.schedules) {
    let analysis;
    try {
      analysis = analyseSchedule(s);
    } catch {
      continue; // a schedule the engine refuses (its message is tested elsewhere) has no dashboard
    }
    out.push({ project: s.project.name, data: dashboardOf(analysis) });
  }
  return out;
}

const needsCost = (metric: keyof typeof METRICS): boolean => (METRICS[metric] as MetricDefinition).needsCost === true;

/** The words that would be cost talk in a commentary on a schedule without actuals. */
const COST_TALK = /\bcosts?\b|\bspent\b|\bspend\b|budget|\bEAC\b|\bCPI\b|\bCV\b|VAC|TCPI|invoice|accrual|recovery plan|overrun|underrun|ledger|timesheet/i;

function expectNoCostTalk(d: DashboardData): void {
  expect(d.analysis.noActualsReason).toBeDefined();
  expect(d.alerts.filter((a) => needsCost(a.metric))).toEqual([]);
  const text = d.commentary.paragraphs.map((p) => p.text).join('\n');
  expect(text.split(NO_ACTUALS_SENTENCE)).toHaveLength(2);
  expect(text.replace(NO_ACTUALS_SENTENCE, '')).not.toMatch(COST_TALK);
}

describe.skipIf(!have)("a P6 project's single WBS root (issue 12, item 8)", () => {
  it('aspose_encoding1251.xer: the alerts name the project once, not again its one WBS element', () => {
    const [{ data }] = dashboards('aspose_encoding1251.xer');
    const root = data.analysis.breakdown!;
    expect(root.children.map((c) => [c.kind, c.activityCount])).toEqual([['wbs', root.activityCount]]);
    // Cost spent with nothing earned yet: CPI, VAC and TCPI alerts, each of which the WBS element repeated.
    expect(data.alerts.length).toBeGreaterThan(0);
    expect(data.alerts.every((a) => a.nodeKind === 'project')).toBe(true);
    const metrics = data.alerts.map((a) => a.metric);
    expect(new Set(metrics).size).toBe(metrics.length);
  });
});

describe.skipIf(!have)('sample XERs without costs or actual units', () => {
  it('mpxj_PredecessorCalendar.xer (no costs, no resources, no actual units): schedule only, duration-weighted', () => {
    const [{ data }] = dashboards('mpxj_PredecessorCalendar.xer');
    expect(data.analysis.measureBasis).toBe('duration');
    expectNoCostTalk(data);
    // The schedule is still judged: 24 hours earned two weeks into a job that took 17 (SPI(t) 0.12).
    expect(data.alerts.map((a) => a.ruleId)).toEqual(['spit-critical']);
    expect(data.commentary.paragraphs[0].text).toContain('It took 17 weeks against 2 weeks planned, finishing 15 weeks late (SPI(t) 0.12).');
  });

  it('every project of every sample XER that carries no actuals speaks of the schedule alone', () => {
    let seen = 0;
    for (const file of readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.xer'))) {
      for (const { project, data } of dashboards(file)) {
        if (data.analysis.noActualsReason === undefined) continue;
        seen++;
        try {
          expectNoCostTalk(data);
        } catch (e) {
          throw new Error(`${file} / ${project}: ${(e as Error).message}`, { cause: e });
        }
      }
    }
    // mpxj_PredecessorCalendar.xer and the second project of aspose_MultiprojectWithExternal.xer.
    expect(seen).toBeGreaterThanOrEqual(2);
  });
});
