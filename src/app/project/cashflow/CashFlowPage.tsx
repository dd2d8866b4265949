import { useProject } from '../projectContext';

/** /app/projects/:id/cash-flow — placeholder until issue 14's part lands (owned by one helper). */
export default function CashFlowPage() {
  const p = useProject();
  return <p className="muted">The cash flow for {p.name} will be here.</p>;
}
