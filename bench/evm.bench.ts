/**
 * Engine benchmarks on seeded synthetic schedules (src/core/model/synthetic.ts), 1k–100k
 * activities. Targets from the foundation issue: roll-up of all measures at one data date for
 * 100k activities < 50 ms; time-phasing 100k activities over 260 weekly periods < 400 ms;
 * earned schedule for a 1,000-period series < 1 ms.
 */
import { syntheticSchedule, toColumnar, toMinutes, type Schedule } from '../src/core/model';
import {
  activitySpans,
  analyseSchedule,
  basisColumns,
  compileCalendars,
  computeScheduleMeasures,
  earnedScheduleValue,
  earnedValues,
  periodGrid,
  plannedDuration,
  plannedValuesAt,
  rollUp,
  timePhase,
} from '../src/core/evm';
import { bench, type BenchResult } from './harness';

export function evmBenchmarks(sizes: number[]): BenchResult[] {
  const results: BenchResult[] = [];
  for (const n of sizes) {
    const t0 = performance.now();
    const schedule: Schedule = syntheticSchedule({ activities: n, seed: 42 });
    const genMs = performance.now() - t0;
    const label = `${(n / 1000).toString()}k activities`;
    const runs = n >= 100_000 ? 7 : n >= 10_000 ? 15 : 50;
    const dd = toMinutes(schedule.project.dataDate as string);

    const c = toColumnar(schedule);
    const cals = compileCalendars(c, schedule.project.defaultCalendarId);
    const sp = activitySpans(c, cals);
    const cols = basisColumns(c, 'cost', sp, dd);

    results.push(bench('generate synthetic schedule', label, () => syntheticSchedule({ activities: n, seed: 42 }), { runs: Math.min(runs, 5), warmup: 1, note: `first run ${genMs.toFixed(0)} ms` }));
    results.push(bench('to columnar form', label, () => toColumnar(schedule), { runs }));
    results.push(bench('compile calendars + activity spans', label, () => activitySpans(c, compileCalendars(c, schedule.project.defaultCalendarId)), { runs }));

    // Roll-up of all measures at one data date: PV at the data date, EV by technique, AC, ETC,
    // summed over the WBS tree with every node's full CostMeasures.
    results.push(
      bench(
        'roll-up of all measures at the data date (WBS)',
        label,
        () => {
          const pv = plannedValuesAt(sp, cols.budget, dd);
          const ev = earnedValues(c, cols.budget, dd, pv).ev;
          return rollUp(c, { pv, ev, ac: cols.actual, bac: cols.budget, etc: cols.remaining }, 'wbs', { project: schedule.project });
        },
        { runs, targetMs: n === 100_000 ? 50 : undefined },
      ),
    );

    // Time-phasing over 260 weekly periods (five years), total and per WBS element.
    const start = Math.min(...Array.from(sp.start).filter((x) => !Number.isNaN(x)));
    const grid = periodGrid({ kind: 'week', weekEndsOn: 5 }, start, start + 259 * 7 * 1440);
    const weeks = grid.ends.slice(0, 260);
    results.push(bench('time-phase over 260 weekly periods', label, () => timePhase(sp, cols.budget, weeks), { runs, targetMs: n === 100_000 ? 400 : undefined }));
    results.push(
      bench('time-phase over 260 weeks, per WBS element too', label, () => timePhase(sp, cols.budget, weeks, 'linear', c.wbsIndex, c.wbs.length), { runs }),
    );
    results.push(bench('full analyseSchedule (weekly, WBS, cash flow)', label, () => analyseSchedule(schedule), { runs: Math.min(runs, 7), warmup: 1 }));
  }

  // Earned schedule on a 1,000-period series (an S-curve).
  const P = 1000;
  const pv = new Float64Array(P);
  for (let k = 1; k <= P; k++) {
    const u = k / P;
    pv[k - 1] = 1e6 * u * u * (3 - 2 * u);
  }
  const bac = pv[P - 1];
  const pd = plannedDuration(pv, bac);
  results.push(
    bench('earned schedule: all measures at one status', '1,000 periods', () => computeScheduleMeasures({ pvCumulative: pv, ev: 0.37 * bac, bac, at: 450, cpi: 0.93, spi: 0.95, sv: -1000 }), {
      runs: 2000,
      warmup: 200,
      targetMs: 1,
    }),
  );
  results.push(
    bench(
      'earned schedule at every period of the series',
      '1,000 periods',
      () => {
        let acc = 0;
        for (let k = 0; k < P; k++) acc += earnedScheduleValue(pv, pv[k] * 0.9, pd, bac);
        return acc;
      },
      { runs: 500, warmup: 50, targetMs: 1 },
    ),
  );
  return results;
}
