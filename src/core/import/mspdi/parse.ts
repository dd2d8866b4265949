/**
 * Bytes → `MspdiDocument`: checks the file is MS Project XML, then streams through it with the
 * byte scanner (../xml/scanner.ts), reading each Task, Resource, Assignment and Calendar into a
 * reusable record and from there into typed objects (./document.ts).
 *
 * Progress is reported about every megabyte and cancellation polled at the same points.
 */
import { ImportCancelled, ImportError, inFile, type ImportOptions } from '../types';
import { XmlEncodingError, toUtf8 } from '../xml/encoding';
import { END, EOF, START, XmlRecord, XmlScanner } from '../xml/scanner';
import type {
  MspdiAssignment,
  MspdiBaseline,
  MspdiCalendar,
  MspdiDocument,
  MspdiException,
  MspdiFieldDefinition,
  MspdiLink,
  MspdiProject,
  MspdiRate,
  MspdiResource,
  MspdiTask,
  MspdiTimephased,
  MspdiWorkingDay,
  MspdiWorkWeek,
} from './document';
import { FieldReader } from './fields';
import { describeNotXml } from './sniff';
import { isCostType } from './timephased';
import { N, VOCABULARY } from './vocabulary';

export const MSPDI_NAMESPACE = 'http://schemas.microsoft.com/project';
const PROGRESS_EVERY = 1 << 20;
/**
 * Most tasks have no links, baselines or custom fields: they share this frozen empty list instead
 * of three fresh arrays each (10,000 tasks make 30,000 fewer objects for the collector). A list
 * is replaced by a real array on its first element, see `append`.
 */
const NONE: never[] = Object.freeze([]) as unknown as never[];
function append<T>(list: T[], item: T): T[] {
  if (list.length === 0) return [item];
  list.push(item);
  return list;
}
const ADVICE = 'Open the schedule in MS Project and save it again with File ▸ Save As ▸ XML Format (*.xml).';

export function parseMspdiDocument(input: Uint8Array, options: ImportOptions = {}): MspdiDocument {
  const file = inFile(options.fileName);
  const total = input.length;
  options.onProgress?.({ phase: 'reading', bytesRead: 0, totalBytes: total, rows: 0 });
  const notXml = describeNotXml(input);
  if (notXml) throw new ImportError(`${file}${notXml}`);

  let bytes: Uint8Array;
  try {
    bytes = toUtf8(input).bytes;
  } catch (e) {
    if (e instanceof XmlEncodingError) throw new ImportError(`${file}${e.message}`);
    throw e;
  }
  // A UTF-16 file is re-encoded; progress is reported against the bytes actually scanned.
  const scanned = bytes.length;

  const sc = new XmlScanner(bytes, VOCABULARY, { fileName: options.fileName, advice: ADVICE });
  const f = new FieldReader(sc);
  if (sc.next() !== START) throw new ImportError(`${file}The file holds no XML elements. ${ADVICE}`);
  checkRoot(sc, file);

  const doc: MspdiDocument = {
    project: emptyProject(),
    calendars: [],
    tasks: [],
    resources: [],
    assignments: [],
    fields: [],
    timephasedRecords: 0,
    warnings: [],
  };
  const rec = new XmlRecord();
  let rows = 0;
  let nextReport = PROGRESS_EVERY;
  const tick = () => {
    rows++;
    if (sc.pos >= nextReport) {
      nextReport = sc.pos + PROGRESS_EVERY;
      if (options.isCancelled?.()) throw new ImportCancelled();
      options.onProgress?.({ phase: 'parsing', bytesRead: Math.round((sc.pos / scanned) * total), totalBytes: total, rows });
    }
  };

  // Children of <Project>: leaf properties, and the big containers streamed element by element.
  for (;;) {
    const tok = sc.next();
    if (tok === EOF || (tok === END && sc.depth === 0)) break;
    if (tok !== START) continue;
    const container = sc.name;
    if (container === N.Tasks || container === N.Resources || container === N.Assignments || container === N.Calendars || container === N.ExtendedAttributes) {
      if (sc.selfClosing) continue;
      const depth = sc.depth;
      let index = 0;
      for (;;) {
        const t = sc.next();
        if (t === END && sc.depth < depth) break;
        if (t !== START) continue;
        index++;
        const item = sc.name;
        sc.readInto(rec);
        if (container === N.Tasks && item === N.Task) {
          f.at('Project/Tasks/Task', index);
          doc.tasks.push(readTask(rec, f, doc));
        } else if (container === N.Assignments && item === N.Assignment) {
          f.at('Project/Assignments/Assignment', index);
          doc.assignments.push(readAssignment(rec, f, doc));
        } else if (container === N.Resources && item === N.Resource) {
          f.at('Project/Resources/Resource', index);
          doc.resources.push(readResource(rec, f, doc));
        } else if (container === N.Calendars && item === N.Calendar) {
          f.at('Project/Calendars/Calendar', index);
          doc.calendars.push(readCalendar(rec, f));
        } else if (container === N.ExtendedAttributes && item === N.ExtendedAttribute) {
          f.at('Project/ExtendedAttributes/ExtendedAttribute', index);
          doc.fields.push(readFieldDefinition(rec, f));
        }
        tick();
      }
    } else {
      sc.readInto(rec);
      f.at(`Project/${sc.names.names[container] ?? sc.tagName()}`, 0);
      readProjectField(rec, f, doc.project);
    }
  }
  doc.warnings.push(...f.warnings());
  options.onProgress?.({ phase: 'parsing', bytesRead: total, totalBytes: total, rows });
  return doc;
}

