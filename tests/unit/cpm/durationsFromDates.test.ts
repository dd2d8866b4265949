/**
 * An activity list with dates and no durations (Excel or CSV): the CPM takes each activity's
 * duration from the working time its planned dates span on its calendar, and work in progress
 * keeps what lies between the data date and its forecast finish. Calendar "std": Monday–Friday
 * 08:00–12:00 and 13:00–17:00.
 */
import { describe, expect, it } from 'vitest';
import { activityResults, compileNetwork, scheduleNetwork } from '../../../src/core/cpm';
import { schedule } from './build';

function withoutDurations(s: ReturnType<typeof schedule>, dates: Record<string, [string, string]>) {
  for (const a of s.activities) {
    delete a.originalDuration;
    delete a.remainingDuration;
    const d = dates[a.id];
    if (d) [a.plannedStart, a.plannedFinish] = d;
  }
  return s;
}

describe('durations from dates', () => {
  it('a chain given by its planned dates is scheduled on those dates, and says where its durations came from', () => {
    // A: Mon 08:00 – Tue 17:00 (16 h); B: Wed 08:00 – Wed 12:00 (4 h), after A.
    const s = withoutDurations(schedule([{ id: 'A' }, { id: 'B' }], [['A', 'B']]), {
      A: ['2026-01-05T08:00', '2026-01-06T17:00'],
      B: ['2026-01-07T08:00', '2026-01-07T12:00'],
    });
    const net = compileNetwork(s);
    expect(net.durMin[net.indexOf.get('A')!]).toBe(16 * 60);
    expect(net.warnings.map((w) => w.message).join(' ')).toContain('2 activities have no duration in the file; the working time between their planned (else baseline) dates');
    const r = new Map(activityResults(scheduleNetwork(net)).map((x) => [x.id, x]));
    expect(r.get('B')).toMatchObject({ earlyStart: '2026-01-07T08:00', earlyFinish: '2026-01-07T12:00' });
  });

  it('work in progress has what lies between the data date and its forecast finish still to do', () => {
    // Started Monday, data date Wednesday 08:00, forecast to finish Thursday 17:00: 16 h to go.
    const s = withoutDurations(schedule([{ id: 'A', actualStart: '2026-01-05T08:00' }], [], { dataDate: '2026-01-07T08:00' }), { A: ['2026-01-05T08:00', '2026-01-08T12:00'] });
    s.activities[0].forecastFinish = '2026-01-08T17:00';
    const net = compileNetwork(s);
    expect(net.remMin[0]).toBe(16 * 60);
    const r = activityResults(scheduleNetwork(net))[0];
    expect(r.earlyFinish).toBe('2026-01-08T17:00');
  });

  it('a duration in the file always wins over the dates', () => {
    const s = schedule([{ id: 'A', dur: 8 }], []);
    s.activities[0].plannedStart = '2026-01-05T08:00';
    s.activities[0].plannedFinish = '2026-01-09T17:00';
    const net = compileNetwork(s);
    expect(net.durMin[0]).toBe(8 * 60);
    expect(net.warnings.some((w) => /no duration in the file/.test(w.message))).toBe(false);
  });
});
