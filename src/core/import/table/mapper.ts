/**
 * The column mapper ("AI maps your columns"): proposes, for each column of a table, the canonical
 * field it holds, with a confidence and a one-line reason the user can check.
 *
 * Evidence, in order of weight:
 *   1. the header against the lexicon (./lexicon.ts), fuzzily (./fuzzy.ts), whole, without its
 *      brackets, and with any group header above it;
 *   2. the values (./profile.ts): a header that says "Start" over a column of amounts is doubted;
 *   3. the whole table: each field goes to at most one column and each column to at most one
 *      field, chosen together to maximise the total score (./assign.ts).
 * The proposal also fixes how values will be read: day/month order of dates, the unit of
 * durations, the scale of percentages, and whether period values look cumulative.
 */
import type { LocalDateTime } from '../../model/dates';
import { ImportError } from '../types';
import { assignMax } from './assign';
import { headerSignature } from './signature';
import { FIELDS, MAPPING_FIELDS, STANDS_IN_FOR, type MappingField, type TableKind } from './fields';
import { bestHeaderScore, cumulativeHint, headerWords, scoreHeader, scoreIn, type HeaderMatch } from './headerScore';
import { findHeaderRow } from './headerRow';
import { describeValues, kindFit, profileColumn, type ColumnProfile } from './profile';
import { cellText, denseRows, isBlank, quoted, sheetWidth, type CellValue, type Sheet } from './sheet';
import { dateOfCell, dateOrderEvidence, durationUnitOf, numberOfCell, type DateOrder, type DurationUnit } from './values';

export interface ColumnProposal {
  /** 0-based column index in the sheet's rows. */
  index: number;
  /** The header as written (trimmed). */
  header: string;
  field: MappingField | null;
  /** 0..1. */
  confidence: number;
  /** One line: "header 'Act. Cost' ≈ actual cost; 98% of values are amounts". */
  reason: string;
  /** Other fields this column could be, best first (for the correction menu). */
  alternatives: { field: MappingField; confidence: number }[];
  /** Every field's score for this column (≥ 0.3), kept so corrections can re-run the assignment. */
  candidates: Partial<Record<MappingField, number>>;
  /** Percent columns: values are fractions (0.45) or percentages (45). */
  percentScale?: 'fraction' | 'percent';
  /** Duration columns: the unit of bare numbers. */
  durationUnit?: DurationUnit;
  /** Why that unit (shown as a warning when it was a guess). */
  durationUnitReason?: string;
  /** Where the choice came from. */
  source: 'lexicon' | 'values' | 'correction';
}

export interface MappingProposal {
  sheetName: string;
  kind: TableKind;
  kindReason: string;
  /** 0-based row index of the header row; data starts on the next row. */
  headerRow: number;
  /** Non-blank rows under the header. */
  dataRows: number;
  columns: ColumnProposal[];
  /** How all-numeric dates (03/04/2025) are read. */
  dateOrder: DateOrder;
  dateOrderReason: string;
  /**
   * Present when the mapper is unsure whether the table is a period table or an activity list:
   * the other reading and why it fits. The user must choose (TableChoice.kind); nothing is built
   * until they do.
   */
  otherReading?: { kind: TableKind; reason: string };
  /** 'wide': the sheet had periods across its columns and was turned round (./wide.ts). */
  layout?: 'wide';
  /** Period tables: whether the values look cumulative (always confirm with the user). */
  valuesAre?: 'cumulative' | 'incremental';
  valuesAreReason?: string;
  /** headerSignature of the headers: the key under which corrections are remembered. */
  signature: string;
  /** A title above the table ("Riverside Pumping Station – Monthly Report"). */
  title?: string;
  /** A data date written above the table ("Data date: 31/03/2025"). */
  dataDate?: LocalDateTime;
}

export interface ProposeOptions {
  /** Force the day/month order instead of reading it from the values. */
  dateOrder?: DateOrder;
}

/** Below this a pairing is not proposed (the column stays unmapped). */
export const MIN_SCORE = 0.55;
/** Header scores below this are not worth weighing. */
const MIN_HEADER = 0.4;
/** Cells profiled per column. */
const SAMPLE = 400;

/** Headers that say nothing: blank, "Column 3", "Unnamed: 2", "Field1". */
const GENERIC_HEADER = /^(?:|col(?:umn)?\s*\d*|field\s*\d*|unnamed:?\s*\d*|f\d+|[a-z]{1,2})$/i;

