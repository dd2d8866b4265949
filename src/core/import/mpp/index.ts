/**
 * Microsoft Project .mpp reader: `readMpp(bytes)` → one project's canonical schedule.
 *
 * Layers (each testable alone):
 *   ./cfb.ts       the OLE2 container (bounded walks: damaged files fail, never hang)
 *   ./blocks.ts    Props, FixedMeta/FixedData, VarMeta/Var2Data
 *   ./fieldMap.ts  where each field lives, and its value encodings (./values.ts)
 *   ./project.ts, ./tasks.ts, ./links.ts, ./calendars.ts, ./resources.ts   MPP9/12/14 entities
 *   ./aliases.ts   custom field aliases (the names a user gave Cost1, Text1…)
 *   ./costRates.ts resources' cost rate tables A–E
 *   ./actualWork.ts  assignments' time-phased actual work, dated on their calendars after the rest is read
 *   ./mpp8.ts      Project 98's fixed-layout records and Props
 * Everything is read into `MspdiDocument` and then goes through the MSPDI mapping
 * (../mspdi/map.ts), so an .mpp and its MS Project XML twin become the same canonical schedule by
 * the same decisions; only `source` says .mpp.
 *
 * Read: project title/dates/currency/status date/working-time settings; tasks (outline, dates,
 * durations, progress, EV method, costs, fixed cost and its accrual, work, baselines 0–10,
 * constraints, custom fields under their aliases); links with lag and lag format; calendars (work
 * weeks, exceptions, alternate weeks); resources (type, rates, cost per use, cost rate tables A–E
 * with their dated entries, calendars, baselines); assignments (units, dates, work, costs, cost
 * rate table, actuals, baselines 0–10) with their time-phased baseline work and cost and their
 * time-phased actual work (regular and overtime, one record per day as MS Project's XML export
 * writes type 2). MPP8 (Project 98): project settings, calendars, resources, tasks, links and
 * assignments, but not its custom fields, fixed cost accrual or time-phased data (the import
 * warns). Not read yet: time-phased actual cost (stored only where actual costs are entered by
 * hand). Not kept: time-phased remaining work (the model does not hold it, as for XML). Not
 * stored in the file at all (MS Project computes them): BCWS/BCWP/ACWP/CV/SV, total slack,
 * outline numbers, and the current date (MS Project sets it to today when a plan opens; see
 * ./project.ts).
 *
 * The formats were learned from MPXJ's MPP readers (joniles/mpxj, LGPL); this is our own code.
 * Which format a file is: the root storage's name ("   114" MPP14 = Project 2010 to 2021,
 * "   112" MPP12 = Project 2007, "   19" MPP9 = Project 2000–2003, "   1" MPP8 = Project 98);
 * the writing application's version comes from \x01CompObj ("Microsoft.Project 15.0").
 */
import type { MspdiDocument } from '../mspdi/document';
import { mapMspdiDocument } from '../mspdi/map';
import { ImportCancelled, ImportError, inFile, type ImportOptions, type ImportResult } from '../types';
import { spreadActualWork, type PendingActualWork } from './actualWork';
import { Bytes, Props, itemSizeMatching, readFixedData, readFixedMeta, readFixedRecords, VarData } from './blocks';
import { cfbFind, openCfb, type CfbEntry, type CfbFile } from './cfb';
import { ASSIGNMENT_FIELD_MAP_KEYS, FieldMap, RESOURCE_FIELD_MAP_KEYS, TASK_FIELD_MAP_KEYS } from './fieldMap';
import { readCalendars } from './calendars';
import { readLinks } from './links';
import { Props8, readMpp8Assignments, readMpp8Calendars, readMpp8Links, readMpp8Resources, readMpp8Tasks } from './mpp8';
import { P, readProject, readPropertySet } from './project';
import { readAssignments, readResources } from './resources';
import { customFieldDefinitions, readTasks, taskFlags } from './tasks';
import { ALIAS_KEYS, readAliasBlock, readMpp9TaskAliases } from './aliases';

