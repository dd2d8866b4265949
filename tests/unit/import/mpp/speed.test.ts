/**
 * Speed: a 10,000-task .mpp to the canonical model. The target is 400 ms on this machine;
 * the file is a corpus plan enlarged with copies of its own task records (./synthetic.ts), since
 * no public .mpp is that large. The bound asserted here (fastest of five runs) is looser than the
 * target because the suite shares two cores with other work; the figures are printed for
 * bench/RESULTS.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMpp } from '../../../../src/core/import/mpp';
import { ImportCancelled } from '../../../../src/core/import/types';
import { enlargeMpp } from './synthetic';

const SAMPLE = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/mpp/aspose_Residential_Construction.mpp');

describe.skipIf(!existsSync(SAMPLE))('reading a 10,000-task .mpp', () => {
  it('builds all 10,000 extra activities and links, well within a second', () => {
    const big = enlargeMpp(new Uint8Array(readFileSync(SAMPLE)), 10_000);
    const original = readMpp(new Uint8Array(readFileSync(SAMPLE))).schedules[0];
    readMpp(big); // warm-up (JIT), as a worker that has imported once is
    const times: number[] = [];
    let activities = 0;
    let relationships = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const s = readMpp(big).schedules[0];
      times.push(performance.now() - t0);
      activities = s.activities.length;
      relationships = s.relationships.length;
    }
    times.sort((a, b) => a - b);
    console.info(`[mpp speed] ${(big.length / 2 ** 20).toFixed(1)} MiB, ${activities} activities: median ${times[2].toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')})`);
    expect(activities).toBe(original.activities.length + 10_000);
    expect(relationships).toBe(original.relationships.length + 9_999);
    // The fastest of five runs: the machine is shared, and other work only ever adds time.
    expect(times[0]).toBeLessThan(1500);
  });
});

describe.skipIf(!existsSync(SAMPLE))('progress and cancel on a large .mpp', () => {
  const big = enlargeMpp(new Uint8Array(readFileSync(SAMPLE)), 5_000);

  it('reports phases in order, with task counts while parsing', () => {
    const phases: string[] = [];
    let maxRows = 0;
    readMpp(big, { onProgress: (p) => { phases.push(p.phase); maxRows = Math.max(maxRows, p.rows); } });
    expect(phases[0]).toBe('reading');
    expect(phases.at(-1)).toBe('done');
    expect(phases.indexOf('building')).toBeGreaterThan(phases.lastIndexOf('parsing'));
    expect(maxRows).toBeGreaterThanOrEqual(5_000);
  });

  it('stops with ImportCancelled when cancelled part-way through the tasks', () => {
    let polls = 0;
    expect(() => readMpp(big, { isCancelled: () => ++polls > 2 })).toThrow(ImportCancelled);
    expect(polls).toBe(3);
  });
});
