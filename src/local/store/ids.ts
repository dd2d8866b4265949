/**
 * Document ids. OFFLINE_NOTES §3.2: small documents with `<type>:<projectId>:<id>` ids so one
 * project's or one import's documents are a single key range (`allDocs({ startkey, endkey })`).
 *
 *   project:<projectId>                         the project (name, code, currency)
 *   import:<projectId>:<importId>               an import's header, written last
 *   <kind>:<projectId>:<importId>:<nnnnn>       the import's data, in chunks (kinds in chunks.ts)
 *   periods:<projectId>:<importId>              an imported period table (one small document)
 *   mapping:<hash>                              a remembered column mapping
 */

/** Sorts after every character an id can hold, closing a key range. */
export const RANGE_END = '\ufff0';

/** Project and import ids: letters, digits, `-` and `_` (never `:`, which separates id parts). */
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidId(id: string): boolean {
  return ID_RE.test(id);
}

/**
 * A new id that sorts by creation time (9 base-36 digits of milliseconds, good until the year
 * 5188) followed by 12 random base-36 digits, so ids made on two devices at once do not collide.
 */
export function newId(now: number = Date.now()): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  let rand = '';
  for (const b of bytes) rand += (b % 36).toString(36);
  return now.toString(36).padStart(9, '0') + rand;
}

export const projectDocId = (projectId: string): string => `project:${projectId}`;
export const importDocId = (projectId: string, importId: string): string => `import:${projectId}:${importId}`;
export const periodsDocId = (projectId: string, importId: string): string => `periods:${projectId}:${importId}`;
export const chunkDocId = (kind: string, projectId: string, importId: string, n: number): string =>
  `${kind}:${projectId}:${importId}:${String(n).padStart(5, '0')}`;

/** Key range of every document whose id starts with `prefix`. */
export function rangeOf(prefix: string): { startkey: string; endkey: string } {
  return { startkey: prefix, endkey: prefix + RANGE_END };
}

/** The parts of a store document id; null for ids the store does not own. */
export function parseDocId(id: string): { type: string; projectId: string; importId?: string; n?: number } | null {
  const parts = id.split(':');
  if (parts.length < 2 || parts.some((p) => p === '')) return null;
  const [type, projectId, importId, n] = parts;
  if (type === 'mapping') return null;
  if (parts.length === 2) return { type, projectId };
  if (parts.length === 3) return { type, projectId, importId };
  if (parts.length === 4 && /^\d+$/.test(n)) return { type, projectId, importId, n: Number(n) };
  return null;
}

/**
 * A stable 64-bit hash (two FNV-1a lanes) as 16 hex digits, for ids made from arbitrary text such
 * as a column-mapping signature. Collisions are guarded by storing the text itself in the doc.
 */
export function hashText(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
