/**
 * Primavera P6 XML (PMXML) reader: bytes → canonical schedules.
 *
 * PMXML is what P6 writes with File > Export > "Primavera PM - (XML)": a root
 * `APIBusinessObjects` holding global dictionaries (currencies, calendars, resources, roles, code
 * types, UDF types) and one `Project` element per exported project, each with its WBS,
 * activities, relationships, assignments and expenses, plus `BaselineProject` elements for
 * baselines exported with them.
 *
 * Pipeline: recognise obviously-wrong files by their first bytes → decode (BOM / XML
 * declaration) → check the prolog (refuse DOCTYPE entity declarations) and that the document is
 * complete → validate and parse (./xmlTree.ts) → index the file-wide objects → build the chosen
 * projects → route relationships (they may cross projects) → attach baselines.
 *
 * Mapping decisions are documented where they are made: ./activities.ts (dates, durations,
 * percent complete), ./buildSchedule.ts (budgets), ./wbs.ts (tree, control accounts, EV
 * technique), ./baselines.ts, ./relationships.ts, ./calendars.ts, ./resources.ts, ./codes.ts.
 */
import { ImportCancelled, ImportError, inFile, type ImportOptions, type ImportPhase, type ImportResult, type ProjectSummary } from '../types';
import type { Schedule } from '../../model/schedule';
import { attachBaselines } from './baselines';
import { activityCount, buildSchedule, dataDateOf, projectIdentity, type BuildContext, type BuiltProject } from './buildSchedule';
import { decodeXmlBytes } from './decode';
import { indexFile } from './fileIndex';
import { activityHomes, attachRelationships } from './relationships';
import { ResourceBook } from './resources';
import { checkComplete, readProlog, recogniseOtherFormat, type Prolog } from './sniff';
import { kid, parseXml, type XmlNode } from './xmlTree';

/** Explains a well-formed XML file that is not PMXML. */
function notPmxml(prolog: Prolog, fileName?: string): ImportError {
  const f = inFile(fileName);
  const ns = prolog.namespace ?? '';
  if (prolog.localName === 'Project' && (ns === '' || /schemas\.microsoft\.com\/project/i.test(ns))) {
    return new ImportError(
      `${f}This is a Microsoft Project XML file (root element <Project>), not a Primavera P6 XML export. Import it as an MS Project file; it will be read with the MS Project reader.`,
      'root element',
    );
  }
  if (prolog.localName === 'Workbook' && /office:spreadsheet/i.test(ns)) {
    return new ImportError(`${f}This is an Excel 2003 XML spreadsheet, not a Primavera P6 XML export. Save it as .xlsx and import it as a spreadsheet.`, 'root element');
  }
  return new ImportError(
    `${f}This XML file is not a Primavera P6 export: its root element is <${prolog.rootName}>, where a P6 XML (PMXML) export has <APIBusinessObjects>. ` +
      'In P6, use File > Export > Primavera PM - (XML) and import the file it writes.',
    'root element',
  );
}

/** Which projects `options.project` asks for (all when omitted or 'all'). */
function chooseProjects(ids: { id: string; code?: string; name: string }[], wanted: string | undefined, fileName?: string): Set<string> {
  if (wanted === undefined || wanted === '' || wanted.toLowerCase() === 'all') return new Set(ids.map((p) => p.id));
  const exact = ids.find((p) => p.id === wanted || p.code === wanted);
  const loose = exact ?? ids.find((p) => p.code?.toLowerCase() === wanted.toLowerCase());
  if (loose) return new Set([loose.id]);
  const list = ids.map((p) => (p.code ? `${p.code}${p.name !== p.code ? ` (${p.name})` : ''}` : p.name) + ` [ObjectId ${p.id}]`).join('; ');
  throw new ImportError(`${inFile(fileName)}The file has no project "${wanted}". It holds: ${list}. Choose one of these by its Id or ObjectId.`, 'project');
}

