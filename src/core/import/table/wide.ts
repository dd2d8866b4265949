/**
 * Wide period tables: periods across the columns and one row per measure, the way monthly
 * reports and S-curve sheets are laid out:
 *
 *   Measure | Jan-25 | Feb-25 | Mar-25          (or dates, or period numbers 1, 2, 3)
 *   PV      |    100 |    250 |    450          (or BCWS, Planned, "Planned Value", "Cum PV"…)
 *   EV      |     80 |    200 |
 *   AC      |     90 |    230 |
 *
 * `turnWideTable` recognises that layout and turns it round into the long table every other
 * part reads (one row per period, a column per measure), so the mapper, the user's review and
 * the period-table builder need no second path. The turned sheet remembers where each cell came
 * from (`Sheet.turned`), so a message names the cell as the user sees it: "row 3 (EV), column F
 * (Mar 2025)".
 *
 * The layout is taken only on strong evidence: a column (one of the first four) labels at least
 * PV and EV rows, the row above them labels most of its other cells as periods of one kind
 * (dates, months, period numbers or labels), and the measure rows hold amounts. An activity list
 * whose names happen to say "earned value" has no row of periods above them.
 */
import type { MappingField } from './fields';
import { scoreHeader, scoreIn } from './headerScore';
import { cellText, columnLetter, denseRows, isBlank, quoted, sheetWidth, type CellValue, type Sheet } from './sheet';
import { dateOfCell, numberOfCell, periodEndOfText } from './values';

/** The measures a wide table's rows may carry; PV and EV are needed to call it one. */
const MEASURES: readonly MappingField[] = ['plannedValue', 'earnedValue', 'actualCost', 'plannedValueCum', 'earnedValueCum', 'actualCostCum'];
const MEASURE_NAME: Partial<Record<MappingField, 'PV' | 'EV' | 'AC'>> = {
  plannedValue: 'PV',
  plannedValueCum: 'PV',
  earnedValue: 'EV',
  earnedValueCum: 'EV',
  actualCost: 'AC',
  actualCostCum: 'AC',
};
/** How far down and across the labels are looked for. */
const SCAN_ROWS = 60;
const LABEL_COLUMNS = 4;
/** Measure rows read at most (PV, EV and AC for a few hundred control accounts). */
const MAX_BLOCK = 3000;
/** A label scores at least this for a measure ("Planned" 0.72, "PV" 1). */
const MIN_LABEL = 0.7;
const PERIOD_LABEL = /^(?:fy\s*\d{2,4}\s*)?(?:p|per|period|m|mth|month|w|wk|week|q|qtr|quarter)\s*[-.]?\s*\d{1,3}$/i;
const TOTAL = /^(?:grand\s+|sub[-\s]?)?totals?\b|\btotals?$|^(?:to\s+date|cum(?:ulative)?|bac|eac|etc|vac)$/i;

type PeriodClass = 'date' | 'label' | 'number';

/** What kind of period a header cell names, or null. */
function periodClass(v: CellValue): PeriodClass | null {
  if (isBlank(v)) return null;
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 && v <= 5000 ? 'number' : null;
  if (v instanceof Date) return 'date';
  if (typeof v !== 'string') return null;
  const t = v.trim();
  if (/^\d{1,4}$/.test(t)) return Number(t) <= 5000 ? 'number' : null;
  if (dateOfCell(t) || dateOfCell(t, { order: 'mdy' })) return 'date';
  if (periodEndOfText(t) !== null) return 'date';
  if (PERIOD_LABEL.test(t)) return 'label';
  return null;
}

/** The measure a row label names (PV, EV or AC, periodic or cumulative), with its score. */
function measureOf(v: CellValue): { field: MappingField; score: number } | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  if (t === '' || t.length > 60 || numberOfCell(t) !== null) return null;
  const ms = scoreHeader(t);
  const best = ms[0];
  if (!best) return null;
  const top = Math.max(best.score, best.periodScore ?? 0);
  // The label must name a measure and nothing better: "Budget" (BAC) and "Planned Start" are not rows of PV.
  for (const m of ms) {
    if (!MEASURES.includes(m.field)) continue;
    const s = scoreIn(m, 'periods');
    if (s >= MIN_LABEL && s >= top - 1e-9) return { field: m.field, score: s };
    break;
  }
  return null;
}

