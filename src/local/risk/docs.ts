/**
 * Risk documents (issue 15) in the project's team database, so they sync with the team and go
 * with the project when it is moved or deleted (store/localStore.ts, sync/projectDocs.ts):
 *
 * - `risksetup:<projectId>`: the uncertainty inputs and how to run (mutable, one per project; two
 *   devices editing different inputs both keep their edit, sync/mutable.ts);
 * - `risk:<projectId>:<id>`: a snapshot, the inputs, seed and results of one run. The results are
 *   fixed when it is saved (a snapshot is a record of what a run said); only its name changes.
 *
 * Everything a page sends is checked here: shapes, ranges (the core's own messages), sizes.
 */
import { ruleProblem, overrideProblem, type DistributionKind, type RuleTarget } from '../../core/risk/uncertainty';
import {
  RISK_ITERATIONS_DEFAULT,
  RISK_ITERATIONS_MAX,
  RISK_NAME_MAX_CHARS,
  RISK_SETUP_MAX_BYTES,
  type RiskCorrelation,
  type RiskEventInput,
  type RiskOverride,
  type RiskProjectSetup,
  type RiskRule,
} from '../contracts';
import { StoreError } from '../store/errors';
import { isValidId } from '../store/ids';

export const riskSetupDocId = (projectId: string): string => `risksetup:${projectId}`;
export const riskSnapshotDocId = (projectId: string, id: string): string => `risk:${projectId}:${id}`;

/** The inputs of the setup document, one mutable field each. */
export const SETUP_FIELDS = ['rules', 'overrides', 'correlations', 'events', 'targets', 'costUncertainty', 'iterations', 'seed'] as const;

/** A 32-bit seed chosen once per project (the kernel's seeds are unsigned 32-bit). */
export function randomSeed(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0];
}

export function defaultSetup(seed: number): RiskProjectSetup {
  return { rules: [], overrides: [], correlations: [], events: [], targets: [], costUncertainty: null, iterations: RISK_ITERATIONS_DEFAULT, seed };
}

/** Activities a correlation group may name one by one (a WBS branch or code value covers more). */
const RISK_GROUP_IDS_MAX = 5000;

const invalid = (message: string) => new StoreError('invalid', message);
const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
const str = (x: unknown, max = 300): x is string => typeof x === 'string' && x.length > 0 && x.length <= max;
const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const KINDS: readonly DistributionKind[] = ['triangular', 'pert', 'uniform', 'trigen', 'lognormal'];
const TYPES = ['task', 'start-milestone', 'finish-milestone', 'level-of-effort', 'summary'] as const;

function checkTarget(t: unknown, name: string): RuleTarget {
  if (isObj(t)) {
    if (t.kind === 'all') return { kind: 'all' };
    if (t.kind === 'wbs' && str(t.wbsId)) return { kind: 'wbs', wbsId: t.wbsId };
    if (t.kind === 'code' && str(t.codeTypeId) && typeof t.value === 'string' && t.value.length <= 300) return { kind: 'code', codeTypeId: t.codeTypeId, value: t.value };
    if (t.kind === 'type' && (TYPES as readonly unknown[]).includes(t.type)) return { kind: 'type', type: t.type as (typeof TYPES)[number] };
  }
  throw invalid(`${name}: choose what it applies to (all activities, a WBS branch, an activity code value or an activity type).`);
}

function checkRule(r: unknown, i: number): RiskRule {
  if (!isObj(r)) throw invalid(`Rule ${i + 1} is not a rule. Remove it and add it again.`);
  const name = typeof r.name === 'string' && r.name.trim() ? r.name.trim().slice(0, RISK_NAME_MAX_CHARS) : `Rule ${i + 1}`;
  if (!(KINDS as readonly unknown[]).includes(r.distribution)) throw invalid(`${name}: choose a distribution (triangular, BetaPERT, uniform, trigen or lognormal).`);
  const rule: RiskRule = {
    id: str(r.id, 100) ? r.id : `rule-${i + 1}`,
    name,
    target: checkTarget(r.target, name),
    distribution: r.distribution as DistributionKind,
    minPct: Number(r.minPct),
    mostLikelyPct: Number(r.mostLikelyPct),
    maxPct: Number(r.maxPct),
  };
  const problem = ruleProblem(rule);
  if (problem) throw invalid(problem);
  return rule;
}

function checkOverride(o: unknown, i: number): RiskOverride {
  if (!isObj(o) || !str(o.activityId)) throw invalid(`Override ${i + 1} names no activity. Remove it and add it again.`);
  if (!(KINDS as readonly unknown[]).includes(o.distribution)) throw invalid(`${o.activityId}: choose a distribution for its override.`);
  const out: RiskOverride = { activityId: o.activityId, distribution: o.distribution as DistributionKind, min: Number(o.min), mostLikely: Number(o.mostLikely), max: Number(o.max) };
  const problem = overrideProblem(out, o.activityId);
  if (problem) throw invalid(problem);
  return out;
}

function checkThree(x: unknown, what: string): { min: number; mostLikely: number; max: number } {
  if (!isObj(x) || !finite(x.min) || !finite(x.mostLikely) || !finite(x.max) || !(x.min <= x.mostLikely && x.mostLikely <= x.max)) throw invalid(`${what}: enter low, most likely and high, in that order.`);
  return { min: x.min, mostLikely: x.mostLikely, max: x.max };
}

