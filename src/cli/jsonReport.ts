/**
 * The `--json` output. Users script against these field names: change them only with a new
 * `schemaVersion`, and keep README's "JSON output" section in step.
 */
import type { Analysis } from '../core/evm';
import type { Alert, Commentary } from '../core/insight';

export const JSON_SCHEMA_VERSION = 1;

export interface JsonReport {
  schemaVersion: typeof JSON_SCHEMA_VERSION;
  generator: 'earnest analyse';
  analysis: Analysis;
  alerts: Alert[];
  commentary: Commentary;
  /** The file readers' notes (schedule files; empty for period tables), as the app's "notes from the import". */
  importWarnings: string[];
}

export function jsonReport(analysis: Analysis, alerts: Alert[], commentary: Commentary, importWarnings: string[] = []): JsonReport {
  return { schemaVersion: JSON_SCHEMA_VERSION, generator: 'earnest analyse', analysis, alerts, commentary, importWarnings };
}
