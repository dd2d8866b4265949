/**
 * The pool of risk workers a simulation runs in (issue 15 "Running it"): one worker per core
 * (navigator.hardwareConcurrency, at least 1, at most 8), each sent its own copy of the model once
 * (structured clone: a few MB for 10,000 activities, and the workers stay independent). Iterations
 * are handed out in chunks to whichever worker is free, so progress is counted as chunks finish;
 * every `intervalMs` the results so far are merged and finished IN A WORKER (the first one, core
 * risk/runner.ts `collect`) and shown, sharpening as iterations complete. The page thread only
 * passes messages.
 *
 * The results depend on the seed and the iteration count only, not on the pool's size or which
 * worker ran which chunk (partials merge exactly). Cancel terminates every worker: nothing is kept
 * and nothing is saved.
 */
import * as Comlink from 'comlink';
import type { RiskModel } from '../core/risk/model';
import { transferablesOf, type RiskPartial } from '../core/risk/partial';
import type { RiskRunner } from '../core/risk/runner';
import type { RiskLabels, RiskSnapshotResults } from '../core/risk/snapshot';

/** A worker as the pool drives it: the runner's calls, answered asynchronously. */
export interface RiskWorkerHandle {
  prepare(model: RiskModel, labels: RiskLabels): Promise<void>;
  simulate(seed: number, iterations: number, from: number, to: number): Promise<number>;
  take(): Promise<RiskPartial | null>;
  collect(parts: RiskPartial[]): Promise<RiskSnapshotResults | null>;
  terminate(): void;
}

export interface RiskProgress {
  done: number;
  total: number;
  elapsedMs: number;
  /** The results of the iterations done so far, when a new set has been finished. */
  results?: RiskSnapshotResults;
}

export interface RiskRunOptions {
  seed: number;
  iterations: number;
  /** Workers (default: the device's cores, 1..8). */
  workers?: number;
  /** Iterations per chunk (default 250). */
  chunk?: number;
  /** How often early results are finished (default 500 ms; 0: none before the end). */
  intervalMs?: number;
  onProgress?: (p: RiskProgress) => void;
  signal?: AbortSignal;
  /** How a worker is started (tests: the core runner in-process). */
  spawn?: () => RiskWorkerHandle;
}

export class RiskRunCancelled extends Error {
  constructor() {
    super('The simulation was cancelled; nothing was saved.');
    this.name = 'RiskRunCancelled';
  }
}

export const MAX_RISK_WORKERS = 8;

export function poolSize(cores: number | undefined = globalThis.navigator?.hardwareConcurrency): number {
  return Math.min(MAX_RISK_WORKERS, Math.max(1, Math.floor(cores || 1)));
}

/** A browser risk worker (workers/risk.worker.ts) behind Comlink. */
export function spawnRiskWorker(): RiskWorkerHandle {
  const worker = new Worker(new URL('../../workers/risk.worker.ts', import.meta.url), { type: 'module', name: 'earnest-risk' });
  const remote = Comlink.wrap<RiskRunner>(worker);
  return {
    prepare: (model, labels) => remote.prepare(model, labels),
    simulate: (seed, iterations, from, to) => remote.simulate(seed, iterations, from, to),
    take: () => remote.take(),
    collect: (parts) => remote.collect(Comlink.transfer(parts, parts.flatMap(transferablesOf))),
    terminate: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/** The core runner on the calling thread, as a worker handle: for tests and Node (the CLI). */
export function inProcessWorker(runner: RiskRunner): RiskWorkerHandle {
  const later = <T>(f: () => T): Promise<T> => new Promise((resolve, reject) => setTimeout(() => {
    try {
      resolve(f());
    } catch (e) {
      reject(e);
    }
  }, 0));
  return {
    prepare: (model, labels) => later(() => runner.prepare(model, labels)),
    simulate: (seed, iterations, from, to) => later(() => runner.simulate(seed, iterations, from, to)),
    take: () => later(() => runner.take()),
    collect: (parts) => later(() => runner.collect(parts)),
    terminate: () => undefined,
  };
}

/**
 * Runs the simulation of `model` in a pool; resolves with the results of every iteration, or
 * rejects with RiskRunCancelled when `signal` aborts (every worker is terminated at once).
 */
export async function runRiskInPool(model: RiskModel, labels: RiskLabels, opts: RiskRunOptions): Promise<RiskSnapshotResults> {
  const total = opts.iterations;
  const chunk = Math.max(1, opts.chunk ?? 250);
  const size = Math.min(opts.workers ?? poolSize(), Math.ceil(total / chunk));
  const spawn = opts.spawn ?? spawnRiskWorker;
  const started = globalThis.performance?.now() ?? Date.now();
  const elapsed = () => (globalThis.performance?.now() ?? Date.now()) - started;
  const workers: RiskWorkerHandle[] = [];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const w of workers) w.terminate();
  };
  let cancel: (() => void) | null = null;
  const cancelled = new Promise<never>((_, reject) => {
    cancel = () => {
      stop();
      reject(new RiskRunCancelled());
    };
  });
  cancelled.catch(() => undefined);
  if (opts.signal?.aborted) throw new RiskRunCancelled();
  const onAbort = () => cancel?.();
  opts.signal?.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setInterval> | null = null;

  try {
    for (let i = 0; i < size; i++) workers.push(spawn());
    await Promise.race([Promise.all(workers.map((w) => w.prepare(model, labels))), cancelled]);

    let next = 0;
    let done = 0;
    // Early results: one collection at a time, never overlapping the final one.
    let collecting: Promise<void> | null = null;
    const collectNow = async (): Promise<RiskSnapshotResults | null> => {
      const parts = (await Promise.all(workers.slice(1).map((w) => w.take()))).filter((p): p is RiskPartial => p !== null);
      return workers[0].collect(parts);
    };
    if ((opts.intervalMs ?? 500) > 0) {
      timer = setInterval(() => {
        if (collecting || stopped || done === 0 || done >= total) return;
        collecting = collectNow()
          .then((results) => {
            if (results && !stopped && done < total) opts.onProgress?.({ done, total, elapsedMs: elapsed(), results });
          })
          .catch(() => undefined)
          .finally(() => {
            collecting = null;
          });
      }, opts.intervalMs ?? 500);
    }

    const loop = async (w: RiskWorkerHandle) => {
      while (!stopped && next < total) {
        const from = next;
        const to = Math.min(total, from + chunk);
        next = to;
        await w.simulate(opts.seed, total, from, to);
        done += to - from;
        opts.onProgress?.({ done, total, elapsedMs: elapsed() });
      }
    };
    await Promise.race([Promise.all(workers.map(loop)), cancelled]);
    if (timer) clearInterval(timer);
    timer = null;
    if (collecting) await Promise.race([collecting, cancelled]);
    const results = await Promise.race([collectNow(), cancelled]);
    if (!results || results.iterations !== total) throw new Error(`The simulation returned ${results?.iterations ?? 0} of ${total} iterations; run it again.`);
    opts.onProgress?.({ done: total, total, elapsedMs: elapsed(), results });
    return results;
  } finally {
    if (timer) clearInterval(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    stop();
  }
}
