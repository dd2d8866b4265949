/**
 * Value profiling: what a column's values look like (amounts, dates, percentages, codes, names…),
 * measured on a sample of its cells. The mapper weighs each field's header score by how well the
 * values fit the field, and says so in its reason ("98% of values are amounts").
 */
import type { ValueKind } from './fields';
import { isBlank, type CellValue } from './sheet';
import { dateOfCell, dateOrderEvidence, isPlausibleSerial, numberOfCell, parseDurationCell, periodEndOfText, type DurationUnit } from './values';

export interface ColumnProfile {
  /** Cells sampled (blank ones included). */
  sampled: number;
  nonEmpty: number;
  /** Numbers (typed, or text that reads as one, without a % sign). */
  numbers: number;
  /** Text amounts with a currency symbol or code. */
  currency: number;
  currencyCodes: Record<string, number>;
  /** Values written with a % sign. */
  percentSigned: number;
  /** Numbers in 0..1, and in 0..100. */
  inUnit: number;
  in0to100: number;
  integers: number;
  negatives: number;
  maxNumber: number;
  /** Typed dates and date text. */
  dates: number;
  datesWithTime: number;
  /** Numbers that would be Excel dates between 1950 and 2099. */
  serials: number;
  /** Day/month order evidence of all-numeric dates. */
  dmy: number;
  mdy: number;
  /** Durations written with a unit ("5d", "3 wks"), by unit. */
  durations: number;
  durationUnits: Partial<Record<DurationUnit, number>>;
  /** Text that is neither a number nor a date. */
  texts: number;
  /** Text with a space in it (names and descriptions). */
  spaced: number;
  /** Short tokens that look like codes: A1010, ACT-0010, 1.2.3, 42. */
  codeLike: number;
  /** Dotted or dashed multi-part codes (1.2.3, CIV.FND.01). */
  dotted: number;
  booleans: number;
  typeWords: number;
  statusWords: number;
  pctTypeWords: number;
  evtWords: number;
  /** Lists of activity references with relationship types ("A1010FS+2d, A1020"). */
  linkLike: number;
  /** Integers 0..30 (outline levels). */
  smallInts: number;
  /** Period labels: "P3", "Week 12", "Mar-25", "2025-03", "M01". */
  periodLabels: number;
  distinct: number;
  avgLength: number;
}

const TYPE_RE = /^(?:tt_\w+|task|tasks|activity|normal|milestone|start milestone|finish milestone|milestone \(start\)|milestone \(finish\)|ms|level of effort|loe|hammock|wbs summary|summary|resource dependent|task dependent|fixed duration|fixed units|fixed work|start|finish|deliverable|work package)$/i;
const STATUS_RE = /^(?:tk_\w+|not started|notstarted|in progress|inprogress|started|active|completed?|finished|done|planned|open|closed|on hold|suspended|ongoing|0 - not started|1 - in progress|2 - complete)$/i;
const PCT_TYPE_RE = /^(?:cp_\w+|physical|duration|units?|work|physical %|duration %|units %)$/i;
const EVT_RE = /^(?:\d{1,3}\s*[/-]\s*\d{1,3}|%\s*complete|percent complete|physical %|physical percent complete|level of effort|loe|apportioned|apportioned effort|ae|weighted milestones?|milestones?|wm|pc|0-100|50-50|fixed formula|units complete|equivalent units)$/i;
const LINK_ITEM_RE = /^[A-Za-z0-9][\w.\-/]{0,30}?(?:\s*:?\s*(?:fs|ss|ff|sf|pr_(?:fs|ss|ff|sf)))?(?:\s*[+-]\s*\d+(?:\.\d+)?\s*[a-z]*)?$/i;
/** Cells longer than this are profiled as plain text without trying the value patterns. */
const MAX_CLASSIFIED_CHARS = 200;
const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9._\-/:]{0,29}$/;
const DOTTED_RE = /^[A-Za-z0-9]+(?:[.\-/][A-Za-z0-9]+)+$/;
const PERIOD_LABEL_RE = /^(?:p|per|period|m|mth|month|w|wk|week|q|qtr|fy\d{2,4}\s*p?)\s*[-.]?\s*\d{1,3}$/i;

