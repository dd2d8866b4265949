/** The CSV builder (core/report/csv.ts): RFC 4180, a BOM for Excel, raw numbers, and no formula injection. */
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvField, csvFileName, toCsv, UTF8_BOM } from '../../../src/core/report/csv';

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and ends each record with CRLF', () => {
    const csv = toCsv(['ID', 'Cost'], [['A1', 10]]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('ID,Cost\r\nA1,10\r\n');
  });

  it('quotes commas, quotes and line breaks, and reads back to the same cells', () => {
    const rows = [['Pour, slab 3', 'He said "go"', 'two\nlines', 'carriage\rreturn', '£1,200 – café']];
    const csv = toCsv(['a', 'b', 'c', 'd', 'e'], rows);
    expect(csv).toContain('"Pour, slab 3","He said ""go""","two\nlines","carriage\rreturn","£1,200 – café"');
    const back = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data;
    expect(back[1]).toEqual(rows[0]);
  });

  it('writes numbers unformatted at full precision, and blanks for null, undefined and non-finite', () => {
    expect(csvField(1234567.891234)).toBe('1234567.891234');
    expect(csvField(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvField(-41000)).toBe('-41000');
    expect(csvField(-0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
    expect(Number(csvField(215918496.41))).toBe(215918496.41);
  });

  it('neutralises text that a spreadsheet would run as a formula, never numbers', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvField('-1200')).toBe("'-1200");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField(-1200)).toBe('-1200');
    expect(csvField('A-100')).toBe('A-100');
  });
});

describe('csvFileName', () => {
  it('joins the parts and drops characters file systems refuse', () => {
    expect(csvFileName('Viaduct: phase 2/3', 'Breakdown', '2025-03-31')).toBe('Viaduct phase 2 3 - Breakdown - 2025-03-31.csv');
    expect(csvFileName('', null)).toBe('table.csv');
  });
});
