/**
 * Building a canonical schedule from a mapped activity table.
 *
 * Every data row becomes an activity, or, when it is a summary row of an outline (MS Project's
 * outline numbers), a WBS element; total rows are left out because their figures would count
 * twice. Nothing is dropped without a warning, and every value that cannot be read is reported
 * with its row and column ("row 14: 'Budget' value 'TBC' is not a number; counted as 0").
 *
 * Units follow the model (../../model/schedule.ts): fractions 0..1, durations in working hours
 * (days × hours per day, said in a warning when the unit was a guess), money in major units,
 * dates `YYYY-MM-DDTHH:mm` (a date with no time becomes 08:00 for a start and 17:00 for a finish).
 */
import { makeCalendar, standardCalendar, continuousCalendar, sixDayCalendar } from '../../calendar';
import type { LocalDateTime } from '../../model/dates';
import {
  SCHEDULE_FORMAT_VERSION,
  type Activity,
  type ActivityType,
  type Assignment,
  type Calendar,
  type EvTechnique,
  type PercentCompleteType,
  type Relationship,
  type RelationshipType,
  type Resource,
  type Schedule,
  type WbsNode,
} from '../../model/schedule';
import { ImportCancelled, ImportError, inFile, type ImportOptions, type ImportResult } from '../types';
import {
  readActivityType,
  readDate,
  readDuration,
  readEvTechnique,
  readNumber,
  readPctType,
  readPercent,
  readStatus,
  readText,
  readUnits,
  type Read,
  type Status,
} from './cellReaders';
import { FIELDS, type MappingField } from './fields';
import type { ColumnProposal, MappingProposal } from './mapper';
import { cellRef, columnLetter, denseRows, isBlank, quoted, type CellValue, type Sheet } from './sheet';
import { durationHours, headerScale, numberOfCell, parseDurationCell, scaleNote, type DateOrder } from './values';
import { WarningLog } from './warnings';

export interface ActivitiesFromTableOptions extends ImportOptions {
  /** Project name (default: the title above the table, else the file or sheet name). */
  projectName?: string;
  projectId?: string;
  /** ISO 4217; default: the currency symbols in the amounts, else GBP. */
  currency?: string;
  /** Status date (default: a data date written above the table). */
  dataDate?: LocalDateTime;
  /** Hours in a working day, for durations in days (default 8). */
  hoursPerDay?: number;
  /** Overrides the proposal's day/month order. */
  dateOrder?: DateOrder;
  /** Which reader to name as the source (default: xlsx). */
  format?: 'xlsx' | 'csv';
  /** Keep unmapped columns as user-defined fields (default true). */
  keepUnmapped?: boolean;
}

/** Fields the model has no slot for: kept as user-defined fields under their header. */
const KEPT_AS_UDF: ReadonlySet<MappingField> = new Set(['plannedValue', 'schedulePercentComplete', 'activityStatus', 'outlineLevel']);
const START_FIELDS: ReadonlySet<MappingField> = new Set(['baselineStart', 'plannedStart', 'actualStart', 'forecastStart']);

interface RowData {
  /** 0-based sheet row. */
  r: number;
  code: string;
  uniqueId: string;
  name: string;
  wbs: string;
  wbsName: string;
  level: number | null;
  type: ActivityType | null;
  status: Status | null;
}

