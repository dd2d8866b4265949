/**
 * A server of the spec's own, with an administrator in it. Administrators are made the one way the
 * product allows, the admin command (server/cli/admin.ts), which opens the LevelDB store itself;
 * LevelDB admits one process at a time, so it cannot run beside the shared e2e server. The spec
 * therefore runs its own server (same entry point, own data directory, own in-memory rate limits):
 * start, sign the users up, stop, grant, start again, and check the grants took.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the server and the admin command run from there. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PASSWORD = 'correct horse battery staple';

export interface Running {
  url: string;
  child: ChildProcess;
}

// The dev outbox must be asked for (specs follow mailed links through it), as in playwright.config.ts.
const startServer = (dataDir: string): Promise<Running> => startServerProcess(dataDir, { EARNEST_DEV_OUTBOX: '1' });

/**
 * The real server (`server/index.ts`) in a child process on a free loopback port, on `dataDir`,
 * with `env` added; resolves with its URL once it says it is listening. Also used by the browser
 * import benchmark (bench/importSave.bench.ts).
 */
export async function startServerProcess(dataDir: string, env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'development', DATA_DIR: dataDir, ...env },
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
  /** Stops the server process only (its data stays), as a crash or a deploy would. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data, so open pages reconnect to the same origin. */
  resume(): Promise<void>;
}

/** A running server whose store holds `users` (signed up, password {@link PASSWORD}) with `admin` an administrator. */
export async function ownServerWithAdmin(prefix: string, admin: string, users: readonly string[]): Promise<OwnServer> {
  return ownServerWithRoles(prefix, { users: [admin, ...users], grants: [{ email: admin, role: 'admin' }] });
}

export interface RoleGrant {
  email: string;
  role: 'admin' | 'free_user';
}

export interface OwnServerSetup {
  /** Accounts to sign up, password {@link PASSWORD}. */
  users: readonly string[];
  /** Roles given with the admin command once the users exist. */
  grants: readonly RoleGrant[];
  /**
   * Runs against the first server, after the sign-ups and before the grants: for what a role would
   * refuse afterwards (a user with a role cannot start a trial, for one).
   */
  beforeGrants?: (url: string) => Promise<void>;
}

/** A running server whose store holds `setup.users` with the roles of `setup.grants`, each checked after the restart. */
export async function ownServerWithRoles(prefix: string, setup: OwnServerSetup): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let running = await startServer(dataDir);
  try {
    for (const email of setup.users) {
      const res = await postJson(`${running.url}/api/auth/signup`, { email, password: PASSWORD });
      if (res.status !== 201) throw new Error(`Sign-up of ${email} answered ${res.status}: ${await res.text()}`);
    }
    await setup.beforeGrants?.(running.url);
  } finally {
    await stopServer(running);
  }
  const outputs: string[] = [];
  for (const { email, role } of setup.grants) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'grant', email, role], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: 'pipe',
    });
    outputs.push(out.toString());
  }
  running = await startServer(dataDir);
  // The grants must have reached the store the server now reads.
  for (const { email, role } of setup.grants) {
    const session = (await (await postJson(`${running.url}/api/auth/signin`, { email, password: PASSWORD })).json()) as { accessToken: string };
    const roles = await (await fetch(`${running.url}/api/user-roles`, { headers: { Authorization: `Bearer ${session.accessToken}` } })).text();
    if (!roles.includes(`"${role}"`)) throw new Error(`The ${role} grant to ${email} did not take: ${outputs.join(' ')} → ${roles}`);
  }
  let current: Running | null = running;
  const url = running.url;
  return {
    url,
    async stop() {
      if (current) await stopServer(current);
      current = null;
      rmSync(dataDir, { recursive: true, force: true });
    },
    async halt() {
      if (current) await stopServer(current);
      current = null;
    },
    async resume() {
      if (current) return;
      current = await startServerProcess(dataDir, { EARNEST_DEV_OUTBOX: '1', PORT: new URL(url).port });
    },
  };
}
