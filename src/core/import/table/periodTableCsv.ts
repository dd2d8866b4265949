/**
 * Reads a period table from CSV text: a header row, then one row per period with the period
 * (a number or an end date) and PV, EV, AC under their usual names. The full column mapper for
 * activity tables comes with the import work; this reader knows just the period-table headers.
 *
 * Every error names the line and column and says what to do.
 */
import Papa from 'papaparse';
import type { PeriodTable, PeriodTableRow } from '../../evm/periodTable';
import { PeriodTableError } from '../../evm/periodTable';
import { headerScale, scaleNote } from './values';

export { headerScale };

type Field = 'period' | 'pv' | 'ev' | 'ac';

/** Header names by field, normalised (lower case, letters and digits separated by single spaces). */
const HEADERS: Record<Field, string[]> = {
  period: ['period', 'periods', 'period no', 'period number', 'no', 'month', 'week', 'date', 'period end', 'period ending', 'period end date', 'end date', 'status date', 'data date', 'as of', 'reporting period'],
  pv: ['pv', 'bcws', 'planned value', 'planned', 'plan', 'budgeted cost of work scheduled', 'baseline', 'planned cost'],
  ev: ['ev', 'bcwp', 'earned value', 'earned', 'budgeted cost of work performed'],
  ac: ['ac', 'acwp', 'actual cost', 'actual', 'actuals', 'actual cost of work performed', 'spend', 'actual spend'],
};

/** Words that qualify a header without changing its field ("Cum PV", "PV (£)", "BCWS to date"). */
const NOISE = new Set(['cum', 'cumulative', 'cumm', 'to', 'date', 'todate', 'ctd', 'gbp', 'usd', 'eur', 'total', 'value', 'k']);

