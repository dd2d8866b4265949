/**
 * `earnest analyse` end to end through `main(argv, out, err)`: exit 0 with the report, 1 with one line
 * naming the file and the problem, 2 with the usage for bad options. Expected figures are worked out
 * in tests/fixtures/README.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/analyse';
import { USAGE } from '../../../src/cli/args';
import type { CliRiskReport } from '../../../src/cli/risk';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { JSON_SCHEMA_VERSION, type JsonReport } from '../../../src/cli/jsonReport';
import { MEASURE_KEYS, eacMethodLabel, rowLabel } from '../../../src/core/evm/dictionary';

const ROOT = resolve(__dirname, '../../..');
const FIX = join(ROOT, 'tests/fixtures');
const CSV = join(FIX, 'period-table-monthly.csv');
const SCHEDULE = join(FIX, 'riverside-pumping-station.json');
const tmp = mkdtempSync(join(tmpdir(), 'earnest-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A file in the temporary folder. */
function file(name: string, content: string | Uint8Array): string {
  const p = join(tmp, name);
  writeFileSync(p, content);
  return p;
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of a report row (label, two or more spaces, value, optional note), e.g. row(out, 'SPI') → "0.84". */
function row(out: string, label: string): string | undefined {
  const re = new RegExp(`^  ${escapeRe(label)}\\s{2,}(.+)$`);
  for (const line of out.split('\n')) {
    const m = re.exec(line);
    if (m) return m[1].split(/\s{2,}/)[0];
  }
  return undefined;
}

/** The value and the note of a report row, e.g. cells(out, 'EAC cpi *') → ["£251,719", "BAC / CPI"]. */
function cells(out: string, label: string): string[] | undefined {
  const re = new RegExp(`^  ${escapeRe(label)}\\s{2,}(.+)$`);
  for (const line of out.split('\n')) {
    const m = re.exec(line);
    if (m) return m[1].split(/\s{2,}/);
  }
  return undefined;
}

describe('a CSV period table', () => {
  it('prints the report and exits 0', async () => {
    const r = await run(CSV);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    // SPI = 380/450 = 0.844 → "0.84"; CPI = 380/420 = 0.905 → "0.90"; SPI(t) = 2.65/3 = 0.883 → "0.88".
    expect(row(r.out, 'SPI')).toBe('0.84');
    expect(row(r.out, 'CPI')).toBe('0.90');
    expect(row(r.out, 'SPI(t)')).toBe('0.88');
    expect(row(r.out, 'PV (BCWS)')).toBe('£450,000');
    expect(row(r.out, 'BAC')).toBe('£1,000,000');
    expect(row(r.out, 'PD')).toBe('6 periods');
    expect(r.out).toMatch(/status period 3 \(31\/03\/2025\) of 6/);
    expect(r.out).toContain('Alerts (');
    expect(r.out).toContain('Commentary');
  });

  it('--json gives the versioned document with every period, alerts and commentary', async () => {
    const r = await run(CSV, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as JsonReport;
    expect(doc.schemaVersion).toBe(1);
    expect(JSON_SCHEMA_VERSION).toBe(1);
    expect(doc.generator).toBe('earnest analyse');
    expect(doc.analysis.cost.cpi.value).toBeCloseTo(380 / 420, 12);
    expect(doc.analysis.cost.cpi.formula).toBe('CPI = EV / AC');
    expect(doc.analysis.schedule.es.value).toBeCloseTo(2.65, 12);
    expect(doc.analysis.series.map((s) => s.period.label)).toEqual(['31/01/2025', '28/02/2025', '31/03/2025', '30/04/2025', '31/05/2025', '30/06/2025']);
    expect(doc.analysis.series.map((s) => s.period.pv)).toEqual([100_000, 250_000, 450_000, 700_000, 900_000, 1_000_000]);
    expect(Array.isArray(doc.alerts)).toBe(true);
    expect(doc.alerts.length).toBeGreaterThan(0);
    expect(doc.commentary.paragraphs.length).toBeGreaterThan(0);
    expect(typeof doc.commentary.paragraphs[0].text).toBe('string');
  });

  it('--incremental reads per-period values', async () => {
    const p = file('inc.csv', 'Period,PV,EV,AC\n1,100,80,90\n2,150,120,140\n3,200,180,190\n4,250,,\n5,200,,\n6,100,,\n');
    const r = await run(p, '--incremental', '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as JsonReport;
    expect(doc.analysis.cost.ev.value).toBe(380);
    expect(doc.analysis.schedule.es.value).toBeCloseTo(2.65, 12);
  });

  it('options meant for schedules are named as ignored, and the report still prints', async () => {
    const r = await run(CSV, '--by', 'ca', '--profile', 'bell');
    expect(r.code).toBe(0);
    expect(row(r.out, 'SPI')).toBe('0.84');
    expect(r.err.trimEnd().split('\n')).toEqual([
      'earnest analyse: warning: --by applies to schedules only; this file is a period table (its status is the last row with EV or AC), so it was ignored.',
      'earnest analyse: warning: --profile applies to schedules only; this file is a period table (its status is the last row with EV or AC), so it was ignored.',
    ]);
  });

  it('options that do apply give no warning', async () => {
    const r = await run(CSV, '--bac', '1000000', '--incremental', '--json');
    expect(r.err).not.toContain('warning');
  });

  it('--bac overrides BAC and says so', async () => {
    const r = await run(CSV, '--bac', '1200000');
    expect(r.code).toBe(0);
    expect(row(r.out, 'BAC')).toBe('£1,200,000');
    expect(r.out).toContain('BAC was given as 1200000, but the final cumulative PV is 1000000; the given BAC is used.');
  });
});

/** A one-sheet .xlsx from rows (numbers and text; date cells as {t:'n', v: serial, z}). */
function xlsx(rows: (XLSX.CellObject | string | number | null)[][]): Uint8Array {
  const ws: XLSX.WorkSheet = {};
  let width = 0;
  rows.forEach((r, ri) => {
    width = Math.max(width, r.length);
    r.forEach((v, ci) => {
      if (v !== null) ws[XLSX.utils.encode_cell({ r: ri, c: ci })] = typeof v === 'object' ? v : typeof v === 'number' ? { t: 'n', v } : { t: 's', v };
    });
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: width - 1 } });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'EV');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}
const serial = (iso: string) => (Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) - Date.UTC(1899, 11, 30)) / 86_400_000;

