/**
 * The CSVs of the project's lists that are not DataTables (issue 14 "CSV of any table"): the alert
 * inbox, the variance narratives and the budget reconciliation. Pure, so tests/web/project/listCsv
 * checks them without a browser. Figures are written unformatted (a cost engineer re-totals them),
 * blanks stay blank, and each list exports the rows the screen shows, in its order.
 */
import { toCsv } from '../../core/report/csv';
import type { Alert } from '../../core/insight/alerts';
import type { BreakdownKind } from '../../core/evm/types';
import type { AlertAck, Reconciliation, VarianceRow } from '../../local/contracts';

const SEVERITY = { critical: 'Critical', warning: 'Warning' } as const;
const KIND: Readonly<Record<BreakdownKind, string>> = { project: 'Project', wbs: 'WBS element', 'control-account': 'Control account', code: 'Activity code' };

/** The alerts shown, each with its acknowledgement in this status period when it has one. */
export function alertsCsv(alerts: readonly Alert[], ackOf: (a: Alert) => AlertAck | undefined, period: string | null): string {
  const header = ['Status date', 'Severity', 'On', 'Element', 'Measure', 'Value', 'Threshold', 'Beyond the threshold', 'Message', 'Acknowledged by', 'Acknowledged at', 'Note'];
  return toCsv(
    header,
    alerts.map((a) => {
      const ack = ackOf(a);
      return [period, SEVERITY[a.severity], KIND[a.nodeKind], a.nodeName, a.metric, a.value, a.threshold, a.breach, a.message, ack?.by, ack?.at, ack?.note || null];
    }),
  );
}

/** The control accounts of the status period with their breaches and narratives (cause, impact, action…). */
export function variancesCsv(rows: readonly VarianceRow[], period: string | null): string {
  const header = ['Status date', 'Code', 'Control account', 'Severity', 'Breaches', 'Narrative status', 'Cause', 'Impact', 'Corrective action', 'Owner', 'Due date', 'Updated'];
  return toCsv(
    header,
    rows.map((r) => [
      period,
      r.code,
      r.name,
      r.severity ? SEVERITY[r.severity] : 'No longer breaching',
      r.breaches.map((b) => b.text).join('; ') || null,
      r.var ? r.var.status : 'not started',
      r.var?.cause || null,
      r.var?.impact || null,
      r.var?.correctiveAction || null,
      r.var?.owner || null,
      r.var?.dueDate || null,
      r.var?.updatedAt ?? null,
    ]),
  );
}

const BUDGET_LINES = [
  ['distributed', 'Distributed budget (BAC of the control accounts)'],
  ['ub', 'Undistributed budget (UB)'],
  ['pmb', 'Performance measurement baseline (PMB)'],
  ['mr', 'Management reserve (MR)'],
  ['cbb', 'Contract budget base (CBB)'],
] as const;

/** CBB = PMB + MR before the changes, what the approved changes moved, and now; then each change's moves. */
export function reconciliationCsv(r: Reconciliation, currency: string): string {
  const header = ['Budget', `Before changes (${currency})`, `Approved changes (${currency})`, `Now (${currency})`];
  const summary = BUDGET_LINES.map(([key, label]) => [label, r.start[key], r.current[key] - r.start[key], r.current[key]]);
  return toCsv(header, summary);
}

export function reconciliationStepsCsv(r: Reconciliation, currency: string): string {
  const header = ['Change', 'Title', 'Type', `Distributed (${currency})`, `UB (${currency})`, `MR (${currency})`, `CBB (${currency})`, `PMB after (${currency})`, `CBB after (${currency})`];
  return toCsv(
    header,
    r.steps.map((s) => [s.number, s.title, s.typeLabel, s.distributed, s.ub, s.mr, s.cbb, s.after.pmb, s.after.cbb]),
  );
}
