/**
 * Builds realistic `Analysis` objects for the insight tests from a few cumulative figures, using
 * the engine's own measure functions (computeCostMeasures, computeScheduleMeasures), so the tests
 * exercise the real contracts rather than hand-made numbers.
 */
import { fromMinutes } from '../../../src/core/model/dates';
import { instantAtPeriods } from '../../../src/core/evm/periods';
import { computeCostMeasures } from '../../../src/core/evm/measures';
import { computeScheduleMeasures } from '../../../src/core/evm/earnedSchedule';
import { NO_COSTS_OR_ACTUAL_UNITS } from '../../../src/core/evm/analyseSchedule';
import type { Analysis, BreakdownKind, BreakdownNode, EacMethod, ForecastDates, PeriodMeasures } from '../../../src/core/evm/types';

export interface NodeSpec {
  id: string;
  name: string;
  kind?: BreakdownKind;
  code?: string;
  /** Leaf figures; a node with children sums them instead. */
  pv?: number;
  ev?: number;
  ac?: number;
  bac?: number;
  etc?: number;
  children?: NodeSpec[];
}

export interface ScenarioSpec {
  id?: string;
  name?: string;
  currency?: string;
  measureBasis?: Analysis['measureBasis'];
  /** Cumulative PV at the end of every period of the baseline. */
  pv: number[];
  /** Cumulative EV and AC at the end of each period up to the status period (same length). */
  ev: number[];
  ac: number[];
  bac?: number;
  /** Periods: calendar months from this month ("2025-01"), or weeks ending on this date ("2025-01-10"). */
  months?: string;
  weeks?: string;
  eacMethod?: EacMethod;
  bottomUpEtc?: number;
  lastN?: number;
  /** Children of the project node in the breakdown; omitted → no breakdown. */
  breakdown?: NodeSpec[];
  warnings?: string[];
  /**
   * The input carries no actual costs or actual units (a schedule-only XER, a period table without
   * AC): AC is null and so is every measure that needs it, and the analysis carries this reason, as
   * the engine reports it (Analysis.noActualsReason). `ac` is then ignored.
   */
  noActuals?: string;
}


/** Exclusive period end instants, 'YYYY-MM-DDT00:00', like the engine's grids. */
function periodEnds(spec: ScenarioSpec, count: number): { start: number; ends: number[] } | null {
  if (spec.months) {
    const [y, m] = spec.months.split('-').map(Number);
    const ends: number[] = [];
    for (let k = 1; k <= count; k++) ends.push(Date.UTC(y, m - 1 + k, 1));
    return { start: Date.UTC(y, m - 1, 1), ends };
  }
  if (spec.weeks) {
    const first = Date.parse(`${spec.weeks}T00:00:00Z`) + 86_400_000; // end of that day
    const ends = Array.from({ length: count }, (_, i) => first + i * 7 * 86_400_000);
    return { start: first - 7 * 86_400_000, ends };
  }
  return null;
}

const iso = (ms: number): string => fromMinutes(ms / 60000);

/** The engine's period-to-instant mapping, on this fixture's millisecond grid. */
const instantAt = (grid: { start: number; ends: number[] }, x: number): number =>
  instantAtPeriods({ start: grid.start / 60000, ends: Float64Array.from(grid.ends, (e) => e / 60000), labels: [] }, x) * 60000;

function buildNode(
  spec: NodeSpec,
  eacMethod: EacMethod | undefined,
  defaultKind: BreakdownKind,
  noActuals?: string,
): BreakdownNode & { f: { pv: number; ev: number; ac: number; bac: number; etc: number } } {
  const kind = spec.kind ?? defaultKind;
  const children = (spec.children ?? []).map((c) => buildNode(c, eacMethod, defaultKind, noActuals));
  const sum = (k: 'pv' | 'ev' | 'ac' | 'bac' | 'etc'): number => children.reduce((s, c) => s + c.f[k], 0);
  const f = children.length
    ? { pv: sum('pv'), ev: sum('ev'), ac: sum('ac'), bac: sum('bac'), etc: sum('etc') }
    : { pv: spec.pv ?? 0, ev: spec.ev ?? 0, ac: spec.ac ?? 0, bac: spec.bac ?? 0, etc: spec.etc ?? Math.max(0, (spec.bac ?? 0) - (spec.ev ?? 0)) };
  return {
    id: spec.id,
    code: spec.code ?? spec.id,
    name: spec.name,
    kind,
    activityCount: children.length ? children.reduce((s, c) => s + c.activityCount, 0) : 1,
    cost: computeCostMeasures({ pv: f.pv, ev: f.ev, ac: noActuals ? null : f.ac, acMissingReason: noActuals, bac: f.bac, bottomUpEtc: noActuals ? null : f.etc, eacMethod }),
    children,
    f,
  };
}

