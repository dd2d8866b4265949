/**
 * MS Project .mpp reader benchmark (issue 16): bytes → canonical model for synthetic MPP14 files
 * of 1k, 10k and 50k leaf tasks (plus their phase and group summaries, ~1.3 links a task), made
 * by bench/mppSynth.ts from the Residential Construction sample's own streams (seed 42). Target
 * from the issue: a 10k-task .mpp reads to the canonical model in ≤ 400 ms.
 *
 * The same plans with the first half of the leaf tasks complete (one work resource each, actual
 * work stored day by day as MS Project stores progress) time the time-phased actual work.
 *
 * The other cases split the time: the .mpp → MSPDI document step alone (container, blocks,
 * field map, tasks, links, calendars, resources), and the container alone (our OLE2 reader
 * opening the file and reading the task streams).
 *
 * Needs ../shared/samples/schedules/mpp/aspose_Residential_Construction.mpp (the suite fails
 * with a message without it). Generated files are cached in bench/out/ (git-ignored); delete
 * them after changing the generator. `npm run bench -- --suite mpp`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cfbFind } from '../src/core/import/mpp/cfb';
import { openCfb, parseMppDocument, readMpp } from '../src/core/import/mpp';
import { sizeLabel, type BenchSuite } from './harness';
import { hasMppSynthSample, MPP_SYNTH_SAMPLE, synthesizeMpp, type SynthOptions } from './mppSynth';

export interface MppBenchContext {
  bytes: Uint8Array;
  /** The same plan with its first half of leaf tasks complete, actual work stored day by day. */
  progressBytes: Uint8Array;
  /** 10k only: every task complete with 4 resources (ALL_DONE_4); empty at other sizes. */
  stressBytes: Uint8Array;
}

const SEED = 42;
/** The progress case: the first half of the leaf tasks complete, one work resource each. */
export const HALF_DONE: SynthOptions = { progress: 0.5 };
/** The stress case (10k only): every task complete with 4 work resources, ~140k daily records. */
export const ALL_DONE_4: SynthOptions = { progress: 1, resourcesPerTask: 4 };
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'out');

/** The synthetic .mpp for `leaves` leaf tasks (`progress`: see SynthOptions), generated once and cached. */
export function mppBenchFile(leaves: number, options: SynthOptions = {}): { file: string; bytes: Uint8Array } {
  const { progress = 0, resourcesPerTask = 1 } = options;
  const file = path.join(OUT, `mpp-${leaves}-seed${SEED}${progress ? `-progress${progress}` : ''}${resourcesPerTask > 1 ? `x${resourcesPerTask}` : ''}.mpp`);
  if (existsSync(file)) return { file, bytes: new Uint8Array(readFileSync(file)) };
  if (!hasMppSynthSample()) throw new Error(`the .mpp benchmark needs the sample ${MPP_SYNTH_SAMPLE}`);
  mkdirSync(OUT, { recursive: true });
  const bytes = synthesizeMpp(leaves, SEED, MPP_SYNTH_SAMPLE, options);
  writeFileSync(file, bytes);
  return { file, bytes };
}

export const mppSuite: BenchSuite<MppBenchContext> = {
  id: 'mpp',
  sizes: [1_000, 10_000, 50_000],
  label: sizeLabel,
  setup(size) {
    return { bytes: mppBenchFile(size).bytes, progressBytes: mppBenchFile(size, HALF_DONE).bytes, stressBytes: size === 10_000 ? mppBenchFile(size, ALL_DONE_4).bytes : new Uint8Array(0) };
  },
  cases(size) {
    const runs = size >= 50_000 ? 5 : size >= 10_000 ? 10 : 30;
    const mb = size >= 50_000 ? '≈55' : size >= 10_000 ? '≈11' : '≈1.4';
    return [
      {
        name: '.mpp → model',
        note: `${mb} MiB MPP14 file`,
        targetMs: size === 10_000 ? 400 : undefined,
        runs,
        fn: (ctx) => readMpp(ctx.bytes),
      },
      {
        // A fresh process, one read: what a user waits for on a cold import worker, and the
        // memory one import needs.
        name: '.mpp → model, one cold read',
        note: 'peak memory of a single import',
        runs: 1,
        warmup: 0,
        fn: (ctx) => readMpp(ctx.bytes),
      },
      {
        // Half the tasks done: their assignments' actual work is stored in working time and
        // becomes one dated record per working day (~3.5 a task: 1–6-day tasks), the cost the
        // time-phased actuals add to a read.
        name: '.mpp → model, first half of the tasks complete with day-by-day actual work',
        note: 'one work resource a done task',
        targetMs: size === 10_000 ? 400 : undefined,
        runs,
        fn: (ctx) => readMpp(ctx.progressBytes),
      },
      { name: '.mpp → model, first half of the tasks complete, one cold read', runs: 1, warmup: 0, fn: (ctx) => readMpp(ctx.progressBytes) },
      ...(size === 10_000
        ? [
            {
              // What the issue's target looks like with heavy progress: 40k assignments, ~140k
              // daily records (the time-phased actuals' own cost, not a target of its own).
              name: '.mpp → model, every task complete with 4 resources (day-by-day actual work)',
              note: '40k assignments',
              runs,
              fn: (ctx: MppBenchContext) => readMpp(ctx.stressBytes),
            },
          ]
        : []),
      { name: '.mpp → MSPDI document only (no mapping)', runs, fn: (ctx) => parseMppDocument(ctx.bytes) },
      { name: '.mpp → MSPDI document only, half complete (actual work dated, no mapping)', runs, fn: (ctx) => parseMppDocument(ctx.progressBytes) },
      {
        name: '.mpp container only (OLE2 open + task streams read)',
        runs,
        fn: (ctx) => {
          const f = openCfb(ctx.bytes);
          const dir = f.root.children.get('   114');
          let n = 0;
          for (const s of ['FixedMeta', 'FixedData', 'Fixed2Meta', 'Fixed2Data', 'VarMeta', 'Var2Data']) n += f.read(dir && cfbFind(dir, 'TBkndTask', s))?.length ?? 0;
          return n;
        },
      },
    ];
  },
};
