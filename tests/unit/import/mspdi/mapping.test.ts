/**
 * The MSPDI → canonical mapping, one decision per test, on small hand-written files (./build.ts).
 * Expected values are worked out by hand from MS Project's units: money in hundredths, work and
 * durations as ISO 8601, link lag in tenths of a minute, percentages 0–100.
 */
import { describe, expect, it } from 'vitest';
import { parseMspdiDocument, readMspdi } from '../../../../src/core/import/mspdi';
import { ImportCancelled, type ImportProgress } from '../../../../src/core/import/types';
import type { Schedule } from '../../../../src/core/model/schedule';
import { baseline, bytes, calendar, link, mspdi, task, timephased, workingTimes } from './build';

const read = (xml: string): Schedule => readMspdi(bytes(xml), { fileName: 'test.xml' }).schedules[0];
const warningsOf = (s: Schedule) => (s.source?.warnings ?? []).map((w) => w.message).join('\n');

describe('project', () => {
  it('maps Title, Name, StatusDate, dates, currency, default calendar and the writing application', () => {
    const s = read(
      mspdi({
        project: { GUID: 'ABC-123', Title: 'Bridge', Name: 'bridge.xml', StatusDate: '2025-03-31T17:00:00', StartDate: '2025-01-06T08:00:00', FinishDate: '2025-12-19T17:00:00', CurrencyCode: 'EUR', CalendarUID: 1, BuildNumber: '16.0.1' },
      }),
    );
    expect(s.project).toMatchObject({ id: 'ABC-123', code: 'bridge.xml', name: 'Bridge', currency: 'EUR', dataDate: '2025-03-31T17:00', plannedStart: '2025-01-06T08:00', plannedFinish: '2025-12-19T17:00', defaultCalendarId: '1' });
    expect(s.source?.application).toBe('Microsoft Project XML, SaveVersion 14 (Project 2010 or later), build 16.0.1');
    expect(s.source?.fileName).toBe('test.xml');
    expect(warningsOf(s)).not.toMatch(/status date|currency/);
  });

  it('names the project after the file name when there is no Title', () => {
    const s = read(mspdi({ project: { Title: undefined, Name: 'Hotel fit-out.xml' } }));
    expect(s.project.name).toBe('Hotel fit-out');
  });

  it('warns, and leaves the data date empty, when there is no status date', () => {
    const s = read(mspdi({ project: { CurrentDate: '2024-05-01T08:00:00' } }));
    expect(s.project.dataDate).toBeUndefined();
    expect(warningsOf(s)).toMatch(/no status date.*current date, 2024-05-01/);
  });

  it('keeps GBP for a missing currency code, with a warning; refuses a non-ISO code', () => {
    expect(read(mspdi({ project: { CurrencyCode: undefined } })).project.currency).toBe('GBP');
    const bad = read(mspdi({ project: { CurrencyCode: 'Pounds' } }));
    expect(bad.project.currency).toBe('GBP');
    expect(warningsOf(bad)).toMatch(/"Pounds" is not an ISO 4217 code/);
  });
});

