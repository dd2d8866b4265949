/**
 * A synthetic MS Project 2010+ (MPP14) file of any size, for the .mpp speed benchmark
 * (bench/mpp.bench.ts) and the test that the generator and the reader agree
 * (tests/unit/import/mpp/synth.test.ts). No public .mpp has 10,000 tasks, so this builds one
 * from a real MPP14 sample's own streams: its container, project Props, field map, calendars and
 * resources stay as MS Project wrote them, and its task blocks are rebuilt with `leaves` copies
 * of one of its real leaf-task records (plus summary rows over them), each given its own unique
 * ID, ID, name, outline level, dates, duration and costs through the sample's field map.
 *
 * The plan (see `planSynth`): phases (outline level 1) of 10 groups (level 2) of 25 leaf tasks
 * (level 3); every leaf is linked finish-to-start to the leaf before it, and about 30 % of
 * leaves also to a random earlier leaf, so there are ~1.3 links per task; leaf dates follow
 * the links on a Monday–Friday 08:00–17:00 calendar. The sample's assignments are dropped (they
 * belong to tasks that are gone), so the read is tasks, links, calendars and resources; with
 * `progress` (SynthOptions), the first leaves are complete, each with its own assignments whose
 * actual work is stored day by day (see `writeAssignments`).
 *
 * Blocks rebuilt (layouts as in src/core/import/mpp/blocks.ts, which the reader documents):
 * - TBkndTask FixedMeta (16-byte header, count at 8, 47-byte items: flags at 0, offset at 4) and
 *   FixedData; Fixed2Meta (92–96-byte items) and Fixed2Data: the sample's first three records
 *   (not tasks) and its project summary row (unique ID 0) are kept, then the new records.
 * - TBkndTask VarMeta (24-byte header: count at 8, data size at 20; 12-byte items: uid, offset,
 *   key) and Var2Data (4-byte length then the bytes): the sample's values are kept for unique
 *   IDs the new tasks do not use; the new tasks' values are appended.
 * - TBkndCons FixedMeta (10-byte items) and FixedData (20-byte link records) replaced.
 * - TBkndAssn blocks replaced by the plan's assignments (none without `progress`); Props start
 *   and finish dates set to the plan's.
 * The container is written with the `cfb` package (SheetJS); the reader under test has its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as CFB from 'cfb';
import { readFixedData, readFixedMeta, itemSizeMatching } from '../src/core/import/mpp/blocks';
import { ASSIGNMENT_FIELD_MAP_KEYS, FieldMap, TASK_FIELD_MAP_KEYS } from '../src/core/import/mpp/fieldMap';
import { Props, Bytes } from '../src/core/import/mpp/blocks';
import { P } from '../src/core/import/mpp/project';
import { T, taskFlags } from '../src/core/import/mpp/tasks';
import { mppVersion, openCfb, parseMppDocument } from '../src/core/import/mpp';
import { rng } from '../src/core/model/synthetic';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The default sample: Residential Construction (Project 2013, MPP14), 109 tasks. */
export const MPP_SYNTH_SAMPLE = path.resolve(ROOT, '..', 'shared', 'samples', 'schedules', 'mpp', 'aspose_Residential_Construction.mpp');

export const hasMppSynthSample = (sample = MPP_SYNTH_SAMPLE) => existsSync(sample);

export interface SynthTask {
  uid: number;
  id: number;
  name: string;
  outlineLevel: number;
  summary: boolean;
  /** Local date-times as the canonical model writes them ("2025-01-06T08:00"). */
  start: string;
  finish: string;
  /** Working hours (8 a day). */
  durationHours: number;
  /** Leaf tasks only: cost, also the baseline cost (no progress: actual cost 0). */
  cost: number;
}

export interface SynthLink {
  uid: number;
  predecessorUid: number;
  successorUid: number;
}

/**
 * One resource on a task that has its actual work (`SynthOptions.progress`): the task is done,
 * its work all actual, spread evenly over its working days (8 hours a day at 100 % units).
 * A task's resources (`resourcesPerTask`) are different work resources of the sample, in turn.
 */
