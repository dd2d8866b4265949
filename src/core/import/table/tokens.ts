/**
 * Header text → canonical tokens. "Act. Cost (£)", "ActualCost", "actual_cost" and "ACTUAL COST"
 * all become [actual, cost]; "BL Project Start" becomes [baseline, project, start]. Abbreviations
 * and British/American spellings collapse to one token here so the lexicon lists each idea once.
 */

/** Token → canonical token. Context-dependent ones ("act") are handled in `canonicalTokens`. */
const SYNONYMS: Record<string, string> = {
  bl: 'baseline',
  bsl: 'baseline',
  bln: 'baseline',
  base: 'baseline',
  bline: 'baseline',
  baselined: 'baseline',
  target: 'baseline',
  actv: 'activity',
  activ: 'activity',
  activities: 'activity',
  actl: 'actual',
  actuals: 'actual',
  pct: 'percent',
  perc: 'percent',
  percentage: 'percent',
  prct: 'percent',
  comp: 'complete',
  cmp: 'complete',
  cmpl: 'complete',
  compl: 'complete',
  completed: 'complete',
  completion: 'complete',
  dur: 'duration',
  drtn: 'duration',
  durn: 'duration',
  durations: 'duration',
  rem: 'remaining',
  remain: 'remaining',
  rmng: 'remaining',
  remg: 'remaining',
  togo: 'remaining',
  orig: 'original',
  org: 'original',
  est: 'estimate',
  estimated: 'estimate',
  estimates: 'estimate',
  fcst: 'forecast',
  fcast: 'forecast',
  fc: 'forecast',
  forcast: 'forecast',
  forecasted: 'forecast',
  exp: 'expected',
  st: 'start',
  strt: 'start',
  starts: 'start',
  fin: 'finish',
  fnsh: 'finish',
  fnish: 'finish',
  finishes: 'finish',
  dt: 'date',
  dates: 'date',
  nm: 'name',
  names: 'name',
  desc: 'description',
  descr: 'description',
  descrip: 'description',
  no: 'id',
  num: 'id',
  nbr: 'id',
  number: 'id',
  code: 'id',
  cd: 'id',
  ref: 'id',
  reference: 'id',
  identifier: 'id',
  ident: 'id',
  sched: 'schedule',
  schd: 'schedule',
  scheduled: 'schedule',
  plan: 'planned',
  pln: 'planned',
  plnd: 'planned',
  bud: 'budget',
  budg: 'budget',
  bdgt: 'budget',
  budgeted: 'budget',
  budgetted: 'budget',
  cst: 'cost',
  costs: 'cost',
  costing: 'cost',
  val: 'value',
  values: 'value',
  amt: 'amount',
  qty: 'quantity',
  quantities: 'quantity',
  hrs: 'hours',
  hr: 'hours',
  hour: 'hours',
  mh: 'manhours',
  mhs: 'manhours',
  mhrs: 'manhours',
  manhrs: 'manhours',
  unit: 'units',
  labour: 'labor',
  wk: 'week',
  wks: 'week',
  weeks: 'week',
  mth: 'month',
  mnth: 'month',
  months: 'month',
  periods: 'period',
  per: 'period',
  cal: 'calendar',
  clndr: 'calendar',
  calender: 'calendar',
  calendars: 'calendar',
  res: 'resource',
  rsrc: 'resource',
  resources: 'resource',
  pred: 'predecessor',
  preds: 'predecessor',
  predecessors: 'predecessor',
  predecesors: 'predecessor',
  predecessor: 'predecessor',
  succ: 'successor',
  succs: 'successor',
  successors: 'successor',
  prog: 'progress',
  phys: 'physical',
  perf: 'performance',
  ctrl: 'control',
  cntl: 'control',
  acct: 'account',
  acc: 'account',
  accounts: 'account',
  pkg: 'package',
  cum: 'cum',
  cumulative: 'cum',
  cumm: 'cum',
  cume: 'cum',
  cumul: 'cum',
  ctd: 'cum',
  itd: 'cum',
  lvl: 'level',
  typ: 'type',
  stat: 'status',
  ms: 'milestone',
  mstone: 'milestone',
  milestones: 'milestone',
  tsk: 'task',
  tasks: 'task',
  organisation: 'organization',
  programme: 'program',
  spend: 'spent',
  expenditure: 'spent',
  expended: 'spent',
  incurred: 'spent',
  curr: 'current',
  cur: 'current',
  mthly: 'monthly',
  ttl: 'total',
  tot: 'total',
  tbl: 'table',
  variance: 'variance',
  var: 'variance',
  varn: 'variance',
  diff: 'variance',
  difference: 'variance',
  delta: 'variance',
  anticipated: 'expected',
  projected: 'expected',
  revised: 'expected',
};

