/**
 * The plain-English commentary: deterministic sentences for project controls people, grounded in
 * the heuristics of reference/EVM_REFERENCE.md §5:
 *
 * - Cumulative CPI is stable (changes by no more than ~10%) once a job is ~20% complete, and tends
 *   to worsen rather than improve (Christensen & Heise 1993; DoD/Beach report). Before 20% the
 *   indices are still volatile.
 * - The CPI-based EAC is a floor on final cost (Christensen & Rees 2002; its value fades after ~70%
 *   complete) and the SCI-based EAC a ceiling (Terry & Vanderburgh 1993).
 * - TCPI(EAC) well above CPI means the EAC assumes an unproven recovery (NDIA IPMD 2014; rule of
 *   thumb: > 0.10 suspect, 0.05–0.10 watch). TCPI or TSPI above 1.10: recovery very unlikely
 *   (Lipke 2016).
 * - On an overrunning job a VAC smaller than today's CV means the EAC assumes the overrun shrinks.
 * - Prefer SPI(t) / IEAC(t) to SPI late in a project: SPI returns to 1.00 at completion however
 *   late the job (Lipke & Henderson 2006; Vandevoorde & Vanhoucke 2006).
 *
 * Without actual costs or actual units (Analysis.noActualsReason: a schedule-only XER, a period
 * table without AC) the commentary says so once and then speaks of the schedule alone: no cost
 * advice, no EAC, and the schedule figures name their weighting ("duration-weighted").
 *
 * The commentary is written on the alerts it is given (dashboardOf evaluates them once, with the
 * same rules), so the words and the alert list always agree.
 *
 * No randomness and no clock: the same analysis always gives the same words. Figures are rounded
 * only when written (src/core/format).
 */
import { eacLabelOptionsOf, eacMethodLabel } from '../evm/dictionary';
import type { Analysis, BreakdownKind, BreakdownNode, PeriodMeasures } from '../evm/types';
import { formatDataDate, formatEndDate, formatPeriods } from '../format';
import { alertTargets, type Alert } from './alerts';
import { DEFAULT_RULES, thresholdOf, type AlertRule, type MetricId, type Severity } from './rules';
import { voiceFor, type Voice } from './voice';

export type CommentaryTopic = 'status' | 'trend' | 'forecast' | 'drivers' | 'next';

export interface CommentaryParagraph {
  topic: CommentaryTopic;
  text: string;
}

export interface Commentary {
  paragraphs: CommentaryParagraph[];
}

export interface CommentaryOptions {
  /** The alert rules: their thresholds also set the words ("below plan", "poor"). */
  rules?: readonly AlertRule[];
  /** How many breakdown nodes to name as drivers (default 3). */
  maxDrivers?: number;
  /** Overrides the project's currency. */
  currency?: string;
  /** Write money of a million or more compactly ("£12.3m"); default false (full figures). */
  compactMoney?: boolean;
  /** The project's latest schedule risk run, cited in the forecast (issue 15). */
  risk?: RiskCitation | null;
}

/** What the commentary cites of a Monte Carlo run (a risk snapshot). */
export interface RiskCitation {
  /** The status date the run was made at: cited as current only when it is the analysis's. */
  dataDate: string;
  iterations: number;
  finishP50: string;
  finishP80: string;
  deterministicFinish: string;
  /** Share of iterations finishing by the deterministic date. */
  deterministicConfidence: number;
  /** Cost (EAC) percentiles, when the schedule carries costs. */
  costP50: number | null;
  costP80: number | null;
  /** Every range came from the default rule: nobody has assessed the risks yet. */
  defaultRangesOnly: boolean;
}

/** Cumulative CPI settles after about this share complete (Christensen & Heise 1993). */
export const CPI_STABILITY_POINT = 0.2;
/** ... and changes by no more than about this much afterwards. */
export const CPI_STABILITY_BAND = 0.1;
/** Beyond this share complete the CPI-based floor loses predictive value (Christensen & Rees 2002). */
export const CPI_FLOOR_FADES_AT = 0.7;
/** TCPI / TSPI above this: recovery very unlikely (Lipke 2016). */
export const RECOVERY_LIMIT = 1.1;
/** Past this share complete cumulative CPI has little room left to move (DoD: no improvement from 15% to 85%). */
export const LITTLE_LEFT = 0.85;
/** The last third of a project, where SPI loses predictive ability (Lipke & Henderson 2006). */
export const LATE_STAGE = 2 / 3;

type Num = number | null;

const fin = (x: number | null | undefined): Num => (typeof x === 'number' && Number.isFinite(x) ? x : null);

interface Thresholds {
  cpiWarn: number;
  cpiCrit: number;
  spitWarn: number;
  spitCrit: number;
  gapWarn: number;
  gapCrit: number;
  tspiCrit: number;
}

function thresholds(rules: readonly AlertRule[]): Thresholds {
  const t = (metric: MetricId, severity: Severity, fallback: number): number => thresholdOf(rules, metric, severity)?.threshold ?? fallback;
  return {
    cpiWarn: t('cpi', 'warning', 0.95),
    cpiCrit: t('cpi', 'critical', 0.9),
    spitWarn: t('spit', 'warning', 0.95),
    spitCrit: t('spit', 'critical', 0.9),
    gapWarn: t('tcpiEacMinusCpi', 'warning', 0.05),
    gapCrit: t('tcpiEacMinusCpi', 'critical', 0.1),
    tspiCrit: t('tspi', 'critical', RECOVERY_LIMIT),
  };
}

/**
 * Where the job stands. 'no-cost': in progress but no actual cost recorded yet (load it);
 * 'schedule-only': in progress and the input carries no actuals at all (say so once, then only the
 * schedule).
 */
type State = 'not-started' | 'no-cost' | 'schedule-only' | 'complete' | 'in-progress';

/** Said once when the input has no actual costs or actual units; nothing else speaks of cost then. */
export const NO_ACTUALS_SENTENCE = 'It carries no actual costs or actual units, so only schedule performance is reported.';


/** Everything the paragraphs talk about, read once from the analysis. */
interface Facts {
  a: Analysis;
  v: Voice;
  th: Thresholds;
  name: string;
  state: State;
  /** No actual costs or actual units in the input: only the schedule is spoken of. */
  scheduleOnly: boolean;
  pv: Num;
  ev: Num;
  ac: Num;
  bac: Num;
  pctComplete: Num;
  pctSpent: Num;
  pctScheduled: Num;
  cpi: Num;
  spi: Num;
  cv: Num;
  sv: Num;
  cvPct: Num;
  svPct: Num;
  cpiN: Num;
  n: Num;
  eac: Num;
  eacCpi: Num;
  eacSci: Num;
  vac: Num;
  vacPct: Num;
  tcpiBac: Num;
  tcpiEac: Num;
  pd: Num;
  at: Num;
  svt: Num;
  spit: Num;
  tspi: Num;
  ieact: Num;
}

