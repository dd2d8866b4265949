/**
 * Format detection from content: every file of the sample corpus, plus renamed, empty, binary,
 * password-protected and other-application files built here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { detectFormat, type FileFormat } from '../../../src/core/import/detect';

const SAMPLES = resolve(__dirname, '../../../..', 'shared/samples/schedules');
const haveSamples = existsSync(SAMPLES);
if (!haveSamples) console.warn(`detect.test: ${SAMPLES} is absent, so the corpus checks are skipped.`);

const bytes = (s: string) => new TextEncoder().encode(s);

/** What each corpus folder holds, by file name. */
function expectedFormat(folder: string, name: string): FileFormat {
  if (folder === 'xer') return 'xer';
  if (folder === 'mspdi') return 'mspdi';
  if (folder === 'mpp') return 'mpp';
  if (name.endsWith('.mpx')) return 'mpx';
  if (name.endsWith('.xlsx')) return 'xlsx';
  return 'pmxml';
}

describe.skipIf(!haveSamples)('every file of the sample corpus', () => {
  for (const folder of ['xer', 'mspdi', 'mpp', 'other']) {
    const dir = join(SAMPLES, folder);
    const files = existsSync(dir) ? readdirSync(dir).filter((n) => !n.endsWith('.md')) : [];
    it.each(files)(`${folder}/%s`, (name) => {
      const d = detectFormat(new Uint8Array(readFileSync(join(dir, name))), name);
      expect(d.format).toBe(expectedFormat(folder, name));
      expect(d.note).toBeUndefined();
    });
  }

  it('names the MPP version; .mpp is readable (its reader loads on demand) and no longer sends users to XML', () => {
    const d = detectFormat(new Uint8Array(readFileSync(join(SAMPLES, 'mpp/mpxj_mpp14resource.mpp'))), 'mpxj_mpp14resource.mpp');
    expect(d.readable).toBe(true);
    expect(d.label).toBe('a Microsoft Project .mpp file (MPP14)');
    expect(d.message).toBeUndefined();
    const v8 = detectFormat(new Uint8Array(readFileSync(join(SAMPLES, 'mpp/mpxj_legacy_sample98.mpp'))));
    expect(v8.label).toContain('MPP8');
  });

  it('a template (.mpt) is refused with what to do', () => {
    const d = detectFormat(new Uint8Array(readFileSync(join(SAMPLES, 'mpp/mpxj_mpp14resource.mpp'))), 'Standard build.mpt');
    expect(d).toMatchObject({ format: 'mpp', readable: false, label: 'a Microsoft Project template (MPP14)' });
    expect(d.message).toBe('Standard build.mpt: this is a Microsoft Project template (.mpt): a pattern for new projects, with no status to measure. Open it in Microsoft Project, save the project made from it as a .mpp file (File › Save As), and import that.');
  });

  it('a renamed file is read as what it holds, with a note', () => {
    const d = detectFormat(new Uint8Array(readFileSync(join(SAMPLES, 'mspdi/mpxj_baselines.xml'))), 'baselines.xer');
    expect(d.format).toBe('mspdi');
    expect(d.note).toBe('baselines.xer is named .xer but holds a Microsoft Project XML file; it is read as what it holds.');
  });
});

