/**
 * Reading typed values out of an `XmlRecord` entry, and collecting the values that could not be
 * read into a few summarised warnings (one per element name, with a count and the first place),
 * instead of one warning per cell or an error that would refuse a whole file over one typo.
 */
import type { ImportWarning } from '../../model/schedule';
import type { LocalDateTime } from '../../model/dates';
import { CONTAINER, LEAF, type XmlRecord, type XmlScanner } from '../xml/scanner';
import { DateReader, parseDecimal, parseDurationHours, parseInteger } from '../xml/values';

const encoder = new TextEncoder();

interface Problem {
  count: number;
  firstWhere: string;
  describe: (count: number, firstWhere: string) => string;
}

export class FieldReader {
  readonly dates = new DateReader();
  private readonly problems = new Map<string, Problem>();
  /** Where the record being read is, for messages: `${container}[${index}]`, built only when needed. */
  container = 'Project';
  index = 0;

  get where(): string {
    return this.index > 0 ? `${this.container}[${this.index}]` : this.container;
  }

  /** Sets the place of the record about to be read (cheap: no string is built). */
  at(container: string, index: number): void {
    this.container = container;
    this.index = index;
  }

  constructor(private readonly scanner: XmlScanner) {}

  text(rec: XmlRecord, k: number): string | undefined {
    if (rec.kind[k] === CONTAINER) return undefined;
    const s = this.scanner.text(rec, k);
    return s === '' ? undefined : s;
  }

  /** Whole number; undefined when absent or unreadable (reported). */
  int(rec: XmlRecord, k: number): number | undefined {
    if (rec.kind[k] !== LEAF) return this.viaText(rec, k, 'a whole number', (b) => parseInteger(b, 0, b.length));
    const s = rec.start[k];
    const e = rec.end[k];
    if (s === e) return undefined;
    const v = parseInteger(rec.bytes, s, e);
    // Only a value that fails is looked at again (it may hold a character reference).
    return v === v ? v : this.viaText(rec, k, 'a whole number', (b) => parseInteger(b, 0, b.length));
  }

  /** Decimal number divided by 10^scale (scale 2 turns MSPDI hundredths into major units). */
  num(rec: XmlRecord, k: number, scale = 0): number | undefined {
    if (rec.kind[k] !== LEAF) return this.viaText(rec, k, 'a number', (b) => parseDecimal(b, 0, b.length, scale));
    const s = rec.start[k];
    const e = rec.end[k];
    if (s === e) return undefined;
    const v = parseDecimal(rec.bytes, s, e, scale);
    return v === v ? v : this.viaText(rec, k, 'a number', (b) => parseDecimal(b, 0, b.length, scale));
  }

  /** ISO 8601 duration (`PT8H0M0S`) in hours. */
  hours(rec: XmlRecord, k: number): number | undefined {
    if (rec.kind[k] !== LEAF) return this.viaText(rec, k, 'a duration such as PT8H0M0S', (b) => parseDurationHours(b, 0, b.length));
    const s = rec.start[k];
    const e = rec.end[k];
    if (s === e) return undefined;
    const v = parseDurationHours(rec.bytes, s, e);
    return v === v ? v : this.viaText(rec, k, 'a duration such as PT8H0M0S', (b) => parseDurationHours(b, 0, b.length));
  }

  /** `0`/`1` (also `true`/`false`). */
  bool(rec: XmlRecord, k: number): boolean {
    const s = rec.start[k];
    if (rec.kind[k] === LEAF && rec.end[k] === s + 1) return rec.bytes[s] === 0x31;
    const t = this.text(rec, k)?.trim();
    return t === '1' || t === 'true';
  }

  date(rec: XmlRecord, k: number): LocalDateTime | undefined {
    if (rec.kind[k] === LEAF) {
      const s = rec.start[k];
      const e = rec.end[k];
      if (s === e) return undefined;
      const d = this.dates.read(rec.bytes, s, e);
      if (d !== undefined) return d;
    }
    const t = this.text(rec, k);
    if (t === undefined) return undefined;
    const b = encoder.encode(t);
    const d = this.dates.read(b, 0, b.length);
    if (d === undefined) this.note(rec, k, 'a date such as 2025-01-31T17:00:00', t);
    return d;
  }

  /** Time of day `HH:mm:ss` → minutes after midnight; undefined when absent or unreadable. */
  timeOfDay(rec: XmlRecord, k: number): number | undefined {
    const t = this.text(rec, k)?.trim();
    if (t === undefined) return undefined;
    const m = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(t);
    const v = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
    if (!m || v > 1440) {
      this.note(rec, k, 'a time such as 08:00:00', t);
      return undefined;
    }
    return v;
  }

  /** Notes a record-level problem (e.g. a task without a UID), summarised like the others. */
  problem(key: string, message: string): void {
    this.add(key, (n, w) => (n > 1 ? `${message} (${n} times; first at ${w})` : `${message} (at ${w})`));
  }

  /** The problems as warnings, one per kind, in the order first met. */
  warnings(): ImportWarning[] {
    return [...this.problems.values()].map((p) => ({ message: p.describe(p.count, p.firstWhere), where: p.firstWhere }));
  }

  private add(key: string, describe: Problem['describe']): void {
    const p = this.problems.get(key);
    if (p) p.count++;
    else this.problems.set(key, { count: 1, firstWhere: this.where, describe });
  }

  private viaText(rec: XmlRecord, k: number, kind: string, parse: (b: Uint8Array) => number): number | undefined {
    const t = this.text(rec, k);
    if (t === undefined) return undefined;
    const v = parse(encoder.encode(t));
    if (v === v) return v;
    this.note(rec, k, kind, t);
    return undefined;
  }

  private note(rec: XmlRecord, k: number, kind: string, value: string): void {
    const element = rec.name[k] >= 0 ? this.scanner.names.names[rec.name[k]] : 'value';
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    this.add(`value:${element}`, (n, w) =>
      n > 1
        ? `${n} <${element}> values could not be read as ${kind} (the first, "${shown}", at ${w}); they were treated as empty.`
        : `The <${element}> value "${shown}" at ${w} could not be read as ${kind}; it was treated as empty.`,
    );
  }
}
