/**
 * Activity codes and user-defined fields.
 *
 * Codes: dictionaries are `ActivityCodeType` (the code, e.g. "Phase") and `ActivityCode` (its
 * values, e.g. "DES – Design"), global or inside a `Project`. Activities name their values
 * either with `Activity/Code` children (`TypeObjectId` + `ValueObjectId`, P6 Professional) or with
 * `ActivityCodeAssignment` elements (`ActivityObjectId` + `ActivityCodeObjectId`, P6 EPPM); both
 * are read. In the model, `Activity.codes` maps the code type id to the value id, and
 * `CodeType.values` maps that value id to its code and description (as the roll-ups expect).
 *
 * UDFs: `UDFType` defines a field (title, subject area, data type); values come as
 * `Activity/UDF` (`TypeObjectId` + `TextValue`/`DoubleValue`/…) or `UDFValue` elements
 * (`UDFTypeObjectId` + `ForeignObjectId` + `Text`/`Double`/…). Only activity fields have a place
 * in the model; project, WBS and resource UDFs are left out.
 */
import type { CodeType } from '../../model/schedule';
import { field, kids, text, type XmlNode } from './xmlTree';
import { parseDate, parseNumber, squash } from './values';
import { CONTROL_ACCOUNT_CODE } from '../xer/p6codes';

export interface CodeBook {
  types: CodeType[];
  /** Value id → its type id (to place an assignment that names only the value). */
  typeOfValue: Map<string, string>;
  /** The code type P6 users keep control accounts in, if any. */
  controlAccountTypeId?: string;
  /** Assignments naming a code value missing from the dictionaries (counted, then reported). */
  unknownValues: number;
}

/** Code dictionaries visible to one project: global ones plus the project's own. */
export function codeBook(globalTypes: XmlNode[], globalValues: XmlNode[], project: XmlNode): CodeBook {
  const projectId = text(project, 'ObjectId');
  const types = new Map<string, CodeType>();
  for (const t of [...globalTypes, ...kids(project, 'ActivityCodeType')]) {
    const id = text(t, 'ObjectId');
    if (!id) continue;
    // A project-scoped type of another project (possible in multi-project files) is not ours.
    const owner = text(t, 'ProjectObjectId');
    if (owner && projectId && owner !== projectId) continue;
    types.set(id, { id, name: text(t, 'Name') ?? `Code ${id}`, values: {} });
  }
  const typeOfValue = new Map<string, string>();
  for (const v of [...globalValues, ...kids(project, 'ActivityCode')]) {
    const id = text(v, 'ObjectId');
    const typeId = text(v, 'CodeTypeObjectId');
    const type = typeId ? types.get(typeId) : undefined;
    if (!id || !typeId || !type) continue;
    const value: CodeType['values'][string] = { code: text(v, 'CodeValue') ?? id };
    const description = text(v, 'Description');
    if (description) value.description = description;
    const parentId = text(v, 'ParentObjectId');
    if (parentId) value.parentId = parentId;
    type.values[id] = value;
    typeOfValue.set(id, typeId);
  }
  const list = [...types.values()];
  // "Control Account", "CA", "CAM"…: the XER reader's rule, so both formats agree.
  const ca = list.find((t) => CONTROL_ACCOUNT_CODE.test(t.name));
  return { types: list, typeOfValue, controlAccountTypeId: ca?.id, unknownValues: 0 };
}

/**
 * Records one code assignment. The value decides the type (a value belongs to exactly one type),
 * so a stray or missing type id cannot misfile it; a value missing from the dictionaries is
 * counted and ignored, as the XER reader does.
 */
function assign(codes: Record<string, string>, valueId: string | undefined, book: CodeBook): void {
  if (!valueId) return;
  const typeId = book.typeOfValue.get(valueId);
  if (typeId) codes[typeId] = valueId;
  else book.unknownValues++;
}

/** Code values named inside an `Activity` element (`Code` children). */
export function inlineCodes(activity: XmlNode, book: CodeBook): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const c of kids(activity, 'Code')) assign(codes, text(c, 'ValueObjectId'), book);
  return codes;
}

