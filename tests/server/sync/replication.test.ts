/**
 * The contract suite: the real PouchDB client (HTTP adapter + replicator, PouchDB 9) replicating
 * through the gateway into an in-memory "browser" database.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assembleSchedule, buildImportDocs } from '../../../src/local/store/chunks';
import type { ChunkDoc, ImportHeaderDoc } from '../../../src/local/store/docs';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { teamDbName } from '../../../server/store';
import { addMember } from '../../../server/teams/membership';
import { listen, localDb, remoteDb, tokenFor, world, type Running, type World } from './helpers';

let w: World;
let srv: Running;
let token: string;

beforeEach(async () => {
  w = await world('earnest-sync-repl-');
  srv = await listen(w.store, w.dir);
  token = await tokenFor(w.ownerId);
});

afterEach(async () => {
  await srv.stop();
  await w.close();
});

const serverDb = () => w.store.db(teamDbName(w.teamId));

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting');
}

describe('replication through the sync gateway', () => {
  it('pushes local documents to the team database', async () => {
    const local = localDb();
    await local.bulkDocs([
      { _id: 'project:p1', name: 'Tower' },
      { _id: 'act:p1:i1:00000', rows: [{ id: 'A1', name: 'Dig' }] },
    ]);
    const result = await local.replicate.to(remoteDb(srv.origin, w.teamId, token));
    expect(result.ok).toBe(true);
    expect(result.docs_written).toBe(2);
    const doc = await serverDb().get<{ name: string }>('project:p1');
    expect(doc.name).toBe('Tower');
  });

  it('pulls the team database into an empty browser database', async () => {
    await serverDb().bulkDocs(Array.from({ length: 30 }, (_, i) => ({ _id: `act:p1:i1:${String(i).padStart(5, '0')}`, i })));
    const local = localDb();
    const result = await local.replicate.from(remoteDb(srv.origin, w.teamId, token), { batch_size: 7 });
    expect(result.ok).toBe(true);
    expect(result.docs_written).toBe(30);
    expect((await local.info()).doc_count).toBe(30);
  });

  it('keeps syncing live in both directions', async () => {
    const local = localDb();
    const sync = local.sync(remoteDb(srv.origin, w.teamId, token), { live: true, retry: false });
    const completed = new Promise((resolve) => sync.on('complete', resolve));
    try {
      await serverDb().put({ _id: 'from-server', v: 1 });
      await waitFor(async () => !!(await local.get('from-server').catch(() => null)));
      await local.put({ _id: 'from-browser', v: 2 });
      await waitFor(async () => !!(await serverDb().get('from-browser').catch(() => null)));
    } finally {
      sync.cancel();
      await completed; // let the last checkpoint writes finish before the server stops
    }
  });

  it('resolves a conflict the same way on both sides', async () => {
    const remote = remoteDb(srv.origin, w.teamId, token);
    const local = localDb();
    await local.put({ _id: 'project:p1', name: 'v1' });
    await local.replicate.to(remote);
    const base = await local.get<{ name: string }>('project:p1');
    await local.put({ ...base, name: 'browser edit' });
    const onServer = await serverDb().get<{ name: string }>('project:p1');
    await serverDb().put({ ...onServer, name: 'server edit' });

    await local.sync(remote);
    const a = await local.get<{ name: string }>('project:p1', { conflicts: true });
    const b = await serverDb().get<{ name: string }>('project:p1', { conflicts: true });
    expect(a._rev).toBe(b._rev);
    expect(a.name).toBe(b.name);
    expect(a._conflicts).toHaveLength(1);
    expect(b._conflicts).toEqual(a._conflicts);
  });

  it('round-trips an attachment', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    const local = localDb();
    await local.put({
      _id: 'import:p1:i1',
      _attachments: { 'source file.xer': { content_type: 'application/octet-stream', data: bytes.toString('base64') } },
    });
    await local.replicate.to(remoteDb(srv.origin, w.teamId, token));
    const stored = (await serverDb().getAttachment('import:p1:i1', 'source file.xer')) as Buffer;
    expect(stored.toString('base64')).toBe(bytes.toString('base64'));

    const other = localDb();
    await other.replicate.from(remoteDb(srv.origin, w.teamId, token));
    const pulled = (await other.getAttachment('import:p1:i1', 'source file.xer')) as Buffer;
    expect(pulled.toString('base64')).toBe(bytes.toString('base64'));
    const doc = await other.get('import:p1:i1');
    expect(doc._attachments?.['source file.xer']?.content_type).toBe('application/octet-stream');
  });

  it('resumes from its checkpoint after the server restarts', async () => {
    await serverDb().bulkDocs(Array.from({ length: 20 }, (_, i) => ({ _id: `doc-a-${i}`, i })));
    const local = localDb();
    const first = await local.replicate.from(remoteDb(srv.origin, w.teamId, token));
    expect(first.docs_read).toBe(20);

    // Restart: the HTTP server and the store go away; the same data directory comes back on the
    // same port (the replication id includes the remote's address).
    const port = srv.port;
    await srv.stop();
    await w.store.close();
    const store = w.reopen();
    srv = await listen(store, w.dir, port);
    await store.db(teamDbName(w.teamId)).bulkDocs(Array.from({ length: 5 }, (_, i) => ({ _id: `doc-b-${i}`, i })));

    const second = await local.replicate.from(remoteDb(srv.origin, w.teamId, token));
    expect(second.ok).toBe(true);
    expect(second.docs_read).toBe(5);
    expect(second.docs_written).toBe(5);
    expect((await local.info()).doc_count).toBe(25);
  });

  it('lets a viewer pull but reports 403 when the viewer pushes', async () => {
    await serverDb().put({ _id: 'project:p1', name: 'Tower' });
    const viewerId = 'user:vera@example.com';
    await addMember(w.store, w.teamId, viewerId, 'viewer', Date.now());
    const viewerToken = await tokenFor(viewerId);
    const remote = remoteDb(srv.origin, w.teamId, viewerToken);
    const local = localDb();
    const pulled = await local.replicate.from(remote);
    expect(pulled.docs_written).toBe(1);

    await local.put({ _id: 'act:p1:i1:00000', rows: [] });
    const err = await local.replicate.to(remote).then(
      () => null,
      (e: unknown) => e as { status?: number; message?: string },
    );
    expect(err?.status).toBe(403);
    expect(err?.message).toMatch(/Viewers can read/);
    await expect(serverDb().get('act:p1:i1:00000')).rejects.toMatchObject({ status: 404 });
  });

  it('pushes and pulls a 50,000-activity schedule split by the client, in default batches of 100', async () => {
    // ~50 MB of chunk documents: in the client's old ~660 KB chunks a default batch of 100 was
    // ~66 MB, over the gateway's 16 MiB _bulk_docs limit; in 128 KiB chunks every batch fits.
    const activities = 50_000;
    const schedule = syntheticSchedule({ activities, seed: 5 });
    const built = buildImportDocs(schedule, { projectId: 'p1', importId: 'i1' }, { fileName: 'big.xer', format: 'xer', fileSize: 1 }, '2026-11-26T00:00:00Z');
    const local = localDb();
    await local.bulkDocs([{ _id: 'project:p1', type: 'project', name: 'Big' }, ...built.chunks, built.header]);
    const pushed = await local.replicate.to(remoteDb(srv.origin, w.teamId, token));
    expect(pushed.ok).toBe(true);
    expect(pushed.docs_written).toBe(built.chunks.length + 2);

    const other = localDb();
    const pulled = await other.replicate.from(remoteDb(srv.origin, w.teamId, token));
    expect(pulled.docs_written).toBe(built.chunks.length + 2);
    const header = await other.get<ImportHeaderDoc>(built.header._id);
    const rows = await other.allDocs<ChunkDoc>({ include_docs: true, startkey: '', endkey: '\ufff0' });
    const chunks = rows.rows.map((r) => r.doc as unknown as ChunkDoc).filter((d) => d.type === 'chunk');
    const back = assembleSchedule(header as unknown as ImportHeaderDoc, chunks);
    expect(back.activities).toHaveLength(activities);
    expect(back.activities[12_345]).toEqual(schedule.activities[12_345]);
    expect(back.relationships).toHaveLength(schedule.relationships.length);
  }, 180_000);
});
