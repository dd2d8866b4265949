/**
 * Small hand-written PMXML documents for the edge-case tests, shaped like P6 Professional's export
 * (same element names and nesting as the corpus files in shared/samples/schedules/other/).
 */
import fs from 'node:fs';
import path from 'node:path';

export const SAMPLES = path.resolve(__dirname, '../../../..', '..', 'shared/samples/schedules');
export const OTHER = path.join(SAMPLES, 'other');
export const XER_DIR = path.join(SAMPLES, 'xer');
export const samplesPresent = fs.existsSync(OTHER);

export const utf8 = (s: string) => new TextEncoder().encode(s);

export const NS = 'http://xmlns.oracle.com/Primavera/P6Professional/V20.12/API/BusinessObjects';

export function doc(body: string, ns = NS): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<APIBusinessObjects xmlns="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${body}\n</APIBusinessObjects>\n`;
}

export const CURRENCY = '<Currency><ExchangeRate>1</ExchangeRate><Id>EUR</Id><ObjectId>1</ObjectId></Currency>';

export const CALENDAR = `<Calendar><HoursPerDay>8</HoursPerDay><IsDefault>1</IsDefault><Name>Std</Name><ObjectId>10</ObjectId><Type>Global</Type>
  <StandardWorkWeek>
    <StandardWorkHours><DayOfWeek>Sunday</DayOfWeek><WorkTime xsi:nil="true"/></StandardWorkHours>
    <StandardWorkHours><DayOfWeek>Monday</DayOfWeek><WorkTime><Start>08:00:00</Start><Finish>11:59:00</Finish></WorkTime><WorkTime><Start>13:00:00</Start><Finish>16:59:00</Finish></WorkTime></StandardWorkHours>
    <StandardWorkHours><DayOfWeek>Saturday</DayOfWeek><WorkTime xsi:nil="true"/></StandardWorkHours>
  </StandardWorkWeek>
  <HolidayOrExceptions>
    <HolidayOrException><Date>2024-12-25T00:00:00</Date><WorkTime xsi:nil="true"/></HolidayOrException>
    <HolidayOrException><Date>2024-12-24T00:00:00</Date><WorkTime><Start>08:00:00</Start><Finish>11:59:00</Finish></WorkTime></HolidayOrException>
  </HolidayOrExceptions>
</Calendar>`;

export interface ActivitySpec {
  id: string;
  code: string;
  name?: string;
  wbs?: string;
  extra?: string;
}

export function activity(a: ActivitySpec): string {
  return `<Activity><CalendarObjectId>10</CalendarObjectId><Id>${a.code}</Id><Name>${a.name ?? a.code}</Name><ObjectId>${a.id}</ObjectId>
    <PercentCompleteType>Physical</PercentCompleteType><PhysicalPercentComplete>0.5</PhysicalPercentComplete>
    <PlannedDuration>40</PlannedDuration><PlannedStartDate>2024-06-03T08:00:00</PlannedStartDate><PlannedFinishDate>2024-06-07T17:00:00</PlannedFinishDate>
    <StartDate>2024-06-03T08:00:00</StartDate><FinishDate>2024-06-07T17:00:00</FinishDate><Type>Task Dependent</Type>
    ${a.wbs ? `<WBSObjectId>${a.wbs}</WBSObjectId>` : '<WBSObjectId xsi:nil="true"/>'}${a.extra ?? ''}</Activity>`;
}

export function project(opts: { id?: string; code?: string; name?: string; body?: string; extra?: string } = {}): string {
  const id = opts.id ?? '100';
  return `<Project><ActivityDefaultCalendarObjectId>10</ActivityDefaultCalendarObjectId><DataDate>2024-06-05T00:00:00</DataDate>
  <Id>${opts.code ?? 'PRJ1'}</Id><Name>${opts.name ?? 'Test project'}</Name><ObjectId>${id}</ObjectId><WBSObjectId>${id}0</WBSObjectId>${opts.extra ?? ''}
  ${opts.body ?? ''}
</Project>`;
}

/** A one-project, two-activity document used by many tests. */
export function simpleDoc(extraBody = '', extraGlobal = ''): string {
  return doc(
    `${CURRENCY}${CALENDAR}${extraGlobal}` +
      project({
        body:
          activity({ id: '1', code: 'A1000', name: 'First' }) +
          activity({ id: '2', code: 'A1010', name: 'Second' }) +
          `<Relationship><Lag>8</Lag><ObjectId>900</ObjectId><PredecessorActivityObjectId>1</PredecessorActivityObjectId><SuccessorActivityObjectId>2</SuccessorActivityObjectId><Type>Start to Start</Type></Relationship>` +
          extraBody,
      }),
  );
}

export const readSample = (folder: string, file: string) => new Uint8Array(fs.readFileSync(path.join(folder, file)));