export function activitiesFromTable(sheet: Sheet, mapping: MappingProposal, options: ActivitiesFromTableOptions = {}): ImportResult {
  const file = inFile(options.fileName);
  const log = new WarningLog();
  const hpd = options.hoursPerDay ?? 8;
  const order = options.dateOrder ?? mapping.dateOrder;
  const colOf = new Map<MappingField, ColumnProposal>();
  for (const c of mapping.columns) if (c.field && !colOf.has(c.field)) colOf.set(c.field, c);
  const has = (f: MappingField) => colOf.has(f);
  // A WBS-level or control-account cost report has no activity column: each row is an element.
  const element: MappingField | null = has('activityId') || has('activityName') || has('uniqueId') ? null : (['wbsCode', 'controlAccount', 'wbsName'] as const).find((f) => has(f)) ?? null;
  if (!has('activityId') && !has('activityName') && !has('uniqueId') && !element)
    throw new ImportError(
      `${file}sheet ${quoted(sheet.name)}: no column is mapped to Activity ID or Activity name, so the rows cannot be told apart. Map the column that identifies each activity (or its name) and import again.`,
      sheet.name,
    );
  const rows = denseRows(sheet);
  const at = (r: number, f: MappingField): CellValue => {
    const c = colOf.get(f);
    return c ? (rows[r][c.index] ?? null) : null;
  };
  const where = (r: number, f: MappingField) => cellRef(sheet.name, colOf.get(f)?.index ?? 0, r);
  const header = (f: MappingField) => colOf.get(f)?.header || `column ${columnLetter(colOf.get(f)?.index ?? 0)}`;
  /** Reads a field, warning (and returning undefined) when the value is unreadable. */
  const get = <T>(r: number, f: MappingField, read: (v: CellValue) => Read<T>, fallback: string): T | undefined => {
    const v = at(r, f);
    const res = read(v);
    if ('ok' in res) return res.ok;
    if ('error' in res)
      log.row(`${f}`, r + 1, `row ${r + 1}: ${quoted(header(f))} value ${quoted(v)} ${res.error}; ${fallback}`, where(r, f), `more ${quoted(header(f))} values could not be read; ${fallback}`);
    return undefined;
  };
  const cancelled = () => {
    if (options.isCancelled?.()) throw new ImportCancelled();
  };

  const readActivityTypeOf = (v: CellValue) => readActivityType(v, header('activityType'));

  // ── Pass 1: identify rows ──────────────────────────────────────────────────────────────
  const data: RowData[] = [];
  const dataStart = mapping.headerRow + 1;
  for (let r = dataStart; r < rows.length; r++) {
    if (r % 2000 === 0) cancelled();
    const row = rows[r];
    if (!row || row.every(isBlank)) continue;
    const code = element ? readText(at(r, element)) : readText(at(r, 'activityId'));
    const name = element ? readText(at(r, 'wbsName')) || code : readText(at(r, 'activityName'));
    const uniqueId = readText(at(r, 'uniqueId'));
    const label = code || name;
    if (isTotalRow(code, name, has('activityId'))) {
      log.note(`row ${r + 1} looks like a total row (${quoted(label)}); it was not imported, so its figures are not counted twice`, cellRef(sheet.name, 0, r));
      continue;
    }
    const level = has('outlineLevel') ? (numberOfCell(at(r, 'outlineLevel'))?.value ?? null) : null;
    const type = has('activityType') ? (get(r, 'activityType', readActivityTypeOf, 'read as a task') ?? null) : null;
    const status = has('activityStatus') ? (get(r, 'activityStatus', readStatus, 'ignored') ?? null) : null;
    data.push({ r, code, uniqueId, name, wbs: readText(at(r, 'wbsCode')), wbsName: readText(at(r, 'wbsName')), level, type, status });
  }
  options.onProgress?.({ phase: 'building', bytesRead: 0, totalBytes: 0, rows: data.length });
  if (data.length === 0)
    throw new ImportError(`${file}sheet ${quoted(sheet.name)} has a header row (row ${mapping.headerRow + 1}) but no activity rows under it. Check that you chose the right sheet.`, sheet.name);

  // ── Pass 2: the WBS, and which rows are summaries of an outline ────────────────────────
  const wbs = buildWbs(data, has('wbsCode'), has('outlineLevel'), log);
  const projectName = options.projectName ?? mapping.title ?? stripExtension(options.fileName) ?? sheet.name;

  // ── Pass 3: activities ─────────────────────────────────────────────────────────────────
  const calendars = new CalendarBook();
  const activities: Activity[] = [];
  const byCode = new Map<string, string>();
  const rowOfId = new Map<string, number>();
  const currencies = new Map<string, number>();
  const resourceNames: string[][] = [];
  const usedIds = new Set<string>();
  let undatedTimes = 0;
  let derivedRemaining = false;
  let milestoneByDuration = 0;
  const udfHeaders = udfColumns(mapping, options.keepUnmapped !== false);
  const pctDerivation = progressSource(colOf);
  const noId = !has('activityId') && !has('uniqueId');
  let seq = 0;
  // Cell readers, made once (not per row: a 100,000-row table would make a million closures).
  const readDateInOrder = (v: CellValue) => readDate(v, order);
  const durationReaders = new Map<MappingField, (v: CellValue) => Read<number>>();
  const percentReaders = new Map<MappingField, (v: CellValue) => Read<number>>();
  for (const [f, c] of colOf) {
    if (FIELDS[f].kind === 'duration') durationReaders.set(f, (x) => readDuration(x, c, hpd));
    if (FIELDS[f].kind === 'percent') percentReaders.set(f, (x) => readPercent(x, c));
  }
  const date = (r: number, f: MappingField): LocalDateTime | undefined => {
    if (!has(f)) return undefined;
    const p = get(r, f, readDateInOrder, 'left empty');
    if (!p) return undefined;
    if (p.hasTime) return p.date;
    undatedTimes++;
    return `${p.date.slice(0, 10)}T${START_FIELDS.has(f) ? '08:00' : '17:00'}`;
  };
  // "Value (£k)": amounts in thousands (or millions) become pounds, and the warnings say so.
  const scaleOf = new Map<MappingField, number>();
  for (const [f, c] of colOf) {
    if (FIELDS[f].kind !== 'money') continue;
    const m = headerScale(c.header);
    if (m === 1) continue;
    scaleOf.set(f, m);
    log.note(scaleNote(c.header, m));
  }
  const money = (r: number, f: MappingField): number | undefined => {
    if (!has(f)) return undefined;
    const raw = at(r, f);
    if (typeof raw === 'string') {
      const cur = numberOfCell(raw)?.currency;
      if (cur) currencies.set(cur, (currencies.get(cur) ?? 0) + 1);
    }
    const v = get(r, f, readNumber, 'counted as 0');
    return v === undefined ? (isBlank(raw) ? undefined : 0) : v * (scaleOf.get(f) ?? 1);
  };
  const hours = (r: number, f: MappingField): number | undefined => {
    const read = durationReaders.get(f);
    if (!read) return undefined;
    const v = get(r, f, read, 'left empty');
    return v === undefined ? undefined : Math.max(0, v);
  };
  const pct = (r: number, f: MappingField): number | undefined => {
    const read = percentReaders.get(f);
    if (!read) return undefined;
    const v = get(r, f, read, 'left empty');
    if (v === undefined) return undefined;
    if (v > 1 + 1e-9 || v < 0) {
      const capped = Math.min(1, Math.max(0, v));
      log.row(`pct-range:${f}`, r + 1, `row ${r + 1}: ${quoted(header(f))} value ${quoted(at(r, f))} is outside 0–100%; read as ${capped * 100}%`, where(r, f), `more ${quoted(header(f))} values are outside 0–100% and were capped`);
      return capped;
    }
    return v;
  };
  const readUnitsHpd = (x: CellValue) => readUnits(x, hpd);
  const units = (r: number, f: MappingField) => (has(f) ? (get(r, f, readUnitsHpd, 'counted as 0') ?? (isBlank(at(r, f)) ? undefined : 0)) : undefined);

  for (const d of data) {
    if (wbs.summaryRows.has(d.r)) continue;
    if (++seq % 2000 === 0) cancelled();
    const r = d.r;
    let code = d.code || d.uniqueId;
    if (!code) {
      code = noId ? String(seq) : `ROW-${r + 1}`;
      if (!noId) log.row('no-id', r + 1, `row ${r + 1} has no activity ID; imported as ${quoted(code)}`, cellRef(sheet.name, colOf.get('activityId')?.index ?? 0, r), 'rows have no activity ID; each was imported as ROW-<row number>');
    }
    let id = d.uniqueId || code;
    if (usedIds.has(id)) {
      const first = rowOfId.get(id);
      const newId = `${id} (row ${r + 1})`;
      log.row('duplicate-id', r + 1, `row ${r + 1}: activity ID ${quoted(id)} repeats row ${first}; both are kept, this one as ${quoted(newId)}`, cellRef(sheet.name, colOf.get('activityId')?.index ?? 0, r), 'rows repeat an activity ID already used; each was kept under "<ID> (row <n>)"');
      id = newId;
    }
    usedIds.add(id);
    rowOfId.set(id, r + 1);
    if (!byCode.has(code)) byCode.set(code, id);
    if (d.uniqueId && !byCode.has(d.uniqueId)) byCode.set(d.uniqueId, id);

    const a: Activity = {
      id,
      code,
      name: d.name || code,
      wbsId: wbs.nodeOfRow.get(r) ?? null,
      type: d.type ?? 'task',
      percentCompleteType: 'physical',
      percentComplete: {},
      evTechnique: { kind: 'percent-complete' },
      budgetCost: 0,
      actualCost: 0,
      remainingCost: 0,
      budgetUnits: 0,
      actualUnits: 0,
      remainingUnits: 0,
      codes: {},
    };
    const ca = readText(at(r, 'controlAccount'));
    if (ca) a.controlAccount = ca;
    const cal = readText(at(r, 'calendar'));
    if (cal) a.calendarId = calendars.idFor(cal);

    const setDate = (k: 'baselineStart' | 'baselineFinish' | 'plannedStart' | 'plannedFinish' | 'actualStart' | 'actualFinish' | 'forecastStart' | 'forecastFinish') => {
      const v = date(r, k);
      if (v !== undefined) a[k] = v;
    };
    setDate('baselineStart');
    setDate('baselineFinish');
    setDate('plannedStart');
    setDate('plannedFinish');
    setDate('actualStart');
    setDate('actualFinish');
    setDate('forecastStart');
    setDate('forecastFinish');
    for (const k of ['baselineDuration', 'originalDuration', 'remainingDuration', 'actualDuration'] as const) {
      const v = hours(r, k);
      if (v !== undefined) a[k] = v;
    }
    if (d.type === null && !has('activityType') && a.originalDuration === 0) {
      a.type = 'finish-milestone';
      milestoneByDuration++;
    }

    // Money and units.
    const budget = money(r, 'budgetCost');
    const eac = money(r, 'atCompletionCost');
    const actual = money(r, 'actualCost') ?? 0;
    const remaining = money(r, 'remainingCost');
    a.budgetCost = budget ?? eac ?? 0;
    a.actualCost = actual;
    if (remaining !== undefined) a.remainingCost = remaining;
    else {
      if (has('atCompletionCost') || has('budgetCost')) derivedRemaining = true;
      a.remainingCost = Math.max(0, (eac ?? a.budgetCost) - actual);
    }
    const bu = units(r, 'budgetUnits');
    const au = units(r, 'atCompletionUnits');
    const actU = units(r, 'actualUnits') ?? 0;
    const remU = units(r, 'remainingUnits');
    a.budgetUnits = bu ?? au ?? 0;
    a.actualUnits = actU;
    a.remainingUnits = remU ?? Math.max(0, (au ?? a.budgetUnits) - actU);

    // Progress.
    const rowType = has('percentCompleteType') ? get(r, 'percentCompleteType', readPctType, 'the column type is used') : undefined;
    const phys = pct(r, 'physicalPercentComplete');
    const dur = pct(r, 'durationPercentComplete');
    const uni = pct(r, 'unitsPercentComplete');
    const generic = pct(r, 'percentComplete');
    const type: PercentCompleteType = rowType ?? (phys !== undefined || has('physicalPercentComplete') || has('percentComplete') ? 'physical' : has('durationPercentComplete') ? 'duration' : has('unitsPercentComplete') ? 'units' : 'physical');
    a.percentCompleteType = type;
    if (phys !== undefined) a.percentComplete.physical = phys;
    if (dur !== undefined) a.percentComplete.duration = dur;
    if (uni !== undefined) a.percentComplete.units = uni;
    if (generic !== undefined && a.percentComplete[type] === undefined) a.percentComplete[type] = generic;
    if (pctDerivation !== 'columns') {
      const derived = deriveProgress(pctDerivation, a, d.status, pct(r, 'performancePercentComplete'), money(r, 'earnedValue'));
      if (derived) {
        a.percentCompleteType = derived.type;
        a.percentComplete[derived.type] = derived.value;
      }
    }
    if (has('evTechnique')) {
      const t = get(r, 'evTechnique', readEvTechnique, 'percent complete is used');
      if (t) a.evTechnique = t as EvTechnique;
    }
    if (a.type === 'level-of-effort' && !has('evTechnique')) a.evTechnique = { kind: 'level-of-effort' };

    // Extra columns, as the source named them.
    if (udfHeaders.length) {
      const udf: Record<string, string | number> = {};
      for (const u of udfHeaders) {
        const v = rows[r][u.index] ?? null;
        if (isBlank(v)) continue;
        udf[u.key] = typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : readText(v);
      }
      if (Object.keys(udf).length) a.udf = udf;
    }
    const res = readText(at(r, 'resource'));
    resourceNames.push(res ? splitResources(res) : []);
    activities.push(a);
  }
  if (activities.length === 0)
    throw new ImportError(`${file}sheet ${quoted(sheet.name)}: every row is a summary or total row, so there are no activities to import. Check the WBS/outline column mapping.`, sheet.name);

  // ── Relationships, resources, calendars ───────────────────────────────────────────────
  const relationships = buildRelationships(data.filter((d) => !wbs.summaryRows.has(d.r)), activities, byCode, colOf, rows, sheet.name, hpd, log);
  const { resources, assignments } = buildResources(activities, resourceNames, log);

  // ── Column-level notes ────────────────────────────────────────────────────────────────
  for (const c of mapping.columns) {
    if (c.field && FIELDS[c.field].kind === 'duration' && c.durationUnit && /^neither/.test(c.durationUnitReason ?? ''))
      log.note(`${quoted(c.header)} values have no unit: read as working days of ${hpd} h (${c.durationUnitReason}). Correct the unit if they are hours or weeks.`, cellRef(sheet.name, c.index, mapping.headerRow));
    else if (c.field && FIELDS[c.field].kind === 'duration' && c.durationUnit && c.durationUnit !== 'hours')
      log.note(`${quoted(c.header)} is in ${c.durationUnit} (${c.durationUnitReason}); converted to working hours at ${hpd} h per day.`);
  }
  if (element) log.note(`No activity ID or name column: each row is a ${element === 'controlAccount' ? 'control account' : 'WBS element'} (${quoted(header(element))}) and was imported as one activity of its own.`);
  if (undatedTimes) log.note('Dates without a time of day are read as 08:00 for starts and 17:00 for finishes (the standard working day).');
  if (!has('budgetCost') && has('atCompletionCost')) log.note(`No budget column: ${quoted(header('atCompletionCost'))} (cost at completion) is used as each activity's budget.`);
  if (derivedRemaining && !has('remainingCost')) log.note('No remaining-cost column: remaining cost is taken as (cost at completion, else budget) − actual cost, never below 0.');
  if (milestoneByDuration) log.note(`${milestoneByDuration} activit${milestoneByDuration === 1 ? 'y has' : 'ies have'} a zero original duration and no type column; ${milestoneByDuration === 1 ? 'it is' : 'they are'} read as finish milestones.`);
  if (pctDerivation === 'performance') log.note(`No % complete column: progress is taken from ${quoted(header('performancePercentComplete'))} (performance % complete), as physical % complete.`);
  if (pctDerivation === 'earned-value') log.note(`No % complete column: physical % complete is taken as ${quoted(header('earnedValue'))} ÷ budget for each activity.`);
  if (pctDerivation === 'status') log.note('No % complete column: completed activities (by status or actual finish) count as 100%, others by (original − remaining) ÷ original duration where both are given.');
  if (pctDerivation === 'none') log.note('No % complete, earned value or status column: progress is unknown, so earned value will be 0. Map a % complete column if the table has one.');

  const currency = options.currency ?? majority(currencies) ?? 'GBP';
  const dataDate = options.dataDate ?? mapping.dataDate;
  if (!dataDate) log.note('No data date was found above the table; set the status date before analysing.');
  for (const c of calendars.assumed) log.note(`Calendar ${quoted(c)}: the table names it but not its working time; assumed Monday–Friday, 8 hours a day.`);

  const starts = activities.map((a) => a.baselineStart ?? a.plannedStart ?? a.actualStart).filter((x): x is string => !!x).sort();
  const finishes = activities.map((a) => a.baselineFinish ?? a.plannedFinish ?? a.forecastFinish ?? a.actualFinish).filter((x): x is string => !!x).sort();
  const projectId = options.projectId ?? slug(projectName);
  const schedule: Schedule = {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: {
      id: projectId,
      name: projectName,
      currency,
      defaultCalendarId: calendars.defaultId,
      ...(dataDate ? { dataDate } : {}),
      ...(starts.length ? { plannedStart: starts[0] } : {}),
      ...(finishes.length ? { plannedFinish: finishes[finishes.length - 1] } : {}),
    },
    wbs: wbs.nodes,
    activities,
    relationships,
    calendars: calendars.list(),
    resources,
    assignments,
    codeTypes: [],
    snapshots: [],
    baselines: [],
    changeOrders: [],
    source: { format: options.format ?? 'xlsx', ...(options.fileName ? { fileName: options.fileName } : {}), application: `table (sheet ${sheet.name})`, warnings: log.finish() },
  };
  options.onProgress?.({ phase: 'done', bytesRead: 0, totalBytes: 0, rows: activities.length });
  return {
    projects: [{ id: projectId, name: projectName, activities: activities.length, ...(dataDate ? { dataDate } : {}) }],
    schedules: [schedule],
  };
}

