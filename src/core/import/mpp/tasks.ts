/**
 * Tasks of an MPP9/12/14 file (storage TBkndTask) → `MspdiTask`, field by field through the
 * field map (./fieldMap.ts). Field indexes are MS Project's; where MPP14 moved a field (Project
 * 2010 added manual scheduling, so "Start" became the scheduled start and baseline dates moved),
 * both indexes are listed.
 *
 * Which records are tasks (learned from MPXJ's readers, checked against the MSPDI twins):
 * - FixedMeta item flags bit 0x02 marks a deleted task (before MPP14 that removes every record
 *   of its unique ID); the first three records are not tasks.
 * - A 16-byte record is a blank ("null") row: unique ID at 0, ID at 4.
 * - A record shorter than 75 % of the field map's fixed size is debris, not a task.
 * - When a unique ID appears twice the later record wins, unless flagged 0x04.
 *
 * Not stored in the file (MS Project computes them when it opens the plan, and so does the
 * canonical model): BCWS, BCWP, ACWP, CV, SV, total slack, outline number. They stay undefined.
 */
import type { MspdiBaseline, MspdiCustomValue, MspdiFieldDefinition, MspdiTask } from '../mspdi/document';
import type { FixedData, FixedMeta, VarData } from './blocks';
import { FieldMap, Row } from './fieldMap';

/** MS Project task field indexes. */
export const T = {
  work: 0,
  baselineWork: 1,
  actualWork: 2,
  remainingWork: 4,
  cost: 5,
  baselineCost: 6,
  actualCost: 7,
  fixedCost: 8,
  /** 1 start, 2 end, 3 prorated (as MSPDI's FixedCostAccrual). */
  fixedCostAccrual: 200,
  remainingCost: 10,
  bcwp: 11,
  bcws: 12,
  sv: 13,
  name: 14,
  wbs: 16,
  constraintType: 17,
  constraintDate: 18,
  totalSlack: 22,
  id: 23,
  baselineDuration: 27,
  actualDuration: 28,
  duration: 29,
  remainingDuration: 31,
  percentComplete: 32,
  percentWorkComplete: 33,
  start: 35,
  finish: 36,
  actualStart: 41,
  actualFinish: 42,
  baselineStart: 43,
  baselineFinish: 44,
  cv: 83,
  outlineLevel: 85,
  uniqueId: 86,
  outlineNumber: 102,
  acwp: 120,
  outlineLevel2: 249,
  calendarUid: 401,
  deadline: 437,
  physicalPercentComplete: 1119,
  earnedValueMethod: 1122,
  /** MPP14: the task's own (manual) start/finish and duration. */
  taskStart: 1283,
  taskFinish: 1284,
  manualDuration: 1288,
  /** MPP14: baseline 0 start/finish/duration (43/44/27 became the "estimated" ones). */
  baseline14Start: 1299,
} as const;

/** Baseline n (1..10) start index in MPP9/12 numbering: finish +1, cost +2, work +3, duration +5. */
const BASELINE_N = [482, 493, 504, 515, 526, 544, 555, 566, 577, 588];

/**
 * Task custom fields (Cost1–10, Number1–20, Text1–30, Date1–10, Start/Finish1–10,
 * Duration1–10) by MS Project field index. They become MSPDI ExtendedAttribute values, in MSPDI's
 * units (cost in hundredths, durations as PT…H…M…S), written only when set, as MS Project's XML
 * export does; their FieldID is 0x0B400000 + index. A field the user renamed carries its alias
 * (./aliases.ts), as in the XML export.
 */
type CustomKind = 'cost' | 'number' | 'text' | 'date' | 'duration';
const CUSTOM_FIELDS: [index: number, name: string, kind: CustomKind][] = [
  ...[106, 107, 108, 258, 259, 260, 261, 262, 263, 264].map((i, n) => [i, `Cost${n + 1}`, 'cost'] as [number, string, CustomKind]),
  ...[87, 88, 89, 90, 91, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316].map((i, n) => [i, `Number${n + 1}`, 'number'] as [number, string, CustomKind]),
  ...[51, 54, 57, 60, 63, 66, 67, 68, 69, 70, ...Array.from({ length: 20 }, (_, k) => 317 + k)].map((i, n) => [i, `Text${n + 1}`, 'text'] as [number, string, CustomKind]),
  ...Array.from({ length: 10 }, (_, n) => [265 + n, `Date${n + 1}`, 'date'] as [number, string, CustomKind]),
  ...[52, 55, 58, 61, 64, 282, 284, 286, 288, 290].map((i, n) => [i, `Start${n + 1}`, 'date'] as [number, string, CustomKind]),
  ...[53, 56, 59, 62, 65, 283, 285, 287, 289, 291].map((i, n) => [i, `Finish${n + 1}`, 'date'] as [number, string, CustomKind]),
  ...[103, 104, 105, 275, 276, 277, 278, 279, 280, 281].map((i, n) => [i, `Duration${n + 1}`, 'duration'] as [number, string, CustomKind]),
];
export const TASK_FIELD_BASE = 0x0b400000;

