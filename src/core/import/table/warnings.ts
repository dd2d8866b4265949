/**
 * Warnings for a table import, row by row but bounded: a column of 50,000 "TBC"s must not
 * produce 50,000 lines. The first few per problem are listed with their row; the rest are
 * summed up in one line that gives the count and the row range.
 */
import type { ImportWarning } from '../../model/schedule';

const PER_KIND = 20;

interface Overflow {
  count: number;
  firstRow: number;
  lastRow: number;
  summary: string;
}

export class WarningLog {
  readonly list: ImportWarning[] = [];
  private readonly counts = new Map<string, number>();
  private readonly overflow = new Map<string, Overflow>();

  /** A one-off warning. */
  note(message: string, where?: string): void {
    this.list.push(where ? { message, where } : { message });
  }

  /**
   * A per-row warning of some `kind` (e.g. "not-a-number:Budget"). Past the first few of a kind,
   * only a count is kept and `summary` ("more 'Budget' values are not numbers; each counted as 0")
   * is reported once at the end.
   */
  row(kind: string, row: number, message: string, where: string | undefined, summary: string): void {
    const n = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, n);
    if (n <= PER_KIND) {
      this.note(message, where);
      return;
    }
    const o = this.overflow.get(kind);
    if (o) {
      o.count++;
      o.lastRow = row;
    } else this.overflow.set(kind, { count: 1, firstRow: row, lastRow: row, summary });
  }

  /** The warnings, with one summary line per kind that overflowed. */
  finish(): ImportWarning[] {
    for (const o of this.overflow.values()) {
      const rows = o.firstRow === o.lastRow ? `row ${o.firstRow}` : `rows ${o.firstRow}–${o.lastRow}`;
      this.note(`${o.count.toLocaleString('en-GB')} ${o.summary} (${rows})`);
    }
    this.overflow.clear();
    return this.list;
  }
}
