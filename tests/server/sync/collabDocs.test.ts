/**
 * Comment and variance-narrative documents (src/local/collab, issue 13) pass the sync gateway as
 * the app writes them: two devices replicate them through the real gateway, edit the same
 * 5,000-character comment concurrently, and both end with one document holding both versions
 * (nothing the gateway refuses); a deletion replicates too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteMutable, listConflicts, readMutable, sweepConflicts, writeFields } from '../../../src/local/sync/mutable';
import { teamDbName } from '../../../server/store';
import { listen, localDb, remoteDb, tokenFor, world, type Running, type World } from './helpers';

let w: World;
let srv: Running;
let token: string;

beforeEach(async () => {
  w = await world('earnest-sync-collab-');
  srv = await listen(w.store, w.dir);
  token = await tokenFor(w.ownerId);
});

afterEach(async () => {
  await srv.stop();
  await w.close();
});

const at = (iso: string) => () => Date.parse(iso);
const comment = { type: 'comment', fixed: { projectId: 'p1', target: { kind: 'project' }, author: { id: 'u1', name: 'ann@example.com' }, createdAt: '2026-03-02T09:00:00.000Z' } };

describe('collaboration documents through the sync gateway', () => {
  it('replicates comments and VARs, concurrent edits of one comment included, both ways', async () => {
    const remote = () => remoteDb(srv.origin, w.teamId, token);
    const a = localDb('laptop');
    const b = localDb('tablet');
    const long = 'x'.repeat(5000);
    await writeFields(a, 'comment:p1:c1', { text: long, resolved: false }, { deviceId: 'da', who: 'ann@example.com', create: comment, now: at('2026-03-02T09:00:00Z') });
    await writeFields(a, 'var:p1:2026-02-27:0123456789abcdef', { cause: 'Rain.', status: 'draft' }, {
      deviceId: 'da',
      create: { type: 'var', fixed: { projectId: 'p1', controlAccount: 'W1', period: '2026-02-27', createdAt: '2026-03-02T09:00:00.000Z' } },
      now: at('2026-03-02T09:01:00Z'),
    });
    expect((await a.replicate.to(remote())).docs_written).toBe(2);
    await b.replicate.from(remote());

    await writeFields(a, 'comment:p1:c1', { text: `${long.slice(0, 4990)} (laptop)` }, { deviceId: 'da', who: 'ann@example.com', now: at('2026-03-02T10:00:00Z') });
    await writeFields(b, 'comment:p1:c1', { text: `${long.slice(0, 4990)} (tablet)` }, { deviceId: 'db', who: 'ann@example.com', now: at('2026-03-02T10:01:00Z') });
    for (const d of [a, b]) await d.replicate.to(remote());
    for (const d of [a, b]) await d.replicate.from(remote());
    await sweepConflicts(a);
    await a.replicate.to(remote());
    await b.replicate.from(remote());
    await sweepConflicts(b);

    const server = w.store.db(teamDbName(w.teamId));
    for (const d of [a, b]) {
      const conflicts = await listConflicts(d);
      expect(conflicts.map((c) => [c.id, c.field, c.versions.map((v) => String(v.v).slice(-8)).sort()])).toEqual([['comment:p1:c1', 'text', ['(laptop)', '(tablet)']]]);
    }
    expect((await readMutable(server, 'var:p1:2026-02-27:0123456789abcdef'))?.doc.cause).toBe('Rain.');

    await deleteMutable(b, 'comment:p1:c1');
    await b.replicate.to(remote());
    await a.replicate.from(remote());
    expect(await readMutable(a, 'comment:p1:c1')).toBeNull();
  }, 30_000);
});