/** Tokens that expand to several ("UID" → unique id, "WP" → work package). */
const EXPANSIONS: Record<string, string[]> = {
  uid: ['unique', 'id'],
  guid: ['unique', 'id'],
  wp: ['work', 'package'],
  ca: ['control', 'account'],
  od: ['original', 'duration'],
  rd: ['remaining', 'duration'],
  es: ['early', 'start'],
  ef: ['early', 'finish'],
  ls: ['late', 'start'],
  lf: ['late', 'finish'],
  tf: ['total', 'float'],
  ff: ['free', 'float'],
  todate: ['to', 'date'],
  we: ['week', 'ending'],
  pc: ['percent', 'complete'],
  wbs: ['wbs'],
  ptd: ['period'],
  mtd: ['period'],
};

/** After "act": these mean activity ("Act ID", "Act Name"); anything else means actual ("Act Cost"). */
const ACTIVITY_FOLLOWERS = new Set(['id', 'name', 'description', 'title', 'type', 'status', 'calendar', 'no', 'num', 'number', 'code', 'ref', 'desc', 'descr']);

/** Removes accents and splits camelCase and letter/digit boundaries. */
export function basicNormalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bw\/e\b/g, ' we ')
    .replace(/\bc\/a\b/g, ' ca ')
    .replace(/%/g, ' percent ')
    .replace(/#/g, ' id ')
    .replace(/&/g, ' and ')
    .replace(/[£$€¥₹]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Raw words of a header, single letters rejoined ("e a c" → "eac", from "E.A.C."). */
export function rawWords(text: string): string[] {
  const words = basicNormalise(text).split(' ').filter(Boolean);
  const out: string[] = [];
  let run = '';
  for (const w of words) {
    if (w.length === 1 && /[a-z]/.test(w)) {
      run += w;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(w);
  }
  if (run) out.push(run);
  return out;
}

/**
 * Splits a run-together word ("taskname", "bcwscum") into known words, fewest pieces first;
 * null when it cannot be split entirely into words of at least two letters.
 */
export function segment(word: string, vocabulary: ReadonlySet<string>): string[] | null {
  const n = word.length;
  if (n < 5 || n > 40) return null;
  const best: (string[] | null)[] = new Array(n + 1).fill(null);
  best[0] = [];
  for (let i = 2; i <= n; i++) {
    for (let j = Math.max(0, i - 16); j <= i - 2; j++) {
      const prev = best[j];
      if (!prev) continue;
      const piece = word.slice(j, i);
      if (!vocabulary.has(piece)) continue;
      const cand = [...prev, piece];
      const cur = best[i];
      if (!cur || cand.length < cur.length) best[i] = cand;
    }
  }
  const r = best[n];
  return r && r.length >= 2 ? r : null;
}

/**
 * Canonical tokens of a header: raw words, run-together words split (when a vocabulary is
 * given), abbreviations expanded and synonyms merged.
 */
export function canonicalTokens(text: string, vocabulary?: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (const w of rawWords(text)) {
    const known = SYNONYMS[w] !== undefined || EXPANSIONS[w] !== undefined || vocabulary?.has(w) || /^\d+$/.test(w);
    const parts = !known && vocabulary ? segment(w, vocabulary) : null;
    if (parts) words.push(...parts);
    else words.push(w);
  }
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === 'act') {
      out.push(ACTIVITY_FOLLOWERS.has(words[i + 1] ?? '') ? 'activity' : 'actual');
      continue;
    }
    const exp = EXPANSIONS[w];
    if (exp) {
      out.push(...exp);
      continue;
    }
    out.push(SYNONYMS[w] ?? w);
  }
  return out;
}

/** Every token the synonym tables know, for splitting run-together words. */
export function synonymVocabulary(): string[] {
  return [...Object.keys(SYNONYMS), ...Object.values(SYNONYMS), ...Object.keys(EXPANSIONS), ...Object.values(EXPANSIONS).flat(), 'act'];
}
