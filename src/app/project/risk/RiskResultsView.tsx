/**
 * A run's results (live, sharpening as iterations complete, or a saved snapshot's): the finish
 * P10…P90 with the deterministic date's own confidence, the histogram with its cumulative curve,
 * the cost distribution (P50/P80 EAC) and date × cost scatter when the schedule has costs, a
 * milestone's distribution, the tornado of top drivers, the criticality table (top 50, sortable,
 * CSV) and the assumptions. Everything shown was computed in a risk worker.
 */
import { useMemo, useState } from 'react';
import { formatDate } from '../../../core/format';
import { csvFileName } from '../../../core/report/csv';
import type { ActivityRiskRow, FinishView, RiskSnapshotResults, TargetDriverRow, TargetView } from '../../../core/risk/snapshot';
import { HistogramChart, ScatterChart, TornadoChart } from '../../../ui/charts/RiskCharts';
import { DataTable, type TableColumn } from '../../../ui/table';
import { corr, finishDates, money, pct } from './riskFormat';

const PERCENTILES = ['p10', 'p50', 'p80', 'p90'] as const;

function finishMarks(f: FinishView) {
  return [
    ...PERCENTILES.map((k) => ({ label: k.toUpperCase(), value: f[k] })),
    { label: `Deterministic ${pct(f.deterministicConfidence)}`, value: f.deterministic },
  ];
}

function finishSummary(what: string, f: FinishView, iterations: number): string {
  return `${what} over ${iterations.toLocaleString('en-GB')} iterations: P10 ${formatDate(f.dates.p10)}, P50 ${formatDate(f.dates.p50)}, P80 ${formatDate(f.dates.p80)}, P90 ${formatDate(f.dates.p90)}. The deterministic finish, ${formatDate(f.dates.deterministic)}, is met in ${pct(f.deterministicConfidence)} of iterations.`;
}

function FinishTable({ f, label }: { f: FinishView; label: string }) {
  return (
    <dl className="risk-figures" aria-label={label}>
      {PERCENTILES.map((k) => (
        <div key={k} className="risk-figures__item" data-testid={`risk-${k}`}>
          <dt>{k.toUpperCase()}</dt>
          <dd>{formatDate(f.dates[k])}</dd>
        </div>
      ))}
      <div className="risk-figures__item">
        <dt>Deterministic</dt>
        <dd>
          {formatDate(f.dates.deterministic)} <span className="muted">({pct(f.deterministicConfidence)} likely)</span>
        </dd>
      </div>
    </dl>
  );
}

const columns = (): TableColumn<ActivityRiskRow>[] => [
  { id: 'code', label: 'Activity ID', code: true, required: true, sortValue: (r) => r.code, csvValue: (r) => r.code, render: (r) => r.code },
  { id: 'name', label: 'Name', sortValue: (r) => r.name, csvValue: (r) => r.name, render: (r) => r.name },
  { id: 'ci', label: 'Criticality', title: 'Share of iterations in which the activity was on the critical path', numeric: true, sortValue: (r) => r.criticality ?? -1, csvValue: (r) => r.criticality, render: (r) => pct(r.criticality) },
  { id: 'cru', label: 'Cruciality', title: 'Spearman rank correlation of its duration with the finish', numeric: true, sortValue: (r) => Math.abs(r.cruciality ?? 0), csvValue: (r) => r.cruciality, render: (r) => corr(r.cruciality) },
  { id: 'sens', label: 'Duration sensitivity', title: 'Pearson correlation of its duration with the finish', numeric: true, sortValue: (r) => Math.abs(r.sensitivity ?? 0), csvValue: (r) => r.sensitivity, render: (r) => corr(r.sensitivity) },
  { id: 'ssi', label: 'SSI', title: 'Schedule sensitivity index: criticality × σ(duration) / σ(finish)', numeric: true, sortValue: (r) => r.ssi ?? -1, csvValue: (r) => r.ssi, render: (r) => corr(r.ssi) },
  { id: 'mean', label: 'Mean duration (h)', numeric: true, defaultHidden: true, sortValue: (r) => r.meanDuration ?? -1, csvValue: (r) => r.meanDuration, render: (r) => (r.meanDuration === null ? 'n/a' : r.meanDuration.toFixed(1)) },
];

