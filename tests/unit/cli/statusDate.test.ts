/**
 * The status (data) date in `earnest analyse` (issue 12, items 2 and 4): a file without a status
 * date is analysed at the same default the app proposes (model/statusDate.ts), the report says
 * which date that was, --data-date still overrides, and a P6 data date at 00:00 prints as the day
 * P6 shows (not the day before) in the header and the commentary alike.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/analyse';
import { parseAnalyseArgs } from '../../../src/cli/args';
import { analyseFile } from '../../../src/cli/load';
import type { JsonReport } from '../../../src/cli/jsonReport';
import { localToday } from '../../../src/core/model/statusDate';

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = resolve(ROOT, '..', 'shared/samples/schedules');
const haveSamples = existsSync(SAMPLES);
const tmp = mkdtempSync(join(tmpdir(), 'earnest-cli-dd-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

const lineStarting = (out: string, prefix: string): string | undefined => out.split('\n').find((l) => l.startsWith(prefix));

/** A CSV activity list with no date written above it, with or without an actual start. */
function activityList(name: string, withActual: boolean): string {
  const rows = [
    'Activity ID,Activity Name,Baseline Start,Baseline Finish,Actual Start,Budget,Actual Cost,% Complete',
    `A1,Excavate,06/01/2025,17/01/2025,${withActual ? '08/01/2025' : ''},10000,${withActual ? 4000 : 0},${withActual ? '40%' : '0%'}`,
    'A2,Pour,20/01/2025,31/01/2025,,20000,0,0%',
  ];
  const p = join(tmp, name);
  writeFileSync(p, rows.join('\n'));
  return p;
}

describe('a CSV activity list without a data date', () => {
  it('is analysed at its latest actual date, and the report says so', async () => {
    const r = await run(activityList('with-actual.csv', true));
    expect(r.code).toBe(0);
    expect(lineStarting(r.out, 'Data date ')).toMatch(/^Data date 8 Jan 2025 · /);
    expect(r.out).toContain('Status date 8 Jan 2025 — the latest actual date in the file. Pass --data-date YYYY-MM-DD to measure at another date.');
    const doc = JSON.parse((await run(activityList('with-actual-json.csv', true), '--json')).out) as JsonReport;
    expect(doc.analysis.dataDate?.slice(0, 10)).toBe('2025-01-08');
    expect(doc.analysis.dataDateSource).toBe('latest-actual');
  });

  it('with no dates to go by is analysed at today (the CLI clock), not refused', async () => {
    const before = localToday(new Date());
    const r = await run(activityList('no-actual.csv', false), '--json');
    const after = localToday(new Date());
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as JsonReport;
    expect(doc.analysis.dataDateSource).toBe('today');
    expect([before, after]).toContain(doc.analysis.dataDate?.slice(0, 10));
    expect(r.out).not.toContain('--data-date YYYY-MM-DD)');
  });

  it('"today" comes from the clock the arguments were parsed with', async () => {
    const args = parseAnalyseArgs([activityList('no-actual-2.csv', false)], new Date(2026, 1, 3, 23, 30));
    if (args === 'help') throw new Error('unexpected help');
    expect(args.today).toBe('2026-02-03');
    const { analysis } = await analyseFile(args);
    expect(analysis.dataDate).toBe('2026-02-03T00:00');
    expect(analysis.dataDateSource).toBe('today');
  });

  it('--data-date still overrides, and the note says the date was given', async () => {
    const r = await run(activityList('given.csv', true), '--data-date', '2025-01-15');
    expect(r.code).toBe(0);
    expect(lineStarting(r.out, 'Data date ')).toMatch(/^Data date 15 Jan 2025 · /);
    expect(r.out).toContain('Status date 15 Jan 2025 — given with --data-date.');
    const doc = JSON.parse((await run(activityList('given-json.csv', true), '--data-date', '2025-01-15', '--json')).out) as JsonReport;
    expect(doc.analysis.dataDateSource).toBe('given');
  });
});

describe.skipIf(!haveSamples)(`status dates of sample files (skipped when ${SAMPLES} is absent)`, () => {
  it('an MSPDI file with no StatusDate is measured at its CurrentDate, as MS Project does', async () => {
    const file = join(SAMPLES, 'mspdi/mpxj_legacy_sample.xml');
    const r = await run(file);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // <CurrentDate>2003-02-19T08:00:00</CurrentDate>, no <StatusDate>, no actual dates.
    expect(lineStarting(r.out, 'Data date ')).toMatch(/^Data date 19 Feb 2003 · /);
    expect(r.out).toContain("Status date 19 Feb 2003 — MS Project's current date; the file has no status date. Pass --data-date YYYY-MM-DD to measure at another date.");
    const doc = JSON.parse((await run(file, '--json')).out) as JsonReport;
    expect(doc.analysis.dataDate).toBe('2003-02-19T08:00');
    expect(doc.analysis.dataDateSource).toBe('current-date');
  });

  it('an MSPDI file with no dates at all (no status, current or actual date) is measured today', async () => {
    const r = await run(join(SAMPLES, 'mspdi/aspose_not_updated.xml'), '--json');
    expect(r.err).toBe('');
    const doc = JSON.parse(r.out) as JsonReport;
    expect(doc.analysis.dataDateSource).toBe('today');
    expect(doc.analysis.dataDate?.slice(0, 10)).toBe(localToday(new Date()));
  });

  it("a P6 data date at 00:00 reads as P6 shows it, in the header and the commentary's 'As at'", async () => {
    // PROJECT HS2-LWM-IMP-040-20: last_recalc_date 2017-09-16 00:00 (EXPECTED.md C.1).
    const r = await run(join(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer'));
    expect(r.code).toBe(0);
    expect(lineStarting(r.out, 'Data date ')).toMatch(/^Data date 16 Sep 2017 · /);
    expect(r.out).toContain("Status date 16 Sep 2017 — the file's status date.");
    expect(r.out).toContain('As at 16 Sep 2017, ');
    expect(r.out).not.toContain('15 Sep 2017');
  });
});
