/**
 * The small conversions the PMXML reader rests on: numbers (decimal commas), dates, P6's display
 * strings, calendar times in P6's "last working minute" notation, and byte decoding.
 */
import { describe, expect, it } from 'vitest';
import { decodeXmlBytes } from '../../../../src/core/import/pmxml/decode';
import { toCalendar } from '../../../../src/core/import/pmxml/calendars';
import { constraintType, evTechniqueOf, fraction, lagCalendar, parseDate, parseNumber, relationshipType, timeOfDay } from '../../../../src/core/import/pmxml/values';
import { WarningLog } from '../../../../src/core/import/pmxml/warnings';
import { parseXml, kid } from '../../../../src/core/import/pmxml/xmlTree';

describe('parseNumber', () => {
  it.each([
    ['1234.5', 1234.5],
    ['-40', -40],
    ['29999,9999', 29999.9999], // corpus: aspose_PrimaveraProject.pmxml.xml
    ['213,334', 213.334], // one comma is a decimal point, even before three digits
    ['1,234,567', 1234567], // several comma groups of three: thousands
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['66.0000000000000066', 66], // as P6 writes float noise (BaselineProjects RemainingDuration)
    [' 7 ', 7],
  ])('%s → %d', (raw, value) => expect(parseNumber(raw)).toBe(value));

  it.each(['', 'abc', '1e', 'NaN', 'Infinity'])('%j is not a number', (raw) => expect(parseNumber(raw)).toBeUndefined());
});

describe('parseDate', () => {
  it.each([
    ['2023-03-08T08:00:00', '2023-03-08T08:00'],
    ['2023-03-08T08:00', '2023-03-08T08:00'],
    ['2023-03-08', '2023-03-08T00:00'],
    ['2021-05-17T22:00:00.000', '2021-05-17T22:00'],
    ['2021-05-17T22:00:00Z', '2021-05-17T22:00'], // wall-clock: the zone is dropped, not applied
    ['2021-05-17T22:00:00+02:00', '2021-05-17T22:00'],
  ])('%s → %s', (raw, value) => expect(parseDate(raw)).toBe(value));

  it.each(['2024-02-30T08:00:00', '2024-13-01', '08/03/2023', 'soon'])('%s is not a date', (raw) => expect(parseDate(raw)).toBeUndefined());
});

describe('P6 display strings', () => {
  it('maps relationship types, lag calendars and constraints to the XER reader\'s values', () => {
    expect(['Finish to Start', 'Start to Start', 'Finish to Finish', 'Start to Finish'].map(relationshipType)).toEqual(['FS', 'SS', 'FF', 'SF']);
    expect(['Predecessor Activity Calendar', '24 Hour Calendar', 'Project Default Calendar'].map(lagCalendar)).toEqual(['predecessor', '24h', 'project']);
    expect(constraintType('Start On or After')).toBe('start-on-or-after');
    expect(constraintType('Mandatory Finish')).toBe('mandatory-finish');
    expect(constraintType('Something New')).toBe('Something New');
  });

  it('maps EV techniques: 0/100 and 50/50 fixed, activity % complete default, others reported', () => {
    expect(evTechniqueOf('0 / 100')).toEqual({ kind: 'fixed', startShare: 0 });
    expect(evTechniqueOf('50 / 50')).toEqual({ kind: 'fixed', startShare: 0.5 });
    expect(evTechniqueOf('Activity Percent Complete')).toBeUndefined();
    expect(evTechniqueOf('WBS Milestones Percent Complete')).toBe('WBS Milestones Percent Complete');
  });

  it('keeps fractions in 0..1 and reads values above 1 as percentages', () => {
    expect(fraction(0.896103896103896)).toBe(0.896103896103896);
    expect(fraction(25)).toBe(0.25);
    expect(fraction(-0.1)).toBe(0);
  });

  it('reads times of day', () => {
    expect(timeOfDay('08:00:00')).toBe(480);
    expect(timeOfDay('24:00')).toBe(1440);
    expect(timeOfDay('25:00')).toBeUndefined();
  });
});

