/** Period tables (PV, EV and AC per period) kept as projects. */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function periodTableHandlers(session: AccountSession): Pick<DataApi, 'savePeriodTable'> {
  return {
    async savePeriodTable(table, meta) {
      return (await session.store()).savePeriodTable(table, meta);
    },
  };
}
