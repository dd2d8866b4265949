/**
 * The block structures MS Project writes inside each storage of an .mpp file:
 *
 * - Props: a list of (key → bytes) properties (project settings, field maps).
 * - FixedMeta + FixedData: one record per entity (task, resource, link…). FixedMeta holds a
 *   16-byte header then one fixed-size item per record (flags at 0, the record's offset in
 *   FixedData at 4); a record's length is the distance to the next record's offset.
 * - VarMeta + Var2Data: variable-length values (names, WBS, some numbers) addressed by
 *   (entity unique ID, field key); each value in Var2Data is a 4-byte length then the bytes.
 *
 * Records are kept as offsets into the stream, not copied: a 10,000-task file has 10,000 records
 * and copying each is measurable. Every offset read from the file is checked against the stream.
 */
const FIXED_META_MAGIC = 0xfadfadba;

export class Bytes {
  readonly view: DataView;
  constructor(readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  get length(): number {
    return this.data.length;
  }
  u8(o: number): number {
    return o >= 0 && o < this.data.length ? this.data[o] : 0;
  }
  u16(o: number): number {
    return o >= 0 && o + 2 <= this.data.length ? this.view.getUint16(o, true) : 0;
  }
  i32(o: number): number {
    return o >= 0 && o + 4 <= this.data.length ? this.view.getInt32(o, true) : 0;
  }
  u32(o: number): number {
    return o >= 0 && o + 4 <= this.data.length ? this.view.getUint32(o, true) : 0;
  }
  f64(o: number): number {
    if (o < 0 || o + 8 > this.data.length) return 0;
    const v = this.view.getFloat64(o, true);
    return Number.isFinite(v) ? v : 0;
  }
}

const utf16 = new TextDecoder('utf-16le');

/** A NUL-terminated UTF-16LE string from `start` to at most `end`. */
export function utf16String(data: Uint8Array, start: number, end: number): string {
  const stop = Math.min(end, data.length);
  let p = start;
  while (p + 1 < stop && (data[p] !== 0 || data[p + 1] !== 0)) p += 2;
  const len = (Math.min(p, stop) - start) & ~1;
  return len > 0 ? utf16.decode(data.subarray(start, start + len)) : '';
}

// ---------------------------------------------------------------- Props

/** Where each property's value lies in a Props block: key → [offset, size]. */
export type PropsEntries = Map<number, [number, number]>;

/**
 * Props as MS Project 2007+ (and 2000–2003) write them: a 16-byte header with the property
 * count at 12, then per property: size, key, an unknown int, the bytes, padded to 2.
 */
function propsEntries(bytes: Bytes): PropsEntries {
  const map: PropsEntries = new Map();
  const count = bytes.u16(12);
  let p = 16;
  for (let i = 0; i < count && p + 12 <= bytes.length; i++) {
    const size = bytes.i32(p);
    const key = bytes.i32(p + 4);
    p += 12;
    if (size < 1 || p + size > bytes.length) break;
    map.set(key, [p, size]);
    p += size + (size & 1);
  }
  return map;
}

/** A Props block's values by key. Project 98 lays its entries out differently (./mpp8.ts `Props8` passes its own walk). */
export class Props {
  private readonly map: PropsEntries;
  constructor(
    readonly bytes: Bytes,
    entries: (bytes: Bytes) => PropsEntries = propsEntries,
  ) {
    this.map = entries(bytes);
  }
  has(key: number): boolean {
    return this.map.has(key);
  }
  raw(key: number): Uint8Array | undefined {
    const e = this.map.get(key);
    return e ? this.bytes.data.subarray(e[0], e[0] + e[1]) : undefined;
  }
  u8(key: number): number {
    const e = this.map.get(key);
    return e ? this.bytes.u8(e[0]) : 0;
  }
  u16(key: number): number | undefined {
    const e = this.map.get(key);
    return e && e[1] >= 2 ? this.bytes.u16(e[0]) : undefined;
  }
  i32(key: number): number | undefined {
    const e = this.map.get(key);
    return e && e[1] >= 4 ? this.bytes.i32(e[0]) : undefined;
  }
  f64(key: number): number | undefined {
    const e = this.map.get(key);
    return e && e[1] >= 8 ? this.bytes.f64(e[0]) : undefined;
  }
  string(key: number): string | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    const s = utf16String(this.bytes.data, e[0], e[0] + e[1]);
    return s || undefined;
  }
  /** A 4-byte timestamp (see ./values.ts). */
  at(key: number): number | undefined {
    const e = this.map.get(key);
    return e && e[1] >= 4 ? e[0] : undefined;
  }
}

