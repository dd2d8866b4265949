/**
 * Project 98 (MPP8): project settings, calendars, resources, tasks, links and assignments. MPP8
 * has no field map: each table is fixed-size records in "<table>/FixFix   0", with names and other
 * variable values chained in "FixDeferFix   0". Each task is a fixed 316-byte record
 * (366 in some files) in "TBkndTask/FixFix   0", its name a chained value in "FixDeferFix   0";
 * links are 36-byte records in "TBkndCons/FixFix   0". Offsets learned from MPXJ's MPP8 reader:
 *
 *   task: 0 unique ID (< 1: unused row), 4 ID, 8 bit 0x01 blank row, 12 bit 0x01 milestone,
 *   20 finish, 48 outline level, 68/72/74/78/82 duration, its unit, actual, remaining and
 *   baseline duration (tenths of a minute), 88 constraint type, 96 start, 104/108 actual
 *   start/finish, 112/116 baseline start/finish, 120 constraint date, 130/132 % complete and
 *   % work complete, 168/174/180/186 work, baseline, actual and remaining work and 222/228/234/
 *   240/246 cost, fixed, actual, remaining and baseline cost (6-byte integers: thousandths of a
 *   minute, hundredths), 264 name (var data), 272 deletion flags, 312 extended data (key 104:
 *   the WBS code).
 *   link: 12 predecessor and 16 successor unique IDs, 20 type, 22 lag unit, 24 lag, 28 non-zero
 *   when deleted.
 * Calendars, resources and assignments are described where they are read below, and the project
 * Props (Props8) before them. Not read: custom fields (extended data keys 106+), resource codes
 * and groups, notes, time-phased data; Project 98 keeps no assignment baselines.
 */
import type { MspdiAssignment, MspdiBaseline, MspdiCalendar, MspdiException, MspdiResource, MspdiTask, MspdiWorkingDay } from '../mspdi/document';
import { Bytes, Props, utf16String, type PropsEntries } from './blocks';
import { numberOutline } from './tasks';
import { dateAt, timestampAt } from './values';

/** Unsigned 6-byte little-endian integer. */
function long6(b: Bytes, o: number): number {
  if (o < 0 || o + 6 > b.length) return 0;
  return b.u32(o) + b.u16(o + 4) * 2 ** 32;
}

/**
 * A value in FixDeferFix: at `offset`, the next block's offset (-1: none) and the value's size,
 * then 28 bytes; each further block is a next-offset and 32 bytes. Walks are bounded by the
 * stream's block count, so a looping chain ends.
 */
function deferred(data: Bytes, offset: number): Uint8Array | undefined {
  if (offset <= 0 || offset + 8 > data.length) return undefined;
  let next = data.i32(offset);
  const size = data.i32(offset + 4);
  if (size <= 0 || size > data.length) return undefined;
  let p = offset + 8;
  if (next === -1) return p + size <= data.length ? data.data.slice(p, p + size) : undefined;
  const out = new Uint8Array(size);
  let filled = 0;
  let chunk = 28;
  for (let guard = data.length / 32 + 1; next !== -1 && guard > 0; guard--) {
    const n = Math.min(chunk, size - filled);
    if (p + n > data.length) return undefined;
    out.set(data.data.subarray(p, p + n), filled);
    filled += n;
    if (next <= 0 || next + 4 > data.length) return undefined;
    p = next;
    next = data.i32(p);
    p += 4;
    chunk = 32;
  }
  const rest = size - filled;
  if (rest < 0 || p + rest > data.length) return undefined;
  out.set(data.data.subarray(p, p + rest), filled);
  return out;
}

const TASK_WBS = 104;

