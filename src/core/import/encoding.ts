/**
 * Text encoding detection for files that do not declare one (P6 XER above all).
 *
 * Real XER files come as UTF-8, windows-1252 (Western), windows-1251 (Cyrillic) or windows-1256
 * (Arabic), with nothing in the file saying which. The order of evidence:
 *   1. a byte-order mark (UTF-8, UTF-16LE/BE) settles it;
 *   2. an explicit hint from the caller (a WHATWG label such as "windows-1251");
 *   3. bytes that are valid UTF-8 are UTF-8 (pure ASCII included) — a single-byte file with any
 *      high byte is almost never valid UTF-8 by accident;
 *   4. otherwise the three code pages are scored by what their high bytes decode to (see
 *      `scoreCodePages`): Cyrillic and Arabic text makes runs of high bytes that decode to letters
 *      of one script with a sane upper/lower-case pattern, while Western text has an accented
 *      letter here and there inside ASCII words and symbols such as £ € ’ “ ”.
 *
 * Speed matters (a 150 MB XER must decode in a fraction of a second): UTF-8 is decoded natively
 * in one call; single-byte files are decoded in 1 MiB chunks, the chunks without a high byte
 * through the (fast, SIMD) UTF-8 decoder and only the others through the code-page decoder.
 */

export interface DecodedText {
  text: string;
  /** WHATWG label of the encoding used: 'utf-8', 'utf-16le', 'windows-1252', ... */
  encoding: string;
  /** Why this encoding was chosen when it was a guess, or what was cleaned up. */
  note?: string;
}

/** The single-byte code pages the detector chooses between (WHATWG labels). */
export const CODE_PAGES = ['windows-1252', 'windows-1251', 'windows-1256'] as const;
export type CodePage = (typeof CODE_PAGES)[number];

const CHUNK = 1 << 20;

/**
 * Decodes bytes of unknown encoding. `hint` (a WHATWG encoding label) wins over detection unless
 * the bytes start with a byte-order mark.
 */
export function decodeText(bytes: Uint8Array, hint?: string): DecodedText {
  const bom = bomEncoding(bytes);
  if (bom) {
    const text = new TextDecoder(bom.encoding).decode(bytes.subarray(bom.length));
    return { text, encoding: bom.encoding, note: `byte-order mark says ${bom.encoding}` };
  }
  if (hint) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(hint);
    } catch {
      throw new RangeError(`Unknown text encoding "${hint}". Use a label such as utf-8, windows-1252, windows-1251 or windows-1256.`);
    }
    const encoding = decoder.encoding;
    return { text: isCodePage(encoding) ? decodeSingleByte(bytes, encoding) : decoder.decode(bytes), encoding, note: `encoding ${encoding} as requested` };
  }
  const utf8 = tryUtf8(bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };

  const flags = highByteChunks(bytes);
  const guess = bestCodePage(bytes, flags);
  const best = guess.cp;
  let text = decodeSingleByte(bytes, best, flags);
  let note = guess.note;
  // P6 sometimes pastes a UTF-8 byte-order mark into a memo or unit field of a code-page file;
  // decoded as a code page it shows as "ï»¿" (1252) or "п»ї" (1251). Drop those artefacts.
  const artefact = decodeSingleByte(UTF8_BOM, best);
  if (text.includes(artefact)) {
    const before = text.length;
    text = text.split(artefact).join('');
    note += `; removed ${(before - text.length) / artefact.length} stray UTF-8 byte-order mark(s)`;
  }
  return { text, encoding: best, note };
}

const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** Real characters of a sparsely decoded text (see `decodeTextSparse`). */
export interface TextPatches {
  /** Ascending positions in the text that hold `PLACEHOLDER`. */
  at: Int32Array;
  /** The real text at each position ('' for a dropped artefact). */
  chars: string[];
}

export interface SparseDecodedText extends DecodedText {
  /** Present when the text holds placeholders; apply with `patchedSlice`. */
  patches?: TextPatches;
}