// ---------------------------------------------------------------- FixedMeta / FixedData

export interface FixedMeta {
  bytes: Bytes;
  /** Item count the header claims. */
  claimed: number;
  itemSize: number;
  count: number;
  /** Offset of item i in `bytes`: 16 + i × itemSize. */
}

export function readFixedMeta(data: Uint8Array, itemSize: number | ((available: number, claimed: number) => number)): FixedMeta | undefined {
  const bytes = new Bytes(data);
  if (bytes.length < 16 || bytes.u32(0) !== FIXED_META_MAGIC) return undefined;
  const claimed = bytes.i32(8);
  const size = typeof itemSize === 'number' ? itemSize : itemSize(bytes.length - 16, claimed);
  return { bytes, claimed, itemSize: size, count: Math.floor((bytes.length - 16) / size) };
}

/** Picks the item size among candidates as MS Project's files need: the one that divides the block and matches the other block's count. */
export function itemSizeMatching(otherCount: number, ...sizes: number[]): (available: number, claimed: number) => number {
  return (available, claimed) => {
    let best = sizes[0];
    let distance = -Infinity;
    for (const s of sizes) {
      if (available % s !== 0) continue;
      if (available / s === otherCount) return s;
      const d = claimed * s - available;
      if (d <= 0 && d > distance) {
        best = s;
        distance = d;
      }
    }
    return best;
  };
}

export interface FixedData {
  bytes: Bytes;
  /** Start of record i in `bytes`, or -1 when the meta item points outside the stream. */
  starts: Int32Array;
  lengths: Int32Array;
}

/**
 * Records located through FixedMeta: record i starts at meta item i's offset and runs to the
 * next record's offset (or to `fixedSize` when the layout fixes it), clipped to `maxSize`; a
 * record the offsets give no length gets `minSize` (MPP12 writes some records that way).
 */
export function readFixedData(meta: FixedMeta, data: Uint8Array, maxSize = 0, fixedSize = 0, minSize = 0): FixedData {
  const bytes = new Bytes(data);
  const n = meta.count;
  const starts = new Int32Array(n).fill(-1);
  const lengths = new Int32Array(n);
  const offsetOf = (i: number) => meta.bytes.i32(16 + i * meta.itemSize + 4);
  for (let i = 0; i < n; i++) {
    const start = offsetOf(i);
    if (start < 0 || start > data.length) continue;
    const available = data.length - start;
    let size: number;
    if (fixedSize) size = Math.min(fixedSize, available);
    else {
      size = i + 1 === n ? available : offsetOf(i + 1) - start;
      if (size === 0) size = minSize;
      if (size < 0 || size > available) size = maxSize ? Math.min(maxSize, available) : available;
      if (maxSize && size > maxSize) size = maxSize;
    }
    if (size > 0) {
      starts[i] = start;
      lengths[i] = size;
    }
  }
  return { bytes, starts, lengths };
}

/** Records of one fixed size laid end to end (assignment blocks): record i at i × size. */
export function readFixedRecords(data: Uint8Array, size: number): FixedData {
  const n = Math.floor(data.length / size);
  const starts = new Int32Array(n);
  const lengths = new Int32Array(n).fill(size);
  for (let i = 0; i < n; i++) starts[i] = i * size;
  return { bytes: new Bytes(data), starts, lengths };
}

// ---------------------------------------------------------------- VarMeta / Var2Data

/**
 * Var data of one block: (unique ID, key) → the value's bytes in Var2Data. A block uses a few
 * dozen distinct keys, so each key gets a slot and each unique ID one small Int32Array of offsets
 * by slot (−1 for none): a lookup is two array reads. (A flat [key, offset…] list per ID, scanned
 * for each of a task's ~80 field reads, most of them misses, was the hottest line of a cold
 * 10k-task read; a Map on uid × 65536 + key outgrew V8's small integers and was slower still.)
 * Lookups for one entity come in a row, so the last ID's offsets are kept.
 */