/** Profiles the non-blank cells among `values` (already sampled by the caller). */
export function profileColumn(values: readonly CellValue[]): ColumnProfile {
  const p: ColumnProfile = {
    sampled: values.length,
    nonEmpty: 0,
    numbers: 0,
    currency: 0,
    currencyCodes: {},
    percentSigned: 0,
    inUnit: 0,
    in0to100: 0,
    integers: 0,
    negatives: 0,
    maxNumber: -Infinity,
    dates: 0,
    datesWithTime: 0,
    serials: 0,
    dmy: 0,
    mdy: 0,
    durations: 0,
    durationUnits: {},
    texts: 0,
    spaced: 0,
    codeLike: 0,
    dotted: 0,
    booleans: 0,
    typeWords: 0,
    statusWords: 0,
    pctTypeWords: 0,
    evtWords: 0,
    linkLike: 0,
    smallInts: 0,
    periodLabels: 0,
    distinct: 0,
    avgLength: 0,
  };
  const seen = new Set<string>();
  let totalLength = 0;
  for (const v of values) {
    if (isBlank(v)) continue;
    p.nonEmpty++;
    const text = typeof v === 'string' ? v.trim() : v instanceof Date ? '' : String(v);
    seen.add(v instanceof Date ? String(v.getTime()) : text.toLowerCase());
    totalLength += text.length;
    if (typeof v === 'boolean') {
      p.booleans++;
      continue;
    }
    if (text.length > MAX_CLASSIFIED_CHARS) {
      // Long text is a name or a note, never a date, amount, code or link list; and the patterns
      // below backtrack over long runs of spaces (a 20,000-tab cell took seconds).
      p.texts++;
      if (/\s/.test(text)) p.spaced++;
      continue;
    }
    const date = dateOfCell(v) ?? (typeof v === 'string' ? dateOfCell(v, { order: 'mdy' }) : null);
    if (date) {
      p.dates++;
      if (date.hasTime) p.datesWithTime++;
      if (typeof v === 'string') {
        const ev = dateOrderEvidence(v);
        if (ev === 'dmy') p.dmy++;
        else if (ev === 'mdy') p.mdy++;
      }
      continue;
    }
    const num = numberOfCell(v);
    if (num) {
      if (num.percent) p.percentSigned++;
      else p.numbers++;
      if (num.currency) {
        p.currency++;
        p.currencyCodes[num.currency] = (p.currencyCodes[num.currency] ?? 0) + 1;
      }
      const x = num.percent ? num.value / 100 : num.value;
      if (x >= 0 && x <= 1) p.inUnit++;
      if (num.value >= 0 && num.value <= 100) p.in0to100++;
      if (Number.isInteger(num.value)) {
        p.integers++;
        if (num.value >= 0 && num.value <= 30) p.smallInts++;
      }
      if (num.value < 0) p.negatives++;
      if (num.value > p.maxNumber) p.maxNumber = num.value;
      if (!num.percent && !num.currency && isPlausibleSerial(num.value)) p.serials++;
      if (!num.percent && !num.currency && CODE_RE.test(text)) p.codeLike++;
      if (typeof v === 'string' && DOTTED_RE.test(text)) p.dotted++;
      continue;
    }
    const dur = parseDurationCell(v);
    if (dur && dur.unit) {
      p.durations++;
      p.durationUnits[dur.unit] = (p.durationUnits[dur.unit] ?? 0) + 1;
      continue;
    }
    // Text.
    p.texts++;
    if (/\s/.test(text)) p.spaced++;
    if (CODE_RE.test(text)) p.codeLike++;
    if (DOTTED_RE.test(text)) p.dotted++;
    if (['yes', 'no', 'y', 'n', 'true', 'false'].includes(text.toLowerCase())) p.booleans++;
    if (TYPE_RE.test(text)) p.typeWords++;
    if (STATUS_RE.test(text)) p.statusWords++;
    if (PCT_TYPE_RE.test(text)) p.pctTypeWords++;
    if (EVT_RE.test(text)) p.evtWords++;
    if (PERIOD_LABEL_RE.test(text) || periodEndOfText(text) !== null) p.periodLabels++;
    const items = text.split(/[,;]/).map((s) => s.trim()).filter(Boolean);
    if (items.length > 0 && items.every((s) => LINK_ITEM_RE.test(s)) && (items.length > 1 || /(?:fs|ss|ff|sf)|[+-]\s*\d/i.test(text) || CODE_RE.test(text))) p.linkLike++;
  }
  p.distinct = seen.size;
  p.avgLength = p.nonEmpty ? totalLength / p.nonEmpty : 0;
  return p;
}

/**
 * How well the values fit a kind of field, 0..1 (0.8 for a column with no values: nothing
 * argues against it). `uniqueIds` asks identifiers to be unique, as activity IDs in an
 * activity list are.
 */
