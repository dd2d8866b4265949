/**
 * A 10,000-task .mpp (a corpus plan enlarged with copies of its own task records, ./synthetic.ts,
 * since no public .mpp is that large) reads completely, with progress and cancel. Its speed is
 * measured in `npm run bench -- --suite mpp` and recorded in bench/RESULTS.md, never asserted here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMpp } from '../../../../src/core/import/mpp';
import { ImportCancelled } from '../../../../src/core/import/types';
import { enlargeMpp } from './synthetic';

const SAMPLE = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/mpp/aspose_Residential_Construction.mpp');

describe.skipIf(!existsSync(SAMPLE))('reading a 10,000-task .mpp', () => {
  it('builds all 10,000 extra activities and links', () => {
    const big = enlargeMpp(new Uint8Array(readFileSync(SAMPLE)), 10_000);
    const original = readMpp(new Uint8Array(readFileSync(SAMPLE))).schedules[0];
    const s = readMpp(big).schedules[0];
    expect(s.activities.length).toBe(original.activities.length + 10_000);
    expect(s.relationships.length).toBe(original.relationships.length + 9_999);
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