export class VarData {
  private readonly byUid = new Map<number, Int32Array>();
  readonly ids: ReadonlySet<number>;
  readonly bytes: Bytes;
  /** Slot of each key (keys are below 2^16), −1 for a key the block never uses. */
  private readonly slotOf = new Int32Array(65536).fill(-1);
  private lastUid = NaN;
  private last: Int32Array | undefined;

  /** VarMeta as Project 2007+ write it (VarMeta12): 24-byte header, then 12-byte items (uid, offset, key, unknown). */
  static fromVarMeta12(meta: Uint8Array, data: Uint8Array): VarData {
    const m = new Bytes(meta);
    const vd = new VarData(data);
    const magic = m.u32(0);
    if (magic !== 0 && magic !== FIXED_META_MAGIC) return vd;
    const count = Math.max(0, Math.min(m.i32(8), Math.floor((m.length - 24) / 12)));
    const uids = new Int32Array(count);
    const keys = new Int32Array(count);
    const offsets = new Int32Array(count);
    for (let i = 0, p = 24; i < count; i++, p += 12) {
      uids[i] = m.i32(p);
      keys[i] = m.u16(p + 8);
      offsets[i] = m.i32(p + 4);
    }
    vd.index(uids, keys, offsets);
    return vd;
  }

  /** VarMeta as Project 2000–2003 write it (VarMeta9): 24-byte header, then 8-byte items (3-byte uid, 1-byte key, offset). */
  static fromVarMeta9(meta: Uint8Array, data: Uint8Array): VarData {
    const m = new Bytes(meta);
    const vd = new VarData(data);
    if (m.u32(0) !== FIXED_META_MAGIC) return vd;
    const count = Math.max(0, Math.min(m.i32(8), Math.floor((m.length - 24) / 8)));
    const uids = new Int32Array(count);
    const keys = new Int32Array(count);
    const offsets = new Int32Array(count);
    for (let i = 0, p = 24; i < count; i++, p += 8) {
      uids[i] = m.u8(p) | (m.u8(p + 1) << 8) | (m.u8(p + 2) << 16);
      keys[i] = m.u8(p + 3);
      offsets[i] = m.i32(p + 4);
    }
    vd.index(uids, keys, offsets);
    return vd;
  }

  private constructor(data: Uint8Array) {
    this.bytes = new Bytes(data);
    this.ids = new Set<number>();
  }

  /** Slots for the keys in use, then each ID's offsets; a later item for the same (ID, key) replaces the earlier one, as in a map. */
  private index(uids: Int32Array, keys: Int32Array, offsets: Int32Array): void {
    const valid = (i: number) => offsets[i] >= 0 && offsets[i] + 4 <= this.bytes.length;
    let slots = 0;
    for (let i = 0; i < keys.length; i++) if (valid(i) && this.slotOf[keys[i]] < 0) this.slotOf[keys[i]] = slots++;
    for (let i = 0; i < uids.length; i++) {
      if (!valid(i)) continue;
      let row = this.byUid.get(uids[i]);
      if (!row) {
        row = new Int32Array(slots).fill(-1);
        this.byUid.set(uids[i], row);
        (this.ids as Set<number>).add(uids[i]);
      }
      row[this.slotOf[keys[i]]] = offsets[i];
    }
  }

  private offset(uid: number, key: number): number {
    if (uid !== this.lastUid) {
      this.lastUid = uid;
      this.last = this.byUid.get(uid);
    }
    const row = this.last;
    if (!row || key < 0 || key > 65535) return -1;
    const slot = this.slotOf[key];
    return slot < 0 ? -1 : row[slot];
  }

  /** Start of the value's bytes (after its length), or -1. */
  start(uid: number, key: number): number {
    const o = this.offset(uid, key);
    if (o < 0) return -1;
    const size = this.bytes.i32(o);
    return size < 0 || o + 4 + size > this.bytes.length ? -1 : o + 4;
  }
  size(uid: number, key: number): number {
    const o = this.offset(uid, key);
    return o < 0 ? 0 : Math.max(0, Math.min(this.bytes.i32(o), this.bytes.length - o - 4));
  }
  string(uid: number, key: number): string | undefined {
    const s = this.start(uid, key);
    if (s < 0) return undefined;
    const str = utf16String(this.bytes.data, s, s + this.size(uid, key));
    return str || undefined;
  }
}
