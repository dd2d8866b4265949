/**
 * Two tabs of the same account (two stores on one database, as two tabs' data workers are), talking
 * over the real BroadcastChannel of Node 20: a change in one refreshes the other's project list, and
 * a newer build migrating the data makes the older tabs stop writing and ask to reload.
 */
import './setup';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { StoreEvent } from '../../../src/local/contracts';
import { openLocalStore, type LocalStore, type Migration } from '../../../src/local/store';

const opened: LocalStore[] = [];
afterEach(async () => {
  const all = opened.splice(0);
  const last = new Map(all.map((s) => [s.name, s]));
  // The other tabs close first, then the last one deletes the database.
  for (const s of all) if (last.get(s.name) !== s) await s.close().catch(() => undefined);
  for (const s of last.values()) await s.destroy().catch(() => undefined);
});

async function tab(name: string, opts: Parameters<typeof openLocalStore>[0] = {}): Promise<LocalStore & { events: StoreEvent[] }> {
  const s = await openLocalStore({ name, ...opts });
  opened.push(s);
  const events: StoreEvent[] = [];
  s.subscribe((e) => events.push(e));
  return Object.assign(s, { events });
}

/** Resolves once `events` holds one matching `kind` (or fails after 2 s: a message that never came). */
async function heard(events: StoreEvent[], kind: StoreEvent['kind'], count = 1): Promise<void> {
  const until = Date.now() + 2000;
  while (events.filter((e) => e.kind === kind).length < count) {
    if (Date.now() > until) throw new Error(`no ${kind} event after 2 s (got ${JSON.stringify(events)})`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const toV2: Migration = async () => undefined;

describe('a second tab', () => {
  it('hears that projects changed and lists them, whatever the other tab did', async () => {
    const name = `tabs_${Math.random().toString(36).slice(2, 10)}`;
    const a = await tab(name, { buildId: 'b1' });
    const b = await tab(name, { buildId: 'b1' });
    expect(await b.listProjects()).toEqual([]);

    const saved = await a.saveImport(syntheticSchedule({ activities: 80, seed: 1 }), { fileName: 'site.xer', format: 'xer', fileSize: 1 });
    await heard(b.events, 'projects-changed', 1);
    expect((await b.listProjects()).map((p) => p.id)).toEqual([saved.projectId]);
    expect((await b.listImports(saved.projectId)).map((i) => [i.fileName, i.complete])).toEqual([['site.xer', true]]);

    const made = await b.createProject({ name: 'From tab B' });
    await heard(a.events, 'projects-changed', 1);
    expect((await a.listProjects()).map((p) => p.id).sort()).toEqual([saved.projectId, made.id].sort());

    await a.deleteProject(saved.projectId);
    await heard(b.events, 'projects-changed', 2);
    expect((await b.listProjects()).map((p) => p.id)).toEqual([made.id]);
    // A tab is not told about its own changes (its page refreshes itself).
    expect(a.events.filter((e) => e.kind === 'projects-changed')).toHaveLength(1);
  });

  it('of an older build stops writing the moment a newer build migrates the data, and says to reload', async () => {
    const name = `tabs_${Math.random().toString(36).slice(2, 10)}`;
    const old1 = await tab(name, { buildId: 'old' });
    const old2 = await tab(name, { buildId: 'old' });
    const p = await old1.createProject({ name: 'Before the update' });

    const newer = await tab(name, { buildId: 'new', layout: { version: 2, migrations: { 1: toV2 } } });
    expect(newer.layout).toEqual({ found: 1, migrated: [1] });
    await heard(old1.events, 'read-only');
    await heard(old2.events, 'read-only');
    expect(old1.events.find((e) => e.kind === 'read-only')).toMatchObject({ layout: 2, build: 'new', message: expect.stringContaining('Reload the page') });
    await expect(old1.createProject({ name: 'After the update' })).rejects.toMatchObject({ code: 'newer-layout' });
    await expect(old2.renameProject(p.id, 'Renamed by the old tab')).rejects.toMatchObject({ code: 'newer-layout' });

    // The newer tab carries on; its changes are still announced to the old tabs' lists.
    await newer.renameProject(p.id, 'Renamed by the new tab');
    await heard(old2.events, 'projects-changed');
    expect((await old2.listProjects()).map((x) => x.name)).toEqual(['Renamed by the new tab']);
  });

  it('hears of changes that came another way (replication), as does this tab itself', async () => {
    const name = `tabs_${Math.random().toString(36).slice(2, 10)}`;
    const a = await tab(name);
    const b = await tab(name);
    // A teammate's project arrives by replication into tab A's database, outside the store's methods.
    await a.pouch.bulkDocs([{ _id: 'project:mate1', type: 'project', projectId: 'mate1', name: 'From a teammate', currency: 'GBP', createdAt: 'x', updatedAt: 'x' }]);
    a.notifyChanged();
    await heard(a.events, 'projects-changed');
    await heard(b.events, 'projects-changed');
    expect((await b.listProjects()).map((p) => p.name)).toEqual(['From a teammate']);
  });

  it('of the same layout but another build carries on writing', async () => {
    const name = `tabs_${Math.random().toString(36).slice(2, 10)}`;
    const a = await tab(name, { buildId: 'one' });
    const b = await tab(name, { buildId: 'two' });
    await b.createProject({ name: 'Two' });
    await heard(a.events, 'projects-changed');
    await a.createProject({ name: 'One' });
    expect(a.readOnly).toBeNull();
    expect((await b.listProjects()).map((x) => x.name).sort()).toEqual(['One', 'Two']);
  });
});
