/**
 * The sync gateway's rules over HTTP (supertest): authentication, membership and roles on every
 * request, the allowlist, the projects limit, longpoll, body limits, and the CouchDB proxy mode
 * against a fake CouchDB.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceCatalogueFromEnv } from '../../../src/core/plans';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { teamDbName, type Store } from '../../../server/store';
import { ensureHomeTeam } from '../../../server/teams/home';
import { projectLimitMessage, teamLimits } from '../../../server/teams/limits';
import { addMember, removeMember } from '../../../server/teams/membership';
import { SECRET, listen, tokenFor, world, type Running, type World } from './helpers';

let w: World;
let srv: Running;
let owner: string;

beforeEach(async () => {
  w = await world('earnest-sync-gw-');
  srv = await listen(w.store, w.dir);
  owner = await tokenFor(w.ownerId);
});

afterEach(async () => {
  await srv.stop();
  await w.close();
});

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
const serverDb = () => w.store.db(teamDbName(w.teamId));

async function member(email: string, role: 'admin' | 'editor' | 'viewer'): Promise<{ id: string; token: string }> {
  const id = `user:${email}`;
  await addMember(w.store, w.teamId, id, role, Date.now());
  return { id, token: await tokenFor(id) };
}

describe('authentication and membership', () => {
  it('answers 401 without a token or with a tampered one', async () => {
    const none = await request(srv.app).get(`/db/${w.teamId}/_changes`);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const tampered = `${owner.slice(0, -3)}${owner.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    const bad = await request(srv.app).get(`/db/${w.teamId}`).set(bearer(tampered));
    expect(bad.status).toBe(401);
  });

  it('keeps /db and /db/ answering 404', async () => {
    expect((await request(srv.app).get('/db')).status).toBe(404);
    expect((await request(srv.app).get('/db/').set(bearer(owner))).status).toBe(404);
  });

  it('gives the team database info to a member, never creating it', async () => {
    await serverDb().put({ _id: 'project:p1' });
    const res = await request(srv.app).get(`/db/${w.teamId}/`).set(bearer(owner));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ db_name: w.teamId, doc_count: 1, instance_start_time: '0' });
    expect(res.body.update_seq).toBeDefined();
    expect((await request(srv.app).put(`/db/${w.teamId}`).set(bearer(owner))).status).toBe(405);
    expect((await request(srv.app).delete(`/db/${w.teamId}`).set(bearer(owner))).status).toBe(405);
  });

  it("refuses one team reading or writing another team's database", async () => {
    const bobId = 'user:bob@example.com';
    const bobTeam = await ensureHomeTeam(w.store, bobId, Date.now());
    await w.store.db(teamDbName(bobTeam)).put({ _id: 'project:secret', name: 'Bob only' });
    const reason = 'You are not a member of this team. Ask its owner for an invitation.';
    const app = srv.app;
    const attempts = [
      request(app).get(`/db/${bobTeam}`),
      request(app).get(`/db/${bobTeam}/_changes?include_docs=true`),
      request(app).get(`/db/${bobTeam}/project%3Asecret`),
      request(app).post(`/db/${bobTeam}/_all_docs`).send({ keys: ['project:secret'] }),
      request(app).post(`/db/${bobTeam}/_bulk_get`).send({ docs: [{ id: 'project:secret' }] }),
      request(app).put(`/db/${bobTeam}/project%3Asecret`).send({ name: 'pwned' }),
      request(app).post(`/db/${bobTeam}/_bulk_docs`).send({ docs: [{ _id: 'act:x:y:00000' }] }),
      request(app).put(`/db/${bobTeam}/_local/checkpoint`).send({ last_seq: 1 }),
      request(app).get('/db/no-such-team/_changes'),
    ];
    for (const [i, attempt] of attempts.entries()) {
      const res = await attempt.set(bearer(owner));
      expect(res.status, `attempt ${i}`).toBe(403);
      expect(res.body).toEqual({ error: 'forbidden', reason });
    }
    expect((await w.store.db(teamDbName(bobTeam)).get<{ name: string }>('project:secret')).name).toBe('Bob only');
  });

  it('cuts a removed member off at the very next request', async () => {
    const ed = await member('eddie@example.com', 'editor');
    const first = await request(srv.app).put(`/db/${w.teamId}/act%3Ap%3Ai%3A00000`).set(bearer(ed.token)).send({ rows: [] });
    expect(first.status).toBe(201);
    await removeMember(w.store, w.teamId, ed.id, Date.now());
    const next = await request(srv.app).get(`/db/${w.teamId}/_changes`).set(bearer(ed.token));
    expect(next.status).toBe(403);
  });
});

describe('roles', () => {
  it('lets a viewer read and write checkpoints but not documents', async () => {
    await serverDb().put({ _id: 'project:p1', name: 'Tower' });
    const v = await member('vera@example.com', 'viewer');
    const app = srv.app;
    const reads = [
      request(app).get(`/db/${w.teamId}`),
      request(app).get(`/db/${w.teamId}/_changes?style=all_docs`),
      request(app).get(`/db/${w.teamId}/project%3Ap1`),
      request(app).post(`/db/${w.teamId}/_revs_diff`).send({ 'project:p1': ['1-abc'] }),
      request(app).post(`/db/${w.teamId}/_bulk_get?revs=true`).send({ docs: [{ id: 'project:p1' }] }),
      request(app).post(`/db/${w.teamId}/_all_docs`).send({ keys: ['project:p1'] }),
      request(app).get(`/db/${w.teamId}/_all_docs?include_docs=true`),
    ];
    for (const r of reads) expect((await r.set(bearer(v.token))).status).toBe(200);
    const cp = await request(app).put(`/db/${w.teamId}/_local/abc%3D%3D`).set(bearer(v.token)).send({ last_seq: 3 });
    expect(cp.status).toBe(201);
    const cpGet = await request(app).get(`/db/${w.teamId}/_local/abc%3D%3D`).set(bearer(v.token));
    expect(cpGet.body).toMatchObject({ _id: '_local/abc==', last_seq: 3 });

    const rev = (await serverDb().get('project:p1'))._rev;
    const writes = [
      request(app).put(`/db/${w.teamId}/project%3Ap1?rev=${rev}`).send({ name: 'changed' }),
      request(app).put(`/db/${w.teamId}/act%3Ap1%3Ai%3A00000`).send({ rows: [] }),
      request(app).delete(`/db/${w.teamId}/project%3Ap1?rev=${rev}`),
      request(app).post(`/db/${w.teamId}/_bulk_docs`).send({ docs: [{ _id: 'act:p1:i:00001' }] }),
      request(app).put(`/db/${w.teamId}/project%3Ap1/file.txt?rev=${rev}`).set('Content-Type', 'text/plain').send('hi'),
    ];
    for (const r of writes) {
      const res = await r.set(bearer(v.token));
      expect(res.status).toBe(403);
      expect(res.body.reason).toMatch(/^Viewers can read this team's projects but not change them/);
    }
    expect((await serverDb().get<{ name: string }>('project:p1')).name).toBe('Tower');
  });

  it('lets editors write documents and attachments', async () => {
    const ed = await member('eddie@example.com', 'editor');
    const put = await request(srv.app).put(`/db/${w.teamId}/import%3Ap1%3Ai1`).set(bearer(ed.token)).send({ name: 'a.xer' });
    expect(put.status).toBe(201);
    const att = await request(srv.app)
      .put(`/db/${w.teamId}/import%3Ap1%3Ai1/dir/a.txt?rev=${put.body.rev}`)
      .set(bearer(ed.token))
      .set('Content-Type', 'text/plain')
      .send('hello');
    expect(att.status).toBe(201);
    const back = await request(srv.app).get(`/db/${w.teamId}/import%3Ap1%3Ai1/dir/a.txt`).set(bearer(ed.token));
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toMatch(/^text\/plain/);
    expect(back.text).toBe('hello');
  });
});

describe('what the gateway refuses', () => {
  it('answers 404 for every endpoint replication does not use', async () => {
    const app = srv.app;
    const t = w.teamId;
    const attempts = [
      request(app).get('/db/_all_dbs'),
      request(app).get('/db/_session'),
      request(app).post('/db/_session').send({ name: 'a', password: 'b' }),
      request(app).get(`/db/${t}/_design/x/_view/y`),
      request(app).post(`/db/${t}/_find`).send({ selector: {} }),
      request(app).post(`/db/${t}/_compact`),
      request(app).get(`/db/${t}/_security`),
      request(app).put(`/db/${t}/_security`).send({}),
      request(app).post(`/db/${t}/_purge`).send({}),
      request(app).get(`/db/${t}/_index`),
      request(app).get(`/db/${t}/_local_docs`),
    ];
    for (const [i, attempt] of attempts.entries()) {
      const res = await attempt.set(bearer(owner));
      expect(res.status, `attempt ${i}`).toBe(404);
    }
    const known = await request(app).get(`/db/${t}/_find`).set(bearer(owner));
    expect(known.body).toMatchObject({ error: 'not_found' });
    expect(known.body.reason).toMatch(/not available through the sync gateway/);
  });

  it('answers 405 for methods an endpoint does not take', async () => {
    const res = await request(srv.app).get(`/db/${w.teamId}/_bulk_docs`).set(bearer(owner));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('never writes design documents', async () => {
    const reason = 'Design documents cannot be written through the sync gateway.';
    const put = await request(srv.app).put(`/db/${w.teamId}/_design/evil`).set(bearer(owner)).send({ views: {} });
    expect(put.status).toBe(403);
    expect(put.body.reason).toBe(reason);
    const bulk = await request(srv.app)
      .post(`/db/${w.teamId}/_bulk_docs`)
      .set(bearer(owner))
      .send({ docs: [{ _id: 'ok:1' }, { _id: '_design/evil', validate_doc_update: 'function(){}' }] });
    expect(bulk.status).toBe(403);
    expect(bulk.body.reason).toBe(reason);
    await expect(serverDb().get('ok:1')).rejects.toMatchObject({ status: 404 });
  });

  it('stores nothing of a deletion it refuses when the same _bulk_docs writes another revision of that document', async () => {
    // A comment with two leaves, one of which has since been edited (so it is no longer a leaf).
    const db = serverDb();
    const first = await db.put({ _id: 'comment:p1:c1', type: 'comment', text: 'one' });
    await db.bulkDocs([{ _id: 'comment:p1:c1', _rev: '1-0000000000000000000000000000beef', type: 'comment', text: 'two' }], { new_edits: false });
    await db.put({ _id: 'comment:p1:c1', _rev: first.rev, type: 'comment', text: 'one, edited' });
    const res = await request(srv.app)
      .post(`/db/${w.teamId}/_bulk_docs`)
      .set(bearer(owner))
      .send({
        docs: [
          { _id: 'comment:p1:c1', _rev: first.rev, _deleted: true },
          { _id: 'comment:p1:c1', _rev: '1-0000000000000000000000000000beef', _deleted: true },
        ],
      });
    expect(res.status).toBe(201);
    expect(res.body.map((r: { ok?: boolean; status?: number }) => (r.ok === true ? 'ok' : r.status))).toEqual([409, 'ok']);
    // The refusal as CouchDB words it, and nothing of the server's insides (PouchDB's error objects carry stack traces).
    expect(res.body[0]).toEqual({ id: 'comment:p1:c1', status: 409, error: 'conflict', reason: 'Document update conflict' });
    expect(JSON.stringify(res.body)).not.toMatch(/stack|node_modules|\.ts:/);
    // Every leaf on the server can be read (a refused tombstone stored as a leaf could not): the
    // edited one, live, and the deleted second leaf.
    const leaves = (await db.changes({ doc_ids: ['comment:p1:c1'], filter: '_doc_ids', style: 'all_docs', return_docs: true })).results[0].changes.map((c) => c.rev);
    expect(leaves).toHaveLength(2);
    const read = await Promise.all(leaves.map((rev) => db.get('comment:p1:c1', { rev }).then((d) => ((d as { _deleted?: boolean })._deleted ? 'deleted' : 'live'), (e: Error) => e.message)));
    expect(read.sort()).toEqual(['deleted', 'live']);
  });

  it('refuses continuous feeds and unknown filters', async () => {
    const c = await request(srv.app).get(`/db/${w.teamId}/_changes?feed=continuous`).set(bearer(owner));
    expect(c.status).toBe(400);
    const f = await request(srv.app).get(`/db/${w.teamId}/_changes?filter=app/mine`).set(bearer(owner));
    expect(f.status).toBe(400);
  });

  it('answers 413 for a body over the limit', async () => {
    const big = Buffer.alloc(51 * 1024 * 1024, 97);
    const res = await request(srv.app).put(`/db/${w.teamId}/import%3Ap%3Ai/big.bin`).set(bearer(owner)).set('Content-Type', 'application/octet-stream').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'too_large' });
    expect(res.body.reason).toMatch(/larger than the sync gateway accepts/);
  });
});

describe('the projects limit', () => {
  it("refuses a new project over the owner's limit, while chunks and updates still pass", async () => {
    const limits = await teamLimits(w.store, w.ownerId, Date.now(), priceCatalogueFromEnv(process.env));
    expect(limits.projects).toBeGreaterThan(0);
    expect(limits.projects).toBeLessThan(50);
    const app = srv.app;
    const t = w.teamId;
    let firstRev = '';
    for (let i = 0; i < limits.projects; i++) {
      const res = await request(app).put(`/db/${t}/project%3Ap${i}`).set(bearer(owner)).send({ name: `P${i}` });
      expect(res.status).toBe(201);
      if (i === 0) firstRev = res.body.rev as string;
    }
    const refused = await request(app).put(`/db/${t}/project%3Aextra`).set(bearer(owner)).send({ name: 'one too many' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'forbidden', reason: projectLimitMessage(limits) });

    // Replication (new_edits: false) is refused the same way, as a whole.
    const replicated = await request(app)
      .post(`/db/${t}/_bulk_docs`)
      .set(bearer(owner))
      .send({
        new_edits: false,
        docs: [
          { _id: 'project:extra', _rev: '1-aaaa', _revisions: { start: 1, ids: ['aaaa'] }, name: 'x' },
          { _id: 'act:extra:i:00000', _rev: '1-bbbb', _revisions: { start: 1, ids: ['bbbb'] } },
        ],
      });
    expect(replicated.status).toBe(403);
    expect(replicated.body.reason).toBe(projectLimitMessage(limits));
    await expect(serverDb().get('act:extra:i:00000')).rejects.toMatchObject({ status: 404 });

    // Chunk, import and mapping documents are not projects.
    const chunks = await request(app)
      .post(`/db/${t}/_bulk_docs`)
      .set(bearer(owner))
      .send({ docs: [{ _id: 'act:p0:i1:00000' }, { _id: 'import:p0:i1' }, { _id: 'mapping:abc' }, { _id: 'periods:p0:i1' }] });
    expect(chunks.status).toBe(201);
    // Updating an existing project passes.
    const update = await request(app).put(`/db/${t}/project%3Ap0?rev=${firstRev}`).set(bearer(owner)).send({ name: 'renamed' });
    expect(update.status).toBe(201);
    // Deleting one frees a slot.
    const del = await request(app).delete(`/db/${t}/project%3Ap0?rev=${update.body.rev}`).set(bearer(owner));
    expect(del.status).toBe(200);
    const again = await request(app).put(`/db/${t}/project%3Aextra`).set(bearer(owner)).send({ name: 'fits now' });
    expect(again.status).toBe(201);
  });
});

describe('_changes', () => {
  it('streams a normal feed with since, limit and doc_ids', async () => {
    await serverDb().bulkDocs([{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }]);
    const all = await request(srv.app).get(`/db/${w.teamId}/_changes?style=all_docs&since=0`).set(bearer(owner));
    expect(all.status).toBe(200);
    expect(all.body.results.map((r: { id: string }) => r.id)).toEqual(['a', 'b', 'c']);
    expect(all.body.last_seq).toBe(3);
    const limited = await request(srv.app).get(`/db/${w.teamId}/_changes?since=1&limit=1&include_docs=true`).set(bearer(owner));
    expect(limited.body.results).toHaveLength(1);
    expect(limited.body.results[0].doc._id).toBe('b');
    const byId = await request(srv.app).post(`/db/${w.teamId}/_changes?filter=_doc_ids`).set(bearer(owner)).send({ doc_ids: ['c'] });
    expect(byId.body.results.map((r: { id: string }) => r.id)).toEqual(['c']);
  });

  it('returns a longpoll when a change lands', async () => {
    await serverDb().put({ _id: 'before' });
    const started = Date.now();
    const pending = request(srv.app).get(`/db/${w.teamId}/_changes?feed=longpoll&since=now&timeout=10000&heartbeat=200`).set(bearer(owner));
    const done = pending.then((r) => r);
    await new Promise((r) => setTimeout(r, 400));
    await serverDb().put({ _id: 'landed' });
    const res = await done;
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(['landed']);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.text.startsWith('\n')).toBe(true); // heartbeats went out while it waited
  });

  it('stops listening for changes when the client goes away', async () => {
    await serverDb().info(); // the database registers its own listener once it is open
    const db = serverDb() as unknown as { listenerCount(event: string): number };
    const before = db.listenerCount('destroyed');
    const req = http.get(`${srv.origin}/db/${w.teamId}/_changes?feed=longpoll&since=now&timeout=10000`, { headers: bearer(owner) });
    req.on('error', () => undefined);
    const waitUntil = async (ok: () => boolean) => {
      for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
      return ok();
    };
    expect(await waitUntil(() => db.listenerCount('destroyed') > before)).toBe(true);
    req.destroy();
    expect(await waitUntil(() => db.listenerCount('destroyed') === before)).toBe(true);
  });

  it('returns an empty longpoll on timeout', async () => {
    await serverDb().put({ _id: 'before' });
    const started = Date.now();
    const res = await request(srv.app).get(`/db/${w.teamId}/_changes?feed=longpoll&since=1&timeout=300`).set(bearer(owner));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], last_seq: 1 });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('CouchDB mode', () => {
  interface Seen {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }
  let fake: http.Server;
  let seen: Seen[];
  let couchUrl: string;

  beforeEach(async () => {
    seen = [];
    fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url?.includes('/_changes')) {
          // Streams like CouchDB's longpoll: a heartbeat first, the answer later.
          res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'AuthSession=x' });
          res.write('\n');
          setTimeout(() => res.end('{"results":[],"last_seq":"5-g1AAAA"}\n'), 300);
          return;
        }
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' });
        res.end(req.url?.includes('_bulk_docs') ? '[]' : '{"db_name":"team"}');
      });
    });
    fake.listen(0, '127.0.0.1');
    await new Promise((r) => fake.once('listening', r));
    couchUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    fake.closeAllConnections();
    await new Promise((r) => fake.close(r));
  });

  /** A store that reads memberships from LevelDB but says its team databases live in CouchDB. */
  function couchStore(): Store & { couchUrl: string } {
    return { kind: 'couchdb', couchUrl, db: (name) => w.store.db(name), close: async () => undefined };
  }

  function couchApp(env: NodeJS.ProcessEnv = { COUCHDB_PROXY_SECRET: 'couch-proxy-secret' }) {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: w.dir, ...env });
    return createApp({ config, store: couchStore(), mailer: new DevOutbox(), authSecret: SECRET, rateLimits: false });
  }

  it('strips client credentials, adds proxy authentication and streams the answer', async () => {
    const app = couchApp();
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const chunks: { at: number; text: string }[] = [];
      const started = Date.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.get(
          `http://127.0.0.1:${port}/db/${w.teamId}/_changes?feed=longpoll&since=0&heartbeat=10000`,
          {
            headers: {
              ...bearer(owner),
              Cookie: 'AuthSession=stolen',
              'X-Auth-CouchDB-UserName': 'admin',
              'X-Auth-CouchDB-Roles': '_admin',
              'X-Auth-CouchDB-Token': 'forged',
            },
          },
          (res) => {
            res.on('data', (c: Buffer) => chunks.push({ at: Date.now() - started, text: c.toString() }));
            res.on('end', () => resolve(res.statusCode ?? 0));
            expect(res.headers['set-cookie']).toBeUndefined();
          },
        );
        req.on('error', reject);
      });
      expect(status).toBe(200);
      expect(JSON.parse(chunks.map((c) => c.text).join(''))).toEqual({ results: [], last_seq: '5-g1AAAA' });
      // The heartbeat arrived before the rest: nothing was buffered.
      expect(chunks[0].text).toBe('\n');
      expect(chunks.at(-1)!.at - chunks[0].at).toBeGreaterThanOrEqual(200);

      expect(seen).toHaveLength(1);
      const up = seen[0];
      expect(up.url).toBe(`/team_${w.teamId}/_changes?feed=longpoll&since=0&heartbeat=10000`);
      expect(up.headers.authorization).toBeUndefined();
      expect(up.headers.cookie).toBeUndefined();
      expect(up.headers['x-auth-couchdb-username']).toBe(w.ownerId);
      expect(up.headers['x-auth-couchdb-roles']).toBe(`team_${w.teamId},team_${w.teamId}_owner`);
      const hmac = createHmac('sha256', 'couch-proxy-secret').update(w.ownerId).digest('hex');
      expect(up.headers['x-auth-couchdb-token']).toBe(hmac);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('applies the same rules before anything reaches CouchDB', async () => {
    const app = couchApp();
    const v = await member('vera@example.com', 'viewer');
    const write = await request(app).post(`/db/${w.teamId}/_bulk_docs`).set(bearer(v.token)).send({ docs: [{ _id: 'x' }] });
    expect(write.status).toBe(403);
    const bobTeam = await ensureHomeTeam(w.store, 'user:bob@example.com', Date.now());
    expect((await request(app).get(`/db/${bobTeam}`).set(bearer(owner))).status).toBe(403);
    expect((await request(app).get(`/db/${w.teamId}/_all_dbs`).set(bearer(owner))).status).toBe(404);
    expect(seen).toHaveLength(0);

    const ok = await request(app)
      .post(`/db/${w.teamId}/_bulk_docs`)
      .set(bearer(owner))
      .send({ new_edits: false, docs: [{ _id: 'act:p:i:00000', _rev: '1-a', _revisions: { start: 1, ids: ['a'] } }] });
    expect(ok.status).toBe(201);
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe(`/team_${w.teamId}/_bulk_docs`);
    expect(JSON.parse(seen[0].body)).toMatchObject({ new_edits: false, docs: [{ _id: 'act:p:i:00000' }] });
    expect(seen[0].headers['x-auth-couchdb-roles']).toBe(`team_${w.teamId},team_${w.teamId}_owner`);

    const viewerRead = await request(app).get(`/db/${w.teamId}/act%3Ap%3Ai%3A00000?revs=true`).set(bearer(v.token));
    expect(viewerRead.status).toBe(200);
    expect(seen[1].url).toBe(`/team_${w.teamId}/act%3Ap%3Ai%3A00000?revs=true`);
    expect(seen[1].headers['x-auth-couchdb-roles']).toBe(`team_${w.teamId},team_${w.teamId}_viewer`);
  });

  it('signs with HMAC-SHA1 for older CouchDB releases when COUCHDB_PROXY_HASH=sha1', async () => {
    vi.stubEnv('COUCHDB_PROXY_HASH', 'sha1');
    try {
      const res = await request(couchApp()).get(`/db/${w.teamId}`).set(bearer(owner));
      expect(res.status).toBe(200);
      expect(seen[0].url).toBe(`/team_${w.teamId}/`);
      const sha1 = createHmac('sha1', 'couch-proxy-secret').update(w.ownerId).digest('hex');
      expect(seen[0].headers['x-auth-couchdb-token']).toBe(sha1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('answers 503 naming COUCHDB_PROXY_SECRET when it is not set', async () => {
    const app = couchApp({});
    const res = await request(app).get(`/db/${w.teamId}`).set(bearer(owner));
    expect(res.status).toBe(503);
    expect(res.body.reason).toMatch(/COUCHDB_PROXY_SECRET/);
    expect(seen).toHaveLength(0);
  });
});