/** Stands in for a high byte in a sparsely decoded text: SUB, never a tab or line break. */
export const PLACEHOLDER = '\u001a';

/** A single-byte file with at most this share of high bytes is decoded sparsely. */
const SPARSE_MAX_SHARE = 1 / 2000;

/**
 * `decodeText` for big readers: a code-page file whose high bytes are rare (the usual Western
 * XER: £ € ¥ in CURRTYPE and an accent here and there) is decoded as ASCII with a placeholder per
 * high byte, plus the list of real characters. That takes the native ASCII fast path over the
 * whole file and never copies the text again, about twice as fast as decoding chunk by chunk;
 * readers cut values with `patchedSlice`. Anything else decodes exactly like `decodeText`.
 */
export function decodeTextSparse(bytes: Uint8Array, hint?: string): SparseDecodedText {
  if (hint || bomEncoding(bytes)) return decodeText(bytes, hint);
  const utf8 = tryUtf8(bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };
  const flags = highByteChunks(bytes);
  const best = bestCodePage(bytes, flags);
  let high = 0;
  for (let k = 0; k < flags.length; k++) {
    if (!flags[k]) continue;
    const end = Math.min(bytes.length, (k + 1) * CHUNK);
    for (let i = k * CHUNK; i < end; i++) if (bytes[i] & 0x80) high++;
  }
  if (high > Math.max(256, bytes.length * SPARSE_MAX_SHARE)) return decodeText(bytes);
  const map = highMap(best.cp);
  const at = new Int32Array(high);
  const was = new Uint8Array(high);
  const chars: string[] = new Array(high);
  let n = 0;
  let artefacts = 0;
  for (let k = 0; k < flags.length; k++) {
    if (!flags[k]) continue;
    const end = Math.min(bytes.length, (k + 1) * CHUNK);
    for (let i = k * CHUNK; i < end; i++) {
      const b = bytes[i];
      if (!(b & 0x80)) continue;
      at[n] = i;
      was[n] = b;
      // A UTF-8 byte-order mark pasted into a field (see decodeText) reads as nothing.
      const bom = b === 0xef && bytes[i + 1] === 0xbb && bytes[i + 2] === 0xbf;
      const inBom = bom || (b === 0xbb && bytes[i - 1] === 0xef && bytes[i + 1] === 0xbf) || (b === 0xbf && bytes[i - 2] === 0xef && bytes[i - 1] === 0xbb);
      if (bom) artefacts++;
      chars[n++] = inBom ? '' : String.fromCharCode(map[b - 0x80]);
    }
  }
  // Placeholders go into the caller's bytes only for the length of one native decode call and are
  // put back before returning (JavaScript runs this to the end without interruption): copying a
  // 150 MB file instead would add its size to the peak memory of the import.
  let text: string;
  try {
    for (let k = 0; k < n; k++) bytes[at[k]] = 0x1a;
    text = new TextDecoder('utf-8').decode(bytes);
  } finally {
    for (let k = 0; k < n; k++) bytes[at[k]] = was[k];
  }
  let note = best.note;
  if (artefacts) note += `; removed ${artefacts} stray UTF-8 byte-order mark(s)`;
  return { text, encoding: best.cp, note, patches: { at, chars } };
}

/** text.slice(a, b) with the real characters of a sparsely decoded text put back. */
export function patchedSlice(text: string, a: number, b: number, patches: TextPatches | undefined): string {
  const s = text.slice(a, b);
  if (!patches || s.indexOf(PLACEHOLDER) < 0) return s;
  const at = patches.at;
  // First patch at or after a.
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid] < a) lo = mid + 1;
    else hi = mid;
  }
  let out = '';
  let from = a;
  for (let k = lo; k < at.length && at[k] < b; k++) {
    out += text.slice(from, at[k]) + patches.chars[k];
    from = at[k] + 1;
  }
  return out + text.slice(from, b);
}

