/**
 * MS Project XML (MSPDI) reader: `readMspdi(bytes)` → one project's canonical schedule.
 *
 * Two layers, so each can be tested on its own: ./parse.ts reads the file into typed records
 * (`MspdiDocument`, in the model's units but without modelling decisions), ./map.ts turns those
 * into the canonical `Schedule` and documents every mapping decision. The XML itself is read by
 * the byte-level scanner in ../xml (why: see ../xml/scanner.ts).
 */
import { ImportCancelled, type ImportOptions, type ImportResult } from '../types';
import { mapMspdiDocument } from './map';
import { parseMspdiDocument } from './parse';

export { parseMspdiDocument, MSPDI_NAMESPACE } from './parse';
export { mapMspdiDocument } from './map';
export type * from './document';

/**
 * Reads an MSPDI file. Throws `ImportError` (with the file name and where) for a file that is not
 * MS Project XML or is damaged, and `ImportCancelled` when `options.isCancelled()` turns true.
 * An MSPDI file holds one project, so `projects` has one entry and `options.project` is ignored.
 */
export function readMspdi(bytes: Uint8Array, options: ImportOptions = {}): ImportResult {
  const doc = parseMspdiDocument(bytes, options);
  if (options.isCancelled?.()) throw new ImportCancelled();
  options.onProgress?.({ phase: 'building', bytesRead: bytes.length, totalBytes: bytes.length, rows: doc.tasks.length });
  const schedule = mapMspdiDocument(doc, { fileName: options.fileName });
  options.onProgress?.({ phase: 'done', bytesRead: bytes.length, totalBytes: bytes.length, rows: doc.tasks.length });
  const p = schedule.project;
  return {
    projects: [{ id: p.id, ...(p.code ? { code: p.code } : {}), name: p.name, activities: schedule.activities.length, ...(p.dataDate ? { dataDate: p.dataDate } : {}) }],
    schedules: [schedule],
  };
}
