/** Reads the CLI's input file and runs the analysis. Schedule files (XER, MSPDI…) come with the import readers. */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { analysePeriodTable, analyseSchedule, type Analysis } from '../core/evm';
import { parseSchedule } from '../core/model';
import { parsePeriodTableCsv } from '../core/import/table/periodTableCsv';
import type { AnalyseArgs } from './args';

/** A problem with the input file; the message already names the file. */
export class InputError extends Error {
  override name = 'InputError';
}

const MAX_BYTES = 512 * 1024 * 1024;

/** Options that only mean something for one kind of input. */
const SCHEDULE_ONLY = ['data-date', 'by', 'periods', 'profile'];
const PERIOD_TABLE_ONLY = ['incremental', 'bac', 'planned-duration'];

/** Warnings for options the user gave that the input's kind does not use. */
export function ignoredOptions(given: readonly string[], kind: 'schedule' | 'period-table'): string[] {
  const notFor = kind === 'schedule' ? PERIOD_TABLE_ONLY : SCHEDULE_ONLY;
  return given
    .filter((o) => notFor.includes(o))
    .map((o) =>
      kind === 'schedule'
        ? `--${o} applies to CSV period tables only; this file is a schedule, so it was ignored.`
        : `--${o} applies to schedules only; this file is a period table (its status is the last row with EV or AC), so it was ignored.`,
    );
}

export interface FileAnalysis {
  analysis: Analysis;
  /** One warning per option that did not apply to this input. */
  ignored: string[];
}

export async function analyseFile(args: AnalyseArgs): Promise<FileAnalysis> {
  const name = basename(args.file);
  let size: number;
  try {
    const st = await stat(args.file);
    if (st.isDirectory()) throw new InputError(`${args.file} is a folder, not a file: give the schedule or period-table file inside it.`);
    size = st.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${args.file}: no such file. Check the path.`);
  }
  if (size === 0) throw new InputError(`${name} is empty.`);
  if (size > MAX_BYTES) throw new InputError(`${name} is ${(size / 1048576).toFixed(0)} MB, over the ${MAX_BYTES / 1048576} MB limit.`);
  const text = (await readFile(args.file)).toString('utf8');
  const ext = extname(args.file).toLowerCase();
  const looksJson = /^\s*[{[]/.test(text.replace(/^\uFEFF/, ''));

  if (ext === '.json' || (ext !== '.csv' && looksJson)) {
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (e) {
      throw new InputError(`${name} is not valid JSON: ${(e as Error).message}.`);
    }
    const schedule = parseSchedule(json);
    const analysis = analyseSchedule(schedule, {
      dataDate: args.dataDate,
      breakdown: args.by,
      periods: args.periods,
      eacMethod: args.eacMethod,
      profile: args.profile,
      lastN: args.lastN,
    });
    return { analysis, ignored: ignoredOptions(args.given, 'schedule') };
  }
  if (ext === '.csv' || ext === '.txt' || ext === '') {
    const table = parsePeriodTableCsv(text, { incremental: args.incremental, fileName: name });
    const analysis = analysePeriodTable(table, { bac: args.bac, plannedDuration: args.plannedDuration, eacMethod: args.eacMethod, lastN: args.lastN });
    return { analysis, ignored: ignoredOptions(args.given, 'period-table') };
  }
  if (['.xer', '.xml', '.mpp', '.xlsx', '.xls', '.pp'].includes(ext))
    throw new InputError(`${name}: reading ${ext} schedule files arrives with the schedule import readers; for now give a canonical-model .json or a .csv period table.`);
  throw new InputError(`${name}: unrecognised file type "${ext}". Give a canonical-model .json or a .csv period table (Period, PV, EV, AC).`);
}
