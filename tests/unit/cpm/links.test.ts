/**
 * Link types, lags and lag calendars on hand-built schedules. Calendar "std" works Monday–Friday
 * 08:00–12:00 and 13:00–17:00; Monday is 2026-01-05 and the data date is Monday 08:00 (build.ts).
 * The arithmetic behind each expectation is in the comments.
 */
import { describe, expect, it } from 'vitest';
import { cpm, dates, schedule } from './build';

describe('finish-to-start', () => {
  it('starts the successor at the next working minute after the predecessor finishes', () => {
    // A 16 h: Mon 08:00 → Tue 17:00. B 8 h: Tue 17:00 is not working time → Wed 08:00 → Wed 17:00.
    // Backward: project end Wed 17:00 = LF(B); LS(B) = Wed 08:00; LF(A) = end of working time
    // before Wed 08:00 = Tue 17:00; LS(A) = Mon 08:00. Both critical with 0 float.
    const { at } = cpm(schedule([{ id: 'A', dur: 16 }, { id: 'B', dur: 8 }], [['A', 'B']]));
    expect(dates(at('A'))).toEqual(['2026-01-05T08:00', '2026-01-06T17:00', '2026-01-05T08:00', '2026-01-06T17:00']);
    expect(dates(at('B'))).toEqual(['2026-01-07T08:00', '2026-01-07T17:00', '2026-01-07T08:00', '2026-01-07T17:00']);
    expect([at('A').totalFloat, at('B').totalFloat, at('A').critical, at('B').critical]).toEqual([0, 0, true, true]);
  });

  it('adds a positive lag in working time', () => {
    // A 8 h: Mon 08:00 → 17:00. + 8 h lag → Tue 17:00 → B starts Wed 08:00, finishes Wed 17:00.
    const { at } = cpm(schedule([{ id: 'A', dur: 8 }, { id: 'B', dur: 8 }], [['A', 'B', 'FS', 8]]));
    expect(at('B').earlyStart).toBe('2026-01-07T08:00');
    expect(at('B').earlyFinish).toBe('2026-01-07T17:00');
    // Backward: LF(A) = LS(B) − 8 h = Wed 08:00 − 8 h = Tue 08:00 → end of working time before it: Mon 17:00.
    expect(at('A').lateFinish).toBe('2026-01-05T17:00');
  });

  it('lets a negative lag (lead) overlap the predecessor', () => {
    // A 16 h ends Tue 17:00; − 8 h = Tue 08:00 (a start lands on the beginning of the interval).
    // B 8 h: Tue 08:00 → Tue 17:00, finishing with A.
    const { at } = cpm(schedule([{ id: 'A', dur: 16 }, { id: 'B', dur: 8 }], [['A', 'B', 'FS', -8]]));
    expect([at('B').earlyStart, at('B').earlyFinish]).toEqual(['2026-01-06T08:00', '2026-01-06T17:00']);
  });
});

describe('start-to-start, finish-to-finish, start-to-finish', () => {
  it('SS + 4 h starts the successor 4 working hours after the predecessor starts', () => {
    // A 16 h Mon 08:00 → Tue 17:00. B: Mon 08:00 + 4 h = Mon 12:00 (lunch) → 13:00; 8 h → Tue 12:00.
    // Project end Tue 17:00: LF(B) = Tue 17:00, LS(B) = Tue 08:00, float 4 h (Tue 13:00–17:00).
    // A: SS limits its start to LS(B) − 4 h = Mon 13:00, but the project end limits its finish to
    // Tue 17:00, so LS(A) = Mon 08:00: float 0.
    const { at } = cpm(schedule([{ id: 'A', dur: 16 }, { id: 'B', dur: 8 }], [['A', 'B', 'SS', 4]]));
    expect(dates(at('B'))).toEqual(['2026-01-05T13:00', '2026-01-06T12:00', '2026-01-06T08:00', '2026-01-06T17:00']);
    expect(at('B').totalFloat).toBe(4);
    expect(at('A').totalFloat).toBe(0);
  });

  it('FF pushes the successor so that it finishes when the predecessor does', () => {
    // A 16 h → Tue 17:00. B 8 h would be Mon; FF moves its finish to Tue 17:00, start Tue 08:00.
    const { at } = cpm(schedule([{ id: 'A', dur: 16 }, { id: 'B', dur: 8 }], [['A', 'B', 'FF', 0]]));
    expect([at('B').earlyStart, at('B').earlyFinish]).toEqual(['2026-01-06T08:00', '2026-01-06T17:00']);
    expect(at('B').drivingPredecessorId).toBe('A');
  });

  it('FF with a lag counts the lag from the predecessor finish', () => {
    // A 8 h → Mon 17:00; + 16 h → Wed 17:00 = EF(B); B 8 h starts Wed 08:00.
    const { at } = cpm(schedule([{ id: 'A', dur: 8 }, { id: 'B', dur: 8 }], [['A', 'B', 'FF', 16]]));
    expect([at('B').earlyStart, at('B').earlyFinish]).toEqual(['2026-01-07T08:00', '2026-01-07T17:00']);
  });

  it('SF makes the successor finish a lag after the predecessor starts', () => {
    // A starts Mon 08:00; + 16 h → Tue 17:00 = EF(B); B 8 h starts Tue 08:00.
    const { at } = cpm(schedule([{ id: 'A', dur: 8 }, { id: 'B', dur: 8 }], [['A', 'B', 'SF', 16]]));
    expect([at('B').earlyStart, at('B').earlyFinish]).toEqual(['2026-01-06T08:00', '2026-01-06T17:00']);
  });
});

describe('lag calendars', () => {
  // A 40 h on std: Mon 08:00 → Fri 2026-01-09 17:00. Link A → B FS with an 8 h lag.
  const run = (lagCalendar: 'predecessor' | 'successor' | '24h' | 'project', bCal = 'std', projectCal = 'std') =>
    cpm(schedule([{ id: 'A', dur: 40 }, { id: 'B', dur: 8, cal: bCal }], [['A', 'B', 'FS', 8, lagCalendar]], { calendar: projectCal })).at('B');

  it('predecessor calendar: the lag skips the weekend', () => {
    // Fri 17:00 + 8 h on std = Mon 17:00 → B starts Tue 2026-01-13 08:00.
    expect(run('predecessor').earlyStart).toBe('2026-01-13T08:00');
  });

  it('successor calendar: the lag runs on the successor’s Saturday', () => {
    // B on the six-day calendar: Fri 17:00 + 8 h on Mon–Sat = Sat 17:00 → B starts Mon 08:00 (no Sunday work).
    expect(run('successor', 'six').earlyStart).toBe('2026-01-12T08:00');
    // The same link counted on the predecessor's calendar: Mon 17:00 → B (six-day) starts Tue 08:00.
    expect(run('predecessor', 'six').earlyStart).toBe('2026-01-13T08:00');
  });

  it('24-hour calendar: 8 elapsed hours', () => {
    // Fri 17:00 + 8 h elapsed = Sat 01:00 → B (std) starts Mon 08:00.
    expect(run('24h').earlyStart).toBe('2026-01-12T08:00');
  });

  it('project calendar: the project default (six-day here), whatever the activities use', () => {
    // Fri 17:00 + 8 h on Mon–Sat = Sat 17:00 → B (std) starts Mon 08:00.
    expect(run('project', 'std', 'six').earlyStart).toBe('2026-01-12T08:00');
  });
});
