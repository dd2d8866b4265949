/**
 * MPX bytes → `MspdiDocument`: the same typed records, in the same units, as the MSPDI reader
 * produces, so ../mspdi/map.ts takes every modelling decision for both formats alike.
 *
 * Record by record (numbers as MS Project writes them; MPXJ's MPXReader is the reference):
 *   MPX header (delimiter, code page) · 10 currency · 11 defaults · 12 date/time settings ·
 *   20 base calendar, 25 its hours, 26 its exceptions · 30 project header · 40/41 resource
 *   model (names / numbers of the fields each resource record holds) · 50 resource, 51 notes ·
 *   55 resource calendar, 56 hours, 57 exceptions · 60/61 task model · 70 task, 71 notes,
 *   72 recurrence · 75 assignment (to the task before it), 76 workgroup · 0 comments,
 *   80 project names, 81 DDE/OLE links.
 * Notes, recurrences, workgroup data, comments and links to other programs are skipped: the model
 * has no place for them. A record number outside that list stops the import: the file is not
 * MPX as MS Project writes it, and reading on would guess.
 *
 * Decisions the MPX format forces (MSPDI files state these, MPX files do not):
 * - Dates written without a time (the usual "Tue 07/01/03") start at the file's default start
 *   time (record 12) when they are starts, and end when the project calendar's working day ends
 *   (17:00 for the standard calendar) when they are finishes; a zero-duration task finishes when
 *   it starts. MS Project shows the same day; the exact hour is not in the file.
 * - A baseline exists for a task only when its baseline start or finish is a date or a baseline
 *   figure is not zero: MS Project writes "£0.00" and "NA" for tasks that were never baselined.
 * - Summary flags are rebuilt from the outline (as MPXJ does), not taken from the Summary field.
 * - Predecessors name task IDs (row numbers; field 70) or unique IDs (field 74); they are
 *   resolved once every task is read.
 */
import { ImportCancelled, ImportError, inFile, type ImportOptions } from '../types';
import { decodeText } from '../encoding';
import type { ImportWarning } from '../../model/schedule';
import type { MspdiAssignment, MspdiBaseline, MspdiCalendar, MspdiDocument, MspdiFieldDefinition, MspdiLink, MspdiResource, MspdiTask, MspdiWorkingDay } from '../mspdi/document';
import { CONSTRAINT_NAMES, LAG_FORMATS, LINK_TYPES, RESOURCE as RESOURCE_FIELDS, TASK as TASK_FIELDS, TASK_CUSTOM } from './fields';
import { forEachRecord, type MpxRecord } from './records';
import { DEFAULT_SETTINGS, parseCurrency, parseDate, parseDuration, parseNumber, parsePercent, parseRate, parseTime, type MpxDate, type MpxSettings } from './values';

const ADVICE = 'Export the schedule again from its application (in Microsoft Project: File › Save As › MPX), or save it as Microsoft Project XML and import that.';
const KNOWN_RECORDS = new Set(['0', '10', '11', '12', '20', '25', '26', '30', '40', '41', '50', '51', '55', '56', '57', '60', '61', '70', '71', '72', '75', '76', '80', '81']);
const CHECK_EVERY = 2000;
// Plain local copies: the field switches below compare against them for every field of every
// record, and an imported binding can cost a getter call per comparison outside a bundle.
const TASK = { ...TASK_FIELDS };
const RESOURCE = { ...RESOURCE_FIELDS };

/**
 * Record 0's code page → a WHATWG encoding label. MPXJ's CodePage lists what MS Project writes:
 * ANSI (Windows-1252), MAC (Mac Roman), 850 and 437 (DOS Latin and US), ZH (GB2312), RU
 * (Windows-1251). Browsers cannot decode the DOS code pages, so those files are decoded by
 * detection (their ASCII is the same; accented letters may differ) with a warning.
 */
const CODE_PAGES: Record<string, string> = {
  ANSI: 'windows-1252',
  MAC: 'macintosh',
  ZH: 'gbk',
  RU: 'windows-1251',
};

