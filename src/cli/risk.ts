/**
 * `npm run analyse -- <file> --risk [--iterations N] [--seed S] [--json]` (issue 15): a Monte
 * Carlo schedule and cost risk run of the schedule, on this thread (a few seconds even at 10,000
 * activities × 10,000 iterations; the app spreads runs over a pool of workers). With no ranges in
 * the file, every task varies by the default rule (core/risk/uncertainty.ts DEFAULT_RULE), and the
 * report says so.
 */
import { dateAtHours, DEFAULT_RULE, riskModelFromSchedule, runRisk, type RiskResults, type ScheduleRiskModel } from '../core/risk';
import { formatDataDate } from '../core/format';
import type { Schedule } from '../core/model';

export interface CliRiskReport {
  iterations: number;
  seed: number;
  /** Wall time of the run (compile, simulate, statistics), milliseconds. */
  runMs: number;
  /** Where the ranges came from, in words, and the other assumptions. */
  ranges: string;
  notes: string[];
  finish: { deterministic: string; deterministicConfidence: number; p10: string; p50: string; p80: string; p90: string; mean: string };
  /** EAC: actual cost to date + the simulated cost of the remaining work; null when the schedule carries no costs. */
  cost: { deterministic: number; deterministicConfidence: number; p10: number; p50: number; p80: number; p90: number; mean: number } | null;
  /** The ten activities most often on the critical path. */
  critical: { code: string; name: string; criticality: number; sensitivity: number | null }[];
}

const PERCENT = (x: number) => `${(x * 100).toFixed(0)}%`;
/** −10, +25: a range's ends with their signs (a true minus). */
const signed = (x: number) => (x < 0 ? `−${-x}` : `+${x}`);

export function runCliRisk(schedule: Schedule, opts: { iterations: number; seed: number }): CliRiskReport {
  const t0 = performance.now();
  const m = riskModelFromSchedule(schedule, { rules: [] });
  const r = runRisk(m.model, { seed: opts.seed, iterations: opts.iterations });
  const runMs = performance.now() - t0;
  return reportOf(m, r, runMs);
}

function rangesText(m: ScheduleRiskModel): string {
  const counts = { file: 0, default: 0 };
  for (const u of m.uncertainty) if (u.source.kind === 'file' || u.source.kind === 'default') counts[u.source.kind]++;
  const parts: string[] = [];
  if (counts.file) parts.push(`${counts.file.toLocaleString('en-GB')} activities from the three-point durations in the file`);
  if (counts.default) parts.push(`${counts.default.toLocaleString('en-GB')} by the default rule: every task ${signed(DEFAULT_RULE.minPct)}% / ${signed(DEFAULT_RULE.maxPct)}% of its remaining duration, triangular, most likely as planned`);
  return parts.length ? `Duration ranges: ${parts.join('; ')}.` : 'No activity has remaining work to vary.';
}

function reportOf(m: ScheduleRiskModel, r: RiskResults, runMs: number): CliRiskReport {
  const at = (h: number) => dateAtHours(m, h);
  const top = Array.from(r.activities.criticality, (c, i) => ({ i, c }))
    .filter((x) => x.c > 0)
    .sort((a, b) => b.c - a.c || a.i - b.i)
    .slice(0, 10);
  return {
    iterations: r.iterations,
    seed: r.seed,
    runMs,
    ranges: rangesText(m),
    notes: m.notes.filter((n) => !/default range/.test(n)),
    finish: {
      deterministic: m.deterministicFinish,
      deterministicConfidence: r.finish.deterministicConfidence,
      p10: at(r.finish.p10),
      p50: at(r.finish.p50),
      p80: at(r.finish.p80),
      p90: at(r.finish.p90),
      mean: at(r.finish.mean),
    },
    cost: r.cost && r.cost.max > 0 ? { deterministic: r.cost.deterministic, deterministicConfidence: r.cost.deterministicConfidence, p10: r.cost.p10, p50: r.cost.p50, p80: r.cost.p80, p90: r.cost.p90, mean: r.cost.mean } : null,
    critical: top.map(({ i, c }) => {
      const s = r.activities.sensitivity[i];
      return { code: m.codes[i], name: m.names[i], criticality: c, sensitivity: Number.isFinite(s) ? s : null };
    }),
  };
}

/** The report as the terminal shows it. */
export function riskText(rep: CliRiskReport, currency: string): string {
  const money = (v: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(v);
  const date = (d: string) => formatDataDate(d);
  const lines = [
    '',
    `Schedule risk (Monte Carlo: ${rep.iterations.toLocaleString('en-GB')} iterations, seed ${rep.seed}, ${(rep.runMs / 1000).toFixed(2)} s)`,
    `  ${rep.ranges}`,
    ...rep.notes.map((n) => `  ${n}`),
    `  Finish       P10 ${date(rep.finish.p10)}   P50 ${date(rep.finish.p50)}   P80 ${date(rep.finish.p80)}   P90 ${date(rep.finish.p90)}`,
    `               deterministic ${date(rep.finish.deterministic)}: ${PERCENT(rep.finish.deterministicConfidence)} of iterations finish by then`,
  ];
  if (rep.cost) {
    lines.push(`  Cost (EAC)   P10 ${money(rep.cost.p10)}   P50 ${money(rep.cost.p50)}   P80 ${money(rep.cost.p80)}   P90 ${money(rep.cost.p90)}`);
    lines.push(`               deterministic ${money(rep.cost.deterministic)}: ${PERCENT(rep.cost.deterministicConfidence)} of iterations cost no more`);
  }
  if (rep.critical.length) {
    lines.push('  Most often critical (criticality index):');
    for (const c of rep.critical) lines.push(`    ${PERCENT(c.criticality).padStart(4)}  ${c.code}  ${c.name}`);
  }
  return `${lines.join('\n')}\n`;
}