export function proposeMapping(sheet: Sheet, kind?: TableKind, options: ProposeOptions = {}): MappingProposal {
  const all = denseRows(sheet);
  if (sheetWidth(all) === 0 || all.every((r) => r.every(isBlank)))
    throw new ImportError(`Sheet ${quoted(sheet.name)} is empty: there is no table to map. Choose the sheet that holds the activity list or period table.`, sheet.name);
  const found = findHeaderRow(sheet);
  if (!found) {
    const only = headerWithoutRows(all, sheet);
    if (only) throw new ImportError(only, sheet.name);
    throw new ImportError(
      `Sheet ${quoted(sheet.name)} has no header row: none of its first rows names the columns (they hold numbers or dates, or text with no data under it). Add a row of column names (such as Activity ID, Activity Name, Start, Finish, Budget) above the data and import it again.`,
      sheet.name,
    );
  }
  const h = found.row;
  const rows = all;
  const width = Math.max(rows[h].length, sheetWidth(rows.slice(h, h + 200)));
  const headers = Array.from({ length: width }, (_, c) => cellText(rows[h][c] ?? null).replace(/\s+/g, ' ').trim());

  const dataIdx: number[] = [];
  for (let r = h + 1; r < rows.length; r++) if (!rows[r].every(isBlank)) dataIdx.push(r);
  const sampleIdx = sampleRows(dataIdx, SAMPLE);
  const profiles: ColumnProfile[] = headers.map((_, c) => profileColumn(sampleIdx.map((r) => rows[r][c] ?? null)));
  const matches: HeaderMatch[][] = headers.map((hd, c) => (hd ? scoreHeader(hd, found.groups[c]) : []));

  const detected: KindDecision = kind
    ? { kind, reason: kind === 'periods' ? 'you chose to read it as a period table' : 'you chose to read it as an activity list' }
    : detectKind(headers, matches, profiles, sampleIdx.map((r) => rows[r]));
  const fields = MAPPING_FIELDS.filter((f) => FIELDS[f].tables.includes(detected.kind));

  // Score matrix: lexicon score weighed by how well the values fit.
  const candidates: Partial<Record<MappingField, number>>[] = headers.map(() => ({}));
  const basis: ('lexicon' | 'values')[] = headers.map(() => 'lexicon');
  const matrix = headers.map((hd, c) =>
    fields.map((f) => {
      const m = matches[c].find((x) => x.field === f);
      const hs = m ? scoreIn(m, detected.kind) : 0;
      let s = 0;
      if (hs >= MIN_HEADER) s = hs * (0.55 + 0.45 * kindFit(profiles[c], FIELDS[f].kind, detected.kind === 'activities'));
      if (s >= 0.3) candidates[c][f] = round3(s);
      return s;
    }),
  );
  // Columns with no usable header: guess from the values alone, with low confidence.
  headers.forEach((hd, c) => {
    if (!GENERIC_HEADER.test(hd) || matches[c].some((m) => m.score >= MIN_HEADER)) return;
    const guess = guessFromValues(profiles[c], c, detected.kind);
    if (!guess) return;
    const j = fields.indexOf(guess.field);
    if (j < 0) return;
    matrix[c][j] = guess.score;
    candidates[c][guess.field] = guess.score;
    basis[c] = 'values';
  });

  const choice = assignMax(matrix, MIN_SCORE).map((j) => (j < 0 ? null : fields[j]));
  const stoodIn = standIns(choice, detected.kind);
  for (const [c, from] of stoodIn) {
    const to = choice[c] as MappingField;
    candidates[c][to] = Math.max(candidates[c][to] ?? 0, candidates[c][from] ?? 0);
  }

  const dateOrder = decideDateOrder(rows, dataIdx, choice, options.dateOrder);
  const columns: ColumnProposal[] = headers.map((header, c) => {
    const field = choice[c];
    const alternatives = (Object.entries(candidates[c]) as [MappingField, number][])
      .filter(([f]) => f !== field)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([f, s]) => ({ field: f, confidence: s }));
    const col: ColumnProposal = {
      index: c,
      header,
      field,
      confidence: field ? round3(Math.min(1, candidates[c][field] ?? 0)) : 0,
      reason: field ? reasonFor(header, stoodIn.get(c) ?? field, matches[c], profiles[c], basis[c]) + standInNote(stoodIn.get(c), field) : unmappedReason(header, profiles[c], alternatives),
      alternatives,
      candidates: candidates[c],
      source: basis[c],
    };
    addReadingHints(col, profiles[c]);
    return col;
  });

  const proposal: MappingProposal = {
    sheetName: sheet.name,
    kind: detected.kind,
    kindReason: detected.reason,
    headerRow: h,
    dataRows: dataIdx.length,
    columns,
    dateOrder: dateOrder.order,
    dateOrderReason: dateOrder.reason,
    signature: headerSignature(headers),
  };
  if (detected.other) proposal.otherReading = detected.other;
  if (detected.kind === 'periods') Object.assign(proposal, guessCumulative(columns, rows, dataIdx));
  Object.assign(proposal, titleAbove(rows, h, dateOrder.order));
  return proposal;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Up to `n` row indexes spread evenly over `idx` (the first rows always included). */