/** `ActivityCodeAssignment` elements of a project: activity id → (type id → value id). */
export function codeAssignments(project: XmlNode, book: CodeBook): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const a of kids(project, 'ActivityCodeAssignment')) {
    const activityId = field(a, 'ActivityObjectId');
    if (!activityId) continue;
    const codes = out.get(activityId) ?? {};
    assign(codes, field(a, 'ActivityCodeObjectId'), book);
    out.set(activityId, codes);
  }
  return out;
}

/** Id of the code type that holds P6 cost accounts (the XER reader uses the same). */
export const COST_ACCOUNT_TYPE_ID = 'P6_COST_ACCOUNT';

/**
 * P6 cost accounts (`CostAccount`) as a code type "Cost account". P6 puts cost accounts on
 * assignments and expenses, not activities; ./buildSchedule.ts gives each activity the account
 * carrying most of its budget, as the XER reader does.
 */
export function costAccountType(nodes: XmlNode[]): CodeType | undefined {
  if (nodes.length === 0) return undefined;
  const type: CodeType = { id: COST_ACCOUNT_TYPE_ID, name: 'Cost account', values: {} };
  for (const n of nodes) {
    const id = text(n, 'ObjectId');
    if (!id) continue;
    const v: CodeType['values'][string] = { code: text(n, 'Id') ?? id };
    const name = text(n, 'Name');
    if (name) v.description = name;
    const parent = text(n, 'ParentObjectId');
    if (parent) v.parentId = parent;
    type.values[id] = v;
  }
  return type;
}

export interface UdfBook {
  /** UDF type id → title, for activity UDFs only. */
  activityTitles: Map<string, string>;
}

export function udfBook(udfTypes: XmlNode[]): UdfBook {
  const activityTitles = new Map<string, string>();
  for (const t of udfTypes) {
    const id = text(t, 'ObjectId');
    const area = text(t, 'SubjectArea');
    if (!id) continue;
    // Older files omit the subject area; an activity can only reference an activity UDF anyway.
    if (area && squash(area) !== 'activity') continue;
    activityTitles.set(id, text(t, 'Title') ?? `UDF ${id}`);
  }
  return { activityTitles };
}

/** The value of a UDF element, whichever typed child carries it. */
function udfValue(u: XmlNode): string | number | undefined {
  for (const tag of ['CostValue', 'DoubleValue', 'IntegerValue', 'Cost', 'Double', 'Integer']) {
    const n = parseNumber(text(u, tag));
    if (n !== undefined) return n;
  }
  for (const tag of ['StartDateValue', 'FinishDateValue', 'StartDate', 'FinishDate']) {
    const d = parseDate(text(u, tag));
    if (d) return d;
  }
  for (const tag of ['TextValue', 'IndicatorValue', 'CodeValue', 'Text', 'Indicator']) {
    const s = text(u, tag);
    if (s !== undefined) return s;
  }
  return undefined;
}

/** UDFs written inside an `Activity` element. */
export function inlineUdfs(activity: XmlNode, book: UdfBook): Record<string, string | number> | undefined {
  let out: Record<string, string | number> | undefined;
  for (const u of kids(activity, 'UDF')) {
    const typeId = text(u, 'TypeObjectId');
    const title = typeId ? book.activityTitles.get(typeId) : undefined;
    const v = udfValue(u);
    if (title && v !== undefined) (out ??= {})[title] = v;
  }
  return out;
}

/** `UDFValue` elements (EPPM style): activity id → (title → value). */
export function udfValues(nodes: XmlNode[], book: UdfBook): Map<string, Record<string, string | number>> {
  const out = new Map<string, Record<string, string | number>>();
  for (const u of nodes) {
    const typeId = field(u, 'UDFTypeObjectId');
    const owner = field(u, 'ForeignObjectId');
    const title = typeId ? book.activityTitles.get(typeId) : undefined;
    const v = udfValue(u);
    if (!owner || !title || v === undefined) continue;
    const rec = out.get(owner) ?? {};
    rec[title] = v;
    out.set(owner, rec);
  }
  return out;
}
