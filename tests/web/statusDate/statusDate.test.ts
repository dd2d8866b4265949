/**
 * The status date on the page (issue 12): the import summary proposes a date and says why, the
 * user's choice is what gets saved, a bad date blocks saving with a message, and the dashboard
 * shows the same day the summary showed (a P6 data date at 00:00 is that day, not the day before).
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ImportSummary, importStatusStatement, statusDateToSave } from '../../../src/app/import/ImportSummary';
import { StatusDateField, statusDayProblem } from '../../../src/app/import/StatusDateField';
import { Dashboard, formatContextOf, sCurveData } from '../../../src/app/dashboard/components';
import { defaultStatusDate } from '../../../src/core/model/statusDate';
import type { Schedule } from '../../../src/core/model/schedule';
import type { PendingSchedule } from '../../../src/local/contracts';
import { riverside } from '../dashboard/fixture';
import { all, attr, hasClass, one, render, tag, text } from '../dashboard/html';

function pending(statusDate: PendingSchedule['statusDate'], over: Partial<PendingSchedule> = {}): PendingSchedule {
  return { index: 0, name: 'Plasma Product Launch', activities: 13, relationships: 12, resources: 4, assignments: 41, currency: 'GBP', warnings: [], statusDate, ...over };
}

const P6 = pending({ date: '2012-05-10T00:00', source: 'status-date', explanation: "the file's status date" }, { dataDate: '2012-05-10T00:00' });
const MSP = pending({ date: '2003-02-19T08:00', source: 'current-date', explanation: "MS Project's current date; the file has no status date" });

describe('the import summary proposes the status date and says why', () => {
  it('renders the date field at the proposed day, with the sentence the brief asks for', () => {
    const el = render(createElement(ImportSummary, { fileName: 'plasma.xml', label: 'Primavera P6 XML', schedules: [P6], intoProject: null, onSave: () => {}, onCancel: () => {} }));
    const input = one(el, attr('type', 'date'), 'date field');
    expect(input.attrs.value).toBe('2012-05-10');
    expect(text(one(el, hasClass('status-date-why')))).toBe("Status date 10 May 2012 — the file's status date");
    // The summary grid no longer repeats the date in another form.
    expect(all(el, tag('dt')).map(text)).not.toContain('Data date');
  });

  it("MS Project's current date, then the user's own choice", () => {
    expect(importStatusStatement(MSP, '2003-02-19')).toBe("Status date 19 Feb 2003 — MS Project's current date; the file has no status date");
    expect(importStatusStatement(MSP, '2003-03-01')).toBe("Status date 1 Mar 2003 — chosen by you (proposed: 19 Feb 2003, MS Project's current date; the file has no status date)");
  });

  it('what is saved: the file date needs nothing, a kept proposal keeps its time and source, a new day is "chosen"', () => {
    expect(statusDateToSave(P6, '2012-05-10')).toBeUndefined();
    expect(statusDateToSave(MSP, '2003-02-19')).toEqual({ date: '2003-02-19T08:00', source: 'current-date' });
    expect(statusDateToSave(MSP, '2003-03-01')).toEqual({ date: '2003-03-01', source: 'chosen' });
    expect(statusDateToSave(P6, '2012-05-31')).toEqual({ date: '2012-05-31', source: 'chosen' });
  });

  it('the same proposal the core gives the CLI (one rule)', () => {
    const s = { project: { id: 'x', name: 'x', currency: 'GBP', currentDate: '2003-02-19T08:00' }, activities: [], snapshots: [] } as unknown as Schedule;
    expect(defaultStatusDate(s, '2030-01-01')).toEqual(MSP.statusDate);
  });
});

describe('a bad status date says what to do', () => {
  it('empty, impossible and implausible dates', () => {
    expect(statusDayProblem('')).toBe('Enter the status date: day, month and year.');
    expect(statusDayProblem('2025-02-30')).toBe('Enter the status date: day, month and year.');
    expect(statusDayProblem('0002-05-10')).toMatch(/cannot be a status date: check the year\.$/);
    expect(statusDayProblem('2025-02-28')).toBeNull();
  });

  it('the field shows the message as an alert tied to the input', () => {
    const el = render(createElement(StatusDateField, { id: 'sd', value: '', onChange: () => {}, statement: 'Status date n/a', error: 'Enter the status date: day, month and year.' }));
    const input = one(el, attr('type', 'date'));
    expect(input.attrs['aria-invalid']).toBe('true');
    expect(input.attrs['aria-describedby']).toBe('sd-why sd-error');
    expect(text(one(el, attr('role', 'alert')))).toBe('Enter the status date: day, month and year.');
  });
});

describe('the dashboard shows the data date the import summary showed', () => {
  it('a data date at 00:00 is that day in the status line and on the S-curve', () => {
    const data = riverside();
    data.analysis = { ...data.analysis, dataDate: '2012-05-10T00:00' };
    const el = render(createElement(Dashboard, { data }));
    expect(text(one(el, hasClass('dashboard-view__meta')))).toMatch(/^Status at 10 May 2012/);
    const curve = sCurveData(data.analysis, formatContextOf(data.analysis));
    expect(curve.marker?.description).toBe('Data date 10 May 2012');
    expect(curve.summary).toContain('At the data date (10 May 2012)');
  });
});