export function readMpp8Tasks(fixFix: Uint8Array, deferFix: Uint8Array | undefined): MspdiTask[] {
  const size = fixFix.length % 316 === 0 ? 316 : 366;
  const b = new Bytes(fixFix);
  const vars = deferFix ? new Bytes(deferFix) : undefined;
  const tasks: MspdiTask[] = [];
  for (let o = 0; o + size <= b.length; o += size) {
    const uid = b.i32(o);
    if (uid < 1) continue;
    // Deletion flags: rows seen deleted carry 0x0001/0x0002; 0x0031 and 0x203D are live rows (MPXJ).
    const deleted = b.u16(o + 272);
    if ((deleted & 0xc0) === 0 && (deleted & 0x03) !== 0 && deleted !== 0x0031 && deleted !== 0x203d) continue;
    const id = b.i32(o + 4);
    if (b.u8(o + 8) & 0x01) {
      tasks.push({ uid, id, isNull: true, summary: false, milestone: false, external: false, isSubproject: false, active: true, predecessors: [], baselines: [], custom: [] });
      continue;
    }
    const nameBytes = vars ? deferred(vars, -1 - b.i32(o + 264)) : undefined;
    // The WBS code is an extended-data field (key 104, a deferred string), kept as typed.
    const wbsRef = vars ? extendedData(vars, -1 - b.i32(o + 312)).get(TASK_WBS) : undefined;
    const wbsBytes = vars && wbsRef && wbsRef.length >= 4 ? deferred(vars, -1 - new Bytes(wbsRef).i32(0)) : undefined;
    const hours = (at: number) => b.i32(o + at) / 600;
    const work = (at: number) => long6(b, o + at) / 60000;
    const money = (at: number) => long6(b, o + at) / 100;
    const baseline: MspdiBaseline = { number: 0, start: timestampAt(b, o + 112), finish: timestampAt(b, o + 116), duration: hours(82) || undefined, cost: money(246) || undefined, work: work(174) || undefined };
    tasks.push({
      uid,
      id,
      name: nameBytes ? utf16String(nameBytes, 0, nameBytes.length) || undefined : undefined,
      wbs: wbsBytes ? utf16String(wbsBytes, 0, wbsBytes.length) || undefined : undefined,
      outlineLevel: b.u16(o + 48),
      isNull: false,
      summary: false,
      milestone: (b.u8(o + 12) & 0x01) !== 0,
      external: false,
      isSubproject: false,
      active: true,
      start: timestampAt(b, o + 96),
      finish: timestampAt(b, o + 20),
      actualStart: timestampAt(b, o + 104),
      actualFinish: timestampAt(b, o + 108),
      duration: hours(68),
      actualDuration: hours(74),
      remainingDuration: hours(78),
      percentComplete: b.u16(o + 130),
      percentWorkComplete: b.u16(o + 132),
      physicalPercentComplete: 0,
      cost: money(222),
      fixedCost: money(228),
      actualCost: money(234),
      remainingCost: money(240),
      work: work(168),
      actualWork: work(180),
      remainingWork: work(186),
      constraintType: b.u16(o + 88),
      constraintDate: timestampAt(b, o + 120),
      predecessors: [],
      baselines: baseline.start || baseline.finish || baseline.cost !== undefined || baseline.work !== undefined || baseline.duration !== undefined ? [baseline] : [],
      custom: [],
    });
  }
  tasks.sort((x, y) => (x.id ?? 0) - (y.id ?? 0));
  numberOutline(tasks);
  return tasks;
}

export function readMpp8Links(fixFix: Uint8Array, tasks: MspdiTask[]): void {
  const b = new Bytes(fixFix);
  const byUid = new Map<number, MspdiTask>();
  for (const t of tasks) if (!t.isNull && t.uid !== undefined) byUid.set(t.uid, t);
  for (let o = 0; o + 36 <= b.length; o += 36) {
    if (b.i32(o + 28) !== 0) continue;
    const pred = b.i32(o + 12);
    const succ = b.i32(o + 16);
    const successor = byUid.get(succ);
    if (pred === succ || !successor || !byUid.has(pred)) continue;
    const type = b.u16(o + 20);
    successor.predecessors.push({ predecessorUid: pred, type: type <= 3 ? type : 1, linkLag: b.i32(o + 24), lagFormat: b.u16(o + 22) & 0x1f || 7, crossProject: false });
  }
}