function bestCodePage(bytes: Uint8Array, flags: Uint8Array): { cp: CodePage; note: string } {
  const scores = scoreCodePages(bytes, flags);
  // Ties (a file whose only high bytes are £ € ¥, the same in 1252 and 1256) go to windows-1252,
  // P6's code page on Western systems.
  let cp: CodePage = 'windows-1252';
  for (const c of CODE_PAGES) if (scores[c] > scores[cp]) cp = c;
  return { cp, note: `not UTF-8; guessed ${cp} from its accented letters and symbols (scores: ${CODE_PAGES.map((c) => `${c} ${scores[c].toFixed(1)}`).join(', ')})` };
}

function bomEncoding(b: Uint8Array): { encoding: string; length: number } | null {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** The text when the bytes are valid UTF-8, else null. */
function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** True when bytes[from, to) holds a byte ≥ 0x80. Reads four bytes at a time where aligned. */
function hasHighByte(bytes: Uint8Array, from: number, to: number): boolean {
  let i = from;
  const abs = bytes.byteOffset + i;
  // Byte-wise up to a 4-byte boundary, then 32-bit words, then the tail.
  const head = Math.min(to, i + ((4 - (abs & 3)) & 3));
  for (; i < head; i++) if (bytes[i] & 0x80) return true;
  const words = (to - i) >> 2;
  if (words > 0) {
    const w = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    let acc = 0;
    for (let k = 0; k < words; k++) {
      acc |= w[k];
      // Checking every 64 words keeps the loop tight but still stops early.
      if ((k & 63) === 63 && acc & 0x80808080) return true;
    }
    if (acc & 0x80808080) return true;
    i += words << 2;
  }
  for (; i < to; i++) if (bytes[i] & 0x80) return true;
  return false;
}

/**
 * Characters of bytes 0x80–0xFF in each code page (WHATWG index; bytes a code page leaves undefined
 * map to the C1 control of the same number, as browsers do). Kept here rather than asking
 * TextDecoder because Node 20 decodes "windows-1252" as ISO-8859-1 (0x80 → U+0080, not €).
 */
const HIGH_CHARS: Record<CodePage, string> = {
  'windows-1252': '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178\u00a0\u00a1\u00a2\u00a3\u00a4\u00a5\u00a6\u00a7\u00a8\u00a9\u00aa\u00ab\u00ac\u00ad\u00ae\u00af\u00b0\u00b1\u00b2\u00b3\u00b4\u00b5\u00b6\u00b7\u00b8\u00b9\u00ba\u00bb\u00bc\u00bd\u00be\u00bf\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00cc\u00cd\u00ce\u00cf\u00d0\u00d1\u00d2\u00d3\u00d4\u00d5\u00d6\u00d7\u00d8\u00d9\u00da\u00db\u00dc\u00dd\u00de\u00df\u00e0\u00e1\u00e2\u00e3\u00e4\u00e5\u00e6\u00e7\u00e8\u00e9\u00ea\u00eb\u00ec\u00ed\u00ee\u00ef\u00f0\u00f1\u00f2\u00f3\u00f4\u00f5\u00f6\u00f7\u00f8\u00f9\u00fa\u00fb\u00fc\u00fd\u00fe\u00ff',
  'windows-1251': '\u0402\u0403\u201a\u0453\u201e\u2026\u2020\u2021\u20ac\u2030\u0409\u2039\u040a\u040c\u040b\u040f\u0452\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u0098\u2122\u0459\u203a\u045a\u045c\u045b\u045f\u00a0\u040e\u045e\u0408\u00a4\u0490\u00a6\u00a7\u0401\u00a9\u0404\u00ab\u00ac\u00ad\u00ae\u0407\u00b0\u00b1\u0406\u0456\u0491\u00b5\u00b6\u00b7\u0451\u2116\u0454\u00bb\u0458\u0405\u0455\u0457\u0410\u0411\u0412\u0413\u0414\u0415\u0416\u0417\u0418\u0419\u041a\u041b\u041c\u041d\u041e\u041f\u0420\u0421\u0422\u0423\u0424\u0425\u0426\u0427\u0428\u0429\u042a\u042b\u042c\u042d\u042e\u042f\u0430\u0431\u0432\u0433\u0434\u0435\u0436\u0437\u0438\u0439\u043a\u043b\u043c\u043d\u043e\u043f\u0440\u0441\u0442\u0443\u0444\u0445\u0446\u0447\u0448\u0449\u044a\u044b\u044c\u044d\u044e\u044f',
  'windows-1256': '\u20ac\u067e\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0679\u2039\u0152\u0686\u0698\u0688\u06af\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u06a9\u2122\u0691\u203a\u0153\u200c\u200d\u06ba\u00a0\u060c\u00a2\u00a3\u00a4\u00a5\u00a6\u00a7\u00a8\u00a9\u06be\u00ab\u00ac\u00ad\u00ae\u00af\u00b0\u00b1\u00b2\u00b3\u00b4\u00b5\u00b6\u00b7\u00b8\u00b9\u061b\u00bb\u00bc\u00bd\u00be\u061f\u06c1\u0621\u0622\u0623\u0624\u0625\u0626\u0627\u0628\u0629\u062a\u062b\u062c\u062d\u062e\u062f\u0630\u0631\u0632\u0633\u0634\u0635\u0636\u00d7\u0637\u0638\u0639\u063a\u0640\u0641\u0642\u0643\u00e0\u0644\u00e2\u0645\u0646\u0647\u0648\u00e7\u00e8\u00e9\u00ea\u00eb\u0649\u064a\u00ee\u00ef\u064b\u064c\u064d\u064e\u00f4\u064f\u0650\u00f7\u0651\u00f9\u0652\u00fb\u00fc\u200e\u200f\u06d2',
};

const highMaps = new Map<CodePage, Uint16Array>();
function highMap(cp: CodePage): Uint16Array {
  let m = highMaps.get(cp);
  if (!m) {
    const s = HIGH_CHARS[cp];
    m = new Uint16Array(128);
    for (let i = 0; i < 128; i++) m[i] = s.charCodeAt(i);
    highMaps.set(cp, m);
  }
  return m;
}

const isCodePage = (e: string): e is CodePage => (CODE_PAGES as readonly string[]).includes(e);
/**
 * Decodes bytes with a 128-entry table for the high half; ASCII passes through. Builds the string
 * with String.fromCharCode in slices, so a chunk whose characters all fit in Latin-1 (£, é, …)
 * stays a one-byte string in V8, half the memory of a two-byte one.
 */
function decodeWithTable(bytes: Uint8Array, map: Uint16Array): string {
  const out = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    out[i] = b < 0x80 ? b : map[b - 0x80];
  }
  const parts: string[] = [];
  for (let i = 0; i < out.length; i += 8192) parts.push(String.fromCharCode.apply(null, out.subarray(i, i + 8192) as unknown as number[]));
  return parts.join('');
}

