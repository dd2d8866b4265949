/**
 * How well one header names each field, from the lexicon alone (values are weighed later). A
 * header is tried whole, without its brackets, by each bracketed part ("Planned Value (PV)",
 * "Original Duration (d)") and, under a group header ("Baseline" over "Start | Finish"), with
 * the group's words in front.
 */
import { FIELDS, MAPPING_FIELDS, type MappingField } from './fields';
import { tokenCredit, tokenSimilarity } from './fuzzy';
import { PHRASES, VOCABULARY, type Phrase } from './lexicon';
import { canonicalTokens, rawWords } from './tokens';

export interface HeaderMatch {
  field: MappingField;
  /** 0..1 from the lexicon. */
  score: number;
  /**
   * In a period table, amounts may be measured in hours ("Planned Hrs", "Earned MH"): the score
   * with the unit words set aside (slightly discounted). Activity tables have unit fields for those.
   */
  periodScore?: number;
  /** The lexicon phrase matched. */
  phrase: string;
  exact: boolean;
}

/** Whether a header says its values are cumulative ("Cum BCWP", "EV to date") or per period ("BCWP this period"). */
export type CumulativeHint = 'cumulative' | 'periodic' | null;

/** Qualifiers that say how an amount accumulates without changing which amount it is. */
const MEASURE_QUALIFIERS = new Set(['cum', 'current', 'period', 'monthly', 'weekly', 'periodic', 'incremental', 'this', 'running', 'movement', 'total']);
/** Words that say an amount is in hours or quantities rather than money. */
const UNIT_WORDS = new Set(['hours', 'manhours', 'units', 'quantity']);

export function cumulativeHint(header: string): CumulativeHint {
  const t = canonicalTokens(header, VOCABULARY);
  const joined = ` ${t.join(' ')} `;
  if (t.includes('cum') || joined.includes(' to date ') || joined.includes(' running total ')) return 'cumulative';
  if (t.some((w) => ['current', 'monthly', 'weekly', 'periodic', 'incremental', 'this', 'movement'].includes(w)) || /^period\b|\bperiod$/.test(t.join(' '))) return 'periodic';
  return null;
}

/** Words that never name a field by themselves but often sit in brackets: units and currencies. */
const BRACKET_NOISE = /^(?:[£$€¥₹]|gbp|usd|eur|aud|cad|d|h|w|hrs?|hours?|days?|wks?|weeks?|mo|months?|%|k|000s?|'000|\$k|£k|mh|currency|cost|base|local)$/i;

function variants(header: string, group?: string): string[][] {
  const out: string[][] = [];
  const add = (text: string) => {
    const t = canonicalTokens(text, VOCABULARY);
    if (t.length && !out.some((o) => o.length === t.length && o.every((w, i) => w === t[i]))) out.push(t);
  };
  add(header);
  const outside = header.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').trim();
  if (outside && outside !== header.trim()) add(outside);
  for (const m of header.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)) {
    const inside = (m[1] ?? m[2] ?? '').trim();
    if (inside && !BRACKET_NOISE.test(inside)) add(inside);
  }
  if (group) {
    add(`${group} ${outside || header}`);
  }
  return out;
}

const cache = new Map<string, HeaderMatch[]>();
const MAX_HEADER = 120;

/** Phrase tokens → the phrases that use them: a header is scored only against phrases it shares a word with. */
const PHRASE_TOKENS: readonly string[] = [...new Set(Object.values(PHRASES).flatMap((ps) => ps.flatMap((p) => p.tokens)))];
const PHRASES_BY_TOKEN = new Map<string, Phrase[]>();
for (const ps of Object.values(PHRASES)) for (const ph of ps) for (const t of new Set(ph.tokens)) PHRASES_BY_TOKEN.set(t, [...(PHRASES_BY_TOKEN.get(t) ?? []), ph]);

/** The phrases any of the header's words could match (exactly, as a typo, or clipped). */
function candidatePhrases(tokenLists: string[][]): Set<Phrase> {
  const words = new Set(tokenLists.flat());
  const out = new Set<Phrase>();
  for (const t of PHRASE_TOKENS) {
    for (const w of words) {
      if (tokenCredit(w, t) > 0) {
        for (const ph of PHRASES_BY_TOKEN.get(t) ?? []) out.add(ph);
        break;
      }
    }
  }
  return out;
}

/**
 * Every field the header could name with a lexicon score of at least 0.3, best first. Cached:
 * the same headers come back for every sheet of a workbook and for the header-row search.
 */