function pt(hours: number): string {
  const sign = hours < 0 ? '-' : '';
  const totalSeconds = Math.round(Math.abs(hours) * 3600);
  return `${sign}PT${Math.floor(totalSeconds / 3600)}H${Math.floor((totalSeconds % 3600) / 60)}M${totalSeconds % 60}S`;
}

function customValues(row: Row, fields: [number, string, CustomKind][], used: Set<number>): MspdiCustomValue[] {
  let out: MspdiCustomValue[] | undefined;
  for (const [index, , kind] of fields) {
    let value: string | undefined;
    if (kind === 'cost') {
      const v = row.money(index);
      if (v) value = String(Math.round(v * 100 * 1e6) / 1e6);
    } else if (kind === 'number') {
      const v = row.number(index);
      if (v) value = String(v);
    } else if (kind === 'text') value = row.text(index);
    else if (kind === 'date') {
      const d = row.date(index);
      if (d) value = `${d}:00`;
    } else {
      const h = row.hours(index);
      if (h) value = pt(h);
    }
    if (value === undefined) continue;
    (out ??= []).push({ fieldId: TASK_FIELD_BASE + index, value });
    used.add(index);
  }
  return out ?? [];
}

/**
 * Definitions for the custom fields that hold a value somewhere or were renamed (MSPDI's
 * ExtendedAttributes); `aliasOf` gives a field's alias by FieldID or field name (./aliases.ts).
 */
export function customFieldDefinitions(used: Set<number>, aliasOf: (fieldId: number, fieldName: string) => string | undefined = () => undefined): MspdiFieldDefinition[] {
  const out: MspdiFieldDefinition[] = [];
  for (const [i, fieldName] of CUSTOM_FIELDS) {
    const fieldId = TASK_FIELD_BASE + i;
    const alias = aliasOf(fieldId, fieldName);
    if (used.has(i) || alias !== undefined) out.push(alias === undefined ? { fieldId, fieldName } : { fieldId, fieldName, alias });
  }
  return out;
}

/** Bit flags in the FixedMeta / Fixed2Meta items, which moved between Project versions. */
export interface TaskFlags {
  milestone: [offset: number, mask: number];
  active?: [offset: number, mask: number];
  manual?: [offset: number, mask: number];
}

export function taskFlags(fileVersion: number, appVersion: number): TaskFlags {
  if (fileVersion < 14) return { milestone: [8, 0x20] };
  if (appVersion <= 14) return { milestone: [8, 0x20], active: [8, 0x04], manual: [8, 0x08] };
  return { milestone: [10, 0x02], active: [8, 0x40], manual: [8, 0x80] };
}

export interface TaskBlocks {
  map: FieldMap;
  vars: VarData;
  meta: FixedMeta;
  fixed: FixedData;
  meta2?: FixedMeta;
  fixed2?: FixedData;
  fileVersion: number;
  flags: TaskFlags;
}

const NULL_RECORD = 16;

function metaFlag(meta: FixedMeta | undefined, i: number, [offset, mask]: [number, number]): boolean {
  if (!meta || i >= meta.count) return false;
  return (meta.bytes.i32(16 + i * meta.itemSize + offset) & mask) !== 0;
}

/** Unique ID → record index, as MS Project means it (see the header). */
function taskRecords(b: TaskBlocks): Map<number, number> {
  const { meta, fixed, fixed2, map } = b;
  const uidLoc = map.get(T.uniqueId);
  const uidOffset = uidLoc && uidLoc.block === 0 ? uidLoc.offset : 0;
  const max = map.maxFixed[0];
  const out = new Map<number, number>();
  for (let i = meta.count - 1; i > 2; i--) {
    const start = fixed.starts[i];
    if (start < 0) continue;
    if (fixed2 && (i >= fixed2.starts.length || fixed2.starts[i] < 0)) continue;
    const len = fixed.lengths[i];
    const flags = meta.bytes.i32(16 + i * meta.itemSize);
    if (flags & 0x02) {
      // A deleted task's unique ID (a short here). MPP14 keeps a later live copy of the ID;
      // before MPP14 the deletion wins over any record of that ID.
      const uid = fixed.bytes.u16(start);
      if (!out.has(uid) || b.fileVersion < 14) out.set(uid, -1);
      continue;
    }
    if (len === NULL_RECORD) {
      const uid = b.fileVersion >= 14 ? fixed.bytes.i32(start) : fixed.bytes.u16(start);
      if (!out.has(uid)) out.set(uid, i);
      continue;
    }
    if (max !== 0 && (len * 100) / max <= 75) continue;
    const uid = fixed.bytes.i32(start + uidOffset);
    if (!out.has(uid) || (b.vars.ids.has(uid) && (flags & 0x04) === 0)) out.set(uid, i);
  }
  return out;
}

