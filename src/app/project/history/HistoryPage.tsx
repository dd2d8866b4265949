import { useMemo } from 'react';
import { formatDataDate, formatDate, formatIndex, formatNumber } from '../../../core/format';
import { csvFileName } from '../../../core/report/csv';
import { DataTable, type TableColumn } from '../../../ui/table';
import { formatAmount, type FormatContext } from '../../dashboard/components/valueFormat';
import { useProject } from '../projectContext';
import { historyRows, type HistoryRow } from './historyRows';

const dash = '—';

function columns(ctx: Pick<FormatContext, 'basis' | 'currency'>): TableColumn<HistoryRow>[] {
  const amount = (v: number | null) => (v === null ? dash : formatAmount(v, ctx));
  const index = (v: number | null) => (v === null ? dash : formatIndex(v));
  return [
    {
      id: 'date',
      label: 'Data date',
      required: true,
      sortValue: (r) => r.date,
      csvValue: (r) => r.date,
      render: (r) => (r.date ? formatDataDate(r.date) : dash),
    },
    { id: 'file', label: 'File', sortValue: (r) => r.imp.fileName, csvValue: (r) => r.imp.fileName, render: (r) => r.imp.fileName, className: 'wrap' },
    { id: 'activities', label: 'Activities', numeric: true, sortValue: (r) => r.imp.activityCount, csvValue: (r) => r.imp.activityCount, render: (r) => formatNumber(r.imp.activityCount) },
    { id: 'pv', label: 'PV', title: 'Planned value at the period end', numeric: true, sortValue: (r) => r.pv, csvValue: (r) => r.pv, render: (r) => amount(r.pv) },
    { id: 'ev', label: 'EV', title: 'Earned value at this status', numeric: true, sortValue: (r) => r.ev, csvValue: (r) => r.ev, render: (r) => amount(r.ev) },
    { id: 'ac', label: 'AC', title: 'Actual cost at this status', numeric: true, sortValue: (r) => r.ac, csvValue: (r) => r.ac, render: (r) => amount(r.ac) },
    { id: 'spi', label: 'SPI', title: 'Schedule performance index', numeric: true, sortValue: (r) => r.spi, csvValue: (r) => r.spi, render: (r) => index(r.spi) },
    { id: 'cpi', label: 'CPI', title: 'Cost performance index', numeric: true, sortValue: (r) => r.cpi, csvValue: (r) => r.cpi, render: (r) => index(r.cpi) },
    { id: 'importedAt', label: 'Imported', sortValue: (r) => r.imp.importedAt, csvValue: (r) => r.imp.importedAt, render: (r) => formatDate(r.imp.importedAt.slice(0, 10)) },
    { id: 'importedBy', label: 'Imported by', sortValue: (r) => r.imp.importedBy ?? null, csvValue: (r) => r.imp.importedBy ?? null, render: (r) => r.imp.importedBy ?? dash },
    { id: 'period', label: 'Period', title: 'The analysis period this status falls in', sortValue: (r) => r.period?.index ?? null, csvValue: (r) => r.period?.label ?? null, render: (r) => (r.period ? r.period.label : dash), defaultHidden: true },
    { id: 'note', label: 'Note', sortValue: (r) => r.note, csvValue: (r) => r.note, render: (r) => (r.note ? <span className="muted">{r.note}</span> : ''), className: 'wrap' },
  ];
}

/**
 * /app/projects/:id/history — every status imported into the project, with the figures the
 * analysis holds for its period. The figures come before who imported it, so PV to CPI stay on
 * screen at 1440 px beside long file and user names.
 */
export default function HistoryPage() {
  const p = useProject();
  const a = p.data?.analysis ?? null;
  const basis = a?.measureBasis ?? 'cost';
  const currency = a?.project.currency ?? p.row?.currency ?? 'GBP';
  const cols = useMemo(() => columns({ basis, currency }), [basis, currency]);
  const rows = useMemo(() => historyRows(p.imports, a), [p.imports, a]);
  if (p.imports.length === 0) return <p className="muted">No status has been imported into this project yet.</p>;
  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading">Status history</h2>
      <p className="muted">
        Each import is a status at its data date, oldest first. PV is cumulative at the end of the status&apos;s period; EV and AC are cumulative as reported at
        that status, in the analysis at the status date above (the saved statuses here never change with it).
      </p>
      <DataTable
        tableId="history"
        name="status history"
        columns={cols}
        rows={rows}
        rowKey={(r) => r.imp.importId}
        csvFileName={csvFileName(p.name, 'Status history', a?.dataDate?.slice(0, 10))}
      />
    </section>
  );
}
