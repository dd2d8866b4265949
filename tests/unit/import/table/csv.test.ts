/**
 * CSV and delimited text: delimiter detection, quoting, byte-order marks, encodings, and the
 * messages for files that are not CSV.
 */
import { describe, expect, it } from 'vitest';
import { readCsv, readCsvBytes } from '../../../../src/core/import/table';
import { ImportError } from '../../../../src/core/import/types';

const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ImportError) return e.message;
    throw e;
  }
  throw new Error('expected an ImportError');
};

describe('readCsv', () => {
  it('detects commas, semicolons, tabs and pipes', () => {
    expect(readCsv('a,b\n1,2').rows).toEqual([['a', 'b'], ['1', '2']]);
    // European Excel: semicolons, with decimal commas inside the fields.
    expect(readCsv('ID;Budget\nA;1.234,50\nB;2,5').rows).toEqual([['ID', 'Budget'], ['A', '1.234,50'], ['B', '2,5']]);
    expect(readCsv('ID\tName\nA\tDig').rows).toEqual([['ID', 'Name'], ['A', 'Dig']]);
    expect(readCsv('ID|Name\nA|Dig').rows).toEqual([['ID', 'Name'], ['A', 'Dig']]);
  });

  it('honours quotes, doubled quotes and line breaks inside fields', () => {
    const s = readCsv('ID,Name,Notes\r\nA1,"Dig, then fill","line one\nline two"\r\nA2,"The ""big"" pour",\r\n');
    expect(s.rows).toEqual([
      ['ID', 'Name', 'Notes'],
      ['A1', 'Dig, then fill', 'line one\nline two'],
      ['A2', 'The "big" pour', null],
    ]);
  });

  it('drops a byte-order mark, keeps blank lines as empty rows, and honours Excel’s sep= line', () => {
    expect(readCsv('\uFEFFID,Name\nA,B').rows[0]).toEqual(['ID', 'Name']);
    expect(readCsv('Title\n\nID,Name\nA,B').rows).toEqual([['Title'], [null], ['ID', 'Name'], ['A', 'B']]);
    const sep = readCsv('sep=;\nID;Name\nA;B');
    // The sep= line stays as an empty row so that row numbers match the file's lines.
    expect(sep.rows).toEqual([[], ['ID', 'Name'], ['A', 'B']]);
  });

  it('names the sheet after the file', () => {
    expect(readCsv('a,b\n1,2', { fileName: 'C:\\exports\\progress.csv' }).name).toBe('progress');
    expect(readCsv('a,b\n1,2').name).toBe('CSV');
  });

  it('explains empty files, binary files and a quote that is never closed', () => {
    expect(messageOf(() => readCsv('', { fileName: 'x.csv' }))).toBe('x.csv: the file is empty: expected a header row (the column names) and one row per activity or period.');
    expect(messageOf(() => readCsv('\uFEFF  \n\n'))).toMatch(/^the file is empty/);
    expect(messageOf(() => readCsv('PK\u0003\u0004\u0000\u0000binary', { fileName: 'x.csv' }))).toMatch(/^x\.csv: this is not a text CSV file \(it contains binary data\)/);
    expect(messageOf(() => readCsv('ID,Name\nA1,"never closed\nA2,b\n', { fileName: 'x.csv' }))).toBe(
      'x.csv: row 2: a quoted field is never closed (a " without its partner), so the rest of the file would run into one cell. Fix the quote in a text editor, or export the CSV again.',
    );
  });

  it('copes with a huge field', () => {
    const big = 'x'.repeat(2_000_000);
    const s = readCsv(`ID,Notes\nA,"${big}"\n`);
    expect((s.rows[1][1] as string).length).toBe(2_000_000);
  });
});

describe('readCsvBytes', () => {
  it('reads UTF-8, and windows-1252 when the bytes are not UTF-8 (a £ as 0xA3)', () => {
    const utf8 = new TextEncoder().encode('Item,Budget\nFence,£1,200\n');
    expect(readCsvBytes(utf8).rows[1]).toEqual(['Fence', '£1', '200']);
    const cp1252 = Uint8Array.from([...new TextEncoder().encode('Item;Budget\nFence;'), 0xa3, ...new TextEncoder().encode('1200\n')]);
    expect(readCsvBytes(cp1252).rows[1]).toEqual(['Fence', '£1200']);
  });

  it('reads Excel’s "Unicode Text" export (UTF-16LE with a BOM, tab-separated)', () => {
    const text = 'ID\tName\r\nA1\tCafé fit-out\r\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) {
      bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    expect(readCsvBytes(bytes).rows).toEqual([
      ['ID', 'Name'],
      ['A1', 'Café fit-out'],
    ]);
  });

  it('explains a 0-byte file', () => {
    expect(messageOf(() => readCsvBytes(new Uint8Array(0), { fileName: 'x.csv' }))).toBe('x.csv: the file is empty (0 bytes). Export the table again and pick the new file.');
  });
});