export interface SynthAssignment {
  uid: number;
  taskUid: number;
  /** The task's dates and working hours (= work = actual work). */
  start: string;
  finish: string;
  workHours: number;
}

export interface SynthPlan {
  tasks: SynthTask[];
  links: SynthLink[];
  /** Empty unless `progress` > 0; the generator gives each a work resource of the sample. */
  assignments: SynthAssignment[];
}

export interface SynthOptions {
  /**
   * The share of leaf tasks (the first ones in plan order, 0..1) that are complete with one
   * work resource each whose actual work is stored day by day (var-data field 50), as MS Project
   * stores progress entered on an assignment. 0 (the default): no assignments at all.
   */
  progress?: number;
  /** Work resources on each complete task (default 1), each with the task's full work. */
  resourcesPerTask?: number;
}

const LEAVES_PER_GROUP = 25;
const GROUPS_PER_PHASE = 10;
const PROJECT_START_DAY = Date.UTC(2025, 0, 6); // a Monday
const DAY_MS = 86_400_000;
const MPP_EPOCH = Date.UTC(1983, 11, 31);

const VERBS = ['Install', 'Pour', 'Erect', 'Fix', 'Inspect', 'Commission', 'Excavate', 'Lay', 'Paint', 'Test', 'Clad', 'Glaze'];
const WORKS = ['formwork', 'rebar', 'slab', 'blockwork', 'ductwork', 'cable tray', 'drylining', 'screed', 'roof deck', 'risers', 'curtain wall', 'sprinklers'];
const PLACES = ['Zone A', 'Zone B', 'Zone C', 'Core', 'East wing', 'West wing'];

