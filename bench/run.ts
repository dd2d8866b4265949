/**
 * `npm run bench`: runs every benchmark and prints a Markdown table to paste into
 * bench/RESULTS.md. `npm run bench -- --sizes 1000,10000` limits the schedule sizes.
 */
import os from 'node:os';
import { evmBenchmarks } from './evm.bench';
import { markdownTable } from './harness';

const arg = process.argv.indexOf('--sizes');
const sizes = arg > 0 ? process.argv[arg + 1].split(',').map(Number) : [1_000, 10_000, 100_000];

console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
const results = evmBenchmarks(sizes);
console.log(markdownTable(results));
const missed = results.filter((r) => r.targetMs !== undefined && r.medianMs > r.targetMs);
if (missed.length) console.log(`\n${missed.length} target(s) missed: ${missed.map((r) => `${r.name} (${r.size})`).join(', ')}`);
