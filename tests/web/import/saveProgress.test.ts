/**
 * The save step's progress (issue 13): the import page shows how far the data worker has got
 * writing the import, project by project for a file holding several, then that it is computing the
 * dashboard. Rendered to static markup from the progress the data worker reports.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ImportProgressBar, saveFraction, saveStatus } from '../../../src/app/import/ImportProgressBar';
import type { SaveProgress } from '../../../src/local/contracts';
import { one, render, tag, text } from '../dashboard/html';

const file = { name: 'programme.xer', size: 80 * 1048576 } as File;
const writing = (done: number, total: number, schedule = 1, schedules = 1): SaveProgress => ({ phase: 'writing', done, total, schedule, schedules });

describe('the save progress bar', () => {
  it('shows the parts written of one import as the bar and in words', () => {
    const el = render(createElement(ImportProgressBar, { file, saving: writing(250, 1000) }));
    expect(text(one(el, tag('h2')))).toBe('Saving programme.xer');
    const bar = one(el, tag('progress'));
    expect(Number(bar.attrs.value)).toBe(0.25);
    expect(bar.attrs['aria-label']).toBe('Saving programme.xer');
    expect(text(one(el, (e) => e.attrs.role === 'status'))).toBe('Saving to this device: 250 of 1,000 parts written');
    // Saving cannot be cancelled half-way: no button.
    expect(() => one(el, tag('button'))).toThrow();
  });

  it('gives each project of a many-project file an equal share of the bar', () => {
    expect(saveFraction(writing(0, 40, 1, 4))).toBe(0);
    expect(saveFraction(writing(40, 40, 1, 4))).toBe(0.25);
    expect(saveFraction(writing(10, 20, 3, 4))).toBe(0.625);
    expect(saveStatus(writing(10, 20, 3, 4))).toBe('Saving to this device (project 3 of 4): 10 of 20 parts written');
  });

  it('says when it is preparing, and when the import is saved and the dashboard is being computed', () => {
    const preparing = render(createElement(ImportProgressBar, { file, saving: null }));
    expect(one(preparing, tag('progress')).attrs.value).toBeUndefined();
    expect(text(one(preparing, (e) => e.attrs.role === 'status'))).toBe('Preparing the save...');
    const analysing: SaveProgress = { phase: 'analysing', done: 0, total: 1, schedule: 1, schedules: 1 };
    expect(saveFraction(analysing)).toBe(1);
    expect(saveStatus(analysing)).toBe('Saved. Computing the dashboard...');
  });
});
