/**
 * Cash flow: planned, earned, actual and forecast spend per period, incremental and cumulative.
 *
 * Which cells exist:
 * - planned: every period (the baseline is time-phased);
 * - earned and actual: up to the status period only, and only where the spend of that period is
 *   known. Earnest knows cumulative EV/AC at each status (import) and, for actual cost, whatever
 *   the file time-phases itself (P6 past-period actuals, MSPDI time-phased actual cost). A period's
 *   own spend is known when the cumulative value is known at its end and at the previous period's.
 *   Spend between two statuses several periods apart is shown in the later period, marked with the
 *   first period it covers (`spansFrom`); spend before the first status that the file does not
 *   spread is one "before first status" amount (`beforeFirstStatus`). Nothing is spread by guess.
 * - forecast: after the status period only. The estimate to complete (from the selected EAC) is
 *   spread over the remaining periods in the shape of `remainingShape`: the bottom-up phasing of
 *   each activity's remaining cost over its forecast dates when the schedule has them, otherwise
 *   the remaining planned value. The shape is scaled so the forecast ends at the selected EAC
 *   exactly. The cumulative forecast starts at AC in the status period, where the lines join.
 *
 * So the cash flow reconciles: Σ planned = final cumulative PV (BAC when every budget is dated);
 * before-first-status + Σ actual = AC at the status date; likewise EV; AC + Σ forecast = EAC.
 */
import type { CashFlowBefore, CashFlowInfo, CashFlowRow, PeriodPoint } from './types';

/**
 * Spend the file itself places in periods (P6 TRSRCFIN, MSPDI time-phased actual cost), already
 * summed per period of the grid: `perPeriod[k - 1]` is period k's amount. `through` is the last
 * period the file's records reach: after it the file says nothing per period.
 */
export interface FilePhasedActuals {
  perPeriod: Float64Array;
  /**
   * For a period where records close that began in earlier periods (a monthly P6 financial period
   * on a weekly grid): the first period they cover, 1-based; 0 otherwise. Those earlier periods'
   * own spend is then unknown (blank), not 0.
   */
  spanFrom?: Int32Array;
  through: number;
  /** What the records were, for the note: "P6 past-period actuals (TRSRCFIN)". */
  source: string;
}

export interface CashFlowInput {
  points: PeriodPoint[];
  statusPeriod: number;
  status: { pv: number; ev: number; ac: number | null };
  /** The selected EAC's estimate to complete; null when there is none (no actuals). */
  etc: number | null;
  remainingShape?: Float64Array | null;
  fileActuals?: FilePhasedActuals | null;
}

export interface CashFlow {
  rows: CashFlowRow[];
  info: CashFlowInfo;
}

/** The rows alone (the shape older callers and the CLI's --json use). */
export function cashFlow(
  points: PeriodPoint[],
  statusPeriod: number,
  status: { pv: number; ev: number; ac: number | null },
  etc: number | null,
  remainingShape?: Float64Array | null,
): CashFlowRow[] {
  return buildCashFlow({ points, statusPeriod, status, etc, remainingShape }).rows;
}

export function buildCashFlow(input: CashFlowInput): CashFlow {
  const { points, statusPeriod, status, etc } = input;
  const P = points.length;
  const S = Math.min(Math.max(1, statusPeriod), P);
  const notes: string[] = [];

  // Earned: from the statuses only.
  const evKnown = points.map((p, i) => (i + 1 === S ? status.ev : i + 1 < S ? p.ev : null));
  const earned = phaseKnown(evKnown, S, null);

  // Actual: the file's own periods first, then the statuses.
  const noActuals = status.ac === null;
  const acKnown = points.map((p, i) => (i + 1 === S ? status.ac : i + 1 < S ? p.ac : null));
  const file = noActuals ? null : usableFile(input.fileActuals ?? null, S);
  const actual = noActuals ? emptyPhase(P) : phaseKnown(acKnown, S, file);
  if (file) {
    const inFile = file.perPeriod.reduce((t, v, i) => (i < Math.min(file.through, S) ? t + v : t), 0);
    notes.push(`Actual cost per period up to ${points[Math.min(file.through, S) - 1].label} comes from the file's ${file.source}.`);
    const rest = (status.ac ?? 0) - inFile;
    if (Math.abs(rest) > 1e-6 * Math.max(1, Math.abs(status.ac ?? 0)))
      notes.push(
        `The rest of the actual cost (${roundForNote(rest)}) is not in those period records (spend since the last closed period, or actuals recorded without periods): it is shown in the status period${file.through + 1 < S ? `, covering ${points[file.through].label} to ${points[S - 1].label}` : ''}.`,
      );
  }
  if (actual.before) notes.push('The file does not say when the actual cost before the first status was spent, so it is shown as one "before first status" amount rather than spread over periods.');
  else if (earned.before && noActuals) notes.push('The earned value before the first status is shown as one "before first status" amount: it was not measured period by period.');

  // Forecast after the status period: the ETC in the shape of the remaining work.
  const after = spreadEtc(points, S, status.pv, noActuals ? null : etc, input.remainingShape ?? null);

  const rows: CashFlowRow[] = [];
  let prevPv = 0;
  let cumForecast = status.ac ?? 0;
  for (let idx = 0; idx < P; idx++) {
    const p = points[idx];
    const k = idx + 1;
    let forecast: number | null = null;
    let cumF: number | null = null;
    if (!noActuals && k === S) cumF = status.ac;
    if (!noActuals && k > S) {
      forecast = after[idx];
      cumForecast += forecast;
      cumF = cumForecast;
    }
    const spansFrom = actual.spansFrom[idx] ?? earned.spansFrom[idx];
    rows.push({
      index: k,
      label: p.label,
      end: p.end,
      planned: p.pv - prevPv,
      earned: earned.inc[idx],
      actual: actual.inc[idx],
      forecast,
      ...(spansFrom !== undefined ? { spansFrom } : {}),
      cumulative: { planned: p.pv, earned: earned.cum[idx], actual: actual.cum[idx], forecast: cumF },
    });
    prevPv = p.pv;
  }

  const before: CashFlowBefore | null =
    actual.before || earned.before
      ? { earned: earned.before?.amount ?? null, actual: actual.before?.amount ?? null, firstStatus: Math.max(actual.before?.at ?? 0, earned.before?.at ?? 0) }
      : null;
  return { rows, info: { beforeFirstStatus: before, actualSource: noActuals ? 'none' : file ? 'file' : 'statuses', notes } };
}