/** The root must be <Project> in MS Project's namespace; say what the file is when it is not. */
function checkRoot(sc: XmlScanner, file: string): void {
  const root = sc.tagName();
  const local = root.includes(':') ? root.slice(root.indexOf(':') + 1) : root;
  const attrs = sc.attributes();
  const prefix = root.includes(':') ? root.slice(0, root.indexOf(':')) : '';
  const ns = prefix ? attrs[`xmlns:${prefix}`] : attrs.xmlns;
  if (local === 'APIBusinessObjects') {
    throw new ImportError(`${file}This is a Primavera P6 XML (PMXML) file, not MS Project XML. Import it as a P6 XML file instead.`, root);
  }
  if (local !== 'Project') {
    throw new ImportError(
      `${file}This XML file is not MS Project XML: its root element is <${root}>, where MS Project writes <Project xmlns="${MSPDI_NAMESPACE}">. ${ADVICE}`,
      root,
    );
  }
  // Some tools append a version ("…/project/2007"); anything else is another application's <Project>.
  if (ns !== MSPDI_NAMESPACE && !ns?.startsWith(`${MSPDI_NAMESPACE}/`)) {
    throw new ImportError(
      `${file}This XML file has a <Project> root element, but ${ns ? `in the namespace "${ns}"` : 'without a namespace'}, so it is not MS Project XML (MS Project writes xmlns="${MSPDI_NAMESPACE}"). ${ADVICE}`,
      root,
    );
  }
}

function emptyProject(): MspdiProject {
  return { saveVersion: undefined, calendarUid: undefined, minutesPerDay: undefined, minutesPerWeek: undefined, daysPerMonth: undefined, defaultTaskEvMethod: undefined, baselineForEarnedValue: undefined };
}

