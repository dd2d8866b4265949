/**
 * Import in the browser, end to end: a synthetic XER dropped on /app/import of the production
 * build, in Chromium, through the import worker, the data worker and IndexedDB, to the dashboard's
 * figures. What the user waits for, split into its steps:
 *
 *   read       file chosen → the import summary (import worker parses, data worker stages)
 *   save       "Save and open the dashboard" clicked → the dashboard's address (the data worker stored it)
 *   dashboard  the dashboard's address → SPI on screen (the first analysis)
 *   total      file chosen → SPI on screen, with no time spent looking at the summary
 *
 * Each run is a fresh browser context and a new account, so every save starts from an empty local
 * database. The server runs in a child process on a free port with its own data directory; the
 * files are the XER benchmark's (bench/out/, seed 42). Needs `npm run build` first.
 *
 *   npm run bench -- --suite browser-import                    20k and 100k activities, 3 runs each
 *   npx tsx bench/importSave.bench.ts --sizes 20000 --runs 5   on its own
 *
 * Target (issue 13): 100k activities from drop to dashboard ≤ 6 s; a 20k save ≤ 1 s.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { syntheticXerBytes } from './xer.bench';
import { startServerProcess } from '../tests/e2e/ownServer';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '..');

export interface ImportRun {
  readMs: number;
  saveMs: number;
  dashboardMs: number;
  totalMs: number;
}

export interface ImportSaveResult {
  activities: number;
  fileMb: number;
  runs: ImportRun[];
  /** Medians of each step over the runs. */
  median: ImportRun;
}

/** The synthetic XER of `n` activities as a file on disk (what the file picker is given). */
function xerFile(n: number): { file: string; bytes: number } {
  const bytes = syntheticXerBytes(n);
  const file = path.join(here, 'out', `import-${n}.xer`);
  if (!existsSync(file)) writeFileSync(file, bytes);
  return { file, bytes: bytes.length };
}

const startServer = (dataDir: string) => startServerProcess(dataDir, { LOCAL_BILLING: '1', RATE_LIMIT_IP_FACTOR: '50' });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function oneRun(browser: Browser, url: string, file: string, seq: number): Promise<ImportRun> {
  // No service worker: its precache download would compete with the import for the CPU.
  const context = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
  try {
    const email = `bench-${Date.now()}-${seq}@example.com`;
    const res = await context.request.post('/api/auth/signup', { data: { email, password: 'correct horse battery staple' } });
    if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
    const user = ((await res.json()) as { user: { id: string; email: string } }).user;
    await context.addInitScript((u) => localStorage.setItem('earnest-session', JSON.stringify({ state: { user: u }, version: 0 })), { id: user.id, email: user.email });
    const page = await context.newPage();
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    // The data worker opens the account's database on the projects list: not part of the import.
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await page.goto('/app/import');
    const input = page.getByTestId('file-input');
    await input.waitFor({ state: 'attached' });

    const t0 = performance.now();
    await input.setInputFiles(file);
    const saveButton = page.getByRole('button', { name: 'Save and open the dashboard' });
    await saveButton.waitFor({ timeout: 180_000 });
    const t1 = performance.now();
    await saveButton.click();
    await page.waitForURL(/\/app\/projects\//, { timeout: 180_000 });
    const t2 = performance.now();
    await page.locator('[data-metric="spi"]').filter({ hasText: /\d\.\d\d/ }).waitFor({ timeout: 180_000 });
    const t3 = performance.now();
    return { readMs: t1 - t0, saveMs: t2 - t1, dashboardMs: t3 - t2, totalMs: t3 - t0 };
  } finally {
    await context.close();
  }
}

export async function importSaveBench(sizes: number[], runs: number, log: (s: string) => void = () => undefined): Promise<ImportSaveResult[]> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('the production build is missing: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'earnest-bench-import-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const out: ImportSaveResult[] = [];
  try {
    let seq = 0;
    for (const n of sizes) {
      const { file, bytes } = xerFile(n);
      const all: ImportRun[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await oneRun(browser, server.url, file, seq++);
        log(`${n} activities, run ${i + 1}: read ${r.readMs.toFixed(0)} ms, save ${r.saveMs.toFixed(0)} ms, dashboard ${r.dashboardMs.toFixed(0)} ms, total ${r.totalMs.toFixed(0)} ms`);
        all.push(r);
      }
      out.push({
        activities: n,
        fileMb: bytes / 1048576,
        runs: all,
        median: {
          readMs: median(all.map((r) => r.readMs)),
          saveMs: median(all.map((r) => r.saveMs)),
          dashboardMs: median(all.map((r) => r.dashboardMs)),
          totalMs: median(all.map((r) => r.totalMs)),
        },
      });
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

const fmtS = (ms: number) => (ms / 1000).toFixed(2);
const range = (xs: number[]) => `${fmtS(Math.min(...xs))}–${fmtS(Math.max(...xs))}`;

/** The Markdown table bench/RESULTS.md records, with each step's median (and range) in seconds. */
export function importSaveTable(results: ImportSaveResult[]): string {
  const lines = [
    '| activities (XER size) | read s | save s | dashboard s | drop → dashboard s | runs | target | verdict |',
    '|---|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of results) {
    const steps = (k: keyof ImportRun) => `${fmtS(r.median[k])} (${range(r.runs.map((x) => x[k]))})`;
    const target = r.activities === 100_000 ? 'drop → dashboard ≤ 6 s' : r.activities === 20_000 ? 'save ≤ 1 s' : '';
    const meets = r.activities === 100_000 ? r.median.totalMs <= 6000 : r.activities === 20_000 ? r.median.saveMs <= 1000 : null;
    lines.push(
      `| ${r.activities.toLocaleString('en')} (${r.fileMb.toFixed(0)} MB) | ${steps('readMs')} | ${steps('saveMs')} | ${steps('dashboardMs')} | ${steps('totalMs')} | ${r.runs.length} | ${target} | ${meets === null ? '' : meets ? 'meets' : 'MISSES'} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const sizes = (flag('--sizes') ?? '20000,100000').split(',').map(Number);
  const runs = Number(flag('--runs') ?? 3);
  const results = await importSaveBench(sizes, runs, (s) => process.stderr.write(`${s}\n`));
  console.log(importSaveTable(results));
}
