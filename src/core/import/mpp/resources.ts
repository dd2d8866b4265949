/**
 * Resources (storage TBkndRsc) and assignments (TBkndAssn) of an MPP12/MPP14 file →
 * `MspdiResource` / `MspdiAssignment`, through their field maps (./fieldMap.ts).
 *
 * Resources: records through FixedMeta (37-byte items) and Fixed2Meta (50 or 51); a resource
 * is a unique ID with var data whose record is at least the field map's size (unique ID a
 * short). Type: a bit in the FixedMeta item says "work" (offset 9 mask 0x02 up to Project
 * 2010, offset 12 mask 0x10 after); otherwise a Fixed2Meta bit (offset 8, 0x10) says "cost",
 * else it is a material resource. "Budget" is a Fixed2Meta bit (8: 0x20, or 0x40 after 2010).
 * Standard and overtime rates are stored per hour whatever unit MS Project shows them in, as
 * in MSPDI; cost per use in hundredths. They are the cost rate table A entry in force at the
 * current date when the file was saved; the tables themselves are read by ./costRates.ts.
 *
 * Assignments: 110-byte FixedData records and 48-byte Fixed2Data records in FixedMeta order
 * (34-byte items; a non-zero first byte marks a deleted assignment). Units are stored in
 * hundredths of a percent. Actual start/finish are not stored; like MPXJ (and MS Project's own
 * display), an assignment has finished when its task has started and no work remains, and has
 * started when it has finished or has actual work.
 */
import type { MspdiAssignment, MspdiBaseline, MspdiResource, MspdiTask, MspdiTimephased } from '../mspdi/document';
import type { PendingActualWork } from './actualWork';
import { Bytes, type FixedData, type FixedMeta, type VarData } from './blocks';
import { FieldMap, Row } from './fieldMap';
import { tenthsTimestamp } from './values';
import { readResourceRates } from './costRates';

const R = { id: 0, name: 1, initials: 2, group: 3, standardRate: 6, overtimeRate: 7, code: 10, baselineWork: 15, baselineCost: 17, costPerUse: 18, uniqueId: 27, materialLabel: 299 } as const;
/** Resource baseline n (1..10): work 342 + 10(n−1), cost +1. */
const R_BASELINE_N = 342;

const A = { uniqueId: 0, taskUid: 1, resourceUid: 2, units: 7, work: 8, actualWork: 10, remainingWork: 12, baselineWork: 16, start: 20, finish: 21, cost: 26, actualCost: 28, remainingCost: 29, baselineCost: 32, bcws: 34, bcwp: 35, acwp: 36, baselineStart: 146, baselineFinish: 147 } as const;
/** Assignment field: which of the resource's cost rate tables prices it, 0..4 = A..E (checked on the MPP9 and MPP14 assignment-fields twins). */
const A_COST_RATE_TABLE = 80;
/** Assignment baseline n (1..10): work 289 + 9(n−1), cost +1, start +6, finish +7. */
const A_BASELINE_N = 289;
/** Time-phased baseline work and cost: 52/53 for Baseline, 291/292 + 9(n−1) for Baseline n. */
const A_TP_BASELINE = 52;
const A_TP_BASELINE_N = 291;
/** Time-phased actual work: regular 50, actual overtime 51 (decoded in ./actualWork.ts once the calendars are known). */
const A_TP_ACTUAL_WORK = 50;
const A_TP_ACTUAL_OVERTIME_WORK = 51;

/**
 * A time-phased baseline block → MSPDI TimephasedData records (type `type`, hours or major
 * units). Layout (MPXJ's TimephasedDataFactory): a u16 period count at 0, then 20-byte periods;
 * the first is a summary whose end (i32 at 16, tenths of a minute since 1983-12-31) starts the
 * data; each period holds the running total (work: f64 thousandths of a minute at 0; cost: f64
 * hundredths at 8) and its end at 16; the last period is a summary again. Work blocks have an
 * 8-byte header before the periods, cost blocks 16. The periods carry their own start and end,
 * so no calendar is needed; zero periods are left out, as MS Project's XML export does.
 */
function baselineTimephased(data: Uint8Array | undefined, type: number, cost: boolean, out: MspdiTimephased[]): void {
  if (!data || data.length < 40) return;
  const b = new Bytes(data);
  const count = b.u16(0);
  const header = cost ? 16 : 28; // work: 8-byte header + the first (summary) period
  let start = tenthsTimestamp(b, header + 16);
  let total = 0;
  for (let i = 0, o = header + 20; i < count - 2 && o + 20 <= data.length; i++, o += 20) {
    const running = cost ? b.f64(o + 8) / 100 : b.f64(o) / 60000;
    const end = tenthsTimestamp(b, o + 16);
    const value = running - total;
    total = running;
    // Below a minute of work or a thousandth of a unit of money is noise, as in the totals (./values.ts).
    const noise = cost ? Math.abs(value) < 0.001 : Math.abs(value) * 60000 < 1000;
    if (start && end && !noise) out.push({ type, start, finish: end, value });
    start = end;
  }
}

