/**
 * A stable key for a table layout, so a user's corrections are remembered for the next export
 * of the same report: the same headers in any order and any letter case give the same key.
 */

/** Header as compared: lower case, single spaces, no surrounding space. */
export function normaliseHeaderKey(header: string): string {
  return header.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Order- and case-insensitive signature of a header row: the non-blank headers, normalised and
 * sorted (duplicates kept), hashed with two 32-bit FNV-1a variants into 16 hex digits.
 */
export function headerSignature(headers: readonly string[]): string {
  const keys = headers.map(normaliseHeaderKey).filter((h) => h !== '').sort();
  const text = keys.join('\u241f');
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ keys.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b = (b ^ (b >>> 15)) >>> 0;
  }
  return `h${keys.length}-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}
