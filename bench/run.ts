/**
 * `npm run bench`: runs every case of every suite, each in a fresh child process so that its peak
 * memory is its own and no earlier case's garbage is collected on its clock, and prints a
 * Markdown table to paste into bench/RESULTS.md.
 *
 *   npm run bench                          all suites, default sizes
 *   npm run bench -- --suite evm,es        some suites
 *   npm run bench -- --sizes 1000,10000    other sizes (suites with fixed sizes keep theirs)
 *   npm run bench -- --suite load          the server under load (get-subscription-details)
 *   npm run bench -- --suite browser-import   import → dashboard in Chromium (needs `npm run build`)
 *   npm run bench -- --suite browser-mpp      the .mpp reader in a Chromium Web Worker (bench/mppWorker.bench.ts)
 *
 * The server suites (load, replication) measure throughput and wall time against a real server in a
 * child process rather than repeated calls, so they print their own table.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { baselinesSuite } from './baselines.bench';
import { esSuite, evmSuite } from './evm.bench';
import { xerSuite } from './xer.bench';
import { mspdiSuite } from './mspdi.bench';
import { mppSuite } from './mpp.bench';
import { tablesSuite } from './tables.bench';
import { reportsSuite } from './reports.bench';
import { gridSuite } from './grid.bench';
import { riskSuite } from './risk.bench';
import { cpmSuite } from './cpm.bench';
import { markdownTable, type BenchResult, type BenchSuite } from './harness';
import { bench, benchAsync } from './harness';
import { subscriptionLoadBench } from './subscription.bench';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- suites differ in their setup type
const SUITES: BenchSuite<any>[] = [evmSuite, esSuite, xerSuite, mspdiSuite, mppSuite, tablesSuite, baselinesSuite, reportsSuite, gridSuite, cpmSuite, riskSuite];

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

async function runChild(suiteId: string, size: number, caseIndex: number): Promise<BenchResult> {
  const suite = SUITES.find((s) => s.id === suiteId);
  if (!suite) throw new Error(`unknown suite ${suiteId}`);
  const ctx = await suite.setup(size);
  const c = suite.cases(size)[caseIndex];
  const setupRss = process.memoryUsage().rss;
  const setupPeak = process.resourceUsage().maxRSS / 1024;
  const label = suite.label ? suite.label(size) : String(size);
  const opts = { runs: c.runs, warmup: c.warmup, targetMs: c.targetMs, note: c.note };
  const r = c.async ? await benchAsync(c.name, label, async () => c.fn(ctx), opts) : bench(c.name, label, () => c.fn(ctx), opts);
  // If setup's own peak is the high-water mark, the case never went above it.
  r.aboveSetupMb = Math.max(0, r.peakRssMb - Math.max(setupRss / 1048576, setupPeak));
  return r;
}

async function main() {
  const child = argv.indexOf('--child');
  if (child >= 0) {
    const r = await runChild(argv[child + 1], Number(argv[child + 2]), Number(argv[child + 3]));
    process.stdout.write(`\n${JSON.stringify(r)}\n`);
    return;
  }
  const only = flag('--suite')?.split(',');
  const sizes = flag('--sizes')?.split(',').map(Number);
  console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
  const results: BenchResult[] = [];
  const failures: string[] = [];
  const self = fileURLToPath(import.meta.url);
  for (const suite of SUITES) {
    if (only && !only.includes(suite.id)) continue;
    const suiteSizes = sizes && suite.sizes.length > 1 ? sizes : suite.sizes;
    for (const size of suiteSizes) {
      const cases = suite.cases(size);
      for (let i = 0; i < cases.length; i++) {
        process.stderr.write(`${suite.id} ${size} ${cases[i].name} … `);
        const p = spawnSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=8192', self, '--child', suite.id, String(size), String(i)], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        const last = p.stdout.trim().split('\n').pop() ?? '';
        if (p.status !== 0 || !last.startsWith('{')) {
          failures.push(`${suite.id} ${size} ${cases[i].name}: ${p.stderr.trim().split('\n').slice(-3).join(' ')}`);
          process.stderr.write('failed\n');
          continue;
        }
        const r = JSON.parse(last) as BenchResult;
        process.stderr.write(`${r.medianMs.toFixed(2)} ms\n`);
        results.push(r);
      }
    }
  }
  if (results.length) console.log(markdownTable(results));
  const missed = results.filter((r) => r.targetMs !== undefined && r.medianMs > r.targetMs);
  if (missed.length) console.log(`\n${missed.length} target(s) missed: ${missed.map((r) => `${r.name} (${r.size})`).join(', ')}`);
  await serverSuites(only, failures);
  await browserSuites(only, failures);
  if (failures.length) {
    console.log(`\n${failures.length} case(s) failed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

/**
 * Import in the browser (bench/importSave.bench.ts): the production build in Chromium, drop to
 * dashboard. Run by default when the build exists; asked for by name, a missing build is a failure.
 */
