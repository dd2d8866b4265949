/**
 * Milestones, level of effort, WBS summaries, free float, driving paths, the critical flag, logic
 * loops and dangling links (std calendar, Monday 2026-01-05 08:00 data date).
 */
import { describe, expect, it } from 'vitest';
import { compileNetwork, drivingPath, scheduleNetwork } from '../../../src/core/cpm';
import { AnalysisInputError } from '../../../src/core/model/errors';
import { cpm, dates, schedule } from './build';

describe('milestones', () => {
  it('a finish milestone sits at its predecessor’s finish, a start milestone at the next working minute', () => {
    // A 16 h ends Tue 17:00. FM (finish milestone) = Tue 17:00; SM (start milestone) = Wed 08:00.
    const { at } = cpm(schedule([{ id: 'A', dur: 16 }, { id: 'FM', type: 'finish-milestone' }, { id: 'SM', type: 'start-milestone' }], [['A', 'FM'], ['A', 'SM']]));
    expect([at('FM').earlyStart, at('FM').earlyFinish]).toEqual(['2026-01-06T17:00', '2026-01-06T17:00']);
    expect([at('SM').earlyStart, at('SM').earlyFinish]).toEqual(['2026-01-07T08:00', '2026-01-07T08:00']);
    // Both end the project at Tue 17:00 (Wed 08:00 is the same working moment): no float.
    expect([at('FM').totalFloat, at('SM').totalFloat]).toEqual([0, 0]);
  });

  it('ignores a duration given to a milestone', () => {
    const { at } = cpm(schedule([{ id: 'M', type: 'finish-milestone', dur: 40 }], []));
    expect(at('M').earlyStart).toBe(at('M').earlyFinish);
  });
});

describe('level of effort and WBS summaries', () => {
  it('a level of effort spans from its start predecessor to its finish predecessor and drives nothing', () => {
    // A 16 h Mon–Tue, B 16 h after A Wed–Thu. L: A SS L, B FF L → L spans Mon 08:00 → Thu 17:00.
    // C after L (FS): an LOE does not drive, so C starts at the data date.
    const s = schedule(
      [{ id: 'A', dur: 16 }, { id: 'B', dur: 16 }, { id: 'L', type: 'level-of-effort', dur: 8 }, { id: 'C', dur: 8 }],
      [['A', 'B'], ['A', 'L', 'SS'], ['B', 'L', 'FF'], ['L', 'C']],
    );
    const { at } = cpm(s);
    expect([at('L').earlyStart, at('L').earlyFinish]).toEqual(['2026-01-05T08:00', '2026-01-08T17:00']);
    expect(at('C').earlyStart).toBe('2026-01-05T08:00');
  });

  it('a level of effort without finish predecessors stretches to its successor', () => {
    // A 8 h Mon. L: A SS L, L FS D, where D follows B (24 h Mon–Wed) → D Thu 08:00.
    // L finishes when D starts: Thu 08:00, shown as the end of Wednesday's work (Wed 17:00).
    const s = schedule(
      [{ id: 'A', dur: 8 }, { id: 'B', dur: 24 }, { id: 'D', dur: 8 }, { id: 'L', type: 'level-of-effort' }],
      [['A', 'L', 'SS'], ['L', 'D'], ['B', 'D']],
    );
    const { at } = cpm(s);
    expect([at('L').earlyStart, at('L').earlyFinish]).toEqual(['2026-01-05T08:00', '2026-01-07T17:00']);
  });

  it('a WBS summary spans the activities under its WBS element, including sub-elements', () => {
    // W1 holds A (Mon–Tue) and, under W1.1, B (Wed, after A); S is W1's summary: Mon 08:00 → Wed 17:00.
    // C (outside W1) runs Mon–Fri, so the project ends Fri 17:00 and S's late finish is B's.
    const wbs = [
      { id: 'W1', parentId: null, code: '1', name: 'One' },
      { id: 'W11', parentId: 'W1', code: '1.1', name: 'One.One' },
    ];
    const s = schedule(
      [{ id: 'A', dur: 16, wbs: 'W1' }, { id: 'B', dur: 8, wbs: 'W11' }, { id: 'C', dur: 40 }, { id: 'S', type: 'summary', wbs: 'W1' }],
      [['A', 'B']],
      { wbs },
    );
    const { at } = cpm(s);
    expect([at('S').earlyStart, at('S').earlyFinish, at('S').lateFinish]).toEqual(['2026-01-05T08:00', '2026-01-07T17:00', '2026-01-09T17:00']);
    expect(at('S').critical).toBe(false);
  });
});