/** Working day n (0 = project start) → calendar day (ms), skipping Saturdays and Sundays. */
const workDay = (n: number) => PROJECT_START_DAY + (Math.floor(n / 5) * 7 + (n % 5)) * DAY_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The plan that `synthesizeMpp(leaves, seed)` writes: what a reader of the file must find. */
export function planSynth(leaves: number, seed = 1, options: SynthOptions = {}): SynthPlan {
  const rand = rng(seed);
  const pick = <X>(xs: X[]) => xs[Math.floor(rand() * xs.length)];
  const tasks: SynthTask[] = [];
  const links: SynthLink[] = [];
  // Leaf schedule first (working-day numbers), then the rows in outline order.
  const leafStart: number[] = [];
  const leafEnd: number[] = [];
  const preds: number[][] = [];
  const perPhase = LEAVES_PER_GROUP * GROUPS_PER_PHASE;
  for (let k = 0; k < leaves; k++) {
    const p: number[] = [];
    const inGroup = k % LEAVES_PER_GROUP;
    const groupStart = k - inGroup;
    // A group's leaves are a chain; a group starts once the same group of the phase before is a
    // few tasks in (phases overlap: 10,000 leaves span 3 years and 50,000 span 15, not a century).
    if (inGroup > 0) p.push(k - 1);
    else if (k >= perPhase) p.push(Math.min(k - perPhase + 4, k - 1));
    // About 30 % of leaves get a second link, to an earlier leaf that does not stretch the
    // plan: one of the first five of a group of the phase before, or earlier in its own group.
    if (inGroup > 0 && rand() < 0.3) {
      const previousPhase = (Math.floor(k / perPhase) - 1) * perPhase;
      const other = k >= perPhase ? previousPhase + Math.floor(rand() * GROUPS_PER_PHASE) * LEAVES_PER_GROUP + Math.floor(rand() * 5) : groupStart + Math.floor(rand() * Math.max(0, inGroup - 1));
      if (other >= 0 && other < k - 1 && !p.includes(other)) p.push(other);
    }
    preds.push(p);
    // Finish-to-start: a leaf starts the working day after its latest predecessor finishes.
    const days = 1 + Math.floor(rand() * 6);
    leafStart.push(p.length ? Math.max(...p.map((q) => leafEnd[q] + 1)) : 0);
    leafEnd.push(leafStart[k] + days - 1);
  }
  let uid = 0;
  let id = 0;
  const leafUid: number[] = [];
  const span = (from: number, to: number): Pick<SynthTask, 'start' | 'finish' | 'durationHours'> => ({
    start: `${isoDay(workDay(from))}T08:00`,
    finish: `${isoDay(workDay(to))}T17:00`,
    durationHours: (to - from + 1) * 8,
  });
  const groups = Math.ceil(leaves / LEAVES_PER_GROUP);
  for (let g = 0; g < groups; g++) {
    const first = g * LEAVES_PER_GROUP;
    const last = Math.min(leaves, first + LEAVES_PER_GROUP) - 1;
    if (g % GROUPS_PER_PHASE === 0) {
      const phase = g / GROUPS_PER_PHASE;
      const pLast = Math.min(leaves, (g + GROUPS_PER_PHASE) * LEAVES_PER_GROUP) - 1;
      const from = Math.min(...leafStart.slice(first, pLast + 1));
      const to = Math.max(...leafEnd.slice(first, pLast + 1));
      tasks.push({ uid: ++uid, id: ++id, name: `Phase ${phase + 1}`, outlineLevel: 1, summary: true, cost: 0, ...span(from, to) });
    }
    const from = Math.min(...leafStart.slice(first, last + 1));
    const to = Math.max(...leafEnd.slice(first, last + 1));
    tasks.push({ uid: ++uid, id: ++id, name: `Level ${(g % GROUPS_PER_PHASE) + 1} – ${pick(PLACES)} (group ${g + 1})`, outlineLevel: 2, summary: true, cost: 0, ...span(from, to) });
    for (let k = first; k <= last; k++) {
      leafUid[k] = ++uid;
      const cost = Math.round(500 + rand() * 49_500);
      tasks.push({ uid, id: ++id, name: `${pick(VERBS)} ${pick(WORKS)}, ${pick(PLACES)} #${k + 1}`, outlineLevel: 3, summary: false, cost, ...span(leafStart[k], leafEnd[k]) });
    }
  }
  let linkUid = 0;
  for (let k = 0; k < leaves; k++) for (const q of preds[k]) links.push({ uid: ++linkUid, predecessorUid: leafUid[q], successorUid: leafUid[k] });
  // Progress last, drawing no random numbers: a plan with progress is the same plan with progress.
  const assignments: SynthAssignment[] = [];
  const done = Math.round(Math.min(1, Math.max(0, options.progress ?? 0)) * leaves);
  const byUid = new Map(tasks.map((t) => [t.uid, t]));
  const each = Math.max(1, Math.floor(options.resourcesPerTask ?? 1));
  for (let k = 0; k < done; k++) {
    const t = byUid.get(leafUid[k]) as SynthTask;
    for (let r = 0; r < each; r++) assignments.push({ uid: assignments.length + 1, taskUid: t.uid, start: t.start, finish: t.finish, workHours: t.durationHours });
  }
  return { tasks, links, assignments };
}

// ------------------------------------------------------------------ bytes

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** The parts one after another (also used by the .mpp tests' Props writer). */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function utf16z(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2 + 2);
  for (let i = 0; i < text.length; i++) view(out).setUint16(i * 2, text.charCodeAt(i), true);
  return out;
}

/** MS Project timestamp: u16 tenths of a minute since midnight, u16 days since 1983-12-31; NA = day 65535. */
function timestamp(local: string | undefined): Uint8Array {
  const out = new Uint8Array(4);
  if (local === undefined) {
    view(out).setUint16(2, 65535, true);
    return out;
  }
  const days = Math.round((Date.UTC(+local.slice(0, 4), +local.slice(5, 7) - 1, +local.slice(8, 10)) - MPP_EPOCH) / DAY_MS);
  view(out).setUint16(0, (+local.slice(11, 13) * 60 + +local.slice(14, 16)) * 10, true);
  view(out).setUint16(2, days, true);
  return out;
}
const i32 = (v: number) => {
  const out = new Uint8Array(4);
  view(out).setInt32(0, v, true);
  return out;
};
const u16 = (v: number) => {
  const out = new Uint8Array(2);
  view(out).setUint16(0, v, true);
  return out;
};
const f64 = (v: number) => {
  const out = new Uint8Array(8);
  view(out).setFloat64(0, v, true);
  return out;
};
/** Hours → tenths of a minute (durations). */
const tenths = (hours: number) => i32(Math.round(hours * 600));
/** Hours → thousandths of a minute (work). */
const work = (hours: number) => f64(hours * 60_000);
/** Major units → hundredths (currency). */
const money = (v: number) => f64(v * 100);