export function scoreHeader(fullHeader: string, group?: string): HeaderMatch[] {
  // Real headers are a few words; a pasted paragraph in a header cell must not cost seconds.
  const header = fullHeader.length > MAX_HEADER ? fullHeader.slice(0, MAX_HEADER) : fullHeader;
  const key = `${header}\u0000${group ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const vs = variants(header, group);
  if (vs.length === 0) {
    cache.set(key, []);
    return [];
  }
  const stripped = vs.map((v) => {
    const s: string[] = [];
    for (let i = 0; i < v.length; i++) {
      if (MEASURE_QUALIFIERS.has(v[i])) continue;
      if (v[i] === 'to' && v[i + 1] === 'date') {
        i++;
        continue;
      }
      s.push(v[i]);
    }
    return s;
  });
  const inUnits = vs[0].some((t) => UNIT_WORDS.has(t));
  const candidates = candidatePhrases([...vs, ...stripped]);
  const out: HeaderMatch[] = [];
  for (const field of MAPPING_FIELDS) {
    const measure = FIELDS[field].measure === true;
    let best: HeaderMatch | null = null;
    const consider = (tokens: string[], factor: number) => {
      if (tokens.length === 0) return;
      for (const ph of PHRASES[field]) {
        if (!candidates.has(ph)) continue;
        const sim = tokenSimilarity(tokens, ph.tokens);
        const score = sim * ph.strength * factor;
        if (!best || score > best.score) best = { field, score, phrase: ph.text, exact: sim === 1 && factor === 1 };
      }
    };
    // Money fields doubt headers that say hours or quantities ("Earned Hours" is not EV in money).
    const money = FIELDS[field].kind === 'money';
    const f = money && inUnits ? 0.6 : 1;
    for (const v of vs) consider(v, f);
    if (measure) for (const s of stripped) consider(s, f);
    let b = best as HeaderMatch | null;
    if (measure && inUnits) {
      let inPeriods = 0;
      for (const s of stripped) {
        const t = s.filter((w) => !UNIT_WORDS.has(w));
        if (t.length === 0) continue;
        for (const ph of PHRASES[field]) if (candidates.has(ph)) inPeriods = Math.max(inPeriods, 0.9 * ph.strength * tokenSimilarity(t, ph.tokens));
      }
      if (inPeriods > 0) {
        b = b ?? { field, score: 0, phrase: PHRASES[field][0]?.text ?? field, exact: false };
        b.periodScore = Math.max(inPeriods, b.score);
      }
    }
    if (b && (b.score >= 0.3 || (b.periodScore ?? 0) >= 0.3)) out.push(b);
  }
  // Cumulative twins of the period measures: the same words, told apart by the qualifier.
  const hint = cumulativeHint(header);
  for (const [plain, cum] of [['plannedValue', 'plannedValueCum'], ['earnedValue', 'earnedValueCum'], ['actualCost', 'actualCostCum']] as const) {
    const i = out.findIndex((m) => m.field === plain);
    if (i < 0) continue;
    const base = out[i];
    const k = hint === 'cumulative' ? 1 : hint === 'periodic' ? 0.75 : 0.9;
    const twin: HeaderMatch = { field: cum, score: base.score * k, phrase: base.phrase, exact: base.exact };
    if (base.periodScore !== undefined) twin.periodScore = base.periodScore * k;
    out.push(twin);
    if (hint === 'cumulative') out[i] = { ...base, score: base.score * 0.97, ...(base.periodScore !== undefined ? { periodScore: base.periodScore * 0.97 } : {}) };
  }
  out.sort((a, b) => b.score - a.score);
  if (cache.size > 5000) cache.clear();
  cache.set(key, out);
  return out;
}

/** The best lexicon score of a header over all fields (0 when it names none). */
export function bestHeaderScore(header: string): number {
  let best = 0;
  for (const m of scoreHeader(header)) best = Math.max(best, m.score, m.periodScore ?? 0);
  return best;
}

/** The score a match counts for in a table of this kind. */
export function scoreIn(m: HeaderMatch, kind: 'activities' | 'periods'): number {
  return kind === 'periods' ? Math.max(m.score, m.periodScore ?? 0) : m.score;
}

/** Duration unit words in a header: "Original Duration (d)", "Remaining Days", "Dur (hrs)". */
export function headerWords(header: string): string[] {
  return rawWords(header);
}