function nullTask(uid: number, id: number): MspdiTask {
  return { uid, id, isNull: true, summary: false, milestone: false, external: false, isSubproject: false, active: true, predecessors: [], baselines: [], custom: [] };
}

/** Reads every task, in ID order. `tick` is called every 1,000 tasks (progress and cancel). */
export function readTasks(b: TaskBlocks, tick: (n: number) => void, usedCustomFields = new Set<number>()): MspdiTask[] {
  const records = taskRecords(b);
  const row = new Row(b.map, b.vars);
  const customFields = CUSTOM_FIELDS.filter(([i]) => b.map.get(i) !== undefined);
  const is14 = b.fileVersion >= 14;
  const byId = new Map<number, MspdiTask>();
  const tasks: MspdiTask[] = [];
  let n = 0;
  const uids = [...records.keys()].sort((x, y) => x - y);
  for (const uid of uids) {
    const i = records.get(uid) as number;
    if (i < 0) continue;
    if (++n % 1000 === 0) tick(n);
    const fixed = b.fixed;
    if (fixed.lengths[i] === NULL_RECORD) {
      // Blank rows: unique ID at 0 and ID at 4 (ints in MPP14, shorts before).
      const s = fixed.starts[i];
      tasks.push(is14 ? nullTask(fixed.bytes.i32(s), fixed.bytes.i32(s + 4)) : nullTask(fixed.bytes.u16(s), fixed.bytes.u16(s + 4)));
      continue;
    }
    // Before MPP14 a record shorter than the field map is debris, except the project summary row.
    if (!is14 && uid !== 0 && fixed.lengths[i] < b.map.maxFixed[0]) continue;
    // MPP9: a task without any var data (not even a name) is debris too.
    if (b.fileVersion === 9 && uid !== 0 && !b.vars.ids.has(uid)) continue;
    row.at(uid, fixed, i, b.fixed2);
    const id = row.int(T.id) ?? 0;
    const name = row.text(T.name);
    const manual = b.flags.manual ? metaFlag(b.meta2, i, b.flags.manual) : false;
    // Auto-scheduled tasks: Start/Finish/Duration are the scheduled values (35/36/29); manual
    // tasks keep their own (MPP14 1283/1284/1288) when set.
    let start = row.date(T.start);
    let finish = row.date(T.finish);
    let duration = row.hours(T.duration);
    if (is14) {
      const ts = row.date(T.taskStart);
      const tf = row.date(T.taskFinish);
      if (ts && (manual || !start)) start = ts;
      if (tf && (manual || !finish)) finish = tf;
      if (manual) duration = row.hours(T.manualDuration) ?? duration;
    }
    if (name === undefined && !start && !finish) {
      tasks.push(nullTask(uid, id));
      continue;
    }
    const prior = byId.get(id);
    if (prior) {
      // Two records with one ID: MS Project's phantom rows. Keep the one with var data.
      if (!b.vars.ids.has(uid)) continue;
      if (prior.name === undefined) tasks.splice(tasks.indexOf(prior), 1);
    }
    const level = row.short(T.outlineLevel) ?? row.short(T.outlineLevel2);
    const baselines: MspdiBaseline[] = [];
    const b0: MspdiBaseline = {
      number: 0,
      start: (is14 ? row.date(T.baseline14Start) : undefined) ?? row.date(T.baselineStart),
      finish: (is14 ? row.date(T.baseline14Start + 1) : undefined) ?? row.date(T.baselineFinish),
      duration: (is14 ? row.hours(T.baseline14Start + 2) : undefined) ?? row.hours(T.baselineDuration),
      cost: row.money(T.baselineCost),
      work: row.work(T.baselineWork),
    };
    if (hasBaseline(b0)) baselines.push(b0);
    for (let k = 1; k <= 10; k++) {
      const at = BASELINE_N[k - 1];
      const s14 = 1302 + (k - 1) * 3;
      const bn: MspdiBaseline = {
        number: k,
        start: (is14 ? row.date(s14) : undefined) ?? row.date(at),
        finish: (is14 ? row.date(s14 + 1) : undefined) ?? row.date(at + 1),
        duration: (is14 ? row.hours(s14 + 2) : undefined) ?? row.hours(at + 5),
        cost: row.money(at + 2),
        work: row.work(at + 3),
      };
      if (hasBaseline(bn)) baselines.push(bn);
    }
    const task: MspdiTask = {
      uid,
      id,
      name,
      wbs: row.text(T.wbs),
      outlineNumber: row.text(T.outlineNumber),
      outlineLevel: level,
      isNull: false,
      // The project summary row (UID 0) is always a summary; others are found from the outline
      // by the mapping, as for XML (the Summary flag is not stored).
      summary: uid === 0,
      milestone: metaFlag(b.meta, i, b.flags.milestone),
      external: false,
      isSubproject: false,
      active: b.flags.active ? metaFlag(b.meta2, i, b.flags.active) : true,
      start,
      finish,
      actualStart: row.date(T.actualStart),
      actualFinish: row.date(T.actualFinish),
      duration,
      remainingDuration: row.hours(T.remainingDuration),
      actualDuration: row.hours(T.actualDuration),
      percentComplete: row.short(T.percentComplete),
      percentWorkComplete: row.short(T.percentWorkComplete),
      // Stored only once set; MS Project's default (and its XML export's) is 0.
      physicalPercentComplete: row.short(T.physicalPercentComplete) ?? 0,
      earnedValueMethod: row.short(T.earnedValueMethod),
      cost: row.money(T.cost),
      actualCost: row.money(T.actualCost),
      remainingCost: row.money(T.remainingCost),
      fixedCost: row.money(T.fixedCost),
      fixedCostAccrual: row.short(T.fixedCostAccrual),
      work: row.work(T.work),
      actualWork: row.work(T.actualWork),
      remainingWork: row.work(T.remainingWork),
      bcws: row.money(T.bcws),
      bcwp: row.money(T.bcwp),
      acwp: row.money(T.acwp),
      constraintType: row.short(T.constraintType),
      constraintDate: row.date(T.constraintDate),
      deadline: row.date(T.deadline),
      calendarUid: calendarUid(row.int(T.calendarUid)),
      predecessors: [],
      baselines,
      custom: uid === 0 ? [] : customValues(row, customFields, usedCustomFields),
    };
    byId.set(id, task);
    tasks.push(task);
  }
  tasks.sort((x, y) => (x.id ?? 0) - (y.id ?? 0));
  numberOutline(tasks);
  return tasks;
}

