import { useProject } from '../projectContext';

/** /app/projects/:id/activities — placeholder until issue 14's part lands (owned by one helper). */
export default function ActivitiesPage() {
  const p = useProject();
  return <p className="muted">The activity grid for {p.name} will be here.</p>;
}
