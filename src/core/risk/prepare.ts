/**
 * Compiles a RiskModel once into flat typed arrays for the kernel (structure of arrays, no objects
 * per node), validating it on the way with messages that name the activity.
 */
import { LINK_FF, LINK_FS, LINK_SF, LINK_SS, type NetworkArrays } from '../cpm/network';
import { compileDistribution, DIST_FIXED, DIST_TRIANGULAR, PertTables, sampleCompiled } from './distributions';
import { RiskModelError, type RiskModel, type ThreePoint } from './model';
import { slotKey, STREAM_COST, STREAM_DURATION, STREAM_EVENT_OCCURS, STREAM_EVENT_SEVERITY, STREAM_GROUP } from './rng';

export interface PreparedRisk {
  readonly net: NetworkArrays;
  readonly n: number;
  /** Deterministic duration per node. */
  readonly det: Float64Array;
  /** Earliest start per node (0 = the data date). */
  readonly floor: Float64Array;
  /** Distribution kind code per node and four parameters per node (./distributions.ts). */
  readonly kind: Uint8Array;
  readonly par: Float64Array;
  readonly pert: Float64Array;
  readonly slotDuration: Uint32Array;
  /** Correlation group per node, −1 for none; per group √ρ′ and √(1 − ρ′) of the copula (ρ′ the normal correlation), and whether ρ = 1. */
  readonly group: Int32Array;
  readonly groupLoad: Float64Array;
  readonly groupOwn: Float64Array;
  readonly groupComonotone: Uint8Array;
  readonly slotGroup: Uint32Array;
  /** Risk events: probability, slots, hits in CSR form with triangular (a, b, fc, range) impacts. */
  readonly eventIds: readonly string[];
  readonly eventProb: Float64Array;
  readonly slotOccurs: Uint32Array;
  readonly slotSeverity: Uint32Array;
  readonly hitStart: Int32Array;
  readonly hitNode: Int32Array;
  readonly hitSchedule: Float64Array;
  readonly hitCost: Float64Array;
  /** Whether cost is simulated: the model has a cost model or an event with a cost impact. */
  readonly hasCost: boolean;
  /** Cost: the nodes that carry any, their fixed part, rate, factor kind and parameters. */
  readonly costNodes: Int32Array;
  readonly costFixed: Float64Array;
  readonly costRate: Float64Array;
  readonly costKind: Uint8Array;
  readonly costPar: Float64Array;
  readonly slotCost: Uint32Array;
  readonly costToDate: number;
  readonly targets: Int32Array;
  /**
   * Per target: the nodes that can drive its finish (the target and every node with a path to it),
   * in descending node order, so the target comes first and every successor before its
   * predecessors; and the same set as a mask over all nodes (./kernel.ts, the milestone's own backward pass).
   */
  readonly targetNodes: readonly Int32Array[];
  readonly targetMember: readonly Uint8Array[];
  /** Deterministic results: the project finish, each target's finish, and the cost, all without risk events. */
  readonly detFinish: number;
  readonly detTargets: Float64Array;
  readonly detCost: number;
  /**
   * Power-of-two scales that turn each node's duration deviation (d − det) and the finish's
   * (T − detFinish) into integers below 2^20 (steps of at most a millionth of their range), so the moment sums (Σa, Σa², Σa·t) are exact integer
   * arithmetic and therefore identical however the iterations are split (./kernel.ts).
   */
  readonly qInv: Float64Array;
  readonly q: Float64Array;
  readonly qTInv: number;
  readonly qT: number;
}

/** Largest |deviation| / quantum: 2^20, so products of two stay below 2^40 (./kernel.ts CARRY_SWEEPS). */
const QUANT_LIMIT = 2 ** 20;
/** Uniforms never reach 0 or 1: the extreme draw is 2^-33 from either end (./rng.ts). */
const U_MIN = 0.5 / 4294967296;

