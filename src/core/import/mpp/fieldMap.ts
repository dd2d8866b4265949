/**
 * The field map: where each field of an entity lives in its blocks. MS Project 2000+ store it
 * in the project Props (one list per entity: tasks, resources, assignments), 28 bytes a field:
 *
 *   0  u32 bit mask (for flags kept in the meta blocks)
 *   4  u16 offset in the fixed-data record (65535: not in fixed data)
 *   6  u8  var-data key (MPP9/MPP12)
 *   12 i32 field type: class prefix (0x0B40 task, 0x0C40 resource, 0x0F40 assignment) << 16 | field index
 *   20 u16 category (0x0B / 0x64: a flag bit in a meta block; 0x02 short, 0x03 int, 0x05 double,
 *          0x08 string, 0x13 date, 0x48 GUID, 0x65 work/currency, 0x66 units)
 *
 * Fixed-data fields are listed in offset order per block; when the offset drops, the next block
 * (Fixed2Data) starts. MPP14 files key var data by the field index itself; MPP9/12 by the byte at 6.
 * Field indexes are MS Project's own (the low 16 bits of the FieldID in MSPDI XML).
 */
import type { Bytes, FixedData, VarData } from './blocks';
import { Bytes as BytesClass } from './blocks';
import { money, tenthsToHours, timestampAt, workHours } from './values';
import type { LocalDateTime } from '../../model/dates';

export const TASK_FIELD_MAP_KEYS = [131092, 50331668];
export const RESOURCE_FIELD_MAP_KEYS = [131093, 50331669];
export const ASSIGNMENT_FIELD_MAP_KEYS = [131095, 50331671];

/** Where a field is: fixed block 0 or 1 at `offset`, or var data under `varKey`; absent: not stored. */
export interface FieldLoc {
  block: number;
  offset: number;
  varKey: number;
}

const VAR = -1;
/** The "enterprise data" field of each entity (task 481, resource 341; see Row.extraField), by class prefix. */
const ENTERPRISE_DATA: Record<number, number> = { 0x0b40: 481, 0x0c40: 341 };

function categorySize(category: number): number {
  switch (category) {
    case 0x02:
      return 2;
    case 0x03:
    case 0x13:
      return 4;
    case 0x05:
    case 0x65:
    case 0x66:
      return 8;
    case 0x48:
      return 16;
    default:
      return 0;
  }
}

export class FieldMap {
  /** By field index: an array, not a Map (read for every field of every row). */
  private readonly locs: (FieldLoc | undefined)[] = [];
  private count = 0;
  /** Largest end offset of a fixed field, per block: records shorter than this are padded with zeros. */
  readonly maxFixed = [0, 0];

  /** This entity's enterprise-data field, or -1 (assignments have none). */
  readonly enterpriseData: number;

  constructor(data: Uint8Array | undefined, prefix: number, typeIsVarKey: boolean) {
    this.enterpriseData = ENTERPRISE_DATA[prefix] ?? -1;
    if (!data) return;
    const b = new BytesClass(data);
    let last = 0;
    let block = 0;
    for (let i = 0; i + 28 <= data.length; i += 28) {
      const offset = b.u16(i + 4);
      const type = b.i32(i + 12);
      const category = b.u16(i + 20);
      const index = type & 0xffff;
      const inClass = type >>> 16 === prefix;
      if (category === 0x0b || category === 0x64) continue;
      if (offset !== 65535) {
        if (offset < last) block++;
        last = offset;
        if (block > 1) break;
        const end = offset + categorySize(category);
        if (end > this.maxFixed[block]) this.maxFixed[block] = end;
        if (inClass && !this.locs[index]) this.set(index, { block, offset, varKey: 0 });
      } else if (inClass && !this.locs[index]) {
        const varKey = typeIsVarKey ? index : b.u8(i + 6);
        if (varKey !== 0) this.set(index, { block: VAR, offset: 0, varKey });
      }
    }
  }

  private set(index: number, loc: FieldLoc) {
    this.locs[index] = loc;
    this.count++;
  }
  get(index: number): FieldLoc | undefined {
    return this.locs[index];
  }
  get size(): number {
    return this.count;
  }
}

/** One entity's blocks: its fixed record(s) and its var data, read field by field through a FieldMap. */
export class Row {
  uid = 0;
  private b0: Bytes | undefined;
  private s0 = 0;
  private l0 = 0;
  private b1: Bytes | undefined;
  private s1 = 0;
  private l1 = 0;

  constructor(
    private readonly map: FieldMap,
    private readonly vars: VarData | undefined,
  ) {}

  /** Points the row at record `i` of the fixed blocks. */
  at(uid: number, fixed: FixedData, i: number, fixed2?: FixedData, i2 = i): this {
    this.uid = uid;
    this.b0 = fixed.bytes;
    this.s0 = fixed.starts[i];
    this.l0 = fixed.lengths[i];
    if (fixed2 && i2 >= 0 && i2 < fixed2.starts.length && fixed2.starts[i2] >= 0) {
      this.b1 = fixed2.bytes;
      this.s1 = fixed2.starts[i2];
      this.l1 = fixed2.lengths[i2];
    } else this.b1 = undefined;
    return this;
  }

  /** Where the last `find` landed (fields, not a tuple: this runs for every field of every row). */
  private pb: Bytes | undefined;
  private pp = 0;

