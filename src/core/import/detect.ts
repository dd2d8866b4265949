/**
 * Recognises a schedule file from its content, never from its name: people rename files, mail
 * systems append ".txt", and a P6 export saved as ".xml" may be either of two different formats.
 * The name only adds a note when it disagrees with the content.
 *
 * Fingerprints (checked against the sample corpus and MPXJ's UniversalProjectReader):
 * - XER: text starting `ERMHDR`.
 * - PMXML: XML with an `APIBusinessObjects` (or older `BusinessObjects`) root.
 * - MSPDI: XML `<Project>` in the `http://schemas.microsoft.com/project` namespace.
 * - MPX: text starting `MPX` and its field separator (a comma unless the writer chose another).
 * - OLE2 compound files (D0 CF 11 E0…): MS Project .mpp has a storage named `   114`, `   112`,
 *   `   19` or `   1` (MPP14/12/9/8); Excel 97–2003 a `Workbook`/`Book` stream; a password-protected
 *   .xlsx is an OLE2 file with `EncryptionInfo` and `EncryptedPackage`.
 * - ZIP: .xlsx has `xl/workbook.xml` among its entries.
 * - Asta Powerproject: text .pp files start 00 00 '000000'; newer ones are SQLite databases.
 */
import { hasLazyReader } from './lazyReaders';
import { inFile, type FileFormat } from './types';

export type { FileFormat } from './types';

export interface Detection {
  format: FileFormat;
  /** What the file is, for the user: "Primavera P6 XER", "Microsoft Project .mpp (MPP14)". */
  label: string;
  /** True when Earnest has a reader for it. */
  readable: boolean;
  /** For files that cannot be read: what they are and what to do instead. */
  message?: string;
  /** When the name's extension says another format than the content. */
  note?: string;
}

/** Formats every import worker reads; the others are readable once ./lazyReaders.ts lists them. */
const BUILT_IN: ReadonlySet<FileFormat> = new Set(['xer', 'pmxml', 'mspdi', 'xlsx', 'xls', 'csv', 'json']);
const isReadable = (format: FileFormat): boolean => BUILT_IN.has(format) || hasLazyReader(format);

/** The extensions each format is usually saved with, for the renamed-file note. */
const EXTENSIONS: Partial<Record<FileFormat, string[]>> = {
  xer: ['xer'],
  pmxml: ['xml', 'pmxml'],
  mspdi: ['xml'],
  xlsx: ['xlsx', 'xlsm'],
  xls: ['xls'],
  csv: ['csv', 'txt', 'tsv'],
  json: ['json'],
  mpp: ['mpp', 'mpt'],
  asta: ['pp'],
  mpx: ['mpx'],
  'encrypted-workbook': ['xlsx', 'xls', 'xlsm'],
};

export function detectFormat(bytes: Uint8Array, fileName?: string): Detection {
  const d = detectContent(bytes, fileName);
  const ext = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const usual = EXTENSIONS[d.format];
  if (ext && usual && !usual.includes(ext)) d.note = `${fileName} is named .${ext} but holds ${article(d.label)}; it is read as what it holds.`;
  return d;
}

