/**
 * The MPX reader under the reader fuzzer's mutations (../fuzz/mutate.ts: byte flips, cuts,
 * splices from the other file, repeated and dropped runs) of the two corpus MPX files: every case
 * ends in a schedule that analyses with finite numbers, or in the reader's own one-line
 * ImportError; never another exception and never a hang. MPX is not in the shared fuzz suite
 * because that suite reads through the sync entry, and MPX's reader loads on demand.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMpx } from '../../../../src/core/import/mpx';
import { ImportError } from '../../../../src/core/import/types';
import { AnalysisInputError, analyseSchedule } from '../../../../src/core/evm/analyseSchedule';
import { mutate, xorshift } from '../fuzz/mutate';

const OTHER = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/other');
const FILES = ['mpxj_legacy_sample.mpx', 'mpxj_task-durations-project98.mpx'].map((f) => path.join(OTHER, f));
const haveSamples = FILES.every((f) => existsSync(f));
const CASES = Number(process.env.FUZZ_CASES ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 16);

function nonFinite(v: unknown, at: string, seen = new Set<object>()): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? null : `${at} = ${v}`;
  if (v === null || typeof v !== 'object' || seen.has(v)) return null;
  seen.add(v);
  for (const [k, x] of Object.entries(v)) {
    const bad = nonFinite(x, `${at}.${k}`, seen);
    if (bad) return bad;
  }
  return null;
}

describe.skipIf(!haveSamples)('MPX reader fuzz', () => {
  it(`${CASES} mutated MPX files (seed ${SEED}) end in a finite schedule or a one-line ImportError`, { timeout: 120_000 }, () => {
    const seeds = FILES.map((f) => new Uint8Array(readFileSync(f)));
    const ends = { read: 0, refused: 0 };
    for (let n = 0; n < CASES; n++) {
      const r = xorshift(SEED + n * 7919);
      const base = seeds[Math.floor(r() * seeds.length)];
      const donor = seeds[Math.floor(r() * seeds.length)];
      const { bytes, applied } = mutate(base, r, donor);
      const label = `case ${n} (${applied.map((a) => JSON.stringify(a)).join(', ').slice(0, 200)})`;
      try {
        const out = readMpx(bytes, { fileName: 'fuzz.mpx' });
        expect(nonFinite(out.schedules, 'schedules'), label).toBeNull();
        try {
          expect(nonFinite(analyseSchedule(out.schedules[0]), 'analysis'), label).toBeNull();
        } catch (e) {
          if (!(e instanceof AnalysisInputError)) throw e;
        }
        ends.read++;
      } catch (e) {
        if (!(e instanceof ImportError)) throw new Error(`${label}: ${(e as Error).name}: ${(e as Error).message}`, { cause: e });
        expect(e.message.startsWith('fuzz.mpx: '), label).toBe(true);
        expect(e.message.includes('\n'), label).toBe(false);
        ends.refused++;
      }
    }
    // Both ends happen: the mutations are neither all harmless nor all fatal.
    expect(ends.read).toBeGreaterThan(0);
    expect(ends.refused).toBeGreaterThan(0);
  });
});