function factsOf(a: Analysis, v: Voice, th: Thresholds): Facts {
  const c = a.cost;
  const s = a.schedule;
  const ev = fin(c.ev.value);
  const ac = fin(c.ac.value);
  const bac = fin(c.bac.value);
  const scheduleOnly = typeof a.noActualsReason === 'string' && a.noActualsReason.length > 0;
  let state: State;
  if ((ev === null || ev <= 0) && (scheduleOnly || ac === null || ac <= 0)) state = 'not-started';
  else if (ev !== null && bac !== null && bac > 0 && ev >= bac * (1 - 1e-9)) state = 'complete';
  else if (scheduleOnly) state = 'schedule-only';
  else if (ac === null || ac <= 0) state = 'no-cost';
  else state = 'in-progress';
  return {
    a,
    v,
    th,
    name: a.project.name.trim() || 'The project',
    state,
    scheduleOnly,
    pv: fin(c.pv.value),
    ev,
    ac,
    bac,
    pctComplete: fin(c.pctComplete.value),
    pctSpent: fin(c.pctSpent.value),
    pctScheduled: fin(c.pctScheduled.value),
    cpi: fin(c.cpi.value),
    spi: fin(c.spi.value),
    cv: fin(c.cv.value),
    sv: fin(c.sv.value),
    cvPct: fin(c.cvPct.value),
    svPct: fin(c.svPct.value),
    cpiN: fin(c.cpiLastN.value),
    n: fin(c.cpiLastN.inputs.n),
    eac: fin(c.eacSelected.value),
    eacCpi: fin(c.eac.cpi.value),
    eacSci: fin(c.eac.cpiSpi.value),
    vac: fin(c.vac.value),
    vacPct: fin(c.vacPct.value),
    tcpiBac: fin(c.tcpiBac.value),
    tcpiEac: fin(c.tcpiEac.value),
    pd: fin(s.pd.value),
    at: fin(s.at.value),
    svt: fin(s.svt.value),
    spit: fin(s.spit.value),
    tspi: fin(s.tspi.value),
    ieact: fin(s.ieact.spi.value),
  };
}

// ---------------------------------------------------------------------------------------------
// Small writing helpers.

/** Whether an index reads as 1.00 at 2 decimals. */
const readsAsOne = (x: number): boolean => Math.abs(x - 1) < 0.005;

/** "A", "A and B", "A, B and C". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const capitalise = (s: string): string => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** "an overrun of £120,000" / "an underrun of £45,000" / "no variance" for an amount (VAC sign). */
function varianceWords(v: Voice, vac: number, noun: [string, string] = ['overrun', 'underrun']): string {
  if (v.amount(Math.abs(vac)) === v.amount(0)) return 'no variance';
  return vac < 0 ? `an ${noun[0]} of ${v.amount(-vac)}` : `an ${noun[1]} of ${v.amount(vac)}`;
}

function spitWords(x: number, th: Thresholds): string {
  if (x < th.spitCrit) return 'well behind schedule';
  if (x < th.spitWarn) return 'behind schedule';
  if (readsAsOne(x)) return 'on schedule';
  if (x < 1) return x >= 0.98 ? 'close to schedule' : 'slightly behind schedule';
  return x >= 1.05 ? 'well ahead of schedule' : 'ahead of schedule';
}

const statusDate = (f: Facts): string => (f.a.dataDate && formatDataDate(f.a.dataDate) !== 'n/a' ? `As at ${formatDataDate(f.a.dataDate)}, ` : '');

/** "2.5 weeks behind" / "1 month ahead" / "on schedule". */
function slipWords(v: Voice, svt: number): string {
  if (v.periods(Math.abs(svt)) === v.periods(0)) return 'on schedule';
  return `${v.periods(Math.abs(svt))} ${svt < 0 ? 'behind' : 'ahead'}`;
}

/** The planned finish date: the end of period PD, when PD is a whole period of a dated series. */
function plannedFinish(f: Facts): string | null {
  if (f.pd === null || !Number.isInteger(f.pd) || f.pd < 1) return null;
  const p = f.a.series[f.pd - 1];
  return p && p.period.end ? formatEndDate(p.period.end) : null;
}

/** The status period's measures and the one before it, when both have cost measures. */
function historyPoints(a: Analysis): PeriodMeasures[] {
  return a.series.filter((p) => p.period.index <= a.statusPeriod && p.cost !== null && fin(p.cost.cpi.value) !== null);
}

// ---------------------------------------------------------------------------------------------
// Status.

function scheduleSentence(f: Facts): string | null {
  const { v, th } = f;
  if (f.spit !== null && f.svt !== null) {
    let s = `The project is ${spitWords(f.spit, th)}: SPI(t) ${v.index(f.spit)}, so work is being earned at ${v.pct(f.spit, 0)} of the planned rate`;
    if (slipWords(v, f.svt) !== 'on schedule') {
      s += `, ${slipWords(v, f.svt)} (SV(t) ${f.svt < 0 ? '-' : '+'}${v.periods(Math.abs(f.svt))})`;
    } else if (Math.abs(f.svt) > 1e-9) {
      const fine = formatPeriods(Math.abs(f.svt), { dp: 2, unit: v.unit, plural: v.units });
      s += `, within ${v.periods(0.1)} of plan (SV(t) ${f.svt < 0 ? '-' : '+'}${fine})`;
    } else s += ' (SV(t) 0)';
    if (f.sv !== null && f.spi !== null) {
      const amt = v.amount(Math.abs(f.sv));
      // Name the weighting when EV is not money: "duration-weighted, 50 hours of planned work …".
      const terms = v.weighting ? `${v.weighting},` : `in ${v.terms} terms`;
      s +=
        amt === v.amount(0)
          ? `; ${terms} the schedule variance is nil (SPI ${v.index(f.spi)}).`
          : `; ${terms} ${amt} of planned work is ${f.sv < 0 ? 'not yet done' : 'done ahead of plan'} (SV ${f.sv < 0 ? '-' : '+'}${amt}, SPI ${v.index(f.spi)}).`;
    } else s += '.';
    return s;
  }
  if (f.spi !== null && f.sv !== null) {
    return `Schedule performance: SPI ${v.index(f.spi)}, a schedule variance of ${f.sv < 0 ? '-' : '+'}${v.amount(Math.abs(f.sv))}; SPI(t) is not available yet because no time has elapsed in the schedule.`;
  }
  return null;
}

