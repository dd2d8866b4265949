/**
 * The shapes of the engine's results. Functions in this folder produce them; insight/, the CLI
 * and the UI consume them. Field names here are part of the CLI's --json output: keep them stable.
 */
import type { LocalDateTime } from '../model/dates';
import type { StatusDateSource } from '../model/schedule';
import type { Computed } from './computed';

/** Estimate-at-completion methods (EVM_REFERENCE.md §2). */
export type EacMethod =
  /** BAC / CPI ≡ AC + (BAC − EV) / CPI: future work at today's cost efficiency. */
  | 'cpi'
  /** AC + (BAC − EV) / (CPI × SPI): cost and schedule pressure together (a ceiling). */
  | 'cpiSpi'
  /** AC + (BAC − EV) / (w·CPI + (1−w)·SPI), w = 0.8 by default. */
  | 'composite'
  /** AC + (BAC − EV): the remaining work at budget rates (past variance one-off). */
  | 'planRate'
  /** AC + (BAC − EV) / CPIₙ, CPI over the last n periods. */
  | 'cpiLastN'
  /** AC + ETC from the remaining cost of the activities (management / bottom-up). */
  | 'bottomUp';

export const EAC_METHODS: readonly EacMethod[] = ['cpi', 'cpiSpi', 'composite', 'planRate', 'cpiLastN', 'bottomUp'];

/** What the cost measures are computed from. All values cumulative to the status date. */
export interface CostInputs {
  pv: number;
  ev: number;
  /** Null when the input records no actuals at all; `acMissingReason` then says why. */
  ac: number | null;
  bac: number;
  /** Why AC is null (e.g. the schedule carries no costs or actual units); every AC-dependent figure cites it. */
  acMissingReason?: string;
  /** Bottom-up estimate to complete (Σ remaining cost), when known. */
  bottomUpEtc?: number | null;
  /** Cumulative EV and AC n periods before the status date, for CPIₙ. */
  nPeriodsAgo?: { ev: number; ac: number; n: number } | null;
  /** Weight of CPI in the composite EAC; default 0.8. */
  compositeWeight?: number;
  /** Which EAC drives ETC, VAC and TCPI(EAC); default 'cpi'. */
  eacMethod?: EacMethod;
}

export interface CostMeasures {
  pv: Computed;
  ev: Computed;
  ac: Computed;
  bac: Computed;
  sv: Computed;
  cv: Computed;
  /** SV / PV. */
  svPct: Computed;
  /** CV / EV. */
  cvPct: Computed;
  spi: Computed;
  cpi: Computed;
  /** CSI (also SCI) = SPI × CPI. */
  csi: Computed;
  /** EV / BAC. */
  pctComplete: Computed;
  /** AC / BAC. */
  pctSpent: Computed;
  /** PV / BAC. */
  pctScheduled: Computed;
  /** CPI over the last n periods (null when no history). */
  cpiLastN: Computed;
  eac: Record<EacMethod, Computed>;
  /** The method actually used for `eacSelected`: the requested one, or planRate when it is null. */
  eacMethod: EacMethod;
  eacSelected: Computed;
  /** EAC − AC. */
  etc: Computed;
  /** BAC − EAC (positive = underrun). */
  vac: Computed;
  /** VAC / BAC. */
  vacPct: Computed;
  /** (BAC − EV) / (BAC − AC). */
  tcpiBac: Computed;
  /** (BAC − EV) / (EAC − AC). */
  tcpiEac: Computed;
}

/** What earned schedule is computed from. Time is measured in periods. */
export interface ScheduleInputs {
  /** Cumulative PV at the end of periods 1..N: `pvCumulative[k-1]` = PV_k. PV_0 is 0. */
  pvCumulative: ArrayLike<number>;
  ev: number;
  bac: number;
  /** Actual time: periods elapsed at the status date (may be fractional). */
  at: number;
  /** Cumulative CPI, for SCI(t) = SPI(t) × CPI. */
  cpi?: number | null;
  /** Cumulative SPI, for the planned-value-rate and earned-duration methods. */
  spi?: number | null;
  sv?: number | null;
  /** Planned duration in periods; default: the first period whose PV reaches BAC. */
  pd?: number;
  /**
   * Cumulative PV at the status date. When it is 0 nothing was planned yet, so SPI(t) and (with
   * nothing earned either) SV(t) are null with that reason, as SPI is.
   */
  pv?: number;
  /** Estimated duration for TSPI against an estimate (TSPI(ed)); optional. */
  ed?: number | null;
}

/** Duration forecasts by performance factor (EVM_REFERENCE.md §3). */
export interface DurationForecasts {
  /** PF = 1. */
  pf1: Computed;
  /** PF = SPI(t) (or SPI for the comparison methods). */
  spi: Computed;
  /** PF = SCI(t) = SPI(t) × CPI (or SPI × CPI). */
  sci: Computed;
}

export interface ScheduleMeasures {
  pd: Computed;
  at: Computed;
  es: Computed;
  /** SV(t) = ES − AT. */
  svt: Computed;
  /** SPI(t) = ES / AT. */
  spit: Computed;
  /** TSPI = (PD − ES) / (PD − AT). */
  tspi: Computed;
  /** TSPI against an estimate: (PD − ES) / (ED − AT), when ED given. */
  tspiEd: Computed;
  /** IEAC(t) = AT + (PD − ES) / PF, in periods. */
  ieact: DurationForecasts;
  /** Anbari's planned-value rate method. */
  pvRate: { rate: Computed; tv: Computed; eact: DurationForecasts };
  /** Jacob's earned duration method. */
  earnedDuration: { ed: Computed; eact: DurationForecasts };
}