/** "Total", "Grand Total", "Sub-total:", "Totals (£)". */
const TOTAL = /^(?:grand\s+|sub[-\s]?)?totals?(?:\s*[:(].*)?$/i;
/** "Total Civils", "Civils Total": a group total, when the row has no activity ID of its own. */
const GROUP_TOTAL = /^(?:grand\s+|sub[-\s]?)?totals?\s+\S|\S\s+(?:sub[-\s]?)?totals?$/i;

/**
 * A total row: its ID says "Total", or it has no ID and its name is a total ("Total", or "Total
 * Civils" when the table has an ID column). An activity with an ID is never a total, whatever its
 * name ("Total station survey").
 */
function isTotalRow(code: string, name: string, hasIdColumn: boolean): boolean {
  if (code) return TOTAL.test(code);
  return TOTAL.test(name) || (hasIdColumn && GROUP_TOTAL.test(name));
}

// ───────────────────────────── WBS ─────────────────────────────

interface WbsResult {
  nodes: WbsNode[];
  nodeOfRow: Map<number, string>;
  /** Rows that are WBS elements of an outline, not activities. */
  summaryRows: Set<number>;
}

/** The separator of WBS codes: the commonest of . - / among them (default "."). */
function wbsSeparator(codes: string[]): string {
  const counts: Record<string, number> = { '.': 0, '-': 0, '/': 0, '\\': 0 };
  for (const c of codes) for (const ch of c) if (ch in counts) counts[ch]++;
  let best = '.';
  for (const k of Object.keys(counts)) if (counts[k] > counts[best]) best = k;
  return best;
}

function buildWbs(data: RowData[], byCode: boolean, byLevel: boolean, log: WarningLog): WbsResult {
  const nodes: WbsNode[] = [];
  const nodeByCode = new Map<string, WbsNode>();
  const nodeOfRow = new Map<number, string>();
  const summaryRows = new Set<number>();
  const sep = wbsSeparator(data.map((d) => d.wbs).filter(Boolean));
  const ensure = (code: string, name?: string): WbsNode => {
    const existing = nodeByCode.get(code);
    if (existing) {
      if (name && existing.name === existing.code) existing.name = name;
      return existing;
    }
    const cut = code.lastIndexOf(sep);
    const parent = cut > 0 ? ensure(code.slice(0, cut)) : null;
    const node: WbsNode = { id: `wbs:${code}`, parentId: parent ? parent.id : null, code, name: name || code, sequence: nodes.length };
    nodes.push(node);
    nodeByCode.set(code, node);
    return node;
  };

  if (byCode) {
    const codes = data.map((d) => d.wbs);
    const unique = new Set(codes);
    const isPrefix = (p: string) => p + sep;
    const parents = new Set<string>();
    const sorted = [...unique].filter(Boolean).sort();
    for (let i = 0; i + 1 < sorted.length; i++) if (sorted[i + 1].startsWith(isPrefix(sorted[i]))) parents.add(sorted[i]);
    // An outline (one row per code, parents among the rows): parent rows are WBS elements.
    const outline = codes.every(Boolean) && unique.size === codes.length && parents.size > 0;
    if (outline) {
      for (const d of data) {
        if (parents.has(d.wbs) && d.type !== 'finish-milestone' && d.type !== 'start-milestone') {
          summaryRows.add(d.r);
          ensure(d.wbs, d.name || d.wbsName);
        }
      }
      for (const d of data) {
        if (summaryRows.has(d.r)) continue;
        const cut = d.wbs.lastIndexOf(sep);
        const parent = cut > 0 ? d.wbs.slice(0, cut) : '';
        if (parent) nodeOfRow.set(d.r, ensure(parent).id);
      }
      if (summaryRows.size)
        log.note(
          `${summaryRows.size} row${summaryRows.size === 1 ? ' is a summary' : 's are summaries'} of the outline (their outline number has rows under it) and became WBS elements, not activities; their figures are roll-ups of the rows under them and are not counted again (rows ${[...summaryRows].slice(0, 10).map((r) => r + 1).join(', ')}${summaryRows.size > 10 ? ', …' : ''}).`,
        );
    } else {
      for (const d of data) if (d.wbs) nodeOfRow.set(d.r, ensure(d.wbs, d.wbsName).id);
    }
    return { nodes, nodeOfRow, summaryRows };
  }

  if (byLevel) {
    // Outline levels: a row followed by a deeper row is a summary of the rows under it.
    const stack: { level: number; code: string }[] = [];
    const counters: number[] = [];
    for (let i = 0; i < data.length; i++) {
      const d = data[i];
      const level = d.level ?? 1;
      while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
      const next = data[i + 1]?.level ?? null;
      const depth = stack.length;
      counters.length = depth + 1;
      counters[depth] = (counters[depth] ?? 0) + 1;
      if (next !== null && d.level !== null && next > d.level) {
        const code = counters.slice(0, depth + 1).join('.');
        summaryRows.add(d.r);
        ensure(code, d.name);
        stack.push({ level, code });
      } else if (stack.length) nodeOfRow.set(d.r, ensure(stack[stack.length - 1].code).id);
    }
    if (summaryRows.size)
      log.note(`${summaryRows.size} row${summaryRows.size === 1 ? ' is a summary' : 's are summaries'} (a deeper outline level follows) and became WBS elements, not activities; their figures are roll-ups and are not counted again.`);
    return { nodes, nodeOfRow, summaryRows };
  }

  // WBS names alone: one node per name.
  for (const d of data) if (d.wbsName) nodeOfRow.set(d.r, ensure(d.wbsName, d.wbsName).id);
  return { nodes, nodeOfRow, summaryRows };
}

// ───────────────────────────── progress ─────────────────────────────

type ProgressSource = 'columns' | 'performance' | 'earned-value' | 'status' | 'none';

function progressSource(colOf: Map<MappingField, ColumnProposal>): ProgressSource {
  if (['percentComplete', 'physicalPercentComplete', 'durationPercentComplete', 'unitsPercentComplete'].some((f) => colOf.has(f as MappingField))) return 'columns';
  if (colOf.has('performancePercentComplete')) return 'performance';
  if (colOf.has('earnedValue') && (colOf.has('budgetCost') || colOf.has('atCompletionCost'))) return 'earned-value';
  if (colOf.has('activityStatus') || colOf.has('actualFinish') || (colOf.has('originalDuration') && colOf.has('remainingDuration'))) return 'status';
  return 'none';
}

function deriveProgress(source: ProgressSource, a: Activity, status: Status | null, performance: number | undefined, ev: number | undefined): { type: PercentCompleteType; value: number } | null {
  switch (source) {
    case 'performance':
      return performance === undefined ? null : { type: 'physical', value: Math.min(1, Math.max(0, performance)) };
    case 'earned-value':
      if (ev === undefined || !(a.budgetCost > 0)) return null;
      return { type: 'physical', value: Math.min(1, Math.max(0, ev / a.budgetCost)) };
    case 'status': {
      if (status === 'complete' || a.actualFinish) return { type: 'physical', value: 1 };
      if (status === 'not-started') return { type: 'physical', value: 0 };
      const od = a.originalDuration;
      const rd = a.remainingDuration;
      if (od !== undefined && rd !== undefined && od > 0) return { type: 'duration', value: Math.min(1, Math.max(0, (od - rd) / od)) };
      if (!a.actualStart && status === null) return { type: 'physical', value: 0 };
      return null;
    }
    default:
      return null;
  }
}

// ───────────────────────────── relationships ─────────────────────────────

const REL_TYPES: Record<string, RelationshipType> = { fs: 'FS', ss: 'SS', ff: 'FF', sf: 'SF', pr_fs: 'FS', pr_ss: 'SS', pr_ff: 'FF', pr_sf: 'SF' };

interface Link {
  ref: string;
  type: RelationshipType;
  lagHours: number;
}

/**
 * One predecessor reference: "A1010", "A1010 FS", "3FS+2 days", "A1010: SS -1d", "PR_FF". The
 * reference must be an activity ID of the table (`known`), which is what tells "ACT-10" (an ID
 * with a dash) from "ACT" with a lag of −10. A lag that cannot be read gives the link with no lag
 * and an error to report.
 */
export function parseLink(item: string, known: (ref: string) => boolean, hoursPerDay: number): { link?: Link; error?: string } {
  const s = item.trim();
  if (known(s)) return { link: { ref: s, type: 'FS', lagHours: 0 } };
  const withLag = (ref: string, type: RelationshipType, text: string | undefined): { link: Link; error?: string } => {
    if (!text) return { link: { ref, type, lagHours: 0 } };
    const t = text.replace(/\s+/g, '');
    if (/%$/.test(t)) return { link: { ref, type, lagHours: 0 }, error: 'has a percentage lag, which cannot be converted to hours; the lag is taken as 0' };
    const d = parseDurationCell(t.replace(/^\+/, ''));
    if (!d) return { link: { ref, type, lagHours: 0 }, error: 'has a lag that cannot be read; the lag is taken as 0' };
    return { link: { ref, type, lagHours: durationHours(d.value, d.unit ?? 'days', hoursPerDay) } };
  };
  let m = /^(.+?)\s*:?\s*(pr_fs|pr_ss|pr_ff|pr_sf|fs|ss|ff|sf)\s*([+-].*)?$/i.exec(s);
  if (m && known(m[1].trim())) return withLag(m[1].trim(), REL_TYPES[m[2].toLowerCase()], m[3]);
  m = /^(.+?)\s*([+-]\s*\d+(?:[.,]\d+)?\s*[a-z%]*)$/i.exec(s);
  if (m && known(m[1].trim())) return withLag(m[1].trim(), 'FS', m[2]);
  return { error: 'is not an activity ID in the table; the link was not created' };
}

function buildRelationships(
  data: RowData[],
  activities: Activity[],
  byCode: Map<string, string>,
  colOf: Map<MappingField, ColumnProposal>,
  rows: CellValue[][],
  sheetName: string,
  hpd: number,
  log: WarningLog,
): Relationship[] {
  const out: Relationship[] = [];
  const seen = new Set<string>();
  const known = (ref: string) => byCode.has(ref);
  for (const field of ['predecessors', 'successors'] as const) {
    const col = colOf.get(field);
    if (!col) continue;
    const noun = field === 'predecessors' ? 'predecessor' : 'successor';
    data.forEach((d, i) => {
      const v = rows[d.r][col.index] ?? null;
      if (isBlank(v)) return;
      const self = activities[i].id;
      for (const item of readText(v).split(/[,;\n]+/)) {
        if (!item.trim()) continue;
        const { link, error } = parseLink(item, known, hpd);
        if (error) log.row(`link:${field}`, d.r + 1, `row ${d.r + 1}: ${noun} ${quoted(item)} ${error}`, cellRef(sheetName, col.index, d.r), `more ${field} could not be read or linked`);
        if (!link) continue;
        const other = byCode.get(link.ref) as string;
        const [pred, succ] = field === 'predecessors' ? [other, self] : [self, other];
        if (pred === succ) continue;
        const key = `${pred}\u0000${succ}\u0000${link.type}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ predecessorId: pred, successorId: succ, type: link.type, lagHours: link.lagHours });
      }
    });
  }
  return out;
}

// ───────────────────────────── resources ─────────────────────────────

/** "Bricklayer[50%], Crane" → ["Bricklayer", "Crane"]. */
function splitResources(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.replace(/\[[^\]]*\]/g, '').trim())
    .filter(Boolean);
}

function buildResources(activities: Activity[], names: string[][], log: WarningLog): { resources: Resource[]; assignments: Assignment[] } {
  const resources: Resource[] = [];
  const byName = new Map<string, Resource>();
  const assignments: Assignment[] = [];
  let shared = 0;
  activities.forEach((a, i) => {
    const list = [...new Set(names[i])];
    for (const n of list) {
      let res = byName.get(n);
      if (!res) {
        res = { id: `res:${n}`, code: n, name: n, type: 'labour' };
        byName.set(n, res);
        resources.push(res);
      }
      // One resource carries the activity's figures; several cannot be split from the table.
      const single = list.length === 1;
      assignments.push({
        id: `${a.id}/${res.id}`,
        activityId: a.id,
        resourceId: res.id,
        budgetUnits: single ? a.budgetUnits : 0,
        actualUnits: single ? a.actualUnits : 0,
        remainingUnits: single ? a.remainingUnits : 0,
        budgetCost: single ? a.budgetCost : 0,
        actualCost: single ? a.actualCost : 0,
        remainingCost: single ? a.remainingCost : 0,
      });
    }
    if (list.length > 1) shared++;
  });
  if (shared) log.note(`${shared} activit${shared === 1 ? 'y names' : 'ies name'} several resources; the table does not say how its cost and hours split between them, so those assignments carry no figures (the activity totals are unaffected).`);
  return { resources, assignments };
}

// ───────────────────────────── calendars ─────────────────────────────

class CalendarBook {
  readonly defaultId = 'standard';
  readonly assumed: string[] = [];
  private readonly byName = new Map<string, Calendar>();
  private readonly base = standardCalendar(this.defaultId);

  /** The calendar a name stands for, built from what the name says (24-hour, 7-day, 6-day, 5-day). */
  idFor(name: string): string {
    const existing = this.byName.get(name);
    if (existing) return existing.id;
    const id = `cal:${name}`;
    const n = name.toLowerCase();
    let cal: Calendar;
    if (/24\s*h|24\s*hour|continuous|7\s*x\s*24|24\s*x\s*7/.test(n)) cal = { ...continuousCalendar(id), name };
    else if (/\b7[\s-]*day|seven[\s-]*day|7d\b/.test(n)) cal = makeCalendar({ id, name, workDays: [0, 1, 2, 3, 4, 5, 6], hoursPerDay: 8 });
    else if (/\b6[\s-]*day|six[\s-]*day|mon.{0,3}sat/.test(n)) cal = { ...sixDayCalendar(id), name };
    else {
      cal = { ...standardCalendar(id), name };
      if (!/\b5[\s-]*day|five[\s-]*day|standard|mon.{0,3}fri|default/.test(n)) this.assumed.push(name);
    }
    this.byName.set(name, cal);
    return id;
  }

  list(): Calendar[] {
    return [this.base, ...this.byName.values()];
  }
}

// ───────────────────────────── helpers ─────────────────────────────

interface UdfColumn {
  index: number;
  key: string;
}

/** Columns kept as user-defined fields: unmapped ones (if asked) and mapped ones the model has no slot for. */
function udfColumns(mapping: MappingProposal, keepUnmapped: boolean): UdfColumn[] {
  const out: UdfColumn[] = [];
  const used = new Set<string>();
  for (const c of mapping.columns) {
    const keep = c.field ? KEPT_AS_UDF.has(c.field) : keepUnmapped;
    if (!keep) continue;
    let key = c.header || `Column ${columnLetter(c.index)}`;
    for (let k = 2; used.has(key); k++) key = `${c.header || `Column ${columnLetter(c.index)}`} (${k})`;
    used.add(key);
    out.push({ index: c.index, key });
  }
  return out;
}

function majority(counts: Map<string, number>): string | undefined {
  let best: string | undefined;
  let n = 0;
  for (const [k, v] of counts) if (v > n) [best, n] = [k, v];
  return best;
}

function stripExtension(name: string | undefined): string | undefined {
  return name ? name.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '') : undefined;
}

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'table'
  );
}