// ---------------------------------------------------------------- Props8

/**
 * Project 98's project Props ("   1/Props"): a 16-byte header with the entry count (u16) at 12,
 * then per entry: i32 size-if-inline, i32 key (its third byte 64 means "inline"), i32 size
 * otherwise (65536: 4 bytes), the value, padded to 2. An entry whose size cannot be told ends
 * the walk (the rest of the block is not understood; the values read so far stand).
 * Same keys as later versions (./project.ts `P`), so `readProject` reads it as it reads Props9+.
 */
export class Props8 extends Props {
  constructor(data: Uint8Array) {
    super(new Bytes(data), props8Entries);
  }
}

function props8Entries(b: Bytes): PropsEntries {
  const map: PropsEntries = new Map();
  const count = b.u16(12);
  let p = 16;
  for (let i = 0; i < count && p + 12 <= b.length; i++) {
    const inline = b.i32(p);
    const key = b.i32(p + 4);
    const other = b.i32(p + 8);
    let size = b.u8(p + 6) === 64 ? inline : other;
    if (other === 65536) size = 4;
    p += 12;
    if (size <= 0 || p + size > b.length) break;
    map.set(key, [p, size]);
    p += size + (size & 1);
  }
  return map;
}

// ---------------------------------------------------------------- extended data

/**
 * A record's "extended data" in FixDeferFix: a deferred value holding (i32 size, i32 key, bytes)
 * items, each key a further field (for calendars, key 8 points at the week and exceptions).
 */
function extendedData(vars: Bytes, offset: number): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  const data = deferred(vars, offset);
  if (!data) return out;
  const b = new Bytes(data);
  for (let p = 0; p + 8 <= data.length; ) {
    const size = b.i32(p);
    const key = b.i32(p + 4);
    p += 8;
    if (size < 0 || p + size > data.length) break;
    out.set(key, data.subarray(p, p + size));
    p += size;
  }
  return out;
}

const deferredOffset = (b: Bytes, o: number) => -1 - b.i32(o);
const deferredText = (vars: Bytes | undefined, b: Bytes, o: number): string | undefined => {
  const v = vars ? deferred(vars, deferredOffset(b, o)) : undefined;
  return v ? utf16String(v, 0, v.length) || undefined : undefined;
};

// ---------------------------------------------------------------- calendars

/** Project 98's built-in week, used for days (and calendars) flagged "default": Monday to Friday 08:00–12:00, 13:00–17:00. */
const STANDARD_DAY: [number, number][] = [
  [480, 720],
  [780, 1020],
];

function ranges(b: Bytes, count: number, startsAt: number, lengthsAt: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < Math.min(count, 4); i++) {
    const start = Math.floor(b.u16(startsAt + i * 2) / 10);
    out.push([start, Math.min(1440, start + Math.round(b.u16(lengthsAt + i * 4) / 10))]);
  }
  return out;
}

export interface Mpp8Calendars {
  calendars: MspdiCalendar[];
  /** Calendar IDs as the resource records name them. */
  ids: Set<number>;
}

/**
 * Calendars: 36-byte records in "TBkndCal/FixFix   0": 0 calendar ID (< 0: unused), 4 base
 * calendar ID (> 0: a derived calendar, e.g. a resource's), 20 the name and 32 the extended data
 * (deferred values). Extended key 8 points at the week: u16 exception count at 0, then 7 × 40
 * bytes from 4, Sunday first (u16 flag, 1 = default; u16 range count; up to 4 starts (u16, tenths
 * of a minute after midnight) at 8 and lengths (tenths of a minute, 4 bytes apart) at 16), then
 * 44-byte exceptions (from/to dates at 0/2, range count at 6, starts at 12, lengths at 20). No key
 * 8: a base calendar is MS Project's standard week, a derived one inherits every day.
 */