describe('toCalendar', () => {
  const calendar = (week: string, extra = '') =>
    kid(parseXml(`<APIBusinessObjects><Calendar><Name>C</Name><ObjectId>1</ObjectId>${extra}<StandardWorkWeek>${week}</StandardWorkWeek></Calendar></APIBusinessObjects>`), 'APIBusinessObjects') ?? {};

  it('adds back P6\'s last minute (11:59 → 12:00, 23:59 → 24:00) but leaves a true end alone', () => {
    const node = kid(
      calendar(
        '<StandardWorkHours><DayOfWeek>Monday</DayOfWeek><WorkTime><Start>08:00:00</Start><Finish>11:59:00</Finish></WorkTime><WorkTime><Start>12:30:00</Start><Finish>15:29:00</Finish></WorkTime></StandardWorkHours>' +
          '<StandardWorkHours><DayOfWeek>Tuesday</DayOfWeek><WorkTime><Start>00:00:00</Start><Finish>23:59:00</Finish></WorkTime></StandardWorkHours>' +
          '<StandardWorkHours><DayOfWeek>Wednesday</DayOfWeek><WorkTime><Start>08:00:00</Start><Finish>17:00:00</Finish></WorkTime></StandardWorkHours>',
      ),
      'Calendar',
    );
    const cal = toCalendar(node ?? {}, new WarningLog());
    expect(cal?.workWeek.slice(1, 4)).toEqual([[[480, 720], [750, 930]], [[0, 1440]], [[480, 1020]]]);
    // Thursday/Friday missing → P6 defaults; Saturday/Sunday missing → off.
    expect(cal?.workWeek[4]).toEqual([[480, 720], [780, 1020]]);
    expect(cal?.workWeek[0]).toEqual([]);
    // Hours per day not stated: the average working day of the week (4 + 3, 24, 9, 8, 8 h).
    expect(cal?.hoursPerDay).toBeCloseTo((4 + 3 + 24 + 9 + 8 + 8) / 5, 9);
  });

  it('inherits the base calendar\'s week when it has none of its own', () => {
    const node = kids0('<APIBusinessObjects><Calendar><BaseCalendarObjectId>5</BaseCalendarObjectId><Name>D</Name><ObjectId>2</ObjectId></Calendar></APIBusinessObjects>');
    expect(toCalendar(node, new WarningLog())).toMatchObject({ id: '2', baseCalendarId: '5', workWeek: [] });
  });
});

function kids0(xml: string) {
  return kid(kid(parseXml(xml), 'APIBusinessObjects'), 'Calendar') ?? {};
}

describe('decodeXmlBytes', () => {
  it('strips a UTF-8 byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<a>Тест</a>')]);
    expect(decodeXmlBytes(bytes)).toEqual({ text: '<a>Тест</a>', encoding: 'utf-8' });
  });

  it('recognises UTF-16 big-endian without a byte-order mark from "<?"', () => {
    const s = '<?xml version="1.0"?><a>Ж</a>';
    const bytes = new Uint8Array(s.length * 2);
    for (let i = 0; i < s.length; i++) {
      bytes[i * 2] = s.charCodeAt(i) >> 8;
      bytes[i * 2 + 1] = s.charCodeAt(i) & 0xff;
    }
    expect(decodeXmlBytes(bytes)).toMatchObject({ text: s, encoding: 'utf-16be' });
  });

  it('refuses UTF-32', () => {
    expect(() => decodeXmlBytes(new Uint8Array([0xff, 0xfe, 0, 0, 0x3c, 0, 0, 0]), 'x.xml')).toThrow(/x\.xml: The file is encoded as UTF-32/);
  });
});

describe('WarningLog', () => {
  it('lists a repeated problem ten times, then counts the rest', () => {
    const log = new WarningLog();
    for (let i = 0; i < 25; i++) log.add(`bad date in row ${i}`, `row ${i}`, 'bad-date');
    const out = log.toArray();
    expect(out).toHaveLength(11);
    expect(out[10].message).toBe('…and 15 more like this: "bad date in row 0"');
  });
});