function costSentence(f: Facts): string | null {
  const { v, th } = f;
  if (f.cpi === null || f.cv === null) return null;
  if (f.ev !== null && f.ev <= 0 && f.ac !== null && f.ac > 0) {
    return `${v.amount(f.ac)} has been spent but no work has been earned yet, so every ${v.one} spent so far is over budget (CPI ${v.index(f.cpi)}): check that progress has been claimed.`;
  }
  const cvAbs = v.amount(Math.abs(f.cv));
  const cvPct = f.cvPct !== null ? ` (${v.pct(Math.abs(f.cvPct))} of the work done)` : '';
  const per = `every ${v.one} spent has earned ${v.perOne(f.cpi)} of work`;
  if (f.cpi < th.cpiCrit) return `Cost performance is poor: CPI ${v.index(f.cpi)} means ${per}, ${cvAbs} over budget so far${cvPct}.`;
  if (f.cpi < th.cpiWarn) return `Cost performance is below plan: CPI ${v.index(f.cpi)} means ${per}, ${cvAbs} over budget so far${cvPct}.`;
  if (readsAsOne(f.cpi)) return `Cost is on budget: CPI ${v.index(f.cpi)}, a cost variance of ${f.cv < 0 ? '-' : '+'}${cvAbs}.`;
  if (f.cpi < 1) return `Cost performance is slightly below plan: CPI ${v.index(f.cpi)}, ${cvAbs} over budget so far${cvPct}.`;
  if (f.cpi < 1.02) return `Cost performance is slightly better than plan: CPI ${v.index(f.cpi)}, ${cvAbs} under budget so far${cvPct}.`;
  return `Cost performance is better than plan: CPI ${v.index(f.cpi)} means ${per}, ${cvAbs} under budget so far${cvPct}.`;
}

function statusParagraph(f: Facts): string {
  const { v } = f;
  const out: string[] = [];
  const bac = f.bac !== null ? v.amount(f.bac) : 'n/a';
  switch (f.state) {
    case 'not-started': {
      if (f.scheduleOnly) {
        const weighted = v.weighting ? ` (${v.weighting})` : '';
        if (f.pv !== null && f.pv > 0) {
          out.push(
            `${statusDate(f)}${f.name} has not started: no progress has been recorded, although ${v.amount(f.pv)}${f.pctScheduled !== null ? ` (${v.pct(f.pctScheduled)})` : ''} of the ${bac} of planned work was due by now${weighted}.`,
          );
        } else {
          const over = f.pd !== null ? ` over ${v.periods(f.pd)}` : '';
          out.push(`${statusDate(f)}${f.name} has not started: nothing was planned or earned by the status date. The plan holds ${bac} of work${over}${weighted}.`);
        }
        out.push(NO_ACTUALS_SENTENCE);
        if (f.pv !== null && f.pv > 0 && f.svt !== null && f.svt < 0) out.push(`It is already ${v.periods(-f.svt)} behind schedule.`);
      } else if (f.pv !== null && f.pv > 0) {
        out.push(
          `${statusDate(f)}${f.name} has not started earning: no work has been performed and no actual cost has been recorded, although ${v.amount(f.pv)}${f.pctScheduled !== null ? ` (${v.pct(f.pctScheduled)})` : ''} of the ${bac} budget was planned by now.`,
        );
        if (f.svt !== null && f.svt < 0) out.push(`It is therefore already ${v.periods(-f.svt)} behind schedule.`);
      } else {
        const over = f.pd !== null ? ` over ${v.periods(f.pd)}` : '';
        out.push(`${statusDate(f)}${f.name} has not started: nothing was planned, earned or spent by the status date. The budget at completion is ${bac}${over}.`);
      }
      break;
    }
    case 'complete': {
      out.push(`${statusDate(f)}${f.name} is complete: all ${bac} of planned work has been earned.`);
      if (f.cpi !== null && f.cv !== null && f.ac !== null) {
        const cvAbs = v.amount(Math.abs(f.cv));
        const verdict =
          cvAbs === v.amount(0)
            ? 'exactly on budget'
            : `${cvAbs}${f.cvPct !== null ? ` (${v.pct(Math.abs(f.cvPct))})` : ''} ${f.cv < 0 ? 'over' : 'under'} budget`;
        out.push(`It cost ${v.amount(f.ac)}, ${verdict}, a final CPI of ${v.index(f.cpi)}.`);
      } else if (f.scheduleOnly) {
        out.push(NO_ACTUALS_SENTENCE);
      } else {
        out.push('No actual cost has been recorded, so the final cost performance cannot be measured.');
      }
      if (f.at !== null && f.pd !== null) {
        const diff = f.at - f.pd;
        const late = v.periods(Math.abs(diff)) !== v.periods(0);
        if (late && diff > 0) {
          out.push(
            `It took ${v.periods(f.at)} against ${v.periods(f.pd)} planned, finishing ${v.periods(diff)} late${f.spit !== null ? ` (SPI(t) ${v.index(f.spit)})` : ''}.`,
          );
          if (f.spi !== null && readsAsOne(f.spi)) {
            out.push(
              `SPI reads ${v.index(f.spi)} only because earned and planned value both equal ${f.scheduleOnly ? 'the planned total' : 'the budget at completion'}: SPI always returns to 1.00 at the end, however late the work, so SPI(t) is the true measure.`,
            );
          }
        } else if (late) {
          out.push(`It finished ${v.periods(-diff)} early, in ${v.periods(f.at)} against ${v.periods(f.pd)} planned${f.spit !== null ? ` (SPI(t) ${v.index(f.spit)})` : ''}.`);
        } else {
          out.push(`It finished on time, in ${v.periods(f.pd)}.`);
        }
      }
      break;
    }
    case 'schedule-only': {
      out.push(
        `${statusDate(f)}${f.name} is ${pctOr(f, f.pctComplete)} complete against ${pctOr(f, f.pctScheduled)} scheduled${v.weighting ? ` (${v.weighting})` : ''}.`,
      );
      out.push(NO_ACTUALS_SENTENCE);
      const s = scheduleSentence(f);
      if (s) out.push(s);
      break;
    }
    case 'no-cost': {
      out.push(
        `${statusDate(f)}${f.name} is ${pctOr(f, f.pctComplete)} complete against ${pctOr(f, f.pctScheduled)} scheduled, but no actual cost has been recorded yet, so CPI, the cost variance and the cost forecasts cannot be worked out.`,
      );
      const s = scheduleSentence(f);
      if (s) out.push(s);
      break;
    }
    case 'in-progress': {
      out.push(
        `${statusDate(f)}${f.name} is ${pctOr(f, f.pctComplete)} complete against ${pctOr(f, f.pctScheduled)} scheduled, and has spent ${pctOr(f, f.pctSpent)} of its ${bac} budget.`,
      );
      if (f.pctSpent !== null && f.pctComplete !== null) {
        const gap = f.pctSpent - f.pctComplete;
        if (v.pct(Math.abs(gap)) !== v.pct(0)) {
          out.push(gap > 0 ? `It has spent more than it has earned.` : `It has earned more than it has spent.`);
        }
      }
      const c = costSentence(f);
      if (c) out.push(c);
      const s = scheduleSentence(f);
      if (s) out.push(s);
      break;
    }
  }
  return out.join(' ');
}