function readProjectField(rec: XmlRecord, f: FieldReader, p: MspdiProject): void {
  if (rec.count !== 1) return; // a container we do not read (OutlineCodes, WBSMasks, …)
  switch (rec.name[0]) {
    case N.SaveVersion: p.saveVersion = f.int(rec, 0); break;
    case N.BuildNumber: p.buildNumber = f.text(rec, 0); break;
    case N.Name: p.name = f.text(rec, 0); break;
    case N.Title: p.title = f.text(rec, 0); break;
    case N.GUID: p.guid = f.text(rec, 0); break;
    case N.Author: p.author = f.text(rec, 0); break;
    case N.Company: p.company = f.text(rec, 0); break;
    case N.StartDate: p.startDate = f.date(rec, 0); break;
    case N.FinishDate: p.finishDate = f.date(rec, 0); break;
    case N.StatusDate: p.statusDate = f.date(rec, 0); break;
    case N.CurrentDate: p.currentDate = f.date(rec, 0); break;
    case N.CurrencyCode: p.currencyCode = f.text(rec, 0)?.trim(); break;
    case N.CurrencySymbol: p.currencySymbol = f.text(rec, 0); break;
    case N.CalendarUID: p.calendarUid = f.int(rec, 0); break;
    case N.MinutesPerDay: p.minutesPerDay = f.num(rec, 0); break;
    case N.MinutesPerWeek: p.minutesPerWeek = f.num(rec, 0); break;
    case N.DaysPerMonth: p.daysPerMonth = f.num(rec, 0); break;
    case N.DefaultTaskEVMethod: p.defaultTaskEvMethod = f.int(rec, 0); break;
    case N.BaselineForEarnedValue: p.baselineForEarnedValue = f.int(rec, 0); break;
  }
}

function readTask(rec: XmlRecord, f: FieldReader, doc: MspdiDocument): MspdiTask {
  const t: MspdiTask = {
    uid: undefined, id: undefined, name: undefined, wbs: undefined, outlineNumber: undefined, outlineLevel: undefined,
    isNull: false, summary: false, milestone: false, external: false, isSubproject: false, active: true,
    start: undefined, finish: undefined, actualStart: undefined, actualFinish: undefined,
    duration: undefined, durationFormat: undefined, remainingDuration: undefined, actualDuration: undefined, totalSlack: undefined,
    percentComplete: undefined, percentWorkComplete: undefined, physicalPercentComplete: undefined, earnedValueMethod: undefined,
    cost: undefined, actualCost: undefined, remainingCost: undefined, fixedCost: undefined, fixedCostAccrual: undefined, work: undefined, actualWork: undefined, remainingWork: undefined,
    bcws: undefined, bcwp: undefined, acwp: undefined, cv: undefined, sv: undefined, constraintType: undefined, constraintDate: undefined, deadline: undefined,
    calendarUid: undefined, predecessors: NONE, baselines: NONE, custom: NONE,
  };
  const n = rec.count;
  for (let k = 1; k < n; k++) {
    if (rec.depth[k] !== 1) continue;
    switch (rec.name[k]) {
      case N.UID: t.uid = f.int(rec, k); break;
      case N.ID: t.id = f.int(rec, k); break;
      case N.Name: t.name = f.text(rec, k); break;
      case N.WBS: t.wbs = f.text(rec, k); break;
      case N.OutlineNumber: t.outlineNumber = f.text(rec, k); break;
      case N.OutlineLevel: t.outlineLevel = f.int(rec, k); break;
      case N.IsNull: t.isNull = f.bool(rec, k); break;
      case N.Summary: t.summary = f.bool(rec, k); break;
      case N.Milestone: t.milestone = f.bool(rec, k); break;
      case N.ExternalTask: t.external = f.bool(rec, k); break;
      case N.IsSubproject: t.isSubproject = f.bool(rec, k); break;
      case N.Active: t.active = f.bool(rec, k); break;
      case N.Start: t.start = f.date(rec, k); break;
      case N.Finish: t.finish = f.date(rec, k); break;
      case N.ActualStart: t.actualStart = f.date(rec, k); break;
      case N.ActualFinish: t.actualFinish = f.date(rec, k); break;
      case N.Duration: t.duration = f.hours(rec, k); break;
      case N.DurationFormat: t.durationFormat = f.int(rec, k); break;
      case N.RemainingDuration: t.remainingDuration = f.hours(rec, k); break;
      case N.ActualDuration: t.actualDuration = f.hours(rec, k); break;
      // Tenths of a minute: 4800 is 8 hours (MSPDI schema; MS Project writes slack so, not as PT…).
      case N.TotalSlack: { const v = f.num(rec, k); t.totalSlack = v === undefined ? undefined : v / 600; break; }
      case N.PercentComplete: t.percentComplete = f.num(rec, k); break;
      case N.PercentWorkComplete: t.percentWorkComplete = f.num(rec, k); break;
      case N.PhysicalPercentComplete: t.physicalPercentComplete = f.num(rec, k); break;
      case N.EarnedValueMethod: t.earnedValueMethod = f.int(rec, k); break;
      case N.Cost: t.cost = f.num(rec, k, 2); break;
      case N.ActualCost: t.actualCost = f.num(rec, k, 2); break;
      case N.RemainingCost: t.remainingCost = f.num(rec, k, 2); break;
      case N.FixedCost: t.fixedCost = f.num(rec, k, 2); break;
      case N.FixedCostAccrual: t.fixedCostAccrual = f.int(rec, k); break;
      case N.Work: t.work = f.hours(rec, k); break;
      case N.ActualWork: t.actualWork = f.hours(rec, k); break;
      case N.RemainingWork: t.remainingWork = f.hours(rec, k); break;
      case N.BCWS: t.bcws = f.num(rec, k, 2); break;
      case N.BCWP: t.bcwp = f.num(rec, k, 2); break;
      case N.ACWP: t.acwp = f.num(rec, k, 2); break;
      case N.CV: t.cv = f.num(rec, k, 2); break;
      case N.SV: t.sv = f.num(rec, k, 2); break;
      case N.ConstraintType: t.constraintType = f.int(rec, k); break;
      case N.ConstraintDate: t.constraintDate = f.date(rec, k); break;
      case N.Deadline: t.deadline = f.date(rec, k); break;
      case N.CalendarUID: t.calendarUid = f.int(rec, k); break;
      case N.PredecessorLink: t.predecessors = append(t.predecessors, readLink(rec, k, f)); break;
      case N.Baseline: t.baselines = append(t.baselines, readBaseline(rec, k, f)); break;
      case N.ExtendedAttribute: {
        const v = readCustomValue(rec, k, f);
        if (v) t.custom = append(t.custom, v);
        break;
      }
      case N.TimephasedData: doc.timephasedRecords++; break;
    }
  }
  return t;
}

