/**
 * Text content of an element, from UTF-8 bytes to a string, with XML's references resolved.
 *
 * Only the five predefined entities (&amp; &lt; &gt; &quot; &apos;) and numeric character
 * references (&#233; &#xE9;) are expanded. Entities a DOCTYPE declares are never expanded: that
 * is how "billion laughs" files blow up memory, and no schedule tool writes them. A reference to
 * any other name is an error (XML calls it not well-formed), reported by `EntityError`.
 */

/** A reference that is not one of XML's predefined ones; `offset` is where it starts. */
export class EntityError extends Error {
  override name = 'EntityError';
  constructor(
    readonly reference: string,
    readonly offset: number,
  ) {
    super(`unknown entity reference ${reference}`);
  }
}

const utf8 = new TextDecoder('utf-8');
const codes: number[] = [];

/**
 * Decodes bytes[start, end) as UTF-8, normalises line ends and resolves references. Short ASCII runs (almost every
 * name in a schedule) are built with String.fromCharCode, which is several times faster than
 * TextDecoder for a few dozen bytes and makes a fresh flat string.
 */
export function decodeText(bytes: Uint8Array, start: number, end: number): string {
  let ascii = true;
  let amp = false;
  let cr = false;
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b >= 0x80) ascii = false;
    else if (b === 0x26) amp = true;
    else if (b === 0x0d) cr = true;
  }
  let s: string;
  if (ascii && end - start <= 256) {
    // One call, one flat string: a += loop would leave a garbage string per character, and a
    // subarray() view per call would be garbage too, so the codes go through a reused array.
    const n = end - start;
    codes.length = n;
    for (let k = 0; k < n; k++) codes[k] = bytes[start + k];
    s = String.fromCharCode.apply(null, codes);
  } else {
    s = utf8.decode(bytes.subarray(start, end));
  }
  // XML end-of-line handling: CR LF and a lone CR become LF (before references, so &#13; stays).
  if (cr) s = s.replace(/\r\n?/g, '\n');
  return amp ? resolveReferences(s, start) : s;
}

/** Decodes bytes as UTF-8 with no reference handling (CDATA sections). */
export function decodeRaw(bytes: Uint8Array, start: number, end: number): string {
  return utf8.decode(bytes.subarray(start, end));
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Replaces references in already-decoded text. `offset` (the text's byte offset in the file)
 * only serves error messages, so it is approximate past the first non-ASCII character.
 */
export function resolveReferences(s: string, offset = 0): string {
  return s.replace(/&([^;&\s]{0,32});?/g, (whole: string, name: string, at: number) => {
    if (!whole.endsWith(';')) throw new EntityError(whole.slice(0, 12), offset + at);
    const p = PREDEFINED[name];
    if (p !== undefined) return p;
    if (name.charCodeAt(0) === 0x23 /* # */) {
      const hex = name.charCodeAt(1) === 0x78 /* x */;
      const digits = hex ? name.slice(2) : name.slice(1);
      const code = digits && (hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits) ? parseInt(digits, hex ? 16 : 10) : NaN;
      // XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
      const ok = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
      if (ok) return String.fromCodePoint(code);
    }
    throw new EntityError(whole, offset + at);
  });
}
