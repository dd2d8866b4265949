/**
 * The baseline comparison's columns on the table kit (tests/web/table/baselineCompareColumns.test.ts),
 * by activity and by WBS element or control account. Variances are working days, B − A (positive:
 * later); they sort and go to the CSV as the worker computed them, unrounded; a missing side is
 * an empty cell that sorts last. Dates go to the CSV as "yyyy-mm-dd hh:mm", which Excel reads as
 * a date.
 */
import type { ActivityDelta, GroupDelta } from '../../../core/evm/baselineCompare';
import { formatDataDate, formatMoney, formatNumber, formatSigned } from '../../../core/format';
import type { TableColumn } from '../../../ui/table';

const dash = '—';
export const compareDays = (v: number | null): string => (v === null ? dash : formatSigned(v, 'periods', { dp: 1, unit: 'd', plural: 'd' }));
export const compareDate = (v: string | undefined): string => (v ? formatDataDate(v) : dash);
const csvDate = (v: string | undefined): string | null => (v ? v.slice(0, 16).replace('T', ' ') : null);

export const STATUS_LABELS: Record<ActivityDelta['status'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed', unchanged: 'Same' };

/** The columns both views share, on the fields ActivityDelta and GroupDelta have alike. */
function shared<R extends ActivityDelta | GroupDelta>(currency: string, groups: boolean) {
  const date = (id: 'startA' | 'startB' | 'finishA' | 'finishB', label: string, hidden: boolean): TableColumn<R> => ({
    id,
    label,
    defaultHidden: hidden,
    sortValue: (r) => r[id] ?? null,
    csvValue: (r) => csvDate(r[id]),
    render: (r) => compareDate(r[id]),
  });
  const money = (v: number | null) => (v === null ? dash : formatMoney(v, currency));
  return {
    startA: date('startA', 'Start A', true),
    startB: date('startB', 'Start B', true),
    finishA: date('finishA', 'Finish A', groups),
    finishB: date('finishB', 'Finish B', groups),
    startVariance: {
      id: 'startVariance',
      label: 'Start var.',
      title: 'Start variance, working days (B − A)',
      numeric: true,
      defaultHidden: groups,
      sortValue: (r) => r.startVariance,
      csvValue: (r) => r.startVariance,
      render: (r) => compareDays(r.startVariance),
    } satisfies TableColumn<R>,
    finishVariance: {
      id: 'finishVariance',
      label: 'Finish var.',
      title: groups ? 'Variance of the latest finish, working days (B − A)' : 'Finish variance, working days (B − A): positive is a slip',
      numeric: true,
      sortValue: (r) => r.finishVariance,
      csvValue: (r) => r.finishVariance,
      render: (r) => compareDays(r.finishVariance),
    } satisfies TableColumn<R>,
    budgetA: { id: 'budgetA', label: 'Budget A', numeric: true, sortValue: (r) => r.budgetA, csvValue: (r) => r.budgetA, render: (r) => money(r.budgetA) } satisfies TableColumn<R>,
    budgetB: { id: 'budgetB', label: 'Budget B', numeric: true, sortValue: (r) => r.budgetB, csvValue: (r) => r.budgetB, render: (r) => money(r.budgetB) } satisfies TableColumn<R>,
    budgetChange: {
      id: 'budgetChange',
      label: 'Budget Δ',
      title: 'Budget change (B − A)',
      numeric: true,
      sortValue: (r) => r.budgetChange,
      csvValue: (r) => r.budgetChange,
      render: (r) => formatSigned(r.budgetChange, 'money', { currency }),
    } satisfies TableColumn<R>,
  };
}

export function activityCompareColumns(currency: string): TableColumn<ActivityDelta>[] {
  const s = shared<ActivityDelta>(currency, false);
  return [
    { id: 'code', label: 'Activity', required: true, code: true, sortValue: (r) => r.code, csvValue: (r) => r.code, render: (r) => r.code },
    { id: 'name', label: 'Name', className: 'wrap', sortValue: (r) => r.name, csvValue: (r) => r.name, render: (r) => r.name },
    { id: 'status', label: 'Change', sortValue: (r) => STATUS_LABELS[r.status], csvValue: (r) => STATUS_LABELS[r.status], render: (r) => STATUS_LABELS[r.status] },
    { id: 'wbs', label: 'WBS', code: true, defaultHidden: true, sortValue: (r) => r.wbs ?? null, csvValue: (r) => r.wbs ?? null, render: (r) => r.wbs ?? dash },
    { id: 'controlAccount', label: 'CA', title: 'Control account', code: true, defaultHidden: true, sortValue: (r) => r.controlAccount ?? null, csvValue: (r) => r.controlAccount ?? null, render: (r) => r.controlAccount ?? dash },
    s.startA,
    s.startB,
    s.finishA,
    s.finishB,
    s.startVariance,
    s.finishVariance,
    { id: 'durationA', label: 'Duration A', title: 'Duration A, working days', numeric: true, defaultHidden: true, sortValue: (r) => r.durationA, csvValue: (r) => r.durationA, render: (r) => (r.durationA === null ? dash : formatNumber(r.durationA)) },
    { id: 'durationB', label: 'Duration B', title: 'Duration B, working days', numeric: true, defaultHidden: true, sortValue: (r) => r.durationB, csvValue: (r) => r.durationB, render: (r) => (r.durationB === null ? dash : formatNumber(r.durationB)) },
    {
      id: 'durationChange',
      label: 'Duration Δ',
      title: 'Duration change, working days (B − A)',
      numeric: true,
      sortValue: (r) => r.durationChange,
      csvValue: (r) => r.durationChange,
      render: (r) => compareDays(r.durationChange),
    },
    s.budgetA,
    s.budgetB,
    s.budgetChange,
  ];
}

export function groupCompareColumns(currency: string): TableColumn<GroupDelta>[] {
  const s = shared<GroupDelta>(currency, true);
  return [
    { id: 'code', label: 'Code', required: true, code: true, sortValue: (r) => r.code, csvValue: (r) => r.code, render: (r) => r.code },
    { id: 'name', label: 'Name', className: 'wrap', sortValue: (r) => r.name ?? null, csvValue: (r) => r.name ?? null, render: (r) => r.name ?? '' },
    { id: 'activities', label: 'Activities', numeric: true, sortValue: (r) => r.activities, csvValue: (r) => r.activities, render: (r) => formatNumber(r.activities) },
    { id: 'added', label: 'Added', numeric: true, sortValue: (r) => r.added, csvValue: (r) => r.added, render: (r) => formatNumber(r.added) },
    { id: 'removed', label: 'Removed', numeric: true, sortValue: (r) => r.removed, csvValue: (r) => r.removed, render: (r) => formatNumber(r.removed) },
    { id: 'changed', label: 'Changed', numeric: true, sortValue: (r) => r.changed, csvValue: (r) => r.changed, render: (r) => formatNumber(r.changed) },
    s.startA,
    s.startB,
    s.finishA,
    s.finishB,
    s.startVariance,
    s.finishVariance,
    {
      id: 'biggestSlip',
      label: 'Worst slip',
      title: 'The largest finish slip of one of its activities, working days',
      numeric: true,
      sortValue: (r) => r.biggestSlip,
      csvValue: (r) => r.biggestSlip,
      render: (r) => compareDays(r.biggestSlip),
    },
    s.budgetA,
    s.budgetB,
    s.budgetChange,
  ];
}
