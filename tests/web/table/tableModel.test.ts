/** The table kit's logic (src/ui/table/tableModel.ts): sort, column choice remembered per table, CSV, keyboard moves. */
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { ariaSortOf, hiddenColumns, moveCell, nextSort, readPrefs, sortRows, tableCsv, visibleColumns, writePrefs, PREFS_PREFIX, type TableColumn } from '../../../src/ui/table/tableModel';
import { MemoryStorage } from '../memoryStorage';

interface Row {
  code: string;
  name: string;
  cpi: number | null;
}
const cols: TableColumn<Row>[] = [
  { id: 'code', label: 'Activity ID', required: true, code: true, sortValue: (r) => r.code, csvValue: (r) => r.code, render: (r) => r.code },
  { id: 'name', label: 'Name', sortValue: (r) => r.name, csvValue: (r) => r.name, render: (r) => r.name },
  { id: 'cpi', label: 'CPI', title: 'Cost performance index', numeric: true, sortValue: (r) => r.cpi, csvValue: (r) => r.cpi, render: (r) => String(r.cpi) },
  { id: 'notes', label: 'Notes', defaultHidden: true, render: () => '' },
];
const rows: Row[] = [
  { code: 'A10', name: 'Pour slab', cpi: 0.9 },
  { code: 'A2', name: '=cmd|calc', cpi: null },
  { code: 'A1', name: 'Dig, "deep"', cpi: 1.1234567890123 },
  { code: 'B1', name: 'Backfill', cpi: 0.9 },
];

describe('sorting', () => {
  it('sorts numbers and codes (naturally), stable for ties, blanks last either way', () => {
    const codes = (rs: Row[]) => rs.map((r) => r.code);
    expect(codes(sortRows(rows, cols[0], 'asc'))).toEqual(['A1', 'A2', 'A10', 'B1']);
    expect(codes(sortRows(rows, cols[2], 'asc'))).toEqual(['A10', 'B1', 'A1', 'A2']);
    expect(codes(sortRows(rows, cols[2], 'desc'))).toEqual(['A1', 'A10', 'B1', 'A2']);
    // A column without a sort value leaves the order; the input is never changed.
    expect(codes(sortRows(rows, cols[3], 'asc'))).toEqual(['A10', 'A2', 'A1', 'B1']);
    expect(codes(rows)).toEqual(['A10', 'A2', 'A1', 'B1']);
  });

  it('cycles a header ascending → descending → unsorted, and reports aria-sort', () => {
    const a = nextSort(null, 'cpi');
    expect(a).toEqual({ column: 'cpi', dir: 'asc' });
    expect(ariaSortOf(a, 'cpi')).toBe('ascending');
    expect(ariaSortOf(a, 'name')).toBe('none');
    const d = nextSort(a, 'cpi');
    expect(ariaSortOf(d, 'cpi')).toBe('descending');
    expect(nextSort(d, 'cpi')).toBeNull();
    expect(nextSort(d, 'name')).toEqual({ column: 'name', dir: 'asc' });
  });
});

describe('column choice', () => {
  it('starts from the defaults, remembers a choice per table, and never hides the first column', () => {
    const store = new MemoryStorage();
    expect([...hiddenColumns(cols, readPrefs(store, 'grid'))]).toEqual(['notes']);
    writePrefs(store, 'grid', cols, new Set(['cpi', 'code']));
    const back = hiddenColumns(cols, readPrefs(store, 'grid'));
    // Notes was shown by this choice (not in the hidden list); code is required.
    expect(visibleColumns(cols, back).map((c) => c.id)).toEqual(['code', 'name', 'notes']);
    expect(readPrefs(store, 'other')).toBeNull();
  });

  it('gives a column added later its default, and ignores an unreadable memory', () => {
    const store = new MemoryStorage();
    writePrefs(store, 'grid', cols.slice(0, 3), new Set(['name']));
    const more = [...cols, { id: 'float', label: 'Float', defaultHidden: true, render: () => '' } satisfies TableColumn<Row>];
    expect([...hiddenColumns(more, readPrefs(store, 'grid'))].sort()).toEqual(['float', 'name', 'notes']);
    store.setItem(PREFS_PREFIX + 'broken', '{not json');
    expect(readPrefs(store, 'broken')).toBeNull();
    expect(() => writePrefs({ setItem: () => { throw new Error('full'); } }, 'grid', cols, new Set())).not.toThrow();
  });
});

describe('tableCsv', () => {
  it('writes the columns shown, raw numbers and neutralised formulas, in the order given', () => {
    const csv = tableCsv(visibleColumns(cols, new Set(['notes'])), sortRows(rows, cols[0], 'asc'));
    const [header, ...body] = Papa.parse<string[]>(csv.slice(1).trim(), { newline: '\r\n' }).data;
    expect(header).toEqual(['Activity ID', 'Name', 'CPI']);
    expect(body).toEqual([
      ['A1', 'Dig, "deep"', '1.1234567890123'],
      ['A2', "'=cmd|calc", ''],
      ['A10', 'Pour slab', '0.9'],
      ['B1', 'Backfill', '0.9'],
    ]);
  });
});

describe('moveCell', () => {
  const at = { row: 3, col: 2 };
  it('moves by arrows within bounds, Home/End in the row, Ctrl+Home/End to the corners, pages by ten', () => {
    expect(moveCell(at, 'ArrowUp', false, 50, 5)).toEqual({ row: 2, col: 2 });
    expect(moveCell(at, 'ArrowRight', false, 50, 5)).toEqual({ row: 3, col: 3 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', false, 50, 5)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 49, col: 4 }, 'ArrowDown', false, 50, 5)).toEqual({ row: 49, col: 4 });
    expect(moveCell(at, 'Home', false, 50, 5)).toEqual({ row: 3, col: 0 });
    expect(moveCell(at, 'End', false, 50, 5)).toEqual({ row: 3, col: 4 });
    expect(moveCell(at, 'End', true, 50, 5)).toEqual({ row: 49, col: 4 });
    expect(moveCell(at, 'Home', true, 50, 5)).toEqual({ row: 0, col: 0 });
    expect(moveCell(at, 'PageDown', false, 50, 5)).toEqual({ row: 13, col: 2 });
    expect(moveCell(at, 'PageUp', false, 50, 5)).toEqual({ row: 0, col: 2 });
    expect(moveCell(at, 'a', false, 50, 5)).toBeNull();
  });
});
