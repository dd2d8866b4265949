import { Dashboard } from '../../dashboard/components';
import { useProject } from '../projectContext';

/**
 * /app/projects/:id — the project at a glance. For now the whole former dashboard; issue 14's
 * overview (compact figures, S-curve, commentary, top alerts) replaces it. The variance narratives
 * moved to the Alerts tab, beside the alerts that call for them.
 */
export default function OverviewPage() {
  const p = useProject();
  if (!p.data) return null;
  return <Dashboard data={p.data} rules={p.data.rules} comments={p.comments} />;
}
