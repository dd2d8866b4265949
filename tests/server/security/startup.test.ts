/**
 * Start-up safety (issue 11 items 1, 15, 16): the refusals of assertSafeToStart and the real server
 * entry point, the private data directory, and URLs in 5xx log lines.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { assertSafeToStart, isLoopbackAddress, loadConfig } from '../../../server/config';
import { urlForLog } from '../../../server/http/logUrl';
import { ensurePrivateDataDir, openStore } from '../../../server/store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-startup-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('assertSafeToStart', () => {
  const check = (env: Record<string, string>) => () => assertSafeToStart(loadConfig(env));

  it('npm start (no flag) may serve any interface', () => {
    expect(check({})).not.toThrow();
    expect(check({ HOST: '0.0.0.0' })).not.toThrow();
    expect(check({ HOST: '0.0.0.0', NODE_ENV: 'production' })).not.toThrow();
  });

  it('the dev outbox on loopback is allowed', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) expect(check({ HOST, EARNEST_DEV_OUTBOX: '1' })).not.toThrow();
  });

  it('refuses the dev outbox on a non-loopback HOST, naming HOST and what to do', () => {
    for (const HOST of ['0.0.0.0', '::', '192.0.2.10', 'earnest.example.com']) {
      expect(check({ HOST, EARNEST_DEV_OUTBOX: '1' })).toThrow(
        new RegExp(`^HOST=${HOST.replace(/\./g, '\\.')} is not a loopback address.*use HOST=127\\.0\\.0\\.1 for development, or unset EARNEST_DEV_OUTBOX`),
      );
    }
  });

  it('refuses the dev outbox in production', () => {
    expect(check({ NODE_ENV: 'production', EARNEST_DEV_OUTBOX: '1' })).toThrow(/^EARNEST_DEV_OUTBOX=1 is not allowed with NODE_ENV=production.*set SMTP_URL/);
  });

  it('loopback means 127/8 and ::1 (also IPv4-mapped), nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '127.example.com', '', undefined]) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});

/** Runs the real entry point with `env`; resolves with its exit code and output (killed after 30 s). */
function runServer(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe('server/index.ts refuses to start', () => {
  it('HOST=0.0.0.0 with EARNEST_DEV_OUTBOX=1: one line naming HOST, exit 1, never listening', async () => {
    const r = await runServer({ HOST: '0.0.0.0', PORT: '0', EARNEST_DEV_OUTBOX: '1', DATA_DIR: join(dir, 'data') });
    expect(r.code).toBe(1);
    expect(r.err.trim()).toMatch(/^Earnest cannot start: HOST=0\.0\.0\.0 is not a loopback address.*EARNEST_DEV_OUTBOX/);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.out).not.toMatch(/listening/i);
    expect(() => statSync(join(dir, 'data'))).toThrow(); // refused before touching anything
  }, 40_000);

  it('AUTH_SECRET set to the development secret earlier versions published', async () => {
    const r = await runServer({ PORT: '0', AUTH_SECRET: 'earnest-development-secret-do-not-use-in-production', DATA_DIR: join(dir, 'data') });
    expect(r.code).toBe(1);
    expect(r.err.trim()).toMatch(/^Earnest cannot start: AUTH_SECRET is a value published in Earnest's source code/);
    expect(r.out).not.toMatch(/listening/i);
  }, 40_000);
});

describe('server/index.ts with the defaults (npm start)', () => {
  it.skipIf(process.platform === 'win32')('listens on 127.0.0.1, keeps its data private (0700 directory, 0600 files) and has no outbox', async () => {
    const dataDir = join(dir, 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let log = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 30 s:\n${log}`)), 30_000);
        const onData = (d: Buffer) => {
          log += d.toString();
          const m = /listening on (http:\/\/[^ ]+)/.exec(log);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => reject(new Error(`exited ${code}:\n${log}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/api/dev/outbox`)).status).toBe(404);
      const signup = await fetch(`${url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', password: 'a perfectly fine password' }),
      });
      expect(signup.status).toBe(201);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, 'accounts')).mode & 0o077).toBe(0); // LevelDB's own files and directories
      for (const f of readdirSync(join(dataDir, 'accounts'))) expect(statSync(join(dataDir, 'accounts', f)).mode & 0o077, f).toBe(0);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }, 40_000);
});

describe('DATA_DIR is private (0700)', () => {
  it.skipIf(process.platform === 'win32')('is created 0700, nested directories included, and the store creates it so too', async () => {
    const logs: string[] = [];
    ensurePrivateDataDir(join(dir, 'a', 'b'), (l) => logs.push(l));
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'a', 'b')).mode & 0o777).toBe(0o700);
    expect(logs).toEqual([]);

    const store = openStore({ dataDir: join(dir, 'store') });
    await store.db('accounts').info();
    await store.close();
    expect(statSync(join(dir, 'store')).mode & 0o777).toBe(0o700);
  });

  it.skipIf(process.platform === 'win32')('an existing group/world-readable one is tightened, with a log line', () => {
    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    const logs: string[] = [];
    ensurePrivateDataDir(open, (l) => logs.push(l));
    expect(statSync(open).mode & 0o777).toBe(0o700);
    expect(logs).toEqual([`DATA_DIR ${open} was open to other users (mode 0755): made it private (0700).`]);
    ensurePrivateDataDir(open, (l) => logs.push(l));
    expect(logs).toHaveLength(1); // nothing to say the second time
  });
});

describe('URLs in 5xx log lines', () => {
  it('urlForLog keeps the path and parameter names, never a value', () => {
    expect(urlForLog('/api/x')).toBe('/api/x');
    expect(urlForLog('/billing/portal?token=eyJhbGciOi.abc.def&done=plan')).toBe('/billing/portal?token=…&done=…');
    expect(urlForLog('/a?eyJsecretbare&x=')).toBe('/a?…&x=…');
    expect(urlForLog('/a?')).toBe('/a');
  });

  it('a request that fails with 500 is logged without its ?token= value', async () => {
    const store = openStore({ dataDir: join(dir, 'data') });
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(dir, 'data') });
    const app = createApp({ config, store, authSecret: 'z'.repeat(40), rateLimits: false });
    await store.close(); // every store read now throws: a real 500 from a real route
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const res = await request(app).get('/api/blog/posts?token=SECRET-TOKEN-VALUE&page=2');
    expect(res.status).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('GET /api/blog/posts?token=…&page=… failed:');
    expect(logged).not.toContain('SECRET-TOKEN-VALUE');
  });
});
