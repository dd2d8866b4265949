/**
 * Hand-written MSPDI for the mapping and error tests: just enough of MS Project's XML to state
 * one fact per test, in the element names and units MS Project uses (money in hundredths, work
 * as PT…H…M…S, lags in tenths of a minute).
 */
export const NS = 'http://schemas.microsoft.com/project';

type Fields = Record<string, string | number | undefined>;

/** `<Name>value</Name>` for each defined field, in the given order. */
export function fields(f: Fields): string {
  return Object.entries(f)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('');
}

export interface TaskSpec extends Fields {
  UID: number;
}

export function task(f: TaskSpec, inner = ''): string {
  return `<Task>${fields(f)}${inner}</Task>`;
}

export function link(pred: number, type = 1, lag = 0, format = 7, extra = ''): string {
  return `<PredecessorLink><PredecessorUID>${pred}</PredecessorUID><Type>${type}</Type><CrossProject>0</CrossProject><LinkLag>${lag}</LinkLag><LagFormat>${format}</LagFormat>${extra}</PredecessorLink>`;
}

export function baseline(n: number, f: Fields): string {
  return `<Baseline><Number>${n}</Number>${fields(f)}</Baseline>`;
}

export function timephased(type: number, uid: number, start: string, finish: string, value?: string): string {
  return `<TimephasedData><Type>${type}</Type><UID>${uid}</UID><Start>${start}</Start><Finish>${finish}</Finish><Unit>2</Unit>${value === undefined ? '' : `<Value>${value}</Value>`}</TimephasedData>`;
}

export const workingTimes = (...pairs: [string, string][]) =>
  `<WorkingTimes>${pairs.map(([a, b]) => `<WorkingTime><FromTime>${a}</FromTime><ToTime>${b}</ToTime></WorkingTime>`).join('')}</WorkingTimes>`;

/** A calendar with MS Project's standard week (Mon–Fri 08–12, 13–17) unless `weekDays` is given. */
export function calendar(uid: number, name: string, inner?: { base?: number; weekDays?: string; exceptions?: string; workWeeks?: string }): string {
  const std = workingTimes(['08:00:00', '12:00:00'], ['13:00:00', '17:00:00']);
  const week =
    inner?.weekDays ??
    (inner?.base !== undefined
      ? ''
      : `<WeekDays>${[1, 2, 3, 4, 5, 6, 7].map((d) => `<WeekDay><DayType>${d}</DayType><DayWorking>${d === 1 || d === 7 ? 0 : 1}</DayWorking>${d === 1 || d === 7 ? '' : std}</WeekDay>`).join('')}</WeekDays>`);
  return `<Calendar><UID>${uid}</UID><Name>${name}</Name><IsBaseCalendar>${inner?.base === undefined ? 1 : 0}</IsBaseCalendar><BaseCalendarUID>${inner?.base ?? -1}</BaseCalendarUID>${week}${inner?.exceptions ? `<Exceptions>${inner.exceptions}</Exceptions>` : ''}${inner?.workWeeks ? `<WorkWeeks>${inner.workWeeks}</WorkWeeks>` : ''}</Calendar>`;
}

export interface DocSpec {
  project?: Fields;
  calendars?: string;
  tasks?: string;
  resources?: string;
  assignments?: string;
  extendedAttributes?: string;
}

export function mspdi(spec: DocSpec = {}): string {
  const project = { SaveVersion: 14, Name: 'test.xml', Title: 'Test project', CurrencyCode: 'GBP', CalendarUID: 1, MinutesPerDay: 480, ...spec.project };
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="${NS}">${fields(project)}` +
    (spec.extendedAttributes ? `<ExtendedAttributes>${spec.extendedAttributes}</ExtendedAttributes>` : '') +
    `<Calendars>${spec.calendars ?? calendar(1, 'Standard')}</Calendars>` +
    `<Tasks>${task({ UID: 0, ID: 0, Name: 'Project summary', OutlineLevel: 0, Summary: 1 })}${spec.tasks ?? ''}</Tasks>` +
    `<Resources>${spec.resources ?? ''}</Resources><Assignments>${spec.assignments ?? ''}</Assignments></Project>`
  );
}

export const bytes = (s: string) => new TextEncoder().encode(s);
