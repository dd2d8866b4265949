/**
 * The view of a P6 table that the model builder reads through. Two kinds sit behind it:
 * - `RawP6Table`: a `RawTable` (rows of strings), e.g. from a table-per-sheet Excel export;
 * - `XerColumnTable` (./scan.ts): cell offsets into the decoded XER text, filled for the needed
 *   fields only, so a 150 MB file is read without a string or an object per cell.
 *
 * Cells are addressed by (row, column handle); a handle comes from `col(field)` and is -1 when
 * the table lacks that field, in which case every accessor answers "empty".
 */
import type { LocalDateTime } from '../../model/dates';
import { patchedSlice, type TextPatches } from '../encoding';
import type { RawTable } from '../types';
import { DateCache, intAt, numberAt } from './values';

export interface P6Table {
  readonly name: string;
  readonly rowCount: number;
  /** Column handle of a field, or -1 when the table does not have it. */
  col(field: string): number;
  /** The text of a cell ('' when empty or absent). */
  str(row: number, col: number): string;
  /** The number in a cell, NaN when empty, absent or not a number. */
  num(row: number, col: number): number;
  /** A model date, undefined when empty, absent or not a date (bad dates are counted, see `problems`). */
  date(row: number, col: number): LocalDateTime | undefined;
  /** The integer id in a cell, or -1 when empty/absent/not an integer (see `IdKeys` for those). */
  int(row: number, col: number): number;
  /** True when the cell's text equals `literal` (compares without cutting a substring). */
  is(row: number, col: number, literal: string): boolean;
  empty(row: number, col: number): boolean;
  /** Cells that should have held a date or number and did not, per field, for one warning each. */
  problems(): { field: string; count: number; firstRow: number; sample: string }[];
}

/** Per-table tally of unreadable values, so the user gets one warning per field, not thousands. */
export class Problems {
  private readonly byCol = new Map<number, { count: number; firstRow: number; sample: string }>();
  note(col: number, row: number, sample: string): void {
    const p = this.byCol.get(col);
    if (p) p.count++;
    else this.byCol.set(col, { count: 1, firstRow: row, sample: sample.length > 40 ? `${sample.slice(0, 40)}…` : sample });
  }
  list(fieldOf: (col: number) => string) {
    return [...this.byCol].map(([col, p]) => ({ field: fieldOf(col), ...p }));
  }
}

/** A `RawTable` seen through `P6Table`. Values are used as given (trimmed for numbers and dates). */
export class RawP6Table implements P6Table {
  readonly name: string;
  readonly rowCount: number;
  private readonly index = new Map<string, number>();
  private readonly bad = new Problems();

  constructor(
    private readonly raw: RawTable,
    private readonly dates: DateCache,
  ) {
    this.name = raw.name;
    this.rowCount = raw.rows.length;
    raw.fields.forEach((f, i) => {
      const key = String(f).trim();
      if (!this.index.has(key)) this.index.set(key, i);
    });
  }

  col(field: string): number {
    return this.index.get(field) ?? -1;
  }
  str(row: number, col: number): string {
    if (col < 0) return '';
    const v = this.raw.rows[row][col];
    return v === undefined || v === null ? '' : String(v);
  }
  num(row: number, col: number): number {
    const s = this.str(row, col);
    if (s === '') return NaN;
    const v = numberAt(s, 0, s.length);
    if (Number.isNaN(v) && s.trim() !== '') this.bad.note(col, row, s);
    return v;
  }
  date(row: number, col: number): LocalDateTime | undefined {
    const s = this.str(row, col).trim();
    const d = this.dates.at(s, 0, s.length);
    if (d === null) {
      this.bad.note(col, row, s);
      return undefined;
    }
    return d;
  }
  int(row: number, col: number): number {
    const s = this.str(row, col).trim();
    const v = intAt(s, 0, s.length);
    if (v >= 0 || s === '') return v;
    // Spreadsheets sometimes turn 18840011 into "18840011.0".
    const n = Number(s);
    return Number.isSafeInteger(n) && n >= 0 ? n : -1;
  }
  is(row: number, col: number, literal: string): boolean {
    return this.str(row, col) === literal;
  }
  empty(row: number, col: number): boolean {
    return this.str(row, col) === '';
  }
  problems() {
    return this.bad.list((c) => this.raw.fields[c]);
  }
}

/**
 * A `P6Table` over the decoded XER text: for each row and each needed field, the [start, end)
 * offsets of the cell. Built by `extractColumns` in ./scan.ts.
 */
export class XerColumnTable implements P6Table {
  private readonly bad = new Problems();

  constructor(
    readonly name: string,
    private readonly text: string,
    readonly rowCount: number,
    /** Needed fields present in the file → slot. */
    private readonly slotOf: ReadonlyMap<string, number>,
    /** Every field the builder may ask for (asking for another is a programming error). */
    private readonly declared: ReadonlySet<string>,
    private readonly slots: number,
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
    private readonly dates: DateCache,
    /** Characters behind placeholders in a sparsely decoded text. */
    private readonly patches?: TextPatches,
  ) {}

  col(field: string): number {
    const s = this.slotOf.get(field);
    if (s !== undefined) return s;
    if (!this.declared.has(field)) throw new Error(`XER reader: field ${this.name}.${field} is used but not declared in P6_FIELDS`);
    return -1;
  }
  str(row: number, col: number): string {
    if (col < 0) return '';
    const k = row * this.slots + col;
    return this.patches ? patchedSlice(this.text, this.starts[k], this.ends[k], this.patches) : this.text.slice(this.starts[k], this.ends[k]);
  }
  num(row: number, col: number): number {
    if (col < 0) return NaN;
    const k = row * this.slots + col;
    const a = this.starts[k];
    const b = this.ends[k];
    if (a === b) return NaN;
    const v = numberAt(this.text, a, b);
    if (v !== v) this.noteBad(row, col, a, b);
    return v;
  }
  date(row: number, col: number): LocalDateTime | undefined {
    if (col < 0) return undefined;
    const k = row * this.slots + col;
    const a = this.starts[k];
    const b = this.ends[k];
    const d = this.dates.at(this.text, a, b);
    if (d === null) {
      this.noteBad(row, col, a, b);
      return undefined;
    }
    return d;
  }
  int(row: number, col: number): number {
    if (col < 0) return -1;
    const k = row * this.slots + col;
    return intAt(this.text, this.starts[k], this.ends[k]);
  }
  is(row: number, col: number, literal: string): boolean {
    if (col < 0) return literal === '';
    const k = row * this.slots + col;
    const a = this.starts[k];
    return this.ends[k] - a === literal.length && this.text.startsWith(literal, a);
  }
  empty(row: number, col: number): boolean {
    if (col < 0) return true;
    const k = row * this.slots + col;
    return this.starts[k] === this.ends[k];
  }
  problems() {
    const names = new Map([...this.slotOf].map(([f, s]) => [s, f]));
    return this.bad.list((c) => names.get(c) ?? String(c));
  }
  private noteBad(row: number, col: number, a: number, b: number): void {
    const text = patchedSlice(this.text, a, b, this.patches);
    if (text.trim() !== '') this.bad.note(col, row, text);
  }
}
