/**
 * Caps on the text a schedule file may bring in. Names, codes and notes are copied into every
 * report, breakdown row, chart label and stored document, so one 50 MB project name in a crafted
 * or damaged file became "Invalid string length" far downstream (the analysis JSON alone grew
 * three times the name). No real schedule has a 500-character activity name, so longer text is cut
 * here, once, for every format, with one warning per kind of field saying how many were cut, the
 * cap, and where the first one was.
 *
 * Identifiers (`id`, and the references to them, such as an activity's code value ids) are not cut: cutting two long ids to the same
 * prefix would silently merge two records. Readers already number their records.
 */
import type { ImportWarning, Schedule } from '../model/schedule';
import type { ProjectSummary } from './types';

/** Longest names and titles kept (activity, WBS, calendar, resource, project names…). */
export const MAX_NAME_CHARS = 500;
/** Longest codes kept (activity IDs, WBS codes, resource codes, code values, currencies, units). */
export const MAX_CODE_CHARS = 100;
/** Longest free text kept (descriptions, user-defined text fields). */
export const MAX_NOTE_CHARS = 4000;
/** Longest reader warning kept: a warning quotes file content, so it is capped too. */
export const MAX_WARNING_CHARS = 2000;

interface Tally {
  max: number;
  count: number;
  longest: number;
  firstWhere: string;
}

/** Cuts over-long text in place and appends a warning per kind of field that was cut. */
export function capScheduleText(s: Schedule): void {
  const cut = new Map<string, Tally>();
  const cap = (value: string, max: number, field: string, where: string): string => {
    if (value.length <= max) return value;
    const t = cut.get(field);
    if (t) {
      t.count++;
      t.longest = Math.max(t.longest, value.length);
    } else cut.set(field, { max, count: 1, longest: value.length, firstWhere: where });
    return `${value.slice(0, max - 1)}…`;
  };
  const capOpt = (value: string | undefined, max: number, field: string, where: string) => (value === undefined ? undefined : cap(value, max, field, where));

  const p = s.project;
  const projectWhere = `project ${short(p.id)}`;
  p.name = cap(p.name, MAX_NAME_CHARS, 'project name', projectWhere);
  if (p.code !== undefined) p.code = cap(p.code, MAX_CODE_CHARS, 'project code', projectWhere);
  p.currency = cap(p.currency, MAX_CODE_CHARS, 'currency', projectWhere);

  for (const w of s.wbs) {
    w.code = cap(w.code, MAX_CODE_CHARS, 'WBS code', `WBS element ${short(w.id)}`);
    const where = `WBS element ${short(w.code || w.id)}`;
    w.name = cap(w.name, MAX_NAME_CHARS, 'WBS name', where);
    if (w.controlAccount !== undefined) w.controlAccount = cap(w.controlAccount, MAX_CODE_CHARS, 'control account', where);
  }
  for (const a of s.activities) {
    a.code = cap(a.code, MAX_CODE_CHARS, 'activity ID', `activity ${short(a.id)}`);
    const where = `activity ${short(a.code || a.id)}`;
    a.name = cap(a.name, MAX_NAME_CHARS, 'activity name', where);
    if (a.controlAccount !== undefined) a.controlAccount = cap(a.controlAccount, MAX_CODE_CHARS, 'control account', where);
    if (a.udf) for (const k in a.udf) {
      const v = a.udf[k];
      if (typeof v === 'string') a.udf[k] = cap(v, MAX_NOTE_CHARS, 'user-defined field', where);
    }
    if (a.constraint) a.constraint.type = cap(a.constraint.type, MAX_CODE_CHARS, 'constraint type', where);
  }
  for (const c of s.calendars) {
    const where = `calendar ${short(c.id)}`;
    c.name = cap(c.name, MAX_NAME_CHARS, 'calendar name', where);
    for (const x of c.exceptions) if (x.name !== undefined) x.name = cap(x.name, MAX_NAME_CHARS, 'calendar exception name', `${where}, ${x.date}`);
  }
  for (const r of s.resources) {
    r.code = cap(r.code, MAX_CODE_CHARS, 'resource code', `resource ${short(r.id)}`);
    const where = `resource ${short(r.code || r.id)}`;
    r.name = cap(r.name, MAX_NAME_CHARS, 'resource name', where);
    r.unit = capOpt(r.unit, MAX_CODE_CHARS, 'resource unit', where);
  }
  for (const t of s.codeTypes) {
    const where = `code type ${short(t.id)}`;
    t.name = cap(t.name, MAX_NAME_CHARS, 'code type name', where);
    for (const k in t.values) {
      const v = t.values[k];
      v.code = cap(v.code, MAX_CODE_CHARS, 'code value', where);
      v.description = capOpt(v.description, MAX_NAME_CHARS, 'code value description', where);
    }
  }
  for (const sn of s.snapshots) sn.label = capOpt(sn.label, MAX_NAME_CHARS, 'status snapshot label', `snapshot ${short(sn.id)}`);
  for (const b of s.baselines) b.name = cap(b.name, MAX_NAME_CHARS, 'baseline name', `baseline ${short(b.id)}`);
  for (const co of s.changeOrders) {
    const where = `change order ${short(co.id)}`;
    co.title = cap(co.title, MAX_NAME_CHARS, 'change order title', where);
    co.description = capOpt(co.description, MAX_NOTE_CHARS, 'change order description', where);
  }

  if (!s.source) return;
  s.source.fileName = capOpt(s.source.fileName, MAX_NAME_CHARS, 'file name', 'the file');
  s.source.application = capOpt(s.source.application, MAX_NAME_CHARS, 'application name', 'the file');
  const warnings = s.source.warnings;
  for (const w of warnings) capWarning(w);
  for (const [field, t] of cut) {
    const max = t.max;
    warnings.push({
      message: `${t.count.toLocaleString('en-GB')} ${field}${t.count === 1 ? ' was' : 's were'} longer than ${max.toLocaleString('en-GB')} characters (up to ${t.longest.toLocaleString('en-GB')}) and ${t.count === 1 ? 'was' : 'were'} cut to ${max.toLocaleString('en-GB')}, first at ${t.firstWhere}. Shorten ${t.count === 1 ? 'it' : 'them'} in the scheduling tool if the full text matters.`,
      where: t.firstWhere,
    });
  }
}

/** The project list of a file (for the "which project?" chooser) under the same caps. */
export function capProjectSummaries(projects: ProjectSummary[]): void {
  for (const p of projects) {
    if (p.name.length > MAX_NAME_CHARS) p.name = `${p.name.slice(0, MAX_NAME_CHARS - 1)}…`;
    if (p.code !== undefined && p.code.length > MAX_CODE_CHARS) p.code = `${p.code.slice(0, MAX_CODE_CHARS - 1)}…`;
  }
}

function capWarning(w: ImportWarning): void {
  if (w.message.length > MAX_WARNING_CHARS) w.message = `${w.message.slice(0, MAX_WARNING_CHARS - 1)}…`;
  if (w.where !== undefined && w.where.length > MAX_NAME_CHARS) w.where = `${w.where.slice(0, MAX_NAME_CHARS - 1)}…`;
}

/** An id as a place in a message: whole when short, else its start (ids are never cut in the data). */
function short(id: string): string {
  return id.length > 40 ? `${id.slice(0, 39)}…` : id;
}
