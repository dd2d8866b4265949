/**
 * The reader fuzz test's seeds and its one case: read like the import worker, analyse like the
 * data worker, and say how it ended (see readers.fuzz.test.ts). Also used to replay a case.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { ImportError, parseScheduleFile } from '../../../../src/core/import';
import { AnalysisInputError, analyseSchedule } from '../../../../src/core/evm/analyseSchedule';
import { PeriodTableError, analysePeriodTable } from '../../../../src/core/evm/periodTable';
import { mutate, xorshift } from './mutate';

export const corpusRoot = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');

/** Files above this size are left out of the seeds: each case re-reads its seed, and the suite has a time budget. */
export const MAX_SEED_BYTES = 250_000;

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

export function corpusSeeds(): Seed[] {
  const seeds: Seed[] = [];
  for (const dir of ['xer', 'mspdi', 'other']) {
    const full = path.join(corpusRoot, dir);
    if (!existsSync(full)) continue;
    for (const f of readdirSync(full).sort()) {
      if (!/\.(xer|xml|pmxml)$/i.test(f)) continue; // .mpp/.mpx are read by the command line only
      const bytes = new Uint8Array(readFileSync(path.join(full, f)));
      if (bytes.length <= MAX_SEED_BYTES) seeds.push({ name: f, bytes });
    }
  }
  return seeds;
}

/** Tables derived from a corpus schedule: an activity list as CSV and .xlsx, and a period table as CSV. */
export function tableSeeds(from: Seed): Seed[] {
  const out = parseScheduleFile(from.bytes, { fileName: from.name });
  if (out.kind !== 'schedules') return [];
  const acts = out.result.schedules[0].activities.slice(0, 60);
  const header = ['Activity ID', 'Activity Name', 'Start', 'Finish', 'Budget', '% Complete', 'Actual Cost'];
  const rows = acts.map((a) => [a.code, a.name, a.baselineStart ?? a.plannedStart ?? '', a.baselineFinish ?? a.plannedFinish ?? '', a.budgetCost, Math.round((a.percentComplete.physical ?? 0) * 100), a.actualCost]);
  const csv = [header, ...rows].map((r) => r.map((v) => (typeof v === 'string' && /[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v))).join(',')).join('\r\n');
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Activities');
  const xlsx = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  const periods = ['Period,PV,EV,AC', ...Array.from({ length: 24 }, (_, i) => `2024-${String((i % 12) + 1).padStart(2, '0')}-28,${(i + 1) * 1000},${i < 12 ? (i + 1) * 900 : ''},${i < 12 ? (i + 1) * 950 : ''}`)].join('\n');
  return [
    { name: 'derived-activities.csv', bytes: new TextEncoder().encode(csv) },
    { name: 'derived-activities.xlsx', bytes: xlsx },
    { name: 'derived-periods.csv', bytes: new TextEncoder().encode(periods) },
  ];
}

export type Outcome = 'analysed' | 'refused by the reader' | 'refused by the analysis' | 'period table analysed' | 'asked which reading';

/** The first number that is NaN or ±Infinity, as a path; null when there is none. */
function firstNonFinite(v: unknown, at: string, seen = new Set<object>()): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? null : `${at} = ${v}`;
  if (v === null || typeof v !== 'object') return null;
  if (seen.has(v)) return null;
  seen.add(v);
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const arr = v as unknown as ArrayLike<number | bigint>;
    for (let i = 0; i < arr.length; i++) if (typeof arr[i] === 'number' && !Number.isFinite(arr[i] as number)) return `${at}[${i}] = ${arr[i]}`;
    return null;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const bad = firstNonFinite(v[i], `${at}[${i}]`, seen);
      if (bad) return bad;
    }
    return null;
  }
  for (const k of Object.keys(v)) {
    const bad = firstNonFinite((v as Record<string, unknown>)[k], `${at}.${k}`, seen);
    if (bad) return bad;
  }
  return null;
}

const OWN_ERRORS = [ImportError, AnalysisInputError, PeriodTableError];

/** Runs one file the way the import worker and then the data worker do; throws on any unwanted end. */
export function runCase(bytes: Uint8Array, fileName: string): Outcome {
  let stage = 'reading';
  try {
    const out = parseScheduleFile(bytes, { fileName, table: { confirmed: true } });
    if (out.kind === 'needs-mapping') {
      // A confirmed table comes back for review only when the mapper cannot tell a period table
      // from an activity list: then it asks, with both readings.
      if (!out.proposal.otherReading) throw new Error('a confirmed table came back as needs-mapping without a question to ask');
      return 'asked which reading';
    }
    if (out.kind === 'period-table') {
      stage = 'analysing the period table';
      const bad = firstNonFinite(out.table, 'table');
      if (bad) throw new Error(`non-finite number in the period table: ${bad}`);
      const a = analysePeriodTable(out.table);
      const badA = firstNonFinite(a, 'analysis');
      if (badA) throw new Error(`non-finite number in the analysis: ${badA}`);
      return 'period table analysed';
    }
    const bad = firstNonFinite(out.result, 'result');
    if (bad) throw new Error(`non-finite number in the imported schedule: ${bad}`);
    stage = 'analysing';
    for (const s of out.result.schedules.slice(0, 3)) {
      const a = analyseSchedule(s);
      const badA = firstNonFinite(a, 'analysis');
      if (badA) throw new Error(`non-finite number in the analysis: ${badA}`);
    }
    return 'analysed';
  } catch (e) {
    const own = OWN_ERRORS.some((E) => e instanceof E);
    const msg = (e as Error)?.message ?? String(e);
    if (own && msg.length > 0 && !msg.includes('\n')) return stage === 'reading' ? 'refused by the reader' : 'refused by the analysis';
    const err = new Error(`${stage}: ${(e as Error)?.name ?? typeof e}: ${msg.slice(0, 300)}${own ? ' (own error type, but not one line)' : ''}`);
    err.stack = `${err.message}\n${((e as Error)?.stack ?? '').split('\n').slice(1, 8).join('\n')}`;
    throw err;
  }
}


/** Every seed: the corpus files, then the tables derived from aspose_test.xer. */
export function allSeeds(): Seed[] {
  const corpus = corpusSeeds();
  return [...corpus, ...tableSeeds(corpus.find((s) => s.name === 'aspose_test.xer') ?? corpus[0])];
}

/** Case `n` of a run with seed `seed`: which file, which mutations, which bytes. */
export function caseOf(seeds: Seed[], seed: number, n: number) {
  const r = xorshift(seed + n * 7919);
  const base = seeds[Math.floor(r() * seeds.length)];
  const donor = seeds[Math.floor(r() * seeds.length)].bytes;
  const { bytes, applied } = mutate(base.bytes, r, donor);
  return { name: base.name, bytes, applied };
}
