/**
 * PMXML `Resource` (and `Role`) → model `Resource`.
 *
 * Rates: P6 keeps a dated price table per resource (`ResourceRate`, effective dates). The model
 * holds one rate, so the reader takes the one in force at the project's data date (the price P6
 * applies to remaining work); with no data date, the latest. Costs never come from these rates:
 * assignment costs are read as P6 computed them, so the rate is for display only.
 *
 * Roles: an assignment may name a role and no resource (P6's "role assignment", common in
 * early-stage schedules such as the corpus's PrimaveraProject sample). The model needs a
 * resource, so each role so used becomes a labour resource with id `role:<ObjectId>` (the XER
 * reader's convention), priced at the role's rate.
 */
import type { LocalDateTime } from '../../model/dates';
import type { Resource } from '../../model/schedule';
import type { PmxmlFile } from './fileIndex';
import { text, type XmlNode } from './xmlTree';
import { parseDate, parseNumber, resourceType } from './values';
import type { WarningLog } from './warnings';

interface DatedRate {
  date?: LocalDateTime;
  price: number;
}

export const roleResourceId = (roleId: string) => `role:${roleId}`;

/** Stands in for an assignment with neither resource nor role (the XER reader's placeholder). */
export const UNASSIGNED_RESOURCE: Readonly<Resource> = Object.freeze({ id: 'P6_UNASSIGNED', code: '(none)', name: 'Assignment without resource or role', type: 'labour', unit: 'h' });

function ratesBy(nodes: XmlNode[], ownerField: string): Map<string, DatedRate[]> {
  const out = new Map<string, DatedRate[]>();
  const seen = new Set<string>();
  for (const r of nodes) {
    const owner = text(r, ownerField);
    const price = parseNumber(text(r, 'PricePerUnit'));
    if (!owner || price === undefined) continue;
    // RoleRate and RoleRateNew repeat the same rows in some exports.
    const key = `${owner}|${text(r, 'ObjectId') ?? ''}|${text(r, 'EffectiveDate') ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = out.get(owner) ?? [];
    list.push({ date: parseDate(text(r, 'EffectiveDate')), price });
    out.set(owner, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  return out;
}

/** The rate in force at `at` (or the latest when `at` is unknown or before every rate). */
function rateAt(list: DatedRate[] | undefined, at: LocalDateTime | undefined): number | undefined {
  if (!list?.length) return undefined;
  if (!at) return list[list.length - 1].price;
  let pick: DatedRate | undefined;
  for (const r of list) if (!r.date || r.date <= at) pick = r;
  return (pick ?? list[0]).price;
}

export class ResourceBook {
  private readonly resourceRates: Map<string, DatedRate[]>;
  private readonly roleRates: Map<string, DatedRate[]>;
  private readonly roles = new Map<string, XmlNode>();

  constructor(private readonly file: PmxmlFile) {
    this.resourceRates = ratesBy(file.resourceRates, 'ResourceObjectId');
    this.roleRates = ratesBy(file.roleRates, 'RoleObjectId');
    for (const r of file.roles) {
      const id = text(r, 'ObjectId');
      if (id) this.roles.set(id, r);
    }
  }

  /** Every resource in the file, with rates as at `dataDate`. */
  resources(dataDate: LocalDateTime | undefined, log: WarningLog): Resource[] {
    const out: Resource[] = [];
    for (const r of this.file.resources) {
      const id = text(r, 'ObjectId');
      if (!id) {
        log.add('A resource has no ObjectId, so no assignment can refer to it; it was skipped.', `Resource "${text(r, 'Name') ?? '?'}"`, 'resource-no-id');
        continue;
      }
      const rawType = text(r, 'ResourceType');
      const type = resourceType(rawType);
      if (rawType && !type) log.add(`Resource type "${rawType}" is not one P6 documents; the resource was read as labour.`, `Resource ${text(r, 'Id') ?? id}`, 'resource-type');
      const res: Resource = { id, code: text(r, 'Id') ?? id, name: text(r, 'Name') ?? text(r, 'Id') ?? id, type: type ?? 'labour' };
      // As in the XER reader: the unit of measure when P6 gives one, else hours for labour.
      const uom = text(r, 'UnitOfMeasureObjectId');
      const abbr = uom ? this.file.unitsOfMeasure.get(uom) : undefined;
      if (abbr) res.unit = abbr;
      else if (res.type === 'labour') res.unit = 'h';
      const rate = rateAt(this.resourceRates.get(id), dataDate) ?? parseNumber(text(r, 'PricePerUnit'));
      if (rate !== undefined) res.rate = rate;
      const cal = text(r, 'CalendarObjectId');
      if (cal) res.calendarId = cal;
      out.push(res);
    }
    return out;
  }

  /** A pseudo-resource for a role that is assigned without a resource. */
  roleResource(roleId: string, dataDate: LocalDateTime | undefined): Resource {
    const role = this.roles.get(roleId);
    const res: Resource = {
      id: roleResourceId(roleId),
      code: text(role, 'Id') ?? `ROLE-${roleId}`,
      name: `${text(role, 'Name') ?? `Role ${roleId}`} (role)`,
      type: 'labour',
      unit: 'h',
    };
    const rate = rateAt(this.roleRates.get(roleId), dataDate);
    if (rate !== undefined) res.rate = rate;
    return res;
  }
}
