/**
 * Each constraint on a hand-built schedule (std calendar, Monday 2026-01-05 08:00 data date).
 * Most cases run A beside a 40 h activity X (Mon 08:00 → Fri 17:00), so the project ends Friday
 * 17:00 and an unconstrained A of 16 h would have 24 h of float (LS Thu 08:00, LF Fri 17:00).
 */
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../../src/core/model/schedule';
import { cpm, dates, schedule } from './build';

const beside = (constraint: Activity['constraint']) => cpm(schedule([{ id: 'X', dur: 40 }, { id: 'A', dur: 16, constraint }], [])).at('A');

describe('constraints', () => {
  it('unconstrained: the baseline the other cases move from', () => {
    const a = beside(undefined);
    expect(dates(a)).toEqual(['2026-01-05T08:00', '2026-01-06T17:00', '2026-01-08T08:00', '2026-01-09T17:00']);
    expect(a.totalFloat).toBe(24);
  });

  it('start on or after (P6 CS_MSOA) holds the early start back', () => {
    // ES Wed 08:00 → EF Thu 17:00; late dates unchanged: float 8 h.
    const a = beside({ type: 'start-on-or-after', date: '2026-01-07T08:00' });
    expect([a.earlyStart, a.earlyFinish, a.totalFloat]).toEqual(['2026-01-07T08:00', '2026-01-08T17:00', 8]);
  });

  it('start on or before (CS_MSOB) pulls the late start in', () => {
    // LS ≤ Mon 13:00 → LF = Mon 13:00 + 16 h = Wed 12:00; float = Tue 17:00 → Wed 12:00 = 4 h.
    const a = beside({ type: 'start-on-or-before', date: '2026-01-05T13:00' });
    expect([a.lateStart, a.lateFinish, a.totalFloat]).toEqual(['2026-01-05T13:00', '2026-01-07T12:00', 4]);
  });

  it('start on (CS_MSO) acts both ways', () => {
    // Early start Tue 08:00 (→ EF Wed 17:00) and late start no later than Tue 08:00: float 0.
    const a = beside({ type: 'start-on', date: '2026-01-06T08:00' });
    expect(dates(a)).toEqual(['2026-01-06T08:00', '2026-01-07T17:00', '2026-01-06T08:00', '2026-01-07T17:00']);
    expect(a.totalFloat).toBe(0);
  });

  it('finish on or before (CS_MEOB) pulls the late finish in', () => {
    // LF ≤ Wed 17:00: float = Tue 17:00 → Wed 17:00 = 8 h.
    const a = beside({ type: 'finish-on-or-before', date: '2026-01-07T17:00' });
    expect([a.lateFinish, a.totalFloat]).toEqual(['2026-01-07T17:00', 8]);
  });

  it('finish on or after (CS_MEOA) pushes the early finish', () => {
    // EF ≥ Thu 17:00 → ES Wed 08:00; float 8 h.
    const a = beside({ type: 'finish-on-or-after', date: '2026-01-08T17:00' });
    expect([a.earlyStart, a.earlyFinish, a.totalFloat]).toEqual(['2026-01-07T08:00', '2026-01-08T17:00', 8]);
  });

  it('finish on (CS_MEO) acts both ways', () => {
    const a = beside({ type: 'finish-on', date: '2026-01-07T17:00' });
    expect(dates(a)).toEqual(['2026-01-06T08:00', '2026-01-07T17:00', '2026-01-06T08:00', '2026-01-07T17:00']);
  });

  it('mandatory start (CS_MANDSTART) overrides the logic', () => {
    // P 24 h ends Wed 17:00, yet B must start Tue 08:00: ES = LS = Tue 08:00 (8 h → Tue 17:00).
    // P's late finish is limited by B's late start: end of working time before Tue 08:00 = Mon 17:00,
    // so P has −16 h of float (Wed 17:00 back to Mon 17:00).
    const { at } = cpm(schedule([{ id: 'P', dur: 24 }, { id: 'B', dur: 8, constraint: { type: 'mandatory-start', date: '2026-01-06T08:00' } }], [['P', 'B']]));
    expect(dates(at('B'))).toEqual(['2026-01-06T08:00', '2026-01-06T17:00', '2026-01-06T08:00', '2026-01-06T17:00']);
    expect(at('P').totalFloat).toBe(-16);
    expect(at('P').critical).toBe(true);
    // B starts before P finishes: no free float, and never a negative one (P6 stores 0).
    expect(at('P').freeFloat).toBe(0);
  });

  it('mandatory finish (CS_MANDFIN) overrides the logic', () => {
    // B must finish Tue 17:00: EF = LF = Tue 17:00, ES Tue 08:00, although P ends Wed 17:00.
    const { at } = cpm(schedule([{ id: 'P', dur: 24 }, { id: 'B', dur: 8, constraint: { type: 'mandatory-finish', date: '2026-01-06T17:00' } }], [['P', 'B']]));
    expect(dates(at('B'))).toEqual(['2026-01-06T08:00', '2026-01-06T17:00', '2026-01-06T08:00', '2026-01-06T17:00']);
    expect(at('P').totalFloat).toBe(-16);
  });

  it('as late as possible (CS_ALAP) uses up the free float', () => {
    // A 8 h and X 40 h both precede C. Early, A is Mon; ALAP moves it up against C, which starts
    // Mon 2026-01-12 08:00: A finishes Fri 17:00, starts Fri 08:00. Free and total float 0.
    const s = schedule([{ id: 'A', dur: 8, constraint: { type: 'as-late-as-possible' } }, { id: 'X', dur: 40 }, { id: 'C', dur: 8 }], [['A', 'C'], ['X', 'C']]);
    const a = cpm(s).at('A');
    expect([a.earlyStart, a.earlyFinish, a.freeFloat, a.totalFloat]).toEqual(['2026-01-09T08:00', '2026-01-09T17:00', 0, 0]);
    // Without the constraint it would sit on Monday with 32 h of free float.
    const plain = cpm(schedule([{ id: 'A', dur: 8 }, { id: 'X', dur: 40 }, { id: 'C', dur: 8 }], [['A', 'C'], ['X', 'C']])).at('A');
    expect([plain.earlyStart, plain.freeFloat]).toEqual(['2026-01-05T08:00', 32]);
  });

  it('ignores constraints on started work (P6 does)', () => {
    // Started Monday with 8 h left; a start-on-or-after Thursday cannot move it.
    const a = cpm(
      schedule([{ id: 'A', dur: 16, remaining: 8, actualStart: '2026-01-05T08:00', constraint: { type: 'start-on-or-after', date: '2026-01-08T08:00' } }], [], { dataDate: '2026-01-06T08:00' }),
    ).at('A');
    expect([a.earlyStart, a.earlyFinish]).toEqual(['2026-01-06T08:00', '2026-01-06T17:00']);
  });
});