export function prepareRisk(model: RiskModel): PreparedRisk {
  const net = model.network;
  const n = net.n;
  const name = (i: number) => `activity ${net.ids[i] ?? `#${i}`}`;
  const fail = (msg: string): never => {
    throw new RiskModelError(msg);
  };
  if (model.duration.length !== n) fail(`The risk model has ${model.duration.length} durations for ${n} activities: give one per activity.`);

  const det = new Float64Array(n);
  const floor = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = model.duration[i];
    if (!(d >= 0) || !Number.isFinite(d)) fail(`${name(i)}: remaining duration ${d} is not a number of hours ≥ 0.`);
    det[i] = d;
    const f = model.earliestStart ? model.earliestStart[i] : 0;
    if (!Number.isFinite(f)) fail(`${name(i)}: earliest start ${f} is not a number of hours.`);
    floor[i] = Math.max(0, f);
  }

  // Distributions.
  const kind = new Uint8Array(n);
  const par = new Float64Array(4 * n);
  const pertTables = new PertTables();
  const lowHigh = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const spec = model.distributions?.[i];
    if (!spec) {
      par[4 * i] = det[i];
      lowHigh[2 * i] = lowHigh[2 * i + 1] = det[i];
      continue;
    }
    try {
      kind[i] = compileDistribution(spec, par, 4 * i, pertTables);
    } catch (err) {
      fail(`${name(i)}: ${(err as Error).message}.`);
    }
    const lo = sampleCompiled(kind[i], par, 4 * i, pertTables.data, U_MIN);
    const hi = sampleCompiled(kind[i], par, 4 * i, pertTables.data, 1 - U_MIN);
    if (!(lo >= 0)) fail(`${name(i)}: its distribution reaches ${lo} hours; durations cannot be negative.`);
    lowHigh[2 * i] = lo;
    lowHigh[2 * i + 1] = hi;
  }
  const slotDuration = new Uint32Array(n);
  for (let i = 0; i < n; i++) slotDuration[i] = slotKey(STREAM_DURATION, i);

  // Correlation groups.
  const groups = model.correlations ?? [];
  const group = new Int32Array(n).fill(-1);
  const groupLoad = new Float64Array(groups.length);
  const groupOwn = new Float64Array(groups.length);
  const groupComonotone = new Uint8Array(groups.length);
  const slotGroup = new Uint32Array(groups.length);
  groups.forEach((g, gi) => {
    const label = g.name ? `correlation group "${g.name}"` : `correlation group ${gi + 1}`;
    if (!(g.rho >= 0 && g.rho <= 1)) fail(`${label}: rank correlation ${g.rho} must be between 0 and 1.`);
    // Spearman ρ of a Gaussian copula with normal correlation r is (6/π)·asin(r/2).
    const r = 2 * Math.sin((Math.PI * g.rho) / 6);
    groupLoad[gi] = Math.sqrt(r);
    groupOwn[gi] = Math.sqrt(Math.max(0, 1 - r));
    groupComonotone[gi] = g.rho === 1 ? 1 : 0;
    slotGroup[gi] = slotKey(STREAM_GROUP, gi);
    for (const i of g.nodes) {
      if (!(i >= 0 && i < n)) fail(`${label}: node ${i} is not in the network.`);
      if (group[i] >= 0) fail(`${name(i)} is in two correlation groups (${gi + 1} and ${group[i] + 1}); an activity can be in one only.`);
      group[i] = gi;
    }
  });

  // Risk events.
  const events = model.events ?? [];
  const eventProb = new Float64Array(events.length);
  const slotOccurs = new Uint32Array(events.length);
  const slotSeverity = new Uint32Array(events.length);
  const hitStart = new Int32Array(events.length + 1);
  let hits = 0;
  for (const e of events) hits += e.hits.length;
  const hitNode = new Int32Array(hits);
  const hitSchedule = new Float64Array(4 * hits);
  const hitCost = new Float64Array(4 * hits);
  const eventSwing = new Float64Array(n);
  let h = 0;
  events.forEach((e, ei) => {
    const label = `risk event ${e.id}`;
    if (!(e.probability >= 0 && e.probability <= 1)) fail(`${label}: probability ${e.probability} must be between 0 and 1.`);
    eventProb[ei] = e.probability;
    slotOccurs[ei] = slotKey(STREAM_EVENT_OCCURS, ei);
    slotSeverity[ei] = slotKey(STREAM_EVENT_SEVERITY, ei);
    hitStart[ei] = h;
    for (const hit of e.hits) {
      if (!(hit.node >= 0 && hit.node < n)) fail(`${label}: node ${hit.node} is not in the network.`);
      hitNode[h] = hit.node;
      threePoint(hit.schedule ?? zero, hitSchedule, 4 * h, `${label} on ${name(hit.node)}, schedule impact`, fail);
      threePoint(hit.cost ?? zero, hitCost, 4 * h, `${label} on ${name(hit.node)}, cost impact`, fail);
      const s = hit.schedule ?? zero;
      eventSwing[hit.node] += Math.max(Math.abs(s.min), Math.abs(s.max));
      if (s.min < 0) lowHigh[2 * hit.node] += s.min;
      h++;
    }
  });
  hitStart[events.length] = h;
  // Durations are clamped at 0 after negative impacts (./kernel.ts); no error here.

  // Cost.
  const cm = model.cost;
  const costFixed = new Float64Array(n);
  const costRate = new Float64Array(n);
  const costKind = new Uint8Array(n);
  const costPar = new Float64Array(4 * n);
  const slotCost = new Uint32Array(n);
  const costList: number[] = [];
  if (cm) {
    if (cm.fixed.length !== n || cm.ratePerHour.length !== n) fail(`The cost model has ${cm.fixed.length} fixed costs and ${cm.ratePerHour.length} rates for ${n} activities: give one of each per activity.`);
    for (let i = 0; i < n; i++) {
      const f = cm.fixed[i];
      const r = cm.ratePerHour[i];
      if (!Number.isFinite(f) || !Number.isFinite(r)) fail(`${name(i)}: fixed cost ${f} and rate ${r} must be numbers.`);
      costFixed[i] = f;
      costRate[i] = r;
      const u = cm.uncertainty?.[i];
      if (u) {
        threePoint(u, costPar, 4 * i, `${name(i)}, cost factor`, fail);
        costKind[i] = u.max > u.min ? DIST_TRIANGULAR : DIST_FIXED;
      } else costPar[4 * i] = 1;
      slotCost[i] = slotKey(STREAM_COST, i);
      if (f !== 0 || r !== 0) costList.push(i);
    }
  }
  let costToDate = 0;
  if (cm?.costToDate !== undefined) {
    if (!Number.isFinite(cm.costToDate)) fail(`Cost to date ${cm.costToDate} is not a number.`);
    costToDate = cm.costToDate;
  }
  let hasEventCost = false;
  for (let k = 0; k < hits; k++) if (hitCost[4 * k] !== 0 || hitCost[4 * k + 1] !== 0) hasEventCost = true;

  const targets = Int32Array.from(model.targets ?? []);
  for (const t of targets) if (!(t >= 0 && t < n)) fail(`Target node ${t} is not in the network.`);
  const targetMember = Array.from(targets, (t) => ancestorMask(net, t));
  const targetNodes = targetMember.map((m) => {
    const list: number[] = [];
    for (let i = n - 1; i >= 0; i--) if (m[i]) list.push(i);
    return Int32Array.from(list);
  });

  // Deterministic schedule and cost (no risk events).
  const ef = deterministicFinishes(net, det, floor);
  let detFinish = 0;
  for (let i = 0; i < n; i++) if (ef[i] > detFinish) detFinish = ef[i];
  const detTargets = Float64Array.from(targets, (t) => ef[t]);
  let detCost = costToDate;
  for (const i of costList) detCost += costFixed[i] + costRate[i] * det[i];

  // Quantization scales: the deviation of d_i is bounded by its distribution's reach and its
  // events' impacts; T moves by at most Σ|Δd_i| (every path holds a node's duration with
  // coefficient −1, 0 or +1), so Σ of those bounds bounds |T − detFinish|.
  const q = new Float64Array(n);
  const qInv = new Float64Array(n);
  let boundT = 0;
  for (let i = 0; i < n; i++) {
    const b = Math.max(Math.abs(lowHigh[2 * i + 1] - det[i]), Math.abs(det[i] - Math.max(0, lowHigh[2 * i]))) + eventSwing[i];
    boundT += b;
    q[i] = quantum(b);
    qInv[i] = 1 / q[i];
  }
  const qT = quantum(boundT);

  return {
    net,
    n,
    det,
    floor,
    kind,
    par,
    pert: pertTables.data,
    slotDuration,
    group,
    groupLoad,
    groupOwn,
    groupComonotone,
    slotGroup,
    eventIds: events.map((e) => e.id),
    eventProb,
    slotOccurs,
    slotSeverity,
    hitStart,
    hitNode,
    hitSchedule,
    hitCost,
    hasCost: !!cm || hasEventCost,
    costNodes: Int32Array.from(costList),
    costFixed,
    costRate,
    costKind,
    costPar,
    slotCost,
    costToDate,
    targets,
    targetNodes,
    targetMember,
    detFinish,
    detTargets,
    detCost,
    qInv,
    q,
    qTInv: 1 / qT,
    qT,
  };
}