export interface ResourceBlocks {
  map: FieldMap;
  vars: VarData;
  meta: FixedMeta;
  fixed: FixedData;
  meta2?: FixedMeta;
  fixed2?: FixedData;
  lateLayout: boolean;
  /** MPP9: work/material only (FixedMeta offset 9, 0x02), no cost or budget resources. */
  mpp9?: boolean;
  /** Resource unique ID → calendar UID (from the calendars' records). */
  calendars: Map<number, number>;
}

const bit = (meta: FixedMeta | undefined, i: number, offset: number, mask: number) => !!meta && i < meta.count && (meta.bytes.u8(16 + i * meta.itemSize + offset) & mask) !== 0;

export function readResources(b: ResourceBlocks): MspdiResource[] {
  const uidLoc = b.map.get(R.uniqueId);
  const uidAt = uidLoc && uidLoc.block === 0 ? uidLoc.offset : 0;
  const recordOf = new Map<number, number>();
  for (let i = 0; i < b.meta.count; i++) {
    const s = b.fixed.starts[i];
    if (s < 0 || b.fixed.lengths[i] < b.map.maxFixed[0]) continue;
    if (b.mpp9 && b.meta.bytes.i32(16 + i * b.meta.itemSize) & 0x02) continue; // deleted
    const uid = b.fixed.bytes.u16(s + uidAt);
    if (!recordOf.has(uid)) recordOf.set(uid, i);
  }
  const row = new Row(b.map, b.vars);
  const out: MspdiResource[] = [];
  for (const uid of [...b.vars.ids].sort((x, y) => x - y)) {
    const i = recordOf.get(uid);
    if (i === undefined) continue;
    row.at(uid, b.fixed, i, b.fixed2);
    const work = b.lateLayout ? bit(b.meta, i, 12, 0x10) : bit(b.meta, i, 9, 0x02);
    const cost = !work && !b.mpp9 && bit(b.meta2, i, 8, 0x10);
    const baselines: MspdiBaseline[] = [];
    const b0: MspdiBaseline = { number: 0, cost: row.money(R.baselineCost) || undefined, work: row.work(R.baselineWork) || undefined };
    if (b0.cost !== undefined || b0.work !== undefined) baselines.push(b0);
    for (let n = 1; n <= 10; n++) {
      const at = R_BASELINE_N + (n - 1) * 10;
      const bn: MspdiBaseline = { number: n, work: row.work(at) || undefined, cost: row.money(at + 1) || undefined };
      if (bn.cost !== undefined || bn.work !== undefined) baselines.push(bn);
    }
    // Cost resources have no rates in MS Project (the .mpp still stores zeros; its XML omits them).
    const standardRate = cost ? undefined : row.rate(R.standardRate);
    const overtimeRate = cost ? undefined : row.rate(R.overtimeRate);
    const costPerUse = row.money(R.costPerUse);
    out.push({
      uid,
      id: row.int(R.id),
      name: row.text(R.name),
      type: work ? 1 : cost ? 2 : 0,
      isCostResource: cost,
      isBudget: !b.mpp9 && bit(b.meta2, i, 8, b.lateLayout ? 0x40 : 0x20),
      code: row.text(R.code),
      initials: row.text(R.initials),
      group: row.text(R.group),
      materialLabel: row.text(R.materialLabel),
      standardRate,
      overtimeRate,
      costPerUse,
      calendarUid: b.calendars.get(uid),
      baselines,
      rates: cost ? [] : readResourceRates((k) => row.raw(k), standardRate, overtimeRate, costPerUse),
    });
  }
  return out;
}

export interface AssignmentBlocks {
  map: FieldMap;
  vars: VarData;
  meta: FixedMeta;
  fixed: FixedData;
  fixed2?: FixedData;
  /** Records located by FixedMeta order rather than by offset / record size (MPP9 files whose record count does not match). */
  byMetaOrder?: boolean;
  /** Collects assignments with time-phased actual work blocks, for ./actualWork.ts's post-pass. */
  actualWork?: PendingActualWork[];
}

