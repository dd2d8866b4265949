import { useCallback, useMemo } from 'react';
import type { BreakdownNode } from '../../../core/evm/types';
import { VariancePanel } from '../../dashboard/collab/VariancePanel';
import { useProject } from '../projectContext';
import { AlertInbox } from './AlertInbox';
import { ThresholdsEditor } from './ThresholdsEditor';
import './alerts.css';

/** The control accounts of a breakdown (a flat list under the project when it is by control account). */
function accountsOf(root: BreakdownNode | null): BreakdownNode[] {
  const out: BreakdownNode[] = [];
  const walk = (n: BreakdownNode) => {
    if (n.kind === 'control-account' && n.id !== '(none)') out.push(n);
    n.children.forEach(walk);
  };
  if (root) walk(root);
  return out;
}

/**
 * /app/projects/:id/alerts — the alerts at the status date (filter, acknowledge, comment), the
 * variance narratives they call for, and the thresholds that raise them (issue 14). Every figure
 * comes from the dashboard the data worker computed with the project's thresholds (`data.rules`).
 */
export default function AlertsPage() {
  const p = useProject();
  const { setOptions } = p;
  const byAccount = p.options.breakdown === 'control-account';
  const accounts = useMemo(() => (byAccount && p.data ? accountsOf(p.data.analysis.breakdown) : []), [byAccount, p.data]);
  const showAccounts = useCallback(() => setOptions({ breakdown: 'control-account' }), [setOptions]);
  if (!p.data) return null;
  return (
    <div className="alerts-page">
      <section className="dashboard-view__section dashboard-view__card" aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="dashboard-view__heading">
          Alerts
        </h2>
        <AlertInbox
          projectId={p.id}
          projectName={p.name}
          alerts={p.data.alerts}
          dataDate={p.data.analysis.dataDate}
          byAccount={byAccount}
          comments={p.comments}
          refresh={p.changed}
          readOnly={!p.canWrite}
          onShowAccounts={showAccounts}
        />
      </section>
      <section className="dashboard-view__section dashboard-view__card" aria-labelledby="variance-narratives">
        <h2 id="variance-narratives" className="dashboard-view__heading">
          Variance narratives
        </h2>
        {/* The narratives' table scrolls within its card on a phone, never the page. */}
        <div className="alerts-page__scroll">
          <VariancePanel projectId={p.id} projectName={p.name} options={p.options} refresh={p.changed} readOnly={!p.canWrite} />
        </div>
      </section>
      <section className="dashboard-view__section dashboard-view__card" aria-labelledby="thresholds-heading">
        <h2 id="thresholds-heading" className="dashboard-view__heading">
          Thresholds
        </h2>
        <ThresholdsEditor projectId={p.id} accounts={accounts} refresh={p.changed} readOnly={!p.canWrite} onShowAccounts={showAccounts} />
      </section>
    </div>
  );
}
