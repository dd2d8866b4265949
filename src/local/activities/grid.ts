/**
 * The activity grid's data (contracts.ts ActivityGridApi), in the data worker. The page never holds
 * 100,000 rows: the worker loads the import once, computes every activity's figures at the status
 * date with the engine (core/evm/activityValues.ts), keeps them and the orders it has sorted them
 * into, and answers each scroll with the window on screen.
 */
import { activityTable, filteredOrder, sortedOrder, type ActivitySort, type ActivityTable } from '../../core/evm/activityValues';
import { tryToMinutes } from '../../core/model/dates';
import { localToday } from '../../core/model/statusDate';
import type { AccountSession } from '../account';
import { pmbOf } from '../baselines/plans';
import type { ActivityGridApi, ActivityGridPage, ActivityGridQuery } from '../contracts';
import { StoreError } from '../store/errors';
import { isValidId } from '../store/ids';

/** Most rows one call returns: a screen or two, never the whole schedule. */
export const MAX_GRID_WINDOW = 500;

interface Held {
  key: string;
  table: ActivityTable;
  /** Sorted (and filtered) orders already built, by sort + filter: scrolling reuses them. */
  orders: Map<string, Int32Array>;
}

/**
 * `keep` tables are held (the latest first): a project's grid at its own and one chosen date, or
 * two projects in two tabs, without reloading on every switch.
 */
export function activityGridHandlers(session: AccountSession, now: () => Date = () => new Date(), keep = 2): ActivityGridApi & { held(): number } {
  const held: Held[] = [];
  const loading = new Map<string, Promise<Held>>();

  async function tableFor(projectId: string, query: ActivityGridQuery): Promise<Held> {
    const store = (await session.spaceOf(projectId)).store;
    const imports = await store.listImports(projectId);
    const row = query.importId ? imports.find((i) => i.importId === query.importId) : imports.at(-1);
    if (!row) {
      if (query.importId) throw new StoreError('not-found', 'That status is no longer in this project: open the project again and choose one from its history.');
      throw new StoreError('not-found', 'This project has no imported schedule, so it has no activities to list: import a P6 XER, MS Project XML or activity sheet into it.');
    }
    const today = localToday(now());
    // The import's own status date may fall back to today (a file with no dates): part of the key then.
    // The PMB gives the budgets and baseline dates (baselines/plans.ts), as on the dashboard: another PMB is another table.
    const pmb = await pmbOf(store, projectId);
    const key = JSON.stringify([projectId, row.importId, query.dataDate ?? null, row.statusDate ? null : today, pmb.key]);
    const hit = held.find((h) => h.key === key);
    if (hit) return hit;
    const pending = loading.get(key);
    if (pending) return pending;
    const p = (async () => {
      const schedule = await pmb.apply(await store.loadSchedule(projectId, row.importId));
      const table = activityTable(schedule, { today, ...(query.dataDate ? { dataDate: query.dataDate } : {}) });
      const h: Held = { key, table, orders: new Map() };
      held.unshift(h);
      held.length = Math.min(held.length, keep);
      return h;
    })();
    loading.set(key, p);
    try {
      return await p;
    } finally {
      loading.delete(key);
    }
  }

  return {
    activityGrid: (projectId, query) =>
      session.run(async (): Promise<ActivityGridPage> => {
        if (typeof projectId !== 'string' || !isValidId(projectId)) throw new StoreError('invalid', 'That project id is not valid. Go back to the project list and open the project again.');
        if (query.dataDate !== undefined && tryToMinutes(query.dataDate) === null) throw new StoreError('invalid', `The status date "${query.dataDate}" is not a date: enter the day, month and year.`);
        const h = await tableFor(projectId, query);
        const sort: ActivitySort | undefined = query.sort;
        const filter = (query.filter ?? '').trim();
        const orderKey = JSON.stringify([sort?.key ?? null, sort?.dir ?? null, filter.toLowerCase()]);
        let order = h.orders.get(orderKey);
        if (!order) {
          const sortKey = JSON.stringify([sort?.key ?? null, sort?.dir ?? null, '']);
          let sorted = h.orders.get(sortKey);
          if (!sorted) {
            sorted = sortedOrder(h.table.rows, sort);
            h.orders.set(sortKey, sorted);
          }
          order = filteredOrder(h.table.rows, sorted, filter);
          // Orders for the last few filters typed are kept; a long search session does not pile them up.
          if (h.orders.size > 8) h.orders.delete(h.orders.keys().next().value as string);
          h.orders.set(orderKey, order);
        }
        const offset = Math.max(0, Math.min(Math.floor(query.offset) || 0, order.length));
        const limit = Math.max(0, Math.min(Math.floor(query.limit) || 0, MAX_GRID_WINDOW));
        const rows = [];
        for (let i = offset; i < Math.min(order.length, offset + limit); i++) rows.push(h.table.rows[order[i]]);
        const t = h.table;
        return {
          total: order.length,
          activities: t.rows.length,
          offset,
          rows,
          dataDate: t.dataDate,
          measureBasis: t.measureBasis,
          currency: t.currency,
          acMissingReason: t.acMissingReason,
          withFloat: t.withFloat,
          longest: t.longest,
        };
      }),
    held: () => held.length,
  };
}
