/**
 * The Overview's risk line (issue 15 "Integrate with earned value"): the probabilistic finish and
 * EAC of the latest Monte Carlo run beside the deterministic forecasts the cards show (the
 * IEAC(t) finish date and the reported EAC), so a planner sees both at once. A run made at another
 * status date is named as out of date, not quoted. Nothing shows until a run exists.
 */
import { Link } from 'react-router';
import { formatDataDate, formatEndDate, formatMoney } from '../../../core/format';
import type { DashboardResult } from '../../../local/contracts';

/** The line's parts as words: pure, so tests read them without rendering. */
export interface RiskForecastParts {
  current: boolean;
  finish: string;
  cost: string | null;
}

export function riskForecastParts(data: Pick<DashboardResult, 'analysis' | 'risk'>): RiskForecastParts | null {
  const r = data.risk;
  if (!r) return null;
  const a = data.analysis;
  const current = a.dataDate !== null && r.dataDate.slice(0, 10) === a.dataDate.slice(0, 10);
  const ieact = a.forecastFinish.spit;
  const finish =
    `P80 finish ${formatDataDate(r.finishP80)} (P50 ${formatDataDate(r.finishP50)}) · scheduled finish ${formatDataDate(r.deterministicFinish)}, ` +
    `${Math.round(r.deterministicConfidence * 100)}% likely` +
    (ieact ? ` · IEAC(t) ${formatEndDate(ieact)}` : '');
  const eac = a.cost.eacSelected.value;
  const cost = r.costP80 !== null && a.measureBasis === 'cost' ? `P80 EAC ${formatMoney(r.costP80, a.project.currency)} (P50 ${formatMoney(r.costP50 ?? r.costP80, a.project.currency)})${eac !== null ? ` · EAC ${formatMoney(eac, a.project.currency)}` : ''}` : null;
  return { current, finish, cost };
}

export function RiskForecast({ data, projectPath }: { data: Pick<DashboardResult, 'analysis' | 'risk'>; projectPath: string }) {
  const parts = riskForecastParts(data);
  if (!parts || !data.risk) return null;
  const link = (
    <Link to={`${projectPath}/risk`} title="The Risk tab: the distributions, the drivers and the snapshots">
      {data.risk.name}
    </Link>
  );
  if (!parts.current) {
    return (
      <p className="overview__risk muted" data-testid="risk-forecast" data-current="false">
        Schedule risk: {link} was run at the status date of {formatDataDate(data.risk.dataDate)}; run it again for this status.
      </p>
    );
  }
  return (
    <p className="overview__risk" data-testid="risk-forecast" data-current="true">
      Schedule risk ({link}, {data.risk.iterations.toLocaleString('en-GB')} iterations): {parts.finish}
      {parts.cost ? <> · {parts.cost}</> : null}
    </p>
  );
}
