import { useProject } from '../projectContext';

/** /app/projects/:id/alerts — placeholder until issue 14's part lands (owned by one helper). */
export default function AlertsPage() {
  const p = useProject();
  return <p className="muted">Alerts and thresholds for {p.name} will be here.</p>;
}
