/** What this account keeps on this device, and removing it (a shared machine being handed on). */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function deviceHandlers(session: AccountSession, onRemoved: () => void): Pick<DataApi, 'deviceSummary' | 'removeFromDevice'> {
  return {
    async deviceSummary() {
      const s = await session.store();
      const projects = await s.listProjects();
      return { projects: projects.length, imports: projects.reduce((n, p) => n + p.importCount, 0), storage: await s.storageEstimate() };
    },
    /**
     * Nothing is synced yet, so the page asks first and says so; the next call opens a fresh,
     * empty database.
     */
    async removeFromDevice() {
      const s = await session.release();
      onRemoved();
      await s.destroy();
    },
  };
}
