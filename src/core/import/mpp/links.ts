/**
 * Task links (storage TBkndCons) → `MspdiLink` on the successor. Each link is a 20-byte record
 * located through FixedMeta (10-byte items; a non-zero short at 0 marks a deleted link):
 *
 *   0 link unique ID (records with an ID not above the previous one are stale copies)
 *   4 predecessor task unique ID, 8 successor task unique ID
 *   12 type (0 FF, 1 FS, 2 SF, 3 SS: MSPDI's numbering)
 *   lag (i32, tenths of a minute) and lag format (u16, MSPDI's LagFormat codes): at 16 and 14,
 *   except in MPP14 files written by Project 2013 or later, where they sit at 14 and 18.
 */
import type { MspdiTask } from '../mspdi/document';
import { readFixedData, type FixedMeta } from './blocks';

export function readLinks(meta: FixedMeta, data: Uint8Array, tasks: MspdiTask[], lateLayout: boolean): number {
  const fixed = readFixedData(meta, data, 0, 20);
  const byUid = new Map<number, MspdiTask>();
  for (const t of tasks) if (t.uid !== undefined && !t.isNull) byUid.set(t.uid, t);
  const lagAt = lateLayout ? 14 : 16;
  const formatAt = lateLayout ? 18 : 14;
  const b = fixed.bytes;
  let last = -1;
  let count = 0;
  for (let i = 0; i < meta.count; i++) {
    if (meta.bytes.u16(16 + i * meta.itemSize) !== 0) continue;
    const s = fixed.starts[i];
    if (s < 0 || fixed.lengths[i] < 14) continue;
    const id = b.i32(s);
    if (id <= last) continue;
    last = id;
    const pred = b.i32(s + 4);
    const succ = b.i32(s + 8);
    if (pred === succ) continue;
    const successor = byUid.get(succ);
    if (!successor || !byUid.has(pred)) continue;
    const type = b.u16(s + 12);
    successor.predecessors.push({
      predecessorUid: pred,
      type: type <= 3 ? type : 1,
      linkLag: fixed.lengths[i] >= lagAt + 4 ? b.i32(s + lagAt) : 0,
      // The high bits carry display flags (estimated "?"); the low five are the unit.
      lagFormat: fixed.lengths[i] >= formatAt + 2 ? b.u16(s + formatAt) & 0x1f || 7 : 7,
      crossProject: false,
    });
    count++;
  }
  return count;
}