export function kindFit(p: ColumnProfile, kind: ValueKind, uniqueIds = true): number {
  const n = p.nonEmpty;
  if (n === 0) return 0.8;
  const frac = (k: number) => Math.min(1, k / n);
  // In a period table the same work package comes back every period: repeats are expected.
  const uniq = uniqueIds ? p.distinct / n : 1;
  switch (kind) {
    case 'id': {
      const codes = frac(p.codeLike + (p.spaced && p.avgLength <= 20 ? p.spaced * 0.5 : 0));
      return codes * (0.55 + 0.45 * uniq);
    }
    case 'text': {
      const texts = frac(p.texts);
      const wordy = p.avgLength >= 8 || p.spaced / n >= 0.3 ? 1 : 0.75;
      return texts * wordy;
    }
    case 'wbs':
      return frac(p.codeLike) * (p.dotted / n >= 0.5 ? 1 : 0.85);
    case 'date':
      return frac(p.dates + (p.dates === 0 ? p.serials * 0.8 : p.serials));
    case 'money':
      return frac(p.numbers) * (p.percentSigned ? 0.5 : 1) * (p.dates ? 0.5 : 1);
    case 'units': {
      // Work is often written with its unit ("96 hrs", MS Project).
      const hoursText = (p.durationUnits.hours ?? 0) + (p.durationUnits.minutes ?? 0);
      return frac(p.numbers + hoursText) * (p.currency / n > 0.3 ? 0.5 : 1);
    }
    case 'percent': {
      const all = p.numbers + p.percentSigned;
      const inRange = frac(Math.min(all, p.percentSigned + p.in0to100));
      return inRange * (p.currency ? 0.5 : 1);
    }
    case 'duration':
      return frac(p.durations + p.numbers * (p.negatives ? 0.5 : 1)) * (p.currency ? 0.5 : 1);
    case 'activity-type':
      return Math.max(frac(p.typeWords), frac(p.booleans), p.distinct <= 8 && p.texts === n ? 0.5 : 0);
    case 'status':
      return Math.max(frac(p.statusWords), p.distinct <= 8 && p.texts === n ? 0.5 : 0);
    case 'pct-type':
      return Math.max(frac(p.pctTypeWords), p.distinct <= 4 && p.texts === n ? 0.4 : 0);
    case 'ev-technique':
      return Math.max(frac(p.evtWords), p.distinct <= 8 && p.texts === n ? 0.4 : 0);
    case 'links':
      return frac(p.linkLike + p.integers);
    case 'category':
      return frac(p.texts + p.codeLike * 0.5) * (uniq < 0.5 || n < 6 ? 1 : 0.8);
    case 'level':
      return frac(p.smallInts);
    case 'period':
      return frac(p.periodLabels + p.dates + p.smallInts + (p.integers - p.smallInts) * 0.7);
  }
}

/** One line on what the values are, for a mapping reason. */
export function describeValues(p: ColumnProfile, kind: ValueKind): string {
  const n = p.nonEmpty;
  if (n === 0) return 'the column is empty';
  const pct = (k: number) => `${Math.round((100 * Math.min(k, n)) / n)}%`;
  switch (kind) {
    case 'money':
      return p.currency ? `${pct(p.numbers)} of values are amounts (${pct(p.currency)} with a currency symbol)` : `${pct(p.numbers)} of values are amounts`;
    case 'units':
      return p.durationUnits.hours ? `${pct(p.numbers + (p.durationUnits.hours ?? 0))} of values are numbers or hours` : `${pct(p.numbers)} of values are numbers`;
    case 'date':
      return p.dates ? `${pct(p.dates)} of values are dates` : `${pct(p.serials)} of values are Excel date numbers`;
    case 'percent':
      return p.percentSigned ? `${pct(p.percentSigned)} of values carry a % sign` : p.inUnit === n ? 'values are fractions 0–1' : `${pct(p.in0to100)} of values are 0–100`;
    case 'duration':
      return p.durations ? `${pct(p.durations)} of values are durations with a unit` : `${pct(p.numbers)} of values are numbers`;
    case 'id':
      return `${pct(p.codeLike)} of values look like codes, ${pct(p.distinct)} distinct`;
    case 'wbs':
      return p.dotted ? `${pct(p.dotted)} of values are dotted codes like 1.2.3` : `${pct(p.codeLike)} of values look like codes`;
    case 'text':
      return `${pct(p.texts)} of values are text`;
    case 'activity-type':
      return p.typeWords ? `${pct(p.typeWords)} of values are activity types` : `${p.distinct} distinct values`;
    case 'status':
      return p.statusWords ? `${pct(p.statusWords)} of values are statuses` : `${p.distinct} distinct values`;
    case 'pct-type':
      return `${pct(p.pctTypeWords)} of values are % complete types`;
    case 'ev-technique':
      return `${pct(p.evtWords)} of values are EV techniques`;
    case 'links':
      return `${pct(p.linkLike + p.integers)} of values are activity references`;
    case 'category':
      return `${p.distinct} distinct values`;
    case 'level':
      return `${pct(p.smallInts)} of values are small whole numbers`;
    case 'period':
      return `${pct(p.periodLabels + p.dates + p.integers)} of values are period numbers, labels or dates`;
  }
}
