/**
 * Issue 18, item 4: a multi-project file's summary ticks only projects with activities, shows an
 * empty one greyed out with "(no activities)" and no box to tick, and states a file-level warning
 * (the text encoding) once above the projects rather than under each.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { splitFileWarnings, tickable } from '../../../src/app/import/fileWarnings';
import { ImportSummary } from '../../../src/app/import/ImportSummary';
import { readXer } from '../../../src/core/import/xer';
import type { PendingSchedule } from '../../../src/local/contracts';
import { all, attr, hasClass, render, tag, text } from '../dashboard/html';

const SAMPLE = path.resolve(__dirname, '../../../../shared/samples/schedules/xer/aspose_MultiprojectWithExternal.xer');

function pending(index: number, name: string, activities: number, warnings: PendingSchedule['warnings']): PendingSchedule {
  return {
    index,
    name,
    activities,
    relationships: 0,
    resources: 0,
    assignments: 0,
    currency: 'GBP',
    warnings,
    statusDate: { date: '2024-05-28T00:00', source: 'status-date', explanation: "the file's status date" },
  };
}

const ENCODING = { message: 'Text encoding: windows-1251. If names look garbled, import again choosing the encoding.', where: 'file' };
const context = { projects: [], teams: null, limits: {} };

describe('splitFileWarnings', () => {
  it.skipIf(!existsSync(SAMPLE))('the real multi-project XER: its encoding and cross-project notes are said once; each baseline note stays with its project', () => {
    const r = readXer(new Uint8Array(readFileSync(SAMPLE)), { fileName: 'aspose_MultiprojectWithExternal.xer' });
    const schedules = r.schedules.map((s, i) => pending(i, s.project.name, s.activities.length, s.source?.warnings ?? []));
    expect(schedules.map((s) => s.activities)).toEqual([1, 2]);
    // The reader copies the file's encoding note into both projects: that was the repetition.
    const encodingEach = schedules.map((s) => s.warnings.filter((w) => /encoding/i.test(w.message)).length);
    expect(encodingEach).toEqual([1, 1]);
    const split = splitFileWarnings(schedules);
    expect(split.file.filter((w) => /encoding/i.test(w.message))).toHaveLength(1);
    expect(split.own.flat().some((w) => /encoding/i.test(w.message))).toBe(false);
    // The cross-project link is TestProject2's own note and stays under it.
    // Each project's baseline note stays under that project.
    expect(split.own.map((ws) => ws.map((w) => w.where))).toEqual([['PROJECT 5442'], ['PROJECT 5494']]);
    // The cross-project link note both carry is about the file: said once.
    expect(split.file.filter((w) => /different projects/.test(w.message))).toHaveLength(1);
  });

  it('a note only some projects carry stays with them; one every project carries word for word is lifted', () => {
    const own = { message: 'Activity A1010 has no calendar: the project default is used.', where: 'A1010' };
    const shared = { message: 'Currency GBP assumed: the file states none.' };
    const split = splitFileWarnings([pending(0, 'A', 3, [ENCODING, shared, own]), pending(1, 'B', 2, [ENCODING, shared])]);
    expect(split.file).toEqual([ENCODING, shared]);
    expect(split.own).toEqual([[own], []]);
  });

  it('a single project keeps its notes where they were, except a file-level one', () => {
    const note = { message: 'Two activities share the id A1000.' };
    expect(splitFileWarnings([pending(0, 'A', 3, [note])])).toEqual({ file: [], own: [[note]] });
  });
});

describe('the import summary of a file with an empty project', () => {
  const schedules = [pending(0, 'TestProject', 1, [ENCODING]), pending(1, 'External', 0, [ENCODING]), pending(2, 'TestProject2', 2, [ENCODING])];
  const page = render(createElement(ImportSummary, { fileName: 'multi.xer', label: 'Primavera P6 XER', schedules, intoProject: null, onSave: () => {}, onCancel: () => {}, context }));
  const cards = all(page, attr('data-testid', 'import-project'));
  const boxes = cards.map((c) => all(c, attr('type', 'checkbox'))[0]);

  it('ticks the projects with activities; the empty one is unticked, disabled, greyed and says why', () => {
    expect(boxes.map((b) => 'checked' in b.attrs)).toEqual([true, false, true]);
    expect(boxes.map((b) => 'disabled' in b.attrs)).toEqual([false, true, false]);
    expect(cards.map(hasClass('import-project--empty'))).toEqual([false, true, false]);
    expect(text(all(cards[1], tag('h3'))[0])).toBe('External (no activities)');
    expect(text(all(cards[0], tag('h3'))[0])).toBe('TestProject');
    expect(text(page)).toContain('Save 2 projects');
  });

  it('says the encoding once, above the projects', () => {
    expect(text(page).split('Text encoding: windows-1251').length - 1).toBe(1);
    expect(cards.some((c) => text(c).includes('Text encoding'))).toBe(false);
  });

  it('a file of one project has no box and is saved whatever its count', () => {
    expect(tickable({ activities: 0 }, 1)).toBe(true);
    expect(tickable({ activities: 0 }, 2)).toBe(false);
  });
});
