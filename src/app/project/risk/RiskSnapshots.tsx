/**
 * The project's risk snapshots: the list (name, when, who, seed and iterations, P50/P80 finish
 * and cost, the rules in words), open, delete, and compare two (before and after mitigation):
 * P50/P80 dates and cost side by side with their differences, and both cumulative curves on one
 * chart.
 */
import { daysBetween, formatDate } from '../../../core/format';
import type { RiskSnapshot, RiskSnapshotRow } from '../../../local/contracts';
import { CurvesChart } from '../../../ui/charts/RiskCharts';
import type { FinishView } from '../../../core/risk/snapshot';
import { dayNumber, formatDayNumber, money } from './riskFormat';

/** A run's histogram on a date axis (day numbers of the dates it computed), so runs with different data dates line up. */
const onDates = (f: FinishView) => ({ edges: f.edgeDates.map(dayNumber), counts: f.histogram.counts, cumulative: f.histogram.cumulative });

export interface RiskSnapshotListProps {
  rows: RiskSnapshotRow[];
  currency: string;
  canWrite: boolean;
  busy: boolean;
  openId: string | null;
  compare: string[];
  onOpen(row: RiskSnapshotRow): void;
  onDelete(row: RiskSnapshotRow): void;
  onToggleCompare(row: RiskSnapshotRow): void;
}

export function RiskSnapshotList(p: RiskSnapshotListProps) {
  if (p.rows.length === 0) return <p className="muted">No snapshots yet: every completed run is saved here, with its inputs and seed, for the team.</p>;
  return (
    <div className="risk-scroll" role="region" aria-label="Risk snapshots" tabIndex={0}>
      <table className="risk-snapshots">
        <thead>
          <tr>
            <th scope="col">Compare</th>
            <th scope="col">Snapshot</th>
            <th scope="col">P50 finish</th>
            <th scope="col">P80 finish</th>
            <th scope="col" className="num">
              P80 EAC
            </th>
            <th scope="col">Rules</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r) => (
            <tr key={r.id} aria-current={p.openId === r.id ? 'true' : undefined}>
              <td>
                <input type="checkbox" aria-label={`Compare ${r.name}`} checked={p.compare.includes(r.id)} onChange={() => p.onToggleCompare(r)} />
              </td>
              <th scope="row">
                <span className="risk-snapshots__name">{r.name}</span>
                <span className="muted risk-snapshots__meta">
                  {formatDate(r.createdAt)}
                  {r.createdBy ? ` · ${r.createdBy}` : ''} · {r.iterations.toLocaleString('en-GB')} iterations · seed {r.seed}
                </span>
              </th>
              <td>{formatDate(r.p50Finish)}</td>
              <td>{formatDate(r.p80Finish)}</td>
              <td className="num">{money(r.p80Cost, p.currency)}</td>
              <td className="risk-snapshots__rules">{r.rulesSummary}</td>
              <td className="risk-snapshots__actions">
                <button type="button" className="btn btn-outline btn-sm" onClick={() => p.onOpen(r)}>
                  Open
                </button>
                {p.canWrite ? (
                  <button type="button" className="btn btn-ghost btn-sm" disabled={p.busy} onClick={() => p.onDelete(r)}>
                    Delete
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const days = (a: string, b: string): string => {
  const d = daysBetween(a, b);
  if (d === null) return 'n/a';
  return d === 0 ? 'same day' : `${d > 0 ? '+' : '−'}${Math.abs(d).toLocaleString('en-GB')} calendar day${Math.abs(d) === 1 ? '' : 's'}`;
};

const moneyDiff = (a: number | null, b: number | null, currency: string): string => (a === null || b === null ? 'n/a' : `${b - a >= 0 ? '+' : '−'}${money(Math.abs(b - a), currency)}`);

export function RiskCompareView({ a, b, currency }: { a: RiskSnapshot; b: RiskSnapshot; currency: string }) {
  const fa = a.results.finish;
  const fb = b.results.finish;
  const ha = onDates(fa);
  const hb = onDates(fb);
  const rows: { label: string; a: string; b: string; diff: string }[] = [
    { label: 'P50 finish', a: formatDate(fa.dates.p50), b: formatDate(fb.dates.p50), diff: days(fa.dates.p50, fb.dates.p50) },
    { label: 'P80 finish', a: formatDate(fa.dates.p80), b: formatDate(fb.dates.p80), diff: days(fa.dates.p80, fb.dates.p80) },
    { label: 'Deterministic finish', a: formatDate(fa.dates.deterministic), b: formatDate(fb.dates.deterministic), diff: days(fa.dates.deterministic, fb.dates.deterministic) },
    { label: 'P50 EAC', a: money(a.p50Cost, currency), b: money(b.p50Cost, currency), diff: moneyDiff(a.p50Cost, b.p50Cost, currency) },
    { label: 'P80 EAC', a: money(a.p80Cost, currency), b: money(b.p80Cost, currency), diff: moneyDiff(a.p80Cost, b.p80Cost, currency) },
  ];
  return (
    <section className="card risk-card" aria-labelledby="risk-compare-heading" data-testid="risk-compare">
      <h2 id="risk-compare-heading" className="risk-card__heading">
        “{a.name}” and “{b.name}”
      </h2>
      <div className="risk-scroll" role="region" aria-label="Snapshot comparison" tabIndex={0}>
        <table className="risk-compare">
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Measure</span>
              </th>
              <th scope="col">{a.name}</th>
              <th scope="col">{b.name}</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.a}</td>
                <td>{r.b}</td>
                <td>{r.diff}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CurvesChart
        title={`Cumulative finish probability of “${a.name}” and “${b.name}”`}
        summary={`P80 finish moves from ${formatDate(fa.dates.p80)} to ${formatDate(fb.dates.p80)} (${days(fa.dates.p80, fb.dates.p80)}).`}
        runs={[
          { id: a.id, label: a.name, h: ha },
          { id: b.id, label: b.name, h: hb },
        ]}
        marks={[]}
        formatX={formatDayNumber}
        tickValues={[...ha.edges, ...hb.edges]}
        xTitle="Project finish"
      />
      {a.importId !== b.importId ? <p className="muted">The two runs used different imports (status dates), so part of the difference is progress, not mitigation.</p> : null}
    </section>
  );
}
