/**
 * The sync engine (src/local/sync) against the real gateway: devices converge live, a token that
 * expires mid-replication is refreshed once, a viewer's write is refused once and shown, the
 * server's Retry-After and the backoff are obeyed (fake clock), and sign-out knows what is unsent.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, teamDbName } from '../../../server/store';
import { FORBIDDEN_NOT_MEMBER, FORBIDDEN_VIEWER, planEndedMessage } from '../../../server/sync/errors';
import { ensureHomeTeam } from '../../../server/teams/home';
import { createTeamQueue } from '../../../server/sync/projectLimit';
import { projectLimitMessage } from '../../../server/teams/limits';
import { addMember } from '../../../server/teams/membership';
import { Backoff, SyncController, createTokenSource, seededRandom } from '../../../src/local/sync';
import { moveProject } from '../../../src/local/sync/move';
import { writeFields } from '../../../src/local/sync/mutable';
import { GATEWAY_REASONS } from '../../../src/local/sync/problems';
import { PouchDB, tokenFor } from './helpers';
import { FakeClock, device, gateway, listenAt, sleep, until, type Device, type Gateway } from './deviceHelpers';

let g: Gateway;
const devices: Device[] = [];

beforeEach(async () => {
  g = await gateway('earnest-sync-engine-');
});

afterEach(async () => {
  for (const d of devices.splice(0)) await d.close();
  await g.close();
});

async function dev(name: string, opts: Parameters<typeof device>[2] = {}): Promise<Device> {
  const d = await device(g, name, opts);
  devices.push(d);
  return d;
}

const serverDb = () => g.w.store.db(teamDbName(g.w.teamId));
const count = (d: Device, re: RegExp) => d.requests.filter((r) => re.test(r)).length;

describe('devices replicating through the gateway', () => {
  it('sends and receives live, and reports synced with nothing waiting and the time of the sync', async () => {
    const a = await dev('a');
    const b = await dev('b');
    const before = Date.now();
    await a.db.put({ _id: 'project:p1', type: 'project', projectId: 'p1', name: 'Tower', currency: 'GBP' });
    await until(async () => !!(await b.db.get('project:p1').catch(() => null)), 10_000, 'b to receive the project');
    await until(() => a.status().state === 'synced' && b.status().state === 'synced', 10_000, 'both synced');
    expect(a.status().pending).toBe(0);
    expect(a.status().lastSyncedAt).toBeGreaterThanOrEqual(before);
    expect((await serverDb().get<{ name: string }>('project:p1')).name).toBe('Tower');
  });

  it('holds replication while a big local write runs (an import\'s save), then sends everything from its checkpoint', async () => {
    const a = await dev('a');
    const b = await dev('b');
    await until(() => a.status().state === 'synced' && b.status().state === 'synced', 10_000, 'both synced');
    const release = a.sync.hold(g.w.teamId);
    // Let the hold's disconnect finish, then write as a save does, in batches.
    await sleep(200);
    for (let batch = 0; batch < 3; batch++) await a.db.bulkDocs(Array.from({ length: 50 }, (_, i) => ({ _id: `chunk:${batch}:${i}`, batch })));
    await sleep(1_500);
    expect((await serverDb().allDocs({ keys: ['chunk:0:0', 'chunk:2:49'] })).rows.every((r) => 'error' in r)).toBe(true);
    expect(a.status().pending).toBe(150);
    // A second release of the same hold changes nothing; the release resumes replication.
    release();
    release();
    await until(async () => !!(await b.db.get('chunk:2:49').catch(() => null)), 10_000, 'b to receive the last chunk');
    await until(() => a.status().state === 'synced' && a.status().pending === 0, 10_000, 'synced');
    expect((await serverDb().allDocs({ keys: ['chunk:0:0', 'chunk:2:49'] })).rows.every((r) => !('error' in r))).toBe(true);
  });

  it('counts changes waiting while offline, refuses to wait for them then, and sends them when the network returns', async () => {
    const a = await dev('a');
    await until(() => a.status().state === 'synced', 10_000, 'synced');
    a.sync.setOnline(false);
    await a.db.bulkDocs([{ _id: 'x:1' }, { _id: 'x:2' }, { _id: 'x:3' }]);
    await until(() => a.status().state === 'offline' && a.status().pending === 3, 5_000, 'offline with 3 waiting');

    const report = await a.sync.pendingChanges();
    expect(report).toEqual([{ teamId: g.w.teamId, teamName: "ada's team", isHome: true, pending: 3, canSend: false, why: 'This device is offline.' }]);
    const t0 = Date.now();
    const early = await a.sync.waitForSent({ timeoutMs: 10_000 });
    expect(early.sent).toBe(false);
    expect(Date.now() - t0).toBeLessThan(2_000); // returns at once: waiting cannot help offline
    expect(early.waiting.map((w) => w.pending)).toEqual([3]);

    a.sync.setOnline(true);
    const done = await a.sync.waitForSent({ timeoutMs: 10_000 });
    expect(done).toEqual({ sent: true, waiting: [] });
    const onServer = await serverDb().allDocs({ keys: ['x:1', 'x:2', 'x:3'] });
    expect(onServer.rows.every((r) => !('error' in r))).toBe(true);
    await until(() => a.status().state === 'synced' && a.status().pending === 0, 5_000, 'synced');
  });

  it('refreshes an access token that expires mid-replication once, and the replication completes', async () => {
    // A real account (sign-up sets the refresh cookie) on a server whose clock the test moves.
    const dir = mkdtempSync(join(tmpdir(), 'earnest-sync-expiry-'));
    const store = openStore({ dataDir: dir });
    let offset = 0;
    const srv = await listenAt(store, dir, () => Date.now() + offset);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${srv.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    let cookie = '';
    const keepCookie = (res: Response) => {
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0];
    };
    const signup = await post('/api/auth/signup', { email: 'expiry@example.com', password: 'a long enough passphrase 42' });
    expect(signup.status).toBe(201);
    keepCookie(signup);
    const { accessToken } = (await signup.json()) as { accessToken: string };
    const teams = (await (await fetch(`${srv.origin}/api/teams`, { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as {
      teams: { id: string; name: string; role: 'owner'; is_home: boolean }[];
    };
    const home = teams.teams.find((t) => t.is_home);
    expect(home).toBeDefined();

    const tokens = createTokenSource({
      initial: accessToken,
      refresh: async () => {
        const res = await post('/api/auth/refresh', {}, { Cookie: cookie });
        keepCookie(res);
        if (res.status === 401) return null;
        return ((await res.json()) as { accessToken: string }).accessToken;
      },
      locks: null,
      channelName: null,
    });
    const db = new PouchDB(`expiry-${Date.now()}`, { adapter: 'memory' });
    const statuses: number[] = [];
    let bulkDocs = 0;
    const sync = new SyncController({
      origin: srv.origin,
      PouchDB,
      openDb: () => db,
      tokens,
      network: null,
      batchSize: 20,
      onResponse: (_t, url, status) => {
        statuses.push(status);
        // After the first batch arrives, the server's clock jumps past the token's 15 minutes.
        if (url.endsWith('/_bulk_docs') && status === 201 && ++bulkDocs === 1) offset += 16 * 60_000;
      },
    });
    try {
      await db.bulkDocs(Array.from({ length: 200 }, (_, i) => ({ _id: `note:${String(i).padStart(3, '0')}`, i })));
      sync.start([home!]);
      await until(async () => (await store.db(teamDbName(home!.id)).info()).doc_count === 200, 20_000, 'all 200 documents on the server');
      await until(() => sync.getSnapshot().teams[0]?.state === 'synced', 10_000, 'synced');
      expect(bulkDocs).toBeGreaterThan(1); // the rest went after the clock jump
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
      expect(tokens.refreshCount).toBe(1);
      expect(sync.getSnapshot().teams[0].problem).toBeNull();
    } finally {
      await sync.close();
      tokens.close();
      await srv.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops with "signed out" when the refresh is refused, without retrying', async () => {
    const expired = await tokenFor(g.w.ownerId, Date.now() - 20 * 60_000);
    let refreshes = 0;
    const a = await dev('a', {
      tokens: createTokenSource({
        initial: expired,
        refresh: async () => {
          refreshes++;
          return null;
        },
        locks: null,
        channelName: null,
      }),
    });
    await until(() => a.status().state === 'error', 5_000, 'the error');
    expect(a.status().problem).toMatchObject({ code: 'signed-out', why: 'Signed out: sign in again to sync.' });
    await sleep(100); // requests already under way when the first 401 came back finish
    const seen = a.requests.length;
    await sleep(600); // ten backoff caps of this device
    expect(a.requests.length).toBe(seen);
    expect(refreshes).toBe(1);

    // Signing in again: the new token is handed over and sync starts again, the error gone.
    a.tokens.set(await tokenFor(g.w.ownerId));
    await a.db.put({ _id: 'note:after-sign-in' });
    a.sync.start([{ id: g.w.teamId, name: "ada's team", role: 'owner', is_home: true }]);
    await until(() => a.status().state === 'synced', 10_000, 'synced after signing in again');
    expect(a.status().problem).toBeNull();
    expect((await serverDb().get('note:after-sign-in'))._id).toBe('note:after-sign-in');
  });

  it("refuses a viewer's write at the gateway once, shows it as the error, and keeps receiving the team's changes", async () => {
    const viewerId = await g.member('vera@example.com', 'viewer');
    // The device still believes Vera is an editor (her role changed since it last asked).
    const v = await dev('vera', { userId: viewerId, role: 'editor', teamName: 'Bridge team' });
    const owner = await dev('owner');
    await v.db.put({ _id: 'comment:p1:c1', type: 'comment', projectId: 'p1', text: 'Looks late' });
    await until(() => v.status().state === 'error', 10_000, 'the viewer error');
    expect(v.status().problem).toEqual({
      code: 'viewer',
      why: 'Your role in "Bridge team" is viewer: changes made on this device cannot be sent.',
      action: "Ask a team owner or admin for the editor role. The team's own changes still arrive here.",
    });
    expect(v.status().pending).toBe(1);

    await owner.db.put({ _id: 'project:p2', type: 'project', projectId: 'p2', name: 'Depot', currency: 'GBP' });
    await until(async () => !!(await v.db.get('project:p2').catch(() => null)), 10_000, 'the owner’s project on the viewer’s device');
    await sleep(600); // many backoff periods of this device: no loop
    expect(count(v, /^POST \/_bulk_docs 403$/)).toBe(1);
    expect(count(v, /^POST \/_bulk_docs/)).toBe(1);
    await expect(serverDb().get('comment:p1:c1')).rejects.toMatchObject({ status: 404 });

    // Told the role: still pull-only, still the error, still no push.
    v.sync.setTeams([{ id: g.w.teamId, name: 'Bridge team', role: 'viewer', is_home: false }]);
    await sleep(300);
    expect(v.status()).toMatchObject({ state: 'error', pending: 1, problem: { code: 'viewer' } });
    expect(count(v, /^POST \/_bulk_docs/)).toBe(1);
  });

  it('shows a viewer with nothing of their own to send as synced', async () => {
    const viewerId = await g.member('val@example.com', 'viewer');
    const owner = await dev('owner');
    await owner.db.put({ _id: 'project:p3', type: 'project', projectId: 'p3', name: 'Quay', currency: 'GBP' });
    const v = await dev('val', { userId: viewerId, role: 'viewer' });
    await until(async () => !!(await v.db.get('project:p3').catch(() => null)), 10_000, 'the project');
    await until(() => v.status().state === 'synced', 10_000, 'synced');
    expect(count(v, /_bulk_docs/)).toBe(0);
  });
});

describe('waiting after errors (fake clock)', () => {
  /** Holds `n` of the owner's `_changes` feeds open on the gateway (its limit is 4 per user). */
  async function holdFeeds(n: number): Promise<() => void> {
    const token = await tokenFor(g.w.ownerId);
    const reqs: http.ClientRequest[] = [];
    await Promise.all(
      Array.from({ length: n }, (_, i) => {
        return new Promise<void>((resolve, reject) => {
          const req = http.request(`${g.srv.origin}/db/${g.w.teamId}/_changes?feed=longpoll&timeout=60000&since=now&x=${i}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          req.on('error', () => undefined);
          // A waiting longpoll answers its headers at once (200) and holds the slot until it ends.
          req.on('response', (res) => (res.statusCode === 200 ? resolve() : reject(new Error(`feed answered ${res.statusCode}`))));
          req.end();
          reqs.push(req);
        });
      }),
    );
    return () => reqs.forEach((r) => r.destroy());
  }

  it("waits at least the gateway's Retry-After before trying again", async () => {
    const release = await holdFeeds(4);
    const clock = new FakeClock();
    const a = await dev('a', { clock, backoff: { baseMs: 1_000, capMs: 60_000 } });
    await until(() => a.status().state === 'error', 10_000, 'the 429');
    expect(a.status().problem?.code).toBe('busy');
    expect(count(a, /^GET \/_changes.* 429$|^POST \/_changes.* 429$/)).toBeGreaterThanOrEqual(1);
    const wait = (a.status().retryAt ?? 0) - clock.now();
    expect(wait).toBeGreaterThanOrEqual(5_000); // Retry-After: 5 (server/sync/limits.ts), above the 1 s backoff step

    // Requests sent before the 429 (the other direction's) may still be answering: `requests` logs
    // answers, so count from when no more arrive, or a late answer reads as an early retry.
    for (let n = -1; n !== a.requests.length; ) {
      n = a.requests.length;
      await sleep(200);
    }
    const asked = a.requests.length;
    clock.advance(wait - 1);
    await sleep(300);
    expect(a.requests.length).toBe(asked); // not one request before the time is up

    release();
    await sleep(100);
    clock.advance(1);
    await until(() => a.status().state === 'synced', 10_000, 'synced after the wait');
  });

  it('backs off exponentially with jitter, capped, the same for the same seed, and starts again from the base after a success', async () => {
    await g.srv.stop(); // nothing listens: every attempt fails at once
    const clock = new FakeClock();
    const a = await dev('a', { clock, random: seededRandom(7), backoff: { baseMs: 1_000, capMs: 8_000 } });
    const expected = new Backoff({ baseMs: 1_000, capMs: 8_000, random: seededRandom(7) });
    const waits: number[] = [];
    let last: number | null = null;
    for (let i = 0; i < 6; i++) {
      await until(() => a.status().retryAt !== null && a.status().retryAt !== last, 10_000, `failure ${i + 1}`);
      last = a.status().retryAt;
      expect(a.status().problem?.code).toBe('unreachable');
      const wait = (a.status().retryAt as number) - clock.now();
      waits.push(wait);
      expect(wait).toBe(expected.next());
      clock.advance(wait);
    }
    // Steps 1, 2, 4, 8, 8, 8 s: each wait between half its step and the step.
    const steps = [1_000, 2_000, 4_000, 8_000, 8_000, 8_000];
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(steps[i] / 2);
      expect(w).toBeLessThanOrEqual(steps[i]);
    });
    expect(new Set(waits).size).toBeGreaterThan(1); // jittered, not a fixed ladder

    await g.restart();
    await until(() => a.status().retryAt !== null && a.status().retryAt !== last, 10_000, 'the next attempt');
    clock.advance((a.status().retryAt as number) - clock.now());
    await until(() => a.status().state === 'synced', 10_000, 'synced once the server is back');

    await g.srv.stop();
    await a.db.put({ _id: 'x:after' });
    await until(() => a.status().retryAt !== null, 10_000, 'a failure after the success');
    const again = (a.status().retryAt as number) - clock.now();
    expect(again).toBeGreaterThanOrEqual(500);
    expect(again).toBeLessThanOrEqual(1_000);
    await g.restart(); // so afterEach can stop it
  });
});

describe('refusal wording', () => {
  it("recognises the gateway's refusals by the start of their reason", () => {
    expect(FORBIDDEN_VIEWER.startsWith(GATEWAY_REASONS.viewer)).toBe(true);
    expect(FORBIDDEN_NOT_MEMBER.startsWith(GATEWAY_REASONS.notMember)).toBe(true);
    expect(planEndedMessage(Date.UTC(2026, 2, 1)).startsWith(GATEWAY_REASONS.planEnded)).toBe(true);
    expect(projectLimitMessage({ users: 1, projects: 3, planName: 'free' }).startsWith(GATEWAY_REASONS.projectLimit)).toBe(true);
  });
});

describe('a project moving between spaces', () => {
  it("leaves Ada's personal space and arrives in Bob's team on every device, only once the team's server has it", async () => {
    const bobId = 'user:bob@example.com';
    const bobTeam = await ensureHomeTeam(g.w.store, bobId, Date.now());
    await addMember(g.w.store, bobTeam, g.w.ownerId, 'editor', Date.now());
    const home = { id: g.w.teamId, name: "ada's team", role: 'owner' as const, is_home: true };
    const shared = { id: bobTeam, name: "bob's team", role: 'editor' as const, is_home: false };

    const made: SyncController[] = [];
    const deviceOf = async (userId: string, teams: (typeof home | typeof shared)[]) => {
      const dbs = new Map<string, PouchDB.Database>();
      const sync = new SyncController({
        origin: g.srv.origin,
        PouchDB,
        openDb: (team) => {
          const db = new PouchDB(`move-${team.id}-${Math.random()}`, { adapter: 'memory' });
          dbs.set(team.id, db);
          return db;
        },
        tokens: createTokenSource({ initial: await tokenFor(userId), refresh: () => tokenFor(userId), locks: null, channelName: null }),
        network: null,
        backoff: { baseMs: 20, capMs: 200 },
      });
      made.push(sync);
      sync.start(teams);
      for (const t of teams) await sync.database(t.id);
      return { sync, db: (teamId: string) => dbs.get(teamId) as PouchDB.Database };
    };
    try {
      const laptop = await deviceOf(g.w.ownerId, [home, shared]);
      const tablet = await deviceOf(g.w.ownerId, [home, shared]);
      const bob = await deviceOf(bobId, [shared]);
      await writeFields(laptop.db(home.id), 'project:p7', { name: 'Viaduct', currency: 'GBP' }, { deviceId: 'laptop', create: { type: 'project', fixed: { projectId: 'p7', createdAt: '2026-01-05T00:00:00.000Z' } } });
      await laptop.db(home.id).bulkDocs([
        { _id: 'act:p7:i1:00000', type: 'chunk', kind: 'act', projectId: 'p7', importId: 'i1', n: 0, items: [{ id: 'A1' }] },
        { _id: 'import:p7:i1', type: 'import', projectId: 'p7', importId: 'i1', fileName: 'viaduct.xer', chunks: { act: 1 } },
      ]);
      await until(async () => !!(await tablet.db(home.id).get('import:p7:i1').catch(() => null)), 10_000, 'the tablet to have the project');

      let onTeamServerBeforeDelete = false;
      const report = await moveProject(laptop.db(home.id), laptop.db(shared.id), 'p7', {
        targetName: 'bob-team',
        beforeDelete: async (ids) => {
          const sent = await laptop.sync.waitForSent({ timeoutMs: 10_000 });
          expect(sent.sent).toBe(true);
          const there = await g.w.store.db(teamDbName(bobTeam)).allDocs({ keys: [...ids] });
          onTeamServerBeforeDelete = there.rows.every((r) => !('error' in r) && !(r as { value?: { deleted?: boolean } }).value?.deleted);
        },
      });
      expect(report.copied).toBe(3);
      expect(onTeamServerBeforeDelete).toBe(true);

      await until(async () => !!(await bob.db(shared.id).get('import:p7:i1').catch(() => null)), 10_000, "Bob's device to have the project");
      await until(async () => (await tablet.db(home.id).get('project:p7').catch(() => null)) === null, 10_000, 'the project to leave the personal space on the tablet');
      expect(((await bob.db(shared.id).get('project:p7')) as { name?: string }).name).toBe('Viaduct');
      expect(((await tablet.db(shared.id).get('project:p7').catch(() => null)) as { name?: string } | null)?.name).toBe('Viaduct');
      await expect(g.w.store.db(teamDbName(g.w.teamId)).get('project:p7')).rejects.toMatchObject({ status: 404 });
    } finally {
      for (const s of made) await s.close();
    }
  });
});

describe('one replicating tab per device', () => {
  it('lets a second tab wait for the sync lock, and take over when the first stops', async () => {
    // Web Locks as a browser grants them: one holder per name, the others queued in order.
    const tails = new Map<string, Promise<unknown>>();
    const locks = {
      request<T>(name: string, cb: (lock: unknown) => Promise<T> | T): Promise<T> {
        const run = (tails.get(name) ?? Promise.resolve()).then(() => cb({ name }));
        tails.set(name, run.catch(() => undefined));
        return run;
      },
    };
    const leaderLock = { name: `earnest:sync:${g.w.ownerId}`, locks };
    const first = await dev('tab1', { leaderLock });
    await until(() => first.status().state === 'synced', 10_000, 'the first tab synced');
    const second = await dev('tab2', { leaderLock });
    await sleep(200);
    expect(second.sync.getSnapshot()).toMatchObject({ running: false, standby: true });
    expect(second.requests).toEqual([]);

    await serverDb().put({ _id: 'note:from-team', text: 'hello' });
    await first.sync.stop();
    await until(async () => !!(await second.db.get('note:from-team').catch(() => null)), 10_000, 'the second tab to sync');
    expect(second.sync.getSnapshot()).toMatchObject({ running: true, standby: false });
  });
});

describe('connections', () => {
  it('holds no _changes feed on the server once it went offline, even when that happened while replication was starting', async () => {
    // A slow network: checkpoint reads take 150 ms, so "offline" arrives while replication starts
    // (PouchDB then still opened its live feed, and nothing ever closed it).
    const slow = async (url: string | Request, init?: RequestInit) => {
      if (String(url).includes('/_local/') && (init?.method ?? 'GET') === 'GET') await sleep(150);
      return fetch(url, init);
    };
    const a = await dev('a', { fetch: slow });
    await sleep(60);
    a.sync.setOnline(false);
    await sleep(600);
    expect(a.status().state).toBe('offline');
    expect(g.openFeeds()).toEqual([]);
    a.sync.setOnline(true);
    await until(() => a.status().state === 'synced', 10_000, 'synced again');
    await until(() => g.openFeeds().length === 1, 5_000, 'its one live feed');
    await sleep(200);
    expect(g.openFeeds()).toHaveLength(1);
  });
});

describe('the waiting count', () => {
  it('asks the server again when the question about what it lacks was lost, rather than staying "syncing"', async () => {
    // The connection drops on the engine's own question: the first _revs_diff about the note once
    // the server has it (the replication asks before sending it; the engine asks after).
    let dropped = 0;
    const flaky = async (url: string | Request, init?: RequestInit) => {
      if (dropped === 0 && String(url).endsWith('/_revs_diff') && String(init?.body).includes('note:lost-question')) {
        const there = await serverDb().get('note:lost-question').catch(() => null);
        if (there) {
          dropped++;
          throw new TypeError('fetch failed');
        }
      }
      return fetch(url, init);
    };
    const a = await dev('a', { fetch: flaky });
    await until(() => a.status().state === 'synced', 10_000, 'synced');
    await a.db.put({ _id: 'note:lost-question' });
    await until(() => dropped === 1, 10_000, 'the question to be lost');
    await until(() => a.status().state === 'synced', 10_000, 'synced, the lost question asked again');
    expect(a.status().pending).toBe(0);
  });
});

describe('a server that lost what it acknowledged', () => {
  it('sends again, by id, a document the server lacks although replication is past it', async () => {
    // A fault between device and server: the first _bulk_docs that carries the note loses it on
    // the way, yet the server answers as for the whole batch (as a server that acknowledged a write
    // and did not keep it across a crash). PouchDB's checkpoint then moves past the note.
    let lost = false;
    const lossy = async (url: string | Request, init?: RequestInit) => {
      if (!lost && String(url).endsWith('/_bulk_docs') && typeof init?.body === 'string' && init.body.includes('note:lost')) {
        lost = true;
        const body = JSON.parse(init.body) as { docs: { _id: string }[]; new_edits?: boolean };
        body.docs = body.docs.filter((d) => d._id !== 'note:lost');
        return fetch(url, { ...init, body: JSON.stringify(body) });
      }
      return fetch(url, init);
    };
    const a = await dev('a', { fetch: lossy });
    await until(() => a.status().state === 'synced', 10_000, 'synced');
    await a.db.bulkDocs([{ _id: 'note:kept', text: 'arrives' }, { _id: 'note:lost', text: 'lost on the way, sent again' }]);
    await until(() => lost, 10_000, 'the lossy batch');
    await until(() => a.status().state === 'synced', 10_000, 'synced, with the note sent again');
    expect((await serverDb().get<{ text: string }>('note:lost')).text).toBe('lost on the way, sent again');
    expect(a.sync.diagnostics()[g.w.teamId].repairs).toBe(1);
  });
});

describe('the gateway under clients that go away', () => {
  it('gives a feed slot back when the client left before the gateway took it (gateway fix: a slot taken after the close was never released)', async () => {
    const token = await tokenFor(g.w.ownerId);
    const url = `${g.srv.origin}/db/${g.w.teamId}/_changes?feed=longpoll&since=now&timeout=60000`;
    // Feeds abandoned at once, as a replication stopped while starting abandons its feed: the
    // abort often lands while the gateway is still checking membership, before it takes a slot.
    for (let i = 0; i < 60; i++) {
      const c = new AbortController();
      const sent = fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: c.signal }).catch(() => undefined);
      await sleep(i % 3);
      c.abort();
      await sent;
    }
    await sleep(300);
    // All four of this user's slots are free: four longpolls are accepted.
    const held = Array.from({ length: 4 }, () => new AbortController());
    const statuses = await Promise.all(held.map((c) => fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: c.signal }).then((r) => r.status)));
    held.forEach((c) => c.abort());
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});

describe("the gateway's queue of project writes", () => {
  it("runs one team's writes one at a time, other teams' beside them, and belongs to one gateway only (gateway fix: it was shared by every app in the process)", async () => {
    const queue = createTeamQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} starts`);
      await sleep(ms);
      log.push(`${name} ends`);
      return name;
    };
    const all = Promise.all([queue('t1', task('a', 30)), queue('t1', task('b', 5)), queue('t2', task('c', 5))]);
    expect(await all).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'c starts', 'c ends', 'a ends', 'b starts', 'b ends']);

    // A write an earlier app never finished (its store closed under it) holds its own queue only:
    // the server that replaced it answers the team's project writes.
    const before = createTeamQueue();
    void before('t1', () => new Promise(() => undefined));
    const after = createTeamQueue();
    expect(await Promise.race([after('t1', async () => 'answered'), sleep(1_000).then(() => 'held')])).toBe('answered');
  });
});
