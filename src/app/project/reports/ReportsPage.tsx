import { useProject } from '../projectContext';

/** /app/projects/:id/reports — placeholder until issue 14's part lands (owned by one helper). */
export default function ReportsPage() {
  const p = useProject();
  return <p className="muted">Reports and exports for {p.name} will be here.</p>;
}