const zero: ThreePoint = { min: 0, mostLikely: 0, max: 0 };

/** A three-point estimate as triangular parameters (a, b, fc, b − a) at par[o..o+3]; a = b means fixed at a. */
function threePoint(t: ThreePoint, par: Float64Array, o: number, label: string, fail: (m: string) => never): void {
  if (!(t.min <= t.mostLikely && t.mostLikely <= t.max) || !Number.isFinite(t.min) || !Number.isFinite(t.max)) fail(`${label}: needs min ≤ most likely ≤ max (got ${t.min}, ${t.mostLikely}, ${t.max}).`);
  par[o] = t.min;
  par[o + 1] = t.max;
  par[o + 2] = t.max > t.min ? (t.mostLikely - t.min) / (t.max - t.min) : 0;
  par[o + 3] = t.max - t.min;
}

/** The smallest power of two q with bound / q ≤ 2^20 (at least 2^-30, so a zero bound is harmless). */
function quantum(bound: number): number {
  let q = 2 ** -30;
  while (bound / q > QUANT_LIMIT) q *= 2;
  return q;
}

/**
 * The target and every node with a path to it. Nodes are in topological order (predecessors have
 * lower indices), so one sweep down from the target marks them all.
 */
function ancestorMask(net: NetworkArrays, target: number): Uint8Array {
  const m = new Uint8Array(net.n);
  m[target] = 1;
  for (let i = target; i >= 0; i--) {
    if (!m[i]) continue;
    for (let p = net.predStart[i]; p < net.predStart[i + 1]; p++) m[net.predIdx[p]] = 1;
  }
  return m;
}

/** One forward pass at the given durations: early finish per node. */
export function deterministicFinishes(net: NetworkArrays, d: Float64Array, floor: Float64Array): Float64Array {
  const n = net.n;
  const es = new Float64Array(n);
  const ef = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = floor[i];
    for (let p = net.predStart[i]; p < net.predStart[i + 1]; p++) {
      const j = net.predIdx[p];
      const lag = net.predLag[p];
      const t = net.predType[p];
      const c = t === LINK_FS ? ef[j] + lag : t === LINK_SS ? es[j] + lag : t === LINK_FF ? ef[j] + lag - d[i] : t === LINK_SF ? es[j] + lag - d[i] : s;
      if (c > s) s = c;
    }
    es[i] = s;
    ef[i] = s + d[i];
  }
  return ef;
}
