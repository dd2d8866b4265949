/**
 * MPX reader: `readMpx(bytes)` → one project's canonical schedule.
 *
 * MPX is the comma-separated exchange format of Microsoft Project 4.0 to 98 (and of many tools
 * that copied it). ./parse.ts reads it into the MSPDI reader's typed document (../mspdi/document.ts),
 * in the same units, and ../mspdi/map.ts turns that into the canonical model: one set of
 * modelling decisions for both MS Project formats. What MPX cannot say (a status date, a
 * currency code, times on date-only dates) is in ./parse.ts's header.
 *
 * Loaded on demand (../lazyReaders.ts): a user who never imports an MPX file never downloads it.
 */
import type { Schedule } from '../../model/schedule';
import { mapMspdiDocument } from '../mspdi/map';
import { ImportCancelled, type ImportOptions, type ImportResult } from '../types';
import { parseMpxDocument } from './parse';

export { parseMpxDocument } from './parse';

/**
 * Reads an MPX file. Throws `ImportError` ("file.mpx: line 42: …") for a file that is not MPX or is
 * damaged, and `ImportCancelled` when `options.isCancelled()` turns true. One project per file.
 */
export function readMpx(bytes: Uint8Array, options: ImportOptions = {}): ImportResult {
  const parsed = parseMpxDocument(bytes, options);
  const { doc } = parsed;
  if (options.isCancelled?.()) throw new ImportCancelled();
  options.onProgress?.({ phase: 'building', bytesRead: bytes.length, totalBytes: bytes.length, rows: doc.tasks.length });
  const schedule = mapMspdiDocument(doc, { fileName: options.fileName });
  describeAsMpx(schedule, parsed.encoding, parsed.currencyFromSymbol);
  options.onProgress?.({ phase: 'done', bytesRead: bytes.length, totalBytes: bytes.length, rows: doc.tasks.length });
  const p = schedule.project;
  return {
    projects: [{ id: p.id, ...(p.code ? { code: p.code } : {}), name: p.name, activities: schedule.activities.length, ...(p.dataDate ? { dataDate: p.dataDate } : {}) }],
    schedules: [schedule],
  };
}

/** MSPDI element paths in the mapper's warnings → where the same facts live in an MPX file. */
const WHERE: Record<string, string> = {
  'Project/CurrencyCode': 'record 10 (currency)',
  'Project/StatusDate': 'record 30 (project header)',
  'Project/Tasks': 'task records (70)',
  PredecessorLink: 'task records (70), predecessors',
  'Project/Assignments': 'assignment records (75)',
  'Project/BaselineForEarnedValue': 'record 30 (project header)',
};

/** Says the schedule came from an MPX file, in its source and in the mapper's warnings. */
function describeAsMpx(schedule: Schedule, encoding: string, currencyFromSymbol: string | undefined): void {
  const source = schedule.source;
  if (!source) return;
  source.format = 'mpx';
  source.application = `Microsoft Project MPX (text exchange format), ${encoding}`;
  for (const w of source.warnings) {
    if (w.where === 'Project/CurrencyCode') {
      // MPX has only a symbol, never a code: say so in MPX terms.
      w.message = w.message.replace(/\(no <CurrencyCode>(; the symbol is "([^"]*)")?\)/, (_m, _s, sym: string | undefined) => `(MPX files give only a currency symbol${sym ? `, here "${sym}"` : ''})`);
    }
    if (w.message.startsWith('The file has no status date')) w.message = w.message.replace('The file has no status date', 'MPX files have no status date');
    if (w.where && WHERE[w.where]) w.where = WHERE[w.where];
  }
  if (currencyFromSymbol) source.warnings.push({ message: `The currency is taken to be ${currencyFromSymbol} from the file's currency symbol; MPX files name no currency code. Check the project's currency if that is wrong.`, where: WHERE['Project/CurrencyCode'] });
}

/** The lazy-reader entry (../lazyReaders.ts). */
export const reader = { read: readMpx };