export { openCfb, isCfb } from './cfb';

const VERSION_STORAGES: [string, number][] = [
  ['   114', 14],
  ['   112', 12],
  ['   19', 9],
  ['   1', 8],
];

const FORMAT_NAMES: Record<number, string> = {
  8: 'Project 98 (MPP8)',
  9: 'Project 2000–2003 (MPP9)',
  12: 'Project 2007 (MPP12)',
  14: 'Project 2010 or later (MPP14)',
};

const SAVE_AS_XML = 'In Microsoft Project, use File > Save As and choose "XML Format (*.xml)", then import that file.';

export interface MppVersion {
  /** 8, 9, 12 or 14. */
  fileVersion: number;
  /** The writing application's major version from CompObj (14 = Project 2010, 15 = 2013, 16 = 2016+), 0 when unknown. */
  appVersion: number;
  storage: CfbEntry;
}

export function mppVersion(file: CfbFile): MppVersion | undefined {
  const compObj = file.read(file.root.children.get('\x01CompObj'));
  const text = compObj ? new TextDecoder('latin1').decode(compObj) : '';
  const app = /Microsoft\.?\s?Project\s+(\d+)\.\d/.exec(text);
  for (const [name, v] of VERSION_STORAGES) {
    const storage = file.root.children.get(name);
    if (storage && storage.type === 1) return { fileVersion: v, appVersion: app ? Number(app[1]) : 0, storage };
  }
  return undefined;
}

function required(file: CfbFile, fileName: string | undefined, dir: CfbEntry, ...path: string[]): Uint8Array {
  const data = file.read(cfbFind(dir, ...path));
  if (!data) throw new ImportError(`${inFile(fileName)}the .mpp file has no "${path.join('/')}" stream, so its tasks cannot be read. The file may be damaged: open it in Microsoft Project and save it again. ${SAVE_AS_XML}`, path.join('/'));
  return data;
}

/** XOR-scrambled streams of files with a password flag (MS Project's own obfuscation, not encryption). */
function unscramble(data: Uint8Array, mask: number): Uint8Array {
  if (!mask) return data;
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i] ^ mask;
  return out;
}

