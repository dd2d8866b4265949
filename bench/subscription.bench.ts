/**
 * Load benchmark: POST /api/functions/get-subscription-details against the real server (createApp,
 * LevelDB store in a temp dir, a signed-up user on a trial) with autocannon. The server runs in a
 * child process so the load generator does not share its event loop; both share this machine's cores.
 *
 *   npx tsx bench/subscription.bench.ts [--seconds 10] [--connections 50]
 *
 * Target (issue #4): ≥ 1,500 requests/s, p99 < 50 ms, no errors.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  errors: number;
  non2xx: number;
  seconds: number;
  connections: number;
}

/** Child mode: start the server, sign a user up, start their trial, print `{ port, token }`. */
async function serve(): Promise<void> {
  const { createApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { DevOutbox } = await import('../server/mail');
  const { openStore } = await import('../server/store');
  const dir = mkdtempSync(join(tmpdir(), 'earnest-load-'));
  const store = openStore({ dataDir: dir });
  // Production mode; LOCAL_BILLING=1 in the bench's environment measures the local provider (its renewal
  // step reads the profile once more per call), otherwise there is no billing provider, as with Stripe.
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, NODE_ENV: 'production', LOCAL_BILLING: process.env.LOCAL_BILLING ?? '' });
  const app = createApp({ config, store, mailer: new DevOutbox(), authSecret: 'load-bench-secret-that-is-at-least-32-bytes-long', rateLimits: false });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'load@example.com', password: 'a perfectly fine password' }),
  });
  const { accessToken } = (await signup.json()) as { accessToken: string };
  const trial = await fetch(`${base}/api/functions/start-trial`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
  if (!trial.ok) throw new Error(`start-trial failed: ${trial.status}`);
  process.stdout.write(`${JSON.stringify({ port, token: accessToken })}\n`);
  const stop = () => server.close(() => void store.close().finally(() => { rmSync(dir, { recursive: true, force: true }); process.exit(0); }));
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

export async function subscriptionLoadBench(seconds = 10, connections = 50): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  try {
    const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { port: number; token: string });
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    });
    const opts = {
      url: `http://127.0.0.1:${port}/api/functions/get-subscription-details`,
      method: 'POST' as const,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
      connections,
      pipelining: 1,
    };
    // Warm-up (JIT, LevelDB caches), then the measured run.
    await autocannon({ ...opts, duration: 2 });
    const r = await autocannon({ ...opts, duration: seconds });
    return {
      requestsPerSecond: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      requests: r.requests.total,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      seconds,
      connections,
    };
  } finally {
    child.stdin.end();
    child.kill('SIGTERM');
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  if (process.argv.includes('--serve')) {
    void serve();
  } else {
    const arg = (name: string, fallback: number) => {
      const i = process.argv.indexOf(name);
      return i >= 0 ? Number(process.argv[i + 1]) : fallback;
    };
    subscriptionLoadBench(arg('--seconds', 10), arg('--connections', 50)).then(
      (r) => console.log(JSON.stringify(r, null, 2)),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  }
}