function sampleRows(idx: number[], n: number): number[] {
  if (idx.length <= n) return idx;
  const head = idx.slice(0, n / 2);
  const rest = idx.slice(n / 2);
  const step = rest.length / (n / 2);
  const tail: number[] = [];
  for (let i = 0; i < n / 2; i++) tail.push(rest[Math.floor(i * step)]);
  return [...head, ...tail];
}

/**
 * When a stand-in holds the only column for a field, it becomes that field ("Unique ID" →
 * activity ID). In a period table, a budget spread over periods is the planned value.
 */
function standIns(choice: (MappingField | null)[], kind: TableKind): Map<number, MappingField> {
  const moved = new Map<number, MappingField>();
  const pairs = Object.entries(STANDS_IN_FOR) as [MappingField, MappingField][];
  if (kind === 'periods') pairs.push(['budgetCost', 'plannedValue']);
  for (const [from, to] of pairs) {
    const i = choice.indexOf(from);
    if (i >= 0 && !choice.includes(to) && !(from === 'budgetCost' && choice.includes('plannedValueCum'))) {
      choice[i] = to;
      moved.set(i, from);
    }
  }
  return moved;
}

function standInNote(from: MappingField | undefined, to: MappingField): string {
  if (!from) return '';
  if (from === 'budgetCost') return '; in a period table a budget spread over periods is the planned value';
  return `; used as the ${FIELDS[to].label} since no other column holds it`;
}

interface KindDecision {
  kind: TableKind;
  reason: string;
  /** The other reading, when the evidence does not decide: the user is asked. */
  other?: { kind: TableKind; reason: string };
}

/**
 * Activity list or period table. A period table has a period column whose values step through
 * periods and PV/EV/AC columns; an activity list has activity IDs or names. When the evidence
 * fits both (a numbered column that may count periods or activities, one period's rows for
 * several control accounts, PV/EV/AC columns with nothing saying what a row is), the decision is
 * left to the user: `other` carries the second reading.
 */