describe('files built here', () => {
  it('empty', () => {
    const d = detectFormat(new Uint8Array(0), 'site.xer');
    expect(d).toMatchObject({ format: 'empty', readable: false });
    expect(d.message).toBe('site.xer: the file is empty (0 bytes). Export the schedule again and pick the new file.');
  });

  it('XER with a UTF-8 BOM and leading blank line', () => expect(detectFormat(bytes('\uFEFF\r\nERMHDR\t20.12\n')).format).toBe('xer'));

  it('MSPDI and PMXML by root element, with or without a prolog and namespace prefix', () => {
    expect(detectFormat(bytes('<?xml version="1.0"?>\n<Project xmlns="http://schemas.microsoft.com/project"><Name>x</Name></Project>')).format).toBe('mspdi');
    expect(detectFormat(bytes('<?xml version="1.0"?><APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V20.12/API/BusinessObjects"></APIBusinessObjects>')).format).toBe('pmxml');
    expect(detectFormat(bytes('<p6:APIBusinessObjects xmlns:p6="x"></p6:APIBusinessObjects>')).format).toBe('pmxml');
  });

  it('UTF-16 MSPDI (with BOM) is recognised', () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><Project xmlns="http://schemas.microsoft.com/project"><SaveVersion>14</SaveVersion></Project>';
    const u16 = new Uint8Array(2 + xml.length * 2);
    u16[0] = 0xff;
    u16[1] = 0xfe;
    for (let i = 0; i < xml.length; i++) u16[2 + 2 * i] = xml.charCodeAt(i);
    expect(detectFormat(u16).format).toBe('mspdi');
  });

  it('other XML and HTML are refused with a reason', () => {
    const svg = detectFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'plan.xml');
    expect(svg.format).toBe('not-a-schedule');
    expect(svg.message).toMatch(/^plan\.xml: this XML file is neither Microsoft Project XML nor Primavera P6 XML\./);
    expect(detectFormat(bytes('<!DOCTYPE html><html><body>Sign in</body></html>'), 'x.xer').message).toMatch(/web page \(HTML\)/);
  });

  it('CSV with commas, semicolons (European Excel) or tabs', () => {
    expect(detectFormat(bytes('Activity ID,Name,Budget\nA1,Dig,"1,000"\nA2,Pour,500\n')).format).toBe('csv');
    expect(detectFormat(bytes('Activity ID;Name;Budget\nA1;Dig;1000,50\n')).format).toBe('csv');
    expect(detectFormat(bytes('Period\tPV\tEV\tAC\n1\t10\t8\t9\n')).format).toBe('csv');
  });

  it('prose is not a table', () => expect(detectFormat(bytes('Dear Sir,\nPlease find the programme attached\nRegards\n')).format).toBe('not-a-schedule'));

  it('binary garbage', () => {
    const junk = new Uint8Array(4096);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 256;
    const d = detectFormat(junk, 'schedule.xer');
    expect(d.format).toBe('not-a-schedule');
    expect(d.message).toMatch(/^schedule\.xer: this is binary data that is not a schedule format Earnest reads\./);
  });

  it('a password-protected workbook (OLE2 with EncryptionInfo/EncryptedPackage)', () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', new Uint8Array(64));
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', new Uint8Array(4096));
    const d = detectFormat(new Uint8Array(XLSX.CFB.write(cfb, { type: 'array' }) as ArrayLike<number>), 'costs.xlsx');
    expect(d.format).toBe('encrypted-workbook');
    expect(d.message).toMatch(/^costs\.xlsx: the workbook is password-protected/);
    expect(d.note).toBeUndefined();
  });

  it('xlsx and xls written by SheetJS', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Activity ID', 'Budget'], ['A1', 100]]), 'Sheet1');
    const xlsx = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const xls = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
    expect(detectFormat(xlsx, 'a.xlsx').format).toBe('xlsx');
    expect(detectFormat(xls, 'a.xls').format).toBe('xls');
  });

  it('a zip holding an XER says to unzip it', () => {
    // A stored (uncompressed) ZIP with one entry, built byte by byte.
    const name = bytes('export/site.xer');
    const data = bytes('ERMHDR\t20.12\n');
    const h = new Uint8Array(30 + name.length + data.length);
    h.set([0x50, 0x4b, 0x03, 0x04], 0);
    h[18] = data.length;
    h[22] = data.length;
    h[26] = name.length;
    h.set(name, 30);
    h.set(data, 30 + name.length);
    const d = detectFormat(h, 'site.zip');
    expect(d.format).toBe('not-a-schedule');
    expect(d.message).toBe('site.zip: this is a ZIP archive holding export/site.xer. Unzip it and import site.xer itself.');
  });

  it('Asta (text and SQLite .pp) is readable, its reader loading on demand, and no longer sends users to XML', () => {
    const asta = new Uint8Array([0, 0, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 1, 2, 3]);
    const text = detectFormat(asta, 'job.pp');
    expect(text).toMatchObject({ format: 'asta', readable: true });
    expect(text.message).toBeUndefined();
    const sqlite = new Uint8Array(32);
    sqlite.set(bytes('SQLite format 3\0'));
    expect(detectFormat(sqlite, 'job.pp')).toMatchObject({ format: 'asta', readable: true });
    // Another application's database is not taken for a schedule.
    expect(detectFormat(sqlite, 'app.db').format).toBe('not-a-schedule');
  });

  it('MPX is readable (its reader loads on demand, see lazyReaders.ts) and no longer sends users to XML', () => {
    const d = detectFormat(bytes('MPX,Microsoft Project for Windows,4.0,ANSI\r\n'), 'a.mpx');
    expect(d).toMatchObject({ format: 'mpx', readable: true });
    expect(d.message).toBeUndefined();
    // Another field separator (the character after "MPX") is MPX too.
    expect(detectFormat(bytes('MPX;Microsoft Project for Windows;4.0;ANSI\r\n'), 'b.mpx').format).toBe('mpx');
  });

  it('a PDF report', () => expect(detectFormat(bytes('%PDF-1.7\n...'), 'report.xer').message).toMatch(/^report\.xer: this is a PDF document\./));
});
