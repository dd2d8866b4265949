/**
 * Runs one file through a fresh import worker with a size limit, a time limit, progress and
 * cancellation. The worker is terminated when the job ends whichever way it ends, so a crashed,
 * stuck or cancelled import leaves nothing behind and the next import starts clean.
 */
import * as Comlink from 'comlink';
import type { ImportProgress, TableChoice } from '../core/import';
import type { ImportFailure, ImportOutcome, ImportWorkerApi } from '../local/contracts';

/** Bigger files are refused before reading: a 100k-activity XER is about 150 MB. */
export const MAX_IMPORT_BYTES = 400 * 1024 * 1024;
export const IMPORT_TIME_LIMIT_MS = 120_000;

export class ImportJobError extends Error {
  override name = 'ImportJobError';
  constructor(
    message: string,
    readonly reason: 'input' | 'too-large' | 'timeout' | 'crash' | 'cancelled',
    readonly where?: string,
  ) {
    super(message);
  }
}

export interface ImportJob {
  result: Promise<ImportOutcome>;
  cancel(): void;
}

export interface ImportJobOptions {
  project?: string;
  table?: TableChoice;
  onProgress?: (p: ImportProgress) => void;
  timeLimitMs?: number;
}

const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;

export function startImport(file: Blob & { name: string }, opts: ImportJobOptions = {}): ImportJob {
  let worker: Worker | null = null;
  let settle: ((e: ImportJobError) => void) | null = null;
  const stop = () => {
    worker?.terminate();
    worker = null;
  };
  const result = new Promise<ImportOutcome>((resolve, reject) => {
    settle = (e) => {
      stop();
      reject(e);
    };
    if (file.size > MAX_IMPORT_BYTES) {
      reject(
        new ImportJobError(
          `${file.name} is ${mb(file.size)}, over the ${mb(MAX_IMPORT_BYTES)} limit for one import. Export just the project you need (in P6, one project without bloat tables such as POBS and RISKTYPE) and import that.`,
          'too-large',
        ),
      );
      return;
    }
    const timer = setTimeout(
      () => settle?.(new ImportJobError(`Reading ${file.name} took longer than ${Math.round((opts.timeLimitMs ?? IMPORT_TIME_LIMIT_MS) / 1000)} seconds, so it was stopped. Nothing was stored. Try a smaller export, or close other tabs and try again.`, 'timeout')),
      opts.timeLimitMs ?? IMPORT_TIME_LIMIT_MS,
    );
    const done = <T>(f: (v: T) => void) => (v: T) => {
      clearTimeout(timer);
      stop();
      f(v);
    };
    worker = new Worker(new URL('../../workers/import.worker.ts', import.meta.url), { type: 'module', name: 'earnest-import' });
    worker.addEventListener('error', (ev) => {
      ev.preventDefault();
      done(reject)(new ImportJobError(`The import of ${file.name} stopped unexpectedly${ev.message ? ` (${ev.message})` : ''}. Nothing was stored, and a fresh importer is ready: try again, and if it fails again the file may be too big for this device's memory.`, 'crash'));
    });
    const api = Comlink.wrap<ImportWorkerApi>(worker);
    file
      .arrayBuffer()
      .then(
        (buffer): Promise<ImportOutcome | ImportFailure> =>
          api.parse(Comlink.transfer(buffer, [buffer]), { fileName: file.name, project: opts.project, table: opts.table }, opts.onProgress ? Comlink.proxy(opts.onProgress) : undefined),
      )
      .then(
        done((r: ImportOutcome | ImportFailure) => {
          if (r.kind === 'error') reject(new ImportJobError(r.message, 'input', r.where));
          else resolve(r);
        }),
        done((e: unknown) => reject(new ImportJobError(`${file.name} could not be read: ${(e as Error).message ?? String(e)}. Nothing was stored.`, 'crash'))),
      );
  });
  return {
    result,
    cancel: () => settle?.(new ImportJobError(`The import of ${file.name} was cancelled. Nothing was stored.`, 'cancelled')),
  };
}