const pctOr = (f: Facts, x: Num): string => (x === null ? 'an unknown share' : f.v.pct(x));

// ---------------------------------------------------------------------------------------------
// Trend.

function trendParagraph(f: Facts): string {
  const { v, a, th } = f;
  if (f.state === 'not-started') return 'There is no performance history yet, so there is no trend to read.';
  if (f.scheduleOnly) return scheduleTrend(f);
  if (f.state === 'no-cost' || f.cpi === null) {
    const pts = a.series.filter((p) => p.period.index <= a.statusPeriod && p.schedule && fin(p.schedule.spit.value) !== null);
    if (pts.length >= 2 && f.spit !== null) {
      const prev = fin(pts[pts.length - 2].schedule?.spit.value);
      if (prev !== null) {
        const move = v.index(prev) === v.index(f.spit) ? `is unchanged at ${v.index(f.spit)}` : `has moved from ${v.index(prev)} to ${v.index(f.spit)}`;
        return `Without actual cost there is no cost trend. SPI(t) ${move} since the previous ${v.unit}.`;
      }
    }
    return 'Without actual cost there is no cost trend to read yet.';
  }
  const out: string[] = [];
  const pts = historyPoints(a);
  const prev = pts.length >= 2 ? pts[pts.length - 2] : null;
  const prevCpi = prev ? fin(prev.cost?.cpi.value) : null;
  const prevSpit = prev ? fin(prev.schedule?.spit.value) : null;

  if (f.cpiN !== null && f.n !== null) {
    const d = f.cpiN - f.cpi;
    const dir = Math.abs(d) < 0.02 ? 'holding steady' : d > 0 ? 'improving' : 'deteriorating';
    out.push(
      `Over the last ${v.periods(f.n)} CPI was ${v.index(f.cpiN)} against ${v.index(f.cpi)} cumulative: cost efficiency is ${dir}${dir === 'deteriorating' ? ', and the cumulative figure will follow it down if this continues' : ''}.`,
    );
  } else if (pts.length <= 1) {
    out.push(`This is the first ${v.unit} with cost and progress recorded, so there is no trend yet.`);
  }
  if (prevCpi !== null && pts.length >= 2) {
    const move = (label: string, from: number, to: number): string =>
      v.index(from) === v.index(to) ? `${label} is unchanged at ${v.index(to)}` : `${label} has moved from ${v.index(from)} to ${v.index(to)}`;
    const moves: string[] = [move('cumulative CPI', prevCpi, f.cpi)];
    if (prevSpit !== null && f.spit !== null) moves.push(move('SPI(t)', prevSpit, f.spit));
    out.push(`Since the previous ${v.unit}, ${joinList(moves)}.`);
  }

  if (f.state === 'complete') {
    out.push(`With the work complete the indices are final.`);
    return out.join(' ');
  }
  if (f.pctComplete !== null && f.pctComplete < CPI_STABILITY_POINT) {
    let s = `At ${v.pct(f.pctComplete)} complete the indices are still volatile: cumulative CPI typically settles only after about 20% complete (Christensen & Heise 1993), so treat these figures as early signals rather than a verdict`;
    if (f.cpi < th.cpiWarn) s += ` — though an early overrun is rarely recovered later, so it is worth acting on now, while most of the work is still ahead`;
    out.push(`${s}.`);
  } else if (f.pctComplete !== null && f.pctComplete >= LITTLE_LEFT) {
    out.push(
      `With ${v.pct(f.pctComplete)} of the work done there is too little left to move cumulative CPI much: the final cost will be close to ${f.eacCpi !== null ? `the CPI-based ${v.amount(f.eacCpi)}` : 'the cost so far plus the remaining budget'}.`,
    );
  } else if (f.pctComplete !== null) {
    if (f.cpi < 1 && !readsAsOne(f.cpi)) {
      const best = f.cpi * (1 + CPI_STABILITY_BAND);
      let s = `Past 20% complete, cumulative CPI is usually stable: it rarely improves by more than about 10% from here and more often worsens (Christensen & Heise 1993). Even a 10% improvement would only bring CPI to ${v.index(best)}`;
      if (f.bac !== null && best > 0 && best < 1) s += `, for a final cost of about ${v.amount(f.bac / best)}`;
      else if (best >= 1) s += `, just enough to recover the budget — the best case, not the expected one`;
      out.push(`${s}.`);
    } else {
      out.push(
        `Past 20% complete, cumulative CPI is usually stable to within about 10% (Christensen & Heise 1993), so the current cost performance is likely to hold, although CPI tends to drift down rather than up.`,
      );
    }
  }
  return out.join(' ');
}

/** The trend when only the schedule can be measured: SPI(t) against the previous period. */
function scheduleTrend(f: Facts): string {
  const { v, a } = f;
  if (f.state === 'complete') return 'With the work complete the schedule figures are final.';
  const pts = a.series.filter((p) => p.period.index <= a.statusPeriod && p.schedule && fin(p.schedule.spit.value) !== null);
  const prev = pts.length >= 2 ? fin(pts[pts.length - 2].schedule?.spit.value) : null;
  if (prev !== null && f.spit !== null) {
    const move = v.index(prev) === v.index(f.spit) ? `is unchanged at ${v.index(f.spit)}` : `has moved from ${v.index(prev)} to ${v.index(f.spit)}`;
    return `SPI(t) ${move} since the previous ${v.unit}.`;
  }
  return `This is the first ${v.unit} with progress recorded, so there is no trend yet.`;
}

// ---------------------------------------------------------------------------------------------
// Forecast.

function scheduleForecast(f: Facts): string[] {
  const { v, th } = f;
  const out: string[] = [];
  if (f.ieact !== null && f.pd !== null && f.spit !== null) {
    const diff = f.ieact - f.pd;
    const planned = plannedFinish(f);
    const fc = f.a.forecastFinish.spit ? formatEndDate(f.a.forecastFinish.spit) : null;
    const dates = fc && fc !== 'n/a' ? `, finishing around ${fc}${planned && planned !== 'n/a' ? ` against a planned ${planned}` : ''}` : '';
    const when = v.periods(Math.abs(diff)) === v.periods(0) ? 'on time' : `${v.periods(Math.abs(diff))} ${diff > 0 ? 'late' : 'early'}`;
    out.push(`At the current SPI(t) the project will take ${v.periods(f.ieact)} against ${v.periods(f.pd)} planned (IEAC(t)), ${when}${dates}.`);
  }
  if (f.tspi === null && f.at !== null && f.pd !== null && f.at >= f.pd && f.state !== 'complete' && f.state !== 'not-started') {
    out.push(
      `The planned finish has passed (${v.periods(f.at)} elapsed against ${v.periods(f.pd)} planned), so finishing on time is no longer possible and the completion date needs re-forecasting.`,
    );
  } else if (f.tspi !== null && f.tspi > th.tspiCrit) {
    out.push(
      `To finish on time the remaining work would have to run at TSPI ${v.index(f.tspi)}, ${v.pct(f.tspi - 1, 0)} faster than planned: above ${v.index(th.tspiCrit)}, recovery is very unlikely (Lipke).`,
    );
  } else if (f.tspi !== null && f.tspi > 1 && !readsAsOne(f.tspi)) {
    out.push(`Finishing on time needs TSPI ${v.index(f.tspi)}: the remaining work must go ${v.pct(f.tspi - 1, 0)} faster than planned.`);
  }
  const late = (f.pctComplete !== null && f.pctComplete >= LATE_STAGE) || (f.at !== null && f.pd !== null && f.pd > 0 && f.at / f.pd >= LATE_STAGE);
  if (late && f.spi !== null && f.spit !== null && f.spi - f.spit >= 0.03) {
    out.push(
      `Use SPI(t) rather than SPI at this stage: SPI ${v.index(f.spi)} looks healthier than SPI(t) ${v.index(f.spit)} only because SPI drifts back to 1.00 as the work completes, however late it finishes (Lipke; Vandevoorde & Vanhoucke 2006).`,
    );
  }
  return out;
}