/** Encodes text in a single-byte code page (for tests and synthetic files); unmappable → '?'. */
export function encodeSingleByte(text: string, encoding: CodePage): Uint8Array {
  const map = highMap(encoding);
  const reverse = new Map<number, number>();
  for (let i = 0; i < 128; i++) reverse.set(map[i], 0x80 + i);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 0x80 ? c : (reverse.get(c) ?? 0x3f);
  }
  return out;
}

/**
 * Decodes a single-byte code page chunk by chunk: chunks without a high byte go through the
 * native UTF-8 decoder (identical output for ASCII, and much faster), the others through the
 * code page's table. Other single-byte labels fall back to TextDecoder.
 */
export function decodeSingleByte(bytes: Uint8Array, encoding: string, chunksWithHighBytes?: Uint8Array): string {
  if (!isCodePage(encoding)) return new TextDecoder(encoding).decode(bytes);
  const map = highMap(encoding);
  const flags = chunksWithHighBytes ?? highByteChunks(bytes);
  const ascii = new TextDecoder('utf-8');
  const parts: string[] = [];
  let k = 0;
  while (k < flags.length) {
    // A run of ASCII-only chunks is decoded in one native call; a chunk with high bytes by table.
    let e = k;
    while (e < flags.length && !flags[e]) e++;
    if (e > k) parts.push(ascii.decode(bytes.subarray(k * CHUNK, Math.min(bytes.length, e * CHUNK))));
    if (e < flags.length) parts.push(decodeWithTable(bytes.subarray(e * CHUNK, Math.min(bytes.length, (e + 1) * CHUNK)), map));
    k = e + 1;
  }
  return parts.length === 1 ? parts[0] : parts.join('');
}

