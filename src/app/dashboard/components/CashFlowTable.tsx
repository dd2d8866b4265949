/**
 * Spend per period: planned, earned, actual and forecast, each for the period and cumulative, on
 * the table kit (sticky header and period column, own scroll box, column choice, sort, keyboard
 * navigation, Download CSV of the unrounded values). What each cell holds is in cashFlowColumns.
 * The status period is marked "Data date"; the table opens in period order.
 */
import { useMemo } from 'react';
import type { Analysis } from '../../../core/evm/types';
import { csvFileName } from '../../../core/report/csv';
import { DataTable } from '../../../ui/table';
import { cashFlowColumns, cashFlowTableRows, type CashFlowTableRow } from './cashFlowColumns';

export { periodName } from './cashFlowColumns';

export interface CashFlowTableProps {
  analysis: Analysis;
}

const PERIOD_ORDER = { column: 'period', dir: 'asc' } as const;

const rowKey = (r: CashFlowTableRow) => (r.kind === 'before' ? 'before' : String(r.row.index));

const rowProps = (r: CashFlowTableRow) =>
  r.kind === 'before'
    ? { className: 'cash-flow__before', 'data-row': 'before' }
    : { 'data-period': r.row.index, className: r.status ? 'cash-flow__status' : undefined, 'aria-current': r.status ? ('true' as const) : undefined };

export function CashFlowTable({ analysis }: CashFlowTableProps) {
  const columns = useMemo(() => cashFlowColumns(analysis), [analysis]);
  const rows = useMemo(() => cashFlowTableRows(analysis), [analysis]);
  return (
    <DataTable
      tableId="cash-flow"
      name="cash flow table"
      tableClassName="cash-flow__table"
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      rowProps={rowProps}
      defaultSort={PERIOD_ORDER}
      csvFileName={csvFileName(analysis.project.name, 'Cash flow', analysis.dataDate?.slice(0, 10))}
    />
  );
}