function detectContent(bytes: Uint8Array, fileName: string | undefined): Detection {
  const f = inFile(fileName);
  // A readable format needs no message: the "reader to come" advice is for formats without one.
  const make = (format: FileFormat, label: string, message?: string): Detection => {
    const readable = isReadable(format);
    return readable ? { format, label, readable } : { format, label, readable, message };
  };

  if (bytes.length === 0) return make('empty', 'an empty file', `${f}the file is empty (0 bytes). Export the schedule again and pick the new file.`);

  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return detectCompound(bytes, f, make, fileName);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return detectZip(bytes, f, make);
  if (startsWith(bytes, [0x00, 0x00, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30]))
    return make('asta', 'an Asta Powerproject file');
  if (startsWith(bytes, ascii('SQLite format 3')))
    return /\.pp$/i.test(fileName ?? '')
      ? make('asta', 'an Asta Powerproject file')
      : make('not-a-schedule', 'an SQLite database', `${f}this is an SQLite database, not a schedule export. If it is an Asta Powerproject file, give it its .pp name; otherwise export the schedule from its application as P6 XER, MS Project XML, Excel or CSV.`);
  if (startsWith(bytes, ascii('%PDF'))) return make('not-a-schedule', 'a PDF document', `${f}this is a PDF document. Earnest reads schedule data, not printed reports: export the schedule itself (P6 XER or XML, MS Project XML, Excel or CSV).`);

  const head = sniffText(bytes);
  if (head === null)
    return make(
      'not-a-schedule',
      'binary data',
      `${f}this is binary data that is not a schedule format Earnest reads. Check you picked the right file; Earnest reads P6 XER and XML, MS Project .mpp, XML and MPX, Asta Powerproject .pp, Excel (.xlsx, .xls) and CSV.`,
    );
  const text = head.trimStart();
  if (text.startsWith('ERMHDR')) return make('xer', 'a Primavera P6 XER file');
  if (/^MPX[,;\t]/.test(text))
    return make('mpx', 'a Microsoft Project MPX file', `${f}this is a Microsoft Project MPX file, which this version of Earnest cannot read.`);
  if (text.startsWith('<')) {
    if (/<(?:[A-Za-z_][\w.-]*:)?(?:API)?BusinessObjects[\s>]/.test(text)) return make('pmxml', 'a Primavera P6 XML (PMXML) file');
    if (/<Project[\s>]/.test(text) && (/schemas\.microsoft\.com\/project/.test(text) || /<SaveVersion>|<Title>/.test(text))) return make('mspdi', 'a Microsoft Project XML file');
    if (/<html[\s>]/i.test(text)) return make('not-a-schedule', 'a web page', `${f}this is a web page (HTML), not a schedule. If you downloaded the schedule from a web portal, the download may have failed: download it again.`);
    return make(
      'not-a-schedule',
      'an XML file of another kind',
      `${f}this XML file is neither Microsoft Project XML nor Primavera P6 XML. Export the schedule as MS Project XML (File › Save As › XML Format) or from P6 as XML or XER.`,
    );
  }
  if (text.startsWith('{') || text.startsWith('[')) return make('json', 'an Earnest JSON schedule');
  if (looksDelimited(head)) return make('csv', 'a CSV table');
  return make(
    'not-a-schedule',
    'text that is not a table',
    `${f}this text file is not a schedule export or a table Earnest can read (no XER header, no XML, no comma-, semicolon- or tab-separated columns). Export the schedule as P6 XER, MS Project XML, Excel or CSV.`,
  );
}

type Make = (format: FileFormat, label: string, message?: string) => Detection;

function detectCompound(bytes: Uint8Array, f: string, make: Make, fileName: string | undefined): Detection {
  const names = compoundEntryNames(bytes);
  const mpp = names.find((n) => /^ {3}1(?:1[24]|9)?$/.test(n));
  if (mpp) {
    const version = { '   114': 'MPP14', '   112': 'MPP12', '   19': 'MPP9', '   1': 'MPP8' }[mpp] ?? 'MPP';
    // A template holds the same streams, but it is a pattern for new projects, not a project with
    // a status to measure: say so rather than import a plan nobody is running.
    if (/\.mpt$/i.test(fileName ?? ''))
      return {
        format: 'mpp',
        label: `a Microsoft Project template (${version})`,
        readable: false,
        message: `${f}this is a Microsoft Project template (.mpt): a pattern for new projects, with no status to measure. Open it in Microsoft Project, save the project made from it as a .mpp file (File › Save As), and import that.`,
      };
    return make('mpp', `a Microsoft Project .mpp file (${version})`);
  }
  if (names.includes('EncryptedPackage') || names.includes('EncryptionInfo'))
    return make(
      'encrypted-workbook',
      'a password-protected workbook',
      `${f}the workbook is password-protected, so it cannot be read. Open it in Excel, remove the password (File › Info › Protect Workbook › Encrypt with Password, clear it), save a copy and import that.`,
    );
  if (names.includes('Workbook') || names.includes('Book')) return make('xls', 'an Excel 97–2003 workbook');
  if (names.includes('WordDocument')) return make('not-a-schedule', 'a Word document', `${f}this is a Word document, not a schedule. Export the schedule itself (P6 XER or XML, MS Project XML, Excel or CSV).`);
  return make('not-a-schedule', 'an Office compound file of an unknown kind', `${f}this is an Office compound file that is neither a Microsoft Project .mpp nor an Excel workbook. Check you picked the right file.`);
}

function detectZip(bytes: Uint8Array, f: string, make: Make): Detection {
  const names = zipEntryNames(bytes);
  if (names.some((n) => n === 'xl/workbook.xml' || n === 'xl/workbook.bin')) return make('xlsx', 'an Excel workbook');
  if (names.some((n) => n.startsWith('word/'))) return make('not-a-schedule', 'a Word document', `${f}this is a Word document, not a schedule. Export the schedule itself (P6 XER or XML, MS Project XML, Excel or CSV).`);
  const inside = names.find((n) => /\.(xer|xml|xlsx|csv|mpp)$/i.test(n));
  return make(
    'not-a-schedule',
    'a ZIP archive',
    inside
      ? `${f}this is a ZIP archive holding ${inside}. Unzip it and import ${inside.split('/').pop()} itself.`
      : `${f}this is a ZIP archive with no schedule in it that Earnest recognises. Unzip it and import the schedule file inside.`,
  );
}