function readLink(rec: XmlRecord, at: number, f: FieldReader): MspdiLink {
  // MSPDI defaults: Type FS, LagFormat days.
  const l: MspdiLink = { predecessorUid: undefined, type: 1, linkLag: 0, lagFormat: 7, crossProject: false };
  const end = rec.skip(at);
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    switch (rec.name[k]) {
      case N.PredecessorUID: l.predecessorUid = f.int(rec, k); break;
      case N.Type: l.type = f.int(rec, k) ?? 1; break;
      case N.LinkLag: l.linkLag = f.num(rec, k) ?? 0; break;
      case N.LagFormat: l.lagFormat = f.int(rec, k) ?? 7; break;
      case N.CrossProject: l.crossProject = f.bool(rec, k); break;
    }
  }
  return l;
}

function readBaseline(rec: XmlRecord, at: number, f: FieldReader): MspdiBaseline {
  const b: MspdiBaseline = { number: undefined, start: undefined, finish: undefined, duration: undefined, work: undefined, cost: undefined, bcws: undefined, bcwp: undefined };
  const end = rec.skip(at);
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    switch (rec.name[k]) {
      case N.Number: b.number = f.int(rec, k); break;
      case N.Start: b.start = f.date(rec, k); break;
      case N.Finish: b.finish = f.date(rec, k); break;
      case N.Duration: b.duration = f.hours(rec, k); break;
      case N.Work: b.work = f.hours(rec, k); break;
      case N.Cost: b.cost = f.num(rec, k, 2); break;
      case N.BCWS: b.bcws = f.num(rec, k, 2); break;
      case N.BCWP: b.bcwp = f.num(rec, k, 2); break;
    }
  }
  return b;
}