describe('tasks', () => {
  const outline = mspdi({
    tasks: [
      task({ UID: 10, ID: 1, Name: 'Civils', WBS: '1', OutlineNumber: '1', OutlineLevel: 1, Summary: 1 }),
      task({ UID: 11, ID: 2, Name: 'Dig', WBS: '1.1', OutlineNumber: '1.1', OutlineLevel: 2 }),
      // A summary whose Summary flag is missing: the outline says it has children.
      task({ UID: 12, ID: 3, Name: 'Concrete', WBS: '1.2', OutlineNumber: '1.2', OutlineLevel: 2 }),
      task({ UID: 13, ID: 4, Name: 'Pour', WBS: '1.2.1', OutlineNumber: '1.2.1', OutlineLevel: 3 }),
      task({ UID: 14, ID: 5, IsNull: 1, OutlineLevel: 1 }),
      task({ UID: 15, ID: 6, Name: 'Handover', WBS: '2', OutlineNumber: '2', OutlineLevel: 1, Milestone: 1 }),
      task({ UID: 11, ID: 7, Name: 'Duplicate UID', OutlineLevel: 1 }),
    ].join(''),
  });

  it('turns summaries into WBS nodes, leaves into activities under them; skips UID 0 and blank rows', () => {
    const s = read(outline);
    expect(s.wbs).toEqual([
      { id: '10', parentId: null, code: '1', name: 'Civils', sequence: 0 },
      { id: '12', parentId: '10', code: '1.2', name: 'Concrete', sequence: 1 },
    ]);
    expect(s.activities.map((a) => [a.id, a.code, a.name, a.wbsId, a.type])).toEqual([
      ['11', '1.1', 'Dig', '10', 'task'],
      ['13', '1.2.1', 'Pour', '12', 'task'],
      ['15', '2', 'Handover', null, 'finish-milestone'],
    ]);
    expect(warningsOf(s)).toMatch(/Two tasks have UID 11/);
  });

  it('maps dates, durations, progress, costs and units', () => {
    const s = read(
      mspdi({
        project: { DefaultTaskEVMethod: 1 },
        tasks: task(
          {
            UID: 1, ID: 1, Name: 'Erect steel', WBS: 'A1', OutlineLevel: 1, Start: '2025-02-03T08:00:00', Finish: '2025-02-14T17:00:00',
            Duration: 'PT80H0M0S', RemainingDuration: 'PT30H0M0S', ActualDuration: 'PT50H0M0S', ActualStart: '2025-02-03T08:00:00',
            PercentComplete: 63, PercentWorkComplete: 55, PhysicalPercentComplete: 40, Cost: 1234567, ActualCost: 500050, RemainingCost: 734517,
            FixedCost: 10000, Work: 'PT160H0M0S', ActualWork: 'PT88H0M0S', RemainingWork: 'PT72H0M0S', BCWS: '450000.00', BCWP: '400000.00', ACWP: '500050.00', CV: '-100050.00', SV: '-50000.00',
            CalendarUID: 1, ConstraintType: 4, ConstraintDate: '2025-02-03T08:00:00',
          },
          baseline(0, { Start: '2025-01-27T08:00:00', Finish: '2025-02-07T17:00:00', Duration: 'PT80H0M0S', Work: 'PT150H0M0S', Cost: 1000000 }),
        ),
      }),
    );
    const a = s.activities[0];
    expect(a).toMatchObject({
      plannedStart: '2025-02-03T08:00', plannedFinish: '2025-02-14T17:00', actualStart: '2025-02-03T08:00', forecastStart: '2025-02-03T08:00', forecastFinish: '2025-02-14T17:00',
      baselineStart: '2025-01-27T08:00', baselineFinish: '2025-02-07T17:00', baselineDuration: 80, originalDuration: 80, remainingDuration: 30, actualDuration: 50,
      // The project's DefaultTaskEVMethod 1 (physical % complete) applies: the task has no method of its own.
      percentCompleteType: 'physical', percentComplete: { duration: 0.63, units: 0.55, physical: 0.4 },
      // BAC = Baseline 0 Cost 1,000,000 hundredths = 10,000.00; actual 5,000.50; remaining 7,345.17.
      budgetCost: 10000, actualCost: 5000.5, remainingCost: 7345.17, budgetUnits: 150, actualUnits: 88, remainingUnits: 72,
      calendarId: '1', constraint: { type: 'SNET', date: '2025-02-03T08:00' }, evTechnique: { kind: 'percent-complete' },
    });
    expect(a.actualFinish).toBeUndefined();
    // FixedCost 10000 hundredths = 100.00 on its typed field; no FixedCostAccrual written: no accrual claimed.
    expect([a.fixedCost, a.fixedCostAccrual]).toEqual([100, undefined]);
    expect(a.udf?.['msp:FixedCost']).toBeUndefined();
    expect(a.udf).toMatchObject({ 'msp:ID': 1, 'msp:Cost': 12345.67, 'msp:BCWS': 4500, 'msp:BCWP': 4000, 'msp:ACWP': 5000.5, 'msp:CV': -1000.5, 'msp:SV': -500 });
  });

  it('uses the current Cost as budget when there is no baseline, and says so', () => {
    const s = read(mspdi({ tasks: task({ UID: 1, ID: 1, OutlineLevel: 1, Cost: 250000, Work: 'PT16H0M0S' }) }));
    expect(s.activities[0].budgetCost).toBe(2500);
    expect(s.activities[0].budgetUnits).toBe(16);
    expect(s.activities[0].remainingCost).toBe(2500); // no RemainingCost: Cost − ActualCost
    expect(warningsOf(s)).toMatch(/no baseline/);
  });

  it('takes budgets and baseline spreads from the baseline MS Project measures EV against (BaselineForEarnedValue)', () => {
    const s = read(
      mspdi({
        project: { BaselineForEarnedValue: 2 },
        tasks: task(
          { UID: 1, ID: 1, OutlineLevel: 1, Cost: 90000 },
          baseline(0, { Start: '2025-01-06T08:00:00', Cost: 50000 }) + baseline(2, { Start: '2025-02-03T08:00:00', Finish: '2025-02-07T17:00:00', Cost: 70000, Work: 'PT40H0M0S' }),
        ),
        resources: '<Resource><UID>1</UID><ID>1</ID><Name>R</Name><Type>1</Type></Resource>',
        assignments:
          `<Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>1</ResourceUID><Cost>90000</Cost>${baseline(0, { Cost: 50000 })}${baseline(2, { Cost: 70000, Work: 'PT40H0M0S' })}` +
          // Type 5 = Baseline cost, type 23 = Baseline 2 cost (17 + 6 × (2 − 1)).
          `${timephased(5, 1, '2025-01-06T08:00:00', '2025-01-07T08:00:00', '50000')}${timephased(23, 1, '2025-02-03T08:00:00', '2025-02-04T08:00:00', '70000')}</Assignment>`,
      }),
    );
    const a = s.activities[0];
    expect([a.budgetCost, a.budgetUnits, a.baselineStart, a.baselineFinish]).toEqual([700, 40, '2025-02-03T08:00', '2025-02-07T17:00']);
    expect(s.assignments[0].budgetCost).toBe(700);
    expect(s.assignments[0].timephased).toEqual([{ kind: 'baseline-cost', start: '2025-02-03T08:00', finish: '2025-02-04T08:00', value: 700 }]);
    // Baseline 0 is kept among the other baselines.
    expect(s.baselines.map((b) => [b.id, b.name])).toEqual([['baseline-0', 'Baseline']]);
    expect(s.baselines[0].activities).toEqual([{ activityId: '1', start: '2025-01-06T08:00', budgetCost: 500 }]);
    expect(warningsOf(s)).toMatch(/against Baseline 2/);
  });

  it('EarnedValueMethod 0 means % complete, read as duration % complete', () => {
    const s = read(mspdi({ tasks: task({ UID: 1, ID: 1, OutlineLevel: 1, EarnedValueMethod: 0, PercentComplete: 100, ActualFinish: '2025-01-10T17:00:00', ActualStart: '2025-01-06T08:00:00' }) }));
    expect(s.activities[0].percentCompleteType).toBe('duration');
    expect(s.activities[0].actualFinish).toBe('2025-01-10T17:00');
    // A finished task has no forecast.
    expect(s.activities[0].forecastFinish).toBeUndefined();
  });

  it('ignores an actual finish on a task under 100 % and an actual start that contradicts 0 % progress', () => {
    const s = read(
      mspdi({
        tasks: task({ UID: 1, ID: 1, OutlineLevel: 1, Start: '2025-01-27T08:00:00', PercentComplete: 0, ActualStart: '2000-01-01T00:00:00', ActualFinish: '2000-01-01T00:00:00', ActualDuration: 'PT0H0M0S' }),
      }),
    );
    expect(s.activities[0].actualStart).toBeUndefined();
    expect(s.activities[0].actualFinish).toBeUndefined();
    expect(warningsOf(s)).toMatch(/2 actual start\/finish dates contradicted/);
  });

  it('reads custom fields by alias: cost ÷ 100, numbers, durations in hours, text', () => {
    const defs = [
      [188743786, 'Cost1', 'Contingency'],
      [188743767, 'Number1', undefined],
      [188743783, 'Duration1', 'Float used'],
      [188743731, 'Text1', 'Area'],
    ]
      .map(([id, n, alias]) => `<ExtendedAttribute><FieldID>${id}</FieldID><FieldName>${n}</FieldName>${alias ? `<Alias>${alias}</Alias>` : ''}</ExtendedAttribute>`)
      .join('');
    const values = [
      [188743786, '12550'],
      [188743767, '3.5'],
      [188743783, 'PT12H30M0S'],
      [188743731, 'North &amp; East'],
      [999, 'unknown field'],
    ]
      .map(([id, v]) => `<ExtendedAttribute><FieldID>${id}</FieldID><Value>${v}</Value></ExtendedAttribute>`)
      .join('');
    const s = read(mspdi({ extendedAttributes: defs, tasks: task({ UID: 1, ID: 1, OutlineLevel: 1 }, values) }));
    expect(s.activities[0].udf).toMatchObject({ Contingency: 125.5, Number1: 3.5, 'Float used': 12.5, Area: 'North & East', 'Field 999': 'unknown field' });
  });
});

