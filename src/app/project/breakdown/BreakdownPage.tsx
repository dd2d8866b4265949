import { BreakdownTable } from '../../dashboard/components/BreakdownTable';
import { csvFileName } from '../../../core/report/csv';
import { useProject } from '../projectContext';
import '../../dashboard/dashboard.css';

/**
 * /app/projects/:id/breakdown — the WBS or control-account tree (the toolbar's "Breakdown" chooses
 * which) on the table kit: cells coloured by the project's alert rules, the math behind each
 * figure, and the comment thread of each element.
 */
export default function BreakdownPage() {
  const p = useProject();
  const a = p.data?.analysis;
  if (!a) return null;
  if (!a.breakdown) return <p className="muted">This analysis has no breakdown: the input holds no WBS or control accounts.</p>;
  const by = p.options.breakdown === 'control-account' ? 'Control accounts' : 'WBS';
  return (
    <section className="dashboard-view__card" aria-labelledby="breakdown-heading">
      <h2 id="breakdown-heading" className="dashboard-view__heading">
        Breakdown by {by === 'WBS' ? 'WBS' : 'control account'}
      </h2>
      <BreakdownTable
        root={a.breakdown}
        currency={a.project.currency}
        basis={a.measureBasis}
        rules={p.data?.rules}
        comments={p.comments}
        csvFileName={csvFileName(p.name, `Breakdown by ${by}`, a.dataDate?.slice(0, 10))}
      />
    </section>
  );
}