function forecastParagraph(f: Facts): string {
  const { v, th } = f;
  const out: string[] = [];
  if (f.state === 'not-started') {
    const over = f.pd !== null ? ` over ${v.periods(f.pd)}` : '';
    if (f.scheduleOnly) {
      return `With no progress recorded there is nothing to forecast from yet: the plan of ${f.bac !== null ? v.amount(f.bac) : 'n/a'} of work${over} is the only estimate.`;
    }
    return `With no work performed and no cost recorded there is nothing to forecast from yet: the budget of ${f.bac !== null ? v.amount(f.bac) : 'n/a'}${over} is the only estimate.`;
  }
  if (f.state === 'complete') {
    if (f.ac !== null && f.bac !== null) {
      out.push(`The final cost is ${v.amount(f.ac)} against a budget of ${v.amount(f.bac)}: ${varianceWords(v, f.bac - f.ac)} at completion.`);
    }
    return out.length ? out.join(' ') : 'The work is complete; no forecast is needed.';
  }
  if (f.state === 'schedule-only') {
    out.push(...scheduleForecast(f));
    return out.length ? out.join(' ') : 'There is too little progress yet to forecast the finish.';
  }
  if (f.state === 'no-cost') {
    out.push('No actual cost has been recorded yet, so there is no cost forecast: the budget is the only estimate of final cost.');
    out.push(...scheduleForecast(f));
    return out.join(' ');
  }

  // Floor and ceiling.
  if (f.eacCpi !== null && f.eacSci !== null && f.bac !== null) {
    const lo = Math.min(f.eacCpi, f.eacSci);
    const hi = Math.max(f.eacCpi, f.eacSci);
    const range = vacRange(v, f.bac - lo, f.bac - hi);
    if (f.eacCpi <= f.eacSci) {
      out.push(
        `The CPI-based EAC of ${v.amount(f.eacCpi)} is best read as a floor on the final cost (Christensen & Rees 2002), and the SCI-based EAC of ${v.amount(f.eacSci)}, which also prices in the schedule performance, as a ceiling (Terry & Vanderburgh 1993): expect a final cost between ${v.amount(lo)} and ${v.amount(hi)}, ${range}.`,
      );
    } else {
      out.push(
        `The CPI-based EAC is ${v.amount(f.eacCpi)}; with the project ahead of schedule the SCI-based EAC comes out lower, at ${v.amount(f.eacSci)}, so the usual floor-and-ceiling reading does not apply: the two span ${v.amount(lo)} to ${v.amount(hi)}, ${range}.`,
      );
    }
    if (f.pctComplete !== null && f.pctComplete > CPI_FLOOR_FADES_AT) {
      out.push(`Beyond about 70% complete the CPI-based floor loses its predictive value (Christensen & Rees 2002), so weigh it against a bottom-up estimate of the remaining work.`);
    }
  } else if (f.eacCpi !== null) {
    out.push(`The CPI-based EAC is ${v.amount(f.eacCpi)}, a floor on the final cost (Christensen & Rees 2002).`);
  }

  // The reported EAC.
  const method = f.a.cost.eacMethod;
  if (f.eac !== null && f.vac !== null) {
    // Named by the dictionary's label, as the dashboard's selector and card name it.
    const label = ` (${eacMethodLabel(method, eacLabelOptionsOf(f.a.cost))})`;
    const share = f.vacPct !== null && v.pct(Math.abs(f.vacPct)) !== v.pct(0) ? ` (${v.pct(Math.abs(f.vacPct))} of the budget)` : '';
    out.push(`The reported EAC${label} is ${v.amount(f.eac)}, ${varianceWords(v, f.vac)} at completion${share}.`);
  }

  // TCPI(EAC) against CPI.
  if (f.tcpiEac !== null && f.cpi !== null) {
    const gap = f.tcpiEac - f.cpi;
    if (gap > th.gapCrit) {
      out.push(
        `That EAC needs a CPI of ${v.index(f.tcpiEac)} on the remaining work (TCPI) against ${v.index(f.cpi)} achieved so far, a gap of ${v.index(gap)}: it assumes an unproven recovery and is likely to be understated.`,
      );
    } else if (gap > th.gapWarn) {
      out.push(
        `That EAC needs a CPI of ${v.index(f.tcpiEac)} on the remaining work (TCPI) against ${v.index(f.cpi)} so far: a ${v.pct(gap / f.cpi, 0)} improvement is ambitious, so watch whether it materialises.`,
      );
    } else if (gap < -th.gapWarn) {
      out.push(`That EAC needs a CPI of only ${v.index(f.tcpiEac)} on the remaining work against ${v.index(f.cpi)} so far, so it may be conservative.`);
    }
  }

  // Recovering to budget.
  if (f.cpi !== null && f.cpi < 1 && !readsAsOne(f.cpi)) {
    if (f.tcpiBac === null && f.ac !== null && f.bac !== null && f.ac >= f.bac) {
      out.push('The budget is already spent, so no efficiency on the remaining work can bring the job in within budget.');
    } else if (f.tcpiBac !== null && f.tcpiBac > RECOVERY_LIMIT) {
      out.push(
        `Finishing within budget would need a CPI of ${v.index(f.tcpiBac)} on all the remaining work (TCPI to BAC): above ${v.index(RECOVERY_LIMIT)}, recovery to the target is very unlikely (Lipke 2016).`,
      );
    } else if (f.tcpiBac !== null) {
      const far = f.tcpiBac - f.cpi > th.gapCrit ? ', well above anything achieved yet' : '';
      out.push(`Finishing within budget would need a CPI of ${v.index(f.tcpiBac)} on the remaining work (TCPI to BAC), against ${v.index(f.cpi)} so far${far}.`);
    }
  }

  // VAC against CV on an overrunning job.
  if (f.cv !== null && f.vac !== null && f.cv < 0 && v.amount(Math.abs(f.cv)) !== v.amount(0) && f.vac > f.cv * (1 - 1e-9)) {
    if (f.vac >= 0) {
      out.push(
        `The reported EAC finishes within budget despite an overrun of ${v.amount(-f.cv)} to date: it assumes a recovery that needs justifying.`,
      );
    } else if (v.amount(-f.vac) !== v.amount(-f.cv)) {
      out.push(
        `The forecast overrun (${v.amount(-f.vac)}) is smaller than the overrun already incurred (${v.amount(-f.cv)}): the EAC assumes part of it will be won back, which needs justifying.`,
      );
    }
  }

  out.push(...scheduleForecast(f));
  return out.join(' ');
}