const strip = (n: BreakdownNode & { f?: unknown }): BreakdownNode => ({
  id: n.id,
  code: n.code,
  name: n.name,
  kind: n.kind,
  activityCount: n.activityCount,
  cost: n.cost,
  children: n.children.map(strip),
});

/** An Analysis at the last period of `ev`/`ac`. */
export function buildAnalysis(spec: ScenarioSpec): Analysis {
  const status = spec.ev.length;
  if (status < 1 || spec.ac.length !== status) throw new Error('ev and ac must have the same, non-zero length');
  const bac = spec.bac ?? spec.pv[spec.pv.length - 1];
  const lastN = spec.lastN ?? 3;
  const pvCumulative = Float64Array.from(spec.pv);
  const grid = periodEnds(spec, spec.pv.length);
  // Without actuals AC is null and every AC-dependent measure cites the reason, as in the engine (curve.ts).
  const acAt = (k: number): number | null => (spec.noActuals ? null : spec.ac[k - 1]);

  const measuresAt = (k: number, bottomUpEtc?: number) => {
    const j = k - lastN;
    const nPeriodsAgo = j < 0 ? null : j === 0 ? { ev: 0, ac: 0, n: lastN } : { ev: spec.ev[j - 1], ac: spec.ac[j - 1], n: lastN };
    const cost = computeCostMeasures({
      pv: spec.pv[k - 1],
      ev: spec.ev[k - 1],
      ac: acAt(k),
      acMissingReason: spec.noActuals,
      bac,
      nPeriodsAgo,
      eacMethod: spec.eacMethod,
      bottomUpEtc,
    });
    const schedule = computeScheduleMeasures({
      pvCumulative,
      ev: spec.ev[k - 1],
      pv: spec.pv[k - 1],
      bac,
      at: k,
      cpi: cost.cpi.value,
      spi: cost.spi.value,
      sv: cost.sv.value,
    });
    return { cost, schedule };
  };

  const series: PeriodMeasures[] = spec.pv.map((pv, i) => {
    const k = i + 1;
    const known = k <= status;
    const prevPv = i > 0 ? spec.pv[i - 1] : 0;
    const ev = known ? spec.ev[i] : null;
    const ac = known && !spec.noActuals ? spec.ac[i] : null;
    const m = known ? measuresAt(k, k === status ? spec.bottomUpEtc : undefined) : null;
    return {
      period: { index: k, end: grid ? iso(grid.ends[i]) : null, label: grid ? iso(grid.ends[i] - 86_400_000).slice(0, 10) : `P${k}`, pv, ev, ac },
      incremental: {
        pv: pv - prevPv,
        ev: ev === null ? null : ev - (i > 0 ? spec.ev[i - 1] : 0),
        ac: ac === null ? null : ac - (i > 0 ? spec.ac[i - 1] : 0),
      },
      cost: m ? m.cost : null,
      schedule: m ? m.schedule : null,
    };
  });

  const current = measuresAt(status, spec.bottomUpEtc);
  const toDate = (x: number | null): string | null => (grid && x !== null ? iso(instantAt(grid, x)) : null);
  const forecastFinish: ForecastDates = {
    pf1: toDate(current.schedule.ieact.pf1.value),
    spit: toDate(current.schedule.ieact.spi.value),
    scit: toDate(current.schedule.ieact.sci.value),
  };

  const project = { id: spec.id ?? 'P1', name: spec.name ?? 'Riverside Depot', currency: spec.currency ?? 'GBP' };
  let breakdown: BreakdownNode | null = null;
  if (spec.breakdown) {
    const root = buildNode({ id: project.id, name: project.name, kind: 'project', children: spec.breakdown }, spec.eacMethod, 'control-account', spec.noActuals);
    breakdown = strip(root);
  }

  const analysis: Analysis = {
    project,
    dataDate: grid ? iso(grid.ends[status - 1]) : null,
    measureBasis: spec.measureBasis ?? 'cost',
    statusPeriod: status,
    cost: current.cost,
    schedule: current.schedule,
    forecastFinish,
    series,
    breakdown,
    cashFlow: [],
    warnings: spec.warnings ?? [],
  };
  if (spec.noActuals) analysis.noActualsReason = spec.noActuals;
  return analysis;
}

