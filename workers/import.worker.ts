/**
 * The import worker: reads one untrusted file (XER, PMXML, MSPDI, Excel, CSV) into the canonical
 * model. It is disposable: the page starts a fresh one per file and terminates it when done, on
 * cancel, on timeout or after a crash, so a crafted file can never outlive its import (SheetJS has
 * had advisories for crafted workbooks; it runs only here).
 *
 * Schedules go back as UTF-8 JSON in an ArrayBuffer that is transferred, not copied; the data
 * worker parses it and stores it, so a 100k-activity schedule never lands on the page's thread.
 */
import * as Comlink from 'comlink';
import { analysePeriodTable, PeriodTableError } from '../src/core/evm';
import { dashboardOf, type DashboardData } from '../src/core/insight';
import { ImportError, parseScheduleFile, type ImportProgress, type ParseOptions, type ParseOutcome, type ProjectSummary } from '../src/core/import';

export type WorkerOutcome =
  | { kind: 'schedules'; detectionLabel: string; note?: string; projects: ProjectSummary[]; schedulesJson: ArrayBuffer; warnings: number }
  | (Extract<ParseOutcome, { kind: 'period-table' }> & { dashboard: DashboardData })
  | Extract<ParseOutcome, { kind: 'needs-mapping' }>;

export interface WorkerError {
  kind: 'error';
  message: string;
  where?: string;
}

const api = {
  async parse(buffer: ArrayBuffer, options: Omit<ParseOptions, 'onProgress' | 'isCancelled'>, onProgress?: (p: ImportProgress) => void): Promise<WorkerOutcome | WorkerError> {
    try {
      const outcome = parseScheduleFile(new Uint8Array(buffer), { ...options, onProgress });
      if (outcome.kind === 'needs-mapping') return outcome;
      if (outcome.kind === 'period-table') {
        // A period table is small: analyse it here and show it straight away.
        const analysis = analysePeriodTable(outcome.table);
        return { ...outcome, dashboard: dashboardOf(analysis) };
      }
      const json = new TextEncoder().encode(JSON.stringify(outcome.result.schedules));
      const warnings = outcome.result.schedules.reduce((n, s) => n + (s.source?.warnings.length ?? 0), 0);
      const out: WorkerOutcome = {
        kind: 'schedules',
        detectionLabel: outcome.detection.label,
        note: outcome.detection.note,
        projects: outcome.result.projects,
        schedulesJson: json.buffer as ArrayBuffer,
        warnings,
      };
      return Comlink.transfer(out, [out.schedulesJson]);
    } catch (e) {
      if (e instanceof PeriodTableError) return { kind: 'error', message: `${options.fileName ? `${options.fileName}: ` : ''}${e.message}` };
      if (e instanceof ImportError) return { kind: 'error', message: e.message, where: e.where };
      // Anything else is a reader bug or an input it did not foresee: say so plainly.
      return { kind: 'error', message: `${options.fileName ? `${options.fileName}: ` : ''}the file could not be read (${(e as Error).message ?? String(e)}). Nothing was stored. If the file opens in its own application, export it again; if it keeps failing, send it to support.` };
    }
  },
};

export type ImportWorkerApi = typeof api;

Comlink.expose(api);
