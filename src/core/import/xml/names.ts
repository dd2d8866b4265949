/**
 * A fixed vocabulary of element names, looked up straight from the UTF-8 bytes of a tag.
 *
 * Why: a 10,000-task MS Project file has over a million elements. Making a JavaScript string of
 * every tag name just to compare it costs an allocation each; instead the scanner hashes the
 * name's bytes as it reads them and this table answers with a small integer id (the name's
 * index in the list given), or -1 for a name the reader does not care about. Readers then
 * `switch` on integer constants.
 */
export class NameTable {
  readonly names: readonly string[];
  private readonly slotId: Int32Array;
  /** Each slot's name hash and length, compared before any byte. */
  private readonly slotHash: Int32Array;
  private readonly slotLen: Int32Array;
  private readonly mask: number;
  private readonly encoded: Uint8Array[];

  constructor(names: readonly string[]) {
    this.names = names;
    let size = 64;
    while (size < names.length * 4) size <<= 1;
    this.mask = size - 1;
    this.slotId = new Int32Array(size).fill(-1);
    this.slotHash = new Int32Array(size);
    this.slotLen = new Int32Array(size);
    const enc = new TextEncoder();
    this.encoded = names.map((n) => enc.encode(n));
    this.encoded.forEach((bytes, id) => {
      const h = hashBytes(bytes, 0, bytes.length);
      let slot = mix(h) & this.mask;
      while (this.slotId[slot] !== -1) {
        if (names[this.slotId[slot]] === names[id]) throw new Error(`NameTable: "${names[id]}" is listed twice`);
        slot = (slot + 1) & this.mask;
      }
      this.slotId[slot] = id;
      this.slotHash[slot] = h;
      this.slotLen[slot] = bytes.length;
    });
  }

  /** The id of the name in bytes[start, end) whose hash (see `hashBytes`) is `hash`, or -1. */
  lookup(bytes: Uint8Array, start: number, end: number, hash: number): number {
    let slot = mix(hash) & this.mask;
    const len = end - start;
    for (;;) {
      const id = this.slotId[slot];
      if (id === -1) return -1;
      if (this.slotHash[slot] === hash && this.slotLen[slot] === len) {
        const e = this.encoded[id];
        let k = 0;
        while (k < len && e[k] === bytes[start + k]) k++;
        if (k === len) return id;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** The id of a name given as a string, or -1. */
  id(name: string): number {
    const bytes = new TextEncoder().encode(name);
    return this.lookup(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length));
  }
}

/** The name hash; the scanner computes the same `(h * 31 + byte) | 0` inline while reading a name. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + bytes[i]) | 0;
  return h;
}

/** Spreads the multiplicative hash's high bits into the low ones the table indexes by. */
const mix = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  return h ^ (h >>> 16);
};