function checkCorrelation(g: unknown, i: number): RiskCorrelation {
  if (!isObj(g)) throw invalid(`Correlation group ${i + 1} is not a group. Remove it and add it again.`);
  const name = typeof g.name === 'string' && g.name.trim() ? g.name.trim().slice(0, RISK_NAME_MAX_CHARS) : `Group ${i + 1}`;
  const ids = g.activityIds;
  if (ids !== undefined && (!Array.isArray(ids) || ids.length > RISK_GROUP_IDS_MAX || !ids.every((a) => str(a)))) throw invalid(`${name}: its list of activities cannot be read (at most ${RISK_GROUP_IDS_MAX.toLocaleString('en-GB')}). Choose what it applies to instead.`);
  if (g.target === undefined && !(Array.isArray(ids) && ids.length > 0)) throw invalid(`${name}: choose what the group applies to.`);
  if (!finite(g.rho) || g.rho < 0 || g.rho > 1) throw invalid(`${name}: the correlation must be between 0 and 1.`);
  return { name, ...(g.target !== undefined ? { target: checkTarget(g.target, name) } : {}), ...(Array.isArray(ids) && ids.length > 0 ? { activityIds: ids as string[] } : {}), rho: g.rho };
}

function checkEvent(e: unknown, i: number): RiskEventInput {
  if (!isObj(e)) throw invalid(`Risk ${i + 1} is not a risk. Remove it and add it again.`);
  const name = typeof e.name === 'string' && e.name.trim() ? e.name.trim().slice(0, RISK_NAME_MAX_CHARS) : `Risk ${i + 1}`;
  if (!finite(e.probability) || e.probability < 0 || e.probability > 1) throw invalid(`${name}: the probability must be between 0% and 100%.`);
  if (!Array.isArray(e.hits)) throw invalid(`${name}: choose the activities it hits.`);
  const hits = e.hits.map((h: unknown) => {
    if (!isObj(h) || !str(h.activityId)) throw invalid(`${name}: one of the activities it hits is missing.`);
    return { activityId: h.activityId, ...(h.schedule !== undefined ? { schedule: checkThree(h.schedule, `${name} on ${h.activityId}, delay`) } : {}), ...(h.cost !== undefined ? { cost: checkThree(h.cost, `${name} on ${h.activityId}, cost`) } : {}) };
  });
  return { id: str(e.id, 100) ? e.id : `risk-${i + 1}`, name, probability: e.probability, hits };
}

/** A setup as stored: every part checked, sizes bounded. */
export function checkSetup(raw: unknown): RiskProjectSetup {
  if (!isObj(raw)) throw invalid('Earnest could not read this risk setup. Open the Risk tab again.');
  const list = <T>(x: unknown, f: (v: unknown, i: number) => T): T[] => (x === undefined ? [] : Array.isArray(x) ? x.map(f) : (() => { throw invalid('Earnest could not read this risk setup. Open the Risk tab again.'); })());
  const iterations = raw.iterations === undefined ? RISK_ITERATIONS_DEFAULT : Number(raw.iterations);
  if (!Number.isInteger(iterations) || iterations < 10 || iterations > RISK_ITERATIONS_MAX) throw invalid(`Iterations must be a whole number from 10 to ${RISK_ITERATIONS_MAX.toLocaleString('en-GB')} (1,000 is usual; 10,000 sharpens the tails).`);
  const seed = Number(raw.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw invalid('The seed must be a whole number from 0 to 4,294,967,295.');
  const setup: RiskProjectSetup = {
    rules: list(raw.rules, checkRule),
    overrides: list(raw.overrides, checkOverride),
    correlations: list(raw.correlations, checkCorrelation),
    events: list(raw.events, checkEvent),
    targets: list(raw.targets, (t) => {
      if (!str(t)) throw invalid('A milestone to report on is missing. Choose it again.');
      return t;
    }),
    costUncertainty: raw.costUncertainty === undefined || raw.costUncertainty === null ? null : checkThree(raw.costUncertainty, 'Cost uncertainty'),
    iterations,
    seed,
  };
  const dup = new Set<string>();
  for (const o of setup.overrides) {
    if (dup.has(o.activityId)) throw invalid(`${o.activityId} has two overrides: keep one.`);
    dup.add(o.activityId);
  }
  const bytes = new TextEncoder().encode(JSON.stringify(setup)).length;
  if (bytes > RISK_SETUP_MAX_BYTES) {
    throw invalid(`This risk setup is ${Math.ceil(bytes / 1000).toLocaleString('en-GB')} kB, more than the ${RISK_SETUP_MAX_BYTES / 1000} kB a project's setup may hold (it syncs to the whole team). Use rules for groups of activities rather than an override for each.`);
  }
  return setup;
}

export function checkRiskName(name: unknown): string {
  const n = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
  if (!n) throw invalid('Give the snapshot a name, e.g. "Before mitigation".');
  if (n.length > RISK_NAME_MAX_CHARS) throw invalid(`This name is ${n.length} characters long; a snapshot name holds at most ${RISK_NAME_MAX_CHARS}. Shorten it.`);
  return n;
}

export function checkSnapshotId(id: unknown): string {
  if (typeof id !== 'string' || !isValidId(id)) throw invalid('Earnest could not tell which risk snapshot you meant. Open the Risk tab again and choose it from the list.');
  return id;
}

/** The rules in words, as a snapshot's list row says them. */
export function rulesSummary(setup: Pick<RiskProjectSetup, 'rules' | 'overrides'>): string {
  const parts = setup.rules.length === 0 ? ['Default: every task −10% / +25%'] : setup.rules.map((r) => `${r.name} ${r.minPct}% / ${r.mostLikelyPct}% / +${r.maxPct}%`.replace('+-', '−'));
  if (setup.overrides.length > 0) parts.push(`${setup.overrides.length} override${setup.overrides.length === 1 ? '' : 's'}`);
  return parts.join('; ');
}