describe('period tables in other shapes, through the one table path', () => {
  // The monthly fixture's figures (tests/fixtures/README.md): SPI 0.84, CPI 0.90, SPI(t) 0.88, BAC £1,000,000.
  const expectFixtureFigures = (r: { code: number; out: string; err: string }) => {
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(row(r.out, 'SPI')).toBe('0.84');
    expect(row(r.out, 'CPI')).toBe('0.90');
    expect(row(r.out, 'SPI(t)')).toBe('0.88');
    expect(row(r.out, 'BAC')).toBe('£1,000,000');
  };

  it('a single period: BAC = PV = £100,000, SPI = 0.80, CPI = 80/90 = 0.89', async () => {
    const r = await run(file('one.csv', 'Period end,PV,EV,AC\n31/03/2025,100000,80000,90000\n'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(row(r.out, 'BAC')).toBe('£100,000');
    expect(row(r.out, 'SPI')).toBe('0.80');
    expect(row(r.out, 'CPI')).toBe('0.89');
    expect(r.out).toMatch(/status period 1 \(31\/03\/2025\) of 1/);
  });

  it('PV and EV without AC: SPI and earned schedule, the cost figures n/a with the reason', async () => {
    const r = await run(file('noac.csv', 'Period,PV,EV\n1,100,80\n2,250,200\n3,450,380\n4,700,\n5,900,\n6,1000,\n'), '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as JsonReport;
    // The hand-worked table: SPI = 380/450, ES = 2.65, SPI(t) = 2.65/3.
    expect(doc.analysis.cost.spi.value).toBeCloseTo(380 / 450, 12);
    expect(doc.analysis.schedule.es.value).toBeCloseTo(2.65, 12);
    expect(doc.analysis.schedule.spit.value).toBeCloseTo(2.65 / 3, 12);
    expect(doc.analysis.cost.ac.value).toBeNull();
    expect(doc.analysis.cost.cpi.value).toBeNull();
    expect(doc.analysis.cost.cpi.reason).toMatch(/no actual cost \(AC\)/);
    const text = (await run(file('noac2.csv', 'Period,PV,EV\n1,100,80\n2,250,200\n3,450,380\n4,700,\n'))).out;
    expect(row(text, 'AC (ACWP)')).toBe('n/a');
    expect(row(text, 'SPI(t)')).toBe('0.88');
  });

  it('a wide CSV (periods across, PV/EV/AC down) gives the fixture\'s figures', async () => {
    const wide = ['Measure,Jan-25,Feb-25,Mar-25,Apr-25,May-25,Jun-25', 'Cum PV,100000,250000,450000,700000,900000,1000000', 'Cum EV,80000,200000,380000,,,', 'Cum AC,90000,230000,420000,,,'].join('\n');
    expectFixtureFigures(await run(file('wide.csv', wide)));
  });

  it('a wide workbook with date cells across gives the same figures', async () => {
    const ends = ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30'];
    const p = file('wide.xlsx', xlsx([['', ...ends.map((d): XLSX.CellObject => ({ t: 'n', v: serial(d), z: 'dd/mm/yyyy' }))], ['BCWS', 100000, 250000, 450000, 700000, 900000, 1000000], ['BCWP', 80000, 200000, 380000], ['ACWP', 90000, 230000, 420000]]));
    const r = await run(p);
    expectFixtureFigures(r);
    // A date cell's label is the date it holds.
    expect(r.out).toMatch(/status period 3 \(2025-03-31\) of 6/);
  });

  it('--incremental on a wide table: per-period values add up to the same figures', async () => {
    const wide = ['Measure,Jan-25,Feb-25,Mar-25,Apr-25,May-25,Jun-25', 'PV,100000,150000,200000,250000,200000,100000', 'EV,80000,120000,180000,,,', 'AC,90000,140000,190000,,,'].join('\n');
    expectFixtureFigures(await run(file('wide-inc.csv', wide), '--incremental'));
  });

  it('an error in a wide table names the row, its measure, the column and its period', async () => {
    const r = await run(file('wide-bad.csv', ['Measure,Jan-25,Feb-25,Mar-25', 'PV,100,250,450', 'EV,80,200,', 'AC,90,n/a,'].join('\n')));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^earnest analyse: wide-bad\.csv: line 4 \(AC\), column C \(Feb-25\): AC value 'n\/a' is not a number\./);
  });

  it('a long Excel period table honours --bac and --planned-duration', async () => {
    const p = file('long.xlsx', xlsx([['Period', 'PV', 'EV', 'AC'], [1, 100, 80, 90], [2, 250, 200, 230], [3, 450, 380, 420], [4, 700], [5, 900], [6, 1000]]));
    const doc = JSON.parse((await run(p, '--bac', '1200', '--planned-duration', '5', '--json')).out) as JsonReport;
    expect(doc.analysis.cost.bac.value).toBe(1200);
    expect(doc.analysis.schedule.pd.value).toBe(5);
    expect(doc.analysis.schedule.es.value).toBeCloseTo(2.65, 12);
  });

  describe('a table that could be either kind', () => {
    const text = 'No,Planned,Earned,Actuals\n1,100,80,90\n2,250,200,230\n3,450,380,420\n4,700,,\n';

    it('is refused with both readings and the option that chooses', async () => {
      const r = await run(file('either.csv', text));
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(/^earnest analyse: either\.csv: this table could be a period table or an activity list, and its columns do not say which\. /);
      expect(r.err).toMatch(/--table periods: column 'No' steps through 4 periods/);
      expect(r.err).toMatch(/--table activities: column 'No' identifies activities/);
      expect(r.err).toMatch(/Run again with the one that is right\.\n$/);
    });

    it('--table periods reads it as a period table', async () => {
      const r = await run(file('either2.csv', text), '--table', 'periods', '--json');
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.out) as JsonReport;
      expect(doc.analysis.cost.ev.value).toBe(380);
      expect(doc.analysis.schedule.es.value).toBeCloseTo(2.65, 12);
    });

    it('--table must be periods or activities', async () => {
      const r = await run(file('either3.csv', text), '--table', 'rows');
      expect(r.code).toBe(2);
      expect(r.err.split('\n')[0]).toBe('earnest analyse: --table must be periods or activities, not "rows".');
    });
  });
});

describe('a canonical JSON schedule', () => {
  it('prints the measures and the WBS breakdown, exit 0', async () => {
    const r = await run(SCHEDULE);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out.split('\n')[0]).toBe('Riverside Pumping Station');
    // PV 121,000; EV 80,000; AC 89,500 (fixture README): SPI 0.661 → "0.66", CPI 0.894 → "0.89".
    expect(row(r.out, 'PV (BCWS)')).toBe('£121,000');
    expect(row(r.out, 'EV (BCWP)')).toBe('£80,000');
    expect(row(r.out, 'AC (ACWP)')).toBe('£89,500');
    expect(row(r.out, 'BAC')).toBe('£225,000');
    expect(row(r.out, 'SPI')).toBe('0.66');
    expect(row(r.out, 'CPI')).toBe('0.89');
    // ES = 3 + (80,000 − 53,000)/(86,000 − 53,000) = 3.818; AT = 5 → SPI(t) 0.764 → "0.76".
    expect(row(r.out, 'SPI(t)')).toBe('0.76');
    expect(r.out).toMatch(/status period 5 \(w\/e 2025-02-05\) of 10/);
    // Leaves with the most negative CV first: 1.1 Earthworks (25,000 − 29,500 = −4,500) leads.
    const section = r.out.split('Largest cost variances (WBS)\n')[1];
    expect(section).toBeDefined();
    expect(section.split('\n')[0]).toMatch(/^ {2}1\.1 Earthworks\s+CV\s+-£4,500/);
    expect(section).toContain('1.2 Concrete');
  });

  it('period-table options are named as ignored for a schedule', async () => {
    const r = await run(SCHEDULE, '--incremental', '--planned-duration', '6');
    expect(r.code).toBe(0);
    expect(r.err.trimEnd().split('\n')).toEqual([
      'earnest analyse: warning: --incremental applies to period tables only (CSV or Excel); this file is a schedule, so it was ignored.',
      'earnest analyse: warning: --planned-duration applies to period tables only (CSV or Excel); this file is a schedule, so it was ignored.',
    ]);
  });

  it('--table is named as ignored for a file that is not a table', async () => {
    const r = await run(SCHEDULE, '--table', 'periods');
    expect(r.code).toBe(0);
    expect(r.err).toBe('earnest analyse: warning: --table applies to CSV and Excel tables only; this file is a schedule, so it was ignored.\n');
  });

  it('--by ca breaks down by control account', async () => {
    const r = await run(SCHEDULE, '--by', 'ca');
    expect(r.code).toBe(0);
    const lines = r.out.split('Largest cost variances (control accounts)\n')[1].split('\n');
    expect(lines[0]).toMatch(/^ {2}CA-100 Civils\s+CV\s+-£5,500\s+SV\s+-£15,000\s+CPI 0\.86/);
    expect(lines[1]).toMatch(/^ {2}CA-200 Mechanical\s+CV\s+-£4,000/);
  });

  it('--by code:PHASE breaks down by activity code, --json carries the tree', async () => {
    const r = await run(SCHEDULE, '--by', 'code:PHASE', '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as JsonReport;
    const kids = doc.analysis.breakdown!.children;
    expect(kids.map((k) => [k.code, k.cost.bac.value])).toEqual([
      ['CIV', 100_000],
      ['MEC', 120_000],
      ['COM', 5_000],
    ]);
    expect(doc.analysis.series).toHaveLength(10);
    expect(doc.analysis.statusPeriod).toBe(5);
  });

  it('--last-n 1 uses the snapshot one week earlier', async () => {
    // (80,000 − 57,000)/(89,500 − 47,500) = 0.5476 → "0.55".
    const r = await run(SCHEDULE, '--last-n', '1');
    expect(row(r.out, 'CPI(n)')).toBe('0.55');
    expect(cells(r.out, 'CPI(n)')).toEqual(['0.55', 'over the last 1 period']);
  });

  it('--eac bottomUp selects the bottom-up EAC', async () => {
    // Remaining costs 21,000 + 45,000 + 30,000 + 20,000 + 25,000 + 5,000 = 146,000; EAC = 89,500 + 146,000.
    const r = await run(SCHEDULE, '--eac', 'bottomUp', '--json');
    const doc = JSON.parse(r.out) as JsonReport;
    expect(doc.analysis.cost.eacMethod).toBe('bottomUp');
    expect(doc.analysis.cost.eacSelected.value).toBe(235_500);
  });

  it('--json cash flow: actual per period between the statuses, forecast from AC after the status, ending at the selected EAC', async () => {
    const doc = JSON.parse((await run(SCHEDULE, '--json')).out) as JsonReport;
    const cf = doc.analysis.cashFlow;
    expect(cf).toHaveLength(10);
    expect(cf[3].cumulative.actual).toBe(47_500); // period 4 (w/e 29 Jan) from the snapshot
    // The status period's own spend: AC 89,500 − the snapshot's 47,500.
    expect(cf[4].actual).toBe(42_000);
    // Forecast only after the status: none up to it; the cumulative forecast starts at AC there.
    expect(cf.slice(0, 5).map((r) => r.forecast)).toEqual([null, null, null, null, null]);
    expect(cf[3].cumulative.forecast).toBeNull();
    expect(cf[4].cumulative.forecast).toBe(89_500); // the status period: AC
    expect(cf[9].cumulative.planned).toBeCloseTo(225_000, 6);
    // EAC = BAC / CPI = 225,000 × 89,500 / 80,000 = 251,718.75.
    expect(cf[9].cumulative.forecast).toBeCloseTo(251_718.75, 6);
  });

  it('labels every row as the measure dictionary does', async () => {
    const r = await run(SCHEDULE);
    for (const k of MEASURE_KEYS) {
      // EAC rows are per method (below); SV%, CV% and VAC% are written beside SV, CV and VAC; TSPI(ed)
      // needs an estimated duration the CLI does not take.
      if (['eac', 'svPct', 'cvPct', 'vacPct', 'tspiEd'].includes(k)) continue;
      expect([k, row(r.out, rowLabel(k)) !== undefined]).toEqual([k, true]);
    }
    expect(rowLabel('pv')).toBe('PV (BCWS)');
    expect(rowLabel('tcpiBac')).toBe('TCPI (BAC)');
  });

  it('the line of the selected EAC names its method by the dictionary label', async () => {
    // EAC = BAC / CPI = 225,000 × 89,500 / 80,000 = 251,718.75.
    expect(cells((await run(SCHEDULE)).out, 'EAC cpi *')).toEqual(['£251,719', eacMethodLabel('cpi')]);
    const composite = (await run(SCHEDULE, '--eac', 'composite')).out;
    expect(cells(composite, 'EAC composite *')?.[1]).toBe(eacMethodLabel('composite', { weight: 0.8 }));
    expect(cells(composite, 'EAC composite *')?.[1]).toBe('AC + (BAC − EV) / (0.8 CPI + 0.2 SPI)');
    expect(cells(composite, 'ETC')?.[1]).toBe('EAC (AC + (BAC − EV) / (0.8 CPI + 0.2 SPI)) − AC');
    const lastOne = (await run(SCHEDULE, '--eac', 'cpiLastN', '--last-n', '1')).out;
    expect(cells(lastOne, 'EAC cpiLastN *')?.[1]).toBe('AC + (BAC − EV) / CPI of the last 1 period');
  });

  it('when the EAC asked for cannot be computed, the report says which is used instead and why', async () => {
    const p = file('no-ac.csv', 'Period,PV,EV,AC\n1,100,80,0\n2,200,150,0\n3,300,,\n');
    const r = await run(p, '--eac', 'cpi');
    expect(r.code).toBe(0);
    expect(cells(r.out, 'EAC planRate *')?.[1]).toBe(eacMethodLabel('planRate'));
    expect(r.out).toMatch(/^ {2}\* AC \+ \(BAC − EV\) is used: BAC \/ CPI was asked for and is not available \(.+\)\.$/m);
  });

  it('an unknown code type is an input error (exit 1)', async () => {
    const r = await run(SCHEDULE, '--by', 'code:ZONE');
    expect(r.code).toBe(1);
    expect(r.err).toBe('earnest analyse: riverside-pumping-station.json: No activity code type "ZONE" in this schedule.\n');
  });
});

describe('bad input: exit 1 and one line naming the file and the problem', () => {
  const expectOneLine = (r: { code: number; out: string; err: string }, re: RegExp) => {
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.endsWith('\n')).toBe(true);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^earnest analyse: /);
    expect(r.err).toMatch(re);
  };

  it('a missing file', async () => {
    const p = join(tmp, 'nope.csv');
    expectOneLine(await run(p), new RegExp(`${escapeRe(p)}: no such file\\. Check the path\\.`));
  });

  it('an empty file', async () => {
    expectOneLine(await run(file('empty.csv', '')), /empty\.csv is empty/);
    expectOneLine(await run(file('blank.csv', '\n \n')), /blank\.csv is empty: expected a header row/);
  });

  it('invalid JSON', async () => {
    expectOneLine(await run(file('broken.json', '{"project": {"id": "X",}')), /broken\.json is not valid JSON: /);
  });

  it('a schema error names the field path', async () => {
    const doc = {
      project: { id: 'X' },
      activities: [
        { id: 'A', budgetCost: 1 },
        { id: 'B', budgetCost: 2 },
        { id: 'C', budgetCost: 'lots' },
      ],
    };
    expectOneLine(await run(file('bad-schema.json', JSON.stringify(doc))), /^earnest analyse: bad-schema\.json: activities\[2\]\.budgetCost: /);
  });

  it('a duplicate activity id', async () => {
    const doc = { project: { id: 'X' }, activities: [{ id: 'A' }, { id: 'A' }] };
    expectOneLine(await run(file('dup.json', JSON.stringify(doc))), /dup\.json: activities\[1\]\.id: duplicate activity id "A"/);
  });

  it('a JSON schedule the analysis cannot use', async () => {
    expectOneLine(await run(file('noacts.json', JSON.stringify({ project: { id: 'X', dataDate: '2025-01-01' }, activities: [] }))), /noacts\.json: The schedule has no activities/);
  });

  it('a CSV cell that is not a number names line and column', async () => {
    expectOneLine(
      await run(file('cell.csv', 'Period,PV,EV,AC\n1,100,80,90\n2,250,200,230\n3,450,lots,420\n')),
      /^earnest analyse: cell\.csv: line 4, column C \('EV'\): EV value 'lots' is not a number\. Use plain amounts/,
    );
  });

  it('a period missing its PV names the line', async () => {
    expectOneLine(await run(file('nopv.csv', 'Period,PV,EV,AC\n1,100,80,90\n2,,200,230\n')), /^earnest analyse: nopv\.csv: line 3: PV is missing\. Every period needs a planned value/);
  });

  it('a header row with nothing under it', async () => {
    expectOneLine(await run(file('header.csv', 'Period,PV,EV,AC\n')), /^earnest analyse: header\.csv: the table has a header row \(line 1: 'Period', 'PV', 'EV', 'AC'\) but no rows under it/);
  });

  it('binary data in a .csv', async () => {
    expectOneLine(await run(file('binary.csv', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x01]))), /^earnest analyse: binary\.csv: this is a ZIP archive/);
    expectOneLine(await run(file('binary2.csv', new Uint8Array([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x01]))), /^earnest analyse: binary2\.csv: this is binary data/);
  });

  it('a folder instead of a file', async () => {
    const r = await run(tmp);
    expect(r.code).toBe(1);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toContain(tmp.split('/').at(-1));
  });

  it('an XER with a header and nothing else names the missing tables', async () => {
    expectOneLine(await run(file('plan.xer', 'ERMHDR\t20.12\n')), /^earnest analyse: plan\.xer.*(PROJECT|TASK)/);
  });

  it('a PDF says what it is and what to give instead', async () => {
    expectOneLine(await run(file('plan.pdf', '%PDF-1.7 not a schedule')), /^earnest analyse: plan\.pdf: this is a PDF document\. Earnest reads schedule data, not printed reports/);
  });
});