export interface TurnResult {
  sheet: Sheet;
  /** Why it was taken for a wide table, for the mapping review. */
  reason: string;
}

/**
 * The sheet turned round when it is a wide period table; null when it is not (it is then read
 * as it stands).
 */
export function turnWideTable(sheet: Sheet): TurnResult | null {
  const rows = denseRows(sheet);
  const limit = Math.min(rows.length, SCAN_ROWS);
  const width = sheetWidth(rows.slice(0, limit));
  if (width < 2) return null;
  for (let c0 = 0; c0 < Math.min(LABEL_COLUMNS, width - 1); c0++) {
    const found = tryColumn(sheet, rows, c0, limit);
    if (found) return found;
  }
  return null;
}

function tryColumn(sheet: Sheet, rows: CellValue[][], c0: number, limit: number): TurnResult | null {
  // Each measure label in this column may start the block; a title above the table ("Earned Value
  // Report") is one too, so a failed start does not end the search. A few tries at most.
  let tries = 0;
  for (let r = 1; r < limit && tries < 5; r++) {
    if (!measureOf(rows[r]?.[c0] ?? null)) continue;
    tries++;
    const found = tryBlock(sheet, rows, c0, r);
    if (found) return found;
  }
  return null;
}

/** The wide table whose first measure row is `first`, or null. */
function tryBlock(sheet: Sheet, rows: CellValue[][], c0: number, first: number): TurnResult | null {
  let h = first - 1;
  while (h >= 0 && (rows[h] ?? []).every(isBlank)) h--;
  if (h < 0) return null;
  const header = rows[h];
  const width = Math.max(header.length, sheetWidth(rows.slice(h, Math.min(rows.length, h + SCAN_ROWS))));

  // The period columns: right of the labels, headed by periods of one kind. Checked first: it is
  // cheap, and a row of an activity list (codes, durations, dates, amounts) fails it at once.
  const periodCols: number[] = [];
  const blankHeaded: number[] = [];
  const totalCols: number[] = [];
  const others: number[] = [];
  const classes = new Set<PeriodClass>();
  for (let c = c0 + 1; c < width; c++) {
    const v = header[c] ?? null;
    const cls = periodClass(v);
    if (cls) {
      periodCols.push(c);
      classes.add(cls);
    } else if (isBlank(v)) blankHeaded.push(c);
    else if (TOTAL.test(cellText(v).trim())) totalCols.push(c);
    else others.push(c);
  }
  const named = periodCols.length;
  if (named === 0 || classes.size > 1) return null;
  if (named < 0.6 * (named + totalCols.length + others.length)) return null;

  // The block of measure rows: contiguous non-blank rows from the first label on.
  const block: number[] = [];
  for (let r = first; r < rows.length && block.length < MAX_BLOCK && !(rows[r] ?? []).every(isBlank); r++) block.push(r);
  const labelled = block.map((r) => ({ r, label: cellText(rows[r][c0] ?? null).trim(), measure: measureOf(rows[r][c0] ?? null) }));
  const names = new Set(labelled.map((l) => (l.measure ? MEASURE_NAME[l.measure.field] : null)));
  if (!names.has('PV') || !names.has('EV')) return null;
  // An unlabelled column with amounts under it is a period someone forgot to name.
  for (const c of blankHeaded) if (labelled.some((l) => l.measure && numberOfCell(rows[l.r][c] ?? null))) periodCols.push(c);
  periodCols.sort((a, b) => a - b);

  // Measure rows hold amounts in the period columns (a stray "tbc" is reported later, by its cell).
  const cells = labelled.filter((l) => l.measure).flatMap((l) => periodCols.map((c) => rows[l.r][c] ?? null)).filter((v) => !isBlank(v));
  if (cells.length === 0 || cells.filter((v) => numberOfCell(v) !== null).length < 0.6 * cells.length) return null;

  // Rows with the same label (one per control account) become one column, added together later.
  const notes: string[] = [];
  const groups = new Map<string, { label: string; rows: number[] }>();
  for (const l of labelled) {
    if (l.label === '') continue;
    // "CA-1 | PV | …" rows under an entity column: a total row there is a sum of the others.
    const entity = rows[l.r].slice(0, c0).map((v) => cellText(v).trim()).find((t) => t !== '');
    if (entity && /^(?:grand\s+|sub[-\s]?)?totals?\b/i.test(entity)) {
      notes.push(`Row ${l.r + 1} (${quoted(entity)}, ${l.label}) is a total: it was left out so its figures are not counted twice.`);
      continue;
    }
    const key = l.label.toLowerCase().replace(/\s+/g, ' ');
    const g = groups.get(key);
    if (g) g.rows.push(l.r);
    else groups.set(key, { label: l.label, rows: [l.r] });
  }
  const merged = [...groups.values()].filter((g) => g.rows.length > 1);
  if (merged.length) {
    const where = (g: { rows: number[] }) => g.rows.map((r) => r + 1).join(', ');
    const [g0, ...rest] = merged;
    const line = sheet.fromText ? 'lines' : 'rows';
    const others = rest.map((g) => g.label);
    const also = others.length ? `, as were those of ${others.length > 1 ? `${others.slice(0, -1).join(', ')} and ${others[others.length - 1]}` : others[0]}` : '';
    notes.push(`${g0.rows.length} rows labelled ${quoted(g0.label)} (${line} ${where(g0)}) were added together${also}: one row per control account or work package.`);
  }
  for (const c of totalCols)
    notes.push(`Column ${columnLetter(c)} (${quoted(header[c] ?? null)}) is a total, not a period: it was left out so its figures are not counted twice.`);
  for (const c of others) notes.push(`Column ${columnLetter(c)} (${quoted(header[c] ?? null)}) is not a period (its heading is not a date, month or period number): it was left out.`);

  // The turned sheet: a period column, then one column per measure label.
  const cols = [...groups.values()];
  const corner = cellText(header[c0] ?? null).trim();
  const cornerNamesPeriod = corner !== '' && scoreHeader(corner).some((m) => (m.field === 'period' || m.field === 'periodDate') && m.score >= 0.75);
  const periodHeader = cornerNamesPeriod ? corner : 'Period';
  const out: CellValue[][] = [[periodHeader, ...cols.map((g) => g.label)]];
  const turnedCols: number[] = [-1];
  const colLabels: string[] = [''];
  const cellRow: Record<string, number> = {};
  for (const c of periodCols) {
    const row: CellValue[] = [header[c] ?? null];
    for (const g of cols) {
      if (g.rows.length === 1) {
        row.push(rows[g.rows[0]][c] ?? null);
        continue;
      }
      const sum = sumCells(g.rows.map((r) => rows[r][c] ?? null));
      // A cell that is not a number is reported at its own row, not the group's first.
      if (sum.badAt >= 0) cellRow[`${out.length}:${row.length}`] = g.rows[sum.badAt];
      row.push(sum.value);
    }
    out.push(row);
    turnedCols.push(c);
    colLabels.push(labelOf(header[c] ?? null));
  }
  const turned: Sheet = {
    name: sheet.name,
    rows: out,
    turned: { name: sheet.name, cols: turnedCols, colLabels, rows: [[], ...cols.map((g) => g.rows)], rowLabels: ['', ...cols.map((g) => g.label)], notes },
  };
  if (Object.keys(cellRow).length && turned.turned) turned.turned.cellRow = cellRow;
  if (sheet.fromText) turned.fromText = true;
  const unit = sheet.fromText ? 'line' : 'row';
  const span = block.length > 1 ? `${unit}s ${block[0] + 1}–${block[block.length - 1] + 1}` : `${unit} ${block[0] + 1}`;
  const measures = ['PV', 'EV', 'AC'].filter((m) => names.has(m as 'PV')).join(', ');
  return {
    sheet: turned,
    reason: `periods run across ${unit} ${h + 1} (${periodCols.length} of them) and ${span} are ${measures} by period: a wide period table, turned round so each period is a row`,
  };
}

/**
 * The sum of cells of rows that were added together; all blank stays blank. A cell that is not a
 * number is kept as it is (with its index), so the builder reports it at its own row.
 */
function sumCells(cells: CellValue[]): { value: CellValue; badAt: number } {
  let sum: number | null = null;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (isBlank(v)) continue;
    const n = numberOfCell(v);
    if (!n) return { value: v, badAt: i };
    sum = (sum ?? 0) + n.value;
  }
  return { value: sum, badAt: -1 };
}

/** A period heading as a message names it: dates as written, workbook date cells as YYYY-MM-DD. */
function labelOf(v: CellValue): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T00:00$/.test(v)) return v.slice(0, 10);
  return cellText(v).trim();
}
