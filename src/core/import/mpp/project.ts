/**
 * Project-level data: the project Props (settings) and the OLE SummaryInformation property set
 * (title, author), → `MspdiProject`.
 */
import type { MspdiProject } from '../mspdi/document';
import { Bytes, type Props } from './blocks';
import { timestampAt } from './values';

/**
 * Project Props keys (MS Project's numbering, as MPXJ documents them).
 *
 * MS Project's current date (Project ▸ Project Information ▸ Current date) is not among them, and
 * not anywhere else in the file that we could find: in every .mpp of the corpus the only
 * timestamps in the Props are the project start/finish, status date, baseline dates, creation
 * (37748742) and last save (37748743, again at 37753777); the creation date matches the XML
 * twin's CreationDate to the minute in 13 of the 14 twin pairs. Each XML twin's CurrentDate is
 * the day that XML was written (its LastSaved day) at 08:00, i.e. the "today" MS Project sets
 * when it opens a plan, not a value kept with the plan. So `currentDate` stays undefined for an
 * .mpp (the status date rule then goes by the file's actual dates; see model/statusDate.ts)
 * rather than being invented from the save date. (tests/unit/import/mpp/currentDate.test.ts)
 */
export const P = {
  startDate: 37748738,
  finishDate: 37748739,
  defaultCalendarName: 37748750,
  defaultCalendarHours: 37753736,
  currencySymbol: 37748752,
  minutesPerDay: 37748765,
  minutesPerWeek: 37748766,
  guid: 37748777,
  statusDate: 37748805,
  daysPerMonth: 37753743,
  currencyCode: 37753787,
  passwordFlag: 893386752,
  protectionPasswordHash: 893386756,
  encryptionCode: 893386759,
} as const;

function guidText(raw: Uint8Array | undefined): string | undefined {
  if (!raw || raw.length < 16) return undefined;
  if (raw.length > 16) {
    // MPP9 stores "{xxxxxxxx-…}" as UTF-16 text.
    const s = new TextDecoder('utf-16le').decode(raw.subarray(0, 76));
    const m = /^\{([0-9A-Fa-f-]{36})\}/.exec(s);
    if (m) return m[1].toUpperCase();
  }
  const h = (i: number) => raw[i].toString(16).padStart(2, '0');
  const g = [3, 2, 1, 0, -1, 5, 4, -1, 7, 6, -1, 8, 9, -1, 10, 11, 12, 13, 14, 15].map((i) => (i < 0 ? '-' : h(i))).join('');
  return /^[0-]+$/.test(g) ? undefined : g.toUpperCase();
}

/** What `readProject` needs of a Props block (Props9+ in ./blocks.ts, Project 98's in ./mpp8.ts). */
export type ProjectProps = Pick<Props, 'bytes' | 'at' | 'raw' | 'string' | 'i32' | 'u16'>;

export function readProject(props: ProjectProps, summary: SummaryInfo, version: number, appVersion: number): MspdiProject {
  const at = (key: number) => {
    const o = props.at(key);
    return o === undefined ? undefined : timestampAt(props.bytes, o);
  };
  const code = props.string(P.currencyCode);
  return {
    name: summary.title,
    title: summary.title,
    guid: guidText(props.raw(P.guid)),
    author: summary.author,
    company: summary.company,
    saveVersion: version >= 14 ? 14 : version,
    buildNumber: appVersion ? `${appVersion}.0` : undefined,
    currencyCode: code && /^[A-Z]{3}$/.test(code) ? code : undefined,
    currencySymbol: props.string(P.currencySymbol),
    startDate: at(P.startDate),
    finishDate: at(P.finishDate),
    statusDate: at(P.statusDate),
    minutesPerDay: props.i32(P.minutesPerDay),
    minutesPerWeek: props.i32(P.minutesPerWeek),
    daysPerMonth: props.u16(P.daysPerMonth),
  };
}

export interface SummaryInfo {
  title?: string;
  author?: string;
  company?: string;
}

/**
 * The OLE property set streams (\x05SummaryInformation: 2 title, 4 author;
 * \x05DocumentSummaryInformation: 15 company). Strings are VT_LPSTR (30) in the set's code page
 * (property 1; 1200 = UTF-16) or VT_LPWSTR (31).
 */
export function readPropertySet(data: Uint8Array | undefined): Map<number, string> {
  const out = new Map<number, string>();
  if (!data || data.length < 48) return out;
  const b = new Bytes(data);
  const section = b.u32(44);
  if (section + 8 > data.length) return out;
  const count = Math.min(b.u32(section + 4), 1000);
  let codePage = 1252;
  const values: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const p = section + 8 + i * 8;
    if (p + 8 > data.length) break;
    const id = b.u32(p);
    const at = section + b.u32(p + 4);
    if (at + 8 > data.length) continue;
    if (id === 1 && b.u32(at) === 2) codePage = b.u16(at + 4);
    else values.push([id, at]);
  }
  for (const [id, at] of values) {
    const type = b.u32(at);
    const len = b.u32(at + 4);
    const start = at + 8;
    if (type === 30 && start + len <= data.length) {
      const raw = data.subarray(start, start + len);
      const text = codePage === 1200 ? new TextDecoder('utf-16le').decode(raw) : codePage === 65001 ? new TextDecoder('utf-8').decode(raw) : new TextDecoder('windows-1252').decode(raw);
      out.set(id, text.replace(/\0+$/, ''));
    } else if (type === 31 && start + len * 2 <= data.length) {
      out.set(id, new TextDecoder('utf-16le').decode(data.subarray(start, start + len * 2)).replace(/\0+$/, ''));
    }
  }
  return out;
}
