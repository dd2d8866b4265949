/** RSRC (+ UMEASURE units, RSRCRATE rates) → model resources; ROLES → placeholder resources. */
import type { CostRate, Resource } from '../../model/schedule';
import { RESOURCE_TYPES } from './p6codes';
import { colsOf, lookup, type BuildContext, type Keys } from './kit';
import type { P6Table } from './tables';

/**
 * Resources with their rate: the RSRCRATE row in force at `at` (the first built project's data
 * date), else the earliest one. A resource with more than one rate also gets them all as
 * cost rate table A (`costRates`), each from its start date to the next one's.
 */
export function readResources(ctx: BuildContext, at: string, calendarId: (key: number) => string | undefined): { resources: Resource[]; resourceByKey: Map<number, Resource> } {
  const resources: Resource[] = [];
  const resourceByKey = new Map<number, Resource>();
  const rsrcT = ctx.src.get('RSRC');
  if (rsrcT) {
    const units = new Map<number, string>();
    const um = ctx.src.get('UMEASURE');
    if (um) {
      const uc = colsOf(um, ['unit_id', 'unit_abbrev']);
      for (let r = 0; r < um.rowCount; r++) units.set(ctx.keys.of(um, r, uc.unit_id), um.str(r, uc.unit_abbrev));
      ctx.src.release('UMEASURE');
    }
    const c = colsOf(rsrcT, ['rsrc_id', 'rsrc_short_name', 'rsrc_name', 'rsrc_type', 'unit_id', 'clndr_id']);
    for (let r = 0; r < rsrcT.rowCount; r++) {
      const key = ctx.keys.of(rsrcT, r, c.rsrc_id);
      if (key === -1 || resourceByKey.has(key)) continue;
      const id = rsrcT.str(r, c.rsrc_id).trim();
      const type = lookup(rsrcT, r, c.rsrc_type, RESOURCE_TYPES) ?? 'labour';
      const res: Resource = { id, code: rsrcT.str(r, c.rsrc_short_name) || id, name: rsrcT.str(r, c.rsrc_name) || rsrcT.str(r, c.rsrc_short_name) || id, type };
      const unit = units.get(ctx.keys.of(rsrcT, r, c.unit_id));
      if (unit) res.unit = unit;
      else if (type === 'labour') res.unit = 'h';
      const cal = calendarId(ctx.keys.of(rsrcT, r, c.clndr_id));
      if (cal) res.calendarId = cal;
      resources.push(res);
      resourceByKey.set(key, res);
    }
    ctx.src.release('RSRC');
    // Rate: the RSRCRATE row in force at the (first built) project's data date, else the earliest.
    const rates = ctx.src.get('RSRCRATE');
    if (rates) {
      const rc = colsOf(rates, ['rsrc_id', 'cost_per_qty', 'start_date']);
      const best = new Map<number, { start: string; rate: number }>();
      const dated = new Map<number, { start: string; rate: number }[]>();
      for (let r = 0; r < rates.rowCount; r++) {
        const key = ctx.keys.of(rates, r, rc.rsrc_id);
        const rate = rates.num(r, rc.cost_per_qty);
        if (rate !== rate) continue;
        const start = rates.date(r, rc.start_date) ?? '';
        const cur = best.get(key);
        // Prefer the latest start not after the data date; before any such, the earliest.
        const better = !cur || (start <= at ? cur.start > at || start >= cur.start : cur.start > at && start < cur.start);
        if (better) best.set(key, { start, rate });
        let list = dated.get(key);
        if (!list) dated.set(key, (list = []));
        list.push({ start, rate });
      }
      for (const [key, b] of best) {
        const res = resourceByKey.get(key);
        if (!res) continue;
        res.rate = b.rate;
        const costRates = datedRates(dated.get(key) ?? []);
        if (costRates) res.costRates = costRates;
      }
      ctx.src.release('RSRCRATE');
    }
  }
  return { resources, resourceByKey };
}

/** A placeholder resource for assignments that name only a role (or nothing). */
export function roleResource(key: number, idText: string, roles: P6Table | undefined, keys: Keys): Resource {
  if (key === -1) return { id: 'P6_UNASSIGNED', code: '(none)', name: 'Assignment without resource or role', type: 'labour', unit: 'h' };
  let code = `Role ${idText}`;
  let name = code;
  if (roles) {
    const c = colsOf(roles, ['role_id', 'role_short_name', 'role_name']);
    for (let r = 0; r < roles.rowCount; r++) {
      if (keys.of(roles, r, c.role_id) !== key) continue;
      code = roles.str(r, c.role_short_name) || code;
      name = `${roles.str(r, c.role_name) || code} (role)`;
      break;
    }
  }
  return { id: `role:${idText}`, code, name, type: 'labour', unit: 'h' };
}

/**
 * A resource's RSRCRATE rows (Price/Unit, cost_per_qty, from start_date) → table A entries, in
 * date order; undefined when there is just one rate. The earliest row also applies before its
 * date (as P6 prices work before the first effective date), so its `from` is left open. Two rows
 * on the same date: the later in the file wins, as it would in P6's rate list.
 */
function datedRates(rows: { start: string; rate: number }[]): CostRate[] | undefined {
  const byStart = new Map<string, number>();
  for (const r of rows) byStart.set(r.start, r.rate);
  const starts = [...byStart.keys()].sort();
  if (starts.length < 2) return undefined;
  return starts.map((start, i) => {
    const e: CostRate = { table: 0, standardRate: byStart.get(start) as number };
    if (i > 0 && start) e.from = start;
    if (i + 1 < starts.length) e.to = starts[i + 1];
    return e;
  });
}
