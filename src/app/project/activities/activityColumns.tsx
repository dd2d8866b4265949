/**
 * The activity grid's columns, as a P6 user reads them: Activity ID, name, WBS, start, finish,
 * baseline start and finish, % complete, budget (BAC), PV, EV, AC and total float. Figures arrive
 * computed from the data worker; these only format them. `sortKey` is the worker's sort for the
 * column (the grid sorts there, over every row, not over the window on screen).
 */
import { formatDate, formatNumber, formatPercent } from '../../../core/format';
import type { ActivityGridRow, ActivityGridSortKey } from '../../../local/contracts';
import type { TableColumn } from '../../../ui/table';
import { formatAmount, type FormatContext } from '../../dashboard/components/valueFormat';

export type ActivityColumn = TableColumn<ActivityGridRow> & { sortKey: ActivityGridSortKey; width: number };

const dash = '—';
const date = (d: string | null) => (d ? formatDate(d) : dash);

/**
 * A code column wide enough for the longest code (codes are never cut or broken), in the grid's
 * monospace at 13 px (~7.9 px a character), within reason: a 60-character WBS path still fits.
 */
export function codeWidth(chars: number, min: number): number {
  return Math.max(min, Math.min(520, Math.ceil(chars * 7.9) + 22));
}

/**
 * The WBS column shows at most this many characters of a code: the end of it, where a WBS path
 * names the element (HS2-LWM-IMP-040-20.HS2-P1-CS-EWC-C-F.1 shows as …P1-CS-EWC-C-F.1), so a long
 * path does not push the dates off a laptop's screen. The whole code is in the tooltip (with the
 * element's name), the search and the CSV.
 */
export const WBS_SHOWN_CHARS = 22;

export function wbsShown(code: string): string {
  return code.length > WBS_SHOWN_CHARS ? `…${code.slice(-(WBS_SHOWN_CHARS - 1))}` : code;
}

export function activityColumns(ctx: Pick<FormatContext, 'basis' | 'currency'>, acMissing: string | null, longest: { code: number; wbs: number } = { code: 10, wbs: 10 }): ActivityColumn[] {
  const amount = (v: number | null) => (v === null ? dash : formatAmount(v, ctx));
  const col = (c: Omit<ActivityColumn, 'sortValue'>): ActivityColumn => ({ ...c, sortValue: (r) => r[c.sortKey] });
  return [
    col({ id: 'code', sortKey: 'code', label: 'Activity ID', required: true, code: true, width: codeWidth(longest.code, 110), csvValue: (r) => r.code, render: (r) => r.code }),
    col({
      id: 'name',
      sortKey: 'name',
      label: 'Activity name',
      width: 300,
      className: 'activity-grid__name',
      csvValue: (r) => r.name,
      render: (r) => <span title={r.name}>{r.name}</span>,
    }),
    col({
      id: 'wbs',
      sortKey: 'wbs',
      label: 'WBS',
      code: true,
      width: codeWidth(Math.min(longest.wbs, WBS_SHOWN_CHARS), 90),
      csvValue: (r) => r.wbs,
      render: (r) => <span title={r.wbs ? `${r.wbs}${r.wbsName ? ` · ${r.wbsName}` : ''}` : undefined}>{r.wbs ? wbsShown(r.wbs) : dash}</span>,
    }),
    col({ id: 'start', sortKey: 'start', label: 'Start', title: 'Actual start, else forecast or planned', width: 110, csvValue: (r) => r.start, render: (r) => date(r.start) }),
    col({ id: 'finish', sortKey: 'finish', label: 'Finish', title: 'Actual finish, else forecast or planned', width: 110, csvValue: (r) => r.finish, render: (r) => date(r.finish) }),
    col({ id: 'baselineStart', sortKey: 'baselineStart', label: 'BL start', title: 'Baseline start', width: 110, csvValue: (r) => r.baselineStart, render: (r) => date(r.baselineStart) }),
    col({ id: 'baselineFinish', sortKey: 'baselineFinish', label: 'BL finish', title: 'Baseline finish', width: 110, csvValue: (r) => r.baselineFinish, render: (r) => date(r.baselineFinish) }),
    col({ id: 'percentComplete', sortKey: 'percentComplete', label: '% complete', title: "The activity's percent complete (of its percent complete type)", numeric: true, width: 100, csvValue: (r) => r.percentComplete, render: (r) => formatPercent(r.percentComplete) }),
    col({ id: 'bac', sortKey: 'bac', label: 'BAC', title: 'Budget at completion', numeric: true, width: 130, csvValue: (r) => r.bac, render: (r) => amount(r.bac) }),
    col({ id: 'pv', sortKey: 'pv', label: 'PV', title: 'Planned value at the status date', numeric: true, width: 130, defaultHidden: true, csvValue: (r) => r.pv, render: (r) => (r.pvNote ? <span title={r.pvNote}>{amount(r.pv)}</span> : amount(r.pv)) }),
    col({ id: 'ev', sortKey: 'ev', label: 'EV', title: 'Earned value at the status date', numeric: true, width: 130, csvValue: (r) => r.ev, render: (r) => amount(r.ev) }),
    col({
      id: 'ac',
      sortKey: 'ac',
      label: 'AC',
      title: acMissing ? `Actual cost: ${acMissing}` : 'Actual cost at the status date',
      numeric: true,
      width: 130,
      csvValue: (r) => r.ac,
      render: (r) => amount(r.ac),
    }),
    col({
      id: 'float',
      sortKey: 'totalFloatDays',
      label: 'Total float',
      title: 'Total float in working days, as the file gives it',
      numeric: true,
      width: 110,
      csvValue: (r) => r.totalFloatDays,
      render: (r) => (r.totalFloatDays === null ? dash : `${formatNumber(r.totalFloatDays, 1, { minDp: 0 })}d`),
      cellClass: (r) => (r.totalFloatDays !== null && r.totalFloatDays < 0 ? 'activity-grid__late' : undefined),
    }),
  ];
}
