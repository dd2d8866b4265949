#!/usr/bin/env node
// npm start: build the web app when dist/ is missing or older than its sources, then run the
// server (DATA_DIR defaults to ./data) with the production-safe defaults: loopback only, a
// generated secret in DATA_DIR, no development outbox.
// npm run dev:server (`--dev`): the same plus the development mail outbox (EARNEST_DEV_OUTBOX=1,
// /api/dev/outbox from this machine only); the server refuses it on a non-loopback HOST.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** Newest modification time under `path` (a file or a directory, recursively). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'index.html', 'public', 'vite.config.ts'].map((p) => join(root, p));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));

if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'No build found: building the web app…' : 'Sources changed: rebuilding the web app…');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) {
    console.error('The web app build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
}

const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || './data' };
if (process.argv.includes('--dev')) env.EARNEST_DEV_OUTBOX = '1';
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit', cwd: root, env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
