/**
 * P6 XER import: bytes → canonical model, on synthetic schedules written as XER by
 * src/core/model/writers/xer.ts and encoded in windows-1252 as P6 writes them. Targets from the
 * XER issue: 50k activities < 300 ms, 100k < 2 s, peak memory < 3 × the file size.
 *
 * Setup writes each file once to bench/out/ (git-ignored), keyed by size and seed, and reads it
 * back on later runs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeTextSparse, encodeSingleByte } from '../src/core/import/encoding';
import { indexXer, readXer } from '../src/core/import/xer';
import { syntheticSchedule } from '../src/core/model/synthetic';
import { writeXer } from '../src/core/model/writers/xer';
import { sizeLabel, type BenchCase, type BenchSuite } from './harness';

export interface XerCtx {
  n: number;
  bytes: Uint8Array;
}

const SEED = 42;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The XER bytes of the seeded synthetic schedule of `n` activities (cached in bench/out/). */
export function syntheticXerBytes(n: number, seed = SEED): Uint8Array {
  const dir = path.join(here, 'out');
  // The writer's version is part of the key so a changed writer never reuses a stale file.
  const file = path.join(dir, `xer-${n}-seed${seed}-w1.xer`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const bytes = encodeSingleByte(writeXer(syntheticSchedule({ activities: n, seed })), 'windows-1252');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, bytes);
  return bytes;
}

export const xerSuite: BenchSuite<XerCtx> = {
  id: 'xer',
  sizes: [10_000, 50_000, 100_000],
  label: sizeLabel,
  setup: (n) => ({ n, bytes: syntheticXerBytes(n) }),
  cases(n): BenchCase<XerCtx>[] {
    const runs = n >= 100_000 ? 7 : n >= 50_000 ? 11 : 21;
    return [
      {
        name: 'XER → model',
        note: 'windows-1252, ~0.8 KB per activity',
        runs,
        warmup: 2,
        targetMs: n === 50_000 ? 300 : n === 100_000 ? 2000 : undefined,
        fn: (x) => {
          const r = readXer(x.bytes);
          if (r.schedules[0].activities.length !== x.n) throw new Error(`read ${r.schedules[0].activities.length} of ${x.n} activities (${x.bytes.length} bytes)`);
          return r;
        },
      },
      {
        // One import in a fresh process: its peak RSS above setup is the memory a user's worker
        // needs (the repeated runs above also hold earlier runs' uncollected garbage).
        name: 'XER → model, one cold read',
        note: 'peak memory of a single import',
        runs: 1,
        warmup: 0,
        fn: (x) => readXer(x.bytes),
      },
      { name: 'XER decode + table index only', runs, warmup: 2, fn: (x) => {
          const d = decodeTextSparse(x.bytes);
          return indexXer(d.text, {}, d.patches);
        },
      },
    ];
  },
};
