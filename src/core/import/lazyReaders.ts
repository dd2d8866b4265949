/**
 * Readers that load only when a file needs them. The built-in readers (XER, PMXML, MSPDI, Excel,
 * CSV) are in every import worker; these (MPX, MPP, Asta) are not: each entry is a dynamic import, so the bundler
 * puts the reader in its own chunk and a P6 user never downloads the MPX, MPP or Asta code (or
 * sql.js's WebAssembly). The service worker still precaches every chunk, so they work offline.
 *
 * Adding a reader is one line here: the format (as detect.ts names it) and its module, which
 * exports `reader`. detect.ts marks a format readable as soon as it is listed.
 */
import type { FileFormat, ImportOptions, ImportResult } from './types';

/**
 * What a reader may need from where it runs. The browser bundle passes the URL of sql.js's
 * WebAssembly (the import worker imports it with Vite's `?url`); Node finds it beside the package.
 */
export interface ReaderEnvironment {
  locateWasm?: (file: string) => string;
}

export interface LazyReader {
  /** One-time set-up before the first read (e.g. sql.js compiling its WebAssembly). */
  prepare?(env: ReaderEnvironment): Promise<void>;
  read(bytes: Uint8Array, options: ImportOptions): ImportResult;
}

export const LAZY_READERS: Partial<Record<FileFormat, () => Promise<LazyReader>>> = {
  mpx: () => import('./mpx').then((m) => m.reader),
  mpp: () => import('./mpp').then((m) => ({ read: m.readMpp })),
  asta: () => import('./asta').then((m) => ({ prepare: (env) => m.prepareAsta(env), read: m.readAsta })),
};

/** True when `format` has a reader that loads on demand. */
export function hasLazyReader(format: FileFormat): boolean {
  return Object.prototype.hasOwnProperty.call(LAZY_READERS, format);
}

/** Loads (and prepares) the reader for `format`, or undefined when it has none. */
export async function loadReader(format: FileFormat, env: ReaderEnvironment = {}): Promise<LazyReader | undefined> {
  const load = LAZY_READERS[format];
  if (!load) return undefined;
  const reader = await load();
  await reader.prepare?.(env);
  return reader;
}
