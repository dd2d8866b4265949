/**
 * Rewrites one property of one Props stream inside a real .mpp, for tests that need a value the
 * corpus does not carry (no corpus file has a renamed custom field). The container is rewritten
 * with the `cfb` package (a writer; the reader under test is our own). The new value is appended
 * as a later entry for the key, which wins, as it does in MS Project's own files.
 */
import * as CFB from 'cfb';

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

export function withProp(original: Uint8Array, streamPath: string, key: number, value: Uint8Array): Uint8Array {
  const cfb = CFB.read(Buffer.from(original) as unknown as CFB.CFB$Blob, { type: 'buffer' });
  const e = CFB.find(cfb, streamPath);
  if (!e) throw new Error(`no ${streamPath}`);
  const props = new Uint8Array(e.content as ArrayLike<number> as Uint8Array);
  const head = props.slice();
  const count = le(head).getUint16(12, true);
  le(head).setUint16(12, count + 1, true);
  let end = 16;
  for (let i = 0; i < count; i++) {
    const size = le(head).getInt32(end, true);
    end += 12 + size + (size & 1);
  }
  const entry = new Uint8Array(12 + value.length + (value.length & 1));
  le(entry).setInt32(0, value.length, true);
  le(entry).setInt32(4, key, true);
  entry.set(value, 12);
  const data = new Uint8Array(end + entry.length + (head.length - end));
  data.set(head.subarray(0, end), 0);
  data.set(entry, end);
  data.set(head.subarray(end), end + entry.length);
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
  const parts = Array.from({ length: count }, (_, i) => utf16z(at[i] ?? ''));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