export function normaliseHeader(h: string): string {
  return h
    .toLowerCase()
    .replace(/[£$€]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The field a header names. Headers often give a name and its abbreviation ("Planned Value (PV)",
 * "PV (BCWS)"), so the text outside brackets and each bracketed part are tried on their own too.
 */
function fieldOf(header: string): Field | null {
  const outside = header.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  const inside = [...header.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)].map((m) => m[1] ?? m[2]);
  for (const candidate of [header, outside, ...inside]) {
    const f = fieldOfText(normaliseHeader(candidate));
    if (f) return f;
  }
  return null;
}

function fieldOfText(n: string): Field | null {
  if (n === '') return null;
  for (const f of Object.keys(HEADERS) as Field[]) if (HEADERS[f].includes(n)) return f;
  // Strip qualifiers, but keep "date" for the period column ("Period end date").
  const stripped = n
    .split(' ')
    .filter((w) => !NOISE.has(w))
    .join(' ');
  for (const f of ['pv', 'ev', 'ac'] as Field[]) if (HEADERS[f].includes(stripped)) return f;
  return null;
}

export interface CsvPeriodTableOptions {
  /** Values are per period rather than cumulative. */
  incremental?: boolean;
  /** File name, for messages. */
  fileName?: string;
}

export function parsePeriodTableCsv(text: string, opts: CsvPeriodTableOptions = {}): PeriodTable {
  const file = opts.fileName ?? 'the CSV file';
  const clean = text.replace(/^\uFEFF/, '');
  if (clean.trim() === '') throw new PeriodTableError(`${file} is empty: expected a header row (Period, PV, EV, AC) and one row per period.`);
  if (clean.slice(0, 4096).includes('\0'))
    throw new PeriodTableError(`${file} is not a text CSV file (it contains binary data). Save it as CSV (comma-separated) and try again.`);
  const parsed = Papa.parse<string[]>(clean, { skipEmptyLines: 'greedy' });
  const data = parsed.data;
  if (data.length < 2) throw new PeriodTableError(`${file} has a header but no rows: add one row per period.`);

  const header = data[0];
  const col: Partial<Record<Field, number>> = {};
  header.forEach((h, i) => {
    const f = fieldOf(h);
    if (f && col[f] === undefined) col[f] = i;
  });
  const missing = (['pv', 'ev', 'ac'] as Field[]).filter((f) => col[f] === undefined);
  if (missing.length)
    throw new PeriodTableError(
      `${file}, line 1: no column for ${missing.map((m) => m.toUpperCase()).join(', ')}. Found headers: ${header.map((h) => `"${h}"`).join(', ')}. ` +
        'Name the columns PV (or BCWS, Planned Value), EV (BCWP, Earned Value) and AC (ACWP, Actual Cost).',
    );
  const periodCol = col.period ?? header.findIndex((_, i) => i !== col.pv && i !== col.ev && i !== col.ac);

  const scale: Partial<Record<Field, number>> = {};
  const notes: string[] = [];
  for (const f of ['pv', 'ev', 'ac'] as Field[]) {
    const m = headerScale(header[col[f] as number]);
    if (m === 1) continue;
    scale[f] = m;
    notes.push(scaleNote(header[col[f] as number], m));
  }

  const dayFirst = guessDayFirst(data.slice(1).map((r) => (periodCol >= 0 ? (r[periodCol] ?? '') : '')));
  const rows: PeriodTableRow[] = data.slice(1).map((r, idx) => {
    const line = idx + 2;
    const cell = (f: Field): number | null => {
      const raw = (r[col[f] as number] ?? '').trim();
      if (raw === '') return null;
      const v = parseAmount(raw);
      if (v === null)
        throw new PeriodTableError(`${file}, line ${line}, column "${header[col[f] as number]}": "${raw}" is not a number. Use plain numbers such as 12500 or 12,500.00.`);
      return scale[f] ? v * (scale[f] as number) : v;
    };
    const periodText = periodCol >= 0 ? (r[periodCol] ?? '').trim() : String(idx + 1);
    const end = periodText === '' ? null : parsePeriodDate(periodText, dayFirst);
    return { label: periodText || String(idx + 1), end, pv: cell('pv'), ev: cell('ev'), ac: cell('ac'), source: `${file}, line ${line}` };
  });
  const table: PeriodTable = { rows, valuesAre: opts.incremental ? 'incremental' : 'cumulative' };
  if (notes.length) table.notes = notes;
  return table;
}


/** "£1,234.50", "1234", "(1,200)" (negative), "-3.5e3"; null when not a number. */
export function parseAmount(raw: string): number | null {
  let s = raw.replace(/[£$€\s]/g, '').replace(/^(GBP|USD|EUR)/i, '');
  let neg = false;
  if (/^\(.*\)$/.test(s)) {
    neg = true;
    s = s.slice(1, -1);
  }
  if (/^-?[\d,]*\.?\d+(e[+-]?\d+)?$/i.test(s) && !/,\d{1,2}$/.test(s)) s = s.replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const v = Number(s);
  return Number.isFinite(v) ? (neg ? -v : v) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number): string | null => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? `${y}-${pad(m)}-${pad(d)}` : null;
};
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const fullYear = (y: number) => (y < 100 ? 2000 + y : y);

/** dd/mm unless some value proves mm/dd (a middle number above 12). British users are the default. */
function guessDayFirst(values: string[]): boolean {
  for (const v of values) {
    const m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2,4})$/.exec(v.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return true;
    if (Number(m[2]) > 12) return false;
  }
  return true;
}

/** A period end date from the usual spellings, or null for a plain period number or label. */
export function parsePeriodDate(text: string, dayFirst = true): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(t);
  if (m) {
    const day = ymd(+m[1], +m[2], +m[3]);
    // A time of day, when given, is kept: the period ends then, not at midnight.
    if (day === null || m[4] === undefined) return day;
    return +m[4] < 24 ? `${day}T${pad(+m[4])}:${m[5]}` : null;
  }
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2,4})$/.exec(t);
  if (m) return dayFirst ? ymd(fullYear(+m[3]), +m[2], +m[1]) : ymd(fullYear(+m[3]), +m[1], +m[2]);
  m = /^(\d{1,2})[- ]([A-Za-z]{3})[A-Za-z]*[- ](\d{2,4})$/.exec(t);
  if (m && MONTHS.includes(m[2].toLowerCase())) return ymd(fullYear(+m[3]), MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1]);
  m = /^([A-Za-z]{3})[A-Za-z]*[- ](\d{2,4})$/.exec(t);
  if (m && MONTHS.includes(m[1].toLowerCase())) {
    const y = fullYear(+m[2]);
    const mo = MONTHS.indexOf(m[1].toLowerCase()) + 1;
    return ymd(y, mo, lastDayOfMonth(y, mo));
  }
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m) return ymd(+m[1], +m[2], lastDayOfMonth(+m[1], +m[2]));
  return null;
}
