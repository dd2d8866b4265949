/**
 * Data date, in-progress work and out-of-sequence progress (std calendar; the data date here is
 * Wednesday 2026-01-07 08:00 unless a test says otherwise).
 */
import { describe, expect, it } from 'vitest';
import { cpm, schedule } from './build';

const DD = '2026-01-07T08:00';

describe('data date and progress', () => {
  it('schedules remaining work from the data date and keeps actuals of finished work', () => {
    // A done Mon–Tue; B started Tue with 8 h left → Wed 08:00–17:00; C 8 h after B → Thu.
    // D has no logic: it starts at the data date, not at the project start.
    const s = schedule(
      [
        { id: 'A', dur: 16, actualStart: '2026-01-05T08:00', actualFinish: '2026-01-06T17:00' },
        { id: 'B', dur: 16, remaining: 8, actualStart: '2026-01-06T08:00' },
        { id: 'C', dur: 8 },
        { id: 'D', dur: 8 },
      ],
      [['A', 'B'], ['B', 'C']],
      { dataDate: DD },
    );
    const { at } = cpm(s);
    expect([at('A').earlyStart, at('A').earlyFinish, at('A').totalFloat]).toEqual(['2026-01-05T08:00', '2026-01-06T17:00', undefined]);
    expect([at('B').earlyStart, at('B').earlyFinish]).toEqual(['2026-01-07T08:00', '2026-01-07T17:00']);
    expect([at('C').earlyStart, at('C').earlyFinish]).toEqual(['2026-01-08T08:00', '2026-01-08T17:00']);
    expect(at('D').earlyStart).toBe('2026-01-07T08:00');
  });

  it('moves a data date that falls outside working time to the next working minute', () => {
    // Data date Saturday 2026-01-10 12:00 → unstarted work starts Monday 2026-01-12 08:00.
    const { at } = cpm(schedule([{ id: 'A', dur: 8 }], [], { dataDate: '2026-01-10T12:00' }));
    expect(at('A').earlyStart).toBe('2026-01-12T08:00');
  });

  it('keeps a data date inside working hours as it is (P6 stores 09:40 starts)', () => {
    // Data date Wed 09:40 → A 8 h: 09:40 → Thu 09:40 (2 h 20 m Wed morning + 4 h + 1 h 40 m Thu).
    const { at } = cpm(schedule([{ id: 'A', dur: 8 }], [], { dataDate: '2026-01-07T09:40' }));
    expect([at('A').earlyStart, at('A').earlyFinish]).toEqual(['2026-01-07T09:40', '2026-01-08T09:40']);
  });
});

