/** A tiny benchmark harness: warm-up, then the median and spread of repeated runs, plus memory. */
export interface BenchResult {
  name: string;
  size: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  /** Target in ms, when the issue set one. */
  targetMs?: number;
  /** Peak RSS of the process that ran only this case (setup included), MB. */
  peakRssMb: number;
  /** How far the case took RSS above what setup left (its own working memory), MB. */
  aboveSetupMb?: number;
  note?: string;
}

/**
 * A group of benchmarks sharing one setup per size (a synthetic schedule, a generated file).
 * `npm run bench` runs every case of every suite in a fresh child process, so each case's peak
 * memory is its own: the report gives the process's peak RSS above the RSS right after setup.
 */
export interface BenchSuite<C> {
  /** Short id used on the command line: `npm run bench -- --suite xer`. */
  id: string;
  /** Sizes (activities) run by default. */
  sizes: number[];
  /** How a size reads in the report ("100k activities"). */
  label?(size: number): string;
  /** Builds the inputs once per child process; not timed. */
  setup(size: number): C | Promise<C>;
  cases(size: number): BenchCase<C>[];
}

export interface BenchCase<C> {
  name: string;
  note?: string;
  targetMs?: number;
  runs?: number;
  warmup?: number;
  /** Timed to when its promise settles when it returns one (`async: true`), e.g. report builders. */
  async?: boolean;
  fn(ctx: C): unknown;
}

/** Times `fn`: `warmup` untimed calls, then `runs` timed ones. */
export function bench(name: string, size: string, fn: () => unknown, opts: { runs?: number; warmup?: number; targetMs?: number; note?: string } = {}): BenchResult {
  const runs = opts.runs ?? 10;
  for (let i = 0; i < (opts.warmup ?? 3); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return resultOf(name, size, times, opts);
}

/** The figures of one case from its timed runs. */
function resultOf(name: string, size: string, times: number[], opts: { targetMs?: number; note?: string }): BenchResult {
  times.sort((a, b) => a - b);
  return {
    name,
    size,
    medianMs: times[Math.floor(times.length / 2)],
    minMs: times[0],
    maxMs: times[times.length - 1],
    runs: times.length,
    targetMs: opts.targetMs,
    // process.resourceUsage().maxRSS is the high-water mark of this process, in KiB.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    note: opts.note,
  };
}

/** `bench` for work that finishes when its promise settles (each call awaited before the next). */
export async function benchAsync(name: string, size: string, fn: () => Promise<unknown>, opts: { runs?: number; warmup?: number; targetMs?: number; note?: string } = {}): Promise<BenchResult> {
  const runs = opts.runs ?? 10;
  for (let i = 0; i < (opts.warmup ?? 3); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return resultOf(name, size, times, opts);
}

export const sizeLabel = (n: number) => (n >= 1000 ? `${n / 1000}k activities` : `${n} activities`);

const fmt = (ms: number) => (ms < 1 ? ms.toFixed(4) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));

export function markdownTable(results: BenchResult[]): string {
  const lines = [
    '| benchmark | size | median ms | min–max ms | runs | target ms | verdict | peak RSS MB | case\'s own MB |',
    '|---|---|---:|---:|---:|---:|---|---:|---:|',
  ];
  for (const r of results) {
    const verdict = r.targetMs === undefined ? '' : r.medianMs <= r.targetMs ? 'meets' : '**misses**';
    lines.push(
      `| ${r.name}${r.note ? ` (${r.note})` : ''} | ${r.size} | ${fmt(r.medianMs)} | ${fmt(r.minMs)}–${fmt(r.maxMs)} | ${r.runs} | ${r.targetMs ?? ''} | ${verdict} | ${r.peakRssMb.toFixed(0)} | ${r.aboveSetupMb === undefined ? '' : r.aboveSetupMb.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}