/** Reads an .mpp file into the MSPDI document model (no modelling decisions yet). */
export function parseMppDocument(bytes: Uint8Array, options: ImportOptions = {}): MspdiDocument {
  const fileName = options.fileName;
  const progress = (rows: number) => {
    if (options.isCancelled?.()) throw new ImportCancelled();
    options.onProgress?.({ phase: 'parsing', bytesRead: bytes.length, totalBytes: bytes.length, rows });
  };
  const file = openCfb(bytes, fileName);
  const version = mppVersion(file);
  if (!version) {
    throw new ImportError(`${inFile(fileName)}this OLE2 file is not a Microsoft Project plan (it has no project storage; it may be another Office document renamed to .mpp). Check that you chose the right file.`);
  }
  if (version.fileVersion === 8) return parseMpp8(file, version, fileName, progress);
  progress(0);

  const is14 = version.fileVersion === 14;
  const is9 = version.fileVersion === 9;
  const rootPropsName = `Props${version.fileVersion}`;
  const rootPropsData = file.read(file.root.children.get(rootPropsName));
  const rootProps = rootPropsData ? new Props(new Bytes(rootPropsData)) : undefined;
  const passwordFlag = rootProps?.u8(P.passwordFlag) ?? 0;
  if (passwordFlag & 1 && rootProps?.has(P.protectionPasswordHash)) {
    throw new ImportError(
      `${inFile(fileName)}this .mpp file is protected by a password, and Earnest cannot open password-protected plans. Open it in Microsoft Project, remove the password (File > Save As > Tools > General Options), save it, and import it again; or ${SAVE_AS_XML.charAt(0).toLowerCase()}${SAVE_AS_XML.slice(1)}`,
      rootPropsName,
    );
  }
  const code = rootProps?.u8(P.encryptionCode) ?? 0;
  const mask = passwordFlag !== 0 && code !== 0 ? 0xff - code : 0;

  const dir = version.storage;
  const props = new Props(new Bytes(unscramble(required(file, fileName, dir, 'Props'), mask)));
  const summary = readPropertySet(file.read(file.root.children.get('\x05SummaryInformation')));
  const docSummary = readPropertySet(file.read(file.root.children.get('\x05DocumentSummaryInformation')));
  const project = readProject(props, { title: summary.get(2) || undefined, author: summary.get(4) || undefined, company: docSummary.get(15) || undefined }, version.fileVersion, version.appVersion);

  const fieldMapData = TASK_FIELD_MAP_KEYS.map((k) => props.raw(k)).find((d) => d !== undefined);
  // MPP12/14 key var data by the field index; MPP9 by the byte the field map gives.
  const map = new FieldMap(fieldMapData, 0x0b40, !is9);
  if (map.size === 0) {
    throw new ImportError(`${inFile(fileName)}the .mpp file has no task field map (the table that says where each task field is stored), so its tasks cannot be read. ${SAVE_AS_XML}`, 'Props');
  }
  const meta = readFixedMeta(required(file, fileName, dir, 'TBkndTask', 'FixedMeta'), 47);
  if (!meta) throw new ImportError(`${inFile(fileName)}the task table of this .mpp file is damaged (its FixedMeta block has the wrong signature). ${SAVE_AS_XML}`, 'TBkndTask/FixedMeta');
  // Record sizes: MPP14 records are clipped to the field map's size and Fixed2Meta items are
  // 92–96 bytes (told apart by which matches the task count); MPP9/12 records are clipped to 768
  // bytes and an empty one counts as full size; MPP12 Fixed2Meta items are 86 bytes; MPP9 has
  // no second block, and scrambles its task FixedData like the Props when a password flag is set.
  const fixedData = required(file, fileName, dir, 'TBkndTask', 'FixedData');
  const fixed = is14 ? readFixedData(meta, fixedData, map.maxFixed[0]) : readFixedData(meta, is9 ? unscramble(fixedData, mask) : fixedData, 768, 0, map.maxFixed[0]);
  const meta2Data = is9 ? undefined : file.read(cfbFind(dir, 'TBkndTask', 'Fixed2Meta'));
  const meta2 = meta2Data ? readFixedMeta(meta2Data, is14 ? itemSizeMatching(meta.count, 92, 93, 94, 95, 96) : 86) : undefined;
  const fixed2Data = meta2 ? file.read(cfbFind(dir, 'TBkndTask', 'Fixed2Data')) : undefined;
  const fixed2 = meta2 && fixed2Data ? readFixedData(meta2, fixed2Data) : undefined;
  const varMeta = required(file, fileName, dir, 'TBkndTask', 'VarMeta');
  const var2Data = required(file, fileName, dir, 'TBkndTask', 'Var2Data');
  const vars = is9 ? VarData.fromVarMeta9(varMeta, var2Data) : VarData.fromVarMeta12(varMeta, var2Data);

  // Calendars.
  let calendars: MspdiDocument['calendars'] = [];
  let resourceCalendars = new Map<number, number>();
  const varsOf = (meta: Uint8Array, data: Uint8Array) => (is9 ? VarData.fromVarMeta9(meta, data) : VarData.fromVarMeta12(meta, data));
  const calMeta = file.read(cfbFind(dir, 'TBkndCal', 'FixedMeta'));
  const calData = calMeta ? file.read(cfbFind(dir, 'TBkndCal', 'FixedData')) : undefined;
  const calVarMeta = calData ? file.read(cfbFind(dir, 'TBkndCal', 'VarMeta')) : undefined;
  const calVar2 = calVarMeta ? file.read(cfbFind(dir, 'TBkndCal', 'Var2Data')) : undefined;
  const calFixedMeta = calMeta ? readFixedMeta(calMeta, 10) : undefined;
  if (calFixedMeta && calData && calVarMeta && calVar2) {
    const read = readCalendars(calFixedMeta, unscramble(calData, mask), varsOf(calVarMeta, calVar2), is14 && version.appVersion > 14, props.raw(P.defaultCalendarHours), is9);
    calendars = read.calendars;
    resourceCalendars = read.resourceCalendars;
    const defaultName = props.string(P.defaultCalendarName);
    project.calendarUid = calendars.find((c) => c.isBase && c.name === defaultName)?.uid ?? calendars.find((c) => c.isBase)?.uid;
  }

  const usedCustomFields = new Set<number>();
  const tasks = readTasks({ map, vars, meta, fixed, meta2, fixed2, fileVersion: version.fileVersion, flags: taskFlags(version.fileVersion, version.appVersion) }, progress, usedCustomFields);
  progress(tasks.length);

  const consMetaData = file.read(cfbFind(dir, 'TBkndCons', 'FixedMeta'));
  const consData = file.read(cfbFind(dir, 'TBkndCons', 'FixedData'));
  const consMeta = consMetaData ? readFixedMeta(consMetaData, 10) : undefined;
  if (consMeta && consData) readLinks(consMeta, unscramble(consData, mask), tasks, is14 && version.appVersion > 14);

  // Resources and assignments (MPP9: one fixed block each, 142-byte assignment records).
  let resources: MspdiDocument['resources'] = [];
  let assignments: MspdiDocument['assignments'] = [];
  const streams = (storage: string, ...names: string[]) => names.map((n) => file.read(cfbFind(dir, storage, n)));
  const [rMeta, rData, rMeta2, rData2, rVarMeta, rVar2] = streams('TBkndRsc', 'FixedMeta', 'FixedData', is9 ? '-' : 'Fixed2Meta', is9 ? '-' : 'Fixed2Data', 'VarMeta', 'Var2Data');
  const rFixedMeta = rMeta ? readFixedMeta(rMeta, 37) : undefined;
  const rMap = new FieldMap(RESOURCE_FIELD_MAP_KEYS.map((k) => props.raw(k)).find((d) => d !== undefined), 0x0c40, !is9);
  if (rFixedMeta && rData && rVarMeta && rVar2 && rMap.size > 0) {
    const fixedR = readFixedData(rFixedMeta, unscramble(rData, mask));
    const meta2R = rMeta2 ? readFixedMeta(rMeta2, itemSizeMatching(rFixedMeta.count, 50, 51)) : undefined;
    const fixed2R = meta2R && rData2 ? readFixedData(meta2R, unscramble(rData2, mask)) : undefined;
    resources = readResources({ map: rMap, vars: varsOf(rVarMeta, rVar2), meta: rFixedMeta, fixed: fixedR, meta2: meta2R, fixed2: fixed2R, lateLayout: is14 && version.appVersion > 14, mpp9: is9, calendars: resourceCalendars });
    // MS Project names a resource's own calendar after the resource.
    for (const r of resources) {
      const cal = r.calendarUid === undefined ? undefined : calendars.find((c) => c.uid === r.calendarUid);
      if (cal && cal.name === undefined) cal.name = r.name;
    }
  }
  const actualWork: PendingActualWork[] = [];
  const [aMeta, aData, aData2, aVarMeta, aVar2] = streams('TBkndAssn', 'FixedMeta', 'FixedData', is9 ? '-' : 'Fixed2Data', 'VarMeta', 'Var2Data');
  const aFixedMeta = aMeta ? readFixedMeta(aMeta, 34) : undefined;
  const aMap = new FieldMap(ASSIGNMENT_FIELD_MAP_KEYS.map((k) => props.raw(k)).find((d) => d !== undefined), 0x0f40, !is9);
  if (aFixedMeta && aData && aVarMeta && aVar2 && aMap.size > 0) {
    // Fixed-size records: as long as the field map's fixed fields (110 bytes in MPP14, 142 in
    // MPP9), 48 for the second block. An MPP9 file whose record count does not match its
    // FixedMeta is read through the FixedMeta offsets instead (as MPXJ does).
    const size1 = is9 ? 142 : Math.max(aMap.maxFixed[0], 1);
    const plain = unscramble(aData, mask);
    const byMetaOrder = is9 && Math.floor(plain.length / size1) !== aFixedMeta.count;
    const fixedA = byMetaOrder ? readFixedData(aFixedMeta, plain) : readFixedRecords(plain, size1);
    assignments = readAssignments({ map: aMap, vars: varsOf(aVarMeta, aVar2), meta: aFixedMeta, fixed: fixedA, fixed2: aData2 ? readFixedRecords(unscramble(aData2, mask), Math.max(aMap.maxFixed[1], 48)) : undefined, byMetaOrder, actualWork }, tasks, progress);
  }

  // Task custom field aliases (./aliases.ts): MPP9 keeps them in the project Props by position,
  // MPP12/14 in the task table's own Props by FieldID.
  const byName = is9 ? readMpp9TaskAliases(props.raw(ALIAS_KEYS.mpp9Task)) : undefined;
  const taskProps = is9 ? undefined : file.read(cfbFind(dir, 'TBkndTask', 'Props'));
  const byId = taskProps ? readAliasBlock(new Props(new Bytes(unscramble(taskProps, mask))).raw(ALIAS_KEYS.customFields)) : undefined;
  const aliasOf = (fieldId: number, fieldName: string) => byId?.get(fieldId) ?? byName?.get(fieldName);

  const doc: MspdiDocument = {
    project,
    calendars,
    tasks,
    resources,
    assignments,
    fields: customFieldDefinitions(usedCustomFields, aliasOf),
    timephasedRecords: 0,
    warnings: [],
  };
  // Actual work is stored in working time from the assignment's start: it needs the calendars,
  // tasks and resources above, so it becomes dated records last.
  spreadActualWork(doc, actualWork);
  return doc;
}