/** A cumulative S-curve: `total` spread over `periods` with more in the middle. */
export function sCurve(total: number, periods: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= periods; k++) {
    const x = k / periods;
    out.push(Math.round(total * (3 * x * x - 2 * x * x * x)));
  }
  out[periods - 1] = total;
  return out;
}

/** Cumulative values as a fraction of a PV curve, e.g. EV at 90% of PV each period. */
export const scale = (curve: number[], factors: number[]): number[] => factors.map((f, i) => Math.round(curve[i] * f));

// ------------------------------------------------------------------------------------------------
// Scenarios used across the tests.

const PV12 = sCurve(2_400_000, 12);

/** Month 2 of 12: overspending early (CPI ≈ 0.83), a little behind. */
export function earlyOverrun(): Analysis {
  return buildAnalysis({
    name: 'Riverside Depot',
    months: '2025-01',
    pv: PV12,
    ev: [45_000, 165_000],
    ac: [50_000, 198_000],
    breakdown: [
      { id: 'CA-100', name: 'Civil works', pv: 90_000, ev: 75_000, ac: 99_000, bac: 1_200_000 },
      { id: 'CA-200', name: 'Mechanical', pv: 50_000, ev: 50_000, ac: 57_000, bac: 700_000 },
      { id: 'CA-300', name: 'Design', pv: 37_778, ev: 40_000, ac: 42_000, bac: 500_000 },
    ],
  });
}

/** Month 6 of 12, on plan: CPI ≈ 1.01, SPI(t) ≈ 0.99. */
export function midOnTrack(): Analysis {
  const pv = sCurve(1_200_000, 12);
  return buildAnalysis({
    name: 'Harbour Bridge Refurbishment',
    months: '2025-01',
    pv,
    ev: scale(pv.slice(0, 6), [1, 0.99, 1, 0.99, 1, 0.99]),
    ac: scale(pv.slice(0, 6), [0.99, 0.98, 0.985, 0.98, 0.985, 0.98]),
    breakdown: [
      { id: 'CA-1', name: 'Deck', pv: 300_000, ev: 297_000, ac: 294_000, bac: 600_000 },
      { id: 'CA-2', name: 'Bearings', pv: 200_000, ev: 198_000, ac: 196_500, bac: 400_000 },
      { id: 'CA-3', name: 'Painting', pv: 100_000, ev: 99_000, ac: 98_000, bac: 200_000 },
    ],
  });
}

/** 13 periods into a 10-period plan, 96% complete: SPI 0.96 but SPI(t) ≈ 0.70. */
export function lateBehind(): Analysis {
  const pv = [50, 120, 220, 350, 500, 650, 780, 880, 950, 1000].map((x) => x * 1000);
  return buildAnalysis({
    name: 'Signalling Upgrade',
    weeks: '2025-03-07',
    pv: [...pv, 1_000_000, 1_000_000, 1_000_000, 1_000_000],
    bac: 1_000_000,
    ev: [40, 90, 160, 240, 330, 430, 530, 620, 700, 770, 840, 910, 960].map((x) => x * 1000),
    ac: [42, 95, 168, 250, 345, 450, 555, 650, 735, 808, 880, 952, 1005].map((x) => x * 1000),
    breakdown: [
      { id: 'CA-SIG', name: 'Signal heads', pv: 450_000, ev: 420_000, ac: 450_000, bac: 450_000 },
      { id: 'CA-CAB', name: 'Cabling', pv: 350_000, ev: 345_000, ac: 355_000, bac: 350_000 },
      { id: 'CA-TST', name: 'Testing', pv: 200_000, ev: 195_000, ac: 200_000, bac: 200_000 },
    ],
  });
}