describe('relationships', () => {
  const tasks = (preds: string) =>
    [
      task({ UID: 1, ID: 1, OutlineLevel: 1, Duration: 'PT40H0M0S' }),
      task({ UID: 2, ID: 2, OutlineLevel: 1, Duration: 'PT16H0M0S' }, preds),
      task({ UID: 3, ID: 3, OutlineLevel: 1, Summary: 1 }),
      task({ UID: 4, ID: 4, OutlineLevel: 2 }),
    ].join('');

  it('maps Type 0..3 to FF, FS, SF, SS and LinkLag tenths of a minute to hours', () => {
    const s = read(mspdi({ tasks: tasks([link(1, 0, 0), link(1, 1, 4800), link(1, 2, -2400, 5), link(1, 3, 300, 3)].join('')) }));
    expect(s.relationships).toEqual([
      { predecessorId: '1', successorId: '2', type: 'FF', lagHours: 0 },
      { predecessorId: '1', successorId: '2', type: 'FS', lagHours: 8 }, // 4800 / 600
      { predecessorId: '1', successorId: '2', type: 'SF', lagHours: -4 }, // a 4-hour lead
      { predecessorId: '1', successorId: '2', type: 'SS', lagHours: 0.5 }, // 30 minutes
    ]);
  });

  it('runs elapsed lags on a 24-hour clock and reads % lags as a share of the predecessor', () => {
    // 1 elapsed day = 1440 min = 14400 tenths (format 8 = ed); 50 % (format 19) of a 40-hour predecessor = 20 h.
    const s = read(mspdi({ tasks: tasks([link(1, 1, 14400, 8), link(1, 1, 50, 19)].join('')) }));
    expect(s.relationships[0]).toEqual({ predecessorId: '1', successorId: '2', type: 'FS', lagHours: 24, lagCalendar: '24h' });
    expect(s.relationships[1]).toEqual({ predecessorId: '1', successorId: '2', type: 'FS', lagHours: 20 });
  });

  it('drops links to summaries, missing tasks and other projects, with warnings', () => {
    const cross = '<PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type><CrossProject>1</CrossProject><LinkLag>0</LinkLag><LagFormat>7</LagFormat></PredecessorLink>';
    const s = read(mspdi({ tasks: tasks([link(3), link(77), link(0), cross].join('')) }));
    expect(s.relationships).toEqual([]);
    expect(warningsOf(s)).toMatch(/2 links to or from summary tasks/);
    expect(warningsOf(s)).toMatch(/1 link names a predecessor UID that is not in the file/);
    expect(warningsOf(s)).toMatch(/1 link to tasks in other projects/);
  });
});