async function browserSuites(only: string[] | undefined, failures: string[]): Promise<void> {
  // The .mpp read in a Chromium worker (bench/mppWorker.bench.ts): only when asked for by name,
  // since it needs the MPP sample the files are made from.
  if (only?.includes('browser-mpp')) {
    try {
      const { mppWorkerBench } = await import('./mppWorker.bench');
      console.log(`\n${await mppWorkerBench([1_000, 10_000, 50_000], 5)}`);
    } catch (err) {
      failures.push(`browser-mpp: ${(err as Error).message}`);
    }
  }
  if (only && !only.includes('browser-import')) return;
  const { existsSync } = await import('node:fs');
  if (!only && !existsSync(fileURLToPath(new URL('../dist/index.html', import.meta.url)))) {
    console.log('\nbrowser-import skipped: no production build (run `npm run build`, then `npm run bench -- --suite browser-import`).');
    return;
  }
  try {
    const { importSaveBench, importSaveTable } = await import('./importSave.bench');
    const results = await importSaveBench([20_000, 100_000], 3, (line) => process.stderr.write(`browser-import ${line}\n`));
    console.log(`\n${importSaveTable(results)}`);
  } catch (err) {
    failures.push(`browser-import: ${(err as Error).message}`);
  }
}

/** Throughput and wall-time benchmarks of the server; each reports against its issue target. */
async function serverSuites(only: string[] | undefined, failures: string[]): Promise<void> {
  const rows: string[] = [];
  if (!only || only.includes('load')) {
    process.stderr.write('load get-subscription-details … ');
    try {
      const r = await subscriptionLoadBench(10, 32);
      const meets = r.requestsPerSecond >= 1500 && r.p99Ms < 50 && r.errors === 0 && r.non2xx === 0;
      process.stderr.write(`${r.requestsPerSecond.toFixed(0)} req/s\n`);
      rows.push(
        `| get-subscription-details, ${r.connections} connections, ${r.seconds} s | ${r.requestsPerSecond.toFixed(0)} req/s | p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms | ${r.errors} errors, ${r.non2xx} non-2xx of ${r.requests} | ≥ 1,500 req/s, p99 < 50 ms | ${meets ? 'meets' : 'MISSES'} |`,
      );
    } catch (err) {
      failures.push(`load: ${(err as Error).message}`);
      process.stderr.write('failed\n');
    }
  }
  if (!only || only.includes('replication')) {
    process.stderr.write('replication 10k activities … ');
    try {
      const { replicationBench } = await import('./replication.bench');
      const r = await replicationBench(10_000);
      const meets = r.seconds < 3;
      process.stderr.write(`${r.seconds.toFixed(2)} s\n`);
      rows.push(
        `| replication pull, ${r.activities.toLocaleString('en')} activities (${r.docs} docs) to an empty browser PouchDB | ${r.seconds.toFixed(2)} s (${r.docsPerSecond} docs/s) | one-shot, batch_size 100, loopback | 0 errors | < 3 s | ${meets ? 'meets' : 'MISSES'} |`,
      );
    } catch (err) {
      failures.push(`replication: ${(err as Error).message}`);
      process.stderr.write('failed\n');
    }
  }
  if (rows.length) {
    console.log('\n| server benchmark | throughput / time | latency | errors | target | verdict |\n|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }
}

await main();
