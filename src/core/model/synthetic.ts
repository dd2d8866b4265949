/**
 * A seeded synthetic schedule generator (PERFORMANCE_NOTES.md §5): layered networks of any size
 * with realistic shape, so benchmarks and property tests run on the same schedules every time.
 *
 * Shape: a layered DAG of width ≈ 2√N; each activity takes predecessors from 1–3 layers back
 * (≈1.7 relationships per activity; FS/SS/FF/SF = 85/8/5/2 %, 15 % with a 1–5 day lag, 2 % with a
 * lead). Durations 1–20 working days, 5 % milestones. Three calendars (5-day with UK-style
 * holidays, 6-day, 7×24) at 70/20/10 %. Cost = fixed + rate × hours. A WBS of three levels with
 * control accounts on the second; two activity code types; resources with cost-loaded
 * assignments. Status at a data date ~40 % through: activities slip and overrun by seeded amounts.
 */
import { addWorkingMinutes, compileCalendar, continuousCalendar, makeCalendar, nextWorkingTime, sixDayCalendar } from '../calendar';
import { fromMinutes, toMinutes, type EpochMinutes } from './dates';
import { SCHEDULE_FORMAT_VERSION, type Activity, type Assignment, type Calendar, type CodeType, type Relationship, type RelationshipType, type Resource, type Schedule, type WbsNode } from './schedule';

/** xoshiro128**: a fast 32-bit generator with a 2^128 period (PERFORMANCE_NOTES.md §4.5). */
export function rng(seed: number): () => number {
  // splitmix32 to spread the seed over the state.
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split();
  return () => {
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9);
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return (r >>> 0) / 4294967296;
  };
}
const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

export interface SyntheticOptions {
  activities: number;
  seed?: number;
  /** Relationships per activity (default 1.7). */
  density?: number;
  start?: string;
  /** Where the data date falls, as a fraction of the planned span (default 0.4). */
  statusAt?: number;
  currency?: string;
}

const HOURS_PER_DAY = 8;

