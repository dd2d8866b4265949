/**
 * The data worker's portfolio (contracts.ts PortfolioApi): each project's headline figures from its
 * latest dashboard at the options a project opens with, read through the dashboard cache
 * (dashboard.ts), so a list seen before comes back without analysing anything again.
 */
import type { AccountSession } from '../account';
import { FIRST_DASHBOARD_OPTIONS, type PortfolioApi, type PortfolioRow } from '../contracts';
import { projectDashboard } from '../dashboard';
import { emptyPortfolioRow, portfolioRowOf } from './rows';

export { emptyPortfolioRow, portfolioRowOf } from './rows';

/** Why a project without figures has none: said so the user knows what to do next. */
export const NO_IMPORT_REASON = 'No status imported yet: import a schedule into this project to see its figures.';

export function portfolioHandlers(session: AccountSession, buildId: string, now: () => Date = () => new Date()): PortfolioApi {
  return {
    async portfolio(onRow) {
      const projects = await session.run(() => session.listProjects());
      const rows: PortfolioRow[] = [];
      // One project at a time, each in its own run: a change of spaces (sign-out, a new team) waits
      // for one analysis at most, never for the whole list.
      for (const p of projects) {
        const row = await session
          .run(async () => {
            if (p.importCount === 0 && !p.periodTables) return emptyPortfolioRow(p.id, NO_IMPORT_REASON, p.currency);
            const store = (await session.spaceOf(p.id)).store;
            return portfolioRowOf(p.id, await projectDashboard(store, p.id, { ...FIRST_DASHBOARD_OPTIONS }, now(), buildId));
          })
          .catch((e: unknown) => emptyPortfolioRow(p.id, `The analysis failed: ${e instanceof Error ? e.message : String(e)}`, p.currency));
        rows.push(row);
        // A listener gone (the page left) must not stop the rows the call still returns. Through
        // Comlink the call answers a promise, whose rejection is dropped here for the same reason.
        try {
          const sent: unknown = onRow?.(row);
          if (sent instanceof Promise) sent.catch(() => undefined);
        } catch {
          /* the page is gone */
        }
      }
      return rows;
    },
  };
}
