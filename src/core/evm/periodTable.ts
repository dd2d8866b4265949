/**
 * Analysis of a plain period table: PV, EV and AC per period, for users who have no schedule
 * file, only the figures (a Cobra export, a monthly report spreadsheet).
 *
 * Whether the values are cumulative or per period must be said explicitly (`valuesAre`): the
 * periodic-vs-cumulative mix-up is a classic EVM error (EVM_REFERENCE.md §4, "AC series").
 * BAC defaults to the final cumulative PV; PD to the first period where PV reaches BAC; the status
 * period is the last row with EV or AC.
 */
import { MINUTES_PER_DAY, tryToMinutes, type LocalDateTime } from '../model/dates';
import { analyseCurve } from './curve';
import { buildCashFlow } from './cashflow';
import type { PeriodGrid } from './periods';
import type { Analysis, EacMethod, PeriodPoint } from './types';

export interface PeriodTableRow {
  /** What the source called the period (a number or a date as written). */
  label: string;
  /** Period end date when the table is dated. */
  end: LocalDateTime | null;
  pv: number | null;
  ev: number | null;
  ac: number | null;
  /** Where the row came from, for messages (e.g. "line 7"). */
  source?: string;
}

export interface PeriodTable {
  rows: PeriodTableRow[];
  valuesAre: 'cumulative' | 'incremental';
  project?: { id: string; name: string; currency: string };
  /** What the reader did to the figures (e.g. scaled "£k" columns); shown with the results. */
  notes?: string[];
}

export interface PeriodTableOptions {
  bac?: number;
  plannedDuration?: number;
  eacMethod?: EacMethod;
  compositeWeight?: number;
  lastN?: number;
}

/** A problem in the table itself; the message names the row and column. */
export class PeriodTableError extends Error {
  override name = 'PeriodTableError';
}

export function analysePeriodTable(table: PeriodTable, opts: PeriodTableOptions = {}): Analysis {
  const rows = table.rows;
  const warnings: string[] = [...(table.notes ?? [])];
  if (rows.length === 0) throw new PeriodTableError('The period table has no rows: add one row per period with PV, EV and AC.');
  const where = (i: number) => rows[i].source ?? `row ${i + 1}`;

  let status = -1;
  rows.forEach((r, i) => {
    if (r.ev !== null || r.ac !== null) status = i;
  });
  if (status < 0) throw new PeriodTableError('No row has EV or AC, so there is no status to measure: fill in EV (and AC, when costs are tracked) up to the status period.');
  // A table of PV and EV alone is a schedule-only (earned schedule) analysis: the cost measures
  // are then null with this reason rather than the table being refused.
  const noActualsReason = rows.every((r) => r.ac === null)
    ? 'The table has no actual cost (AC), so the cost measures are not available; add an AC column to measure cost performance.'
    : undefined;

  // Cumulative values, checking for gaps the analysis cannot bridge.
  const points: PeriodPoint[] = [];
  let pv = 0;
  let ev = 0;
  let ac = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.pv === null) throw new PeriodTableError(`${where(i)}: PV is missing. Every period needs a planned value (after the plan ends, repeat the final cumulative PV, or 0 when incremental).`);
    if (i <= status) {
      for (const [name, v] of [['EV', r.ev], ['AC', r.ac]] as const) {
        if (v === null && !(name === 'AC' && noActualsReason)) throw new PeriodTableError(`${where(i)}: ${name} is missing before the status period (${where(status)}). Fill it in, or remove later rows' ${name}.`);
      }
    }
    if (table.valuesAre === 'cumulative') {
      const nextPv = r.pv;
      if (nextPv < pv - 1e-9) warnings.push(`${where(i)}: cumulative PV falls from ${pv} to ${nextPv}; check that the table is cumulative.`);
      pv = nextPv;
      if (i <= status) {
        if ((r.ev as number) < ev - 1e-9) warnings.push(`${where(i)}: cumulative EV falls from ${ev} to ${r.ev}; check that the table is cumulative.`);
        ev = r.ev as number;
        ac = r.ac ?? 0;
      }
    } else {
      pv += r.pv;
      if (i <= status) {
        ev += r.ev as number;
        ac += r.ac ?? 0;
      }
    }
    points.push({ index: i + 1, end: r.end, label: r.label, pv, ev: i <= status ? ev : null, ac: i <= status && !noActualsReason ? ac : null });
  }

  const finalPv = points[points.length - 1].pv;
  const bac = opts.bac ?? finalPv;
  if (!(bac > 0)) throw new PeriodTableError('BAC is zero: the final cumulative PV is 0. Give the budget with --bac.');
  if (opts.bac !== undefined && Math.abs(opts.bac - finalPv) > 1e-6 * bac)
    warnings.push(`BAC was given as ${opts.bac}, but the final cumulative PV is ${finalPv}; the given BAC is used.`);
  const statusPeriod = status + 1;
  const sp = points[status];
  const grid = gridOf(rows);

  const result = analyseCurve({
    points,
    statusPeriod,
    status: { pv: sp.pv, ev: sp.ev as number, ac: sp.ac, at: statusPeriod },
    noActualsReason,
    bac,
    pd: opts.plannedDuration,
    eacMethod: opts.eacMethod,
    compositeWeight: opts.compositeWeight,
    lastN: opts.lastN,
    grid,
  });
  const statusValues = { pv: sp.pv, ev: sp.ev as number, ac: sp.ac };
  return {
    project: table.project ?? { id: 'period-table', name: 'Period table', currency: 'GBP' },
    dataDate: rows[status].end,
    measureBasis: 'cost',
    statusPeriod,
    cost: result.cost,
    schedule: result.schedule,
    forecastFinish: result.forecastFinish,
    series: result.series,
    breakdown: null,
    ...cashFlowOf(buildCashFlow({ points, statusPeriod, status: statusValues, etc: result.cost.etc.value === null ? null : Math.max(0, result.cost.etc.value) })),
    warnings,
    ...(noActualsReason ? { noActualsReason } : {}),
  };
}

const cashFlowOf = (f: ReturnType<typeof buildCashFlow>) => ({ cashFlow: f.rows, cashFlowInfo: f.info });

/** A dated grid when every row has an increasing end date; otherwise null (periods stay numbers). */
function gridOf(rows: PeriodTableRow[]): PeriodGrid | null {
  const ends: number[] = [];
  for (const r of rows) {
    const t = r.end === null ? null : tryToMinutes(r.end);
    if (t === null || (ends.length && t <= ends[ends.length - 1])) return null;
    // A bare date means the end of that day.
    ends.push(/T/.test(r.end as string) ? t : t + MINUTES_PER_DAY);
  }
  const first = ends.length > 1 ? ends[1] - ends[0] : 7 * MINUTES_PER_DAY;
  return { start: ends[0] - first, ends: Float64Array.from(ends), labels: rows.map((r) => r.label) };
}

