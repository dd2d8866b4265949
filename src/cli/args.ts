/** Command-line options of `earnest analyse`, parsed and checked. */
import { parseArgs } from 'node:util';
import { EAC_METHODS, SPREAD_PROFILES, type BreakdownBy, type EacMethod, type SpreadProfile } from '../core/evm';
import type { TableKind } from '../core/import/table';
import { localToday, tryToMinutes, type LocalDateTime } from '../core/model';

export interface AnalyseArgs {
  file: string;
  dataDate?: string;
  /** The local date when the command ran: the status date of a file with no dates to go by. */
  today: LocalDateTime;
  by: BreakdownBy | 'none';
  json: boolean;
  incremental: boolean;
  bac?: number;
  plannedDuration?: number;
  periods: 'week' | 'month';
  eacMethod?: EacMethod;
  profile?: SpreadProfile;
  lastN?: number;
  /** Which project of a multi-project schedule file (id or short code). */
  project?: string;
  /** Read a CSV or Excel table as this kind, when the mapper cannot tell. */
  table?: TableKind;
  /** Write the PDF status report here. */
  pdf?: string;
  /** Write the Excel workbook here. */
  xlsx?: string;
  /** The PDF's paper (default A4). */
  paper: 'A4' | 'Letter';
  /** Run a Monte Carlo schedule and cost risk analysis too. */
  risk: boolean;
  /** Its iterations (default 1,000) and seed (default 1: the same figures every run). */
  iterations: number;
  seed: number;
  /** The options the user actually typed (without dashes), so options that do not apply to the input can be named. */
  given: string[];
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run analyse -- <file> [options]

  <file>                   a P6 .xer or .xml, an MS Project .xml, an Excel .xlsx/.xls or a .csv
                           (an activity list, or a period table: one row per period, or periods
                           across with rows PV, EV, AC) or a canonical-model .json

  --data-date YYYY-MM-DD   status date (default: the file's status date, else MS Project's
                           current date, else the latest actual date, else today; the
                           report says which)
  --by wbs|ca|code:<type>  breakdown by WBS (default), control account, or an activity code type
  --json                   print the full result as JSON (field names: see README)
  --incremental            period-table values are per period, not cumulative
  --bac N                  budget at completion (period tables; default: final cumulative PV)
  --planned-duration N     planned duration in periods (default: first period where PV reaches BAC)
  --periods week|month     reporting periods for schedules (default: weeks ending on the data date)
  --eac METHOD             EAC used for ETC, VAC and TCPI: ${EAC_METHODS.join(', ')} (default cpi)
  --profile P              budget spread: ${SPREAD_PROFILES.join(', ')} (default linear)
  --last-n N               periods for CPI over the last n periods (default 3)
  --project ID             the project to analyse in a multi-project file (id or short code)
  --table periods|activities
                           read a CSV or Excel table as a period table or an activity list
                           (needed when its columns could be either)
  --pdf FILE               also write the PDF status report (key figures, S-curve and cash-flow
                           charts, breakdown, alerts, commentary) to FILE
  --xlsx FILE              also write the Excel workbook (measures with formulas, breakdown,
                           periods, cash flow, alerts, commentary, activities) to FILE
  --paper a4|letter        the PDF's paper size (default a4)
  --risk                   also run a Monte Carlo schedule and cost risk analysis: P10/P50/P80/P90
                           finish and cost, the deterministic date's confidence, the ten
                           activities most often critical, the run time. Ranges come from the
                           file's three-point durations, else every task −10% / +25% of its
                           remaining duration (triangular, most likely as planned)
  --iterations N           risk iterations (default 1000, at most 1000000)
  --seed S                 risk random seed, a whole number (default 1: the same figures each run)
  --help                   this text`;

const positive = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${name} must be a positive number, not "${v}".`);
  return n;
};

const NUMERIC_OPTIONS = new Set(['--bac', '--planned-duration', '--last-n', '--iterations', '--seed']);

