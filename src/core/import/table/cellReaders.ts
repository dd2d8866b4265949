/**
 * Reading a mapped cell as the value its field needs, or saying why it cannot be read. Each
 * reader returns `{ ok: value }`, `{ blank: true }` or `{ error: "is not a number" }`; the
 * builders turn errors into row-numbered warnings.
 */
import type { ActivityType, EvTechnique, PercentCompleteType } from '../../model/schedule';
import type { ColumnProposal } from './mapper';
import { isBlank, type CellValue } from './sheet';
import { booleanOfCell, dateOfCell, durationHours, excelSerialToDate, isPlausibleSerial, numberOfCell, parseDurationCell, type DateOrder, type ParsedDate } from './values';

export type Read<T> = { ok: T } | { blank: true } | { error: string };

export const blank = { blank: true } as const;

export function readNumber(v: CellValue): Read<number> {
  if (isBlank(v)) return blank;
  const n = numberOfCell(v);
  if (!n) return { error: 'is not a number' };
  return { ok: n.percent ? n.value / 100 : n.value };
}

/** Hours or quantities: plain numbers, or work written with its unit ("96 hrs", "2 days"). */
export function readUnits(v: CellValue, hoursPerDay: number): Read<number> {
  if (isBlank(v)) return blank;
  const n = numberOfCell(v);
  if (n && !n.percent) return { ok: n.value };
  const d = parseDurationCell(v);
  if (d && d.unit) return { ok: durationHours(d.value, d.unit, hoursPerDay) };
  return { error: 'is not a number' };
}

export function readDate(v: CellValue, order: DateOrder): Read<ParsedDate> {
  if (isBlank(v)) return blank;
  const d = dateOfCell(v, { order, serials: true });
  if (d) return { ok: d };
  if (typeof v === 'string') {
    const n = numberOfCell(v);
    if (n && !n.percent && isPlausibleSerial(n.value)) {
      const s = excelSerialToDate(n.value);
      if (s) return { ok: { date: s, hasTime: !s.endsWith('T00:00') } };
    }
  }
  return { error: order === 'dmy' ? 'is not a date (expected e.g. 31/03/2025 or 2025-03-31)' : 'is not a date (expected e.g. 03/31/2025 or 2025-03-31)' };
}

/** A fraction 0..1 from "45%", 45 (percent scale) or 0.45 (fraction scale). */
export function readPercent(v: CellValue, col: ColumnProposal): Read<number> {
  if (isBlank(v)) return blank;
  const n = numberOfCell(v);
  if (!n) return { error: 'is not a percentage' };
  return { ok: n.percent || col.percentScale === 'percent' ? n.value / 100 : n.value };
}

/** Working hours, from the value's own unit or the column's. */
export function readDuration(v: CellValue, col: ColumnProposal, hoursPerDay: number): Read<number> {
  if (isBlank(v)) return blank;
  const d = parseDurationCell(v);
  if (!d) return { error: 'is not a duration (expected e.g. 10, 10d or 80h)' };
  return { ok: durationHours(d.value, d.unit ?? col.durationUnit ?? 'days', hoursPerDay) };
}

export function readText(v: CellValue): string {
  if (isBlank(v)) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (v instanceof Date) return dateOfCell(v)?.date ?? '';
  return String(v).trim();
}

/** Activity types as P6, MS Project, Asta and templates write them; yes/no under a "Milestone" header. */
export function readActivityType(v: CellValue, header: string): Read<ActivityType> {
  if (isBlank(v)) return blank;
  const b = typeof v === 'string' && /^(?:yes|no|y|n|true|false)$/i.test(v.trim()) ? booleanOfCell(v) : typeof v === 'boolean' ? v : null;
  if (b !== null) {
    if (/summary/i.test(header)) return { ok: b ? 'summary' : 'task' };
    if (/mile|ms\b/i.test(header)) return { ok: b ? 'finish-milestone' : 'task' };
    return { error: 'is yes/no, but the header does not say of what (milestone? summary?)' };
  }
  const s = String(v).trim().toLowerCase();
  if (/^tt_mile$|start\s*milestone|milestone\s*\(start\)|^start$/.test(s)) return { ok: 'start-milestone' };
  if (/^tt_finmile$|finish\s*milestone|milestone\s*\(finish\)|^finish$|^(?:milestone|ms|mile|key date)$/.test(s)) return { ok: 'finish-milestone' };
  if (/^tt_loe$|level\s*of\s*effort|^loe$|hammock/.test(s)) return { ok: 'level-of-effort' };
  if (/^tt_wbs$|wbs\s*summary|^summary|^tt_summary/.test(s)) return { ok: 'summary' };
  if (/^tt_(?:task|rsrc)$|task|activity|normal|resource\s*dependent|fixed|work\s*package|deliverable/.test(s)) return { ok: 'task' };
  return { error: 'is not an activity type (Task, Start Milestone, Finish Milestone, Level of Effort, WBS Summary)' };
}

export type Status = 'not-started' | 'in-progress' | 'complete';

export function readStatus(v: CellValue): Read<Status> {
  if (isBlank(v)) return blank;
  const s = String(v).trim().toLowerCase();
  if (/^(?:tk_notstart|not\s*started|planned|open|0\b)/.test(s)) return { ok: 'not-started' };
  if (/^(?:tk_active|in\s*progress|started|active|ongoing|on\s*hold|suspended|1\b)/.test(s)) return { ok: 'in-progress' };
  if (/^(?:tk_complete|complete|completed|finished|done|closed|2\b)/.test(s)) return { ok: 'complete' };
  return { error: 'is not a status (Not Started, In Progress, Completed)' };
}

export function readPctType(v: CellValue): Read<PercentCompleteType> {
  if (isBlank(v)) return blank;
  const s = String(v).trim().toLowerCase();
  if (/phys/.test(s)) return { ok: 'physical' };
  if (/dur|drtn/.test(s)) return { ok: 'duration' };
  if (/unit|work/.test(s)) return { ok: 'units' };
  return { error: 'is not a % complete type (Physical, Duration, Units)' };
}

export function readEvTechnique(v: CellValue): Read<EvTechnique> {
  if (isBlank(v)) return blank;
  const s = String(v).trim().toLowerCase();
  const m = /^(\d{1,3})\s*[/-]\s*(\d{1,3})$/.exec(s);
  if (m && Number(m[1]) + Number(m[2]) === 100) return { ok: { kind: 'fixed', startShare: Number(m[1]) / 100 } };
  if (/level\s*of\s*effort|^loe$/.test(s)) return { ok: { kind: 'level-of-effort' } };
  if (/%|percent|physical|^pc$|units\s*complete|equivalent\s*units/.test(s)) return { ok: { kind: 'percent-complete' } };
  if (/milestone|^wm$/.test(s)) return { error: 'is weighted milestones, but the table does not list the milestones and weights; percent complete is used instead' };
  if (/apportion|^ae$/.test(s)) return { error: 'is apportioned effort, but the table does not say its base activities; percent complete is used instead' };
  return { error: 'is not an earned value technique (0/100, 50/50, % Complete, LOE)' };
}
