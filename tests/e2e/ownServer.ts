/**
 * A server of the spec's own, with an administrator in it. Administrators are made the one way the
 * product allows, the admin command (server/cli/admin.ts), which opens the LevelDB store itself;
 * LevelDB admits one process at a time, so it cannot run beside the shared e2e server. The spec
 * therefore runs its own server (same entry point, own data directory, own in-memory rate limits):
 * start, sign the users up, stop, grant, start again, and check the grant took.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the server and the admin command run from there. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PASSWORD = 'correct horse battery staple';

interface Running {
  url: string;
  child: ChildProcess;
}

async function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'development', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${log}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}):\n${log}`));
    });
  });
  return { url, child };
}

async function stopServer(s: Running): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

/** A running server whose store holds `users` (signed up, password {@link PASSWORD}) with `admin` an administrator. */
export async function ownServerWithAdmin(prefix: string, admin: string, users: readonly string[]): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let running = await startServer(dataDir);
  try {
    for (const email of [admin, ...users]) {
      const res = await postJson(`${running.url}/api/auth/signup`, { email, password: PASSWORD });
      if (res.status !== 201) throw new Error(`Sign-up of ${email} answered ${res.status}: ${await res.text()}`);
    }
  } finally {
    await stopServer(running);
  }
  const granted = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'grant', admin, 'admin'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });
  running = await startServer(dataDir);
  // The grant must have reached the store the server now reads.
  const session = (await (await postJson(`${running.url}/api/auth/signin`, { email: admin, password: PASSWORD })).json()) as { accessToken: string };
  const roles = await (await fetch(`${running.url}/api/user-roles`, { headers: { Authorization: `Bearer ${session.accessToken}` } })).text();
  if (!roles.includes('"admin"')) throw new Error(`The admin grant did not take: ${granted.toString()} → ${roles}`);
  const final = running;
  return {
    url: final.url,
    async stop() {
      await stopServer(final);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
