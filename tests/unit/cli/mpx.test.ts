/**
 * The CLI reads MPX files (issue 16) through the same on-demand reader as the import worker:
 * `npm run analyse -- other/mpxj_legacy_sample.mpx` analyses the plan at MS Project's current date
 * (MPX has no status date), and a damaged MPX file is refused with its line, exit code 1.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/analyse';
import type { JsonReport } from '../../../src/cli/jsonReport';

const LEGACY = resolve(__dirname, '../../../..', 'shared/samples/schedules/other/mpxj_legacy_sample.mpx');
const tmp = mkdtempSync(join(tmpdir(), 'earnest-cli-mpx-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

describe('earnest analyse on an MPX file', () => {
  it.skipIf(!existsSync(LEGACY))('analyses the legacy sample at its current date, with its budget', async () => {
    const r = await run(LEGACY, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as JsonReport;
    expect(doc.analysis.dataDate?.slice(0, 10)).toBe('2003-01-15');
    // EXPECTED.md B: total cost 3,526.25, the budget when nothing is baselined.
    expect(doc.analysis.cost.bac.value).toBeCloseTo(3526.25, 6);
    expect(doc.importWarnings.join("\n")).toMatch(/MPX files have no status date/);
    const text = await run(LEGACY);
    expect(text.out.split('\n')[0]).toBe('sample');
  });

  it('refuses a damaged MPX file with its line', async () => {
    const bad = join(tmp, 'bad.mpx');
    writeFileSync(bad, 'MPX,Microsoft Project for Windows,4.0,ANSI\r\n30,"cut');
    const r = await run(bad);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.mpx: line 2: a quoted field opens here and never closes/);
  });
});