export function syntheticSchedule(opts: SyntheticOptions): Schedule {
  const n = Math.max(1, Math.floor(opts.activities));
  const rand = rng(opts.seed ?? 1);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const start = toMinutes(opts.start ?? '2025-01-06T08:00');

  const calendars = syntheticCalendars(2024, 2032);
  const compiled = calendars.map((c) => compileCalendar(c));

  // WBS: areas → control accounts → work packages.
  const wbs: WbsNode[] = [{ id: 'W', parentId: null, code: 'PRJ', name: 'Synthetic project', sequence: 0 }];
  const packages: string[] = [];
  const areas = Math.max(1, Math.round(Math.sqrt(n) / 10));
  const casPerArea = Math.max(1, Math.round(Math.sqrt(n) / 10));
  const wpPerCa = Math.max(1, Math.round(n / 40 / (areas * casPerArea)));
  for (let a = 0; a < areas; a++) {
    const aid = `W.${a + 1}`;
    wbs.push({ id: aid, parentId: 'W', code: aid.slice(2), name: `Area ${a + 1}`, sequence: a });
    for (let c = 0; c < casPerArea; c++) {
      const cid = `${aid}.${c + 1}`;
      wbs.push({ id: cid, parentId: aid, code: cid.slice(2), name: `${pick(DISCIPLINES)} ${a + 1}.${c + 1}`, controlAccount: `CA-${a + 1}-${c + 1}`, sequence: c });
      for (let p = 0; p < wpPerCa; p++) {
        const pid = `${cid}.${p + 1}`;
        wbs.push({ id: pid, parentId: cid, code: pid.slice(2), name: `Work package ${pid.slice(2)}`, sequence: p });
        packages.push(pid);
      }
    }
  }

  const codeTypes: CodeType[] = [
    { id: 'PHASE', name: 'Phase', values: Object.fromEntries(['DES', 'PRC', 'CON', 'COM'].map((c, i) => [c, { code: c, description: ['Design', 'Procurement', 'Construction', 'Commissioning'][i] }])) },
    { id: 'AREA', name: 'Location', values: Object.fromEntries(['N', 'S', 'E', 'W'].map((c) => [c, { code: c, description: `Zone ${c}` }])) },
  ];
  const resources: Resource[] = Array.from({ length: Math.max(3, Math.round(n / 100)) }, (_, i) => ({
    id: `R${i + 1}`,
    code: `R${i + 1}`,
    name: `${pick(TRADES)} ${i + 1}`,
    type: 'labour' as const,
    rate: int(45, 120),
  }));

  // Layered network.
  const width = Math.max(1, Math.round(2 * Math.sqrt(n)));
  const layerOf = new Int32Array(n);
  const layers: number[][] = [];
  for (let i = 0; i < n; i++) {
    const l = Math.floor(i / width);
    layerOf[i] = l;
    (layers[l] ??= []).push(i);
  }
  const es = new Float64Array(n);
  const ef = new Float64Array(n);
  const durH = new Float64Array(n);
  const calOf = new Int32Array(n);
  const relationships: Relationship[] = [];
  const density = opts.density ?? 1.7;
  const preds: { p: number; type: RelationshipType; lag: number }[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    const r = rand();
    calOf[i] = r < 0.7 ? 0 : r < 0.9 ? 1 : 2;
    durH[i] = rand() < 0.05 && i > 0 ? 0 : int(1, 20) * HOURS_PER_DAY;
    const l = layerOf[i];
    if (l === 0) continue;
    // At least one predecessor; on average `density` of them.
    const count = Math.max(1, Math.round(density + (rand() - 0.5) * 2));
    for (let k = 0; k < count; k++) {
      const back = Math.min(l, int(1, 3));
      const p = pick(layers[l - back]);
      const t = rand();
      const type: RelationshipType = t < 0.85 ? 'FS' : t < 0.93 ? 'SS' : t < 0.98 ? 'FF' : 'SF';
      const lr = rand();
      const lag = lr < 0.15 ? int(1, 5) * HOURS_PER_DAY : lr < 0.17 ? -int(1, 3) * HOURS_PER_DAY : 0;
      if (preds[i].some((x) => x.p === p)) continue;
      preds[i].push({ p, type, lag });
    }
  }
  // Forward pass (in index order, which is topological by construction).
  for (let i = 0; i < n; i++) {
    const cal = compiled[calOf[i]];
    let s: EpochMinutes = start;
    for (const { p, type, lag } of preds[i]) {
      const lagged = (t: number) => addWorkingMinutes(compiled[calOf[p]], t, lag * 60);
      let cand: number;
      if (type === 'FS') cand = lagged(ef[p]);
      else if (type === 'SS') cand = lagged(es[p]);
      else if (type === 'FF') cand = addWorkingMinutes(cal, lagged(ef[p]), -durH[i] * 60);
      else cand = addWorkingMinutes(cal, lagged(es[p]), -durH[i] * 60);
      if (cand > s) s = cand;
    }
    s = nextWorkingTime(cal, s);
    es[i] = s;
    ef[i] = durH[i] > 0 ? addWorkingMinutes(cal, s, durH[i] * 60) : s;
    for (const { p, type, lag } of preds[i]) relationships.push({ predecessorId: `A${p + 1}`, successorId: `A${i + 1}`, type, lagHours: lag });
  }

  let projectFinish = start;
  for (let i = 0; i < n; i++) if (ef[i] > projectFinish) projectFinish = ef[i];
  const dd = nextWorkingTime(compiled[0], start + (projectFinish - start) * (opts.statusAt ?? 0.4));
  const dataDate = fromMinutes(dd);

  // Status at the data date: seeded slips and cost overruns, a little worse in some areas.
  const activities: Activity[] = new Array(n);
  const assignments: Assignment[] = [];
  for (let i = 0; i < n; i++) {
    const cal = compiled[calOf[i]];
    const hours = durH[i];
    const milestone = hours === 0;
    const budget = milestone ? 0 : Math.round((500 + rand() * 2000 + hours * int(40, 110)) * 100) / 100;
    const slipH = rand() < 0.6 ? int(0, 10) * HOURS_PER_DAY : 0;
    const speed = 0.7 + rand() * 0.5; // < 1: slower than planned
    const costFactor = 0.92 + rand() * 0.3;
    const as = addWorkingMinutes(cal, es[i], slipH * 60);
    let pct = 0;
    let af: number | undefined;
    if (as < dd) {
      if (milestone) {
        pct = 1;
        af = as;
      } else {
        const done = ((dd - as) / Math.max(1, ef[i] - es[i])) * speed;
        pct = Math.min(1, done);
        if (pct >= 1) af = Math.min(dd, addWorkingMinutes(cal, as, (hours * 60) / speed));
      }
    }
    const started = as < dd;
    const ac = started ? Math.round(budget * pct * costFactor * 100) / 100 : 0;
    const remainingH = Math.round(hours * (1 - pct));
    const wp = packages[Math.floor((i / n) * packages.length)];
    const a: Activity = {
      id: `A${i + 1}`,
      code: `A${String(i + 1).padStart(6, '0')}`,
      name: `${pick(VERBS)} ${pick(OBJECTS)} ${i + 1}`,
      wbsId: wp,
      type: milestone ? (i === 0 ? 'start-milestone' : 'finish-milestone') : 'task',
      calendarId: calendars[calOf[i]].id,
      baselineStart: fromMinutes(es[i]),
      baselineFinish: fromMinutes(ef[i]),
      plannedStart: fromMinutes(started ? as : Math.max(es[i], dd)),
      plannedFinish: fromMinutes(af ?? Math.max(ef[i], addWorkingMinutes(cal, Math.max(dd, as), remainingH * 60))),
      originalDuration: hours,
      baselineDuration: hours,
      remainingDuration: remainingH,
      percentCompleteType: 'physical',
      percentComplete: { physical: Math.round(pct * 1000) / 1000 },
      evTechnique: i % 29 === 0 ? { kind: 'fixed', startShare: 0.5 } : { kind: 'percent-complete' },
      budgetCost: budget,
      actualCost: ac,
      remainingCost: Math.max(0, Math.round((budget - budget * pct) * costFactor * 100) / 100),
      budgetUnits: hours,
      actualUnits: Math.round(hours * pct * costFactor * 10) / 10,
      remainingUnits: remainingH,
      codes: { PHASE: PHASES[Math.min(3, Math.floor((i / n) * 4))], AREA: pick(['N', 'S', 'E', 'W']) },
    };
    if (started) a.actualStart = fromMinutes(as);
    if (af !== undefined) a.actualFinish = fromMinutes(af);
    if (!af) {
      a.forecastStart = a.plannedStart;
      a.forecastFinish = a.plannedFinish;
    }
    activities[i] = a;
    if (!milestone) {
      const res = resources[i % resources.length];
      assignments.push({
        id: `AS${i + 1}`,
        activityId: a.id,
        resourceId: res.id,
        budgetUnits: a.budgetUnits,
        actualUnits: a.actualUnits,
        remainingUnits: a.remainingUnits,
        budgetCost: a.budgetCost,
        actualCost: a.actualCost,
        remainingCost: a.remainingCost,
      });
    }
  }

  return {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: {
      id: `SYN-${n}`,
      code: `SYN${n}`,
      name: `Synthetic ${n.toLocaleString('en-GB')}-activity project (seed ${opts.seed ?? 1})`,
      currency: opts.currency ?? 'GBP',
      dataDate,
      plannedStart: fromMinutes(start),
      plannedFinish: fromMinutes(projectFinish),
      defaultCalendarId: calendars[0].id,
    },
    wbs,
    activities,
    relationships,
    calendars,
    resources,
    assignments,
    codeTypes,
    snapshots: [],
    baselines: [],
    changeOrders: [],
    source: { format: 'synthetic', warnings: [] },
  };
}