/** `now`: the clock whose local date is "today" for a file with no dates (tests pass a fixed one). */
export function parseAnalyseArgs(argv: string[], now: Date = new Date()): AnalyseArgs | 'help' {
  // "--bac -5" would otherwise be refused by parseArgs as an ambiguous option; joining it as
  // "--bac=-5" lets the value check below say what is wrong with it.
  const args = argv.map((a, i) => (i > 0 && /^-\d/.test(a) && NUMERIC_OPTIONS.has(argv[i - 1]) ? `${argv[i - 1]}=${a}` : a));
  const joined = args.filter((a, i) => !(i + 1 < args.length && args[i + 1].startsWith(`${a}=`) && NUMERIC_OPTIONS.has(a)));
  let parsed;
  try {
    parsed = parseArgs({
      args: joined,
      allowPositionals: true,
      options: {
        'data-date': { type: 'string' },
        by: { type: 'string' },
        json: { type: 'boolean', default: false },
        incremental: { type: 'boolean', default: false },
        bac: { type: 'string' },
        'planned-duration': { type: 'string' },
        periods: { type: 'string' },
        eac: { type: 'string' },
        profile: { type: 'string' },
        'last-n': { type: 'string' },
        project: { type: 'string' },
        table: { type: 'string' },
        pdf: { type: 'string' },
        xlsx: { type: 'string' },
        paper: { type: 'string' },
        risk: { type: 'boolean', default: false },
        iterations: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (parsed.positionals.length !== 1) throw new UsageError(parsed.positionals.length ? 'Give exactly one file.' : 'Give the file to analyse.');
  const dataDate = v['data-date'];
  if (dataDate !== undefined && tryToMinutes(dataDate) === null) throw new UsageError(`--data-date "${dataDate}" is not a date (YYYY-MM-DD).`);
  let by: AnalyseArgs['by'] = 'wbs';
  if (v.by !== undefined) {
    if (v.by === 'wbs') by = 'wbs';
    else if (v.by === 'ca') by = 'control-account';
    else if (v.by === 'none') by = 'none';
    else if (v.by.startsWith('code:') && v.by.length > 5) by = { codeTypeId: v.by.slice(5) };
    else throw new UsageError(`--by must be wbs, ca or code:<type id>, not "${v.by}".`);
  }
  const periods = v.periods ?? 'week';
  if (periods !== 'week' && periods !== 'month') throw new UsageError(`--periods must be week or month, not "${periods}".`);
  if (v.eac !== undefined && !(EAC_METHODS as readonly string[]).includes(v.eac))
    throw new UsageError(`--eac must be one of ${EAC_METHODS.join(', ')}, not "${v.eac}".`);
  if (v.profile !== undefined && !(SPREAD_PROFILES as readonly string[]).includes(v.profile))
    throw new UsageError(`--profile must be one of ${SPREAD_PROFILES.join(', ')}, not "${v.profile}".`);
  if (v.table !== undefined && v.table !== 'periods' && v.table !== 'activities') throw new UsageError(`--table must be periods or activities, not "${v.table}".`);
  const paper = v.paper === undefined ? 'A4' : v.paper.toLowerCase() === 'a4' ? 'A4' : v.paper.toLowerCase() === 'letter' ? 'Letter' : null;
  if (paper === null) throw new UsageError(`--paper must be a4 or letter, not "${v.paper}".`);
  if (v.paper !== undefined && v.pdf === undefined) throw new UsageError('--paper sets the PDF\'s paper: give --pdf FILE too.');
  for (const [name, path] of [['--pdf', v.pdf], ['--xlsx', v.xlsx]] as const) if (path !== undefined && !path.trim()) throw new UsageError(`${name} needs a file name.`);
  if (v.pdf !== undefined && v.pdf === v.xlsx) throw new UsageError('--pdf and --xlsx name the same file: give each its own.');
  const iterations = positive('--iterations', v.iterations) ?? 1000;
  if (!Number.isInteger(iterations) || iterations > 1_000_000) throw new UsageError(`--iterations must be a whole number from 1 to 1000000, not "${v.iterations}".`);
  const seed = v.seed === undefined ? 1 : Number(v.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new UsageError(`--seed must be a whole number from 0 to 4294967295, not "${v.seed}".`);
  if ((v.iterations !== undefined || v.seed !== undefined) && !v.risk) throw new UsageError('--iterations and --seed set the risk analysis: give --risk too.');
  const lastN = positive('--last-n', v['last-n']);
  if (lastN !== undefined && !Number.isInteger(lastN)) throw new UsageError('--last-n must be a whole number of periods.');
  return {
    file: parsed.positionals[0],
    dataDate,
    today: localToday(now),
    by,
    json: v.json ?? false,
    incremental: v.incremental ?? false,
    bac: positive('--bac', v.bac),
    plannedDuration: positive('--planned-duration', v['planned-duration']),
    periods,
    eacMethod: v.eac as EacMethod | undefined,
    profile: v.profile as SpreadProfile | undefined,
    lastN,
    project: v.project,
    table: v.table as TableKind | undefined,
    pdf: v.pdf,
    xlsx: v.xlsx,
    paper,
    risk: v.risk ?? false,
    iterations,
    seed,
    given: Object.keys(v).filter((k) => !['json', 'help', 'pdf', 'xlsx', 'paper', 'risk', 'iterations', 'seed'].includes(k) && !(typeof v[k as keyof typeof v] === 'boolean' && !v[k as keyof typeof v])),
  };
}