function readCustomValue(rec: XmlRecord, at: number, f: FieldReader): { fieldId: number; value: string } | null {
  let fieldId: number | undefined;
  let value: string | undefined;
  const end = rec.skip(at);
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    if (rec.name[k] === N.FieldID) fieldId = f.int(rec, k);
    else if (rec.name[k] === N.Value) value = f.text(rec, k);
  }
  return fieldId !== undefined && value !== undefined ? { fieldId, value } : null;
}

function readTimephased(rec: XmlRecord, at: number, f: FieldReader): MspdiTimephased {
  const t: MspdiTimephased = { type: undefined, start: undefined, finish: undefined, value: undefined };
  const end = rec.skip(at);
  let valueAt = -1;
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    switch (rec.name[k]) {
      case N.Type: t.type = f.int(rec, k); break;
      case N.Start: t.start = f.date(rec, k); break;
      case N.Finish: t.finish = f.date(rec, k); break;
      case N.Value: valueAt = k; break;
    }
  }
  // The value's unit depends on the type, which may come after it.
  if (valueAt >= 0) {
    if (t.type === 11) t.value = f.num(rec, valueAt);
    else t.value = t.type !== undefined && isCostType(t.type) ? f.num(rec, valueAt, 2) : f.hours(rec, valueAt);
  }
  return t;
}

function readResource(rec: XmlRecord, f: FieldReader, doc: MspdiDocument): MspdiResource {
  const r: MspdiResource = {
    uid: undefined, id: undefined, name: undefined, type: 1, isCostResource: false, isBudget: false, code: undefined, initials: undefined,
    group: undefined, materialLabel: undefined, standardRate: undefined, overtimeRate: undefined, costPerUse: undefined, calendarUid: undefined, baselines: [], rates: NONE,
  };
  const n = rec.count;
  for (let k = 1; k < n; k++) {
    if (rec.depth[k] !== 1) continue;
    switch (rec.name[k]) {
      case N.UID: r.uid = f.int(rec, k); break;
      case N.ID: r.id = f.int(rec, k); break;
      case N.Name: r.name = f.text(rec, k); break;
      case N.Type: r.type = f.int(rec, k) ?? 1; break;
      case N.IsCostResource: r.isCostResource = f.bool(rec, k); break;
      case N.IsBudget: r.isBudget = f.bool(rec, k); break;
      case N.Code: r.code = f.text(rec, k); break;
      case N.Initials: r.initials = f.text(rec, k); break;
      case N.Group: r.group = f.text(rec, k); break;
      case N.MaterialLabel: r.materialLabel = f.text(rec, k); break;
      case N.StandardRate: r.standardRate = f.num(rec, k); break;
      case N.OvertimeRate: r.overtimeRate = f.num(rec, k); break;
      case N.CostPerUse: r.costPerUse = f.num(rec, k, 2); break;
      case N.CalendarUID: r.calendarUid = f.int(rec, k); break;
      case N.Baseline: r.baselines.push(readBaseline(rec, k, f)); break;
      case N.Rates: forChildren(rec, k, N.Rate, (j) => (r.rates = append(r.rates, readRate(rec, j, f)))); break;
      case N.TimephasedData: doc.timephasedRecords++; break;
    }
  }
  return r;
}

function readRate(rec: XmlRecord, at: number, f: FieldReader): MspdiRate {
  const r: MspdiRate = { table: undefined, from: undefined, to: undefined, standardRate: undefined, overtimeRate: undefined, costPerUse: undefined };
  const end = rec.skip(at);
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    switch (rec.name[k]) {
      case N.RateTable: r.table = f.int(rec, k); break;
      case N.RatesFrom: r.from = f.date(rec, k); break;
      case N.RatesTo: r.to = f.date(rec, k); break;
      // Per hour whatever StandardRateFormat/OvertimeRateFormat say (20/min is written 1200).
      case N.StandardRate: r.standardRate = f.num(rec, k); break;
      case N.OvertimeRate: r.overtimeRate = f.num(rec, k); break;
      case N.CostPerUse: r.costPerUse = f.num(rec, k, 2); break;
    }
  }
  return r;
}