export function readMpp8Calendars(fixFix: Uint8Array, deferFix: Uint8Array | undefined): Mpp8Calendars {
  const b = new Bytes(fixFix);
  const vars = deferFix ? new Bytes(deferFix) : undefined;
  const calendars: MspdiCalendar[] = [];
  const ids = new Set<number>();
  for (let o = 0; o + 36 <= b.length; o += 36) {
    const uid = b.i32(o);
    if (uid <= 0 || ids.has(uid)) continue;
    ids.add(uid);
    const baseUid = b.i32(o + 4);
    const isBase = baseUid <= 0;
    const cal: MspdiCalendar = { uid, name: isBase ? deferredText(vars, b, o + 20) : undefined, isBase, baseUid: isBase ? undefined : baseUid, weekDays: [], exceptions: [], workWeeks: [] };
    const ext = vars ? extendedData(vars, deferredOffset(b, o + 32)) : new Map<number, Uint8Array>();
    const key8 = ext.get(8);
    const week = vars && key8 && key8.length >= 4 ? deferred(vars, -1 - new Bytes(key8).i32(0)) : undefined;
    const standard = (d: number): MspdiWorkingDay => (d >= 1 && d <= 5 ? { dayType: d + 1, working: true, times: STANDARD_DAY } : { dayType: d + 1, working: false, times: [] });
    if (!week) {
      if (isBase) cal.weekDays = Array.from({ length: 7 }, (_, d) => standard(d));
    } else {
      const w = new Bytes(week);
      for (let d = 0; d < 7; d++) {
        const at = 4 + 40 * d;
        if (at + 40 > w.length) break;
        if (w.u16(at) === 1) {
          if (isBase) cal.weekDays.push(standard(d));
          continue;
        }
        const times = ranges(w, w.u16(at + 2), at + 8, at + 16);
        cal.weekDays.push({ dayType: d + 1, working: times.length > 0, times });
      }
      const count = w.u16(0);
      for (let i = 0; i < count; i++) {
        const at = 4 + 280 + 44 * i;
        if (at + 44 > w.length) break;
        const fromDay = dateAt(w, at)?.slice(0, 10);
        const toDay = dateAt(w, at + 2)?.slice(0, 10);
        if (!fromDay || !toDay) continue;
        const times = ranges(w, w.u16(at + 6), at + 12, at + 20);
        const x: MspdiException = { from: `${fromDay}T00:00`, to: `${toDay}T23:59`, type: 1, period: 1, working: times.length > 0, times, enteredByOccurrences: false };
        cal.exceptions.push(x);
      }
    }
    calendars.push(cal);
  }
  return { calendars, ids };
}

// ---------------------------------------------------------------- resources

/**
 * Resources: 196-byte records in "TBkndRsc/FixFix   0": 0 unique ID (< 1: unused), 4 ID, 8 bit
 * 0x01 blank row, 24 calendar ID, 36/44 standard/overtime rate (f64, per hour), 68 baseline
 * work and 80 cost per use and 126 baseline cost (6-byte integers as for tasks), 156 name, 160
 * initials (deferred values), 164 non-zero when deleted. Project 98 has work resources only.
 */
