/**
 * Nasty inputs: every refusal is an ImportError that starts with the file name, says what is
 * wrong and what to do; damaged values inside an otherwise good file become warnings.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMspdi } from '../../../../src/core/import/mspdi';
import { ImportError } from '../../../../src/core/import/types';
import { bytes, mspdi, task } from './build';
import { SAMPLES, haveSamples, sampleBytes, sampleText } from './helpers';

function refusal(input: Uint8Array | string, fileName = 'plan.xml'): ImportError {
  try {
    readMspdi(typeof input === 'string' ? bytes(input) : input, { fileName });
  } catch (e) {
    if (e instanceof ImportError) {
      expect(e.message.startsWith(`${fileName}: `)).toBe(true);
      return e;
    }
    throw e;
  }
  throw new Error('expected the file to be refused');
}

describe('files that are not MS Project XML', () => {
  it('empty and blank files', () => {
    expect(refusal(new Uint8Array(0)).message).toMatch(/empty \(0 bytes\)/);
    expect(refusal('  \n\t ').message).toMatch(/only blank space/);
  });

  it('binary garbage', () => {
    // A fixed pseudo-random byte string (an LCG), with NULs and control bytes.
    let x = 12345;
    const junk = Uint8Array.from({ length: 4096 }, () => (x = (x * 1103515245 + 12345) >>> 0) >>> 24);
    junk[0] = 0x01;
    expect(refusal(junk).message).toMatch(/not an XML file: it holds binary data/);
  });

  it('other schedule formats are named', () => {
    expect(refusal('ERMHDR\t8.1\t2017-09-27\n%T\tPROJECT\n').message).toMatch(/Primavera P6 XER file/);
    expect(refusal(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])).message).toMatch(/binary Office file \(an MS Project \.mpp/);
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])).message).toMatch(/ZIP-based file/);
    expect(refusal('MPX,Microsoft Project for Windows,4.0,ANSI\n').message).toMatch(/MPX text file/);
    expect(refusal('Task,Start,Finish\nDig,2025-01-01,2025-01-02\n').message).toMatch(/starts with "Task,Sta"/);
  });

  it('P6 XML (PMXML) is recognised by its root element', () => {
    const pmxml = '<?xml version="1.0" encoding="UTF-8"?><APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V20.12/API/BusinessObjects"><Project/></APIBusinessObjects>';
    expect(refusal(pmxml).message).toMatch(/Primavera P6 XML \(PMXML\) file, not MS Project XML/);
  });

  it.skipIf(!haveSamples || !existsSync(path.join(SAMPLES, 'other/mpxj_resource-rates-test.pmxml.xml')))('a real PMXML file from the corpus is named as PMXML', () => {
    const b = new Uint8Array(readFileSync(path.join(SAMPLES, 'other/mpxj_resource-rates-test.pmxml.xml')));
    expect(refusal(b, 'rates.xml').message).toMatch(/PMXML/);
  });

  it('other XML, and <Project> outside the MS Project namespace', () => {
    expect(refusal('<html><body/></html>').message).toMatch(/its root element is <html>/);
    expect(refusal('<Project><Name>x</Name></Project>').message).toMatch(/<Project> root element, but without a namespace/);
    expect(refusal('<Project xmlns="urn:other"/>').message).toMatch(/in the namespace "urn:other"/);
  });
});

describe('damaged MS Project XML', () => {
  it.skipIf(!haveSamples)('a truncated file: says it ends early and inside which element', () => {
    const full = sampleBytes('mpxj_mspdiresource.xml');
    // Cut inside the first task's <Name> element ("Task A").
    const at = sampleText('mpxj_mspdiresource.xml').indexOf('<Name>Task A') + 8;
    const e = refusal(full.subarray(0, at), 'cut.xml');
    expect(e.message).toMatch(/ends early, inside <Name> \(Project\/Tasks\/Task\/Name\)/);
    expect(e.message).toMatch(/Export|save it again/i);
    expect(e.where).toMatch(/^line \d+, Project\/Tasks\/Task\/Name$/);
  });

  it.skipIf(!haveSamples)('a file cut anywhere is refused as ending early, never half-read', () => {
    const full = sampleBytes('mpxj_legacy_sample.xml');
    for (const fraction of [0.05, 0.2, 0.5, 0.8, 0.97, 0.9999]) {
      expect(refusal(full.subarray(0, Math.floor(full.length * fraction))).message).toMatch(/ends early/);
    }
  });

  it('mismatched tags', () => {
    const xml = mspdi({ tasks: '<Task><UID>1</UID><Name>Dig</Nmae></Task>' });
    expect(refusal(xml).message).toMatch(/the element <Name> is closed by <\/Nmae>/);
  });

  it('billion laughs: a DOCTYPE declaring entities is refused before anything is expanded', () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE Project [<!ENTITY lol0 "lol">${lol}]>` + mspdi({ tasks: task({ UID: 1, Name: '&lol9;', OutlineLevel: 1 }) }).replace(/^<\?xml[^>]*>/, '');
    const t = performance.now();
    expect(refusal(xml).message).toMatch(/declares its own entities/);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('an undeclared entity in a task name is refused, naming it', () => {
    const xml = mspdi({ tasks: task({ UID: 1, Name: 'Tom &nbsp; Jerry', OutlineLevel: 1 }) });
    expect(refusal(xml).message).toMatch(/"&nbsp;".*not one of XML's five predefined entities/);
  });
});

describe('odd but readable files', () => {
  it('a file with no tasks, calendars or resources gives an empty schedule', () => {
    const xml = `<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>empty.xml</Name></Project>`;
    const r = readMspdi(bytes(xml));
    expect(r.projects).toEqual([{ id: 'empty.xml', code: 'empty.xml', name: 'empty', activities: 0 }]);
    expect(r.schedules[0].activities).toEqual([]);
    expect(r.schedules[0].calendars).toEqual([]);
  });

  it('a 5 MB task name is read whole', () => {
    const name = 'N'.repeat(5_000_000);
    const s = readMspdi(bytes(mspdi({ tasks: task({ UID: 1, ID: 1, Name: name, OutlineLevel: 1 }) }))).schedules[0];
    expect(s.activities[0].name.length).toBe(5_000_000);
  });

  it('unreadable values (including numbers beyond a double) become one summarised warning each; the rest is read', () => {
    const tasks = [
      task({ UID: 1, ID: 1, OutlineLevel: 1, Cost: '12,50', Start: '31/01/2025' }),
      task({ UID: 2, ID: 2, OutlineLevel: 1, Cost: 'n/a', Duration: '8 hours' }),
      task({ UID: 3, ID: 3, OutlineLevel: 1, Cost: '9'.repeat(400) }),
      task({ ID: 4, OutlineLevel: 1, Name: 'no uid' } as never),
    ].join('');
    const s = readMspdi(bytes(mspdi({ tasks }))).schedules[0];
    expect(s.activities.map((a) => a.id)).toEqual(['1', '2', '3']);
    const w = (s.source?.warnings ?? []).map((x) => x.message);
    // Task[1] is the project summary (UID 0), so the first bad cost is in Task[2].
    expect(w.find((m) => m.includes('<Cost>'))).toMatch(/^3 <Cost> values could not be read as a number \(the first, "12,50", at Project\/Tasks\/Task\[2\]\)/);
    expect(w.find((m) => m.includes('<Start>'))).toMatch(/"31\/01\/2025".*could not be read as a date/);
    expect(w.find((m) => m.includes('<Duration>'))).toMatch(/"8 hours".*duration/);
    expect(w.join('\n')).toMatch(/1 task has no UID/);
    // 400 nines overflow a double: unreadable like the others, and the task is still read.
    expect(s.activities[2].udf?.['msp:Cost']).toBeUndefined();
    expect(s.activities[2].budgetCost).toBe(0);
  });

  it.skipIf(!haveSamples)('a UTF-16 copy of a sample reads exactly like the UTF-8 original', () => {
    const text = sampleText('mpxj_mspdiresource.xml').replace('encoding="UTF-8"', 'encoding="UTF-16"');
    expect(text).toMatch(/encoding="UTF-16"/);
    for (const bigEndian of [false, true]) {
      const out = new Uint8Array(2 + text.length * 2);
      out[0] = bigEndian ? 0xfe : 0xff;
      out[1] = bigEndian ? 0xff : 0xfe;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        out[2 + 2 * i] = bigEndian ? c >> 8 : c & 0xff;
        out[3 + 2 * i] = bigEndian ? c & 0xff : c >> 8;
      }
      const fromUtf16 = readMspdi(out, { fileName: 'a.xml' });
      const fromUtf8 = readMspdi(sampleBytes('mpxj_mspdiresource.xml'), { fileName: 'a.xml' });
      expect(fromUtf16).toEqual(fromUtf8);
      expect(fromUtf16.schedules[0].activities.map((a) => a.name)).toEqual(['Task A', 'Contoured Task', 'Completed Task']);
    }
  });

  it('non-ASCII names survive (UTF-8 multi-byte and character references)', () => {
    const s = readMspdi(bytes(mspdi({ tasks: task({ UID: 1, ID: 1, Name: 'Béton &#x2013; Задача 混凝土', OutlineLevel: 1 }) }))).schedules[0];
    expect(s.activities[0].name).toBe('Béton – Задача 混凝土');
  });
});
