/**
 * The scheduling inputs the CPM reads survive a saved schedule's validation (model/validate.ts):
 * Project.scheduling, Activity.expectedFinish, secondaryConstraint and totalFloat, and a wrong
 * value is named by its path.
 */
import { describe, expect, it } from 'vitest';
import { parseSchedule } from '../../../src/core/model';
import { schedule } from './build';

describe('scheduling inputs in a saved schedule', () => {
  it('keeps the project options and the activity fields through validation', () => {
    const s = schedule([{ id: 'A', dur: 8 }], [], { scheduling: { progressOverride: true, criticalFloatHours: 40, floatType: 'finish', mustFinishBy: '2026-04-15T17:00', useExpectedFinish: true } });
    Object.assign(s.activities[0], { expectedFinish: '2026-01-08T17:00', secondaryConstraint: { type: 'finish-on-or-before', date: '2026-01-09T17:00' }, totalFloat: 12.5 });
    const back = parseSchedule(JSON.parse(JSON.stringify(s)));
    expect(back.project.scheduling).toEqual(s.project.scheduling);
    expect(back.activities[0].expectedFinish).toBe('2026-01-08T17:00');
    expect(back.activities[0].secondaryConstraint).toEqual({ type: 'finish-on-or-before', date: '2026-01-09T17:00' });
    expect(back.activities[0].totalFloat).toBe(12.5);
  });

  it('names a wrong option by its path', () => {
    const s = schedule([{ id: 'A', dur: 8 }], []);
    const json = JSON.parse(JSON.stringify(s));
    json.project.scheduling = { floatType: 'sideways' };
    expect(() => parseSchedule(json)).toThrow(/project\.scheduling\.floatType/);
  });
});
