import { useProject } from '../projectContext';

/** /app/projects/:id/breakdown — placeholder until issue 14's part lands (owned by one helper). */
export default function BreakdownPage() {
  const p = useProject();
  return <p className="muted">The breakdown for {p.name} will be here.</p>;
}
