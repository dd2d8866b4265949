/**
 * JSON nesting limits, checked on the raw bytes before anything parses or walks the value: a body
 * like `[[[[…]]]]` thousands deep parses, then overflows the stack of whatever recurses over it
 * (validation, PouchDB's document checks), which answered 500 instead of a 400 the caller can act on.
 */
import { HttpError } from './errors';

/** Deepest nesting any request body of ours needs (a schedule document is well under 20). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/** The deepest nesting of objects and arrays in `bytes` (strings skipped), stopping early past `limit`. */
export function jsonDepth(bytes: Uint8Array, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) {
      // Skip the string with the native indexOf (a byte-by-byte loop over a 32 MiB sync batch of
      // long strings blocked the event loop for ~100 ms): the closing quote is the first one not
      // preceded by an odd number of backslashes.
      let from = i + 1;
      for (;;) {
        const q = bytes.indexOf(QUOTE, from);
        if (q < 0) return max; // unterminated: nothing after it nests
        let slashes = 0;
        for (let k = q - 1; k > i && bytes[k] === BACKSLASH; k--) slashes++;
        if (slashes % 2 === 0) {
          i = q;
          break;
        }
        from = q + 1;
      }
    } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) depth--;
  }
  return max;
}

/** Throws a 400 when `bytes` nest deeper than `limit`. */
export function assertJsonDepth(bytes: Uint8Array, limit = MAX_JSON_DEPTH): void {
  if (jsonDepth(bytes, limit) > limit) {
    throw new HttpError(400, `The request body nests objects or arrays more than ${limit} levels deep. Send a flatter document.`);
  }
}

/** For `express.json({ verify })`: refuses a too-deep body before it is parsed. */
export function verifyJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  // A view of the same bytes (no copy): Node's Buffer type is not assignable to Uint8Array in this TypeScript.
  assertJsonDepth(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
}
