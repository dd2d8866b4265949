/**
 * Reads the CLI's input file and runs the analysis: a canonical JSON, or any file the import
 * readers know (recognised by content: XER, PMXML, MSPDI, MPX, Excel, CSV). Tables, period tables
 * included, go the one way the app reads them (parseScheduleFileAsync → the column mapper), so a CSV
 * or workbook period table, long or wide, is read and reported on the same terms in both.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { analysePeriodTable, analyseSchedule, type Analysis } from '../core/evm';
import { parseSchedule } from '../core/model';
import { parseScheduleFileAsync, detectFormat, ImportError, type ParseOutcome } from '../core/import';
import type { MappingProposal } from '../core/import/table';
import type { Schedule } from '../core/model';
import type { AnalyseArgs } from './args';

/** A problem with the input file; the message already names the file. */
export class InputError extends Error {
  override name = 'InputError';
}

const MAX_BYTES = 512 * 1024 * 1024;

/** What the input turned out to be, for naming the options that do not apply to it. */
export type InputKind = 'schedule' | 'table-schedule' | 'period-table';

/** Options that only mean something for one kind of input. */
const SCHEDULE_ONLY = ['data-date', 'by', 'periods', 'profile', 'project'];
const PERIOD_TABLE_ONLY = ['incremental', 'bac', 'planned-duration'];
const TABLE_ONLY = ['table'];

/** Warnings for options the user gave that the input's kind does not use. */
export function ignoredOptions(given: readonly string[], kind: InputKind): string[] {
  const out: string[] = [];
  for (const o of given) {
    if (kind !== 'period-table' && PERIOD_TABLE_ONLY.includes(o))
      out.push(`--${o} applies to period tables only (CSV or Excel); this file is a schedule, so it was ignored.`);
    else if (kind === 'period-table' && SCHEDULE_ONLY.includes(o))
      out.push(`--${o} applies to schedules only; this file is a period table (its status is the last row with EV or AC), so it was ignored.`);
    else if (kind === 'schedule' && TABLE_ONLY.includes(o)) out.push(`--${o} applies to CSV and Excel tables only; this file is a schedule, so it was ignored.`);
  }
  return out;
}

export interface FileAnalysis {
  analysis: Analysis;
  /** One warning per option that did not apply to this input. */
  ignored: string[];
  /**
   * The readers' notes on a schedule file (encoding guesses, missing baselines, repaired dates),
   * kept apart from the analysis's own warnings exactly as the app keeps them ("notes from the
   * import"), so the alerts and commentary of a file are the same in the app and the CLI.
   */
  importWarnings: string[];
  /** The schedule analysed (absent for a period table): the reports' activity grid. */
  schedule?: Schedule;
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
  const ext = extname(args.file).toLowerCase();
  const format = detectFormat(bytes, name).format;

  if (format === 'json' || (ext === '.json' && format !== 'xer')) {
    const text = new TextDecoder().decode(bytes);
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (e) {
      throw new InputError(`${name} is not valid JSON: ${(e as Error).message}.`);
    }
    return scheduleAnalysis(parseSchedule(json), args, 'schedule');
  }
  // A text file of blank lines is empty to its reader, whatever its size.
  if (bytes.length < 65536 && /^[\s\uFEFF]*$/.test(new TextDecoder().decode(bytes)))
    throw new InputError(`${name} is empty: expected a header row (the column names) and one row per period or activity.`);

  let outcome: ParseOutcome;
  try {
    // The CLI cannot show a mapping to confirm: the mapper's proposal is taken as it stands, and
    // the values are cumulative unless --incremental says otherwise (never guessed).
    outcome = await parseScheduleFileAsync(bytes, { fileName: name, project: args.project, table: { confirmed: true, cumulative: !args.incremental, kind: args.table } });
  } catch (e) {
    if (e instanceof ImportError) throw new InputError(e.message.startsWith(name) ? e.message : `${name}: ${e.message}`);
    throw e;
  }
  // The mapper could not tell a period table from an activity list, and the CLI cannot ask.
  if (outcome.kind === 'needs-mapping') throw new InputError(askWhichReading(name, outcome.proposal));
  if (outcome.kind === 'period-table') {
    const analysis = analysePeriodTable(outcome.table, { bac: args.bac, plannedDuration: args.plannedDuration, eacMethod: args.eacMethod, lastN: args.lastN });
    return { analysis, ignored: ignoredOptions(args.given, 'period-table'), importWarnings: [] };
  }
  const { schedules, projects } = outcome.result;
  if (schedules.length > 1)
    throw new InputError(
      `${name} holds ${projects.length} projects: ${projects.map((p) => `${p.code ?? p.id} "${p.name}" (${p.activities} activities)`).join(', ')}. Choose one with --project <code>.`,
    );
  if (schedules.length === 0) throw new InputError(`${name}: no project was built from this file.`);
  const isTable = ['csv', 'xlsx', 'xls'].includes(outcome.detection.format);
  return scheduleAnalysis(schedules[0], args, isTable ? 'table-schedule' : 'schedule');
}

/** The two readings of a table the mapper could not decide between, and the option that chooses. */
export function askWhichReading(name: string, proposal: MappingProposal): string {
  const readings = [{ kind: proposal.kind, reason: proposal.kindReason }, ...(proposal.otherReading ? [proposal.otherReading] : [])];
  const periods = readings.find((r) => r.kind === 'periods');
  const activities = readings.find((r) => r.kind === 'activities');
  return (
    `${name}: this table could be a period table or an activity list, and its columns do not say which. ` +
    `--table periods: ${periods?.reason ?? 'read each row as a period'}. --table activities: ${activities?.reason ?? 'read each row as an activity'}. Run again with the one that is right.`
  );
}

/** The schedule analysed as the command's options say, with another breakdown (the reports' control accounts). */
export function analyseWithBreakdown(schedule: Schedule, args: AnalyseArgs, breakdown: AnalyseArgs['by']): Analysis {
  return analyseSchedule(schedule, {
    dataDate: args.dataDate,
    today: args.today,
    breakdown,
    periods: args.periods,
    eacMethod: args.eacMethod,
    profile: args.profile,
    lastN: args.lastN,
  });
}

function scheduleAnalysis(schedule: Schedule, args: AnalyseArgs, kind: InputKind): FileAnalysis {
  const analysis = analyseSchedule(schedule, {
    dataDate: args.dataDate,
    today: args.today,
    breakdown: args.by,
    periods: args.periods,
    eacMethod: args.eacMethod,
    profile: args.profile,
    lastN: args.lastN,
  });
  const importWarnings = (schedule.source?.warnings ?? []).map((w) => (w.where ? `${w.where}: ${w.message}` : w.message));
  return { analysis, ignored: ignoredOptions(args.given, kind), importWarnings, schedule };
}
