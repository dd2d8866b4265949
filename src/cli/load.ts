/**
 * Reads the CLI's input file and runs the analysis: a canonical JSON, a CSV period table (read
 * with its line-and-column errors), or any schedule file the import readers know (recognised by
 * content: XER, PMXML, MSPDI, Excel, a CSV activity list).
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { analysePeriodTable, analyseSchedule, type Analysis } from '../core/evm';
import { parseSchedule } from '../core/model';
import { parsePeriodTableCsv } from '../core/import/table/periodTableCsv';
import { parseScheduleFile, detectFormat, ImportError } from '../core/import';
import { proposeMapping, readCsv } from '../core/import/table';
import type { Schedule } from '../core/model';
import type { AnalyseArgs } from './args';

/** A problem with the input file; the message already names the file. */
export class InputError extends Error {
  override name = 'InputError';
}

const MAX_BYTES = 512 * 1024 * 1024;

/** Options that only mean something for one kind of input. */
const SCHEDULE_ONLY = ['data-date', 'by', 'periods', 'profile', 'project'];
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
  const bytes = new Uint8Array(await readFile(args.file));
  const text = new TextDecoder().decode(bytes);
  const ext = extname(args.file).toLowerCase();
  const format = detectFormat(bytes, name).format;

  if (format === 'json' || (ext === '.json' && format !== 'xer')) {
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (e) {
      throw new InputError(`${name} is not valid JSON: ${(e as Error).message}.`);
    }
    return scheduleAnalysis(parseSchedule(json), args);
  }
  // A CSV period table keeps its own reader, whose errors name the line and column.
  if (format === 'csv' && proposeMapping(readCsv(text)).kind === 'periods') return periodTableAnalysis(text, name, args);
  if (format === 'not-a-schedule' && (ext === '.csv' || ext === '.txt')) return periodTableAnalysis(text, name, args);

  let outcome;
  try {
    outcome = parseScheduleFile(bytes, { fileName: name, project: args.project, table: { confirmed: true, cumulative: !args.incremental } });
  } catch (e) {
    if (e instanceof ImportError) throw new InputError(e.message.startsWith(name) ? e.message : `${name}: ${e.message}`);
    throw e;
  }
  if (outcome.kind === 'period-table') {
    const analysis = analysePeriodTable(outcome.table, { bac: args.bac, plannedDuration: args.plannedDuration, eacMethod: args.eacMethod, lastN: args.lastN });
    return { analysis, ignored: ignoredOptions(args.given, 'period-table') };
  }
  if (outcome.kind !== 'schedules') throw new InputError(`${name}: the table's columns could not be mapped.`);
  const { schedules, projects } = outcome.result;
  if (schedules.length > 1)
    throw new InputError(
      `${name} holds ${projects.length} projects: ${projects.map((p) => `${p.code ?? p.id} "${p.name}" (${p.activities} activities)`).join(', ')}. Choose one with --project <code>.`,
    );
  if (schedules.length === 0) throw new InputError(`${name}: no project was built from this file.`);
  return scheduleAnalysis(schedules[0], args);
}

function scheduleAnalysis(schedule: Schedule, args: AnalyseArgs): FileAnalysis {
  const analysis = analyseSchedule(schedule, {
    dataDate: args.dataDate,
    today: args.today,
    breakdown: args.by,
    periods: args.periods,
    eacMethod: args.eacMethod,
    profile: args.profile,
    lastN: args.lastN,
  });
  // Reader warnings (encoding guesses, missing baselines, repaired dates) belong with the figures.
  for (const w of schedule.source?.warnings ?? []) analysis.warnings.push(w.where ? `${w.where}: ${w.message}` : w.message);
  return { analysis, ignored: ignoredOptions(args.given, 'schedule') };
}

function periodTableAnalysis(text: string, name: string, args: AnalyseArgs): FileAnalysis {
  const table = parsePeriodTableCsv(text, { incremental: args.incremental, fileName: name });
  const analysis = analysePeriodTable(table, { bac: args.bac, plannedDuration: args.plannedDuration, eacMethod: args.eacMethod, lastN: args.lastN });
  return { analysis, ignored: ignoredOptions(args.given, 'period-table') };
}
