/**
 * Getting an XML file's bytes into UTF-8, the one encoding the scanner reads.
 *
 * Why bytes and not a decoded string: the scanner works on UTF-8 bytes directly (see
 * ./scanner.ts for the measurements), so for a UTF-8 file, by far the common case, nothing is
 * decoded or copied here at all: the result is a view of the input without its byte-order mark.
 * Other encodings are decoded with TextDecoder and re-encoded as UTF-8 once; they are rare
 * (MS Project writes UTF-8; UTF-16 turns up from some .NET tools and from "Save as Unicode").
 *
 * How the encoding is chosen, following the XML spec's appendix F:
 * 1. a byte-order mark (UTF-8 EF BB BF, UTF-16 LE FF FE, UTF-16 BE FE FF) wins;
 * 2. else `<?` written in UTF-16 (3C 00 3F 00 or 00 3C 00 3F) means UTF-16 without a mark;
 * 3. else the `encoding="…"` of the XML declaration, read as ASCII;
 * 4. else UTF-8.
 */
export interface Utf8Input {
  bytes: Uint8Array;
  /** The encoding the file was in (lower case, as TextDecoder names it). */
  encoding: string;
}

/** The encoding could not be used; `message` is a sentence for the user (no file name). */
export class XmlEncodingError extends Error {
  override name = 'XmlEncodingError';
}

export function toUtf8(input: Uint8Array): Utf8Input {
  const b = input;
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { bytes: b.subarray(3), encoding: 'utf-8' };
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return transcode(b.subarray(2), 'utf-16le');
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return transcode(b.subarray(2), 'utf-16be');
  if (b.length >= 4 && b[0] === 0x3c && b[1] === 0 && b[2] === 0x3f && b[3] === 0) return transcode(b, 'utf-16le');
  if (b.length >= 4 && b[0] === 0 && b[1] === 0x3c && b[2] === 0 && b[3] === 0x3f) return transcode(b, 'utf-16be');

  const declared = declaredEncoding(b);
  if (declared === null || declared === 'utf-8' || declared === 'utf8') return { bytes: b, encoding: 'utf-8' };
  // A declaration in ASCII can only be truthful for an ASCII-compatible encoding.
  if (declared.startsWith('utf-16') || declared === 'ucs-2' || declared === 'unicode') {
    throw new XmlEncodingError(`The XML declaration says the file is ${declared}, but its bytes are not UTF-16 (there is no byte-order mark and the text is 8-bit). Save the file again as UTF-8.`);
  }
  return transcode(b, declared);
}

/** The `encoding` pseudo-attribute of a leading `<?xml … ?>`, lower-cased, or null. */
export function declaredEncoding(b: Uint8Array): string | null {
  if (!(b.length >= 5 && b[0] === 0x3c && b[1] === 0x3f && b[2] === 0x78 && b[3] === 0x6d && b[4] === 0x6c)) return null;
  let end = 5;
  const limit = Math.min(b.length, 512);
  while (end < limit && !(b[end] === 0x3f && b[end + 1] === 0x3e)) end++;
  let head = '';
  for (let i = 5; i < end; i++) head += String.fromCharCode(b[i]);
  const m = /\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return m ? m[1].toLowerCase() : null;
}

function transcode(b: Uint8Array, label: string): Utf8Input {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new XmlEncodingError(`The file says it is written in the "${label}" text encoding, which this app cannot read. Save the file again as UTF-8.`);
  }
  const text = decoder.decode(b);
  return { bytes: new TextEncoder().encode(text), encoding: decoder.encoding };
}