/**
 * Names of the entries of an OLE2 compound file. Directory entries are 128 bytes, aligned to 128
 * inside 512-byte (or 4,096-byte) sectors: a UTF-16LE name, its byte length (with the terminator) at
 * +64 and the entry type (1 storage, 2 stream, 5 root) at +66. Scanning every aligned slot finds
 * them without following the sector chains, which is all detection needs.
 */
function compoundEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  for (let o = 512; o + 128 <= bytes.length; o += 128) {
    const len = bytes[o + 64] | (bytes[o + 65] << 8);
    const type = bytes[o + 66];
    if (len < 4 || len > 64 || len % 2 !== 0 || (type !== 1 && type !== 2 && type !== 5)) continue;
    if (bytes[o + len - 2] !== 0 || bytes[o + len - 1] !== 0) continue;
    let name = '';
    let ok = true;
    for (let i = 0; i < len - 2; i += 2) {
      const c = bytes[o + i] | (bytes[o + i + 1] << 8);
      if (c < 1 || c > 0x7e) {
        // Streams such as "\x05SummaryInformation" start with a control character; keep the rest.
        if (i === 0 && c < 32) continue;
        ok = false;
        break;
      }
      name += String.fromCharCode(c);
    }
    if (ok && name) names.push(name);
  }
  return names;
}

/** File names in a ZIP's local headers (signature, then the name's length at +26 and the name at +30). */
function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  let o = 0;
  while (o + 30 <= bytes.length && names.length < 2000) {
    if (bytes[o] !== 0x50 || bytes[o + 1] !== 0x4b || bytes[o + 2] !== 0x03 || bytes[o + 3] !== 0x04) break;
    const nameLen = bytes[o + 26] | (bytes[o + 27] << 8);
    const extraLen = bytes[o + 28] | (bytes[o + 29] << 8);
    const size = (bytes[o + 18] | (bytes[o + 19] << 8) | (bytes[o + 20] << 16) | (bytes[o + 21] << 24)) >>> 0;
    names.push(ascii8(bytes.subarray(o + 30, o + 30 + nameLen)));
    const flags = bytes[o + 6] | (bytes[o + 7] << 8);
    // With a data descriptor (bit 3) the size is not in the local header; the names seen so far
    // (xl/workbook.xml comes early in Excel's files) are then what we have.
    if (flags & 8) break;
    o += 30 + nameLen + extraLen + size;
  }
  // Fall back to the central directory near the end, which always has every name.
  if (!names.some((n) => n.startsWith('xl/') || n.startsWith('word/'))) {
    const tail = bytes.subarray(Math.max(0, bytes.length - 65536 * 4));
    for (let i = 0; i + 46 <= tail.length; i++) {
      if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x01 && tail[i + 3] === 0x02) {
        const nameLen = tail[i + 28] | (tail[i + 29] << 8);
        names.push(ascii8(tail.subarray(i + 46, i + 46 + nameLen)));
      }
    }
  }
  return names;
}

/**
 * The first 8 KB as text, or null when it is binary. UTF-16 (with a BOM) is decoded as such; for
 * anything else every byte maps to one character, which is enough to see the markers above.
 */
function sniffText(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 8192);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2, n - (n % 2)));
  }
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  let control = 0;
  for (let i = start; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return null;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12) control++;
  }
  if (control > (n - start) / 100 + 1) return null;
  return ascii8(bytes.subarray(start, n));
}

/** Lines with a steady number (≥ 1) of commas, semicolons or tabs. */
function looksDelimited(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  // The last line of an 8 KB sniff may be cut short.
  const sample = lines.length > 2 ? lines.slice(0, -1) : lines;
  if (sample.length === 0) return false;
  for (const sep of [',', ';', '\t']) {
    const counts = sample.slice(0, 50).map((l) => l.split(sep).length - 1);
    const withSep = counts.filter((c) => c >= 1).length;
    if (withSep >= Math.max(1, Math.ceil(counts.length * 0.8))) return true;
  }
  return false;
}

function startsWith(bytes: Uint8Array, sig: readonly number[]): boolean {
  if (bytes.length < sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (bytes[i] !== sig[i]) return false;
  return true;
}

function ascii(s: string): number[] {
  return Array.from(s, (c) => c.charCodeAt(0));
}

function ascii8(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}

function article(label: string): string {
  return label.startsWith('a ') || label.startsWith('an ') ? label : `a ${label}`;
}
