/**
 * What the import worker does with one untrusted file (XER, PMXML, MSPDI, MPX, MPP, Asta, Excel, CSV): read it into
 * the canonical model, off the page's thread. Schedules go back as UTF-8 JSON in an ArrayBuffer
 * that the worker transfers (workers/import.worker.ts) and the page hands on, also transferred, to
 * the data worker, which parses it and stores it. JSON because V8 parses it faster than it
 * deserialises the same objects from a structured clone (bench: 100k activities).
 *
 * Runs only in the disposable import worker: SheetJS has had advisories for crafted workbooks, so
 * a crafted file must never outlive its import (src/client/importer.ts terminates the worker).
 */
import { analysePeriodTable, PeriodTableError } from '../../core/evm';
import { dashboardOf } from '../../core/insight';
import { ImportError, parseScheduleFileAsync, type ImportProgress, type ReaderEnvironment } from '../../core/import';
import type { ImportFailure, ImportOptions, ImportOutcome } from '../contracts';

/**
 * Async because some readers (MPX, MPP, Asta) load on demand, as their own
 * chunks: see src/core/import/lazyReaders.ts.
 */
export async function readScheduleFile(buffer: ArrayBuffer, options: ImportOptions, onProgress?: (p: ImportProgress) => void, env?: ReaderEnvironment): Promise<ImportOutcome | ImportFailure> {
  try {
    const outcome = await parseScheduleFileAsync(new Uint8Array(buffer), { ...options, onProgress }, env);
    if (outcome.kind === 'needs-mapping') return outcome;
    if (outcome.kind === 'period-table') {
      // A period table is small: analyse it here and show it straight away.
      return { ...outcome, dashboard: dashboardOf(analysePeriodTable(outcome.table)) };
    }
    const json = new TextEncoder().encode(JSON.stringify(outcome.result.schedules));
    return {
      kind: 'schedules',
      detectionLabel: outcome.detection.label,
      note: outcome.detection.note,
      projects: outcome.result.projects,
      schedulesJson: json.buffer as ArrayBuffer,
      warnings: outcome.result.schedules.reduce((n, s) => n + (s.source?.warnings.length ?? 0), 0),
    };
  } catch (e) {
    const inFile = options.fileName ? `${options.fileName}: ` : '';
    if (e instanceof PeriodTableError) return { kind: 'error', message: `${inFile}${e.message}` };
    if (e instanceof ImportError) return { kind: 'error', message: e.message, where: e.where };
    // Anything else is a reader bug or an input it did not foresee: say so plainly.
    return { kind: 'error', message: `${inFile}the file could not be read (${(e as Error).message ?? String(e)}). Nothing was stored. If the file opens in its own application, export it again; if it keeps failing, send it to support.` };
  }
}

/** The buffers of an outcome to transfer rather than copy back to the page. */
export const transferablesOf = (r: ImportOutcome | ImportFailure): Transferable[] => (r.kind === 'schedules' ? [r.schedulesJson] : []);