describe('calendars', () => {
  const read1 = (cal: string) => read(mspdi({ calendars: cal })).calendars[0];

  it('reads the work week (DayType 1 = Sunday), ToTime 00:00 as midnight, hours per day from MinutesPerDay', () => {
    const week = `<WeekDays>
      <WeekDay><DayType>1</DayType><DayWorking>0</DayWorking></WeekDay>
      <WeekDay><DayType>2</DayType><DayWorking>1</DayWorking>${workingTimes(['07:00:00', '11:30:00'], ['12:00:00', '15:30:00'])}</WeekDay>
      <WeekDay><DayType>7</DayType><DayWorking>1</DayWorking>${workingTimes(['20:00:00', '00:00:00'])}</WeekDay>
      <WeekDay><DayType>4</DayType><DayWorking>1</DayWorking></WeekDay>
    </WeekDays>`;
    const s = read(mspdi({ project: { MinutesPerDay: 450 }, calendars: calendar(1, 'Site', { weekDays: week }) }));
    const c = s.calendars[0];
    expect(c.hoursPerDay).toBe(7.5);
    expect(c.workWeek[0]).toEqual([]);
    expect(c.workWeek[1]).toEqual([
      [420, 690],
      [720, 930],
    ]);
    expect(c.workWeek[6]).toEqual([[1200, 1440]]);
    // A working day without times has MS Project's default hours; unlisted days default too.
    expect(c.workWeek[3]).toEqual([
      [480, 720],
      [780, 1020],
    ]);
    expect(c.workWeek[2]).toEqual([
      [480, 720],
      [780, 1020],
    ]);
  });

  it('reads pre-2007 exceptions (WeekDay DayType 0 with a TimePeriod), day by day', () => {
    const week = `<WeekDays><WeekDay><DayType>0</DayType><DayWorking>0</DayWorking><TimePeriod><FromDate>2025-12-24T00:00:00</FromDate><ToDate>2025-12-26T23:59:00</ToDate></TimePeriod></WeekDay>
      <WeekDay><DayType>0</DayType><DayWorking>1</DayWorking><TimePeriod><FromDate>2025-12-27T00:00:00</FromDate><ToDate>2025-12-27T23:59:00</ToDate></TimePeriod>${workingTimes(['09:00:00', '13:00:00'])}</WeekDay></WeekDays>`;
    const c = read1(calendar(1, 'Old', { weekDays: week }));
    expect(c.exceptions).toEqual([
      { date: '2025-12-24', intervals: [] },
      { date: '2025-12-25', intervals: [] },
      { date: '2025-12-26', intervals: [] },
      { date: '2025-12-27', intervals: [[540, 780]] },
    ]);
  });

  it('reads 2007+ Exceptions, which win over the old form on the same date', () => {
    const old = `<WeekDays><WeekDay><DayType>0</DayType><DayWorking>0</DayWorking><TimePeriod><FromDate>2025-08-25T00:00:00</FromDate><ToDate>2025-08-25T23:59:00</ToDate></TimePeriod></WeekDay></WeekDays>`;
    const ex = `<Exception><EnteredByOccurrences>0</EnteredByOccurrences><TimePeriod><FromDate>2025-08-25T00:00:00</FromDate><ToDate>2025-08-26T23:59:00</ToDate></TimePeriod><Occurrences>1</Occurrences><Name>Shutdown</Name><Type>1</Type><DayWorking>1</DayWorking>${workingTimes(['10:00:00', '14:00:00'])}</Exception>`;
    const c = read1(calendar(1, 'Both', { weekDays: old, exceptions: ex }));
    expect(c.exceptions).toEqual([
      { date: '2025-08-25', intervals: [[600, 840]], name: 'Shutdown' },
      { date: '2025-08-26', intervals: [[600, 840]], name: 'Shutdown' },
    ]);
  });

  it('expands recurring exceptions: yearly by date, weekly by weekday, monthly by position', () => {
    const ex = (f: string) => `<Exception>${f}<DayWorking>0</DayWorking></Exception>`;
    const period = (a: string, b: string) => `<TimePeriod><FromDate>${a}T00:00:00</FromDate><ToDate>${b}T23:59:00</ToDate></TimePeriod>`;
    const xs = [
      // Christmas Day every year 2025–2027: Type 2, Month 11 (0-based December), MonthDay 25.
      ex(`${period('2025-01-01', '2027-12-31')}<Name>Xmas</Name><Type>2</Type><Month>11</Month><MonthDay>25</MonthDay>`),
      // Mondays and Wednesdays (DaysOfWeek 2 | 8), 3 occurrences from Mon 2025-03-03.
      ex(`<EnteredByOccurrences>1</EnteredByOccurrences>${period('2025-03-03', '2025-12-31')}<Occurrences>3</Occurrences><Name>Gym</Name><Type>6</Type><Period>1</Period><DaysOfWeek>10</DaysOfWeek>`),
      // Last Friday (MonthPosition 4, MonthItem 8) of every 2nd month, Jan–May 2026.
      ex(`${period('2026-01-01', '2026-05-31')}<Name>Audit</Name><Type>5</Type><Period>2</Period><MonthPosition>4</MonthPosition><MonthItem>8</MonthItem>`),
    ].join('');
    const c = read1(calendar(1, 'Recurring', { exceptions: xs }));
    const byName = (n: string) => c.exceptions.filter((e) => e.name === n).map((e) => e.date);
    expect(byName('Xmas')).toEqual(['2025-12-25', '2026-12-25', '2027-12-25']);
    expect(byName('Gym')).toEqual(['2025-03-03', '2025-03-05', '2025-03-10']);
    // Last Fridays: 30 Jan 2026, 27 Mar 2026, 29 May 2026.
    expect(byName('Audit')).toEqual(['2026-01-30', '2026-03-27', '2026-05-29']);
  });

  it('resolves derived calendars: no own days → inherit; some own days → base week with those replaced', () => {
    const cals = [
      calendar(1, 'Standard'),
      calendar(2, 'Inherits', { base: 1 }),
      calendar(3, 'Saturdays too', { base: 1, weekDays: `<WeekDays><WeekDay><DayType>7</DayType><DayWorking>1</DayWorking>${workingTimes(['08:00:00', '12:00:00'])}</WeekDay></WeekDays>` }),
      calendar(4, 'Orphan', { base: 99 }),
    ].join('');
    const s = read(mspdi({ calendars: cals }));
    const [, inherits, saturdays, orphan] = s.calendars;
    expect(inherits).toMatchObject({ baseCalendarId: '1', workWeek: [] });
    expect(saturdays.baseCalendarId).toBe('1');
    expect(saturdays.workWeek[6]).toEqual([[480, 720]]);
    expect(saturdays.workWeek[1]).toEqual([
      [480, 720],
      [780, 1020],
    ]);
    expect(saturdays.workWeek[0]).toEqual([]);
    expect(orphan.baseCalendarId).toBeUndefined();
    expect(orphan.workWeek).toHaveLength(7);
    expect(warningsOf(s)).toMatch(/based on calendar UID 99, which is not in the file/);
  });

  it('turns alternate work weeks into exceptions on the days they differ', () => {
    // 2025-06-02 (Mon) .. 2025-06-08 (Sun): Friday off, Saturday 08–12; other days as usual.
    const ww = `<WorkWeek><TimePeriod><FromDate>2025-06-02T00:00:00</FromDate><ToDate>2025-06-08T23:59:00</ToDate></TimePeriod><Name>Summer</Name><WeekDays>
      <WeekDay><DayType>6</DayType><DayWorking>0</DayWorking></WeekDay>
      <WeekDay><DayType>7</DayType><DayWorking>1</DayWorking>${workingTimes(['08:00:00', '12:00:00'])}</WeekDay>
      <WeekDay><DayType>2</DayType><DayWorking>1</DayWorking>${workingTimes(['08:00:00', '12:00:00'], ['13:00:00', '17:00:00'])}</WeekDay></WeekDays></WorkWeek>`;
    const c = read1(calendar(1, 'Standard', { workWeeks: ww }));
    expect(c.exceptions).toEqual([
      { date: '2025-06-06', intervals: [], name: 'Summer' },
      { date: '2025-06-07', intervals: [[480, 720]], name: 'Summer' },
    ]);
  });
});