describe('out-of-sequence progress', () => {
  // P (16 h) has not started, yet its successor S started Monday and has 8 h left.
  const s = (scheduling?: { progressOverride: boolean }) =>
    schedule([{ id: 'P', dur: 16 }, { id: 'S', dur: 16, remaining: 8, actualStart: '2026-01-05T08:00' }], [['P', 'S']], { dataDate: DD, ...(scheduling ? { scheduling } : {}) });

  it('retained logic (P6 default): the remaining work waits for the predecessor', () => {
    // P Wed 08:00 → Thu 17:00; S's remaining 8 h: Fri 08:00 → Fri 17:00.
    const { at } = cpm(s());
    expect([at('S').earlyStart, at('S').earlyFinish, at('S').drivingPredecessorId]).toEqual(['2026-01-09T08:00', '2026-01-09T17:00', 'P']);
  });

  it('progress override: the remaining work runs from the data date', () => {
    // S Wed 08:00 → Wed 17:00, P in parallel (Wed 08:00 → Thu 17:00, the project end). The start
    // link into started S limits nothing, so P keeps 0 float and S has Wed 17:00 → Thu 17:00 = 8 h.
    const fromFile = cpm(s({ progressOverride: true }));
    expect([fromFile.at('S').earlyStart, fromFile.at('S').earlyFinish]).toEqual(['2026-01-07T08:00', '2026-01-07T17:00']);
    expect([fromFile.at('S').totalFloat, fromFile.at('P').totalFloat]).toEqual([8, 0]);
    // The same through the run's options, overriding the file.
    expect(cpm(s(), { progressOverride: true }).at('S').earlyStart).toBe('2026-01-07T08:00');
  });

  it('SS lags from a started predecessor count from its actual start when the option says so', () => {
    // A started Mon 08:00 with 16 h left (Wed 08:00 → Thu 17:00). B SS + 8 h.
    // From the remaining early start: Wed 08:00 + 8 h = Wed 17:00 → B Thu 08:00.
    // From the actual start (P6 sched_lag_early_start_flag = N): Mon 08:00 + 8 h = Mon 17:00 → the
    // data date wins: B Wed 08:00.
    const sched = schedule([{ id: 'A', dur: 32, remaining: 16, actualStart: '2026-01-05T08:00' }, { id: 'B', dur: 8 }], [['A', 'B', 'SS', 8]], { dataDate: DD });
    expect(cpm(sched).at('B').earlyStart).toBe('2026-01-08T08:00');
    expect(cpm(sched, { ssLagFromActualStart: true }).at('B').earlyStart).toBe('2026-01-07T08:00');
  });

  it("MS Project's rule: progressed work stays where its actuals put it", () => {
    // A 16 h started Mon 08:00 with 8 h done: the rest resumes Mon 17:00 → Tue 17:00, although the
    // status date is Wednesday. Finished F keeps its actual dates.
    const sched = schedule(
      [{ id: 'A', dur: 16, remaining: 8, actualStart: '2026-01-05T08:00' }, { id: 'F', dur: 8, actualStart: '2026-01-05T08:00', actualFinish: '2026-01-05T17:00' }],
      [],
      { dataDate: DD, scheduling: { progressFrom: 'actual-progress' } },
    );
    const { at } = cpm(sched);
    expect([at('A').earlyStart, at('A').earlyFinish]).toEqual(['2026-01-05T08:00', '2026-01-06T17:00']);
    expect([at('F').earlyStart, at('F').earlyFinish]).toEqual(['2026-01-05T08:00', '2026-01-05T17:00']);
  });
});

describe('expected finish dates (P6 sched_use_expect_end_flag)', () => {
  // A started Monday, 8 h left by its remaining duration, but expected to finish Thu 17:00.
  const s = (useExpectedFinish?: boolean) => {
    const sched = schedule([{ id: 'A', dur: 24, remaining: 8, actualStart: '2026-01-05T08:00' }, { id: 'B', dur: 8 }], [['A', 'B']], {
      dataDate: DD,
      ...(useExpectedFinish === undefined ? {} : { scheduling: { useExpectedFinish } }),
    });
    sched.activities[0].expectedFinish = '2026-01-08T17:00';
    return sched;
  };

  it('runs the remaining work to the expected finish and gives it no free float', () => {
    // From the data date Wed 08:00 to Thu 17:00 (16 h, not 8); B follows on Friday.
    const { at } = cpm(s());
    expect([at('A').earlyStart, at('A').earlyFinish, at('A').freeFloat]).toEqual(['2026-01-07T08:00', '2026-01-08T17:00', 0]);
    expect(at('B').earlyStart).toBe('2026-01-09T08:00');
    // Late: B ends the project Fri 17:00, so A's late finish is Thu 17:00 and its late start is
    // 16 h earlier, Wed 08:00.
    expect([at('A').lateStart, at('A').lateFinish]).toEqual(['2026-01-07T08:00', '2026-01-08T17:00']);
  });

  it('keeps the remaining duration when the option is off, or the expected finish is behind the start', () => {
    expect(cpm(s(false)).at('A').earlyFinish).toBe('2026-01-07T17:00');
    const early = s();
    early.activities[0].expectedFinish = '2026-01-06T17:00';
    expect(cpm(early).at('A').earlyFinish).toBe('2026-01-07T17:00');
  });
});
