/**
 * A hash map from integer keys (P6 ids) to non-negative integers (row or activity indexes), in two
 * typed arrays. P6 files have hundreds of thousands of task ids looked up several times each;
 * this is several times faster than a Map and allocates nothing per entry.
 */
export class IntIndex {
  private keys: Int32Array;
  private values: Int32Array;
  private mask: number;
  private shift: number;
  size = 0;

  constructor(expected = 16) {
    let cap = 16;
    while (cap < expected * 2) cap <<= 1;
    this.keys = new Int32Array(cap);
    this.values = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
  }

  /** Fibonacci hashing: the top bits of key × 2^32/φ spread sequential ids over the table. */
  private slot(key: number): number {
    return Math.imul(key | 0, 0x9e3779b1) >>> this.shift;
  }

  /** The value for `key`, or -1. */
  get(key: number): number {
    const keys = this.keys;
    const values = this.values;
    let i = this.slot(key);
    for (;;) {
      const v = values[i];
      if (v === -1) return -1;
      if (keys[i] === key) return v;
      i = (i + 1) & this.mask;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== -1;
  }

  /** Sets `key` to `value` (≥ 0). Keys must fit in 32 bits (P6 ids do). */
  set(key: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    let i = this.slot(key);
    for (;;) {
      if (this.values[i] === -1) {
        this.keys[i] = key;
        this.values[i] = value;
        this.size++;
        return;
      }
      if (this.keys[i] === key) {
        this.values[i] = value;
        return;
      }
      i = (i + 1) & this.mask;
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const cap = oldKeys.length * 2;
    this.keys = new Int32Array(cap);
    this.values = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    this.size = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldValues[i] !== -1) this.set(oldKeys[i], oldValues[i]);
  }
}

/** True when a key can go in an IntIndex. */
export const fitsIntIndex = (key: number) => key >= -0x80000000 && key <= 0x7fffffff;