  /** Finds a field of `size` bytes; false when absent or past the record's end. */
  private find(loc: FieldLoc, size: number): boolean {
    this.pb = undefined;
    if (loc.block === 0) {
      if (loc.offset + size > this.l0) return false;
      this.pb = this.b0;
      this.pp = this.s0 + loc.offset;
    } else if (loc.block === 1) {
      if (!this.b1 || loc.offset + size > this.l1) return false;
      this.pb = this.b1;
      this.pp = this.s1 + loc.offset;
    } else {
      if (!this.vars) return false;
      const s = this.vars.start(this.uid, loc.varKey);
      if (s < 0 || this.vars.size(this.uid, loc.varKey) < size) return false;
      this.pb = this.vars.bytes;
      this.pp = s;
    }
    return this.pb !== undefined;
  }

  /**
   * MPP9 keeps the fields Project 2000 added late (baselines 1–10, physical % complete, EV
   * method…) not in the field map but in one var-data value per task, the "enterprise data"
   * block (field 481): a little property list keyed by field type (prefix << 16 | index), each
   * value running to the next one's offset. Parsed once per row, on first need.
   */
  private extraUid = -1;
  private extra: Map<number, [number, number]> | undefined;
  private extraField(index: number, size: number): boolean {
    const loc = this.map.enterpriseData < 0 ? undefined : this.map.get(this.map.enterpriseData);
    if (!loc || loc.block >= 0 || !this.vars) return false;
    if (this.extraUid !== this.uid) {
      this.extraUid = this.uid;
      this.extra = undefined;
      const s = this.vars.start(this.uid, loc.varKey);
      if (s >= 0) {
        const b = this.vars.bytes;
        const len = this.vars.size(this.uid, loc.varKey);
        const end = s + Math.min(Math.max(b.i32(s), 0), len);
        const count = Math.min(b.i32(s + 4), Math.floor((len - 8) / 8));
        const items: [number, number][] = [];
        for (let i = 0; i < count; i++) items.push([b.i32(s + 8 + i * 8), b.i32(s + 12 + i * 8)]);
        items.sort((x, y) => x[1] - y[1]);
        this.extra = new Map();
        items.forEach(([key, off], i) => {
          const from = s + off;
          const to = i + 1 < items.length ? s + items[i + 1][1] : end;
          if (off >= 0 && from <= to && to <= end) this.extra?.set(key & 0xffff, [from, to - from]);
        });
      }
    }
    const e = this.extra?.get(index);
    if (!e || e[1] < size) return false;
    this.pb = this.vars.bytes;
    this.pp = e[0];
    return true;
  }

  /** Finds field `index` of `size` bytes in the map's place for it, else in the enterprise block. */
  private locate(index: number, size: number): boolean {
    const loc = this.map.get(index);
    if (loc) return this.find(loc, size);
    return this.extraField(index, size);
  }
  /** Whether a missing value reads as 0 (a fixed-data field past a short record) or as absent. */
  private zeroWhenMissing(index: number): boolean {
    const loc = this.map.get(index);
    return loc !== undefined && loc.block >= 0;
  }

  int(index: number): number | undefined {
    if (this.locate(index, 4)) return (this.pb as Bytes).i32(this.pp);
    return this.zeroWhenMissing(index) ? 0 : undefined;
  }
  short(index: number): number | undefined {
    if (this.locate(index, 2)) return (this.pb as Bytes).u16(this.pp);
    return this.zeroWhenMissing(index) ? 0 : undefined;
  }
  /** A double as stored; 0 when the field is stored but empty here, undefined when the file has no such field. */
  private double(index: number): number | undefined {
    if (this.locate(index, 8)) return (this.pb as Bytes).f64(this.pp);
    return this.map.get(index) !== undefined ? 0 : undefined;
  }
  /** A plain number as stored (custom Number fields). */
  number(index: number): number | undefined {
    return this.double(index);
  }
  /** A rate as stored: a plain double per hour (not in hundredths). */
  rate(index: number): number | undefined {
    return this.double(index);
  }
  money(index: number): number | undefined {
    const v = this.double(index);
    return v === undefined ? undefined : money(v);
  }
  work(index: number): number | undefined {
    const v = this.double(index);
    return v === undefined ? undefined : workHours(v);
  }
  /** A duration in hours (stored as tenths of a minute; a 512-byte var value is text, not a duration). */
  hours(index: number): number | undefined {
    const loc = this.map.get(index);
    if (loc && loc.block < 0 && this.vars && this.vars.size(this.uid, loc.varKey) === 512) return undefined;
    if (this.locate(index, 4)) return tenthsToHours((this.pb as Bytes).i32(this.pp));
    return this.zeroWhenMissing(index) ? 0 : undefined;
  }
  date(index: number): LocalDateTime | undefined {
    return this.locate(index, 4) ? timestampAt(this.pb as Bytes, this.pp) : undefined;
  }
  /** A var-data field's bytes (a view, not a copy), or undefined. */
  raw(index: number): Uint8Array | undefined {
    const loc = this.map.get(index);
    if (!loc || loc.block >= 0 || !this.vars) return undefined;
    const s = this.vars.start(this.uid, loc.varKey);
    return s < 0 ? undefined : this.vars.bytes.data.subarray(s, s + this.vars.size(this.uid, loc.varKey));
  }
  text(index: number): string | undefined {
    const loc = this.map.get(index);
    if (!loc || loc.block >= 0 || !this.vars) return undefined;
    return this.vars.string(this.uid, loc.varKey);
  }
}