describe('resources, assignments and time-phased data', () => {
  const doc = mspdi({
    tasks: [task({ UID: 1, ID: 1, OutlineLevel: 1 }), task({ UID: 2, ID: 2, OutlineLevel: 1 })].join(''),
    resources: [
      '<Resource><UID>0</UID><ID>0</ID><Type>1</Type></Resource>',
      '<Resource><UID>1</UID><ID>1</ID><Name>Fitter</Name><Type>1</Type><Initials>FT</Initials><StandardRate>45.5</StandardRate><CalendarUID>1</CalendarUID></Resource>',
      '<Resource><UID>2</UID><ID>2</ID><Name>Cement</Name><Type>0</Type><MaterialLabel>t</MaterialLabel><StandardRate>120</StandardRate><CostPerUse>5000</CostPerUse></Resource>',
      '<Resource><UID>3</UID><ID>3</ID><Name>Travel</Name><Type>2</Type></Resource>',
      '<Resource><UID>4</UID><ID>4</ID><Name>Permit</Name><Type>0</Type><IsCostResource>1</IsCostResource></Resource>',
    ].join(''),
    assignments: [
      `<Assignment><UID>7</UID><TaskUID>1</TaskUID><ResourceUID>1</ResourceUID><Work>PT40H0M0S</Work><ActualWork>PT10H0M0S</ActualWork><RemainingWork>PT30H0M0S</RemainingWork><Cost>182000</Cost><ActualCost>45500</ActualCost><RemainingCost>136500</RemainingCost>` +
        baseline(0, { Work: 'PT36H0M0S', Cost: 163800 }) +
        timephased(4, 7, '2025-01-06T08:00:00', '2025-01-07T08:00:00', 'PT8H0M0S') +
        timephased(5, 7, '2025-01-06T08:00:00', '2025-01-07T08:00:00', '36400') +
        timephased(2, 7, '2025-01-06T08:00:00', '2025-01-07T08:00:00', 'PT6H30M0S') +
        timephased(6, 7, '2025-01-06T08:00:00', '2025-01-07T08:00:00', '29575') +
        timephased(2, 7, '2025-01-07T08:00:00', '2025-01-08T08:00:00') +
        timephased(1, 7, '2025-01-08T08:00:00', '2025-01-09T08:00:00', 'PT8H0M0S') +
        timephased(17, 7, '2025-01-06T08:00:00', '2025-01-07T08:00:00', '100') +
        `</Assignment>`,
      '<Assignment><UID>8</UID><TaskUID>2</TaskUID><ResourceUID>-65535</ResourceUID><Cost>5000</Cost></Assignment>',
      '<Assignment><UID>9</UID><TaskUID>2</TaskUID><ResourceUID>2</ResourceUID><Work>PT3H0M0S</Work><Cost>41000</Cost></Assignment>',
    ].join(''),
  });

  it('maps resource types and rates (StandardRate per hour, not in hundredths); skips the UID 0 placeholder', () => {
    const s = read(doc);
    expect(s.resources).toEqual([
      { id: '1', code: 'FT', name: 'Fitter', type: 'labour', rate: 45.5, calendarId: '1' },
      // Cost per use has no field of its own: with no Rates element, table A is the resource's own fields.
      { id: '2', code: '2', name: 'Cement', type: 'material', rate: 120, unit: 't', costRates: [{ table: 0, standardRate: 120, overtimeRate: 0, costPerUse: 50 }] },
      { id: '3', code: '3', name: 'Travel', type: 'nonlabour' },
      { id: '4', code: '4', name: 'Permit', type: 'nonlabour' },
    ]);
    const cement = parseMspdiDocument(bytes(doc)).resources.find((r) => r.uid === 2);
    expect(cement?.costPerUse).toBe(50); // 5000 hundredths
  });

  it('maps assignments (budget from Baseline 0) and skips unassigned ones', () => {
    const s = read(doc);
    expect(s.assignments.map(({ timephased: _t, ...a }) => a)).toEqual([
      { id: '7', activityId: '1', resourceId: '1', budgetUnits: 36, actualUnits: 10, remainingUnits: 30, budgetCost: 1638, actualCost: 455, remainingCost: 1365 },
      { id: '9', activityId: '2', resourceId: '2', budgetUnits: 3, actualUnits: 0, remainingUnits: 3, budgetCost: 410, actualCost: 0, remainingCost: 410 },
    ]);
  });

  it('keeps baseline/actual work and cost records (work in hours, cost ÷ 100) and counts the rest', () => {
    const s = read(doc);
    expect(s.assignments[0].timephased).toEqual([
      { kind: 'baseline-units', start: '2025-01-06T08:00', finish: '2025-01-07T08:00', value: 8 },
      { kind: 'baseline-cost', start: '2025-01-06T08:00', finish: '2025-01-07T08:00', value: 364 },
      { kind: 'actual-units', start: '2025-01-06T08:00', finish: '2025-01-07T08:00', value: 6.5 },
      { kind: 'actual-cost', start: '2025-01-06T08:00', finish: '2025-01-07T08:00', value: 295.75 },
    ]);
    expect(warningsOf(s)).toMatch(/1 remaining work, 1 assignment baseline 1 cost/);
    const d = parseMspdiDocument(bytes(doc));
    expect(d.timephasedRecords).toBe(7);
    expect(d.assignments[0].timephased.find((t) => t.type === 17)?.value).toBe(1); // cost type: ÷ 100
  });
});