/**
 * MS Project stores every baseline field, set or not; its XML export writes a Baseline element
 * only for a baseline that has something, and within it leaves out zero cost, work and duration.
 * Doing the same keeps "no baseline cost" (the mapping then falls back to the current cost)
 * apart from a real baseline, exactly as for the task's XML twin.
 */
function hasBaseline(b: MspdiBaseline): boolean {
  if (!b.cost) b.cost = undefined;
  if (!b.work) b.work = undefined;
  if (!b.duration) b.duration = undefined;
  return b.start !== undefined || b.finish !== undefined || b.cost !== undefined || b.work !== undefined || b.duration !== undefined;
}

/**
 * Outline numbers ("1.2.3") are not stored: MS Project derives them from the outline levels in
 * row order, and so do we. WBS codes are stored only when the plan has a WBS code mask; without
 * one MS Project shows (and its XML export writes) the outline number, so that is the WBS then.
 */
export function numberOutline(tasks: MspdiTask[]): void {
  const counters: number[] = [];
  for (const t of tasks) {
    if (t.isNull) continue;
    if (t.uid === 0) {
      t.outlineNumber ??= '0';
      t.wbs ??= '0';
      continue;
    }
    // MS Project allows a few dozen levels at most; a damaged level must not make the numbering quadratic.
    const level = Math.min(Math.max(1, t.outlineLevel ?? 1), 100);
    counters.length = Math.min(counters.length, level);
    while (counters.length < level) counters.push(0);
    counters[level - 1]++;
    t.outlineNumber ??= counters.join('.');
    t.wbs ??= t.outlineNumber;
  }
}

function calendarUid(v: number | undefined): number | undefined {
  return v === undefined || v === -1 || v === 0 ? undefined : v;
}