/** One reporting period of a series. Values are cumulative at the period's end. */
export interface PeriodPoint {
  /** 1-based period number. */
  index: number;
  /** End of the period (exclusive upper bound of its time), when periods are dated. */
  end: LocalDateTime | null;
  label: string;
  pv: number;
  /** Null where no status is known for the period. */
  ev: number | null;
  ac: number | null;
}

export interface PeriodMeasures {
  period: PeriodPoint;
  /** This period's own values (cumulative minus the previous period's). */
  incremental: { pv: number; ev: number | null; ac: number | null };
  /** Null for periods without EV/AC. */
  cost: CostMeasures | null;
  schedule: ScheduleMeasures | null;
}

export type BreakdownKind = 'project' | 'wbs' | 'control-account' | 'code';

/** A node of a roll-up (WBS, control account or activity code) with its own measures. */
export interface BreakdownNode {
  id: string;
  code: string;
  name: string;
  kind: BreakdownKind;
  /** Number of activities under this node (including descendants). */
  activityCount: number;
  cost: CostMeasures;
  children: BreakdownNode[];
}

/** Forecast completion dates, from the duration forecasts mapped onto the period calendar. */
export interface ForecastDates {
  pf1: LocalDateTime | null;
  spit: LocalDateTime | null;
  scit: LocalDateTime | null;
}

/**
 * Spend per period. Incremental values are this period's own; `cumulative` runs from the start.
 * Forecast equals actual up to the status period, then spreads the selected EAC's ETC over the
 * remaining periods (see cashflow.ts for how).
 */
export interface CashFlowRow {
  index: number;
  label: string;
  end: LocalDateTime | null;
  planned: number;
  /** Null after the status period, and where this period's own value is unknown. */
  earned: number | null;
  actual: number | null;
  /**
   * Only after the status period; null throughout when the input records no actuals (a spend
   * forecast starts from actual spend). The cumulative forecast starts at AC in the status period.
   */
  forecast: number | null;
  /**
   * When this period's earned/actual is the spend since a status several periods earlier (two
   * imports further apart than a period): the first period it covers. It is not spread by guess.
   */
  spansFrom?: number;
  cumulative: { planned: number; earned: number | null; actual: number | null; forecast: number | null };
}

/** Spend before the first status that the file does not place in periods (shown as one amount). */
export interface CashFlowBefore {
  earned: number | null;
  actual: number | null;
  /** The period of the first status, where the cumulative values first include it. */
  firstStatus: number;
}

/** How the cash flow's past was built, beside its rows. */
export interface CashFlowInfo {
  beforeFirstStatus: CashFlowBefore | null;
  /** 'file': per-period actuals from the file (P6 TRSRCFIN, MSPDI time-phased actual cost); 'statuses': from the imports' cumulative AC; 'none': no actuals. */
  actualSource: 'file' | 'statuses' | 'none';
  /** Plain-English notes for the cash-flow screen (where the actuals came from, what is not spread). */
  notes: string[];
}

/** The full analysis of a project at a status date. */
export interface Analysis {
  project: { id: string; name: string; currency: string };
  /** The status date, when the input is dated. */
  dataDate: LocalDateTime | null;
  /**
   * Where a schedule's status date came from (model/statusDate.ts): 'status-date' (the file's),
   * 'current-date' (MS Project's), 'latest-actual', 'latest-snapshot', 'today', 'chosen' (on
   * import) or 'given' (for this analysis). Absent for period tables.
   */
  dataDateSource?: StatusDateSource;
  /** What EV is measured in. */
  measureBasis: 'cost' | 'units' | 'duration';
  /** 1-based index of the status period in `series`. */
  statusPeriod: number;
  cost: CostMeasures;
  schedule: ScheduleMeasures;
  forecastFinish: ForecastDates;
  /** Every period, with measures where EV/AC are known. */
  series: PeriodMeasures[];
  /** Roll-up tree, when the input has activities. */
  breakdown: BreakdownNode | null;
  /** Planned, earned, actual and forecast spend per period (in the measure basis). */
  cashFlow: CashFlowRow[];
  /** How the cash flow's past was built (before-first-status amount, source of the actuals). */
  cashFlowInfo?: CashFlowInfo;
  /** Things the user should know about the input or the results. */
  warnings: string[];
  /**
   * Set when the input records no actuals (no actual cost and no actual units, or a period table
   * without AC). AC and every figure that needs it (CV, CPI, the EACs, ETC, VAC, TCPI, % spent) are
   * then null with this reason; PV, EV, SV, SPI and earned schedule are still measured, on the
   * duration- or units-weighted basis that `measureBasis` names. Elapsed time is never AC.
   */
  noActualsReason?: string;
  /**
   * Set when most of the EV was earned on work whose baseline start is after the data date: the
   * baseline dates were re-planned, so schedule variances measure the re-plan (analyseSchedule.ts).
   */
  replannedBaseline?: { evShare: number; activities: number };
}