interface Streams {
  get(p: string): Uint8Array;
  put(p: string, data: Uint8Array): void;
}

function streamsOf(cfb: CFB.CFB$Container): Streams {
  const entry = (p: string) => {
    const e = CFB.find(cfb, p);
    if (!e) throw new Error(`the sample has no ${p} stream`);
    return e;
  };
  return {
    get: (p) => new Uint8Array(entry(p).content as ArrayLike<number> as Uint8Array),
    put: (p, data) => {
      const e = entry(p);
      e.content = Buffer.from(data) as unknown as CFB.CFB$Blob;
      e.size = data.length;
    },
  };
}

/** Sets Props values in place (the value must already be there with the same size). */
function patchProps(props: Uint8Array, values: Map<number, Uint8Array>): void {
  const b = new Bytes(props);
  const count = b.u16(12);
  for (let i = 0, p = 16; i < count && p + 12 <= props.length; i++) {
    const size = b.i32(p);
    const key = b.i32(p + 4);
    const v = values.get(key);
    if (v && v.length <= size) props.set(v, p + 12);
    p += 12 + size + (size & 1);
  }
}

/**
 * An MPP14 file holding `planSynth(leaves, seed)`. `sample` is the MPP14 file whose streams
 * and task record it reuses (default: MPP_SYNTH_SAMPLE).
 */
export function synthesizeMpp(leaves: number, seed = 1, sample = MPP_SYNTH_SAMPLE, options: SynthOptions = {}): Uint8Array {
  return synthesizeMppPlan(planSynth(leaves, seed, options), new Uint8Array(readFileSync(sample)));
}

