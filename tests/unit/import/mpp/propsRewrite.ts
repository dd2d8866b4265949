/**
 * Adds properties to one Props stream inside a real .mpp, for tests that need a value the corpus
 * does not carry (no corpus file has a renamed custom field or a password). The container is rewritten
 * with the `cfb` package (a writer; the reader under test is our own). A new value is appended
 * as a later entry for its key, which wins, as it does in MS Project's own files.
 */
import * as CFB from 'cfb';
import { concat } from '../../../../bench/mppSynth';

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

export function withProp(original: Uint8Array, streamPath: string, key: number, value: Uint8Array): Uint8Array {
  return withProps(original, streamPath, [[key, value]]);
}

/** Appends each [key, value] after the counted entries of the Props stream at `streamPath`. */
export function withProps(original: Uint8Array, streamPath: string, entries: readonly (readonly [key: number, value: Uint8Array])[]): Uint8Array {
  const cfb = CFB.read(Buffer.from(original) as unknown as CFB.CFB$Blob, { type: 'buffer' });
  const e = CFB.find(cfb, streamPath);
  if (!e) throw new Error(`no ${streamPath}`);
  const head = new Uint8Array(e.content as ArrayLike<number> as Uint8Array).slice();
  const count = le(head).getUint16(12, true);
  le(head).setUint16(12, count + entries.length, true);
  let end = 16;
  for (let i = 0; i < count; i++) {
    const size = le(head).getInt32(end, true);
    end += 12 + size + (size & 1);
  }
  const added = entries.map(([key, value]) => {
    const entry = new Uint8Array(12 + value.length + (value.length & 1));
    le(entry).setInt32(0, value.length, true);
    le(entry).setInt32(4, key, true);
    entry.set(value, 12);
    return entry;
  });
  const data = concat([head.subarray(0, end), ...added, head.subarray(end)]);
  e.content = Buffer.from(data) as unknown as CFB.CFB$Blob;
  e.size = data.length;
  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

/** The raw value of `key` in the Props stream at `streamPath` (as the file holds it). */
export function propOf(original: Uint8Array, streamPath: string, key: number): Uint8Array | undefined {
  const cfb = CFB.read(Buffer.from(original) as unknown as CFB.CFB$Blob, { type: 'buffer' });
  const e = CFB.find(cfb, streamPath);
  if (!e) return undefined;
  const b = new Uint8Array(e.content as ArrayLike<number> as Uint8Array);
  const v = le(b);
  let found: Uint8Array | undefined;
  let p = 16;
  for (let i = 0; i < v.getUint16(12, true) && p + 12 <= b.length; i++) {
    const size = v.getInt32(p, true);
    if (v.getInt32(p + 4, true) === key) found = b.slice(p + 12, p + 12 + size);
    p += 12 + size + (size & 1);
  }
  return found;
}

const utf16z = (s: string) => {
  const out = new Uint8Array((s.length + 1) * 2);
  for (let i = 0; i < s.length; i++) le(out).setUint16(i * 2, s.charCodeAt(i), true);
  return out;
};

/**
 * An MPP12/14 alias block as the layout is documented (see src/core/import/mpp/aliases.ts): size,
 * size, count, (field ID, offset − 4) pairs, then the NUL-terminated UTF-16 names; `rest` is what
 * followed the original block (the field definition blocks), kept as it was.
 */
export function aliasBlock(aliases: [fieldId: number, alias: string][], rest: Uint8Array = new Uint8Array(0)): Uint8Array {
  const names = aliases.map(([, a]) => utf16z(a));
  const headerLen = 12 + 8 * aliases.length;
  const size = headerLen - 4 + names.reduce((n, x) => n + x.length, 0);
  const out = new Uint8Array(4 + size + rest.length);
  le(out).setUint32(0, size, true);
  le(out).setUint32(4, size, true);
  le(out).setUint32(8, aliases.length, true);
  let at = headerLen;
  aliases.forEach(([fieldId], i) => {
    le(out).setUint32(12 + 8 * i, fieldId, true);
    le(out).setUint32(16 + 8 * i, at - 4, true);
    out.set(names[i], at);
    at += names[i].length;
  });
  out.set(rest, 4 + size);
  return out;
}

/** An MPP9 alias list: `count` NUL-terminated UTF-16 strings, empty except at the given positions. */
export function mpp9AliasList(count: number, at: Record<number, string>): Uint8Array {
  return concat(Array.from({ length: count }, (_, i) => utf16z(at[i] ?? '')));
}

/**
 * The same plan with MS Project's "password to open" set: the root Props14 gains the password
 * flag (key 893386752, bit 0) and a protection-password hash (key 893386756), which is what a
 * password-protected .mpp carries (MPXJ's MPP14 reader refuses exactly this pair).
 */
export function withOpenPassword(original: Uint8Array): Uint8Array {
  return withProps(original, '/Props14', [
    [893386752, new Uint8Array([1, 0])],
    [893386756, new Uint8Array(64).fill(7)],
  ]);
}
