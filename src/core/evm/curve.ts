/**
 * Measures over a cumulative PV/EV/AC curve: the status-date measures, every period's measures,
 * and forecast dates. Both entry points end here: a schedule (analyseSchedule.ts) once it has been
 * time-phased, and a plain period table (periodTable.ts) as given.
 */
import { fromMinutes, type LocalDateTime } from '../model/dates';
import { computeCostMeasures } from './measures';
import { computeScheduleMeasures } from './earnedSchedule';
import { instantAtPeriods, type PeriodGrid } from './periods';
import type { Computed } from './computed';
import type { CostMeasures, EacMethod, ForecastDates, PeriodMeasures, PeriodPoint, ScheduleMeasures } from './types';

export interface CurveInput {
  /** Cumulative values per period; `ev`/`ac` null where no status is known. */
  points: PeriodPoint[];
  /** 1-based index of the period holding the status date. */
  statusPeriod: number;
  /**
   * Values at the status instant. They differ from the status period's end values when the
   * data date falls inside a period: PV is then planned value at the data date, and AT is
   * fractional.
   */
  status: { pv: number; ev: number; ac: number | null; at: number };
  bac: number;
  /**
   * Set when the input records no actuals: AC is null everywhere and the cost figures that need it
   * say this. The schedule measures are still computed wherever EV is known.
   */
  noActualsReason?: string;
  /** Planned duration override, in periods. */
  pd?: number;
  bottomUpEtc?: number | null;
  eacMethod?: EacMethod;
  compositeWeight?: number;
  /** n for CPI over the last n periods; default 3. */
  lastN?: number;
  /** Dated grid, to turn duration forecasts into dates. */
  grid?: PeriodGrid | null;
}

export interface CurveResult {
  cost: CostMeasures;
  schedule: ScheduleMeasures;
  forecastFinish: ForecastDates;
  series: PeriodMeasures[];
}

export const DEFAULT_LAST_N = 3;

export function analyseCurve(input: CurveInput): CurveResult {
  const { points, statusPeriod: s, status, bac } = input;
  const lastN = input.lastN ?? DEFAULT_LAST_N;
  const pvCumulative = Float64Array.from(points, (p) => p.pv);
  const common = { bac, eacMethod: input.eacMethod, compositeWeight: input.compositeWeight, acMissingReason: input.noActualsReason };
  const noActuals = input.noActualsReason !== undefined;

  // EV and AC n periods before period k, when the history holds them.
  const history = (k: number): { ev: number; ac: number; n: number } | null => {
    const j = k - lastN;
    if (j < 1) return j === 0 ? { ev: 0, ac: 0, n: lastN } : null;
    const p = points[j - 1];
    return p.ev !== null && p.ac !== null ? { ev: p.ev, ac: p.ac, n: lastN } : null;
  };

  const measuresAt = (k: number, pv: number, ev: number, ac: number | null, at: number, bottomUpEtc?: number | null) => {
    const cost = computeCostMeasures({ ...common, pv, ev, ac, nPeriodsAgo: history(k), bottomUpEtc });
    const schedule = computeScheduleMeasures({
      pvCumulative,
      ev,
      bac,
      at,
      cpi: cost.cpi.value,
      spi: cost.spi.value,
      sv: cost.sv.value,
      pd: input.pd,
      pv,
    });
    return { cost, schedule };
  };

  const series: PeriodMeasures[] = points.map((p, idx) => {
    const k = idx + 1;
    const prev = idx > 0 ? points[idx - 1] : null;
    const incremental = {
      pv: p.pv - (prev ? prev.pv : 0),
      ev: p.ev === null ? null : prev === null ? p.ev : prev.ev === null ? null : p.ev - prev.ev,
      ac: p.ac === null ? null : prev === null ? p.ac : prev.ac === null ? null : p.ac - prev.ac,
    };
    if (p.ev === null || (p.ac === null && !noActuals) || k > s) return { period: p, incremental, cost: null, schedule: null };
    const m = k === s ? measuresAt(k, status.pv, status.ev, status.ac, status.at, input.bottomUpEtc) : measuresAt(k, p.pv, p.ev, p.ac, k);
    return { period: p, incremental, ...m };
  });

  const current = measuresAt(s, status.pv, status.ev, status.ac, status.at, input.bottomUpEtc);
  const toDate = (c: Computed): LocalDateTime | null =>
    input.grid && c.value !== null ? fromMinutes(instantAtPeriods(input.grid, c.value)) : null;
  const forecastFinish: ForecastDates = {
    pf1: toDate(current.schedule.ieact.pf1),
    spit: toDate(current.schedule.ieact.spi),
    scit: toDate(current.schedule.ieact.sci),
  };
  return { ...current, forecastFinish, series };
}
