/**
 * Damaged and protected variants of real .mpp files for the reader's tests. The container is
 * rewritten with the `cfb` package (a writer; the reader under test is our own). The large
 * synthetic .mpp for speed lives in bench/mppSynth.ts.
 */
import * as CFB from 'cfb';

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * The same plan with MS Project's "password to open" set: the root Props14 gains the password
 * flag (key 893386752, bit 0) and a protection-password hash (key 893386756), which is what a
 * password-protected .mpp carries (MPXJ's MPP14 reader refuses exactly this pair).
 */
export function withOpenPassword(original: Uint8Array): Uint8Array {
  const cfb = CFB.read(Buffer.from(original) as unknown as CFB.CFB$Blob, { type: 'buffer' });
  const e = CFB.find(cfb, '/Props14');
  if (!e) throw new Error('no Props14');
  const props = new Uint8Array(e.content as ArrayLike<number> as Uint8Array);
  const entry = (key: number, value: Uint8Array) => {
    const out = new Uint8Array(12 + value.length + (value.length & 1));
    le(out).setInt32(0, value.length, true);
    le(out).setInt32(4, key, true);
    out.set(value, 12);
    return out;
  };
  const head = props.slice();
  const count = le(head).getUint16(12, true);
  le(head).setUint16(12, count + 2, true);
  // New properties go right after the counted ones (a later entry for a key wins, as in MS Project's files).
  let end = 16;
  for (let i = 0; i < count; i++) {
    const size = le(head).getInt32(end, true);
    end += 12 + size + (size & 1);
  }
  const data = concat([head.subarray(0, end), entry(893386752, new Uint8Array([1, 0])), entry(893386756, new Uint8Array(64).fill(7)), head.subarray(end)]);
  e.content = Buffer.from(data) as unknown as CFB.CFB$Blob;
  e.size = data.length;
  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}
