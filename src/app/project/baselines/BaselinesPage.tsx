import { useProject } from '../projectContext';

/** /app/projects/:id/baselines — placeholder until issue 14's part lands (owned by one helper). */
export default function BaselinesPage() {
  const p = useProject();
  return <p className="muted">Baselines for {p.name} will be here.</p>;
}
