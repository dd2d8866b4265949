/**
 * A 10,000-task .mpp (made from a corpus plan's own streams by bench/mppSynth.ts, since no public
 * .mpp is that large) reads completely, with progress and cancel. Its speed is measured in
 * `npm run bench -- --suite mpp` and recorded in bench/RESULTS.md, never asserted here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMpp } from '../../../../src/core/import/mpp';
import { ImportCancelled } from '../../../../src/core/import/types';
import { planSynth, synthesizeMpp } from '../../../../bench/mppSynth';

const SAMPLE = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/mpp/aspose_Residential_Construction.mpp');

describe.skipIf(!existsSync(SAMPLE))('reading a 10,000-task .mpp', () => {
  it('builds all 10,000 activities and their links', () => {
    const plan = planSynth(10_000);
    const s = readMpp(synthesizeMpp(10_000)).schedules[0];
    expect(s.activities.length).toBe(10_000);
    expect(s.relationships.length).toBe(plan.links.length);
  });
});

describe.skipIf(!existsSync(SAMPLE))('progress and cancel on a large .mpp', () => {
  const big = synthesizeMpp(5_000, 1, SAMPLE);

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
