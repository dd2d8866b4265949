import { Dashboard } from '../../dashboard/components';
import { VariancePanel } from '../../dashboard/collab/VariancePanel';
import { useProject } from '../projectContext';

/**
 * /app/projects/:id — the project at a glance. For now the whole former dashboard; issue 14's
 * overview (compact figures, S-curve, commentary, top alerts) replaces it.
 */
export default function OverviewPage() {
  const p = useProject();
  if (!p.data) return null;
  return (
    <>
      <Dashboard data={p.data} rules={p.data.rules} comments={p.comments} />
      <section className="dashboard-view__section dashboard-view__card" aria-labelledby="variance-narratives">
        <h2 id="variance-narratives" className="dashboard-view__heading">
          Variance narratives
        </h2>
        <VariancePanel projectId={p.id} options={p.options} refresh={p.changed} readOnly={!p.canWrite} />
      </section>
    </>
  );
}
