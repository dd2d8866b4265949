/** Period tables (PV, EV and AC per period) kept as projects. */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function periodTableHandlers(session: AccountSession): Pick<DataApi, 'savePeriodTable'> {
  return {
    savePeriodTable: (table, meta) =>
      session.run(async () => {
        const { teamId, ...rest } = meta;
        const { store } = meta.projectId !== undefined ? await session.spaceOf(meta.projectId) : await session.forNew(teamId);
        return store.savePeriodTable(table, rest);
      }),
  };
}
