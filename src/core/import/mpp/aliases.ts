/**
 * Custom field aliases: the names a user gave Cost1, Text1… (Project ▸ Custom Fields ▸ Rename),
 * which MS Project's XML export writes as ExtendedAttribute/Alias. Two layouts:
 *
 * - MPP9 (Project 2000–2003): project Props 1048577 (tasks) and 1048578 (resources) hold one
 *   NUL-terminated UTF-16 string per field, empty when not renamed, in a fixed order; the task
 *   positions of the fields Earnest reads are in `MPP9_TASK_POSITIONS`. (Later entries of the list
 *   are not always strings, so only known positions are used.)
 * - MPP12/14 (Project 2007 and later): Props 71303169 of TBkndTask, TBkndRsc and TBkndAssn starts
 *   with an alias block: u32 size (the bytes that follow it), u32 size again, u32 count, then
 *   `count` × (u32 field ID, u32 offset), each alias a NUL-terminated UTF-16 string at offset + 4
 *   (offsets count from after the first size). The field ID is MSPDI's FieldID (0x0B40xxxx for
 *   tasks, 0x0C40xxxx resources, 0x0F40xxxx assignments), so it needs no table.
 *
 * Learned from MPXJ's readers (CustomFieldReader12/14, MPP9Reader's field alias table); our code.
 * Every read is bounded by the block's own size and the data's length: a damaged block gives
 * fewer aliases, never an exception or a long loop.
 */
import { Bytes, utf16String } from './blocks';

/** Props keys that hold aliases. */
export const ALIAS_KEYS = {
  /** MPP9 project Props: task field aliases. */
  mpp9Task: 1048577,
  /** MPP9 project Props: resource field aliases (resource custom values are not read yet). */
  mpp9Resource: 1048578,
  /** MPP12/14 Props of TBkndTask, TBkndRsc, TBkndAssn: the custom field block, aliases first. */
  customFields: 71303169,
} as const;

/** An alias is a field name a person typed: MS Project allows up to 50 characters. */
const MAX_ALIAS = 255;
/** More aliases than MS Project has custom fields means the count is not a count. */
const MAX_ALIASES = 2000;

function cleanAlias(s: string): string | undefined {
  // Control characters are not typed by people (MPP9 lists carry stray ones past the names).
  const t = s.trim();
  if (!t || t.length > MAX_ALIAS) return undefined;
  for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) < 0x20) return undefined;
  return t;
}

/** MPP12/14: field ID → alias from a Props 71303169 value. */
export function readAliasBlock(data: Uint8Array | undefined): Map<number, string> {
  const out = new Map<number, string>();
  if (!data || data.length < 12) return out;
  const b = new Bytes(data);
  const end = Math.min(4 + b.u32(0), data.length);
  const count = Math.min(b.u32(8), MAX_ALIASES);
  for (let i = 0, p = 12; i < count && p + 8 <= end; i++, p += 8) {
    const fieldId = b.u32(p);
    const at = b.u32(p + 4) + 4;
    if (at >= data.length) continue;
    const alias = cleanAlias(utf16String(data, at, Math.min(data.length, at + 2 * (MAX_ALIAS + 1))));
    if (alias) out.set(fieldId, alias);
  }
  return out;
}

/** MPP9: position in the task alias list → field name, for the custom fields Earnest reads. */
const MPP9_TASK_POSITIONS: [position: number, field: string][] = [
  ...Array.from({ length: 10 }, (_, n) => [118 + n, `Text${n + 1}`] as [number, string]),
  ...Array.from({ length: 10 }, (_, n) => [128 + 2 * n, `Start${n + 1}`] as [number, string]),
  ...Array.from({ length: 10 }, (_, n) => [129 + 2 * n, `Finish${n + 1}`] as [number, string]),
  ...Array.from({ length: 10 }, (_, n) => [149 + n, `Number${n + 1}`] as [number, string]),
  ...Array.from({ length: 10 }, (_, n) => [159 + 2 * n, `Duration${n + 1}`] as [number, string]),
  ...Array.from({ length: 10 }, (_, n) => [184 + n, `Date${n + 1}`] as [number, string]),
  ...Array.from({ length: 20 }, (_, n) => [194 + n, `Text${n + 11}`] as [number, string]),
  ...Array.from({ length: 10 }, (_, n) => [214 + n, `Number${n + 11}`] as [number, string]),
  ...Array.from({ length: 10 }, (_, n) => [278 + n, `Cost${n + 1}`] as [number, string]),
];
const MPP9_LAST_POSITION = 287;

/** MPP9: task field name (Cost1, Text12…) → alias, from the project Props 1048577 value. */
export function readMpp9TaskAliases(data: Uint8Array | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!data) return out;
  const byPosition = new Map<number, string>();
  let p = 0;
  for (let i = 0; i <= MPP9_LAST_POSITION && p + 1 < data.length; i++) {
    const s = utf16String(data, p, data.length);
    byPosition.set(i, s);
    p += (s.length + 1) * 2;
  }
  for (const [position, field] of MPP9_TASK_POSITIONS) {
    const alias = cleanAlias(byPosition.get(position) ?? '');
    if (alias) out.set(field, alias);
  }
  return out;
}