/** File-wide notes that deserve a warning in every schedule. */
function fileNotes(text: string, encodingNote: string | undefined): { message: string; where?: string }[] {
  const notes: { message: string; where?: string }[] = [];
  if (encodingNote) notes.push({ message: encodingNote, where: 'encoding' });
  const comma = /<((?:Planned|Actual|Remaining|AtCompletion)\w*)>(-?\d+,\d+)</.exec(text);
  if (comma) {
    notes.push({
      message: `Numbers in this file use a decimal comma (for example <${comma[1]}>${comma[2]}</${comma[1]}>); they were read as decimals (${comma[2].replace(',', '.')}).`,
      where: comma[1],
    });
  }
  return notes;
}

export function readPmxml(bytes: Uint8Array, options: ImportOptions = {}): ImportResult {
  const { fileName, onProgress, isCancelled } = options;
  const f = inFile(fileName);
  const totalBytes = bytes.length;
  let rows = 0;
  const progress = (phase: ImportPhase, bytesRead = totalBytes) => onProgress?.({ phase, bytesRead, totalBytes, rows });
  const checkCancel = () => {
    if (isCancelled?.()) throw new ImportCancelled();
  };

  progress('reading', 0);
  if (totalBytes === 0) {
    throw new ImportError(`${f}The file is empty (0 bytes). Export the project from P6 again (File > Export > Primavera PM - (XML)) and import the new file.`);
  }
  const other = recogniseOtherFormat(bytes);
  if (other) throw new ImportError(`${f}This is ${other}, not a Primavera P6 XML (PMXML) export.`);

  const decoded = decodeXmlBytes(bytes, fileName);
  const text = decoded.text;
  progress('reading');
  checkCancel();

  const prolog = readProlog(text, fileName);
  if (prolog.localName !== 'APIBusinessObjects') {
    // A truncated MS Project file is still better described by what it is.
    throw notPmxml(prolog, fileName);
  }
  checkComplete(text, prolog, fileName);

  progress('parsing');
  const doc = parseXml(text, fileName);
  checkCancel();
  const root: XmlNode | undefined = kid(doc, prolog.localName);
  if (!root) throw notPmxml(prolog, fileName);

  const file = indexFile(root, prolog);
  if (file.projects.length === 0) {
    const baselinesOnly = file.baselineProjects.length > 0 ? ` (only ${file.baselineProjects.length} baseline project${file.baselineProjects.length === 1 ? '' : 's'})` : '';
    throw new ImportError(
      `${f}The file holds no projects${baselinesOnly}: it is a P6 XML export of global data only (calendars, resources, codes). In P6's export dialog, select the project(s) to export and try again.`,
      'APIBusinessObjects',
    );
  }

  const identities = file.projects.map((p, i) => projectIdentity(p, i));
  const projects: ProjectSummary[] = file.projects.map((p, i) => {
    const s: ProjectSummary = { ...identities[i], activities: activityCount(p) };
    const dd = dataDateOf(p);
    if (dd) s.dataDate = dd;
    return s;
  });
  const chosen = chooseProjects(identities, options.project, fileName);

  progress('building');
  const ctx: BuildContext = {
    file,
    resources: new ResourceBook(file),
    fileName,
    fileNotes: fileNotes(text, decoded.note),
    isCancelled,
    onActivities: (n) => {
      rows += n;
      progress('building');
    },
  };
  const built = new Map<string, BuiltProject>();
  file.projects.forEach((node, i) => {
    if (!chosen.has(identities[i].id) || built.has(identities[i].id)) return;
    checkCancel();
    built.set(identities[i].id, buildSchedule(node, i, ctx));
  });

  attachRelationships(file, built, activityHomes(file, identities), identities);
  attachBaselines(built, file.baselineProjects, new Set(identities.map((p) => p.id)), ctx);
  checkCancel();

  const schedules: Schedule[] = [];
  for (const b of built.values()) {
    const warnings = b.log.toArray();
    b.schedule.source = { format: 'pmxml', ...(fileName ? { fileName } : {}), application: file.application, warnings };
    schedules.push(b.schedule);
  }
  progress('done');
  return { projects, schedules };
}