function detectKind(headers: string[], matches: HeaderMatch[][], profiles: ColumnProfile[], sample: CellValue[][]): KindDecision {
  const best = (f: MappingField, kind: TableKind = 'activities') => {
    let s = 0;
    let at = -1;
    matches.forEach((ms, c) => {
      const m = ms.find((x) => x.field === f);
      const v = m ? scoreIn(m, kind) : 0;
      if (v > s) {
        s = v;
        at = c;
      }
    });
    return { s, at };
  };
  const period = [best('period'), best('periodDate')].sort((a, b) => b.s - a.s)[0];
  const periodLike = period.at >= 0 && (period.s >= 0.75 || (period.s >= 0.6 && kindFit(profiles[period.at], 'period') >= 0.8));
  const measureFields = ['plannedValue', 'earnedValue', 'actualCost'] as const;
  const measures = measureFields.filter((f) => best(f, 'periods').s >= 0.75).length;
  // "Planned | Earned | Actual": one-word names that say less on their own.
  const looseMeasures = measureFields.filter((f) => best(f, 'periods').s >= 0.7).length;
  const id = best('activityId');
  const name = best('activityName');
  const activity = Math.max(id.s, name.s, best('uniqueId').s);
  const rows = sample.length;
  const asActivities = (why: string) => `${why}: an activity list, one row per activity`;
  const activityWhy = () => (name.s >= id.s ? `column ${quoted(headers[name.at])} names activities` : `column ${quoted(headers[id.at])} identifies activities`);

  if (periodLike && measures >= 2) {
    const col = quoted(headers[period.at]);
    const distinct = new Set(sample.map((r) => cellText(r[period.at] ?? null))).size;
    const periods =
      rows === 1
        ? `column ${col} holds one period and the table has PV/EV/AC columns: a period table of a single period`
        : distinct >= 2
          ? `column ${col} steps through ${distinct} periods and the table has PV/EV/AC columns: a period table`
          : `every row is in the one period of column ${col}: a period table of a single period, its ${rows} rows (one per control account or work package) added together`;
    const stepping = distinct >= 2 || rows === 1;
    // A column of names ("Task" over "Project charter", "Build phase 1") settles it: a date column
    // beside it ("End Date") is each activity's, not a period.
    const named = name.s >= 0.85 || (name.s >= 0.7 && kindFit(profiles[name.at], 'text') >= 0.75);
    if (stepping && (activity < 0.7 || (activity < 0.85 && !named) || distinct < rows)) return { kind: 'periods', reason: periods };
    if (named || (!stepping && activity >= 0.85)) return { kind: 'activities', reason: asActivities(activityWhy()) };
    return { kind: 'activities', reason: asActivities(`${activityWhy()}, one per row`), other: { kind: 'periods', reason: periods } };
  }
  if (activity >= 0.7) return { kind: 'activities', reason: asActivities(activityWhy()) };
  // No names: a first column of dates with amounts beside it is a period table.
  const first = profiles.findIndex((p) => p.nonEmpty > 0);
  if (first >= 0 && profiles[first].dates / Math.max(1, profiles[first].nonEmpty) >= 0.8 && measures >= 1)
    return { kind: 'periods', reason: `column ${quoted(headers[first])} holds dates and the others amounts: a period table` };
  // Rows named by a WBS element or control account are a cost report's lines, not periods.
  const rowIdentifier = Math.max(best('wbsCode').s, best('wbsName').s, best('controlAccount').s) >= 0.7;
  if (looseMeasures >= 2 && !rowIdentifier)
    return {
      kind: 'periods',
      reason: 'the table has PV/EV/AC columns but no column of periods: as a period table its rows are the periods, in order',
      other: { kind: 'activities', reason: 'as an activity list each row is an activity, but no column names or identifies the activities' },
    };
  return { kind: 'activities', reason: 'no period column with PV/EV/AC: read as an activity list' };
}

/** A field for a column with a blank or generic header, from its values alone. */
function guessFromValues(p: ColumnProfile, col: number, kind: TableKind): { field: MappingField; score: number } | null {
  if (p.nonEmpty === 0) return null;
  const n = p.nonEmpty;
  if (kind === 'periods') return col === 0 && (p.dates + p.periodLabels) / n >= 0.8 ? { field: p.dates / n >= 0.8 ? 'periodDate' : 'period', score: 0.55 } : null;
  if (p.dotted / n >= 0.8 && p.distinct < n) return { field: 'wbsCode', score: 0.52 };
  if (col === 0 && p.codeLike / n >= 0.9 && p.distinct === n) return { field: 'activityId', score: 0.55 };
  if (p.texts / n >= 0.9 && p.spaced / n >= 0.5 && p.avgLength >= 12) return { field: 'activityName', score: 0.52 };
  return null;
}

function reasonFor(header: string, field: MappingField, matches: HeaderMatch[], p: ColumnProfile, basis: 'lexicon' | 'values'): string {
  const info = FIELDS[field];
  const values = describeValues(p, info.kind);
  if (basis === 'values') return `no usable header; ${values}, which suggests ${info.label}`;
  const m = matches.find((x) => x.field === field);
  const head = m?.exact ? `header ${quoted(header)} is a usual name for ${info.label}` : `header ${quoted(header)} ≈ ${quoted(m?.phrase ?? info.label)} (${info.label})`;
  return `${head}; ${values}`;
}