describe('secondary constraints (P6 cstr_type2)', () => {
  it('applies a second constraint beside the first: start on or after + finish on or before', () => {
    // Beside X (project end Fri 17:00), A 16 h must start on or after Tue 08:00 (→ EF Wed 17:00)
    // and finish on or before Thu 17:00: float Wed 17:00 → Thu 17:00 = 8 h.
    const s = schedule(
      [{ id: 'X', dur: 40 }, { id: 'A', dur: 16, constraint: { type: 'start-on-or-after', date: '2026-01-06T08:00' } }],
      [],
    );
    s.activities[1].secondaryConstraint = { type: 'finish-on-or-before', date: '2026-01-08T17:00' };
    const a = cpm(s).at('A');
    expect([a.earlyStart, a.earlyFinish, a.lateFinish, a.totalFloat]).toEqual(['2026-01-06T08:00', '2026-01-07T17:00', '2026-01-08T17:00', 8]);
  });

  it('is read from the XER (cstr_type2, cstr_date2)', async () => {
    const { schedulesFromP6Tables } = await import('../../../src/core/import/xer');
    const table = (name: string, fields: string[], rows: string[][]) => ({ name, fields, rows });
    const result = schedulesFromP6Tables([
      table('PROJECT', ['proj_id', 'proj_short_name', 'last_recalc_date'], [['1', 'P', '2026-01-05 08:00']]),
      table('TASK', ['task_id', 'proj_id', 'task_code', 'task_name', 'task_type', 'status_code', 'target_drtn_hr_cnt', 'cstr_type', 'cstr_date', 'cstr_type2', 'cstr_date2'], [
        ['10', '1', 'A1', 'Alpha', 'TT_Task', 'TK_NotStart', '16', 'CS_MSOA', '2026-01-06 08:00', 'CS_MEOB', '2026-01-08 17:00'],
      ]),
    ]);
    const a = result.schedules[0].activities[0];
    expect(a.constraint).toEqual({ type: 'start-on-or-after', date: '2026-01-06T08:00' });
    expect(a.secondaryConstraint).toEqual({ type: 'finish-on-or-before', date: '2026-01-08T17:00' });
  });
});