/** One flag per 1 MiB chunk: does it hold a byte ≥ 0x80? */
export function highByteChunks(bytes: Uint8Array): Uint8Array {
  const flags = new Uint8Array(Math.ceil(bytes.length / CHUNK));
  for (let k = 0; k < flags.length; k++) flags[k] = hasHighByte(bytes, k * CHUNK, Math.min(bytes.length, (k + 1) * CHUNK)) ? 1 : 0;
  return flags;
}

// ---------------------------------------------------------------------------------------------
// Scoring

type Script = 'latin' | 'cyrillic' | 'arabic';
const SCRIPT_OF: Record<CodePage, Script> = { 'windows-1252': 'latin', 'windows-1251': 'cyrillic', 'windows-1256': 'arabic' };

/** Symbols that are at home in schedules in any of the three code pages. */
const COMMON_SYMBOLS = new Set([...'£€¥¢©®°±§¶·«»–—‘’‚“”„•…‰№×÷™¼½¾²³µ', '\u00a0']);

const enum Cls {
  Other = 0,
  Latin = 1,
  Cyrillic = 2,
  Arabic = 3,
  Symbol = 4,
  Control = 5,
}

/** Per code page: class of each high byte's character and whether it is an upper-case letter. */
interface HighByteTable {
  cls: Uint8Array;
  upper: Uint8Array;
}

let tables: Record<CodePage, HighByteTable> | null = null;

function highByteTables(): Record<CodePage, HighByteTable> {
  if (tables) return tables;
  const out = {} as Record<CodePage, HighByteTable>;
  for (const cp of CODE_PAGES) {
    const chars = HIGH_CHARS[cp];
    const cls = new Uint8Array(128);
    const upper = new Uint8Array(128);
    for (let i = 0; i < 128; i++) {
      const ch = chars[i];
      const c = ch.charCodeAt(0);
      if (c < 0xa0 && c >= 0x80) cls[i] = Cls.Control; // undefined in this code page
      else if (c === 0xfffd) cls[i] = Cls.Control;
      else if (c >= 0x0400 && c <= 0x04ff) cls[i] = Cls.Cyrillic;
      else if ((c >= 0x0600 && c <= 0x06ff) || (c >= 0xfb50 && c <= 0xfeff)) cls[i] = Cls.Arabic;
      else if (/\p{L}/u.test(ch) && /\p{Script=Latin}/u.test(ch)) cls[i] = Cls.Latin;
      else if (COMMON_SYMBOLS.has(ch)) cls[i] = Cls.Symbol;
      else cls[i] = Cls.Other;
      upper[i] = ch !== ch.toLowerCase() ? 1 : 0;
    }
    out[cp] = { cls, upper };
  }
  tables = out;
  return out;
}

const SCRIPT_CLS: Record<Script, Cls> = { latin: Cls.Latin, cyrillic: Cls.Cyrillic, arabic: Cls.Arabic };

const isAsciiLetter = (b: number) => (b >= 65 && b <= 90) || (b >= 97 && b <= 122);

const BLOCK = 4096;

/** Stop after this many runs of high bytes: enough evidence, and big files stay fast. */
const MAX_RUNS = 20_000;

