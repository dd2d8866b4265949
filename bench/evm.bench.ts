/**
 * Engine benchmarks on seeded synthetic schedules (src/core/model/synthetic.ts), 1k–100k
 * activities. Targets from the foundation issue: roll-up of all measures at one data date for
 * 100k activities < 50 ms; time-phasing 100k activities over 260 weekly periods < 400 ms;
 * earned schedule for a 1,000-period series < 1 ms.
 */
import { FixedAccrualCode, syntheticSchedule, toColumnar, toMinutes, type Schedule } from '../src/core/model';
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
import { sizeLabel, type BenchCase, type BenchSuite } from './harness';

function evmInputs(n: number) {
  const t0 = performance.now();
  const schedule: Schedule = syntheticSchedule({ activities: n, seed: 42 });
  const genMs = performance.now() - t0;
  const dd = toMinutes(schedule.project.dataDate as string);
  const c = toColumnar(schedule);
  const cals = compileCalendars(c, schedule.project.defaultCalendarId);
  const sp = activitySpans(c, cals);
  const cols = basisColumns(c, 'cost', sp, dd);
  // 260 weekly periods (five years) from the earliest start.
  let start = Infinity;
  for (const s of sp.start) if (s < start) start = s;
  const grid = periodGrid({ kind: 'week', weekEndsOn: 5 }, start, start + 259 * 7 * 1440);
  const weeks = grid.ends.slice(0, 260);
  // MS Project fixed cost accrual (issue 16) on two thirds of the activities: a fifth of the
  // budget at the start on every third, at the finish on the next; the synthetic schedule has none.
  const share = new Float64Array(n);
  const at = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (i % 3 === 2) continue;
    share[i] = 0.2;
    at[i] = i % 3 === 0 ? FixedAccrualCode.Start : FixedAccrualCode.End;
  }
  const spAccrual = { ...sp, accrual: { share, at } };
  return { n, schedule, genMs, dd, c, sp, spAccrual, cols, weeks };
}

type EvmCtx = ReturnType<typeof evmInputs>;

export const evmSuite: BenchSuite<EvmCtx> = {
  id: 'evm',
  sizes: [1_000, 10_000, 100_000],
  label: sizeLabel,
  setup: evmInputs,
  cases(n): BenchCase<EvmCtx>[] {
    const runs = n >= 100_000 ? 21 : n >= 10_000 ? 15 : 50;
    return [
      { name: 'generate synthetic schedule', runs: Math.min(runs, 5), warmup: 1, fn: (x) => syntheticSchedule({ activities: x.n, seed: 42 }) },
      { name: 'to columnar form', runs, fn: (x) => toColumnar(x.schedule) },
      { name: 'compile calendars + activity spans', runs, fn: (x) => activitySpans(x.c, compileCalendars(x.c, x.schedule.project.defaultCalendarId)) },
      {
        // PV at the data date, EV by technique, AC, ETC, summed over the WBS tree with every
        // node's full CostMeasures.
        name: 'roll-up of all measures at the data date (WBS)',
        runs,
        targetMs: n === 100_000 ? 50 : undefined,
        fn: (x) => {
          const pv = plannedValuesAt(x.sp, x.cols.budget, x.dd);
          const ev = earnedValues(x.c, x.cols.budget, x.dd, pv).ev;
          return rollUp(x.c, { pv, ev, ac: x.cols.actual, bac: x.cols.budget, etc: x.cols.remaining }, 'wbs', { project: x.schedule.project });
        },
      },
      { name: 'time-phase over 260 weekly periods', runs, targetMs: n === 100_000 ? 400 : undefined, fn: (x) => timePhase(x.sp, x.cols.budget, x.weeks) },
      { name: 'time-phase over 260 weeks, fixed cost accrual on 2/3', runs, fn: (x) => timePhase(x.spAccrual, x.cols.budget, x.weeks) },
      { name: 'PV at the data date, fixed cost accrual on 2/3', runs, fn: (x) => plannedValuesAt(x.spAccrual, x.cols.budget, x.dd) },
      { name: 'time-phase over 260 weeks, per WBS element too', runs, fn: (x) => timePhase(x.sp, x.cols.budget, x.weeks, 'linear', x.c.wbsIndex, x.c.wbs.length) },
      { name: 'full analyseSchedule (weekly, WBS, cash flow)', runs: Math.min(runs, 7), warmup: 1, fn: (x) => analyseSchedule(x.schedule) },
    ];
  },
};

/** Earned schedule on an S-curve series of `periods` periods. */
function esInputs(periods: number) {
  const pv = new Float64Array(periods);
  for (let k = 1; k <= periods; k++) {
    const u = k / periods;
    pv[k - 1] = 1e6 * u * u * (3 - 2 * u);
  }
  const bac = pv[periods - 1];
  return { periods, pv, bac, pd: plannedDuration(pv, bac) };
}

type EsCtx = ReturnType<typeof esInputs>;

export const esSuite: BenchSuite<EsCtx> = {
  id: 'es',
  sizes: [1_000],
  label: (p) => `${p.toLocaleString('en-GB')} periods`,
  setup: esInputs,
  cases: () => [
    {
      name: 'earned schedule: all measures at one status',
      runs: 2000,
      warmup: 200,
      targetMs: 1,
      fn: (x) => computeScheduleMeasures({ pvCumulative: x.pv, ev: 0.37 * x.bac, bac: x.bac, at: x.periods * 0.45, cpi: 0.93, spi: 0.95, sv: -1000 }),
    },
    {
      name: 'earned schedule at every period of the series',
      runs: 500,
      warmup: 50,
      targetMs: 1,
      fn: (x) => {
        let acc = 0;
        for (let k = 0; k < x.periods; k++) acc += earnedScheduleValue(x.pv, x.pv[k] * 0.9, x.pd, x.bac);
        return acc;
      },
    },
  ],
};