function readAssignment(rec: XmlRecord, f: FieldReader, doc: MspdiDocument): MspdiAssignment {
  const a: MspdiAssignment = {
    uid: undefined, taskUid: undefined, resourceUid: undefined, units: undefined, start: undefined, finish: undefined, actualStart: undefined, actualFinish: undefined,
    work: undefined, actualWork: undefined, remainingWork: undefined, cost: undefined, actualCost: undefined, remainingCost: undefined, bcws: undefined, bcwp: undefined, acwp: undefined,
    costRateTable: undefined, baselines: NONE, timephased: NONE,
  };
  const n = rec.count;
  for (let k = 1; k < n; k++) {
    if (rec.depth[k] !== 1) continue;
    switch (rec.name[k]) {
      case N.UID: a.uid = f.int(rec, k); break;
      case N.TaskUID: a.taskUid = f.int(rec, k); break;
      case N.ResourceUID: a.resourceUid = f.int(rec, k); break;
      case N.Units: a.units = f.num(rec, k); break;
      case N.Start: a.start = f.date(rec, k); break;
      case N.Finish: a.finish = f.date(rec, k); break;
      case N.ActualStart: a.actualStart = f.date(rec, k); break;
      case N.ActualFinish: a.actualFinish = f.date(rec, k); break;
      case N.Work: a.work = f.hours(rec, k); break;
      case N.ActualWork: a.actualWork = f.hours(rec, k); break;
      case N.RemainingWork: a.remainingWork = f.hours(rec, k); break;
      case N.Cost: a.cost = f.num(rec, k, 2); break;
      case N.ActualCost: a.actualCost = f.num(rec, k, 2); break;
      case N.RemainingCost: a.remainingCost = f.num(rec, k, 2); break;
      case N.BCWS: a.bcws = f.num(rec, k, 2); break;
      case N.BCWP: a.bcwp = f.num(rec, k, 2); break;
      case N.ACWP: a.acwp = f.num(rec, k, 2); break;
      case N.CostRateTable: a.costRateTable = f.int(rec, k); break;
      case N.Baseline: a.baselines = append(a.baselines, readBaseline(rec, k, f)); break;
      case N.TimephasedData:
        doc.timephasedRecords++;
        a.timephased = append(a.timephased, readTimephased(rec, k, f));
        break;
    }
  }
  return a;
}

function readFieldDefinition(rec: XmlRecord, f: FieldReader): MspdiFieldDefinition {
  const d: MspdiFieldDefinition = { fieldId: undefined, fieldName: undefined, alias: undefined };
  for (let k = 1; k < rec.count; k++) {
    if (rec.depth[k] !== 1) continue;
    switch (rec.name[k]) {
      case N.FieldID: d.fieldId = f.int(rec, k); break;
      case N.FieldName: d.fieldName = f.text(rec, k); break;
      case N.Alias: d.alias = f.text(rec, k); break;
    }
  }
  return d;
}

// ---- calendars ---------------------------------------------------------------------------

function readCalendar(rec: XmlRecord, f: FieldReader): MspdiCalendar {
  const c: MspdiCalendar = { uid: undefined, name: undefined, isBase: true, baseUid: -1, weekDays: [], exceptions: [], workWeeks: [] };
  for (let k = 1; k < rec.count; k++) {
    if (rec.depth[k] !== 1) continue;
    switch (rec.name[k]) {
      case N.UID: c.uid = f.int(rec, k); break;
      case N.Name: c.name = f.text(rec, k); break;
      case N.IsBaseCalendar: c.isBase = f.bool(rec, k); break;
      case N.BaseCalendarUID: c.baseUid = f.int(rec, k); break;
      case N.WeekDays: forChildren(rec, k, N.WeekDay, (j) => c.weekDays.push(readWorkingDay(rec, j, f))); break;
      case N.Exceptions: forChildren(rec, k, N.Exception, (j) => c.exceptions.push(readException(rec, j, f))); break;
      case N.WorkWeeks: forChildren(rec, k, N.WorkWeek, (j) => c.workWeeks.push(readWorkWeek(rec, j, f))); break;
    }
  }
  return c;
}