function vacRange(v: Voice, vacA: number, vacB: number): string {
  const hiOver = Math.min(vacA, vacB);
  const loOver = Math.max(vacA, vacB);
  if (hiOver < 0 && loOver < 0) {
    const a = v.amount(-loOver);
    const b = v.amount(-hiOver);
    return a === b ? `an overrun of about ${a}` : `an overrun of ${a} to ${b}`;
  }
  if (hiOver >= 0 && loOver >= 0) {
    const a = v.amount(hiOver);
    const b = v.amount(loOver);
    return a === b ? `an underrun of about ${a}` : `an underrun of ${a} to ${b}`;
  }
  return `somewhere between an underrun of ${v.amount(loOver)} and an overrun of ${v.amount(-hiOver)}`;
}

// ---------------------------------------------------------------------------------------------
// Drivers.

const LEVEL_NAMES: Record<BreakdownKind, [string, string]> = {
  'control-account': ['control account', 'control accounts'],
  wbs: ['WBS element', 'WBS elements'],
  code: ['code value', 'code values'],
  project: ['project', 'projects'],
};

/** The nodes compared as drivers: all control accounts, or the first level of the tree with a choice. */
export function driverNodes(root: BreakdownNode): BreakdownNode[] {
  const cas: BreakdownNode[] = [];
  const walk = (n: BreakdownNode): void => {
    if (n.kind === 'control-account') cas.push(n);
    else n.children.forEach(walk);
  };
  walk(root);
  if (cas.length > 0) return cas;
  let n = root;
  while (n.children.length === 1) n = n.children[0];
  return n.children;
}

interface Share {
  node: BreakdownNode;
  value: number;
  share: number;
}

/** Nodes whose variance has the same sign as the project's, largest first, with their share of the gross. */
function shares(nodes: BreakdownNode[], read: (n: BreakdownNode) => Num, sign: -1 | 1): { top: Share[]; offset: Share[] } {
  const withV = nodes.map((node) => ({ node, value: read(node) })).filter((x): x is { node: BreakdownNode; value: number } => x.value !== null);
  const same = withV.filter((x) => Math.sign(x.value) === sign);
  const gross = same.reduce((s, x) => s + Math.abs(x.value), 0);
  const order = (a: { node: BreakdownNode; value: number }, b: { node: BreakdownNode; value: number }): number =>
    Math.abs(b.value) - Math.abs(a.value) || (a.node.code < b.node.code ? -1 : a.node.code > b.node.code ? 1 : 0) || (a.node.id < b.node.id ? -1 : 1);
  const top = same.sort(order).map((x) => ({ ...x, share: gross > 0 ? Math.abs(x.value) / gross : 0 }));
  const offset = withV
    .filter((x) => Math.sign(x.value) === -sign)
    .sort(order)
    .map((x) => ({ ...x, share: 0 }));
  return { top, offset };
}

const nodeName = (n: BreakdownNode): string => n.name || n.code || n.id;

/** Below this share of EV (CV) or PV (SV) a project-level variance is too small to attribute. */
export const MATERIAL_VARIANCE = 0.02;

function driversParagraph(f: Facts, maxDrivers: number): string | null {
  const root = f.a.breakdown;
  if (!root || f.state === 'not-started') return null;
  const nodes = driverNodes(root);
  if (nodes.length === 0) return null;
  const { v } = f;
  const [, many] = LEVEL_NAMES[nodes[0].kind] ?? ['node', 'nodes'];
  const signed = (x: number): string => `${x < 0 ? '-' : '+'}${v.amount(Math.abs(x))}`;
  const nonZero = (x: Num): x is number => x !== null && v.amount(Math.abs(x)) !== v.amount(0);
  const material = (x: Num, pct: Num): x is number => nonZero(x) && (pct === null || Math.abs(pct) >= MATERIAL_VARIANCE);
  const out: string[] = [];

  const attribute = (
    total: number,
    read: (n: BreakdownNode) => Num,
    index: (n: BreakdownNode) => Num,
    labels: { sym: string; idx: string; adverse: [string, string]; favourable: [string, string] },
  ): void => {
    const sign = total < 0 ? -1 : 1;
    const { top, offset } = shares(nodes, read, sign);
    const named = top.slice(0, maxDrivers).filter((x) => nonZero(x.value));
    if (!named.length) return;
    const [lead, what] = sign < 0 ? labels.adverse : labels.favourable;
    const items = named.map((x, i) => {
      const ix = index(x.node);
      return `${nodeName(x.node)} (${labels.sym} ${signed(x.value)}, ${v.pct(x.share, 0)}${i === 0 ? ` of the ${what} across ${many}` : ''}${ix !== null ? `; ${labels.idx} ${v.index(ix)}` : ''})`;
    });
    let text = `${lead} ${joinList(items)}`;
    const off = offset.find((o) => nonZero(o.value));
    if (off) text += `, partly offset by ${nodeName(off.node)} (${signed(off.value)})`;
    out.push(`${text}.`);
  };

  if (material(f.cv, f.cvPct)) {
    attribute(f.cv, (n) => fin(n.cost.cv.value), (n) => fin(n.cost.cpi.value), {
      sym: 'CV',
      idx: 'CPI',
      adverse: ['The cost overrun comes mainly from', 'overspend'],
      favourable: ['The cost underrun comes mainly from', 'underspend'],
    });
  }
  if (f.state !== 'complete' && material(f.sv, f.svPct)) {
    attribute(f.sv, (n) => fin(n.cost.sv.value), (n) => fin(n.cost.spi.value), {
      sym: 'SV',
      idx: 'SPI',
      adverse: ['The schedule slippage is concentrated in', 'slippage'],
      favourable: ['Work ahead of plan is mainly in', 'work ahead of plan'],
    });
  }
  if (out.length) return out.join(' ');

  // Nothing material at project level: name the largest movement, if any.
  const biggest = nodes
    .map((n) => ({ n, cv: fin(n.cost.cv.value), sv: fin(n.cost.sv.value) }))
    .filter((x) => nonZero(x.cv) || nonZero(x.sv))
    .sort((a, b) => Math.abs(b.cv ?? 0) + Math.abs(b.sv ?? 0) - (Math.abs(a.cv ?? 0) + Math.abs(a.sv ?? 0)) || (a.n.code < b.n.code ? -1 : 1))[0];
  if (!biggest) return `No ${LEVEL_NAMES[nodes[0].kind]?.[0] ?? 'node'} shows ${f.scheduleOnly ? 'a schedule' : 'a cost or schedule'} variance.`;
  const parts: string[] = [];
  if (biggest.cv !== null) parts.push(`CV ${signed(biggest.cv)}`);
  if (biggest.sv !== null) parts.push(`SV ${signed(biggest.sv)}`);
  return `Variances are small across the ${many} (within ${v.pct(MATERIAL_VARIANCE, 0)} at project level); the largest is in ${nodeName(biggest.n)} (${parts.join(', ')}).`;
}

