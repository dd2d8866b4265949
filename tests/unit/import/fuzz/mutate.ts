/**
 * Seeded mutations of schedule files for the reader fuzz test. Every mutation is a pure function
 * of (bytes, prng), so a failing case is replayed from its seed and case number alone.
 */

/** xorshift32: tiny, fast and deterministic for a given non-zero seed. */
export function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

export type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)];

const enc = new TextEncoder();
const latin1 = (b: Uint8Array) => {
  let s = '';
  for (let i = 0; i < b.length; i += 65536) s += String.fromCharCode(...b.subarray(i, i + 65536));
  return s;
};
const fromLatin1 = (s: string) => {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 0xff;
  return b;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** Line boundaries of the bytes (LF, keeping CR with its line). */
function lines(b: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < b.length; i++) {
    if (b[i] === 10) {
      out.push([start, i + 1]);
      start = i + 1;
    }
  }
  if (start < b.length) out.push([start, b.length]);
  return out;
}

const HOSTILE_NUMBERS = ['1e308', '-1e308', '1e309', '-1', '-99999999', '99999999999999999999999', 'NaN', 'Infinity', '-Infinity', '-0', '1e-308', '4294967296', '0x7fffffff', '9007199254740993', '1.7976931348623157e308', '', '.', '-'];

const XML_ATTACKS = [
  // Billion laughs: entities defined in a DTD and expanded.
  `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">]>`,
  // External entity.
  `<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`,
  // Parameter entities.
  `<!DOCTYPE x [<!ENTITY % p "<!ENTITY e 'x'>"> %p;]>`,
];

/** Text inserted at a random place in an XML file. */
function xmlPayload(r: Rand): string {
  switch (int(r, 8)) {
    case 0:
      return '<a>'.repeat(50_000 + int(r, 50_000));
    case 1:
      return `${'<Task>'.repeat(2000)}${'</Task>'.repeat(2000)}`;
    case 2:
      return '&lol5;';
    case 3:
      return '&xxe;&#0;&#xD800;&#99999999;&#x110000;&unknown;&amp';
    case 4:
      return `<Name>${'&amp;'.repeat(20_000)}</Name>`;
    case 5:
      return '<![CDATA[ never closed';
    case 6:
      return `<Task x="${'"'.repeat(3)}`;
    default:
      return `<?xml version="1.0" encoding="${pick(r, ['utf-16', 'ebcdic', 'x-unknown', 'windows-1251', 'utf-32'])}"?>`;
  }
}

export const MUTATIONS = [
  'truncate',
  'flip-bytes',
  'delete-lines',
  'duplicate-lines',
  'hostile-number',
  'utf16',
  'bom-and-invalid-utf8',
  'xml-attack',
  'splice',
  'huge-field',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** One or two mutations of `input` (the second on top of the first, so they combine). */
export function mutate(input: Uint8Array, r: Rand, donor: Uint8Array): { bytes: Uint8Array; applied: Mutation[] } {
  const applied: Mutation[] = [];
  let b = input;
  const rounds = r() < 0.25 ? 2 : 1;
  for (let k = 0; k < rounds; k++) {
    const m = pick(r, MUTATIONS);
    applied.push(m);
    b = apply(m, b, r, donor);
  }
  return { bytes: b, applied };
}

function apply(m: Mutation, b: Uint8Array, r: Rand, donor: Uint8Array): Uint8Array {
  if (b.length === 0) return b;
  switch (m) {
    case 'truncate':
      return b.slice(0, int(r, b.length));
    case 'flip-bytes': {
      const out = b.slice();
      const n = 1 + int(r, 16);
      for (let i = 0; i < n; i++) out[int(r, out.length)] ^= 1 + int(r, 255);
      return out;
    }
    case 'delete-lines':
    case 'duplicate-lines': {
      const ls = lines(b);
      if (ls.length < 2) return b;
      const from = int(r, ls.length);
      const to = Math.min(ls.length, from + 1 + (r() < 0.2 ? int(r, 50) : 0));
      const [s] = ls[from];
      const e = ls[to - 1][1];
      if (m === 'delete-lines') return concat(b.subarray(0, s), b.subarray(e));
      const copies = r() < 0.1 ? 200 : 1 + int(r, 3);
      return concat(b.subarray(0, e), ...Array.from({ length: copies }, () => b.subarray(s, e)), b.subarray(e));
    }
    case 'hostile-number': {
      // Replace several numbers of the file with hostile ones.
      const text = latin1(b);
      const re = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
      const spots: [number, number][] = [];
      for (let mm = re.exec(text); mm && spots.length < 100_000; mm = re.exec(text)) spots.push([mm.index, mm.index + mm[0].length]);
      if (!spots.length) return b;
      const chosen = new Set(Array.from({ length: 1 + int(r, 20) }, () => int(r, spots.length)));
      let out = '';
      let at = 0;
      for (const i of [...chosen].sort((x, y) => x - y)) {
        out += text.slice(at, spots[i][0]) + pick(r, HOSTILE_NUMBERS);
        at = spots[i][1];
      }
      return fromLatin1(out + text.slice(at));
    }
    case 'utf16': {
      // The same text as UTF-16 (LE or BE, with or without a byte-order mark).
      const text = new TextDecoder('utf-8').decode(b);
      const le = r() < 0.5;
      const bom = r() < 0.7;
      const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
      let o = 0;
      if (bom) {
        out[o++] = le ? 0xff : 0xfe;
        out[o++] = le ? 0xfe : 0xff;
      }
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        out[o++] = le ? c & 0xff : c >> 8;
        out[o++] = le ? c >> 8 : c & 0xff;
      }
      return out;
    }
    case 'bom-and-invalid-utf8': {
      const bad = pick(r, [[0xef, 0xbb, 0xbf], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xff, 0xfe], [0x00, 0x00], [0xc0, 0xaf]]);
      const at = r() < 0.3 ? 0 : int(r, b.length);
      return concat(b.subarray(0, at), new Uint8Array(bad), b.subarray(at));
    }
    case 'xml-attack': {
      const text = latin1(b);
      const decl = text.indexOf('?>');
      if (r() < 0.4 && decl >= 0) {
        const attack = pick(r, XML_ATTACKS);
        return fromLatin1(`${text.slice(0, decl + 2)}${attack}${text.slice(decl + 2)}`);
      }
      const at = text.indexOf('>', int(r, text.length));
      const p = at < 0 ? text.length : at + 1;
      return concat(b.subarray(0, p), enc.encode(xmlPayload(r)), b.subarray(p));
    }
    case 'splice': {
      const from = int(r, donor.length);
      const len = Math.min(donor.length - from, 1 + int(r, 4096));
      const at = int(r, b.length);
      return concat(b.subarray(0, at), donor.subarray(from, from + len), b.subarray(at + (r() < 0.5 ? len : 0)));
    }
    case 'huge-field': {
      // A field or element text of a few megabytes (names copied everywhere, 'Invalid string length').
      const at = int(r, b.length);
      const filler = pick(r, ['N', 'é', '\t', ',', '"', '<', '0', '9']);
      return concat(b.subarray(0, at), enc.encode(filler.repeat(100_000 + int(r, 1_000_000))), b.subarray(at));
    }
  }
}