export function readAssignments(b: AssignmentBlocks, tasks: MspdiTask[], tick: (n: number) => void): MspdiAssignment[] {
  const taskByUid = new Map<number, MspdiTask>();
  for (const t of tasks) if (!t.isNull && t.uid !== undefined) taskByUid.set(t.uid, t);
  // Records are fixed-size and in stream order: index = offset / record size.
  const recordSize = b.fixed.lengths.length > 0 ? b.fixed.lengths[0] : 0;
  const row = new Row(b.map, b.vars);
  const uidLoc = b.map.get(A.uniqueId);
  const uidAt = uidLoc && uidLoc.block === 0 ? uidLoc.offset : 0;
  const seen = new Set<string>();
  const out: MspdiAssignment[] = [];
  for (let i = 0; i < b.meta.count; i++) {
    const m = 16 + i * b.meta.itemSize;
    if (b.meta.bytes.u8(m) !== 0) continue;
    const offset = b.meta.bytes.i32(m + 4);
    let r = i;
    if (!b.byMetaOrder) {
      if (recordSize <= 0 || offset < 0 || offset % recordSize !== 0) continue;
      r = offset / recordSize;
    }
    if (r >= b.fixed.starts.length || b.fixed.starts[r] < 0) continue;
    const uid = b.fixed.bytes.i32(b.fixed.starts[r] + uidAt);
    if (!b.vars.ids.has(uid)) continue;
    row.at(uid, b.fixed, r, b.fixed2);
    const taskUid = row.int(A.taskUid);
    const task = taskUid === undefined ? undefined : taskByUid.get(taskUid);
    if (!task) continue;
    const resourceUid = row.int(A.resourceUid);
    const key = `${taskUid}/${resourceUid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (out.length % 1000 === 999) tick(out.length + 1);

    const baselines: MspdiBaseline[] = [];
    const b0: MspdiBaseline = { number: 0, start: row.date(A.baselineStart), finish: row.date(A.baselineFinish), cost: row.money(A.baselineCost) || undefined, work: row.work(A.baselineWork) || undefined };
    if (b0.start || b0.finish || b0.cost !== undefined || b0.work !== undefined) baselines.push(b0);
    for (let n = 1; n <= 10; n++) {
      const at = A_BASELINE_N + (n - 1) * 9;
      const bn: MspdiBaseline = { number: n, work: row.work(at) || undefined, cost: row.money(at + 1) || undefined, start: row.date(at + 6), finish: row.date(at + 7) };
      if (bn.start || bn.finish || bn.cost !== undefined || bn.work !== undefined) baselines.push(bn);
    }
    const start = row.date(A.start);
    const finish = row.date(A.finish);
    const actualWork = row.work(A.actualWork) ?? 0;
    const remainingWork = row.work(A.remainingWork) ?? 0;
    let actualStart: string | undefined;
    let actualFinish: string | undefined;
    if (!task.duration) {
      actualStart = task.actualStart ? start : undefined;
      actualFinish = task.actualFinish ? finish : undefined;
    } else {
      actualFinish = task.actualStart && remainingWork === 0 && resourceUid !== -65535 ? finish : undefined;
      actualStart = actualFinish || actualWork > 0 ? start : undefined;
    }
    const units = row.money(A.units);
    const assignment: MspdiAssignment = {
      uid,
      taskUid,
      resourceUid,
      // Stored in hundredths of a percent (10000 = 100 %); MSPDI writes the fraction (1 = 100 %).
      units: units === undefined ? undefined : units / 100,
      start,
      finish,
      actualStart,
      actualFinish,
      work: row.work(A.work),
      actualWork,
      remainingWork,
      cost: row.money(A.cost),
      actualCost: row.money(A.actualCost),
      remainingCost: row.money(A.remainingCost),
      bcws: row.money(A.bcws),
      bcwp: row.money(A.bcwp),
      acwp: row.money(A.acwp),
      costRateTable: row.short(A_COST_RATE_TABLE),
      baselines,
      timephased: timephasedOf(row),
    };
    out.push(assignment);
    // No actual work to spread (below a minute is noise, as cost resources store): no blocks to decode.
    if (b.actualWork && actualWork > 0) {
      const regular = row.raw(A_TP_ACTUAL_WORK);
      const overtime = row.raw(A_TP_ACTUAL_OVERTIME_WORK);
      if (regular || overtime) b.actualWork.push({ assignment, regular, overtime });
    }
  }
  return out;
}

function timephasedOf(row: Row): MspdiTimephased[] {
  const out: MspdiTimephased[] = [];
  baselineTimephased(row.raw(A_TP_BASELINE), 4, false, out);
  baselineTimephased(row.raw(A_TP_BASELINE + 1), 5, true, out);
  for (let n = 1; n <= 10; n++) {
    const at = A_TP_BASELINE_N + (n - 1) * 9;
    baselineTimephased(row.raw(at), 16 + 6 * (n - 1), false, out);
    baselineTimephased(row.raw(at + 1), 17 + 6 * (n - 1), true, out);
  }
  return out;
}