describe('progress and cancellation', () => {
  const big = mspdi({ tasks: Array.from({ length: 6000 }, (_, i) => task({ UID: i + 1, ID: i + 1, Name: `Task ${i + 1} ${'x'.repeat(200)}`, OutlineLevel: 1 })).join('') });

  it('reports progress about every megabyte, ending with done', () => {
    const seen: ImportProgress[] = [];
    const b = bytes(big);
    readMspdi(b, { onProgress: (p) => seen.push(p) });
    const parsing = seen.filter((p) => p.phase === 'parsing');
    expect(b.length).toBeGreaterThan(1.5e6);
    expect(parsing.length).toBeGreaterThanOrEqual(Math.floor(b.length / 2 ** 20));
    for (let i = 1; i < parsing.length; i++) expect(parsing[i].bytesRead).toBeGreaterThanOrEqual(parsing[i - 1].bytesRead);
    expect(seen[0].phase).toBe('reading');
    expect(seen[seen.length - 1]).toMatchObject({ phase: 'done', bytesRead: b.length, totalBytes: b.length });
  });

  it('stops with ImportCancelled when asked', () => {
    let polls = 0;
    expect(() => readMspdi(bytes(big), { isCancelled: () => ++polls > 1 })).toThrow(ImportCancelled);
    expect(polls).toBe(2);
  });
});
