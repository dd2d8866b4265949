/**
 * A resource's cost rate tables A–E in an MPP9/MPP12/MPP14 file → MSPDI `Rate` records.
 *
 * Each table is one var-data value of the resource, under field index 61 + table (61 = A … 65 = E;
 * MPXJ's ResourceField.COST_RATE_A..E, confirmed on mpxj_mpp14costratetable.mpp). Layout (MPXJ's
 * CostRateTableFactory): a 16-byte header, then 44-byte entries:
 *
 *   0  f64 standard rate, per hour whatever unit MS Project shows it in (20/min is 1200)
 *   8  u16 the unit it is shown in (not needed: the model keeps rates per hour, as MSPDI does)
 *   16 f64 overtime rate, per hour;  24 u16 its unit
 *   32 f64 cost per use, in hundredths
 *   40 i32 the entry's last minute, in tenths of a minute since 1983-12-31 (07:59 when the next
 *      entry starts at 08:00); 2049-12-31 23:59 or later means "no end"
 *
 * Only the end of each entry is stored; an entry starts where the previous one ended. Dates come
 * out as MSPDI writes them: RatesTo is the next entry's RatesFrom, and the open ends are MS
 * Project's "NA" dates (1984-01-01 00:00, 2049-12-31 23:59), which the mapping turns into open
 * ends. MS Project leaves table A out when it is the resource's plain Standard Rate, Overtime
 * Rate and Cost/Use (one entry, no end), and a table B–E out when it is all zeros. Bounded: at
 * most the entries the value's length holds, and at most MAX_ENTRIES of them (MS Project allows
 * 25 per table); entries whose end is not after the previous one are skipped.
 */
import type { MspdiRate } from '../mspdi/document';
import { Bytes } from './blocks';
import { money } from './values';
import { fromMinutes, toMinutes } from '../../model/dates';

/** Var-data field index of cost rate table A (B..E follow). */
export const COST_RATE_A = 61;
const HEADER = 16;
const ENTRY = 44;
const MAX_ENTRIES = 64;
/** The file's epoch, and MS Project's "NA" end (2049-12-31 23:59) in tenths of a minute after it. */
const EPOCH = toMinutes('1983-12-31T00:00');
const NA_START = '1984-01-01T00:00';
const NA_END = '2049-12-31T23:59';
const NO_END_TENTHS = (toMinutes(NA_END) - EPOCH) * 10;

/** The entries of one table (in stored order, which is date order), or [] when the value holds none. */
export function readCostRateTable(data: Uint8Array | undefined, table: number): MspdiRate[] {
  if (!data || data.length < HEADER + ENTRY) return [];
  const b = new Bytes(data);
  const out: MspdiRate[] = [];
  // Written as MSPDI writes them: the first entry from MS Project's "NA" start, the last to its "NA" end.
  let from = NA_START;
  for (let o = HEADER; o + ENTRY <= data.length && out.length < MAX_ENTRIES; o += ENTRY) {
    const tenths = b.i32(o + 40);
    const open = tenths >= NO_END_TENTHS;
    // An end with seconds (tenths not whole minutes) marks a slot MS Project left unused (MPXJ skips these too).
    if (tenths <= 0 || (!open && tenths % 10 !== 0)) continue;
    let to = NA_END;
    if (!open) {
      const minute = tenths / 10;
      // The stored minute is the entry's last (07:59); one on a multiple of 5 is already the next entry's first.
      to = fromMinutes(EPOCH + (minute % 5 === 0 ? minute : minute + 1));
      if (to <= from) continue; // out of order: not a real entry
    }
    const standardRate = b.f64(o);
    const overtimeRate = b.f64(o + 16);
    const costPerUse = money(b.f64(o + 32));
    if (!Number.isFinite(standardRate) || !Number.isFinite(overtimeRate) || !Number.isFinite(costPerUse)) continue;
    out.push({ table, from, to, standardRate, overtimeRate, costPerUse });
    if (open) break; // nothing follows an entry without an end
    from = to;
  }
  return out;
}

/**
 * All five tables of a resource, given its var-data values by field index. None stored: [] (the
 * resource has just its Standard Rate). Otherwise every stored table, and table A rebuilt from the
 * resource's own rate fields when MS Project left it out, so the list matches the MSPDI export's.
 */
export function readResourceRates(raw: (index: number) => Uint8Array | undefined, standardRate: number | undefined, overtimeRate: number | undefined, costPerUse: number | undefined): MspdiRate[] {
  const out: MspdiRate[] = [];
  for (let t = 0; t < 5; t++) out.push(...readCostRateTable(raw(COST_RATE_A + t), t));
  if (out.length > 0 && !out.some((r) => r.table === 0)) {
    out.unshift({ table: 0, from: NA_START, to: NA_END, standardRate: standardRate ?? 0, overtimeRate: overtimeRate ?? 0, costPerUse: costPerUse ?? 0 });
  }
  return out;
}
