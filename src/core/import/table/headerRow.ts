/**
 * Finding the header row. Exports and templates often put a title, the project name and a data
 * date above the table, sometimes a row of group headers ("Baseline" over "Start | Finish"). The
 * header row is the first row that is mostly non-empty text, spans the table's width, is
 * followed by data, and (preferably) has names the lexicon knows.
 */
import { bestHeaderScore } from './headerScore';
import { denseRows, isBlank, type CellValue, type Sheet } from './sheet';
import { dateOfCell, numberOfCell } from './values';

/** How far down to look for the header row. */
const SCAN_ROWS = 40;

export interface HeaderRowResult {
  /** 0-based index of the header row. */
  row: number;
  /** Per column: the group header above it (merged or directly above), when there is a group row. */
  groups: (string | undefined)[];
}

function isTextCell(v: CellValue): boolean {
  if (typeof v !== 'string') return false;
  const t = v.trim();
  if (t === '') return false;
  return numberOfCell(t) === null && dateOfCell(t) === null;
}

function nonBlankCount(row: readonly CellValue[] | undefined): number {
  if (!row) return 0;
  let n = 0;
  for (const v of row) if (!isBlank(v)) n++;
  return n;
}

/**
 * The header row of a sheet, or null when no row looks like one (a sheet of bare numbers, or
 * text only with no data under it).
 */
export function findHeaderRow(sheet: Sheet): HeaderRowResult | null {
  const rows = denseRows(sheet);
  const limit = Math.min(rows.length, SCAN_ROWS);
  // The table's width: the most filled cells in any of the first rows (titles fill one or two).
  let width = 0;
  for (let r = 0; r < Math.min(rows.length, SCAN_ROWS + 20); r++) width = Math.max(width, nonBlankCount(rows[r]));
  if (width === 0) return null;

  let firstPlain: number | null = null;
  for (let r = 0; r < limit; r++) {
    const row = rows[r];
    const n = nonBlankCount(row);
    if (n === 0) continue;
    if (width > 1 && n < 2) continue;
    if (n < Math.ceil(width * 0.5)) continue;
    let text = 0;
    let known = 0;
    const seen = new Set<string>();
    for (const v of row) {
      if (isBlank(v)) continue;
      if (isTextCell(v)) {
        text++;
        const s = (v as string).trim();
        seen.add(s.toLowerCase());
        if (bestHeaderScore(s) >= 0.7) known++;
      }
    }
    if (text / n < 0.7) continue;
    // Followed by data: a later non-blank row within the next few.
    let data = false;
    for (let k = r + 1; k < Math.min(rows.length, r + 6); k++) if (nonBlankCount(rows[k]) > 0) data = true;
    if (!data) continue;
    if (known / n >= 0.3 || known >= 3) {
      // P6's spreadsheet export puts database field names (task_code, target_start_date) above
      // the column titles users know (Activity ID, Planned Start): take the titles.
      if (isFieldNameRow(row) && r + 1 < rows.length && isTitleRow(rows[r + 1])) return { row: r + 1, groups: [] };
      return { row: r, groups: groupsAbove(sheet, r) };
    }
    if (firstPlain === null && seen.size >= text * 0.8) firstPlain = r;
  }
  return firstPlain === null ? null : { row: firstPlain, groups: groupsAbove(sheet, firstPlain) };
}

const FIELD_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/** Mostly snake_case database field names. */
function isFieldNameRow(row: readonly CellValue[]): boolean {
  const cells = row.filter((v) => !isBlank(v));
  return cells.length >= 2 && cells.filter((v) => typeof v === 'string' && FIELD_NAME.test(v.trim())).length / cells.length >= 0.7;
}

/** A row of column titles: mostly text, several of them names the lexicon knows. */
function isTitleRow(row: readonly CellValue[]): boolean {
  const cells = row.filter((v) => !isBlank(v));
  if (cells.length < 2 || cells.filter(isTextCell).length / cells.length < 0.7) return false;
  return cells.filter((v) => typeof v === 'string' && bestHeaderScore(v.trim()) >= 0.7).length >= Math.min(3, cells.length * 0.3);
}

/**
 * Group headers over the header row: from merged cells spanning it, or a row directly above
 * that holds a few text labels (and nothing else) over some of the columns.
 */
function groupsAbove(sheet: Sheet, headerRow: number): (string | undefined)[] {
  const header = sheet.rows[headerRow] ?? [];
  const groups: (string | undefined)[] = new Array(header.length).fill(undefined);
  if (headerRow === 0) return groups;
  const above = sheet.rows[headerRow - 1] ?? [];
  const labels = above.filter((v) => !isBlank(v));
  // A group row holds text labels only: two or more, or one merged across several columns (a
  // lone unmerged label above the header is more likely a title).
  const mergedAbove = (sheet.merges ?? []).some((m) => m.s.r === headerRow - 1 && m.e.r === headerRow - 1 && m.e.c > m.s.c);
  if (labels.length === 0 || (labels.length < 2 && !mergedAbove) || !labels.every(isTextCell)) return groups;
  for (let c = 0; c < header.length; c++) {
    const v = above[c];
    if (!isBlank(v)) groups[c] = String(v).trim();
  }
  for (const m of sheet.merges ?? []) {
    if (m.s.r > headerRow - 1 || m.e.r < headerRow - 1 || m.e.r >= headerRow) continue;
    const v = sheet.rows[m.s.r]?.[m.s.c];
    if (!isTextCell(v ?? null)) continue;
    for (let c = m.s.c; c <= m.e.c && c < groups.length; c++) groups[c] = String(v).trim();
  }
  return groups;
}