function unmappedReason(header: string, p: ColumnProfile, alternatives: { field: MappingField; confidence: number }[]): string {
  if (!header) return p.nonEmpty ? 'no header, and the values alone do not say which field this is' : 'empty column with no header';
  if (alternatives.length && alternatives[0].confidence >= 0.35)
    return `header ${quoted(header)} might be ${FIELDS[alternatives[0].field].label}, but another column fits that better or the values disagree`;
  return `header ${quoted(header)} does not name a field Earnest uses; kept as extra information`;
}

/** How bare numbers in percent and duration columns will be read. */
function addReadingHints(col: ColumnProposal, p: ColumnProfile): void {
  const f = col.field;
  if (!f) return;
  const kind = FIELDS[f].kind;
  if (kind === 'percent') {
    const bareAboveOne = p.maxNumber > 1.0000001;
    col.percentScale = bareAboveOne || (p.numbers === 0 && p.percentSigned > 0) ? 'percent' : 'fraction';
  }
  if (kind === 'duration') {
    const fromHeader = headerWords(col.header)
      .map((w) => durationUnitOf(w))
      .find((u) => u !== null);
    const counts = Object.entries(p.durationUnits).sort((a, b) => b[1] - a[1]);
    if (fromHeader) {
      col.durationUnit = fromHeader;
      col.durationUnitReason = `the header says ${fromHeader}`;
    } else if (counts.length) {
      col.durationUnit = counts[0][0] as DurationUnit;
      col.durationUnitReason = `values are written in ${counts[0][0]}`;
    } else {
      col.durationUnit = 'days';
      col.durationUnitReason = 'neither the header nor the values give a unit; read as working days, the usual unit of schedule exports';
    }
  }
}

/**
 * Day/month order for all-numeric dates, from every date cell of the mapped date columns: a
 * first number above 12 proves day-first, a second above 12 proves month-first.
 */
function decideDateOrder(rows: CellValue[][], dataIdx: number[], choice: (MappingField | null)[], forced?: DateOrder): { order: DateOrder; reason: string } {
  if (forced) return { order: forced, reason: 'chosen by the caller' };
  let dmy = 0;
  let mdy = 0;
  let either = 0;
  const cols = choice.map((f, c) => ((f && FIELDS[f].kind === 'date') || f === 'period' ? c : -1)).filter((c) => c >= 0);
  for (const r of dataIdx) {
    for (const c of cols) {
      const v = rows[r][c];
      if (typeof v !== 'string') continue;
      const e = dateOrderEvidence(v);
      if (e === 'dmy') dmy++;
      else if (e === 'mdy') mdy++;
      else if (e === 'either') either++;
    }
  }
  if (dmy && !mdy) return { order: 'dmy', reason: `${dmy} date(s) have a day above 12 in first place (e.g. 25/03/2025): day/month/year` };
  if (mdy && !dmy) return { order: 'mdy', reason: `${mdy} date(s) have a day above 12 in second place (e.g. 03/25/2025): month/day/year` };
  if (dmy && mdy) {
    const order: DateOrder = dmy >= mdy ? 'dmy' : 'mdy';
    return { order, reason: `dates disagree (${dmy} read only as day/month, ${mdy} only as month/day); the majority, ${order === 'dmy' ? 'day/month' : 'month/day'}, is used: check the date columns` };
  }
  if (either) return { order: 'dmy', reason: `no date has a day above 12, so the order cannot be told from the values; read as day/month/year (choose month/day/year for American files)` };
  return { order: 'dmy', reason: 'no all-numeric dates to read' };
}

/**
 * Period tables: cumulative when the headers say so. Otherwise from the per-period totals: a
 * cumulative curve never falls, while per-period values rise and fall; with fewer than four
 * periods, or PV, EV and AC that all only rise, the values cannot tell (an early ramp-up rises
 * too) and no guess is made unless PV, EV and AC all rise over at least four periods.
 */
