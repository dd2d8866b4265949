/** CSV files with thousands of empty columns: refused early with a clear message, or trimmed. */
import { describe, expect, it } from 'vitest';
import { ImportError, parseScheduleFile } from '../../../../src/core/import';
import { MAX_CSV_COLUMNS, readCsv } from '../../../../src/core/import/table/csv';

const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportError);
    return (e as Error).message;
  }
  throw new Error('expected an ImportError');
};

describe('CSV width', () => {
  it('refuses a file with 20,000 empty columns a line from its header row, saying what to do', () => {
    const tail = ','.repeat(20_000);
    const csv = [`Activity ID,Activity Name,Start,Finish,Budget${tail}`, ...Array.from({ length: 50 }, (_, i) => `A${i},Task ${i},2024-01-02,2024-02-02,${i}${tail}`)].join('\n');
    const m = message(() => parseScheduleFile(new TextEncoder().encode(csv), { fileName: 'wide.csv' }));
    expect(m).toBe(
      'wide.csv: row 1 has 20,005 columns, more than the 5,000 a table can have here (most are probably empty columns after the table). Open the file in Excel, delete the columns to the right of the last one you use, save it as CSV again and import the new file.',
    );
  });

  it('refuses a too-wide row further down, naming it', () => {
    const lines = ['ID,Name', ...Array.from({ length: 40 }, (_, i) => `A${i},Task`)];
    lines[30] = `A30,Task${','.repeat(MAX_CSV_COLUMNS)}`;
    expect(message(() => readCsv(lines.join('\n'), { fileName: 'x.csv' }))).toMatch(/^x\.csv: row 31 has 5,002 columns/);
  });

  it('drops empty columns to the right of the last one any row uses, and keeps each row as written up to there', () => {
    const tail = ','.repeat(3000);
    const s = readCsv(`ID,Name,Notes${tail}\nA1,Dig,${tail}\nA2,,x${tail}\n\nA3`);
    expect(s.rows).toEqual([['ID', 'Name', 'Notes'], ['A1', 'Dig', null], ['A2', null, 'x'], [null], ['A3']]);
  });
});