/** Finished: EV = BAC after 12 of 10 planned months, CPI ≈ 0.95. */
export function finished(): Analysis {
  const pv = sCurve(500_000, 10);
  return buildAnalysis({
    name: 'Office Fit-out',
    months: '2024-01',
    pv: [...pv, 500_000, 500_000],
    bac: 500_000,
    ev: [...scale(pv, [0.8, 0.8, 0.82, 0.85, 0.86, 0.88, 0.9, 0.92, 0.95, 0.97]), 490_000, 500_000],
    ac: [...scale(pv, [0.84, 0.85, 0.86, 0.89, 0.9, 0.93, 0.95, 0.97, 1, 1.02]), 516_000, 526_000],
  });
}

/** Status at the end of period 1; nothing earned or spent although work was planned. */
export function notStarted(plannedSomething = true): Analysis {
  const pv = plannedSomething ? sCurve(800_000, 8) : [0, ...sCurve(800_000, 7)];
  return buildAnalysis({ name: 'Substation Extension', months: '2025-04', pv, ev: [0], ac: [0] });
}

/** Month 7 of 12: under budget (CPI ≈ 1.08) and ahead (SPI(t) > 1). */
export function underAhead(currency = 'GBP'): Analysis {
  const pv = sCurve(3_600_000, 12);
  return buildAnalysis({
    name: 'Water Treatment Works',
    currency,
    months: '2025-01',
    pv,
    ev: scale(pv.slice(0, 7), [1.02, 1.04, 1.05, 1.06, 1.06, 1.07, 1.07]),
    ac: scale(pv.slice(0, 7), [0.98, 0.97, 0.975, 0.98, 0.985, 0.99, 0.99]),
    breakdown: [
      { id: 'CA-A', name: 'Filtration', pv: 900_000, ev: 1_000_000, ac: 880_000, bac: 1_500_000 },
      { id: 'CA-B', name: 'Pumping station', pv: 700_000, ev: 740_000, ac: 700_000, bac: 1_300_000 },
      { id: 'CA-C', name: 'Site works', pv: 300_000, ev: 293_000, ac: 300_000, bac: 800_000 },
    ],
  });
}

/** What the engine says when an input has no actual costs or actual units (Analysis.noActualsReason). */
export const NO_ACTUALS_REASON = NO_COSTS_OR_ACTUAL_UNITS;

/**
 * A schedule-only XER at week 6 of 10: no costs and no actual units, so EV and PV are weighted by
 * duration (hours) and only schedule performance can be measured; behind schedule (SPI(t) ≈ 0.83).
 */
export function scheduleOnly(opts: { basis?: 'duration' | 'units' | 'cost' } = {}): Analysis {
  const pv = sCurve(4_000, 10);
  const ev = scale(pv.slice(0, 6), [0.9, 0.85, 0.82, 0.8, 0.8, 0.8]);
  return buildAnalysis({
    name: 'Signal Box Resignalling',
    measureBasis: opts.basis ?? 'duration',
    weeks: '2025-03-07',
    pv,
    ev,
    ac: ev.map(() => 0),
    noActuals: NO_ACTUALS_REASON,
    breakdown: [
      // PV 2,592 and EV 2,074 in all, as the project.
      { id: 'W1', name: 'Design', kind: 'wbs', pv: 1_000, ev: 900, bac: 1_000 },
      { id: 'W2', name: 'Installation', kind: 'wbs', pv: 1_392, ev: 1_074, bac: 2_000 },
      { id: 'W3', name: 'Testing', kind: 'wbs', pv: 200, ev: 100, bac: 1_000 },
    ],
  });
}

/** Cost spent in the first two months, nothing earned yet. */
export const spentNothingEarned = (): Analysis =>
  buildAnalysis({ name: 'Mobilising', months: '2025-01', pv: sCurve(600_000, 6), ev: [0, 0], ac: [5_000, 12_000] });

/** The scenarios the commentary and the status tests both run over (each adds its own). */
export const SCENARIOS: Readonly<Record<string, () => Analysis>> = {
  earlyOverrun,
  midOnTrack,
  lateBehind,
  finished,
  notStarted: () => notStarted(true),
  notDue: () => notStarted(false),
  underAhead: () => underAhead(),
  spentNothingEarned,
};