/**
 * Scores each code page by how plausible its reading of the high bytes is. A "run" is a maximal
 * stretch of bytes ≥ 0x80. Under the right code page:
 * - Cyrillic/Arabic runs are whole words: two or more letters of that one script, upper case (if
 *   any) only at the start or throughout, not glued to ASCII letters;
 * - Latin (1252) high letters sit alone inside ASCII words (café, Übergabe);
 * - lone symbols (£ € ’ “ ” – …) are plausible everywhere;
 * - bytes the code page leaves undefined, and letters of a foreign script, count against it.
 */
export function scoreCodePages(bytes: Uint8Array, chunksWithHighBytes?: Uint8Array): Record<CodePage, number> {
  const t = highByteTables();
  const score: Record<CodePage, number> = { 'windows-1252': 0, 'windows-1251': 0, 'windows-1256': 0 };
  const n = bytes.length;
  const flags = chunksWithHighBytes ?? highByteChunks(bytes);
  let runs = 0;
  let p = 0;
  while (p < n && runs < MAX_RUNS) {
    // Chunks without high bytes say nothing.
    if ((p & (CHUNK - 1)) === 0 && !flags[p / CHUNK]) {
      p += CHUNK;
      continue;
    }
    // Skip ASCII fast, a chunk at a time where there is nothing to see.
    if ((p & (BLOCK - 1)) === 0 && p + BLOCK <= n && !hasHighByte(bytes, p, p + BLOCK)) {
      p += BLOCK;
      continue;
    }
    if (bytes[p] < 0x80) {
      p++;
      continue;
    }
    const start = p;
    while (p < n && bytes[p] >= 0x80) p++;
    // A UTF-8 byte-order mark pasted into a field says nothing about the code page.
    if (p - start === 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) continue;
    runs++;
    const before = start > 0 ? bytes[start - 1] : 32;
    const after = p < n ? bytes[p] : 32;
    const glued = isAsciiLetter(before) || isAsciiLetter(after);
    for (const cp of CODE_PAGES) score[cp] += scoreRun(bytes, start, p, t[cp], SCRIPT_CLS[SCRIPT_OF[cp]], glued);
  }
  return score;
}

function scoreRun(bytes: Uint8Array, start: number, end: number, t: HighByteTable, own: Cls, glued: boolean): number {
  const len = end - start;
  let ownLetters = 0;
  let symbols = 0;
  let bad = 0;
  let foreign = 0;
  let caseBreaks = 0;
  let prevUpper = -1;
  let allUpper = true;
  for (let i = start; i < end; i++) {
    const k = bytes[i] - 0x80;
    const c = t.cls[k];
    if (c === own) {
      ownLetters++;
      const up = t.upper[k];
      if (!up) allUpper = false;
      // Lower case followed by upper case inside one word is how a wrong code page looks.
      if (prevUpper === 0 && up === 1) caseBreaks++;
      prevUpper = up;
    } else if (c === Cls.Symbol) symbols++;
    else if (c === Cls.Control) bad++;
    else if (c === Cls.Latin || c === Cls.Cyrillic || c === Cls.Arabic) foreign++;
  }
  let s = symbols * 1 - bad * 4 - foreign * 1.5;
  if (own === Cls.Latin) {
    // Western text: an accented letter inside an ASCII word is the normal case.
    s += ownLetters * (glued ? 2 : len === 1 ? 0.5 : 0.3);
    if (len >= 3 && ownLetters === len && !glued) s -= len * 0.5;
  } else if (ownLetters >= 2 && ownLetters === len && !glued) {
    // A whole word in this script.
    s += caseBreaks === 0 || allUpper ? ownLetters * 2 : -ownLetters;
  } else {
    // Lone letters of a non-Latin script beside ASCII letters, or mixed runs, are unlikely.
    s += glued ? -ownLetters : ownLetters * 0.2;
  }
  return s;
}