/** A file phasing that ends before the grid starts or holds nothing is no phasing. */
function usableFile(f: FilePhasedActuals | null, S: number): FilePhasedActuals | null {
  if (!f || f.through < 1) return null;
  let any = false;
  for (let i = 0; i < Math.min(S, f.perPeriod.length); i++) if (f.perPeriod[i] !== 0) any = true;
  return any ? f : null;
}

interface Phase {
  /** Each period's own amount; null where unknown (and after the status). */
  inc: (number | null)[];
  /** Cumulative at each period's end (including any before-first-status amount); null where unknown. */
  cum: (number | null)[];
  /** For a period holding the spend of several: the first period it covers. */
  spansFrom: (number | undefined)[];
  before: { amount: number; at: number } | null;
}

function emptyPhase(P: number): Phase {
  return { inc: new Array<number | null>(P).fill(null), cum: new Array<number | null>(P).fill(null), spansFrom: new Array<number | undefined>(P).fill(undefined), before: null };
}

/**
 * Period amounts from cumulative values known at some period ends (`known[k - 1]`, null where
 * unknown), up to the status period S, optionally after the file's own per-period amounts.
 * Cumulative 0 at the start of the grid is known by definition.
 */
function phaseKnown(known: (number | null)[], S: number, file: FilePhasedActuals | null): Phase {
  const out = emptyPhase(known.length);
  let lastK = 0;
  let lastCum = 0;
  // Whether everything up to lastK is known to be nothing (no work yet): a gap starting there is
  // the time before the first status.
  let allZero = true;
  if (file) {
    const F = Math.min(file.through, S);
    for (let k = 1; k <= F; k++) {
      const v = file.perPeriod[k - 1];
      out.inc[k - 1] = v;
      lastCum += v;
      out.cum[k - 1] = lastCum;
    }
    // A record longer than a period is shown where it closes, covering the periods it spans.
    for (let k = F; k >= 1; k--) {
      const from = file.spanFrom?.[k - 1] ?? 0;
      if (from > 0 && from < k) {
        out.spansFrom[k - 1] = from;
        for (let j = from; j < k; j++) {
          if (out.inc[j - 1] !== 0) continue; // something closes there too: it keeps its own amount
          out.inc[j - 1] = null;
          out.cum[j - 1] = null;
        }
      }
    }
    lastK = F;
    allZero = false;
    // Records that reach the status period: what they do not hold (actuals without records, fixed
    // costs) is still spent by the status date, so it belongs to the status period too.
    const atStatus = known[S - 1];
    if (F === S && atStatus !== null && atStatus !== lastCum) {
      out.inc[S - 1] = (out.inc[S - 1] ?? 0) + (atStatus - lastCum);
      out.cum[S - 1] = atStatus;
      lastCum = atStatus;
    }
  }
  for (let k = lastK + 1; k <= S; k++) {
    const c = known[k - 1];
    if (c === null) continue;
    const amount = c - lastCum;
    if (k === lastK + 1) {
      out.inc[k - 1] = amount;
    } else if (allZero) {
      // Spend before the first status that nothing places in periods: one amount, no spread.
      if (amount !== 0) out.before = { amount, at: k };
      else for (let j = lastK + 1; j <= k; j++) out.inc[j - 1] = 0;
    } else {
      out.inc[k - 1] = amount;
      out.spansFrom[k - 1] = lastK + 1;
    }
    out.cum[k - 1] = c;
    if (c !== 0) allZero = false;
    lastK = k;
    lastCum = c;
  }
  return out;
}

/** The ETC spread over the periods after S, in the shape of the remaining work. */
function spreadEtc(points: PeriodPoint[], S: number, statusPv: number, etc: number | null, remainingShape: Float64Array | null): Float64Array {
  const P = points.length;
  const after = new Float64Array(P);
  if (etc === null || !(etc > 0)) return after;
  let shape = remainingShape;
  let total = 0;
  if (shape) for (let k = S; k < P; k++) total += shape[k];
  if (!shape || !(total > 0)) {
    // Remaining planned value per period after the status date.
    shape = new Float64Array(P);
    for (let k = S; k < P; k++) {
      const prevPv = k === S ? Math.max(statusPv, points[k - 1].pv) : points[k - 1].pv;
      shape[k] = Math.max(0, points[k].pv - prevPv);
    }
    total = 0;
    for (let k = S; k < P; k++) total += shape[k];
  }
  if (!(total > 0)) {
    // Nothing left in the plan (the job runs past its planned finish): spread evenly.
    shape = new Float64Array(P);
    for (let k = S; k < P; k++) shape[k] = 1;
    total = P - S;
  }
  if (total > 0) for (let k = S; k < P; k++) after[k] = (etc * shape[k]) / total;
  return after;
}

function roundForNote(v: number): string {
  return (Math.round(v * 100) / 100).toLocaleString('en-GB');
}
