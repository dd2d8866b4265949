import { useProject } from '../projectContext';

/** /app/projects/:id/changes — placeholder until issue 14's part lands (owned by one helper). */
export default function ChangesPage() {
  const p = useProject();
  return <p className="muted">The change log for {p.name} will be here.</p>;
}