export function readMpp8Resources(fixFix: Uint8Array, deferFix: Uint8Array | undefined, calendarIds: Set<number>): MspdiResource[] {
  const b = new Bytes(fixFix);
  const vars = deferFix ? new Bytes(deferFix) : undefined;
  const out: MspdiResource[] = [];
  const seen = new Set<number>();
  for (let o = 0; o + 196 <= b.length; o += 196) {
    const uid = b.i32(o);
    if (uid < 1 || seen.has(uid) || b.u8(o + 8) & 0x01 || b.u16(o + 164) !== 0) continue;
    seen.add(uid);
    const calendar = b.i32(o + 24);
    const rate = (at: number) => {
      const v = b.f64(o + at);
      return Number.isFinite(v) ? v : undefined;
    };
    const baseline: MspdiBaseline = { number: 0, work: long6(b, o + 68) / 60000 || undefined, cost: long6(b, o + 126) / 100 || undefined };
    out.push({
      uid,
      id: b.i32(o + 4),
      name: deferredText(vars, b, o + 156),
      type: 1,
      isCostResource: false,
      isBudget: false,
      initials: deferredText(vars, b, o + 160),
      standardRate: rate(36),
      overtimeRate: rate(44),
      costPerUse: long6(b, o + 80) / 100,
      // No cost rate tables are read from Project 98: table A comes from the three fields above (mspdi/map.ts).
      rates: [],
      calendarUid: calendarIds.has(calendar) ? calendar : undefined,
      baselines: baseline.work !== undefined || baseline.cost !== undefined ? [baseline] : [],
    });
  }
  return out;
}

// ---------------------------------------------------------------- assignments

/**
 * Assignments: 204-byte records in "TBkndAssn/FixFix   0" (238 in some files: the size that
 * divides the stream, and when both do, the one whose records name known tasks): 0 unique ID, 16
 * task and 20 resource unique IDs, 24/28 start/finish, 80 units (u16, hundredths of a percent), 84 work, 96
 * actual work, 114 remaining work (6-byte thousandths of a minute), 132 cost, 138 actual cost
 * (6-byte hundredths), byte 168 = 2 when deleted. Project 98 keeps no assignment baselines.
 */
const UNASSIGNED = -65535;

export function readMpp8Assignments(fixFix: Uint8Array, tasks: MspdiTask[], resources: MspdiResource[]): MspdiAssignment[] {
  const b = new Bytes(fixFix);
  const taskByUid = new Map<number, MspdiTask>();
  for (const t of tasks) if (!t.isNull && t.uid !== undefined) taskByUid.set(t.uid, t);
  const resourceUids = new Set(resources.map((r) => r.uid));
  const namesKnown = (size: number) => {
    for (let o = 0; o + size <= b.length; o += size) if (taskByUid.has(b.i32(o + 16)) || resourceUids.has(b.i32(o + 20))) return true;
    return false;
  };
  const size = b.length % 204 === 0 && (b.length % 238 !== 0 || namesKnown(204)) ? 204 : b.length % 238 === 0 ? 238 : 204;
  const out: MspdiAssignment[] = [];
  const seen = new Set<string>();
  for (let o = 0; o + size <= b.length; o += size) {
    if (b.u8(o + 168) === 0x02) continue;
    const taskUid = b.i32(o + 16);
    const resourceUid = b.i32(o + 20);
    const task = taskByUid.get(taskUid);
    // -65535 is MS Project's "unassigned" resource: the row that carries a task's work when no one is assigned (MSPDI writes it too).
    if (!task || !(resourceUids.has(resourceUid) || resourceUid === UNASSIGNED)) continue;
    const key = `${taskUid}/${resourceUid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const work = long6(b, o + 84) / 60000;
    const actualWork = long6(b, o + 96) / 60000;
    const remainingWork = long6(b, o + 114) / 60000;
    const cost = long6(b, o + 132) / 100;
    const actualCost = long6(b, o + 138) / 100;
    const start = timestampAt(b, o + 24);
    const finish = timestampAt(b, o + 28);
    out.push({
      uid: b.i32(o),
      taskUid,
      resourceUid,
      // Hundredths of a percent (10000 = 100 %); MSPDI writes the fraction (1 = 100 %).
      units: b.u16(o + 80) / 10000,
      start,
      finish,
      actualStart: actualWork > 0 || (task.actualStart && remainingWork === 0) ? start : undefined,
      actualFinish: task.actualStart && remainingWork === 0 && actualWork > 0 ? finish : undefined,
      work,
      actualWork,
      remainingWork,
      cost,
      actualCost,
      baselines: [],
      timephased: [],
    });
  }
  return out;
}
