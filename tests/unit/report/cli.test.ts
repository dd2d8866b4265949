/**
 * `analyse --pdf/--xlsx/--paper`: the options are checked, a file that cannot be written is named
 * with what to do before any analysis runs, and a period table (no activities) still gets both
 * reports. Input: a synthetic schedule written as canonical JSON, so no sample files are needed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/analyse';
import { USAGE, parseAnalyseArgs } from '../../../src/cli/args';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { pdfText, readWorkbook } from './readBack';

const dir = mkdtempSync(join(tmpdir(), 'earnest-cli-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const input = join(dir, 'site.json');
writeFileSync(input, JSON.stringify(syntheticSchedule({ activities: 120, seed: 3 })));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

describe('analyse --pdf / --xlsx / --paper', () => {
  it('are in the help text', () => {
    expect(USAGE).toMatch(/--pdf FILE/);
    expect(USAGE).toMatch(/--xlsx FILE/);
    expect(USAGE).toMatch(/--paper a4\|letter/);
  });

  it('parses paper case-insensitively and refuses what makes no sense', () => {
    const ok = parseAnalyseArgs([input, '--pdf', 'a.pdf', '--paper', 'LETTER']);
    expect(ok !== 'help' && ok.paper).toBe('Letter');
    expect(() => parseAnalyseArgs([input, '--pdf', 'a.pdf', '--paper', 'a3'])).toThrow('--paper must be a4 or letter, not "a3".');
    expect(() => parseAnalyseArgs([input, '--paper', 'a4'])).toThrow("--paper sets the PDF's paper: give --pdf FILE too.");
    expect(() => parseAnalyseArgs([input, '--pdf', 'r', '--xlsx', 'r'])).toThrow('--pdf and --xlsx name the same file');
  });

  it('names an unwritable target and what to do, and writes nothing', async () => {
    const missing = await cli(input, '--pdf', join(dir, 'no-such-folder', 'r.pdf'));
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(`earnest analyse: --pdf ${join(dir, 'no-such-folder', 'r.pdf')}: the folder ${join(dir, 'no-such-folder')} does not exist. Create it or choose another place.\n`);
    expect(missing.out).toBe('');
    mkdirSync(join(dir, 'out.xlsx'));
    const folder = await cli(input, '--xlsx', join(dir, 'out.xlsx'));
    expect(folder.code).toBe(1);
    expect(folder.err).toContain('that is a folder; give a file name inside it');
  });

  it('writes a readable PDF and workbook and still prints the text report', async () => {
    const pdf = join(dir, 'r.pdf');
    const xlsx = join(dir, 'r.xlsx');
    const r = await cli(input, '--pdf', pdf, '--xlsx', xlsx);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Measures$/m);
    expect(existsSync(pdf) && existsSync(xlsx)).toBe(true);
    expect((await pdfText(new Uint8Array(readFileSync(pdf)))).text).toContain('Earned value status report');
    expect(readWorkbook(new Uint8Array(readFileSync(xlsx))).SheetNames).toContain('Activities');
  }, 60_000);

  it('a period table gets both reports, without an activity sheet', async () => {
    const csv = join(dir, 'periods.csv');
    writeFileSync(csv, 'Period,PV,EV,AC\n2026-01-31,100,90,95\n2026-02-28,250,220,240\n2026-03-31,400,,\n2026-04-30,500,,\n');
    const xlsx = join(dir, 'periods.xlsx');
    const r = await cli(csv, '--xlsx', xlsx, '--pdf', join(dir, 'periods.pdf'));
    expect(r.code, r.err).toBe(0);
    const wb = readWorkbook(new Uint8Array(readFileSync(xlsx)));
    expect(wb.SheetNames).not.toContain('Activities');
    expect(wb.SheetNames).toContain('Measures');
  }, 60_000);
});
