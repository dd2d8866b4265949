/**
 * P6 "table per sheet" workbooks: an XER exported to Excel one sheet per table (TASK, PROJECT,
 * PROJWBS…), with XER field names as headers (task_id, task_code, target_start_date…). They are
 * not activity lists to map but P6 data, so they go to the XER model builder as raw tables, each
 * value written as the XER would hold it.
 */
import type { RawTable } from '../types';
import { isBlank, type CellValue, type Sheet } from './sheet';
import { dateObjectToLocal } from './values';

/** XER table names are upper-case letters, digits and underscores. */
const TABLE_NAME = /^[A-Z][A-Z0-9_]{1,31}$/;
/** XER field names are lower-case snake case (a few P6 versions add a capitalised one). */
const FIELD_NAME = /^[a-z][a-z0-9_]*$|^[A-Z][A-Za-z0-9]*$/;

function headerOf(sheet: Sheet): string[] {
  return (sheet.rows[0] ?? []).map((v) => (typeof v === 'string' ? v.trim() : ''));
}

/**
 * True for a workbook with TASK and PROJECT (or PROJWBS) sheets whose first rows are XER field
 * names: task_id and task_code on TASK.
 */
export function isP6TablePerSheet(sheets: readonly Sheet[]): boolean {
  const byName = new Map(sheets.map((s) => [s.name.trim().toUpperCase(), s]));
  const task = byName.get('TASK');
  if (!task) return false;
  const fields = headerOf(task);
  if (!fields.includes('task_id') || !(fields.includes('task_code') || fields.includes('task_name'))) return false;
  const project = byName.get('PROJECT');
  const wbs = byName.get('PROJWBS');
  return (project !== undefined && headerOf(project).includes('proj_id')) || (wbs !== undefined && headerOf(wbs).includes('wbs_id'));
}

/** A cell as the text an XER file holds: dates `YYYY-MM-DD HH:mm`, numbers plain, flags Y/N. */
export function xerText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') {
    // Date cells come from the workbook reader as YYYY-MM-DDTHH:mm; XER writes a space.
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? v.replace('T', ' ') : v;
  }
  if (typeof v === 'boolean') return v ? 'Y' : 'N';
  if (v instanceof Date) return (dateObjectToLocal(v) ?? '').replace('T', ' ');
  if (!Number.isFinite(v)) return '';
  if (Number.isInteger(v) && Math.abs(v) < 1e21) return String(v);
  const s = String(v);
  // No exponents: XER numbers are plain decimals.
  if (/e/i.test(s)) return v.toFixed(12).replace(/0+$/, '').replace(/\.$/, '');
  return s;
}

/**
 * Every sheet that looks like an XER table (an upper-case name and a first row of field names),
 * as raw tables; rows are cut or padded to the number of fields, and blank rows dropped. The
 * ERMHDR sheet is the XER header line, not a table: its one row is passed as the table's
 * `fields` with no rows, which is how the XER model builder takes it.
 */
export function p6TablesFromSheets(sheets: readonly Sheet[]): RawTable[] {
  const tables: RawTable[] = [];
  for (const sheet of sheets) {
    const name = sheet.name.trim().toUpperCase();
    if (!TABLE_NAME.test(name)) continue;
    if (name === 'ERMHDR') {
      const values = (sheet.rows[0] ?? []).map(xerText);
      while (values.length && values[values.length - 1] === '') values.pop();
      if (values.length) tables.push({ name, fields: values, rows: [] });
      continue;
    }
    const fields = headerOf(sheet);
    while (fields.length && fields[fields.length - 1] === '') fields.pop();
    if (fields.length === 0 || !fields.every((f) => FIELD_NAME.test(f))) continue;
    const rows: string[][] = [];
    for (let r = 1; r < sheet.rows.length; r++) {
      const src = sheet.rows[r];
      if (!src || src.every(isBlank)) continue;
      const row = new Array<string>(fields.length);
      for (let c = 0; c < fields.length; c++) row[c] = xerText(src[c] ?? null);
      rows.push(row);
    }
    tables.push({ name, fields, rows });
  }
  return tables;
}

/** What the ERMHDR sheet says: P6 version, export date and currency (for the source description). */
export function p6HeaderOf(sheets: readonly Sheet[]): { version?: string; exportDate?: string; currency?: string } {
  const sheet = sheets.find((s) => s.name.trim().toUpperCase() === 'ERMHDR');
  const row = sheet?.rows[0];
  if (!row) return {};
  const text = row.map(xerText);
  const out: { version?: string; exportDate?: string; currency?: string } = {};
  if (/^\d+(\.\d+)*$/.test(text[0] ?? '')) out.version = text[0];
  if (/^\d{4}-\d{2}-\d{2}/.test(text[1] ?? '')) out.exportDate = text[1].slice(0, 10);
  const cur = text.find((t, i) => i > 1 && /^[A-Z]{3}$/.test(t));
  if (cur) out.currency = cur;
  return out;
}
