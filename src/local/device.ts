/** What this account keeps on this device, and removing it (a shared machine being handed on). */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function deviceHandlers(session: AccountSession, beforeRemove: () => Promise<void>): Pick<DataApi, 'deviceSummary' | 'removeFromDevice'> {
  return {
    deviceSummary: () =>
      session.run(async () => {
        const spaces = await session.all();
        let projects = 0;
        let imports = 0;
        for (const { store } of spaces) {
          const rows = await store.listProjects();
          projects += rows.length;
          imports += rows.reduce((n, p) => n + p.importCount, 0);
        }
        return { projects, imports, storage: await spaces[0].store.storageEstimate() };
      }),
    /**
     * Sync stops first (nothing is sent or pulled into a database being deleted); the page warns
     * about changes not yet sent before it asks. The next call opens fresh, empty databases, which
     * the team's projects fill again once sync starts.
     */
    async removeFromDevice() {
      await beforeRemove();
      await session.destroyAll();
    },
  };
}
