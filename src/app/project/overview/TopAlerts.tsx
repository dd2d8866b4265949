/**
 * The overview's top alerts: the most serious few (evaluateAlerts sorts them so), each with its
 * comment button, and the way to the Alerts tab for the rest. The full list, its filters and
 * acknowledgements live on that tab.
 */
import { Link } from 'react-router';
import type { BreakdownKind } from '../../../core/evm/types';
import type { Alert } from '../../../core/insight/alerts';
import { alertTarget, CommentButton } from '../../dashboard/components/AlertsList';
import type { CommentHooks } from '../../dashboard/components/types';
import { withoutNodeName } from '../../projects/alertWording';

/** How many alerts the overview shows. */
export const TOP_ALERTS = 5;

const KIND_LABELS: Readonly<Record<BreakdownKind, string>> = { project: 'Project', wbs: 'WBS', 'control-account': 'Control account', code: 'Activity code' };

export function TopAlerts({ alerts, alertsPath, comments }: { alerts: readonly Alert[]; alertsPath: string; comments?: CommentHooks }) {
  if (alerts.length === 0) return <p className="alerts__empty">No alerts: no figure breaches a threshold.</p>;
  const critical = alerts.filter((a) => a.severity === 'critical').length;
  const shown = alerts.slice(0, TOP_ALERTS);
  return (
    <div className="alerts">
      <p className="alerts__count">
        {alerts.length} {alerts.length === 1 ? 'alert' : 'alerts'}
        {critical ? `, ${critical} critical` : ''}
        {alerts.length > shown.length ? ` · the ${shown.length} most serious:` : ''}
      </p>
      <ul className="alerts__list">
        {shown.map((a) => (
          <li key={`${a.ruleId}:${a.nodeKind}:${a.nodeId}`} className={`alert alert--${a.severity}`} data-rule={a.ruleId} data-node={a.nodeId}>
            <span className={`status-badge status-badge--${a.severity}`}>{a.severity === 'critical' ? 'Critical' : 'Warning'}</span>
            {/* On the project's own page the project needs no naming: "Project" says it. Any other
                node is named here, so the message below need not open with the name again. */}
            <span className="alert__node">
              <span className="alert__kind">{KIND_LABELS[a.nodeKind]}</span>
              {a.nodeKind === 'project' ? null : <> {a.nodeName}</>}
            </span>
            <span className="alert__message">{withoutNodeName(a.message, a.nodeName)}</span>
            {comments ? <CommentButton hooks={comments} target={alertTarget(a)} about={`the ${a.nodeKind === 'project' ? 'project' : a.nodeName} alert`} /> : null}
          </li>
        ))}
      </ul>
      <Link className="btn btn-outline btn-sm alerts__more" to={alertsPath}>
        {alerts.length > shown.length ? `All ${alerts.length} alerts` : 'Open the alerts'}
      </Link>
    </div>
  );
}