describe('bad options: exit 2 with the usage', () => {
  const expectUsage = (r: { code: number; out: string; err: string }, message: string | RegExp) => {
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(USAGE);
    expect(r.err.split('\n')[0]).toMatch(typeof message === 'string' ? new RegExp(`^earnest analyse: ${escapeRe(message)}$`) : message);
  };

  it('unknown --by', async () => expectUsage(await run(CSV, '--by', 'region'), '--by must be wbs, ca or code:<type id>, not "region".'));
  it('--by code: without a type', async () => expectUsage(await run(CSV, '--by', 'code:'), '--by must be wbs, ca or code:<type id>, not "code:".'));
  it('bad --data-date', async () => expectUsage(await run(CSV, '--data-date', '31/01/2025'), '--data-date "31/01/2025" is not a date (YYYY-MM-DD).'));
  it('--eac nonsense', async () => expectUsage(await run(CSV, '--eac', 'guess'), /^earnest analyse: --eac must be one of cpi, cpiSpi, composite, planRate, cpiLastN, bottomUp, not "guess"\.$/));
  it('two files', async () => expectUsage(await run(CSV, SCHEDULE), 'Give exactly one file.'));
  it('no file', async () => expectUsage(await run(), 'Give the file to analyse.'));
  it('--bac not positive', async () => {
    expectUsage(await run(CSV, '--bac=-5'), '--bac must be a positive number, not "-5".');
    expectUsage(await run(CSV, '--bac', 'lots'), '--bac must be a positive number, not "lots".');
    // A dash-led value after a space is ambiguous to the option parser: still a usage error.
    expect((await run(CSV, '--bac', '-5')).code).toBe(2);
  });
  it('--last-n fractional', async () => expectUsage(await run(CSV, '--last-n', '2.5'), '--last-n must be a whole number of periods.'));
  it('--periods year', async () => expectUsage(await run(SCHEDULE, '--periods', 'year'), '--periods must be week or month, not "year".'));
  it('--profile wobbly', async () => expectUsage(await run(SCHEDULE, '--profile', 'wobbly'), /^earnest analyse: --profile must be one of linear, front-loaded, back-loaded, bell, not "wobbly"\.$/));
  it('an unknown option', async () => expectUsage(await run(CSV, '--frobnicate'), /^earnest analyse: .*frobnicate/));

  it('--help prints the usage and exits 0', async () => {
    const r = await run('--help');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${USAGE}\n`);
  });
});

describe('the script entry point', () => {
  it('npx tsx src/cli/analyse.ts runs and propagates exit codes', () => {
    const out = execFileSync('npx', ['tsx', 'src/cli/analyse.ts', 'tests/fixtures/period-table-monthly.csv'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toMatch(/^ {2}SPI {19}\s+0\.84$/m);
    let status: number | null = null;
    let stderr = '';
    try {
      execFileSync('npx', ['tsx', 'src/cli/analyse.ts', 'tests/fixtures/period-table-monthly.csv', '--by', 'region'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      status = (e as { status: number | null }).status;
      stderr = String((e as { stderr: string }).stderr);
    }
    expect(status).toBe(2);
    expect(stderr).toContain('--by must be wbs, ca or code:<type id>, not "region".');
  }, 60_000);
});

const SAMPLES = resolve(ROOT, '..', 'shared/samples/schedules');
describe.skipIf(!existsSync(SAMPLES))('schedule files from the sample corpus', () => {
  it('a multi-project XER asks for --project and lists the projects', async () => {
    const r = await run(join(SAMPLES, 'xer/jaggelas_test.xer'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^earnest analyse: jaggelas_test\.xer holds 2 projects: .*935.*10001.*Choose one with --project <code>\.\n$/);
  });

  it('--project picks one, and the report carries the reader\'s notes', async () => {
    const r = await run(join(SAMPLES, 'xer/jaggelas_test.xer'), '--project', '10001', '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as JsonReport;
    // Units only (no cost) in this file: README "assignments carry units only".
    expect(doc.analysis.measureBasis).not.toBe('cost');
    // The reader's notes travel beside the analysis, as the app's "notes from the import".
    expect(doc.importWarnings.join('\n')).toMatch(/baseline/i);
    const text = await run(join(SAMPLES, 'xer/jaggelas_test.xer'), '--project', '10001');
    expect(text.out).toMatch(/\nNotes from the import\n(?: {2}- [^\n]*\n)* {2}- [^\n]*baseline/i);
  });

  it('an .mpp is analysed like its XML twin (MPXJ MppResourceTest: cost 8,200, actual cost 800)', async () => {
    const r = await run(join(SAMPLES, 'mpp/mpxj_mpp14resource.mpp'));
    expect(r.code).toBe(0);
    expect(row(r.out, 'BAC')).toBe('£8,200');
    expect(row(r.out, 'AC (ACWP)')).toBe('£800');
  });

  it('a damaged .mpp is one line saying what is wrong and what to do', async () => {
    const whole = readFileSync(join(SAMPLES, 'mpp/mpxj_mpp14resource.mpp'));
    const r = await run(file('cut.mpp', new Uint8Array(whole.subarray(0, whole.length >> 1))));
    expect(r.code).toBe(1);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^earnest analyse: cut\.mpp: this \.mpp file is damaged or incomplete .*Open it in Microsoft Project and save it again/);
  });
});

describe.skipIf(!existsSync(resolve(SAMPLES, 'xer/mpxj_PredecessorCalendar.xer')))('a schedule with no costs or actual units (issue 12, item 3)', () => {
  it('says in the header that figures are duration-weighted, and gives no AC, CPI or EAC', async () => {
    const r = await run(resolve(SAMPLES, 'xer/mpxj_PredecessorCalendar.xer'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/· measured in duration-weighted \(working hours\)\n/);
    expect(row(r.out, 'AC (ACWP)')).toBe('n/a');
    expect(row(r.out, 'CPI')).toBe('n/a');
    expect(r.out).toMatch(/^ {2}CPI +n\/a +\(CPI needs actual cost \(AC\): this schedule carries no costs or actual units\.\)$/m);
    expect(r.out).not.toMatch(/\[(CRITICAL|WARNING)\][^\n]*\b(CPI|VAC|TCPI|EAC)\b/);
  });
});

describe('--risk', () => {
  // A synthetic schedule with logic, calendars and costs, as a canonical-model JSON file.
  const synthetic = file('synthetic-risk.json', JSON.stringify(syntheticSchedule({ activities: 400, seed: 21 })));

  it('prints the P10–P90 finish and cost, the deterministic date with its confidence, the ten most critical activities and the run time; the same seed gives the same figures', async () => {
    const a = await run(synthetic, '--risk', '--iterations', '800', '--seed', '5', '--json');
    expect(a.code).toBe(0);
    const risk = (JSON.parse(a.out) as { risk: CliRiskReport }).risk;
    expect(risk).toMatchObject({ iterations: 800, seed: 5 });
    const f = risk.finish;
    for (const [lo, hi] of [[f.p10, f.p50], [f.p50, f.p80], [f.p80, f.p90]]) expect(lo <= hi).toBe(true);
    // The default rule skews late: the deterministic date is an optimistic one.
    expect(risk.finish.deterministicConfidence).toBeLessThan(0.5);
    expect(risk.ranges).toMatch(/by the default rule: every task −10% \/ \+25% of its remaining duration/);
    expect(risk.cost!.p10).toBeLessThanOrEqual(risk.cost!.p90);
    expect(risk.critical.length).toBeGreaterThan(0);
    expect(risk.critical.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < risk.critical.length; i++) expect(risk.critical[i - 1].criticality).toBeGreaterThanOrEqual(risk.critical[i].criticality);
    expect(risk.runMs).toBeGreaterThan(0);
    const again = (JSON.parse((await run(synthetic, '--risk', '--iterations', '800', '--seed', '5', '--json')).out) as { risk: CliRiskReport }).risk;
    expect({ ...again, runMs: 0 }).toEqual({ ...risk, runMs: 0 });
    const other = (JSON.parse((await run(synthetic, '--risk', '--iterations', '800', '--seed', '6', '--json')).out) as { risk: CliRiskReport }).risk;
    expect(other.cost!.mean).not.toBe(risk.cost!.mean);
  });

  it('as text, after the earned value report', async () => {
    const r = await run(synthetic, '--risk', '--iterations', '300');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Schedule risk \(Monte Carlo: 300 iterations, seed 1, \d+\.\d\d s\)/);
    expect(r.out).toMatch(/Finish {7}P10 \d{1,2} \w{3} \d{4} {3}P50 /);
    expect(r.out).toMatch(/deterministic \d{1,2} \w{3} \d{4}: \d+% of iterations finish by then/);
    expect(r.out).toContain('Most often critical (criticality index):');
  });

  it('refuses what cannot be run, saying why', async () => {
    expect((await run(synthetic, '--seed', '3')).err).toContain('--iterations and --seed set the risk analysis: give --risk too.');
    expect((await run(synthetic, '--risk', '--iterations', '0')).code).toBe(2);
    expect((await run(synthetic, '--risk', '--iterations', '2.5')).err).toContain('--iterations must be a whole number from 1 to 1000000');
    expect((await run(synthetic, '--risk', '--seed', '-1')).err).toContain('--seed must be a whole number');
    const table = await run(CSV, '--risk');
    expect(table.code).toBe(1);
    expect(table.err).toContain('--risk needs a schedule with activities and their logic; this file is a period table');
  });
});
