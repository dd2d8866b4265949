/**
 * Devices for the wired sync tests (wired.test.ts, moveWired.test.ts): each a data backend over
 * its own IndexedDB databases (fake-indexeddb), syncing through the real gateway with the engine's
 * real code; no network watch (tests go offline with setOnline), no Web Locks or token channel
 * shared between devices, a short seeded backoff. `closeDevices` stops and deletes them all.
 */
import { vi } from 'vitest';
import { createDataBackend, type DataBackend } from '../../../src/local/backend';
import type { StoreEvent, SyncTeam } from '../../../src/local/contracts';
import { openLocalStore, type LocalStore } from '../../../src/local/store';
import { seededRandom } from '../../../src/local/sync';
import { until, type Gateway } from '../../server/sync/deviceHelpers';
import { tokenFor } from '../../server/sync/helpers';

export const NOW = new Date('2026-03-02T09:00:00');

export interface WiredDevice {
  api: DataBackend;
  events: StoreEvent[];
  teams: SyncTeam[];
  userId: string;
  tag: string;
}

const open: { api: DataBackend; stores: LocalStore[] }[] = [];
let seq = 0;

/** A device of `userId` in `teams`; `refresh` is how it gets a new token (default: signs in again). */
export function wiredDevice(name: string, userId: string, teams: SyncTeam[], opts: { tag?: string; refresh?: () => Promise<string | null> } = {}): WiredDevice {
  const tag = opts.tag ?? `${name}${++seq}`;
  const stores: LocalStore[] = [];
  const api = createDataBackend({
    buildId: 'test-build',
    now: () => NOW,
    session: { memory: null, migrate: async () => undefined },
    open: async (req) => {
      const store = await openLocalStore({ name: `${req.name}_${tag}`, broadcast: false, buildId: 'test-build', editor: req.userId });
      stores.push(store);
      return store;
    },
    sync: {
      refresh: () => opts.refresh ?? (() => tokenFor(userId)),
      tokens: { locks: null, channelName: null },
      engine: { network: null, backoff: { baseMs: 20, capMs: 200 }, random: seededRandom(seq), leaderLock: undefined },
    },
  });
  open.push({ api, stores });
  const events: StoreEvent[] = [];
  void api.useAccount(userId);
  void api.subscribe((e) => events.push(e));
  return { api, events, teams, userId, tag };
}

/** A backend a test made itself, stopped and deleted with the devices. */
export function trackBackend(api: DataBackend, stores: LocalStore[] = []): void {
  open.push({ api, stores });
}

/** Starts the device's sync against the gateway (its own token unless given). */
export async function startDevice(g: Gateway, d: WiredDevice, accessToken?: string | null): Promise<void> {
  await d.api.startSync({ origin: g.srv.origin, accessToken: accessToken === undefined ? await tokenFor(d.userId) : accessToken, teams: d.teams });
}

/** pouchdb-browser explains each checkpoint 404 on the console, meant for browser users; only that is hushed. */
export function hushCheckpointNotes(): void {
  const info = console.info.bind(console);
  vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('is totally normal')) return;
    info(...args);
  });
}

/** Stops and deletes every device, waits for their last requests, and closes the gateway. */
export async function closeDevices(g: Gateway): Promise<void> {
  for (const b of open.splice(0)) {
    await b.api.sync.closeSync();
    await b.api.session.close();
    for (const s of b.stores) await s.destroy().catch(() => undefined);
  }
  // Requests the devices started before they stopped finish before the server's store closes.
  await until(() => g.openRequests().length === 0, 5_000, 'the last requests to finish');
  await g.close();
  vi.restoreAllMocks();
}
