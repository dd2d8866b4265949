/** Over-long text from a file is cut once, at import, with a warning that says what and where. */
import { describe, expect, it } from 'vitest';
import { MAX_CODE_CHARS, MAX_NAME_CHARS, MAX_NOTE_CHARS, parseScheduleFile } from '../../../../src/core/import';
import { capScheduleText } from '../../../../src/core/import/textCaps';
import { analyseSchedule } from '../../../../src/core/evm/analyseSchedule';
import { syntheticSchedule } from '../../../../src/core/model/synthetic';
import { CALENDAR, PROJECT, PROJWBS, TASK, bytes, xer } from '../xer/helpers';

describe('text caps at import', () => {
  it('a 50 MB project (root WBS) name is cut to 500 characters with one warning, and the analysis stays small', () => {
    const big = 'N'.repeat(50 * 1024 * 1024);
    const wbs = { ...PROJWBS, rows: PROJWBS.rows.map((r, i) => (i === 0 ? [r[0], r[1], r[2], r[3], r[4], big, r[6], r[7]] : r)) };
    const out = parseScheduleFile(bytes(xer([PROJECT, CALENDAR, wbs, TASK])), { fileName: 'big.xer' });
    if (out.kind !== 'schedules') throw new Error(out.kind);
    const s = out.result.schedules[0];
    const root = s.wbs.find((w) => w.id === '100')!;
    expect(root.name).toHaveLength(MAX_NAME_CHARS);
    expect(root.name.endsWith('…')).toBe(true);
    const w = s.source!.warnings.filter((x) => /WBS name/.test(x.message));
    expect(w).toHaveLength(1);
    expect(w[0].message).toBe(
      `1 WBS name was longer than 500 characters (up to ${(50 * 1024 * 1024).toLocaleString('en-GB')}) and was cut to 500, first at WBS element P1. Shorten it in the scheduling tool if the full text matters.`,
    );
    expect(w[0].where).toBe('WBS element P1');
    expect(JSON.stringify(analyseSchedule(s)).length).toBeLessThan(1_000_000);
  });

  it('cuts names, codes and notes of every kind to their caps, counts them per field, and keeps ids and code references whole', () => {
    const s = syntheticSchedule({ activities: 30, seed: 7 });
    const longId = 'I'.repeat(300);
    s.activities[0].id = longId;
    s.activities[0].name = 'a'.repeat(600);
    s.activities[1].name = 'b'.repeat(9000);
    s.activities[2].code = 'C'.repeat(101);
    s.activities[3].udf = { Notes: 'n'.repeat(5000), Weight: 3 };
    s.project.name = 'P'.repeat(501);
    s.calendars[0].name = 'K'.repeat(1000);
    if (s.resources[0]) s.resources[0].code = 'R'.repeat(200);
    s.source = { format: 'xer', warnings: [{ message: 'w'.repeat(10_000) }] };
    capScheduleText(s);
    expect(s.activities[0].id).toBe(longId);
    expect([s.activities[0].name.length, s.activities[1].name.length, s.activities[2].code.length]).toEqual([MAX_NAME_CHARS, MAX_NAME_CHARS, MAX_CODE_CHARS]);
    expect((s.activities[3].udf!.Notes as string).length).toBe(MAX_NOTE_CHARS);
    expect(s.activities[3].udf!.Weight).toBe(3);
    expect(s.project.name).toHaveLength(MAX_NAME_CHARS);
    expect(s.calendars[0].name).toHaveLength(MAX_NAME_CHARS);
    const messages = s.source.warnings.map((w) => w.message);
    expect(messages[0]).toHaveLength(2000);
    expect(messages).toContain(
      `2 activity names were longer than 500 characters (up to 9,000) and were cut to 500, first at activity ${s.activities[0].code}. Shorten them in the scheduling tool if the full text matters.`,
    );
    expect(messages.some((m) => m.startsWith('1 activity ID was longer than 100 characters (up to 101)'))).toBe(true);
    expect(messages.some((m) => m.startsWith('1 user-defined field was longer than 4,000 characters'))).toBe(true);
    expect(messages.some((m) => m.startsWith('1 project name was longer than 500'))).toBe(true);
    expect(messages.some((m) => m.startsWith('1 calendar name was longer than 500'))).toBe(true);
  });

  it('leaves ordinary text alone and adds no warning', () => {
    const s = syntheticSchedule({ activities: 30, seed: 7 });
    s.source = { format: 'xer', warnings: [] };
    const before = JSON.stringify(s);
    capScheduleText(s);
    expect(JSON.stringify(s)).toBe(before);
  });
});
