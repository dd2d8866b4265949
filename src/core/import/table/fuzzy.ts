/**
 * Fuzzy matching of a header against lexicon phrases: token-set overlap (order does not matter:
 * "Start Baseline" = "Baseline Start") with per-token edit distance for typos ("Acitvity",
 * "Durration") and prefixes for clipped words ("Compl"). Filler words weigh little, so
 * "BL Project Start" still matches "baseline start" closely.
 */

/** Token weights: fillers and qualifiers count for less than the words that decide the field. */
const WEIGHTS: Record<string, number> = {
  total: 0.35,
  the: 0.1,
  of: 0.15,
  to: 0.3,
  for: 0.1,
  in: 0.1,
  and: 0.15,
  at: 0.3,
  by: 0.2,
  project: 0.3,
  date: 0.5,
  value: 0.6,
  labor: 0.5,
  nonlabor: 0.5,
  amount: 0.6,
  cum: 0.5,
  current: 0.5,
  overall: 0.3,
  activity: 0.8,
  task: 0.8,
  id: 0.9,
};

export function tokenWeight(t: string): number {
  if (/^\d+$/.test(t)) return 0.2;
  return WEIGHTS[t] ?? 1;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/** How well header token `h` stands for phrase token `p`: 1 exact, less for typos and clipped words. */
export function tokenCredit(h: string, p: string): number {
  if (h === p) return 1;
  const short = Math.min(h.length, p.length);
  const long = Math.max(h.length, p.length);
  // Typos: one edit in words of five letters or more ("Finsh", "Actaul"); two in long words
  // ("Baseilne"). Four-letter words are too close to each other ("late"/"date") to forgive.
  if (short >= 5) {
    const d = editDistance(h, p, 2);
    if (d <= 1) return 0.85;
    // Not for a word and its inflection ("finish"/"finished"): those are different fields.
    if (d === 2 && short >= 6 && long >= 7 && !p.startsWith(h) && !h.startsWith(p)) return 0.75;
  }
  // Clipped words ("Compl", "Orig"): a short header word that begins a longer phrase word.
  if (h.length >= 3 && h.length <= 5 && p.length >= h.length + 2 && p.startsWith(h)) return 0.6;
  return 0;
}

/**
 * Words that change what a header means when the phrase does not have them: "Late Start" is not
 * a start date to use, "Fixed Cost" is not the budget, "Cost Variance" is not a cost.
 */
const CHANGES_MEANING = new Set(['late', 'float', 'slack', 'free', 'variance', 'index', 'spi', 'cpi', 'tcpi', 'sv', 'cv', 'vac', 'committed', 'commitment', 'accrual', 'fixed', 'rate', 'overtime', 'approved', 'changes', 'change', 'risk', 'contingency', 'constraint', 'deadline', 'lag', 'driving', 'critical']);

/**
 * Words that say which amount or date a header means: "Budgeted Total Cost" is not MS Project's
 * "Total Cost" (the EAC), "Actual Finish" is not the forecast finish. A phrase that leaves one of
 * them unmatched is about a different figure.
 */
const WHICH_AMOUNT = new Set(['budget', 'actual', 'remaining', 'forecast', 'earned', 'planned', 'baseline']);

/**
 * Words that name one part of an amount: "Budgeted Labor Cost" beside "Budgeted Total Cost" is a
 * component of the budget, not another measure. They weigh a little against a phrase without them,
 * enough that a total wins its field and a component is not pushed into an unrelated one.
 */
const COMPONENT = new Set(['labor', 'nonlabor', 'material', 'materials', 'expense', 'expenses', 'equipment', 'subcontract', 'subcontractor']);

/**
 * Weighted Dice similarity of two token lists, 0..1: twice the weight of what matches over the
 * weight of both. Each header token matches at most one phrase token.
 */
export function tokenSimilarity(header: readonly string[], phrase: readonly string[]): number {
  if (header.length === 0 || phrase.length === 0) return 0;
  if (header.length === phrase.length && header.every((t, i) => t === phrase[i])) return 1;
  const used = new Array<boolean>(header.length).fill(false);
  let matched = 0;
  for (const p of phrase) {
    let best = 0;
    let bestIdx = -1;
    for (let i = 0; i < header.length; i++) {
      if (used[i]) continue;
      const c = tokenCredit(header[i], p);
      if (c > best) {
        best = c;
        bestIdx = i;
        if (c === 1) break;
      }
    }
    if (bestIdx >= 0) {
      used[bestIdx] = true;
      matched += best * tokenWeight(p);
    }
  }
  let wh = 0;
  for (const t of header) wh += tokenWeight(t);
  let wp = 0;
  for (const t of phrase) wp += tokenWeight(t);
  let sim = (2 * matched) / (wh + wp);
  for (let i = 0; i < header.length; i++) {
    if (used[i]) continue;
    if (CHANGES_MEANING.has(header[i])) sim *= 0.5;
    else if (WHICH_AMOUNT.has(header[i])) sim *= 0.6;
    else if (COMPONENT.has(header[i])) sim *= 0.8;
  }
  // A set match in another order is nearly as good as the same order.
  return Math.min(0.99, sim);
}
