/**
 * The product tour's panels (loaded lazily): the built-in sample project through the real engine,
 * shown with the app's own dashboard components: metric cards with "show the math", the S-curve,
 * the control-account breakdown, the commentary and the alerts.
 */
import * as Comlink from 'comlink';
import { useEffect, useMemo, useState } from 'react';
import { AlertsList } from '../../app/dashboard/components/AlertsList';
import { BreakdownTable } from '../../app/dashboard/components/BreakdownTable';
import { metricCards } from '../../app/dashboard/components/cardModels';
import { CommentaryPanel } from '../../app/dashboard/components/CommentaryPanel';
import { MetricCard } from '../../app/dashboard/components/MetricCards';
import { SCurveChart } from '../../app/dashboard/components/SCurveChart';
import { MathGroup } from '../../app/dashboard/components/ShowMath';
import { formatContextOf, formatDateText } from '../../app/dashboard/components/valueFormat';
import '../../app/dashboard/dashboard.css';
import type { SampleResults } from '../../core/sample/riversideViaduct';
import { Spinner } from '../../ui/Spinner';
import type { TourWorkerApi } from '../../local/contracts';
import type { TourTabId } from './tourTabs';
import './tour.css';

/** The cards the Dashboard tab shows, in order. */
const DASHBOARD_CARDS = ['spi', 'cpi', 'spit', 'eac', 'tcpiBac', 'forecastFinish'] as const;

let cached: Promise<SampleResults> | null = null;
/** The sample's results, computed once per page in a short-lived worker (a retry after a failure). */
function sample(): Promise<SampleResults> {
  cached ??= (async () => {
    const worker = new Worker(new URL('../../../workers/tour.worker.ts', import.meta.url), { type: 'module', name: 'earnest-tour' });
    try {
      return await Comlink.wrap<TourWorkerApi>(worker).analyseSample();
    } finally {
      worker.terminate();
    }
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

function Meta({ results }: { results: SampleResults }) {
  const a = results.analysis;
  return (
    <p className="tour-panel__meta">
      <strong>{a.project.name}</strong> · status at {a.dataDate ? formatDateText(a.dataDate) : 'n/a'} · {a.series.length} monthly periods · sample data
    </p>
  );
}

function DashboardTab({ results }: { results: SampleResults }) {
  const { analysis } = results;
  const ctx = useMemo(() => formatContextOf(analysis), [analysis]);
  const cards = useMemo(() => {
    const all = metricCards(analysis, ctx);
    return DASHBOARD_CARDS.map((id) => all.find((c) => c.id === id)).filter((c) => c !== undefined);
  }, [analysis, ctx]);
  return (
    <MathGroup>
      <Meta results={results} />
      <h3 className="tour-panel__heading">Key figures</h3>
      <ul className="metric-cards tour-panel__cards">
        {cards.map((card) => (
          <li key={card.id}>
            <MetricCard card={card} ctx={ctx} />
          </li>
        ))}
      </ul>
      <h3 className="tour-panel__heading">S-curve</h3>
      <SCurveChart analysis={analysis} height={280} />
    </MathGroup>
  );
}

function AnalyserTab({ results }: { results: SampleResults }) {
  const { analysis, commentary } = results;
  return (
    <>
      <Meta results={results} />
      {analysis.breakdown ? (
        <>
          <h3 className="tour-panel__heading">Control account breakdown</h3>
          <BreakdownTable root={analysis.breakdown} currency={analysis.project.currency} basis={analysis.measureBasis} />
        </>
      ) : null}
      <h3 className="tour-panel__heading">Commentary</h3>
      <div className="tour-panel__commentary">
        <CommentaryPanel commentary={commentary} />
      </div>
    </>
  );
}

function AlertsTab({ results }: { results: SampleResults }) {
  return (
    <>
      <Meta results={results} />
      <h3 className="tour-panel__heading">Alerts at the default thresholds</h3>
      <p className="tour-panel__note">
        Each alert names the project or control account, the figure and the threshold it crossed. A critical breach of a measure replaces its warning.
      </p>
      <AlertsList alerts={results.alerts} limit={Infinity} />
    </>
  );
}

export default function TourPanel({ tab }: { tab: TourTabId }) {
  const [results, setResults] = useState<SampleResults | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    sample().then(
      (r) => live && setResults(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) {
    return (
      <p className="tour-panel tour-panel__note" role="alert">
        This browser could not run the sample analysis. Reload the page to try again, or start a free trial to see your own project.
      </p>
    );
  }
  if (!results) return <Spinner label="Running the sample through the engine..." />;
  return (
    <div className="tour-panel">
      {tab === 'dashboard' ? <DashboardTab results={results} /> : tab === 'analyser' ? <AnalyserTab results={results} /> : <AlertsTab results={results} />}
    </div>
  );
}