/** A milestone's own criticality table: the same indices, against its finish. */
const milestoneColumns = (code: string): TableColumn<TargetDriverRow>[] => [
  { id: 'code', label: 'Activity ID', code: true, required: true, sortValue: (r) => r.code, csvValue: (r) => r.code, render: (r) => r.code },
  { id: 'name', label: 'Name', sortValue: (r) => r.name, csvValue: (r) => r.name, render: (r) => r.name },
  { id: 'ci', label: `Critical to ${code}`, title: `Share of iterations in which the activity was on the path that set ${code}'s finish`, numeric: true, sortValue: (r) => r.criticality ?? -1, csvValue: (r) => r.criticality ?? null, render: (r) => pct(r.criticality ?? null) },
  { id: 'cru', label: 'Cruciality', title: `Spearman rank correlation of its duration with ${code}'s finish`, numeric: true, sortValue: (r) => Math.abs(r.cruciality ?? 0), csvValue: (r) => r.cruciality, render: (r) => corr(r.cruciality) },
  { id: 'sens', label: 'Duration sensitivity', title: `Pearson correlation of its duration with ${code}'s finish`, numeric: true, sortValue: (r) => Math.abs(r.sensitivity ?? 0), csvValue: (r) => r.sensitivity ?? null, render: (r) => corr(r.sensitivity ?? null) },
];

function MilestoneCriticality({ t, projectName }: { t: TargetView; projectName: string }) {
  const cols = useMemo(() => milestoneColumns(t.code), [t.code]);
  if (!t.activities) return <p className="muted">This snapshot was saved before milestones had their own criticality index: run again to see which activities drive {t.code}.</p>;
  return (
    <>
      <h3 className="risk-card__subheading">What drives {t.code}</h3>
      <p className="muted">
        {t.activities.length < (t.activityCount ?? 0)
          ? `The ${t.activities.length} activities most often critical to ${t.code}, of ${(t.activityCount ?? 0).toLocaleString('en-GB')} that can reach it.`
          : `The ${t.activities.length.toLocaleString('en-GB')} activities that can reach ${t.code}, most often critical first.`}{' '}
        Critical to {t.code}: on the path that set its finish, found by a backward pass from {t.code}’s own simulated finish.
      </p>
      <DataTable tableId="risk-ms-criticality" name={`criticality to ${t.code}`} columns={cols} rows={t.activities} rowKey={(r) => r.activityId} csvFileName={csvFileName(projectName, `Criticality to ${t.code}`)} />
    </>
  );
}

