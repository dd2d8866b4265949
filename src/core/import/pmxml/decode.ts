/**
 * Bytes → text for an XML file, honouring what the file itself says about its encoding.
 *
 * XML announces its encoding in two places: a byte-order mark, and the `encoding="…"` of the
 * `<?xml …?>` declaration (XML 1.0, appendix F). P6 writes UTF-8, but files pass through other
 * tools (a re-save in an editor, a conversion script) so the reader follows the file, in that
 * order: BOM, then UTF-16 without BOM (recognisable from `<?` as 16-bit units), then the
 * declaration, then UTF-8 (the XML default). Text that claims UTF-8 but is not valid UTF-8 is
 * read as Windows-1252 with a note, rather than refused: the numbers survive, only accented
 * letters could be wrong, and the user is told to check them.
 */
import { ImportError, inFile } from '../types';

export interface DecodedXml {
  text: string;
  /** WHATWG encoding label used. */
  encoding: string;
  /** Set when the reader had to guess or fall back; worth a warning. */
  note?: string;
}

/** The encoding named by the XML declaration, read from the first bytes as ASCII. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, Math.min(bytes.length, 256)));
  const m = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head);
  return m ? m[1] : undefined;
}

function bomEncoding(b: Uint8Array): string | undefined {
  if (b.length >= 4 && ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff))) {
    return 'utf-32';
  }
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  // No BOM but "<?" written as 16-bit units.
  if (b.length >= 4 && b[0] === 0x3c && b[1] === 0 && b[2] === 0x3f && b[3] === 0) return 'utf-16le';
  if (b.length >= 4 && b[0] === 0 && b[1] === 0x3c && b[2] === 0 && b[3] === 0x3f) return 'utf-16be';
  return undefined;
}

const isUtf8Label = (label: string) => /^utf-?8$/i.test(label);

export function decodeXmlBytes(bytes: Uint8Array, fileName?: string): DecodedXml {
  const bom = bomEncoding(bytes);
  if (bom === 'utf-32') {
    throw new ImportError(
      `${inFile(fileName)}The file is encoded as UTF-32, which this app cannot read. Save it as UTF-8 (P6 writes UTF-8 by default) and import it again.`,
    );
  }
  if (bom && bom !== 'utf-8') {
    // TextDecoder removes the BOM itself.
    return { text: new TextDecoder(bom).decode(bytes), encoding: bom };
  }

  const declared = bom ? undefined : declaredEncoding(bytes);
  if (declared && !isUtf8Label(declared)) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(declared);
    } catch {
      throw new ImportError(
        `${inFile(fileName)}The XML declaration says the text is in the "${declared}" encoding, which this app cannot read. Re-export the file from P6 (it writes UTF-8) or save it as UTF-8, and import it again.`,
        'XML declaration',
      );
    }
    return { text: decoder.decode(bytes), encoding: decoder.encoding };
  }

  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      encoding: 'windows-1252',
      note:
        `The file is not valid UTF-8 (first bad byte at offset ${bad}), although XML without an encoding declaration must be. ` +
        'It was read as Windows-1252: numbers and dates are unaffected, but check names with accented or non-Latin letters.',
    };
  }
}

/** Offset of the first byte that breaks UTF-8 (for the message only). */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k] & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return i;
}