describe('floats, critical path and driving paths', () => {
  // A 8 h and B 24 h precede C 8 h; D 8 h follows A only.
  // A Mon; B Mon–Wed; C Thu; D Tue. Project end Thu 17:00.
  const s = schedule([{ id: 'A', dur: 8 }, { id: 'B', dur: 24 }, { id: 'C', dur: 8 }, { id: 'D', dur: 8 }], [['A', 'C'], ['B', 'C'], ['A', 'D']]);

  it('free float is the slack to the nearest successor; total float to the project end', () => {
    // A: D starts right after it (Mon 17:00 ≡ Tue 08:00): free float 0; its total float is limited
    // by C: LS(C) Thu 08:00 → LF(A) Wed 17:00 → 16 h.
    // D: no successor; it may finish as late as the project end (Thu 17:00): 16 h both ways.
    const { at } = cpm(s);
    expect([at('A').freeFloat, at('A').totalFloat]).toEqual([0, 16]);
    expect([at('D').freeFloat, at('D').totalFloat]).toEqual([16, 16]);
    expect([at('B').freeFloat, at('B').totalFloat, at('C').totalFloat]).toEqual([0, 0, 0]);
  });

  it('marks critical by total float ≤ the threshold, or by the longest path', () => {
    const zero = cpm(s);
    expect(['A', 'B', 'C', 'D'].map((id) => zero.at(id).critical)).toEqual([false, true, true, false]);
    // A 16 h threshold takes in A and D.
    const wide = cpm(s, { criticalFloatHours: 16 });
    expect(['A', 'B', 'C', 'D'].map((id) => wide.at(id).critical)).toEqual([true, true, true, true]);
    // Longest path: the driving chain into the last activity, C ← B.
    const longest = cpm(s, { criticalPath: 'longest-path' });
    expect(['A', 'B', 'C', 'D'].map((id) => longest.at(id).critical)).toEqual([false, true, true, false]);
  });

  it('names each activity’s driving predecessor and walks the driving path back', () => {
    const { run, at } = cpm(s);
    expect(at('C').drivingPredecessorId).toBe('B');
    expect(at('D').drivingPredecessorId).toBe('A');
    expect(at('A').drivingPredecessorId).toBeUndefined(); // the data date drives it
    expect(drivingPath(run, 'C')).toEqual(['C', 'B']);
    expect(() => drivingPath(run, 'nope')).toThrow(/No activity "nope"/);
  });
});

describe('logic errors', () => {
  it('names the activities of a logic loop by code and name, predecessor first', () => {
    const s = schedule([{ id: 'A1' }, { id: 'B1' }, { id: 'C1' }, { id: 'D1' }], [['D1', 'A1'], ['A1', 'B1'], ['B1', 'C1'], ['C1', 'A1']]);
    let err: unknown;
    try {
      compileNetwork(s);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AnalysisInputError);
    const msg = (err as Error).message;
    // The loop, whichever activity it is read from, in link order and closed on itself.
    expect(msg).toMatch(/^Logic loop: /);
    expect(msg).toMatch(/(A1 Activity A1 → B1 Activity B1 → C1 Activity C1 → A1 Activity A1)|(B1 Activity B1 → C1 Activity C1 → A1 Activity A1 → B1 Activity B1)|(C1 Activity C1 → A1 Activity A1 → B1 Activity B1 → C1 Activity C1)/);
    expect(msg).not.toContain('D1');
    expect(msg).toContain('Break one of these links');
  });

  it('names an activity linked to itself', () => {
    expect(() => compileNetwork(schedule([{ id: 'A1' }], [['A1', 'A1']]))).toThrow(/A1 Activity A1 is its own predecessor/);
  });

  it('drops a link to an activity that is not in the schedule, with a warning naming it', () => {
    const s = schedule([{ id: 'A', dur: 8 }, { id: 'B', dur: 8 }], [['A', 'B'], ['X99', 'B'], ['B', 'EXT-7']]);
    const net = compileNetwork(s);
    expect(net.predStart[net.n]).toBe(1); // only A → B is kept
    expect(net.warnings).toHaveLength(1);
    expect(net.warnings[0].message).toMatch(/2 relationships name an activity that is not in this schedule/);
    expect(net.warnings[0].message).toContain('X99 (predecessor of B)');
    expect(net.warnings[0].message).toContain('EXT-7 (successor of B)');
    const run = scheduleNetwork(net);
    expect(Number.isFinite(run.finish)).toBe(true);
  });
});

