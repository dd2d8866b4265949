/**
 * What every schedule reader shares: its options, its result and its error. Readers take the
 * file's bytes (not text) because the text encoding is part of what they must get right.
 */
import type { LocalDateTime } from '../model/dates';
import type { Schedule } from '../model/schedule';

export type ImportPhase = 'reading' | 'parsing' | 'building' | 'done';

export interface ImportProgress {
  phase: ImportPhase;
  bytesRead: number;
  totalBytes: number;
  /** Records (rows, elements) read so far. */
  rows: number;
}

export interface ImportOptions {
  /** For messages: "site.xer, TASK row 12: …". */
  fileName?: string;
  /**
   * Which project(s) of a multi-project file to build: a project's id or short code, or 'all'.
   * Omitted: every project.
   */
  project?: string;
  onProgress?: (p: ImportProgress) => void;
  /** Polled between chunks of work; when it returns true the reader throws `ImportCancelled`. */
  isCancelled?: () => boolean;
}

/** One project a file holds, for the "which project?" chooser. */
export interface ProjectSummary {
  id: string;
  code?: string;
  name: string;
  activities: number;
  dataDate?: LocalDateTime;
}

export interface ImportResult {
  /** Every project in the file, whether built or not. */
  projects: ProjectSummary[];
  /** The projects built (all of them, or the one `options.project` chose), in file order. */
  schedules: Schedule[];
}

/**
 * Input a reader cannot use. `message` is a whole sentence a user can act on; it names the file
 * and where (table and row, sheet and cell, element) when the problem has a place.
 */
export class ImportError extends Error {
  override name = 'ImportError';
  constructor(
    message: string,
    /** Where in the file: "TASK row 12", "Sheet1!C7", "Project/Tasks/Task[3]". */
    readonly where?: string,
  ) {
    super(message);
  }
}

export class ImportCancelled extends Error {
  override name = 'ImportCancelled';
  constructor() {
    super('The import was cancelled; nothing was stored.');
  }
}

/** A raw table as P6 writes it: in an XER (%T/%F/%R) or as one sheet of a table-per-sheet workbook. */
export interface RawTable {
  name: string;
  fields: string[];
  rows: string[][];
}

/** "site.xer: " or "" — the prefix every message starts with. */
export function inFile(fileName: string | undefined): string {
  return fileName ? `${fileName}: ` : '';
}

/** What a file is, as detect.ts recognises it from its content (here, so readers' registry and detection share it without importing each other). */
export type FileFormat =
  | 'xer'
  | 'pmxml'
  | 'mspdi'
  | 'xlsx'
  | 'xls'
  | 'csv'
  | 'json'
  | 'mpp'
  | 'asta'
  | 'mpx'
  | 'encrypted-workbook'
  | 'not-a-schedule'
  | 'empty';
