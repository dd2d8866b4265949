/**
 * Plain-table imports at their worst (issue 11, "Readers"): a 250,000-row .xlsx (~18 MB) and a
 * 38 MB CSV with 20,000 empty columns on every line, each from bytes to the mapping proposal
 * (detect + read + propose: what the import worker does before the user confirms the columns).
 *
 * Setup writes each file once to bench/out/ (git-ignored) and reads it back on later runs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { ImportError, parseScheduleFile } from '../src/core/import';
import type { BenchCase, BenchSuite } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));

function cached(name: string, make: () => Uint8Array): Uint8Array {
  const dir = path.join(here, 'out');
  const file = path.join(dir, name);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const bytes = make();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, bytes);
  return bytes;
}

/** An activity list of `rows` rows as .xlsx: ID, name, two dates, budget, % complete, WBS. */
export function bigXlsx(rows: number): Uint8Array {
  return cached(`table-${rows}-rows-w1.xlsx`, () => {
    const aoa: unknown[][] = [['Activity ID', 'Activity Name', 'Start', 'Finish', 'Budget', 'Percent Complete', 'WBS']];
    for (let r = 0; r < rows; r++) {
      aoa.push([`A${r}`, `Activity number ${r} of the long programme`, 45292 + (r % 300), 45323 + (r % 300), r * 13.5, (r % 100) / 100, `W.${r % 50}`]);
    }
    const ws = XLSX.utils.aoa_to_sheet(aoa);
    for (let r = 1; r <= rows; r++) for (const c of ['C', 'D']) (ws[`${c}${r + 1}`] as XLSX.CellObject).z = 'yyyy-mm-dd';
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Schedule');
    return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  });
}

/** A CSV of about `mb` MB whose every line carries `empty` empty columns after five real ones. */
export function wideCsv(mb: number, empty: number): Uint8Array {
  return cached(`table-${mb}mb-${empty}-empty-w1.csv`, () => {
    const tail = ','.repeat(empty);
    const lines = [`Activity ID,Activity Name,Start,Finish,Budget${tail}`];
    let size = lines[0].length;
    for (let i = 0; size < mb * 1024 * 1024; i++) {
      const l = `A${i},Task ${i},2024-01-0${(i % 9) + 1},2024-02-0${(i % 9) + 1},${i * 10}${tail}`;
      lines.push(l);
      size += l.length + 1;
    }
    return new TextEncoder().encode(lines.join('\n'));
  });
}

/** Bytes → mapping proposal; an ImportError (a refusal) is a result too, and is returned. */
export function toProposal(bytes: Uint8Array, fileName: string): string {
  try {
    const o = parseScheduleFile(bytes, { fileName });
    return o.kind === 'needs-mapping' ? `proposal, ${o.preview.rowCount} rows` : o.kind;
  } catch (e) {
    if (e instanceof ImportError) return `refused: ${e.message}`;
    throw e;
  }
}

interface TableCtx {
  xlsx: Uint8Array;
  csv: Uint8Array;
}

export const tablesSuite: BenchSuite<TableCtx> = {
  id: 'tables',
  sizes: [250_000],
  label: (n) => `${(n / 1000).toFixed(0)}k rows / 38 MB`,
  setup: (n) => ({ xlsx: bigXlsx(n), csv: wideCsv(38, 20_000) }),
  cases(): BenchCase<TableCtx>[] {
    return [
      { name: '.xlsx of 250k rows → mapping proposal', runs: 3, warmup: 0, fn: (x) => toProposal(x.xlsx, 'big.xlsx') },
      { name: 'CSV, 38 MB with 20,000 empty columns a line → proposal or refusal', runs: 3, warmup: 0, fn: (x) => toProposal(x.csv, 'wide.csv') },
    ];
  },
};

// `npx tsx bench/tables.bench.ts`: one timed pass of each, with what it returned.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const x = tablesSuite.setup(250_000) as TableCtx;
  console.log(`xlsx ${(x.xlsx.length / 1048576).toFixed(1)} MB, csv ${(x.csv.length / 1048576).toFixed(1)} MB`);
  for (const [name, bytes] of [['big.xlsx', x.xlsx], ['wide.csv', x.csv]] as const) {
    const t0 = performance.now();
    const r = toProposal(bytes, name);
    console.log(`${name}: ${(performance.now() - t0).toFixed(0)} ms — ${r.slice(0, 200)}`);
  }
}