/** Calls `fn` with each direct child of entry `at` named `name`. */
function forChildren(rec: XmlRecord, at: number, name: number, fn: (k: number) => void): void {
  const end = rec.skip(at);
  const d = rec.depth[at] + 1;
  for (let k = at + 1; k < end; k++) if (rec.depth[k] === d && rec.name[k] === name) fn(k);
}

function readTimes(rec: XmlRecord, at: number, f: FieldReader): [number, number][] {
  const out: [number, number][] = [];
  forChildren(rec, at, N.WorkingTime, (w) => {
    let from: number | undefined;
    let to: number | undefined;
    forChildren(rec, w, N.FromTime, (k) => (from = f.timeOfDay(rec, k)));
    forChildren(rec, w, N.ToTime, (k) => (to = f.timeOfDay(rec, k)));
    if (from !== undefined && to !== undefined) out.push([from, to]);
  });
  return out;
}

function readPeriod(rec: XmlRecord, at: number, f: FieldReader): { from?: string; to?: string } {
  const p: { from?: string; to?: string } = {};
  forChildren(rec, at, N.FromDate, (k) => (p.from = f.date(rec, k)));
  forChildren(rec, at, N.ToDate, (k) => (p.to = f.date(rec, k)));
  return p;
}

function readWorkingDay(rec: XmlRecord, at: number, f: FieldReader): MspdiWorkingDay {
  const d: MspdiWorkingDay = { dayType: undefined, working: false, times: [] };
  const end = rec.skip(at);
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    switch (rec.name[k]) {
      case N.DayType: d.dayType = f.int(rec, k); break;
      case N.DayWorking: d.working = f.bool(rec, k); break;
      case N.WorkingTimes: d.times = readTimes(rec, k, f); break;
      case N.TimePeriod: Object.assign(d, readPeriod(rec, k, f)); break;
    }
  }
  return d;
}

function readException(rec: XmlRecord, at: number, f: FieldReader): MspdiException {
  const x: MspdiException = {
    name: undefined, from: undefined, to: undefined, type: 1, working: false, times: [], enteredByOccurrences: false,
    occurrences: undefined, period: undefined, daysOfWeek: undefined, month: undefined, monthDay: undefined, monthPosition: undefined, monthItem: undefined,
  };
  const end = rec.skip(at);
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    switch (rec.name[k]) {
      case N.Name: x.name = f.text(rec, k); break;
      case N.TimePeriod: Object.assign(x, readPeriod(rec, k, f)); break;
      case N.Type: x.type = f.int(rec, k) ?? 1; break;
      case N.DayWorking: x.working = f.bool(rec, k); break;
      case N.WorkingTimes: x.times = readTimes(rec, k, f); break;
      case N.EnteredByOccurrences: x.enteredByOccurrences = f.bool(rec, k); break;
      case N.Occurrences: x.occurrences = f.int(rec, k); break;
      case N.Period: x.period = f.int(rec, k); break;
      case N.DaysOfWeek: x.daysOfWeek = f.int(rec, k); break;
      case N.Month: x.month = f.int(rec, k); break;
      case N.MonthDay: x.monthDay = f.int(rec, k); break;
      case N.MonthPosition: x.monthPosition = f.int(rec, k); break;
      case N.MonthItem: x.monthItem = f.int(rec, k); break;
    }
  }
  return x;
}

function readWorkWeek(rec: XmlRecord, at: number, f: FieldReader): MspdiWorkWeek {
  const w: MspdiWorkWeek = { name: undefined, days: [] };
  const end = rec.skip(at);
  for (let k = at + 1; k < end; k++) {
    if (rec.depth[k] !== rec.depth[at] + 1) continue;
    switch (rec.name[k]) {
      case N.Name: w.name = f.text(rec, k); break;
      case N.TimePeriod: Object.assign(w, readPeriod(rec, k, f)); break;
      case N.WeekDays: forChildren(rec, k, N.WeekDay, (j) => w.days.push(readWorkingDay(rec, j, f))); break;
    }
  }
  return w;
}