describe('the compiled network', () => {
  it('numbers nodes in topological order with CSR links both ways', () => {
    // Given in reverse order of the logic: C ← B ← A.
    const net = compileNetwork(schedule([{ id: 'C', dur: 8 }, { id: 'B', dur: 8 }, { id: 'A', dur: 8 }], [['B', 'C', 'SS', 2], ['A', 'B']]));
    expect(net.ids).toEqual(['A', 'B', 'C']);
    expect(Array.from(net.predStart)).toEqual([0, 0, 1, 2]);
    expect(Array.from(net.predIdx)).toEqual([0, 1]);
    expect(Array.from(net.predType)).toEqual([0, 1]); // FS, SS
    expect(Array.from(net.predLag)).toEqual([0, 2]);
    expect(Array.from(net.succStart)).toEqual([0, 1, 2, 2]);
    expect(Array.from(net.succIdx)).toEqual([1, 2]);
    expect(Array.from(net.succLink)).toEqual([0, 1]);
    const { at } = cpm(schedule([{ id: 'C', dur: 8 }, { id: 'B', dur: 8 }, { id: 'A', dur: 8 }], [['B', 'C', 'SS', 2], ['A', 'B']]));
    expect(dates(at('C'))[0]).toBe('2026-01-06T10:00');
  });
});

describe('where scheduling starts', () => {
  it('without a data date, starts at the project start, else at the earliest date an activity states', () => {
    const s = schedule([{ id: 'A', dur: 8 }, { id: 'B', dur: 8 }], [['A', 'B']]);
    delete s.project.dataDate;
    s.project.plannedStart = '2026-01-06T08:00';
    expect(cpm(s).at('A').earlyStart).toBe('2026-01-06T08:00');
    delete s.project.plannedStart;
    s.activities[1].plannedStart = '2026-01-07T08:00';
    expect(cpm(s).at('A').earlyStart).toBe('2026-01-07T08:00');
  });

  it('refuses, saying what to set, when there is no date at all', () => {
    const s = schedule([{ id: 'A', dur: 8 }], []);
    delete s.project.dataDate;
    expect(() => cpm(s)).toThrow(/no data date, no project start and no activity dates.*Set the project’s data date/);
  });

  it('schedules an empty schedule to nothing', () => {
    const run = scheduleNetwork(compileNetwork(schedule([], [])));
    expect(run.net.n).toBe(0);
    expect(run.finish).toBe(-Infinity);
  });
});

describe('a long logic loop', () => {
  it('is shown by its first ten links and its last, with the count of the rest', () => {
    const ids = Array.from({ length: 30 }, (_, k) => `L${k}`);
    const links = ids.map((id, k) => [id, ids[(k + 1) % ids.length]] as [string, string]);
    let msg = '';
    try {
      compileNetwork(schedule(ids.map((id) => ({ id, dur: 8 })), links));
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/^Logic loop: /);
    expect(msg).toContain('(19 more)');
    expect(msg.split(' → ').length).toBeLessThan(16);
  });
});