// ---------------------------------------------------------------------------------------------
// Next.

type Family = 'cost' | 'underrun' | 'schedule' | 'finish' | 'eac' | 'other';

function familyOf(a: Alert): Family {
  switch (a.metric) {
    case 'cpi':
    case 'cpiLastN':
    case 'cvPct':
    case 'csi':
      return 'cost';
    case 'vacPct':
      return a.value > 0 ? 'underrun' : 'cost';
    case 'spit':
    case 'spi':
    case 'svPct':
      return 'schedule';
    case 'tspi':
      return 'finish';
    case 'tcpiEacMinusCpi':
    case 'tcpiEac':
    case 'tcpiBac':
      return 'eac';
    default:
      return 'other';
  }
}

function actionFor(alert: Alert, family: Family, f: Facts, alerts: readonly Alert[]): string {
  const { v } = f;
  const onProject = alert.nodeKind === 'project';
  const target = alertTargets(f.a).find((x) => x.id === alert.nodeId && x.kind === alert.nodeKind);
  const cost = target?.cost ?? f.a.cost;
  const cpi = fin(cost.cpi.value);
  const vac = fin(cost.vac.value);
  const vacPct = fin(cost.vacPct.value);
  switch (family) {
    case 'cost': {
      const recovery =
        vac !== null && vac < 0 && vacPct !== null
          ? `; with a forecast overrun of ${v.amount(-vac)} (${v.pct(-vacPct)} of the budget), agree a recovery plan or raise a change request or risk draw-down`
          : '';
      if (onProject) {
        // Name the breakdown nodes that carry cost alerts of their own, worst first.
        const nodes: string[] = [];
        for (const a of alerts) {
          if (a.nodeKind === 'project' || familyOf(a) !== 'cost' || a.metric !== 'cpi' || nodes.length >= 2) continue;
          nodes.push(`${a.nodeName} (CPI ${v.index(a.value)})`);
        }
        const start = nodes.length ? `, starting with ${joinList(nodes)}` : '';
        return `Find where the overspend is coming from${start}: compare the largest cost postings with the work earned, and confirm that progress claims and accruals are right${recovery}.`;
      }
      return `Review ${alert.nodeName} with its control account manager${cpi !== null ? ` (CPI ${v.index(cpi)})` : ''}: compare its actual costs with the work earned and check for misallocated costs or under-claimed progress${recovery || ', then ask for a recovery plan'}.`;
    }
    case 'underrun':
      return `Confirm the forecast underrun${vac !== null ? ` of ${v.amount(vac)}` : ''}${onProject ? '' : ` on ${alert.nodeName}`}: check that no costs are missing (late invoices, accruals) and that progress is not overstated before releasing contingency or budget.`;
    case 'schedule':
      if (f.state === 'not-started') {
        return `Confirm whether the work has started: ${f.pv !== null ? `${v.amount(f.pv)} of work` : 'work'} was planned by now but nothing has been earned; record progress${f.scheduleOnly ? '' : ' and actual cost'} at the next status date.`;
      }
      return `Walk the critical path with the planners: find the late activities behind SPI(t) ${v.index(f.spit ?? alert.value)}${f.svt !== null && f.svt < 0 ? `, and whether re-sequencing or extra resources can win back the slip of ${v.periods(-f.svt)}` : ''}.`;
    case 'finish':
      return `Re-forecast the completion date: a TSPI of ${v.index(alert.value)} means the remaining work must go ${v.pct(alert.value - 1, 0)} faster than planned, beyond what projects normally recover, so agree acceleration, re-sequencing or a revised finish with the client.`;
    case 'eac': {
      const tcpi = fin(cost.tcpiEac.value);
      const figures = tcpi !== null && cpi !== null ? `: it needs a TCPI of ${v.index(tcpi)} against the ${v.index(cpi)} achieved` : '';
      const range =
        onProject && f.eacCpi !== null && f.eacSci !== null
          ? ` towards the ${v.amount(Math.min(f.eacCpi, f.eacSci))}–${v.amount(Math.max(f.eacCpi, f.eacSci))} range`
          : '';
      return `Revisit the EAC${onProject ? '' : ` for ${alert.nodeName}`} with its owner${figures}; either evidence the recovery actions or raise it${range}.`;
    }
    default:
      return `Look into this alert: ${alert.message}`;
  }
}

const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, warning: 1 };