/** The three calendars of the generator, with England & Wales-style bank holidays on the 5-day one. */
export function syntheticCalendars(fromYear: number, toYear: number): Calendar[] {
  const exceptions: Calendar['exceptions'] = [];
  for (let y = fromYear; y <= toYear; y++) {
    for (const md of ['01-01', '05-05', '05-26', '08-25', '12-25', '12-26', '12-29', '12-30', '12-31', '04-18']) {
      exceptions.push({ date: `${y}-${md}`, intervals: [], name: 'Holiday' });
    }
  }
  const five = makeCalendar({ id: 'CAL5', name: '5-day with holidays', workDays: [1, 2, 3, 4, 5], exceptions });
  const six = { ...sixDayCalendar('CAL6'), name: '6-day' };
  const cont = { ...continuousCalendar('CAL7'), name: '7-day 24 h' };
  return [five, six, cont];
}

const DISCIPLINES = ['Civil', 'Structural', 'Mechanical', 'Electrical', 'Piping', 'Instrumentation', 'Architectural', 'Commissioning'];
const TRADES = ['Engineer', 'Fitter', 'Electrician', 'Labourer', 'Crane crew', 'Supervisor'];
const VERBS = ['Install', 'Design', 'Procure', 'Pour', 'Erect', 'Test', 'Commission', 'Excavate', 'Fabricate', 'Inspect'];
const OBJECTS = ['foundations', 'steelwork', 'cable trays', 'switchgear', 'pipe rack', 'HVAC ducts', 'formwork', 'roof panels', 'pumps', 'substation'];
const PHASES = ['DES', 'PRC', 'CON', 'COM'];