const APPLICATIONS: Record<string, string> = { '8': 'Project 98', '9': 'Project 2000', '10': 'Project 2002', '11': 'Project 2003', '12': 'Project 2007', '14': 'Project 2010', '15': 'Project 2013', '16': 'Project 2016 or later' };

function describeSource(fileVersion: number | undefined, build: string | undefined): string {
  const format = FORMAT_NAMES[fileVersion ?? 0] ?? 'an unknown format';
  const writer = build ? APPLICATIONS[build.split('.')[0]] : undefined;
  return `Microsoft Project .mpp, ${format}${writer ? `, written by ${writer}` : ''}`;
}

/**
 * Project 98 files (see ./mpp8.ts): project settings from the Props, calendars, resources, tasks,
 * links and assignments, with the title from SummaryInformation.
 */
function parseMpp8(file: CfbFile, version: MppVersion, fileName: string | undefined, progress: (rows: number) => void): MspdiDocument {
  const dir = version.storage;
  const read = (...path: string[]) => file.read(cfbFind(dir, ...path));
  const taskData = read('TBkndTask', 'FixFix   0');
  if (!taskData) throw new ImportError(`${inFile(fileName)}this Project 98 (MPP8) file has no task table, so it cannot be read. Open it in Microsoft Project 2000 or later and save it again, or, from Project 98 itself, use File > Save As and choose MPX, then import that file.`, 'TBkndTask');
  const tasks = readMpp8Tasks(taskData, read('TBkndTask', 'FixDeferFix   0'));
  progress(tasks.length);
  const links = read('TBkndCons', 'FixFix   0');
  if (links) readMpp8Links(links, tasks);
  const summary = readPropertySet(file.read(file.root.children.get('\x05SummaryInformation')));
  const docSummary = readPropertySet(file.read(file.root.children.get('\x05DocumentSummaryInformation')));
  const propsData = read('Props');
  const props = propsData ? new Props8(propsData) : undefined;
  const info = { title: summary.get(2) || undefined, author: summary.get(4) || undefined, company: docSummary.get(15) || undefined };
  const project = props ? readProject(props, info, 8, version.appVersion) : { name: info.title, ...info, saveVersion: 8, buildNumber: version.appVersion ? `${version.appVersion}.0` : undefined };

  const calData = read('TBkndCal', 'FixFix   0');
  const cals = calData ? readMpp8Calendars(calData, read('TBkndCal', 'FixDeferFix   0')) : { calendars: [], ids: new Set<number>() };
  const defaultName = props?.string(P.defaultCalendarName);
  project.calendarUid = cals.calendars.find((c) => c.isBase && c.name === defaultName)?.uid ?? cals.calendars.find((c) => c.isBase)?.uid;
  const rscData = read('TBkndRsc', 'FixFix   0');
  const resources = rscData ? readMpp8Resources(rscData, read('TBkndRsc', 'FixDeferFix   0'), cals.ids) : [];
  // MS Project names a resource's own calendar after the resource.
  for (const r of resources) {
    const cal = r.calendarUid === undefined ? undefined : cals.calendars.find((c) => c.uid === r.calendarUid);
    if (cal && cal.name === undefined) cal.name = r.name;
  }
  const asnData = read('TBkndAssn', 'FixFix   0');
  const assignments = asnData ? readMpp8Assignments(asnData, tasks, resources) : [];
  return {
    project,
    calendars: cals.calendars,
    tasks,
    resources,
    assignments,
    fields: [],
    timephasedRecords: 0,
    warnings: [
      {
        message:
          'This is a Project 98 (MPP8) file: Earnest read its project settings, calendars, tasks (dates, durations, progress, costs, work, baseline), links, resources (rates, calendars) and assignments (work, cost, actuals), but not custom fields, time-phased data or assignment baselines, which this format keeps in ways not yet read. To bring those in, open the file in Microsoft Project 2000 or later, save it, and import that file.',
        where: 'MPP8',
      },
    ],
  };
}

