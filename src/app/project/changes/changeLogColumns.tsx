/**
 * The change log's columns on the table kit (tests/web/table/changeLogColumns.test.ts): each sorts
 * by its raw value (change number naturally, CR-2 before CR-10; dates as ISO; budget as a number)
 * and writes it to the CSV unformatted. Who asked and who decided are columns of their own in the
 * CSV, so a spreadsheet can filter by them.
 */
import type { ReactNode } from 'react';
import { CHANGE_TYPE_LABELS, type ChangeStatus } from '../../../core/changes/types';
import { formatDate, formatMoney } from '../../../core/format';
import type { ChangeView } from '../../../local/contracts';
import type { TableColumn } from '../../../ui/table';

export const STATUS_LABEL: Readonly<Record<ChangeStatus, string>> = { draft: 'Draft', pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

const dash = '—';
const day = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10)) : dash);
const isoDay = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** `opener` renders the change number as the button that opens its details below the table. */
export function changeLogColumns(currency: string, opener: (c: ChangeView) => ReactNode): TableColumn<ChangeView>[] {
  return [
    {
      id: 'number',
      label: 'Change',
      required: true,
      code: true,
      className: 'changes-code',
      sortValue: (c) => c.number,
      csvValue: (c) => c.number,
      render: (c) => (
        <>
          {opener(c)}
          {c.conflicts.length > 0 ? <span className="badge badge-muted">conflict</span> : null}
        </>
      ),
    },
    { id: 'title', label: 'Title', className: 'wrap', sortValue: (c) => c.title || null, csvValue: (c) => c.title, render: (c) => c.title || <span className="muted">(no title)</span> },
    { id: 'type', label: 'Type', sortValue: (c) => CHANGE_TYPE_LABELS[c.type], csvValue: (c) => CHANGE_TYPE_LABELS[c.type], render: (c) => CHANGE_TYPE_LABELS[c.type] },
    {
      id: 'status',
      label: 'Status',
      sortValue: (c) => STATUS_LABEL[c.status],
      csvValue: (c) => STATUS_LABEL[c.status],
      render: (c) => <span className={`changes-status changes-status--${c.status}`}>{STATUS_LABEL[c.status]}</span>,
    },
    { id: 'total', label: 'Budget', title: 'Budget change, all lines', numeric: true, sortValue: (c) => c.total, csvValue: (c) => c.total, render: (c) => formatMoney(c.total, currency) },
    { id: 'requestedAt', label: 'Requested', sortValue: (c) => c.requestedAt, csvValue: (c) => isoDay(c.requestedAt), render: (c) => day(c.requestedAt) },
    { id: 'requester', label: 'Requester', sortValue: (c) => c.requester?.name ?? null, csvValue: (c) => c.requester?.name ?? null, render: (c) => c.requester?.name ?? dash },
    { id: 'decidedAt', label: 'Decided', sortValue: (c) => c.decidedAt, csvValue: (c) => isoDay(c.decidedAt), render: (c) => day(c.decidedAt) },
    { id: 'approver', label: 'Decided by', sortValue: (c) => c.approver?.name ?? null, csvValue: (c) => c.approver?.name ?? null, render: (c) => c.approver?.name ?? dash },
  ];
}