function guessCumulative(columns: ColumnProposal[], rows: CellValue[][], dataIdx: number[]): Pick<MappingProposal, 'valuesAre' | 'valuesAreReason'> {
  const measures = columns.filter((c) => c.field && ['plannedValue', 'earnedValue', 'actualCost', 'plannedValueCum', 'earnedValueCum', 'actualCostCum'].includes(c.field));
  const hints = measures.map((c) => cumulativeHint(c.header));
  if (hints.includes('cumulative')) return { valuesAre: 'cumulative', valuesAreReason: `header ${quoted(measures[hints.indexOf('cumulative')].header)} says cumulative` };
  if (hints.includes('periodic')) return { valuesAre: 'incremental', valuesAreReason: `header ${quoted(measures[hints.indexOf('periodic')].header)} says per period` };
  const periodCol = columns.find((c) => c.field === 'period' || c.field === 'periodDate');
  const series = (field: 'plannedValue' | 'earnedValue' | 'actualCost'): number[] => {
    const col = columns.find((c) => c.field === field || c.field === `${field}Cum`);
    if (!col) return [];
    // Sum rows that share a period (one row per control account per period).
    const sums = new Map<string, number>();
    dataIdx.forEach((r, i) => {
      const v = numberOfCell(rows[r][col.index] ?? null)?.value;
      if (v === undefined) return;
      const key = periodCol ? cellText(rows[r][periodCol.index] ?? null) : String(i);
      sums.set(key, (sums.get(key) ?? 0) + v);
    });
    return [...sums.values()];
  };
  const rises = (v: number[]) => v.every((x, i) => i === 0 || x >= v[i - 1] - 1e-9);
  const pv = series('plannedValue');
  // One period: its cumulative and per-period values are the same figures, so there is nothing to choose.
  if (pv.length === 1) return { valuesAre: 'cumulative', valuesAreReason: 'the table has one period, whose cumulative and per-period values are the same' };
  if (pv.length < 2) return {};
  if (!rises(pv)) return { valuesAre: 'incremental', valuesAreReason: 'PV falls from one period to a later one, which a cumulative curve never does: per-period values; confirm' };
  const ev = series('earnedValue');
  const ac = series('actualCost');
  if (pv.length >= 4 && rises(ev) && rises(ac) && pv[pv.length - 1] > 2 * Math.max(pv[0], 1e-9))
    return { valuesAre: 'cumulative', valuesAreReason: 'PV, EV and AC never fall and PV ends well above where it starts, as cumulative curves do; confirm' };
  return { valuesAreReason: 'the values do not say whether they are cumulative or per period: choose' };
}

/**
 * The message for a table that is only a header row ("Period,PV,EV,AC" and nothing under it),
 * or null when the sheet has rows of data: saying "no header row" there would send the user
 * looking for the wrong problem.
 */
function headerWithoutRows(rows: CellValue[][], sheet: Sheet): string | null {
  const filled = rows.map((r, i) => ({ r, i })).filter(({ r }) => !r.every(isBlank));
  if (filled.length !== 1) return null;
  const { r, i } = filled[0];
  const cells = r.filter((v) => !isBlank(v));
  if (cells.length < 2 || !cells.every((v) => typeof v === 'string' && numberOfCell(v) === null && dateOfCell(v) === null)) return null;
  // Column names the lexicon knows, not a line of notes.
  if (cells.filter((v) => bestHeaderScore(String(v)) >= 0.7).length < cells.length / 2) return null;
  const where = sheet.fromText ? `line ${i + 1}` : `row ${i + 1} of sheet ${quoted(sheet.name)}`;
  return `the table has a header row (${where}: ${cells.map((v) => quoted(v)).join(', ')}) but no rows under it: add one row per period (or per activity) and import it again.`;
}

/** A title and a data date written above the header row. */
function titleAbove(rows: CellValue[][], headerRow: number, order: DateOrder): Pick<MappingProposal, 'title' | 'dataDate'> {
  const out: Pick<MappingProposal, 'title' | 'dataDate'> = {};
  for (let r = 0; r < headerRow; r++) {
    const row = rows[r];
    for (let c = 0; c < row.length; c++) {
      const v = row[c];
      if (isBlank(v)) continue;
      const text = cellText(v).trim();
      const label = /^(data date|status date|as at|as of|report(?:ing)? date|period end(?:ing)?|date)\s*[:=-]?\s*(.*)$/i.exec(text);
      if (label && !out.dataDate) {
        const rest = label[2] ? label[2] : cellText(row.slice(c + 1).find((x) => !isBlank(x)) ?? null);
        const d = dateOfCell(rest, { order });
        if (d) out.dataDate = d.hasTime ? d.date : d.date.slice(0, 10) + 'T17:00';
        continue;
      }
      if (!out.title && typeof v === 'string' && text.length >= 4 && !/:$/.test(text)) out.title = text.length > 120 ? text.slice(0, 120) : text;
    }
  }
  return out;
}