/**
 * Reads an .mpp file. Throws `ImportError` (saying why and what to do) for a file it cannot
 * read, and `ImportCancelled` when `options.isCancelled()` turns true. An .mpp holds one
 * project, so `projects` has one entry and `options.project` is ignored.
 */
export function readMpp(bytes: Uint8Array, options: ImportOptions = {}): ImportResult {
  options.onProgress?.({ phase: 'reading', bytesRead: 0, totalBytes: bytes.length, rows: 0 });
  let doc: MspdiDocument;
  try {
    doc = parseMppDocument(bytes, options);
  } catch (e) {
    if (e instanceof ImportError || e instanceof ImportCancelled) throw e;
    // Every read is bounds-checked, so this is a structure we do not understand (a damaged file,
    // or a variant of the format not seen yet): say so instead of failing with a stack trace.
    throw new ImportError(`${inFile(options.fileName)}this .mpp file could not be read: its contents are not laid out as Microsoft Project writes them (${(e as Error).message}). The file may be damaged; open it in Microsoft Project and save it again. ${SAVE_AS_XML}`);
  }
  if (options.isCancelled?.()) throw new ImportCancelled();
  options.onProgress?.({ phase: 'building', bytesRead: bytes.length, totalBytes: bytes.length, rows: doc.tasks.length });
  const schedule = mapMspdiDocument(doc, { fileName: options.fileName });
  // The mapping is MS Project XML's; the source is the .mpp, in the format it was saved in.
  schedule.source = { ...(schedule.source ?? { warnings: [] }), format: 'mpp', application: describeSource(doc.project.saveVersion, doc.project.buildNumber) };
  options.onProgress?.({ phase: 'done', bytesRead: bytes.length, totalBytes: bytes.length, rows: doc.tasks.length });
  const p = schedule.project;
  return {
    projects: [{ id: p.id, ...(p.code ? { code: p.code } : {}), name: p.name, activities: schedule.activities.length, ...(p.dataDate ? { dataDate: p.dataDate } : {}) }],
    schedules: [schedule],
  };
}
