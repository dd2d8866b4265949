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
import { projectLimitMessage } from '../../../server/teams/limits';
import { Backoff, SyncController, createTokenSource, seededRandom } from '../../../src/local/sync';
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

  it('counts changes waiting while offline, refuses to wait for them then, and sends them when the network returns', async () => {
    const a = await dev('a');
    await until(() => a.status().state === 'synced', 10_000, 'synced');
    a.sync.setOnline(false);
    await a.db.bulkDocs([{ _id: 'x:1' }, { _id: 'x:2' }, { _id: 'x:3' }]);
    await until(() => a.status().state === 'offline' && a.status().pending === 3, 5_000, 'offline with 3 waiting');

    const report = await a.sync.pendingChanges();
    expect(report).toEqual([{ teamId: g.w.teamId, teamName: "ada's team", pending: 3, canSend: false, why: 'This device is offline.' }]);
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
    const seen = a.requests.length;
    await sleep(600); // ten backoff caps of this device
    expect(a.requests.length).toBe(seen);
    expect(refreshes).toBe(1);
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
