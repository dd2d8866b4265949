/**
 * Nasty and unusual inputs: wrong formats, damaged files, hostile XML, odd encodings, and the less
 * common PMXML shapes (EPPM-style code/UDF assignments, WBS trees, EV techniques).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPmxml } from '../../../../src/core/import/pmxml';
import { ImportCancelled, ImportError, type ImportPhase } from '../../../../src/core/import/types';
import { parseSchedule } from '../../../../src/core/model/validate';
import { CALENDAR, CURRENCY, OTHER, activity, doc, project, samplesPresent, simpleDoc, utf8 } from './fixtures';

const read = (xml: string | Uint8Array, project?: string) => readPmxml(typeof xml === 'string' ? utf8(xml) : xml, { fileName: 'test.xml', project });
const warnings = (xml: string) => (read(xml).schedules[0].source?.warnings ?? []).map((w) => w.message).join('\n');

function expectImportError(run: () => unknown, pattern: RegExp): ImportError {
  let caught: unknown;
  try {
    run();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ImportError);
  const err = caught as ImportError;
  expect(err.message.startsWith('test.xml: ')).toBe(true);
  expect(err.message).toMatch(pattern);
  return err;
}

describe('readPmxml: not a PMXML file', () => {
  it('refuses an empty file', () => {
    expectImportError(() => read(new Uint8Array(0)), /empty \(0 bytes\)/);
    expectImportError(() => read('   \n\t  '), /empty/);
  });

  it('refuses binary garbage as "not an XML file"', () => {
    const bytes = new Uint8Array(512);
    let x = 7;
    for (let i = 0; i < bytes.length; i++) bytes[i] = x = (x * 1103515245 + 12345) & 0xff;
    bytes[0] = 0x13;
    expectImportError(() => read(bytes), /not an XML file/);
  });

  it('recognises an XER, a ZIP (xlsx) and an MPP by their first bytes', () => {
    expectImportError(() => read('ERMHDR\t20.12\t2024-01-01\n%T\tPROJECT\n'), /Primavera P6 XER file/);
    expectImportError(() => read(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])), /ZIP container/);
    expectImportError(() => read(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), /MS Project \.mpp/);
  });

  it('says an MS Project XML file is one', () => {
    const mspdi = '<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>x</Name><Tasks/></Project>';
    expectImportError(() => read(mspdi), /Microsoft Project XML file/);
  });

  it('names the root of other XML', () => {
    expectImportError(() => read('<?xml version="1.0"?><note><to>Tove</to></note>'), /root element is <note>.*<APIBusinessObjects>/);
  });

  it('refuses a file with no projects, saying what it holds', () => {
    expectImportError(() => read(doc(CURRENCY + CALENDAR)), /holds no projects/);
  });
});

describe('readPmxml: damaged files', () => {
  it('says a truncated file ends early and where', () => {
    const xml = simpleDoc();
    const cut = xml.slice(0, xml.indexOf('<Name>Second</Name>') + 10);
    const err = expectImportError(() => read(cut), /ends early, inside .*Project › Activity/);
    expect(err.where).toMatch(/^line \d+$/);
    // Cut between elements too.
    expectImportError(() => read(xml.slice(0, xml.lastIndexOf('</Project>'))), /ends early/);
  });

  it.skipIf(!samplesPresent)('says a truncated corpus file ends early', () => {
    const bytes = fs.readFileSync(path.join(OTHER, 'aspose_BaselineProjects.pmxml.xml'));
    expectImportError(() => read(new Uint8Array(bytes.subarray(0, Math.floor(bytes.length * 0.6)))), /ends early, inside APIBusinessObjects › /);
  });

  it('reports malformed XML with its line and column', () => {
    const xml = simpleDoc().replace('<Name>First</Name>', '<Name>First</Nmae>');
    const err = expectImportError(() => read(xml), /not well-formed XML at line \d+, column \d+/);
    expect(err.where).toMatch(/^line \d+, column \d+$/);
  });

  it('refuses a DOCTYPE entity bomb ("billion laughs") before parsing anything', () => {
    const levels = ['<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE APIBusinessObjects [\n${levels.join('\n')}\n]>\n<APIBusinessObjects><Project><Name>&lol9;</Name></Project></APIBusinessObjects>`;
    const err = expectImportError(() => read(bomb), /declares its own XML entities.*billion laughs/);
    expect(err.where).toBe('DOCTYPE');
  });

  it('refuses any DOCTYPE internal subset, and accepts a plain DOCTYPE', () => {
    expectImportError(() => read(simpleDoc().replace('<APIBusinessObjects', '<!DOCTYPE APIBusinessObjects [<!ATTLIST x y CDATA "z">]>\n<APIBusinessObjects')), /DOCTYPE with inline declarations/);
    const plain = simpleDoc().replace('<APIBusinessObjects', '<!DOCTYPE APIBusinessObjects>\n<APIBusinessObjects');
    expect(read(plain).schedules[0].activities).toHaveLength(2);
  });

  it('never expands an entity, even one that reaches the parser', () => {
    // &amp;lt; must stay the text "&lt;" (one decoding pass); unknown entities stay as written.
    const xml = simpleDoc().replace('<Name>First</Name>', '<Name>a &amp;lt; b &#1047;&#x430; &unknown; &lt;</Name>');
    expect(read(xml).schedules[0].activities[0].name).toBe('a &lt; b За &unknown; <');
  });

  it('keeps going past a 1 MB activity name, cutting it with a warning', () => {
    const xml = simpleDoc().replace('<Name>First</Name>', `<Name>${'x'.repeat(1_000_000)}</Name>`);
    const s = read(xml).schedules[0];
    expect(s.activities[0].name).toHaveLength(2000);
    expect(s.source?.warnings.map((w) => w.message).join()).toMatch(/1,000,000 characters long/);
  });

  it('skips a duplicate activity and reports bad dates and unknown references', () => {
    const body =
      activity({ id: '1', code: 'DUP' }) +
      activity({ id: '3', code: 'BAD', extra: '<ActualStartDate>2024-02-30T08:00:00</ActualStartDate>' }) +
      '<ResourceAssignment><ActivityObjectId>999</ActivityObjectId><ObjectId>5</ObjectId><PlannedCost>10</PlannedCost><ResourceObjectId>1</ResourceObjectId></ResourceAssignment>' +
      '<Relationship><ObjectId>7</ObjectId><PredecessorActivityObjectId>888</PredecessorActivityObjectId><SuccessorActivityObjectId>1</SuccessorActivityObjectId><Type>Finish to Start</Type></Relationship>';
    const xml = simpleDoc(body);
    const s = read(xml).schedules[0];
    expect(s.activities.map((a) => a.code)).toEqual(['A1000', 'A1010', 'BAD']);
    expect(s.activities[2].actualStart).toBeUndefined();
    const w = warnings(xml);
    expect(w).toMatch(/Two activities share ObjectId 1/);
    expect(w).toMatch(/ActualStartDate "2024-02-30T08:00:00" is not a date/);
    expect(w).toMatch(/activity 999, which is not in this project/);
    expect(w).toMatch(/predecessor activity 888 is not in the file/);
    expect(s.activities[2].calendarId).toBe('10');
  });
});

describe('readPmxml: encodings', () => {
  it('reads UTF-16 LE with a byte-order mark', () => {
    const xml = simpleDoc().replace('encoding="UTF-8"', 'encoding="UTF-16"').replace('<Name>First</Name>', '<Name>Задача 1</Name>');
    const bytes = new Uint8Array(2 + xml.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < xml.length; i++) {
      bytes[2 + i * 2] = xml.charCodeAt(i) & 0xff;
      bytes[3 + i * 2] = xml.charCodeAt(i) >> 8;
    }
    expect(read(bytes).schedules[0].activities[0].name).toBe('Задача 1');
  });

  it('honours a declared windows-1251 encoding', () => {
    // Windows-1251: А..я are 0xC0..0xFF in order, so "Тест" is D2 E5 F1 F2.
    const xml = simpleDoc().replace('encoding="UTF-8"', 'encoding="windows-1251"').replace('<Name>First</Name>', '<Name>@@@@</Name>');
    const at = xml.indexOf('@@@@');
    const bytes = new Uint8Array(xml.length);
    for (let i = 0; i < xml.length; i++) bytes[i] = xml.charCodeAt(i);
    bytes.set([0xd2, 0xe5, 0xf1, 0xf2], at);
    expect(read(bytes).schedules[0].activities[0].name).toBe('Тест');
  });

  it('reads invalid UTF-8 as Windows-1252 and says so', () => {
    const xml = simpleDoc().replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?>').replace('<Name>First</Name>', '<Name>Caf#</Name>');
    const bytes = utf8(xml);
    bytes[xml.indexOf('Caf#') + 3] = 0xe9; // é in Windows-1252, invalid alone in UTF-8
    const s = read(bytes).schedules[0];
    expect(s.activities[0].name).toBe('Café');
    expect(s.source?.warnings.map((w) => w.message).join()).toMatch(/not valid UTF-8.*Windows-1252/);
  });

  it('refuses an encoding it cannot decode, naming it', () => {
    expectImportError(() => read(simpleDoc().replace('encoding="UTF-8"', 'encoding="x-klingon"')), /"x-klingon" encoding/);
  });
});

describe('readPmxml: content', () => {
  it('builds a project with no activities, with a warning', () => {
    const r = read(doc(CURRENCY + CALENDAR + project({ body: '' })));
    expect(r.projects[0].activities).toBe(0);
    const s = r.schedules[0];
    expect(s.activities).toEqual([]);
    expect(() => parseSchedule(JSON.parse(JSON.stringify(s)))).not.toThrow();
    expect(s.source?.warnings.map((w) => w.message).join()).toMatch(/has no activities/);
  });

  it('maps relationship types and lags, calendars, currency and percent complete', () => {
    const s = read(simpleDoc()).schedules[0];
    expect(s.project.currency).toBe('EUR');
    expect(s.relationships).toEqual([{ predecessorId: '1', successorId: '2', type: 'SS', lagHours: 8 }]);
    expect(s.activities[0]).toMatchObject({ percentCompleteType: 'physical', percentComplete: { physical: 0.5 }, originalDuration: 40, baselineStart: '2024-06-03T08:00' });
    const cal = s.calendars[0];
    // Monday given; Tuesday–Friday missing → P6's default 08–12 + 13–17; weekend off.
    expect(cal.workWeek[1]).toEqual([[480, 720], [780, 1020]]);
    expect(cal.workWeek[3]).toEqual([[480, 720], [780, 1020]]);
    expect(cal.workWeek[6]).toEqual([]);
    expect(cal.exceptions).toEqual([
      { date: '2024-12-24', intervals: [[480, 720]] },
      { date: '2024-12-25', intervals: [] },
    ]);
  });

  it('reads decimal commas', () => {
    const asg = '<ResourceAssignment><ActivityObjectId>1</ActivityObjectId><ObjectId>5</ObjectId><PlannedCost>1234,5</PlannedCost><PlannedUnits>12,25</PlannedUnits><ActualCost>0,5</ActualCost><RemainingCost>1234</RemainingCost><ResourceObjectId>77</ResourceObjectId></ResourceAssignment>';
    const s = read(simpleDoc(asg, '<Resource><Id>R</Id><Name>R</Name><ObjectId>77</ObjectId><ResourceType>Labor</ResourceType></Resource>')).schedules[0];
    expect(s.activities[0]).toMatchObject({ budgetCost: 1234.5, budgetUnits: 12.25, actualCost: 0.5, remainingCost: 1234 });
  });

  it('builds the WBS tree with P6 full codes and takes the EV technique from the WBS', () => {
    const wbs =
      '<WBS><Code>CIV</Code><EarnedValueComputeType>0 / 100</EarnedValueComputeType><Name>Civils</Name><ObjectId>501</ObjectId><ParentObjectId>1000</ParentObjectId><SequenceNumber>1</SequenceNumber></WBS>' +
      '<WBS><Code>FND</Code><EarnedValueComputeType>50 / 50</EarnedValueComputeType><Name>Foundations</Name><ObjectId>502</ObjectId><ParentObjectId>501</ParentObjectId><SequenceNumber>2</SequenceNumber></WBS>';
    const body = wbs + activity({ id: '11', code: 'W1', wbs: '501' }) + activity({ id: '12', code: 'W2', wbs: '502' });
    const s = read(doc(CURRENCY + CALENDAR + project({ body }))).schedules[0];
    expect(s.wbs.map((w) => [w.id, w.parentId, w.code, w.controlAccount])).toEqual([
      ['1000', null, 'PRJ1', 'PRJ1'],
      ['501', '1000', 'PRJ1.CIV', 'PRJ1.CIV'],
      ['502', '501', 'PRJ1.CIV.FND', 'PRJ1.CIV.FND'],
    ]);
    expect(s.activities.map((a) => a.evTechnique)).toEqual([
      { kind: 'fixed', startShare: 0 },
      { kind: 'fixed', startShare: 0.5 },
    ]);
  });

  it('reads EPPM-style code assignments and UDF values, and a "Control Account" code', () => {
    const globals =
      '<ActivityCodeType><Name>Control Account</Name><ObjectId>40</ObjectId></ActivityCodeType>' +
      '<ActivityCode><CodeTypeObjectId>40</CodeTypeObjectId><CodeValue>CA-7</CodeValue><Description>Piling</Description><ObjectId>41</ObjectId></ActivityCode>' +
      '<UDFType><DataType>Text</DataType><ObjectId>60</ObjectId><SubjectArea>Activity</SubjectArea><Title>Package</Title></UDFType>' +
      '<UDFType><DataType>Double</DataType><ObjectId>61</ObjectId><SubjectArea>Activity</SubjectArea><Title>Weight</Title></UDFType>' +
      '<UDFType><DataType>Text</DataType><ObjectId>62</ObjectId><SubjectArea>Project</SubjectArea><Title>Sponsor</Title></UDFType>';
    const body =
      '<ActivityCodeAssignment><ActivityCodeObjectId>41</ActivityCodeObjectId><ActivityObjectId>2</ActivityObjectId></ActivityCodeAssignment>' +
      '<UDFValue><ForeignObjectId>2</ForeignObjectId><Text>P-12</Text><UDFTypeObjectId>60</UDFTypeObjectId></UDFValue>' +
      '<ActivityCodeAssignment><ActivityCodeObjectId>999</ActivityCodeObjectId><ActivityObjectId>1</ActivityObjectId></ActivityCodeAssignment>';
    const xml = simpleDoc(body, globals).replace('<Name>First</Name>', '<Name>First</Name><UDF><TypeObjectId>61</TypeObjectId><DoubleValue>2,5</DoubleValue></UDF><UDF><TypeObjectId>62</TypeObjectId><TextValue>x</TextValue></UDF>');
    const s = read(xml).schedules[0];
    expect(s.activities[0].udf).toEqual({ Weight: 2.5 });
    expect(s.activities[1].udf).toEqual({ Package: 'P-12' });
    expect(s.activities[1].codes).toEqual({ '40': '41' });
    expect(s.activities[1].controlAccount).toBe('CA-7');
    expect(s.activities[0].controlAccount).toBeUndefined();
    expect(s.codeTypes).toEqual([{ id: '40', name: 'Control Account', values: { '41': { code: 'CA-7', description: 'Piling' } } }]);
    expect(s.activities[0].codes).toEqual({});
    expect(warnings(xml)).toMatch(/1 activity code assignment names a code value missing/);
    expect(warnings(xml)).toMatch(/Control accounts come from the activity code "Control Account"/);
  });

  const guid = '<GUID>{AAAA}</GUID>';
  const baselineProject = (id: string, name: string) =>
    `<BaselineProject><Id>PRJ1 - ${name}</Id><LastBaselineUpdateDate>2024-01-10T09:30:00</LastBaselineUpdateDate><Name>${name}</Name><ObjectId>${id}</ObjectId><OriginalProjectObjectId>100</OriginalProjectObjectId>` +
    activity({ id: `${id}1`, code: 'RENAMED', extra: guid }) +
    `<ResourceAssignment><ActivityObjectId>${id}1</ActivityObjectId><ObjectId>${id}2</ObjectId><PlannedCost>700</PlannedCost><PlannedUnits>7</PlannedUnits></ResourceAssignment>` +
    `<ActivityExpense><ActivityObjectId>${id}1</ActivityObjectId><ObjectId>${id}3</ObjectId><PlannedCost>50</PlannedCost></ActivityExpense>` +
    activity({ id: `${id}4`, code: 'GONE' }) +
    '</BaselineProject>';
  const withBaselines = (current: string) =>
    doc(
      CURRENCY +
        CALENDAR +
        project({ body: activity({ id: '1', code: 'A1', extra: guid }) + activity({ id: '2', code: 'NEW' }), extra: `<CurrentBaselineProjectObjectId>${current}</CurrentBaselineProjectObjectId>` }) +
        baselineProject('300', 'Contract baseline') +
        baselineProject('400', 'Re-plan'),
    );

  it('takes the project baseline (matched by GUID) into the activities and lists the others', () => {
    const xml = withBaselines('300');
    const s = read(xml).schedules[0];
    // From baseline 300: budget 700 + 50 expense, 7 h; the dates of its copy of A1.
    expect(s.activities[0]).toMatchObject({ budgetCost: 750, budgetUnits: 7, baselineStart: '2024-06-03T08:00', baselineFinish: '2024-06-07T17:00' });
    // NEW was added after the baseline: no baseline dates, no baseline budget.
    expect(s.activities[1]).toMatchObject({ budgetCost: 0, budgetUnits: 0 });
    expect(s.activities[1].baselineStart).toBeUndefined();
    expect(s.baselines).toEqual([
      { id: '400', name: 'Re-plan', date: '2024-01-10T09:30', activities: [{ activityId: '1', budgetCost: 750, budgetUnits: 7, start: '2024-06-03T08:00', finish: '2024-06-07T17:00' }] },
    ]);
    const w = warnings(xml);
    expect(w).toMatch(/come from P6's project baseline "Contract baseline" \(matched 1 activity of 2/);
    expect(w).toMatch(/1 activity of baseline "Re-plan" match no current activity/);
  });

  it('warns when the project names a baseline that is not in the file, and lists the ones that are', () => {
    const xml = withBaselines('999');
    const s = read(xml).schedules[0];
    expect(s.activities[0].budgetCost).toBe(0); // its own plan: no assignments
    expect(s.activities[0].baselineStart).toBe('2024-06-03T08:00');
    expect(s.baselines.map((b) => b.id)).toEqual(['300', '400']);
    expect(warnings(xml)).toMatch(/names baseline project 999, which is not in this file, so the activities' P6 planned dates/);
  });

  it('reports progress phases and honours cancellation', () => {
    const phases: ImportPhase[] = [];
    readPmxml(utf8(simpleDoc()), { onProgress: (p) => phases.push(p.phase) });
    expect(phases[0]).toBe('reading');
    expect(phases).toContain('parsing');
    expect(phases).toContain('building');
    expect(phases[phases.length - 1]).toBe('done');
    expect(() => readPmxml(utf8(simpleDoc()), { isCancelled: () => true })).toThrow(ImportCancelled);
  });
});