function nextParagraph(f: Facts, alerts: readonly Alert[]): string {
  const { v } = f;
  const out: string[] = [];
  if (f.state === 'complete') {
    const lessons: string[] = [];
    if (f.cv !== null && f.cvPct !== null && v.amount(Math.abs(f.cv)) !== v.amount(0)) {
      lessons.push(`${v.amount(Math.abs(f.cv))} (${v.pct(Math.abs(f.cvPct))}) ${f.cv < 0 ? 'over' : 'under'} budget`);
    }
    if (f.at !== null && f.pd !== null && v.periods(Math.abs(f.at - f.pd)) !== v.periods(0)) {
      lessons.push(`${v.periods(Math.abs(f.at - f.pd))} ${f.at > f.pd ? 'late' : 'early'}`);
    }
    const finished = lessons.length ? ` — the job finished ${joinList(lessons)}` : '';
    out.push(
      f.scheduleOnly
        ? `Close out: record the actual dates and the lessons learned${finished} — for future schedules.`
        : `Close out: post the final costs and accruals, close the control accounts and record the lessons learned${finished} — for future estimates.`,
    );
  } else if (alerts.length > 0) {
    if (f.state === 'no-cost') out.push('Load the actual costs (a ledger extract or timesheets) first: without them CPI and the cost forecasts cannot be worked out.');
    const crit = alerts.filter((a) => a.severity === 'critical').length;
    const count = alerts.length === 1 ? 'There is one alert' : `There are ${alerts.length} alerts`;
    const critText = crit === 0 ? '' : crit === alerts.length ? (alerts.length === 1 ? ' (critical)' : ' (all critical)') : ` (${crit} critical)`;
    out.push(`${count}${critText}.`);
    // One action per kind of problem: the most serious alert of each, the project before its parts.
    const ordered = [...alerts].sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        Number(b.nodeKind === 'project') - Number(a.nodeKind === 'project') ||
        b.breach - a.breach,
    );
    const seen = new Set<Family>();
    const actions: string[] = [];
    for (const a of ordered) {
      const fam = familyOf(a);
      const noCost = f.state === 'no-cost' || f.scheduleOnly;
      if (seen.has(fam) || (noCost && (fam === 'underrun' || fam === 'cost' || fam === 'eac'))) continue;
      seen.add(fam);
      actions.push(actionFor(a, fam, f, ordered));
      if (actions.length === 3) break;
    }
    actions.forEach((t, i) => out.push(`${['First', 'Next', 'Then'][i]}, ${t[0].toLowerCase()}${t.slice(1)}`));
  } else {
    switch (f.state) {
      case 'not-started': {
        const record = f.scheduleOnly ? 'progress' : 'progress and actual cost';
        out.push(
          f.pv !== null && f.pv > 0
            ? `Confirm that the work has actually started and record ${record} at the next status date: until then nothing can be measured.`
            : `Record ${record} from the first status date so that performance can be measured.`,
        );
        break;
      }
      case 'schedule-only': {
        const pace = f.spit ?? f.spi;
        if (pace !== null && pace >= 1) {
          out.push(
            'No alert thresholds are breached. Check that the schedule position is real: confirm that the progress claimed on the largest activities is supported before relying on it.',
          );
        } else {
          const watch = f.spit !== null ? `SPI(t) (${v.index(f.spit)}; below ${v.index(f.th.spitWarn)} raises a warning)` : 'SPI(t)';
          out.push(`No alert thresholds are breached. Keep watching ${watch} over the next ${v.units}, and walk the late activities with the planners.`);
        }
        break;
      }
      case 'no-cost':
        out.push('Load the actual costs (a ledger extract or timesheets) so that CPI and the cost forecasts can be worked out.');
        break;
      case 'in-progress': {
        const good = (f.cpi ?? 0) >= 1 && (f.spit ?? f.spi ?? 0) >= 1;
        if (good) {
          out.push(
            'No alert thresholds are breached. Check that the good news is real: confirm that progress claims on the largest control accounts are supported and that no costs are missing (late invoices, accruals) before releasing contingency or budget.',
          );
        } else {
          const watch: string[] = [];
          if (f.cpi !== null && f.cpi < 1) watch.push(`CPI (${v.index(f.cpi)}; below ${v.index(f.th.cpiWarn)} raises a warning)`);
          if (f.spit !== null && f.spit < 1) watch.push(`SPI(t) (${v.index(f.spit)}; below ${v.index(f.th.spitWarn)} raises a warning)`);
          out.push(
            `No alert thresholds are breached. Keep watching ${watch.length ? joinList(watch) : 'CPI and SPI(t)'} over the next ${v.units}, and check the EAC against a bottom-up estimate of the remaining work.`,
          );
        }
        break;
      }
    }
  }
  if (f.a.warnings.length > 0) {
    const n = f.a.warnings.length;
    out.push(`Also resolve the ${n === 1 ? 'input warning' : `${n} input warnings`} reported with this analysis before relying on the figures.`);
  }
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------

/**
 * The commentary on an analysis: status, trend, forecast, drivers (when there is a breakdown) and
 * next steps. `alerts` are the alerts of the same analysis under `opts.rules` (evaluateAlerts):
 * the next steps count and act on exactly those; dashboardOf passes them.
 */
/**
 * The forecast's sentence on the schedule risk run: the P80 date (and cost) as the figure to plan
 * and report against, set beside the deterministic date's own (usually low) confidence. The P80
 * is the confidence level most owners and AACE RP 57R-09 practice set contingency at. A run at an
 * earlier status date is named as out of date rather than cited.
 */
function riskSentence(v: Voice, analysis: Analysis, r: RiskCitation): string {
  const sameStatus = analysis.dataDate !== null && r.dataDate.slice(0, 10) === analysis.dataDate.slice(0, 10);
  if (!sameStatus) {
    return `The last schedule risk analysis was run at the status date of ${formatDataDate(r.dataDate)}, before this status: run it again before quoting its dates.`;
  }
  const cost = r.costP80 !== null ? ` and of costing no more than ${v.amount(r.costP80)}` : '';
  const confidence = Math.round(r.deterministicConfidence * 100);
  const caveat = r.defaultRangesOnly ? ' Its ranges are the default −10% / +25% on every task, not an assessment of this project’s risks: set them on the Risk tab before relying on it.' : '';
  return (
    `The schedule risk analysis (${r.iterations.toLocaleString('en-GB')} iterations) gives an 80% chance of finishing by ${formatDataDate(r.finishP80)} (P80)${cost}; ` +
    `the scheduled finish of ${formatDataDate(r.deterministicFinish)} is ${confidence}% likely, and the P50 is ${formatDataDate(r.finishP50)}.${caveat}`
  );
}

export function writeCommentary(analysis: Analysis, alerts: readonly Alert[], opts: CommentaryOptions = {}): Commentary {
  const rules = opts.rules ?? DEFAULT_RULES;
  const maxDrivers = Math.max(1, Math.floor(opts.maxDrivers ?? 3));
  const v = voiceFor(analysis, { currency: opts.currency, compactFrom: opts.compactMoney ? 1_000_000 : undefined });
  const f = factsOf(analysis, v, thresholds(rules));

  // A re-planned baseline makes every schedule variance measure the re-plan: say so before anything
  // is read into SPI or SV.
  const caveat = analysis.replannedBaseline
    ? ` Treat the schedule figures with caution: ${Math.round(100 * analysis.replannedBaseline.evShare)}% of the earned value comes from work whose baseline start is still in the future, which means the baseline dates were re-planned, so SV and SPI measure the re-plan rather than performance. Import the schedule with its real baseline before relying on them.`
    : '';
  const paragraphs: CommentaryParagraph[] = [
    { topic: 'status', text: statusParagraph(f) + caveat },
    { topic: 'trend', text: trendParagraph(f) },
    { topic: 'forecast', text: forecastParagraph(f) + (opts.risk && f.state !== 'complete' ? ` ${riskSentence(v, analysis, opts.risk)}` : '') },
  ];
  const drivers = driversParagraph(f, maxDrivers);
  if (drivers) paragraphs.push({ topic: 'drivers', text: drivers });
  paragraphs.push({ topic: 'next', text: nextParagraph(f, alerts) });
  return { paragraphs: paragraphs.map((p) => ({ topic: p.topic, text: capitalise(p.text.trim()) })) };
}
