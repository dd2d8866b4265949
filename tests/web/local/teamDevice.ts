/**
 * A device for the collaboration and rename tests (collab.test.ts, projectName.test.ts): a data
 * backend for `user` over its own store in the team "Site team" (a viewer also has a personal space
 * of their own), with a clock that moves a second per reading so edits have an order, and
 * `exchange`, which replicates two devices both ways and merges as the sync layer does.
 */
import { afterEach } from 'vitest';
import { createDataBackend, type DataBackend } from '../../../src/local/backend';
import { openLocalStore, type LocalStore } from '../../../src/local/store';
import { sweepConflicts } from '../../../src/local/sync/mutable';

export const NOW = new Date('2026-03-02T09:00:00Z');

const stores: LocalStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.destroy().catch(() => undefined);
});

export async function teamDevice(
  user: { id: string; name: string },
  opts: { name?: string; role?: 'owner' | 'viewer'; editor?: boolean } = {},
): Promise<{ api: DataBackend; store: LocalStore }> {
  const role = opts.role ?? 'owner';
  const name = opts.name ?? `device_${Math.random().toString(36).slice(2, 10)}`;
  const store = await openLocalStore({ name, broadcast: false, ...(opts.editor ? { editor: user.id } : {}) });
  stores.push(store);
  let t = NOW.getTime();
  const api = createDataBackend({
    buildId: 'test-build',
    now: () => new Date((t += 1000)),
    // No sync here and nothing old to migrate: the spaces are known at once.
    teams: role === 'owner' ? [{ id: 'site-team', name: 'Site team', role, isHome: true }] : [{ id: 'own-team', name: 'Personal', role: 'owner', isHome: true }, { id: 'site-team', name: 'Site team', role, isHome: false }],
    session: { memory: null, migrate: async () => undefined },
    open: async ({ team }) => {
      if (team.id === 'site-team') return store;
      const own = await openLocalStore({ name: `${name}_own`, broadcast: false });
      stores.push(own);
      return own;
    },
  });
  await api.useAccount(user.id, { name: user.name });
  return { api, store };
}

/** Both ways, once, then each device merges what it received (what the sync layer does). */
export async function exchange(a: LocalStore, b: LocalStore): Promise<void> {
  await a.pouch.replicate.to(b.pouch);
  await b.pouch.replicate.to(a.pouch);
  await sweepConflicts(a.pouch);
  await sweepConflicts(b.pouch);
  await a.pouch.replicate.to(b.pouch);
  await b.pouch.replicate.to(a.pouch);
}