export function RiskResultsView({ results, currency, projectName, live }: { results: RiskSnapshotResults; currency: string; projectName: string; live?: boolean }) {
  const f = results.finish;
  const dates = useMemo(() => finishDates(f, ...results.targets), [f, results.targets]);
  const [target, setTarget] = useState<string>('');
  const t = results.targets.find((x) => x.activityId === target) ?? null;
  const cols = useMemo(columns, []);
  const top = results.activities.slice(0, 50);
  return (
    <div className="risk-results" aria-busy={live ? 'true' : undefined}>
      <section className="card risk-card" aria-labelledby="risk-finish-heading">
        <h2 id="risk-finish-heading" className="risk-card__heading">
          Finish date {live ? <span className="badge badge-muted">{results.iterations.toLocaleString('en-GB')} iterations so far</span> : null}
        </h2>
        <FinishTable f={f} label="Finish percentiles" />
        <HistogramChart
          title="Finish date distribution: iterations per date range, with the cumulative probability"
          summary={finishSummary('Simulated finish', f, results.iterations)}
          h={f.histogram}
          marks={finishMarks(f)}
          formatX={dates.format}
          tickValues={f.histogram.edges}
          xTitle="Project finish"
        />
      </section>

      {results.cost ? (
        <section className="card risk-card" aria-labelledby="risk-cost-heading">
          <h2 id="risk-cost-heading" className="risk-card__heading">
            Cost at completion (EAC)
          </h2>
          <dl className="risk-figures">
            <div className="risk-figures__item">
              <dt>P50 EAC</dt>
              <dd>{money(results.cost.p50, currency)}</dd>
            </div>
            <div className="risk-figures__item">
              <dt>P80 EAC</dt>
              <dd>{money(results.cost.p80, currency)}</dd>
            </div>
            <div className="risk-figures__item">
              <dt>Deterministic</dt>
              <dd>
                {money(results.cost.deterministic, currency)} <span className="muted">({pct(results.cost.deterministicConfidence)} likely)</span>
              </dd>
            </div>
            {results.joint ? (
              <div className="risk-figures__item">
                <dt>Joint confidence</dt>
                <dd title="Share of iterations that finish by the P80 date AND within the P80 cost">{pct(results.joint.p80Confidence)} at P80 date and cost</dd>
              </div>
            ) : null}
          </dl>
          <HistogramChart
            title="Cost distribution: iterations per cost range, with the cumulative probability"
            summary={`Simulated cost at completion: P50 ${money(results.cost.p50, currency)}, P80 ${money(results.cost.p80, currency)}; the deterministic ${money(results.cost.deterministic, currency)} is met in ${pct(results.cost.deterministicConfidence)} of iterations.`}
            h={results.cost.histogram}
            marks={[
              { label: 'P50', value: results.cost.p50 },
              { label: 'P80', value: results.cost.p80 },
            ]}
            formatX={(v) => money(v, currency, true)}
            xTitle={`Cost at completion (${currency})`}
          />
          {results.joint ? (
            <ScatterChart
              title="Date × cost: each dot one iteration; dashed lines at the P80 finish and P80 cost"
              summary={`${results.joint.finish.length.toLocaleString('en-GB')} iterations plotted. ${pct(results.joint.p80Confidence)} finish by the P80 date and within the P80 cost; ${pct(results.joint.deterministicConfidence)} meet both deterministic values.`}
              xs={results.joint.finish}
              ys={results.joint.cost}
              formatX={dates.format}
              tickValues={f.histogram.edges}
              formatY={(v) => money(v, currency, true)}
              xLine={f.p80}
              yLine={results.cost.p80}
              xTitle="Project finish"
              yTitle="Cost"
            />
          ) : null}
        </section>
      ) : (
        <p className="muted">This schedule carries no costs, so there is no cost distribution: import a cost-loaded schedule for P50/P80 EAC.</p>
      )}

      <section className="card risk-card" aria-labelledby="risk-ms-heading">
        <h2 id="risk-ms-heading" className="risk-card__heading">
          Milestones
        </h2>
        {results.targets.length === 0 ? (
          <p className="muted">No milestones were chosen for this run. Choose them under “Milestones to report on” in the setup and run again.</p>
        ) : (
          <>
            <label className="field-label" htmlFor="risk-target">
              Milestone
            </label>
            <select id="risk-target" className="field-input risk-select" value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Choose a milestone…</option>
              {results.targets.map((x) => (
                <option key={x.activityId} value={x.activityId}>
                  {x.code} {x.name}
                </option>
              ))}
            </select>
            {t ? (
              <>
                <FinishTable f={t} label={`${t.code} percentiles`} />
                <HistogramChart title={`${t.code} ${t.name}: finish distribution`} summary={finishSummary(`${t.code} ${t.name}`, t, results.iterations)} h={t.histogram} marks={finishMarks(t)} formatX={dates.format} tickValues={t.histogram.edges} xTitle={`${t.code} finish`} />
                {t.drivers && t.drivers.length > 0 ? (
                  <TornadoChart
                    title={`Tornado of the top drivers of ${t.code}`}
                    summary={t.drivers
                      .slice(0, 10)
                      .map((r) => `${r.code} ${corr(r.cruciality ?? r.sensitivity ?? null)}`)
                      .join(', ')}
                    entries={t.drivers.map((r) => ({ label: `${r.code} ${r.name}`, value: r.cruciality ?? r.sensitivity ?? 0 }))}
                  />
                ) : null}
                <MilestoneCriticality t={t} projectName={projectName} />
              </>
            ) : null}
          </>
        )}
      </section>

      <section className="card risk-card" aria-labelledby="risk-drivers-heading">
        <h2 id="risk-drivers-heading" className="risk-card__heading">
          Top drivers
        </h2>
        <p className="muted">Cruciality: how strongly each activity’s duration moves the finish (Spearman rank correlation, −1 to 1).</p>
        {results.tornado.length > 0 ? (
          <TornadoChart
            title="Tornado of the top drivers of the finish date"
            summary={results.tornado
              .slice(0, 10)
              .map((r) => `${r.code} ${corr(r.cruciality ?? r.sensitivity)}`)
              .join(', ')}
            entries={results.tornado.map((r) => ({ label: `${r.code} ${r.name}`, value: r.cruciality ?? r.sensitivity ?? 0 }))}
          />
        ) : (
          <p className="muted">No activity’s duration varies, so nothing drives the finish.</p>
        )}
      </section>

      <section className="risk-card" aria-labelledby="risk-ci-heading">
        <h2 id="risk-ci-heading" className="risk-card__heading">
          Criticality index
        </h2>
        <p className="muted">
          The {top.length} most critical of {results.activityCount.toLocaleString('en-GB')} activities that vary or can be critical.
        </p>
        <DataTable tableId="risk-criticality" name="criticality index" columns={cols} rows={top} rowKey={(r) => r.activityId} csvFileName={csvFileName(projectName, 'Criticality index')} />
      </section>

      {results.notes.length > 0 || results.events.length > 0 ? (
        <section className="card risk-card" aria-labelledby="risk-notes-heading">
          <h2 id="risk-notes-heading" className="risk-card__heading">
            Assumptions
          </h2>
          <ul className="risk-notes">
            {results.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
            <li>
              Seed {results.seed}, {results.iterations.toLocaleString('en-GB')} iterations: the same seed and setup give the same results.
            </li>
          </ul>
        </section>
      ) : null}
    </div>
  );
}
