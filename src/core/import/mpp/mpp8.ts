/**
 * Project 98 (MPP8) tasks and links. MPP8 has no field map: each task is a fixed 316-byte record
 * (366 in some files) in "TBkndTask/FixFix   0", its name a chained value in "FixDeferFix   0";
 * links are 36-byte records in "TBkndCons/FixFix   0". Offsets learned from MPXJ's MPP8 reader:
 *
 *   task: 0 unique ID (< 1: unused row), 4 ID, 8 bit 0x01 blank row, 12 bit 0x01 milestone,
 *   20 finish, 48 outline level, 68/72/74/78/82 duration, its unit, actual, remaining and
 *   baseline duration (tenths of a minute), 88 constraint type, 96 start, 104/108 actual
 *   start/finish, 112/116 baseline start/finish, 120 constraint date, 130/132 % complete and
 *   % work complete, 168/174/180/186 work, baseline, actual and remaining work and 222/228/234/
 *   240/246 cost, fixed, actual, remaining and baseline cost (6-byte integers: thousandths of a
 *   minute, hundredths), 264 name (var data), 272 deletion flags.
 *   link: 12 predecessor and 16 successor unique IDs, 20 type, 22 lag unit, 24 lag, 28 non-zero
 *   when deleted.
 * Calendars, resources, assignments and the Props8 settings are not read from MPP8 yet; the
 * mapping then uses MS Project's standard calendar and an 8-hour day.
 */
import type { MspdiBaseline, MspdiTask } from '../mspdi/document';
import { Bytes, utf16String } from './blocks';
import { numberOutline } from './tasks';
import { timestampAt } from './values';

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

export function readMpp8Tasks(fixFix: Uint8Array, deferFix: Uint8Array | undefined): MspdiTask[] {
  const size = fixFix.length % 316 === 0 ? 316 : 366;
  const b = new Bytes(fixFix);
  const vars = deferFix ? new Bytes(deferFix) : undefined;
  const tasks: MspdiTask[] = [];
  for (let o = 0; o + size <= b.length; o += size) {
    const uid = b.i32(o);
    if (uid < 1) continue;
    const deleted = b.u16(o + 272);
    if ((deleted & 0xc0) === 0 && (deleted & 0x03) !== 0) continue;
    const id = b.i32(o + 4);
    if (b.u8(o + 8) & 0x01) {
      tasks.push({ uid, id, isNull: true, summary: false, milestone: false, external: false, isSubproject: false, active: true, predecessors: [], baselines: [], custom: [] });
      continue;
    }
    const nameBytes = vars ? deferred(vars, -1 - b.i32(o + 264)) : undefined;
    const hours = (at: number) => b.i32(o + at) / 600;
    const work = (at: number) => long6(b, o + at) / 60000;
    const money = (at: number) => long6(b, o + at) / 100;
    const baseline: MspdiBaseline = { number: 0, start: timestampAt(b, o + 112), finish: timestampAt(b, o + 116), duration: hours(82) || undefined, cost: money(246) || undefined, work: work(174) || undefined };
    tasks.push({
      uid,
      id,
      name: nameBytes ? utf16String(nameBytes, 0, nameBytes.length) || undefined : undefined,
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
