/**
 * Numbers no real schedule holds. A damaged or crafted file can carry a budget of 1.8e308 (the
 * largest double), which is finite on its own but turns every sum it joins into Infinity, so the
 * cash flow, EAC and every ratio downstream become Infinity or NaN. Each reader parses its own
 * numbers; this pass, run once for every format in parseScheduleFile, drops what no schedule can
 * mean: a magnitude above MAX_MAGNITUDE (a quadrillion of any currency, unit or hour) or a value
 * that is not finite. A required amount becomes 0, an optional one is removed (unknown), and one
 * warning per kind of field says how many, what the largest was, and where the first one was.
 */
import type { Schedule } from '../model/schedule';

/** 10^15: more than any project's budget in any currency, or its hours or units. */
export const MAX_MAGNITUDE = 1e15;

type Bag = Record<string, unknown>;

const REQUIRED = new Set(['budgetCost', 'actualCost', 'remainingCost', 'budgetUnits', 'actualUnits', 'remainingUnits', 'budgetDelta', 'value']);

const LABEL: Record<string, string> = {
  budgetCost: 'budgeted cost',
  actualCost: 'actual cost',
  remainingCost: 'remaining cost',
  budgetUnits: 'budgeted units',
  actualUnits: 'actual units',
  remainingUnits: 'remaining units',
  baselineDuration: 'baseline duration',
  originalDuration: 'original duration',
  remainingDuration: 'remaining duration',
  actualDuration: 'actual duration',
  totalFloat: 'total float',
  rate: 'resource rate',
  budgetDelta: 'change order budget change',
  value: 'time-phased value',
  physical: 'percent complete',
  duration: 'percent complete',
  units: 'percent complete',
};

export function dropImplausibleNumbers(s: Schedule): void {
  const found = new Map<string, { count: number; worst: number; where: string }>();
  const check = (bag: Bag, where: string, fields?: readonly string[], as?: string) => {
    for (const k of fields ?? Object.keys(bag)) {
      const v = bag[k];
      if (typeof v !== 'number' || (Number.isFinite(v) && Math.abs(v) <= MAX_MAGNITUDE)) continue;
      const label = as ?? LABEL[k] ?? k;
      const f = found.get(label);
      if (f) {
        f.count++;
        if (!(Math.abs(f.worst) >= Math.abs(v))) f.worst = v;
      } else found.set(label, { count: 1, worst: v, where });
      if (REQUIRED.has(k)) bag[k] = 0;
      else delete bag[k];
    }
  };
  const actName = new Map(s.activities.map((a) => [a.id, a.code]));
  const actWhere = (id: string) => `activity ${(actName.get(id) ?? id).slice(0, 40)}`;

  for (const a of s.activities) {
    const where = actWhere(a.id);
    check(a as unknown as Bag, where, ['budgetCost', 'actualCost', 'remainingCost', 'budgetUnits', 'actualUnits', 'remainingUnits', 'baselineDuration', 'originalDuration', 'remainingDuration', 'actualDuration', 'totalFloat']);
    check(a.percentComplete as Bag, where);
    if (a.udf) check(a.udf as Bag, where, undefined, 'user-defined field');
  }
  for (const x of s.assignments) {
    const where = `${actWhere(x.activityId)}, assignment ${x.id.slice(0, 40)}`;
    check(x as unknown as Bag, where, ['budgetCost', 'actualCost', 'remainingCost', 'budgetUnits', 'actualUnits', 'remainingUnits']);
    if (x.timephased) for (const t of x.timephased) check(t as unknown as Bag, where, ['value']);
  }
  for (const r of s.resources) check(r as unknown as Bag, `resource ${r.code.slice(0, 40)}`, ['rate']);
  for (const sn of s.snapshots) {
    for (const st of sn.activities) {
      const where = `${actWhere(st.activityId)} in the status of ${sn.dataDate}`;
      check(st as unknown as Bag, where, ['actualCost', 'actualUnits', 'remainingCost', 'remainingUnits']);
      check(st.percentComplete as Bag, where);
    }
  }
  for (const b of s.baselines) for (const ba of b.activities) check(ba as unknown as Bag, `${actWhere(ba.activityId)} in baseline ${b.name.slice(0, 40)}`, ['budgetCost', 'budgetUnits']);
  for (const co of s.changeOrders) check(co as unknown as Bag, `change order ${co.id.slice(0, 40)}`, ['budgetDelta']);

  if (!found.size || !s.source) return;
  for (const [label, f] of found) {
    s.source.warnings.push({
      message: `${f.count.toLocaleString('en-GB')} ${label} value${f.count === 1 ? ' was' : 's were'} not a usable number (${f.count === 1 ? '' : 'the largest '}${String(f.worst)}, more than 10^15 or not finite) and ${f.count === 1 ? 'was' : 'were'} left out, first at ${f.where}. Check ${f.count === 1 ? 'that field' : 'those fields'} in the scheduling tool.`,
      where: f.where,
    });
  }
}