/** Unambiguous currency symbols → ISO 4217 ("$" and "kr" name several currencies and stay unknown). */
const SYMBOL_CODES: Record<string, string> = { '£': 'GBP', '€': 'EUR', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₺': 'TRY', zł: 'PLN', 'R$': 'BRL', Kč: 'CZK', Ft: 'HUF' };

/** English names of the task and resource fields read here, for files that carry only the text models (60, 40). */
const TASK_FIELD_NAMES: Record<string, number> = {
  name: 1, wbs: 2, 'outline level': 3, work: 20, 'baseline work': 21, 'actual work': 22, 'remaining work': 23, '% work complete': 25,
  cost: 30, 'baseline cost': 31, 'actual cost': 32, 'remaining cost': 33, 'fixed cost': 35, cost1: 36, cost2: 37, cost3: 38,
  duration: 40, 'baseline duration': 41, 'actual duration': 42, 'remaining duration': 43, '% complete': 44, duration1: 46, duration2: 47, duration3: 48,
  start: 50, finish: 51, 'early start': 52, 'early finish': 53, 'baseline start': 56, 'baseline finish': 57, 'actual start': 58, 'actual finish': 59,
  'constraint date': 68, predecessors: 70, 'unique id predecessors': 74, milestone: 81, bcws: 85, bcwp: 86, sv: 87, cv: 88, id: 90,
  'constraint type': 91, 'total slack': 94, 'unique id': 98, 'outline number': 99, summary: 120,
  text1: 4, text2: 5, text3: 6, text4: 7, text5: 8, text6: 9, text7: 10, text8: 11, text9: 12, text10: 13,
  number1: 140, number2: 141, number3: 142, number4: 143, number5: 144,
};
const RESOURCE_FIELD_NAMES: Record<string, number> = {
  name: 1, initials: 2, group: 3, code: 4, cost: 30, 'baseline cost': 31, 'actual cost': 32, id: 40, 'standard rate': 42, 'overtime rate': 43,
  'cost per use': 44, 'base calendar': 48, 'unique id': 49,
};

interface PendingLinks {
  task: MspdiTask;
  raw: string;
  byUniqueId: boolean;
  line: number;
}

interface PendingCalendar {
  cal: MspdiCalendar;
  /** Day types from record 20/55, Sunday first: 0 non-working, 1 working, 2 as the base calendar. */
  dayTypes: number[];
  hours: Map<number, [number, number][]>;
}

export interface MpxParsed {
  doc: MspdiDocument;
  /** The code page record 0 names and the encoding used, for the import notes. */
  encoding: string;
  currencyFromSymbol?: string;
}

export function parseMpxDocument(bytes: Uint8Array, options: ImportOptions = {}): MpxParsed {
  const file = inFile(options.fileName);
  const total = bytes.length;
  options.onProgress?.({ phase: 'reading', bytesRead: 0, totalBytes: total, rows: 0 });

  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  if (bytes[start] !== 0x4d || bytes[start + 1] !== 0x50 || bytes[start + 2] !== 0x58)
    throw new ImportError(`${file}line 1: an MPX file starts with "MPX", and this one does not. ${ADVICE}`, 'line 1');
  const delimiter = String.fromCharCode(bytes[start + 3] ?? 0);
  if (bytes.length <= start + 3 || delimiter === '\r' || delimiter === '\n' || /[\w"]/.test(delimiter))
    throw new ImportError(`${file}line 1: the first line must be "MPX" followed by the field separator and the program, version and code page (MPX,Microsoft Project for Windows,4.0,ANSI). ${ADVICE}`, 'line 1');

  // The header line is ASCII; its fourth field names the code page of the rest.
  let end = start;
  while (end < bytes.length && end < start + 1024 && bytes[end] !== 10 && bytes[end] !== 13) end++;
  let header = '';
  for (let i = start; i < end; i++) header += String.fromCharCode(bytes[i]);
  const codePage = (header.split(delimiter)[3] ?? '').trim().toUpperCase();
  const warnings: ImportWarning[] = [];
  const hint = CODE_PAGES[codePage];
  if (!hint && codePage) warnings.push({ message: `The file says its text is in code page "${codePage}", which Earnest cannot decode as such; the encoding was worked out from the text itself. Check names with accented letters.`, where: 'line 1' });
  let decoded;
  try {
    decoded = decodeText(bytes, hint);
  } catch {
    decoded = decodeText(bytes);
  }
  // Some tools label UTF-8 text "ANSI". Text that is valid UTF-8 and has letters beyond ASCII is
  // almost never Windows-1252 by accident (see ../encoding.ts), so it is read as UTF-8.
  if (hint === 'windows-1252' && hasHighByte(bytes)) {
    let utf8: string | null = null;
    try {
      utf8 = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // not UTF-8: Windows-1252 as labelled
    }
    if (utf8 !== null) {
      decoded = { text: utf8.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
      warnings.push({ message: 'The file says its text is ANSI (Windows-1252), but it is UTF-8; it was read as UTF-8.', where: 'line 1' });
    }
  }
  const text = decoded.text;

  const s: MpxSettings = { ...DEFAULT_SETTINGS };
  const doc: MspdiDocument = { project: {}, calendars: [], tasks: [], resources: [], assignments: [], fields: [], timephasedRecords: 0, warnings };
  const warn = (message: string, line: number) => warnings.push({ message, where: `line ${line}` });
  const unreadable = new Map<string, { count: number; first: number; example: string }>();
  const noteUnreadable = (what: string, value: string, line: number) => {
    const u = unreadable.get(what);
    if (u) u.count++;
    else unreadable.set(what, { count: 1, first: line, example: value });
  };

  let taskModel: number[] | null = null;
  let taskModelNames: string[] | null = null;
  let resourceModel: number[] | null = null;
  let resourceModelNames: string[] | null = null;
  let calendar: PendingCalendar | null = null;
  const calendars: PendingCalendar[] = [];
  let nextCalendarUid = 1;
  let defaultCalendarName: string | undefined;
  let lastTask: MspdiTask | null = null;
  let lastTaskHasBaseline = false;
  let lastResource: MspdiResource | null = null;
  const resourceByUid = new Map<number, MspdiResource>();
  const resourceById = new Map<number, MspdiResource>();
  const links: PendingLinks[] = [];
  const customSeen = new Set<number>();
  let nextAssignmentUid = 1;
  let dayEnd: number[] | null = null;
  let records = 0;
  let firstLine = true;

  const date = (raw: string, what: string, line: number): MpxDate | undefined => {
    const d = parseDate(raw, s);
    if (!d && raw.trim() !== '' && raw.trim().toUpperCase() !== 'NA') noteUnreadable(what, raw, line);
    return d;
  };
  const startOf = (d: MpxDate | undefined): string | undefined => (d ? `${d.date}T${hhmm(d.minutes ?? s.defaultStart)}` : undefined);
  const finishOf = (d: MpxDate | undefined): string | undefined => {
    if (!d) return undefined;
    if (d.minutes !== undefined) return `${d.date}T${hhmm(d.minutes)}`;
    dayEnd ??= workdayEnds(calendars, defaultCalendarName);
    const [y, m, dd] = d.date.split('-').map(Number);
    return `${d.date}T${hhmm(dayEnd[new Date(Date.UTC(y, m - 1, dd)).getUTCDay()])}`;
  };
  const hours = (raw: string, what: string, line: number): number | undefined => {
    const d = parseDuration(raw, s);
    if (!d) {
      noteUnreadable(what, raw, line);
      return undefined;
    }
    return d.hours;
  };
  const money = (raw: string, what: string, line: number): number | undefined => {
    const v = parseCurrency(raw, s);
    if (v === undefined) noteUnreadable(what, raw, line);
    return v;
  };
  const int = (raw: string | undefined): number | undefined => {
    if (raw === undefined || raw.trim() === '') return undefined;
    const v = Number(raw.trim());
    return Number.isInteger(v) ? v : undefined;
  };

  const closeCalendar = () => {
    if (calendar) calendars.push(calendar);
    calendar = null;
  };
  const openCalendar = (r: MpxRecord, base: boolean) => {
    closeCalendar();
    const c: MspdiCalendar = { uid: nextCalendarUid++, name: r.fields[0]?.trim() || undefined, isBase: base, weekDays: [], exceptions: [], workWeeks: [] };
    const dayTypes: number[] = [];
    for (let d = 1; d <= 7; d++) dayTypes.push(int(r.fields[d]) ?? 2);
    calendar = { cal: c, dayTypes, hours: new Map() };
    return calendar;
  };
  const times = (fields: string[], from: number, line: number): [number, number][] => {
    const out: [number, number][] = [];
    for (let i = from; i + 1 < fields.length && i < from + 6; i += 2) {
      if (fields[i].trim() === '' && fields[i + 1].trim() === '') continue;
      const a = parseTime(fields[i], s);
      const b = parseTime(fields[i + 1], s);
      if (a === undefined || b === undefined) {
        noteUnreadable('calendar times', `${fields[i]}–${fields[i + 1]}`, line);
        continue;
      }
      out.push([a, b]);
    }
    return out;
  };

  const onRecord = (r: MpxRecord) => {
    records++;
    if (firstLine) {
      firstLine = false;
      return; // the MPX header, read above
    }
    if (records % CHECK_EVERY === 0) {
      if (options.isCancelled?.()) throw new ImportCancelled();
      options.onProgress?.({ phase: 'parsing', bytesRead: Math.round((r.line / Math.max(1, approxLines)) * total), totalBytes: total, rows: doc.tasks.length });
    }
    if (!KNOWN_RECORDS.has(r.type)) {
      const what = /^\d+$/.test(r.type) ? `record type ${r.type}, which is not an MPX record type` : `"${r.type.slice(0, 20)}" where a record number should be`;
      throw new ImportError(`${file}line ${r.line}: the line starts with ${what}. The file is damaged or is not an MPX file. ${ADVICE}`, `line ${r.line}`);
    }
    const f = r.fields;
    switch (r.type) {
      case '10':
        if (f[0] !== undefined) s.currencySymbol = f[0].trim();
        if (f[3]) s.thousands = f[3];
        if (f[4]) s.decimal = f[4];
        doc.project.currencySymbol = s.currencySymbol;
        break;
      case '11': {
        const hpd = f[3] !== undefined ? parseNumber(f[3], s) : undefined;
        const hpw = f[4] !== undefined ? parseNumber(f[4], s) : undefined;
        if (hpd !== undefined && hpd > 0 && hpd <= 24) s.hoursPerDay = hpd;
        if (hpw !== undefined && hpw > 0 && hpw <= 168) s.hoursPerWeek = hpw;
        break;
      }
      case '12': {
        const order = int(f[0]);
        if (order !== undefined && order >= 0 && order <= 2) s.dateOrder = order;
        const startMin = int(f[2]);
        if (startMin !== undefined && startMin >= 0 && startMin < 1440) s.defaultStart = startMin;
        if (f[3]) s.dateSeparator = f[3];
        if (f[4]) s.timeSeparator = f[4];
        if (f[5]) s.amText = f[5].trim();
        if (f[6]) s.pmText = f[6].trim();
        break;
      }
      case '20':
        openCalendar(r, true);
        break;
      case '55': {
        if (!lastResource) {
          warn('A resource calendar (record 55) comes before any resource; it was skipped.', r.line);
          closeCalendar();
          break;
        }
        const pc = openCalendar(r, false);
        const baseName = f[0]?.trim();
        const base = calendars.find((c) => c.cal.isBase && c.cal.name === baseName);
        pc.cal.name = lastResource.name;
        if (base) pc.cal.baseUid = base.cal.uid;
        else if (baseName) warn(`The calendar of resource "${lastResource.name ?? ''}" is based on "${baseName}", which is not in the file; the standard week was used for the days it does not set.`, r.line);
        lastResource.calendarUid = pc.cal.uid;
        break;
      }
      case '25':
      case '56': {
        if (!calendar) {
          warn(`Calendar hours (record ${r.type}) come before any calendar; they were skipped.`, r.line);
          break;
        }
        const day = int(f[0]);
        if (day === undefined || day < 1 || day > 7) {
          noteUnreadable('calendar day numbers', f[0] ?? '', r.line);
          break;
        }
        calendar.hours.set(day, times(f, 1, r.line));
        break;
      }
      case '26':
      case '57': {
        if (!calendar) {
          warn(`A calendar exception (record ${r.type}) comes before any calendar; it was skipped.`, r.line);
          break;
        }
        const from = date(f[0] ?? '', 'calendar exception dates', r.line);
        const to = date(f[1] ?? '', 'calendar exception dates', r.line) ?? from;
        if (!from || !to) break;
        const working = int(f[2]) === 1;
        const wd: MspdiWorkingDay = { dayType: 0, working, times: working ? times(f, 3, r.line) : [], from: `${from.date}T00:00`, to: `${to.date}T23:59` };
        calendar.cal.weekDays.push(wd);
        break;
      }
      case '30':
        closeCalendar();
        doc.project.title = f[0]?.trim() || undefined;
        doc.project.company = f[1]?.trim() || undefined;
        defaultCalendarName = f[3]?.trim() || undefined;
        doc.project.startDate = startOf(date(f[4] ?? '', 'project dates', r.line));
        doc.project.finishDate = finishOf(date(f[5] ?? '', 'project dates', r.line));
        doc.project.currentDate = startOf(date(f[7] ?? '', 'project dates', r.line));
        doc.project.author = f[27]?.trim() || undefined;
        break;
      case '40':
        resourceModelNames = f.map((x) => x.trim().toLowerCase());
        break;
      case '41':
        resourceModel = modelNumbers(f, r, file);
        break;
      case '60':
        taskModelNames = f.map((x) => x.trim().toLowerCase());
        break;
      case '61':
        taskModel = modelNumbers(f, r, file);
        break;
      case '50': {
        closeCalendar();
        resourceModel ??= resourceModelNames ? resourceModelNames.map((n) => RESOURCE_FIELD_NAMES[n] ?? -1) : null;
        if (!resourceModel) throw new ImportError(`${file}line ${r.line}: a resource record (50) comes before the resource model (record 41) that says what its fields are. ${ADVICE}`, `line ${r.line}`);
        lastResource = readResource(r, resourceModel);
        doc.resources.push(lastResource);
        if (lastResource.uid !== undefined && !resourceByUid.has(lastResource.uid)) resourceByUid.set(lastResource.uid, lastResource);
        if (lastResource.id !== undefined && !resourceById.has(lastResource.id)) resourceById.set(lastResource.id, lastResource);
        break;
      }
      case '70': {
        closeCalendar();
        taskModel ??= taskModelNames ? taskModelNames.map((n) => TASK_FIELD_NAMES[n] ?? -1) : null;
        if (!taskModel) throw new ImportError(`${file}line ${r.line}: a task record (70) comes before the task model (record 61) that says what its fields are. ${ADVICE}`, `line ${r.line}`);
        lastTask = readTask(r, taskModel);
        doc.tasks.push(lastTask);
        break;
      }
      case '75': {
        if (!lastTask) {
          warn('An assignment (record 75) comes before any task; it was skipped.', r.line);
          break;
        }
        doc.assignments.push(readAssignment(r, lastTask));
        break;
      }
      default:
        break; // notes, recurrences, workgroup fields, comments, project names, DDE links
    }
  };

  const readResource = (r: MpxRecord, model: number[]): MspdiResource => {
    const res: MspdiResource = { type: 1, isCostResource: false, isBudget: false, baselines: [], rates: [] };
    checkCount(r, model, 'resource', '41', file);
    for (let i = 0; i < r.fields.length; i++) {
      const v = r.fields[i];
      if (v.trim() === '') continue;
      switch (model[i]) {
        case RESOURCE.NAME: res.name = v.trim(); break;
        case RESOURCE.INITIALS: res.initials = v.trim(); break;
        case RESOURCE.GROUP: res.group = v.trim(); break;
        case RESOURCE.CODE: res.code = v.trim(); break;
        case RESOURCE.ID: res.id = int(v); break;
        case RESOURCE.UNIQUE_ID: res.uid = int(v); break;
        case RESOURCE.STANDARD_RATE: res.standardRate = rate(v, r.line); break;
        case RESOURCE.OVERTIME_RATE: res.overtimeRate = rate(v, r.line); break;
        case RESOURCE.COST_PER_USE: res.costPerUse = money(v, 'resource costs', r.line); break;
        default: break;
      }
    }
    res.uid ??= res.id;
    return res;
  };
  const rate = (v: string, line: number): number | undefined => {
    const x = parseRate(v, s);
    if (x === undefined) noteUnreadable('resource rates', v, line);
    return x;
  };

  const readTask = (r: MpxRecord, model: number[]): MspdiTask => {
    checkCount(r, model, 'task', '61', file);
    const t: MspdiTask = { isNull: false, summary: false, milestone: false, external: false, isSubproject: false, active: true, predecessors: [], baselines: [], custom: [] };
    const b: MspdiBaseline = { number: 0 };
    let baselineSeen = false;
    let milestoneFlag = false;
    let earlyStart: string | undefined;
    let earlyFinish: string | undefined;
    let startRaw: MpxDate | undefined;
    let finishRaw: MpxDate | undefined;
    let constraintRaw: MpxDate | undefined;
    const line = r.line;
    for (let i = 0; i < r.fields.length; i++) {
      const v = r.fields[i];
      if (v.trim() === '') continue;
      const n = model[i];
      switch (n) {
        case TASK.NAME: t.name = v.trim(); break;
        case TASK.WBS: t.wbs = v.trim(); break;
        case TASK.OUTLINE_NUMBER: t.outlineNumber = v.trim(); break;
        case TASK.OUTLINE_LEVEL: t.outlineLevel = int(v); break;
        case TASK.ID: t.id = int(v); break;
        case TASK.UNIQUE_ID: t.uid = int(v); break;
        case TASK.WORK: t.work = hours(v, 'work', line); break;
        case TASK.ACTUAL_WORK: t.actualWork = hours(v, 'work', line); break;
        case TASK.REMAINING_WORK: t.remainingWork = hours(v, 'work', line); break;
        case TASK.BASELINE_WORK: b.work = hours(v, 'work', line); if (b.work) baselineSeen = true; break;
        case TASK.PERCENT_WORK_COMPLETE: t.percentWorkComplete = percent(v, line); break;
        case TASK.PERCENT_COMPLETE: t.percentComplete = percent(v, line); break;
        case TASK.COST: t.cost = money(v, 'costs', line); break;
        case TASK.ACTUAL_COST: t.actualCost = money(v, 'costs', line); break;
        case TASK.REMAINING_COST: t.remainingCost = money(v, 'costs', line); break;
        case TASK.FIXED_COST: t.fixedCost = money(v, 'costs', line); break;
        case TASK.BASELINE_COST: b.cost = money(v, 'costs', line); if (b.cost) baselineSeen = true; break;
        case TASK.BCWS: t.bcws = money(v, 'costs', line); break;
        case TASK.BCWP: t.bcwp = money(v, 'costs', line); break;
        case TASK.SV: t.sv = money(v, 'costs', line); break;
        case TASK.CV: t.cv = money(v, 'costs', line); break;
        case TASK.DURATION: t.duration = hours(v, 'durations', line); break;
        case TASK.ACTUAL_DURATION: t.actualDuration = hours(v, 'durations', line); break;
        case TASK.REMAINING_DURATION: t.remainingDuration = hours(v, 'durations', line); break;
        case TASK.BASELINE_DURATION: b.duration = hours(v, 'durations', line); if (b.duration) baselineSeen = true; break;
        case TASK.TOTAL_SLACK: t.totalSlack = hours(v, 'durations', line); break;
        case TASK.START: startRaw = date(v, 'dates', line); break;
        case TASK.FINISH: finishRaw = date(v, 'dates', line); break;
        case TASK.EARLY_START: earlyStart = startOf(date(v, 'dates', line)); break;
        case TASK.EARLY_FINISH: earlyFinish = finishOf(date(v, 'dates', line)); break;
        case TASK.ACTUAL_START: t.actualStart = startOf(date(v, 'dates', line)); break;
        case TASK.ACTUAL_FINISH: t.actualFinish = finishOf(date(v, 'dates', line)); break;
        case TASK.BASELINE_START: b.start = startOf(date(v, 'dates', line)); if (b.start) baselineSeen = true; break;
        case TASK.BASELINE_FINISH: b.finish = finishOf(date(v, 'dates', line)); if (b.finish) baselineSeen = true; break;
        case TASK.CONSTRAINT_DATE: constraintRaw = date(v, 'dates', line); break;
        case TASK.CONSTRAINT_TYPE: t.constraintType = constraintType(v, line); break;
        case TASK.MILESTONE: milestoneFlag = isYes(v); break;
        case TASK.PREDECESSORS: links.push({ task: t, raw: v, byUniqueId: false, line }); break;
        case TASK.UNIQUE_ID_PREDECESSORS: links.push({ task: t, raw: v, byUniqueId: true, line }); break;
        case TASK.SUMMARY: break; // rebuilt from the outline (see the header)
        default: {
          const c = n === undefined ? undefined : TASK_CUSTOM.get(n);
          if (c && n !== undefined) custom(t, n, c, v, line);
          break;
        }
      }
    }
    t.uid ??= t.id;
    t.start = startOf(startRaw) ?? earlyStart;
    // A zero-duration task (a milestone) finishes when it starts.
    t.finish = finishRaw && startRaw && finishRaw.date === startRaw.date && finishRaw.minutes === undefined && t.duration === 0 ? t.start : (finishOf(finishRaw) ?? earlyFinish);
    // MS Project's rule, as MPXJ applies it: a task with a duration is not a milestone.
    t.milestone = milestoneFlag && !(t.duration !== undefined && t.duration !== 0);
    if (constraintRaw) {
      // Finish constraints (MFO 3, FNET 6, FNLT 7) fall at the end of the day; the others at its start.
      const ct = t.constraintType ?? 0;
      t.constraintDate = ct === 3 || ct === 6 || ct === 7 ? finishOf(constraintRaw) : startOf(constraintRaw);
    }
    // MS Project's definitions (% Complete = Actual Duration ÷ Duration) fill in the two when
    // the file's task model leaves them out, as MS Project 98's default export does.
    if (t.duration !== undefined && t.percentComplete !== undefined) {
      const done = (t.duration * Math.min(100, Math.max(0, t.percentComplete))) / 100;
      t.actualDuration ??= done;
      t.remainingDuration ??= t.duration - t.actualDuration;
    }
    if (!t.name && !t.start && t.duration === undefined) t.isNull = true;
    if (baselineSeen) t.baselines = [b];
    lastTaskHasBaseline = baselineSeen;
    return t;
  };
  const percent = (v: string, line: number): number | undefined => {
    const x = parsePercent(v, s);
    if (x === undefined) noteUnreadable('percentages', v, line);
    return x;
  };
  const constraintType = (v: string, line: number): number | undefined => {
    const name = v.trim().toLowerCase();
    const i = CONSTRAINT_NAMES.indexOf(name);
    if (i >= 0) return i;
    const n = int(v);
    if (n !== undefined && n >= 0 && n <= 7) return n;
    noteUnreadable('constraint types', v, line);
    return undefined;
  };
  const custom = (t: MspdiTask, n: number, c: { name: string; kind: 'text' | 'cost' | 'number' | 'duration' }, v: string, line: number) => {
    // The MSPDI document holds custom values as MSPDI writes them: costs in hundredths,
    // durations as PT…H (../mspdi/map.ts converts them back). Zero values are left out, as
    // MS Project leaves unset custom fields out of its XML.
    let value: string | undefined;
    if (c.kind === 'text') value = v.trim();
    else if (c.kind === 'cost') {
      const x = money(v, 'costs', line);
      if (x) value = String(Math.round(x * 1e6) / 1e4);
    } else if (c.kind === 'number') {
      const x = parseNumber(v, s);
      if (x === undefined) noteUnreadable('numbers', v, line);
      else if (x !== 0) value = String(x);
    } else {
      const x = hours(v, 'durations', line);
      if (x) value = `${x < 0 ? '-' : ''}PT${Math.abs(x)}H0M0S`;
    }
    if (value === undefined || value === '') return;
    if (!customSeen.has(n)) {
      customSeen.add(n);
      const def: MspdiFieldDefinition = { fieldId: n, fieldName: c.name };
      doc.fields.push(def);
    }
    t.custom = t.custom.length ? t.custom : [];
    t.custom.push({ fieldId: n, value });
  };

  const readAssignment = (r: MpxRecord, task: MspdiTask): MspdiAssignment => {
    const f = r.fields;
    const line = r.line;
    if (f.length > 13) warn(`An assignment record (75) has ${f.length} fields where MPX defines 13; the extra fields were ignored.`, line);
    const get = (i: number) => (f[i] !== undefined && f[i].trim() !== '' ? f[i] : undefined);
    const byUid = int(get(12));
    const byId = int(get(0));
    // By unique ID (field 12), else by ID (field 0): some writers leave one of them out.
    let res = byUid !== undefined ? resourceByUid.get(byUid) : undefined;
    res ??= byId !== undefined ? resourceById.get(byId) : undefined;
    const a: MspdiAssignment = { uid: nextAssignmentUid++, taskUid: task.uid, resourceUid: res?.uid ?? byUid ?? byId, baselines: [], timephased: [] };
    const units = get(1);
    if (units) a.units = parseNumber(units, s);
    const w = get(2);
    const bw = get(3);
    const aw = get(4);
    const c = get(6);
    const bc = get(7);
    const ac = get(8);
    if (w) a.work = hours(w, 'work', line);
    if (aw) a.actualWork = hours(aw, 'work', line);
    if (a.work !== undefined) a.remainingWork = Math.max(0, a.work - (a.actualWork ?? 0));
    if (c) a.cost = money(c, 'costs', line);
    if (ac) a.actualCost = money(ac, 'costs', line);
    if (a.cost !== undefined) a.remainingCost = Math.max(0, a.cost - (a.actualCost ?? 0));
    const st = get(9);
    const fi = get(10);
    if (st) a.start = startOf(date(st, 'dates', line));
    if (fi) a.finish = finishOf(date(fi, 'dates', line));
    const baseWork = bw ? hours(bw, 'work', line) : undefined;
    const baseCost = bc ? money(bc, 'costs', line) : undefined;
    // Zeros are MS Project's "no baseline" unless the task itself was baselined.
    if (lastTaskHasBaseline || baseWork || baseCost) {
      const b: MspdiBaseline = { number: 0 };
      if (baseWork !== undefined) b.work = baseWork;
      if (baseCost !== undefined) b.cost = baseCost;
      a.baselines = [b];
    }
    return a;
  };

  // Lines, for the progress estimate (one pass over the text; cheap next to parsing).
  let approxLines = 1;
  for (let i = text.indexOf('\n'); i >= 0 && approxLines < 1e7; i = text.indexOf('\n', i + 1)) approxLines++;

  forEachRecord(text, delimiter, file, onRecord);
  closeCalendar();
  if (options.isCancelled?.()) throw new ImportCancelled();
  if (records <= 1) throw new ImportError(`${file}the file has its MPX header line but no records after it: it is cut short. ${ADVICE}`, 'line 2');

  // ---- calendars: day types and hours → MSPDI week days -----------------------------------------
  for (const pc of calendars) {
    for (let d = 1; d <= 7; d++) {
      const type = pc.dayTypes[d - 1];
      if (type === 2 && !pc.hours.has(d)) continue; // as the base calendar (or MS Project's default)
      const working = type === 1 || (type === 2 && (pc.hours.get(d)?.length ?? 0) > 0);
      pc.cal.weekDays.push({ dayType: d, working, times: working ? (pc.hours.get(d) ?? []) : [] });
    }
    doc.calendars.push(pc.cal);
  }
  const defaultCal = calendars.find((c) => c.cal.isBase && c.cal.name === defaultCalendarName) ?? calendars.find((c) => c.cal.isBase);
  if (defaultCal) doc.project.calendarUid = defaultCal.cal.uid;
  else if (defaultCalendarName) warnings.push({ message: `The project calendar "${defaultCalendarName}" is not in the file; MS Project's standard week was used.`, where: 'record 30' });

  // ---- links ------------------------------------------------------------------------------------
  const byId = new Map<number, MspdiTask>();
  const byUid = new Map<number, MspdiTask>();
  for (const t of doc.tasks) {
    if (t.id !== undefined && !byId.has(t.id)) byId.set(t.id, t);
    if (t.uid !== undefined && !byUid.has(t.uid)) byUid.set(t.uid, t);
  }
  let missing = 0;
  let firstMissing = 0;
  for (const l of links) {
    for (const part of l.raw.split(delimiter)) {
      const p = part.trim();
      if (!p) continue;
      const m = /^(\d+)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(.+))?$/i.exec(p);
      if (!m) {
        noteUnreadable('predecessors', p, l.line);
        continue;
      }
      const pred = (l.byUniqueId ? byUid : byId).get(Number(m[1]));
      if (!pred || pred.uid === undefined) {
        if (!missing) firstMissing = l.line;
        missing++;
        continue;
      }
      const link: MspdiLink = { predecessorUid: pred.uid, type: LINK_TYPES[(m[2] ?? 'FS').toUpperCase()], linkLag: 0, lagFormat: 7, crossProject: false };
      if (m[4] !== undefined) {
        const lag = parseDuration(m[4], s);
        if (!lag) {
          noteUnreadable('link lags', p, l.line);
          continue;
        }
        const sign = m[3] === '-' ? -1 : 1;
        // MSPDI units: tenths of a minute, or the percentage itself for % lags.
        link.linkLag = sign * (lag.percent ?? lag.hours * 600);
        link.lagFormat = LAG_FORMATS[lag.unit] ?? 7;
      }
      l.task.predecessors = l.task.predecessors.length ? l.task.predecessors : [];
      l.task.predecessors.push(link);
    }
  }
  if (missing) warnings.push({ message: `${missing} predecessor${missing > 1 ? 's name' : ' names'} a task that is not in the file (first on line ${firstMissing}); ${missing > 1 ? 'they were' : 'it was'} not kept.`, where: `line ${firstMissing}` });
  for (const [what, u] of unreadable) {
    warnings.push({ message: `${u.count} value${u.count > 1 ? 's' : ''} among the ${what} could not be read (first on line ${u.first}: "${u.example.slice(0, 40)}") and ${u.count > 1 ? 'were' : 'was'} left empty.`, where: `line ${u.first}` });
  }

  doc.project.name = options.fileName;
  // The mapper names the project after its title, else the file; an MPX file's name without ".mpx"
  // (after the project summary row's name) reads better than the raw file name.
  if (!doc.project.title) doc.project.title = doc.tasks.find((t) => t.uid === 0 && t.name)?.name ?? options.fileName?.replace(/\.mpx$/i, '');
  doc.project.minutesPerDay = Math.round(s.hoursPerDay * 60);
  doc.project.minutesPerWeek = Math.round(s.hoursPerWeek * 60);
  doc.project.daysPerMonth = 20;
  const sym = s.currencySymbol.trim();
  let currencyFromSymbol: string | undefined;
  if (/^[A-Z]{3}$/.test(sym)) doc.project.currencyCode = sym;
  else if (SYMBOL_CODES[sym]) {
    doc.project.currencyCode = SYMBOL_CODES[sym];
    currencyFromSymbol = SYMBOL_CODES[sym];
  }
  options.onProgress?.({ phase: 'parsing', bytesRead: total, totalBytes: total, rows: doc.tasks.length });
  return { doc, encoding: decoded.encoding, ...(currencyFromSymbol ? { currencyFromSymbol } : {}) };
}

/** The numeric model (record 41 or 61): one field number per field of the records it describes. */
function modelNumbers(f: string[], r: MpxRecord, file: string): number[] {
  const out: number[] = [];
  for (const x of f) {
    if (x.trim() === '') continue;
    const n = Number(x.trim());
    if (!Number.isInteger(n) || n < 0 || n > 1000)
      throw new ImportError(`${file}line ${r.line}: the field list (record ${r.type}) holds "${x.slice(0, 20)}" where a field number should be. ${ADVICE}`, `line ${r.line}`);
    out.push(n);
  }
  return out;
}

function checkCount(r: MpxRecord, model: number[], what: string, modelRecord: string, file: string): void {
  // Trailing empty fields are harmless (some writers pad); real values beyond the model are not.
  let last = r.fields.length - 1;
  while (last >= model.length && r.fields[last].trim() === '') last--;
  if (last >= model.length)
    throw new ImportError(
      `${file}line ${r.line}: this ${what} record (${r.type}) has ${last + 1} fields, but the ${what} field list (record ${modelRecord}) names only ${model.length}. The file is damaged or was edited by hand. ${ADVICE}`,
      `line ${r.line}`,
    );
}

function hasHighByte(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return true;
  return false;
}

function isYes(v: string): boolean {
  const t = v.trim().toLowerCase();
  return t === 'yes' || t === '1' || t === 'true';
}

function hhmm(minutes: number): string {
  const m = Math.max(0, Math.min(1439, minutes));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * When the working day ends on each weekday (Sunday first) in the project calendar, for finish
 * dates written without a time: the end of the day's last working period; on a non-working day,
 * the latest end of any working day; 17:00 (MS Project's default) when the calendar says nothing.
 */
function workdayEnds(calendars: PendingCalendar[], defaultName: string | undefined): number[] {
  const pc = calendars.find((c) => c.cal.isBase && c.cal.name === defaultName) ?? calendars.find((c) => c.cal.isBase);
  const ends = new Array<number>(7).fill(-1);
  if (pc) {
    for (let d = 1; d <= 7; d++) {
      const list = pc.hours.get(d) ?? [];
      if (pc.dayTypes[d - 1] === 0 || list.length === 0) continue;
      // A period ending at 00:00 ends at midnight: the day's work runs to 24:00.
      ends[d - 1] = Math.max(...list.map(([a, b]) => (b <= a ? 1440 : b)));
    }
  }
  const known = ends.filter((e) => e >= 0);
  const fallback = known.length ? Math.max(...known) : 1020;
  return ends.map((e) => Math.min(1439, e >= 0 ? e : fallback));
}
