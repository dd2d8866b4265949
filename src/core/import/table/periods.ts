/**
 * Building a period table (PV, EV, AC per period) from a mapped sheet. Rows that share a period
 * (a Cobra export lists every control account in every period) are added together; whether the
 * values are cumulative is the caller's explicit choice, as the period-table analysis requires.
 */
import type { PeriodTable, PeriodTableRow } from '../../evm/periodTable';
import { ImportError, inFile } from '../types';
import type { MappingField } from './fields';
import type { ColumnProposal, MappingProposal } from './mapper';
import { cellText, denseRows, isBlank, placeOf, quoted, rowPlace, type CellValue, type Sheet } from './sheet';
import { MAX_MAGNITUDE } from '../numberCaps';
import { dateOfCell, headerScale, numberOfCell, periodEndOfText, scaleNote, type DateOrder } from './values';

export interface PeriodTableFromSheetOptions {
  /** The values are cumulative (true) or per period (false). */
  cumulative: boolean;
  fileName?: string;
  /** Overrides the proposal's day/month order. */
  dateOrder?: DateOrder;
  /** Receives notes about rows combined or left out. */
  onWarning?: (message: string) => void;
  project?: PeriodTable['project'];
}

export function periodTableFromSheet(sheet: Sheet, mapping: MappingProposal, options: PeriodTableFromSheetOptions): PeriodTable {
  const file = inFile(options.fileName);
  const order = options.dateOrder ?? mapping.dateOrder;
  const col = (f: MappingField): ColumnProposal | undefined => mapping.columns.find((c) => c.field === f);
  // The measure columns: with both a per-period and a cumulative column, take the one asked for.
  const pick = (plain: MappingField, cum: MappingField) => (options.cumulative ? (col(cum) ?? col(plain)) : (col(plain) ?? col(cum)));
  const pv = pick('plannedValue', 'plannedValueCum');
  const ev = pick('earnedValue', 'earnedValueCum');
  // AC may be absent: a schedule-only table (PV and EV) still gives SPI and earned schedule; the
  // analysis gives each cost figure its reason, so the reader adds no note of its own.
  const ac = pick('actualCost', 'actualCostCum');
  const missing = [['PV', pv], ['EV', ev]].filter(([, c]) => !c).map(([n]) => n);
  if (missing.length) {
    const found = mapping.columns.map((c) => c.header).filter((h) => h !== '');
    throw new ImportError(
      `${file}${sheet.fromText ? '' : `sheet ${quoted(sheet.name)}: `}no column is mapped to ${missing.join(', ')}. Found headers: ${found.map((h) => quoted(h)).join(', ')}. ` +
        'A period table needs PV (BCWS, planned value) and EV (BCWP, earned value), and AC (ACWP, actual cost) for the cost measures: name or map those columns and import again.',
      sheet.name,
    );
  }
  const measures = [pv, ev, ac].filter((c): c is ColumnProposal => c !== undefined);
  // "PV (£k)": figures in thousands (or millions) become pounds, and the results say so.
  const scaleOf = new Map<ColumnProposal, number>();
  const notes: string[] = [...(sheet.turned?.notes ?? [])];
  for (const c of measures) {
    const m = headerScale(c.header);
    if (m === 1 || scaleOf.has(c)) continue;
    scaleOf.set(c, m);
    notes.push(scaleNote(c.header, m));
  }
  const note = (m: string) => {
    notes.push(m);
    options.onWarning?.(m);
  };
  const periodCol = col('period');
  const dateCol = col('periodDate');
  const rows = denseRows(sheet);

  const byKey = new Map<string, PeriodTableRow & { count: number }>();
  const out: (PeriodTableRow & { count: number })[] = [];
  let combined = 0;
  for (let r = mapping.headerRow + 1; r < rows.length; r++) {
    const row = rows[r];
    if (!row || row.every(isBlank)) continue;
    const periodRaw: CellValue = periodCol ? (row[periodCol.index] ?? null) : null;
    const dateRaw: CellValue = dateCol ? (row[dateCol.index] ?? null) : null;
    const label = periodCol ? labelOf(periodRaw) : dateCol ? labelOf(dateRaw) : String(out.length + 1);
    if (/^(?:grand\s+)?totals?\b/i.test(label)) {
      note(`${capitalise(rowPlace(sheet, r))} looks like a total row (${quoted(label)}); it was left out so its figures are not counted twice.`);
      continue;
    }
    const end = endOf(dateRaw, order) ?? endOf(periodRaw, order);
    const value = (c: ColumnProposal | undefined, name: string): number | null => {
      if (!c) return null;
      const v = row[c.index] ?? null;
      if (isBlank(v)) return null;
      const n = numberOfCell(v);
      const place = placeOf(sheet, c.index, r, c.header);
      // A workbook cell reference does not show the column's header; say it.
      const inColumn = sheet.fromText || sheet.turned ? '' : ` in column ${quoted(c.header)}`;
      if (!n)
        throw new ImportError(
          `${file}${place.text}: ${name} value ${quoted(v)}${inColumn} is not a number. Use plain amounts such as 12500 or £12,500.00 (leave the cell empty for a period not yet reported).`,
          place.where,
        );
      const x = n.value * (scaleOf.get(c) ?? 1);
      // 1e308 is a number, but sums of it are Infinity: no period's value is above 10^15.
      if (!Number.isFinite(x) || Math.abs(x) > MAX_MAGNITUDE)
        throw new ImportError(
          `${file}${place.text}: ${name} value ${quoted(v)}${inColumn} is too large to be an amount (more than 10^15). Check the cell for a typing or export error.`,
          place.where,
        );
      return x;
    };
    const rec = { label: label || String(out.length + 1), end, pv: value(pv, 'PV'), ev: value(ev, 'EV'), ac: value(ac, 'AC'), source: rowPlace(sheet, r), count: 1 };
    const key = end ?? rec.label;
    const prev = byKey.get(key);
    if (prev && (periodCol || dateCol)) {
      combined++;
      prev.pv = add(prev.pv, rec.pv);
      prev.ev = add(prev.ev, rec.ev);
      prev.ac = add(prev.ac, rec.ac);
      prev.count++;
      continue;
    }
    byKey.set(key, rec);
    out.push(rec);
  }
  if (out.length === 0)
    throw new ImportError(
      `${file}${sheet.fromText ? 'the table' : `sheet ${quoted(sheet.name)}`} has a header row but no period rows under it: add one row per period with PV, EV and AC.`,
      sheet.name,
    );
  if (combined) note(`${combined + out.filter((o) => o.count > 1).length} rows share a period with others and were added together, giving ${out.length} periods (one row per control account or work package per period).`);
  // Dated periods in date order; otherwise the order of the sheet.
  if (out.every((o) => o.end !== null)) out.sort((a, b) => (a.end as string).localeCompare(b.end as string));
  const table: PeriodTable = {
    rows: out.map(({ count: _count, ...row }) => row),
    valuesAre: options.cumulative ? 'cumulative' : 'incremental',
  };
  if (options.project) table.project = options.project;
  if (notes.length) table.notes = notes;
  return table;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function add(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}
function labelOf(v: CellValue): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T00:00$/.test(v)) return v.slice(0, 10);
  return cellText(v).trim();
}

/** A period's end date: a date cell, or a label naming a month ("Mar-25" → 2025-03-31). */
function endOf(v: CellValue, order: DateOrder): string | null {
  if (isBlank(v)) return null;
  if (typeof v === 'number') return null;
  const d = dateOfCell(v, { order });
  if (d) return d.hasTime ? d.date : d.date.slice(0, 10);
  return typeof v === 'string' ? periodEndOfText(v, order) : null;
}