export function synthesizeMppPlan(plan: SynthPlan, original: Uint8Array): Uint8Array {
  const version = mppVersion(openCfb(original));
  if (!version || version.fileVersion !== 14) throw new Error('the sample must be an MPP14 file (Project 2010 or later)');
  const flags = taskFlags(14, version.appVersion);
  const lateLinks = version.appVersion > 14;

  const cfb = CFB.read(Buffer.from(original) as unknown as CFB.CFB$Blob, { type: 'buffer' });
  const s = streamsOf(cfb);
  const dir = '/   114/TBkndTask/';
  const props = s.get('/   114/Props');
  const map = new FieldMap(
    TASK_FIELD_MAP_KEYS.map((k) => new Props(new Bytes(props)).raw(k)).find((d) => d !== undefined),
    0x0b40,
    true,
  );
  const metaBytes = s.get(dir + 'FixedMeta');
  const dataBytes = s.get(dir + 'FixedData');
  const meta2Bytes = s.get(dir + 'Fixed2Meta');
  const data2Bytes = s.get(dir + 'Fixed2Data');
  const meta = readFixedMeta(metaBytes, 47);
  if (!meta) throw new Error('the sample has no task FixedMeta');
  const fixed = readFixedData(meta, dataBytes, map.maxFixed[0]);
  const meta2 = readFixedMeta(meta2Bytes, itemSizeMatching(meta.count, 92, 93, 94, 95, 96));
  if (!meta2) throw new Error('the sample has no task Fixed2Meta');
  const fixed2 = readFixedData(meta2, data2Bytes);
  const varMeta = s.get(dir + 'VarMeta');
  const var2 = s.get(dir + 'Var2Data');

  const loc = (index: number) => {
    const l = map.get(index);
    if (!l) throw new Error(`the sample's field map has no task field ${index}`);
    return l;
  };
  const uidLoc = loc(T.uniqueId);
  const uidAt = (i: number) => fixed.bytes.i32(fixed.starts[i] + uidLoc.offset);
  const record = (f: typeof fixed, i: number) => f.bytes.data.slice(f.starts[i], f.starts[i] + f.lengths[i]);

  // Var values of one unique ID: key → bytes.
  const vCount = view(varMeta).getInt32(8, true);
  const varsOf = (uid: number) => {
    const out = new Map<number, Uint8Array>();
    for (let i = 0, p = 24; i < vCount; i++, p += 12) {
      if (view(varMeta).getInt32(p, true) !== uid) continue;
      const off = view(varMeta).getInt32(p + 4, true);
      out.set(view(varMeta).getUint16(p + 8, true), var2.slice(off + 4, off + 4 + view(var2).getInt32(off, true)));
    }
    return out;
  };

  // Kept records: the first three (not tasks) and the project summary row; the template: a
  // full-length, live, non-milestone record with a name, as the reader would take it.
  const kept: number[] = [];
  let template = -1;
  for (let i = 0; i < meta.count; i++) {
    if (fixed.starts[i] < 0 || fixed2.starts[i] === undefined || fixed2.starts[i] < 0) continue;
    const itemFlags = meta.bytes.i32(16 + i * meta.itemSize);
    if (i < 3 || (!(itemFlags & 2) && fixed.lengths[i] > 16 && uidAt(i) === 0)) {
      kept.push(i);
      continue;
    }
    const milestone = (meta.bytes.i32(16 + i * meta.itemSize + flags.milestone[0]) & flags.milestone[1]) !== 0;
    if (template < 0 && !(itemFlags & 6) && !milestone && fixed.lengths[i] >= map.maxFixed[0] && varsOf(uidAt(i)).has(T.name)) template = i;
  }
  if (template < 0) throw new Error('the sample has no leaf task record to copy');
  const templateVars = varsOf(uidAt(template));
  // Values the reader would otherwise take from the template: let it derive WBS and outline numbers.
  templateVars.delete(T.wbs);
  templateVars.delete(T.outlineNumber);
  const pad = (r: Uint8Array, size: number) => (r.length >= size ? r : concat([r, new Uint8Array(size - r.length)]));
  const rec0 = pad(record(fixed, template), map.maxFixed[0]);
  const rec1 = pad(record(fixed2, template), map.maxFixed[1]);
  const item0 = meta.bytes.data.slice(16 + template * meta.itemSize, 16 + (template + 1) * meta.itemSize);
  const item1 = meta2.bytes.data.slice(16 + template * meta2.itemSize, 16 + (template + 1) * meta2.itemSize);
  // Auto-scheduled and active (flags in the Fixed2Meta item).
  const setBit = (item: Uint8Array, [offset, mask]: [number, number], on: boolean) => {
    const v = view(item).getInt32(offset, true);
    view(item).setInt32(offset, on ? v | mask : v & ~mask, true);
  };
  if (flags.manual) setBit(item1, flags.manual, false);
  if (flags.active) setBit(item1, flags.active, true);

  const newUids = new Set(plan.tasks.map((t) => t.uid));
  // Complete tasks → how many resources they have.
  const doneTasks = new Map<number, number>();
  for (const a of plan.assignments) doneTasks.set(a.taskUid, (doneTasks.get(a.taskUid) ?? 0) + 1);
  const outMeta: Uint8Array[] = [];
  const outData: Uint8Array[] = [];
  const outMeta2: Uint8Array[] = [];
  const outData2: Uint8Array[] = [];
  let len0 = 0;
  let len1 = 0;
  const addRecord = (m0: Uint8Array, r0: Uint8Array, m1: Uint8Array, r1: Uint8Array) => {
    const a = m0.slice();
    view(a).setInt32(4, len0, true);
    const b = m1.slice();
    view(b).setInt32(4, len1, true);
    outMeta.push(a);
    outData.push(r0);
    outMeta2.push(b);
    outData2.push(r1);
    len0 += r0.length;
    len1 += r1.length;
  };
  for (const i of kept) {
    addRecord(
      meta.bytes.data.subarray(16 + i * meta.itemSize, 16 + (i + 1) * meta.itemSize),
      record(fixed, i),
      meta2.bytes.data.subarray(16 + i * meta2.itemSize, 16 + (i + 1) * meta2.itemSize),
      record(fixed2, i),
    );
  }

  // Var data: the sample's items for unique IDs the plan does not use, then the new tasks'.
  const varItems: Uint8Array[] = [];
  for (let i = 0, p = 24; i < vCount; i++, p += 12) if (!newUids.has(view(varMeta).getInt32(p, true))) varItems.push(varMeta.slice(p, p + 12));
  const varValues: Uint8Array[] = [var2];
  let varLen = var2.length;

  for (const t of plan.tasks) {
    const r0 = rec0.slice();
    const r1 = rec1.slice();
    const vars = new Map(templateVars);
    const set = (index: number, bytes: Uint8Array) => {
      const l = map.get(index);
      if (!l) return; // the sample's field map does not store this field
      if (l.block === 0) r0.set(bytes, l.offset);
      else if (l.block === 1) r1.set(bytes, l.offset);
      else vars.set(l.varKey, bytes);
    };
    const cost = t.summary ? 0 : t.cost;
    set(T.uniqueId, i32(t.uid));
    set(T.id, i32(t.id));
    set(T.name, utf16z(t.name));
    set(T.outlineLevel, u16(t.outlineLevel));
    set(T.outlineLevel2, u16(t.outlineLevel));
    for (const [at, v] of [
      [T.start, t.start],
      [T.finish, t.finish],
      [T.taskStart, t.start],
      [T.taskFinish, t.finish],
      [T.baseline14Start, t.start],
      [T.baseline14Start + 1, t.finish],
      [T.baselineStart, t.start],
      [T.baselineFinish, t.finish],
      [T.actualStart, undefined],
      [T.actualFinish, undefined],
      [T.constraintDate, undefined],
      [T.deadline, undefined],
    ] as const)
      set(at, timestamp(v));
    for (const at of [T.duration, T.manualDuration, T.remainingDuration, T.baselineDuration, T.baseline14Start + 2]) set(at, tenths(t.durationHours));
    set(T.actualDuration, tenths(0));
    set(T.percentComplete, u16(0));
    set(T.percentWorkComplete, u16(0));
    set(T.constraintType, u16(0));
    // No resources: a leaf's cost is its fixed cost, its baseline the same; no work.
    for (const at of [T.cost, T.baselineCost, T.fixedCost, T.remainingCost]) set(at, money(cost));
    for (const at of [T.actualCost, T.bcws, T.bcwp, T.acwp]) set(at, money(0));
    for (const at of [T.work, T.baselineWork, T.actualWork, T.remainingWork]) set(at, work(0));
    if (doneTasks.has(t.uid)) {
      // Complete: started and finished as planned, all of its work actual (its assignment's).
      set(T.actualStart, timestamp(t.start));
      set(T.actualFinish, timestamp(t.finish));
      set(T.actualDuration, tenths(t.durationHours));
      set(T.remainingDuration, tenths(0));
      set(T.percentComplete, u16(100));
      set(T.percentWorkComplete, u16(100));
      for (const at of [T.work, T.baselineWork, T.actualWork]) set(at, work(t.durationHours * (doneTasks.get(t.uid) ?? 1)));
    }
    addRecord(item0, r0, item1, r1);
    for (const [key, bytes] of vars) {
      const item = new Uint8Array(12);
      view(item).setInt32(0, t.uid, true);
      view(item).setInt32(4, varLen, true);
      view(item).setUint16(8, key, true);
      const v = new Uint8Array(4 + bytes.length + (bytes.length & 1));
      view(v).setInt32(0, bytes.length, true);
      v.set(bytes, 4);
      varItems.push(item);
      varValues.push(v);
      varLen += v.length;
    }
  }
  const header = (bytes: Uint8Array, size: number, count: number) => {
    const h = bytes.slice(0, size);
    view(h).setInt32(8, count, true);
    return h;
  };
  const count = kept.length + plan.tasks.length;
  s.put(dir + 'FixedMeta', concat([header(metaBytes, 16, count), ...outMeta]));
  s.put(dir + 'FixedData', concat(outData));
  s.put(dir + 'Fixed2Meta', concat([header(meta2Bytes, 16, count), ...outMeta2]));
  s.put(dir + 'Fixed2Data', concat(outData2));
  const vh = header(varMeta, 24, varItems.length);
  view(vh).setInt32(20, varLen, true);
  s.put(dir + 'VarMeta', concat([vh, ...varItems]));
  s.put(dir + 'Var2Data', concat(varValues));

  // Links: 10-byte meta items (0 at 0 = live, offset at 4), 20-byte records (ID, predecessor,
  // successor, type 1 = FS, lag and lag format 7 = days, where the writing version puts them).
  const cons = '/   114/TBkndCons/';
  const consMeta = s.get(cons + 'FixedMeta');
  const linkItems: Uint8Array[] = [header(consMeta, 16, plan.links.length)];
  const linkData = new Uint8Array(plan.links.length * 20);
  plan.links.forEach((l, k) => {
    const m = new Uint8Array(10);
    view(m).setInt32(4, k * 20, true);
    linkItems.push(m);
    const r = view(linkData);
    r.setInt32(k * 20, l.uid, true);
    r.setInt32(k * 20 + 4, l.predecessorUid, true);
    r.setInt32(k * 20 + 8, l.successorUid, true);
    r.setUint16(k * 20 + 12, 1, true);
    r.setInt32(k * 20 + (lateLinks ? 14 : 16), 0, true);
    r.setUint16(k * 20 + (lateLinks ? 18 : 14), 7, true);
  });
  s.put(cons + 'FixedMeta', concat(linkItems));
  s.put(cons + 'FixedData', linkData);

  // Assignments belonged to the sample's tasks: none of those are left; the plan's own (see
  // writeAssignments) replace them.
  writeAssignments(s, plan.assignments, original, new FieldMap(ASSIGNMENT_FIELD_MAP_KEYS.map((k) => new Props(new Bytes(props)).raw(k)).find((d) => d !== undefined), 0x0f40, true), header);

  // The project's start and finish, as MS Project keeps them in Props.
  const first = plan.tasks.reduce((a, t) => (t.start < a ? t.start : a), plan.tasks[0]?.start ?? '2025-01-06T08:00');
  const last = plan.tasks.reduce((a, t) => (t.finish > a ? t.finish : a), plan.tasks[0]?.finish ?? '2025-01-06T17:00');
  patchProps(props, new Map([[P.startDate, timestamp(first)], [P.finishDate, timestamp(last)]]));
  s.put('/   114/Props', props);

  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

/** Assignment fields (as src/core/import/mpp/resources.ts reads them; MPXJ's AssignmentField order). */
const A = { uniqueId: 0, taskUid: 1, resourceUid: 2, units: 7, work: 8, actualWork: 10, remainingWork: 12, baselineWork: 16, start: 20, finish: 21, cost: 26, actualCost: 28, remainingCost: 29, baselineCost: 32, bcws: 34, bcwp: 35, acwp: 36, actualTimephasedWork: 50, baselineStart: 146, baselineFinish: 147 } as const;
/** Baselines 1–10: 9 fields each from 289 (work, cost, … start at +6, finish at +7). */
const A_BASELINE_N = 289;

/**
 * The plan's assignments into TBkndAssn: 34-byte FixedMeta items (0 at 0 = live, offset at 4),
 * fixed records as long as the field map's fixed fields, second-block records (≥ 48 bytes),
 * and var data holding each one's time-phased actual work (field 50) in the layout
 * src/core/import/mpp/actualWork.ts decodes: one period from the assignment's start (offset 0)
 * to its end in working minutes × 80, its cumulative work in thousandths of a minute. The
 * record bytes start from zeros, with every field the reader takes set (baseline dates to
 * "NA"), so nothing of the sample's own assignments leaks in. Each assignment is given a work
 * resource of the sample, in turn.
 */
function writeAssignments(s: Streams, assignments: SynthAssignment[], original: Uint8Array, map: FieldMap, header: (bytes: Uint8Array, size: number, count: number) => Uint8Array): void {
  const assn = '/   114/TBkndAssn/';
  const metaBytes = s.get(assn + 'FixedMeta');
  const hasFixed2 = (() => {
    try {
      s.get(assn + 'Fixed2Data');
      return true;
    } catch {
      return false;
    }
  })();
  const size0 = Math.max(map.maxFixed[0], 1);
  const size1 = Math.max(map.maxFixed[1], 48);
  const workers = (assignments.length ? parseMppDocument(original).resources : []).filter((r) => r.type === 1 && r.uid !== undefined && r.uid > 0)
    .map((r) => r.uid as number);
  if (assignments.length && !workers.length) throw new Error('the sample has no work resource to assign');
  const items: Uint8Array[] = [header(metaBytes, 16, assignments.length)];
  const data0 = new Uint8Array(assignments.length * size0);
  const data1 = new Uint8Array(assignments.length * size1);
  const varItems: Uint8Array[] = [];
  const varValues: Uint8Array[] = [];
  let varLen = 0;
  assignments.forEach((a, k) => {
    const item = new Uint8Array(34);
    view(item).setInt32(4, k * size0, true);
    items.push(item);
    const r0 = data0.subarray(k * size0, (k + 1) * size0);
    const r1 = data1.subarray(k * size1, (k + 1) * size1);
    const set = (index: number, bytes: Uint8Array) => {
      const l = map.get(index);
      if (!l) return;
      if (l.block === 0) r0.set(bytes, l.offset);
      else if (l.block === 1) r1.set(bytes, l.offset);
      else {
        const v = new Uint8Array(12);
        view(v).setInt32(0, a.uid, true);
        view(v).setInt32(4, varLen, true);
        view(v).setUint16(8, l.varKey, true);
        const value = new Uint8Array(4 + bytes.length + (bytes.length & 1));
        view(value).setInt32(0, bytes.length, true);
        value.set(bytes, 4);
        varItems.push(v);
        varValues.push(value);
        varLen += value.length;
      }
    };
    set(A.uniqueId, i32(a.uid));
    set(A.taskUid, i32(a.taskUid));
    set(A.resourceUid, i32(workers[k % workers.length])); // a task's resources are consecutive: all different
    set(A.units, money(100)); // 10000 = 100 %
    set(A.start, timestamp(a.start));
    set(A.finish, timestamp(a.finish));
    for (const at of [A.work, A.actualWork, A.baselineWork]) set(at, work(a.workHours));
    set(A.remainingWork, work(0));
    for (const at of [A.cost, A.actualCost, A.remainingCost, A.baselineCost, A.bcws, A.bcwp, A.acwp]) set(at, money(0));
    set(A.baselineStart, timestamp(undefined));
    set(A.baselineFinish, timestamp(undefined));
    for (let n = 1; n <= 10; n++) {
      set(A_BASELINE_N + (n - 1) * 9 + 6, timestamp(undefined));
      set(A_BASELINE_N + (n - 1) * 9 + 7, timestamp(undefined));
    }
    set(A.actualTimephasedWork, completeWork(a.workHours * 60));
  });
  s.put(assn + 'FixedMeta', concat(items));
  s.put(assn + 'FixedData', data0);
  if (hasFixed2) s.put(assn + 'Fixed2Data', data1);
  const vh = header(s.get(assn + 'VarMeta'), 24, varItems.length);
  view(vh).setInt32(20, varLen, true);
  s.put(assn + 'VarMeta', concat([vh, ...varItems]));
  s.put(assn + 'Var2Data', concat(varValues));
}

/**
 * A complete-work block (layout in src/core/import/mpp/actualWork.ts) of one period holding
 * `minutes` of work over the first `minutes` working minutes (100 % units).
 */
function completeWork(minutes: number): Uint8Array {
  const out = new Uint8Array(32 + 20);
  const v = view(out);
  const end = Math.round(minutes * 80);
  v.setUint16(0, 1, true);
  v.setFloat64(8, 10_000, true);
  v.setFloat64(16, minutes * 1000, true);
  v.setInt32(24, end, true);
  v.setInt32(32, 0, true);
  v.setFloat64(36, minutes * 1000, true);
  v.setFloat64(44, 10_000, true);
  return out;
}
