/**
 * A baseline comparison as the data worker computed it (core/evm/baselineCompare.ts): the summary
 * (counts, total budget change, biggest slips) and a sortable table by activity, WBS element or
 * control account. Variances are in working days, B − A (positive: later). Sorting a few thousand
 * rows is ordering, not computing figures; only ROW_PAGE rows are rendered at a time.
 */
import { useMemo, useState } from 'react';
import type { ActivityDelta, BaselineComparison, GroupDelta } from '../../../core/evm/baselineCompare';
import { formatDataDate, formatMoney, formatNumber, formatSigned } from '../../../core/format';

const ROW_PAGE = 200;

type View = 'activities' | 'wbs' | 'control-accounts';
type Row = ActivityDelta | GroupDelta;

interface Col {
  id: string;
  label: string;
  title?: string;
  num?: boolean;
  value: (r: Row) => string | number | null;
  show: (r: Row, currency: string) => string;
}

const days = (v: number | null): string => (v === null ? '—' : formatSigned(v, 'periods', { dp: 1, unit: 'd', plural: 'd' }));
const date = (v: string | undefined): string => (v ? formatDataDate(v) : '—');

const STATUS_LABELS: Record<ActivityDelta['status'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed', unchanged: 'Same' };

const ACTIVITY_COLS: Col[] = [
  { id: 'code', label: 'Activity', value: (r) => (r as ActivityDelta).code, show: (r) => (r as ActivityDelta).code },
  { id: 'name', label: 'Name', value: (r) => (r as ActivityDelta).name, show: (r) => (r as ActivityDelta).name },
  { id: 'status', label: 'Change', value: (r) => (r as ActivityDelta).status, show: (r) => STATUS_LABELS[(r as ActivityDelta).status] },
  { id: 'finishA', label: 'Finish A', value: (r) => (r as ActivityDelta).finishA ?? null, show: (r) => date((r as ActivityDelta).finishA) },
  { id: 'finishB', label: 'Finish B', value: (r) => (r as ActivityDelta).finishB ?? null, show: (r) => date((r as ActivityDelta).finishB) },
  { id: 'startVariance', label: 'Start var.', title: 'Start variance, working days (B − A)', num: true, value: (r) => r.startVariance, show: (r) => days(r.startVariance) },
  { id: 'finishVariance', label: 'Finish var.', title: 'Finish variance, working days (B − A): positive is a slip', num: true, value: (r) => r.finishVariance, show: (r) => days(r.finishVariance) },
  { id: 'durationChange', label: 'Duration Δ', title: 'Duration change, working days (B − A)', num: true, value: (r) => (r as ActivityDelta).durationChange, show: (r) => days((r as ActivityDelta).durationChange) },
  { id: 'budgetA', label: 'Budget A', num: true, value: (r) => r.budgetA, show: (r, c) => (r.budgetA === null ? '—' : formatMoney(r.budgetA, c)) },
  { id: 'budgetB', label: 'Budget B', num: true, value: (r) => r.budgetB, show: (r, c) => (r.budgetB === null ? '—' : formatMoney(r.budgetB, c)) },
  { id: 'budgetChange', label: 'Budget Δ', title: 'Budget change (B − A)', num: true, value: (r) => r.budgetChange, show: (r, c) => formatSigned(r.budgetChange, 'money', { currency: c }) },
];

const GROUP_COLS: Col[] = [
  { id: 'code', label: 'Code', value: (r) => (r as GroupDelta).code, show: (r) => (r as GroupDelta).code },
  { id: 'name', label: 'Name', value: (r) => (r as GroupDelta).name ?? '', show: (r) => (r as GroupDelta).name ?? '' },
  { id: 'activities', label: 'Activities', num: true, value: (r) => (r as GroupDelta).activities, show: (r) => formatNumber((r as GroupDelta).activities) },
  { id: 'added', label: 'Added', num: true, value: (r) => (r as GroupDelta).added, show: (r) => formatNumber((r as GroupDelta).added) },
  { id: 'removed', label: 'Removed', num: true, value: (r) => (r as GroupDelta).removed, show: (r) => formatNumber((r as GroupDelta).removed) },
  { id: 'changed', label: 'Changed', num: true, value: (r) => (r as GroupDelta).changed, show: (r) => formatNumber((r as GroupDelta).changed) },
  { id: 'finishVariance', label: 'Finish var.', title: 'Variance of the latest finish, working days (B − A)', num: true, value: (r) => r.finishVariance, show: (r) => days(r.finishVariance) },
  { id: 'biggestSlip', label: 'Worst slip', title: 'The largest finish slip of one of its activities, working days', num: true, value: (r) => (r as GroupDelta).biggestSlip, show: (r) => days((r as GroupDelta).biggestSlip) },
  { id: 'budgetA', label: 'Budget A', num: true, value: (r) => r.budgetA, show: (r, c) => formatMoney(r.budgetA ?? 0, c) },
  { id: 'budgetB', label: 'Budget B', num: true, value: (r) => r.budgetB, show: (r, c) => formatMoney(r.budgetB ?? 0, c) },
  { id: 'budgetChange', label: 'Budget Δ', num: true, value: (r) => r.budgetChange, show: (r, c) => formatSigned(r.budgetChange, 'money', { currency: c }) },
];

function compare(a: string | number | null, b: string | number | null): number {
  // Blanks last whichever way the column is sorted is done by the caller; here plain order.
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { numeric: true });
}

export function BaselineCompareView({ comparison: c, currency }: { comparison: BaselineComparison; currency: string }) {
  const [view, setView] = useState<View>('activities');
  const [sort, setSort] = useState<{ col: string; desc: boolean }>({ col: 'finishVariance', desc: true });
  const [changesOnly, setChangesOnly] = useState(true);
  const [shown, setShown] = useState(ROW_PAGE);
  const s = c.summary;
  const cols = view === 'activities' ? ACTIVITY_COLS : GROUP_COLS;
  const rows = useMemo(() => {
    const base: Row[] = view === 'activities' ? (changesOnly ? c.activities.filter((d) => d.status !== 'unchanged') : c.activities) : view === 'wbs' ? c.wbs : c.controlAccounts;
    const col = cols.find((x) => x.id === sort.col) ?? cols[0];
    const withValue = base.map((r) => [col.value(r), r] as const);
    const blank = (v: string | number | null) => v === null || v === '';
    withValue.sort(([x], [y]) => (blank(x) ? (blank(y) ? 0 : 1) : blank(y) ? -1 : sort.desc ? compare(y, x) : compare(x, y)));
    return withValue.map(([, r]) => r);
  }, [c, view, changesOnly, sort, cols]);

  const sortBy = (id: string) => {
    setSort((cur) => (cur.col === id ? { col: id, desc: !cur.desc } : { col: id, desc: true }));
    setShown(ROW_PAGE);
  };

  return (
    <section className="dashboard-view__card baselines__section" aria-labelledby="compare-result" data-compare>
      <h2 id="compare-result" className="dashboard-view__heading">
        {c.b.name} against {c.a.name}
      </h2>
      <dl className="baselines__summary">
        <div>
          <dt>Finish</dt>
          <dd data-summary="finish-variance">{days(s.finishVariance)}</dd>
          <dd className="muted">
            {date(s.finishA)} → {date(s.finishB)}
          </dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd data-summary="budget-change">{formatSigned(s.budgetChange, 'money', { currency })}</dd>
          <dd className="muted">
            {formatMoney(s.budgetA, currency)} → {formatMoney(s.budgetB, currency)}
          </dd>
        </div>
        <div>
          <dt>Activities</dt>
          <dd data-summary="changed">
            {formatNumber(s.changed)} changed, {formatNumber(s.slipped)} finish later, {formatNumber(s.gained)} earlier
          </dd>
          <dd className="muted">
            {formatNumber(s.added)} added, {formatNumber(s.removed)} removed, of {formatNumber(s.activitiesA)} → {formatNumber(s.activitiesB)}
          </dd>
        </div>
      </dl>
      {s.biggestSlips.length > 0 ? (
        <div className="baselines__slips">
          <h3 className="baselines__subheading">Biggest slips</h3>
          <ol>
            {s.biggestSlips.slice(0, 5).map((d) => (
              <li key={d.code}>
                <span className="breakdown__code">{d.code}</span> {d.name}: {days(d.finishVariance)}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <p className="muted baselines__lead">Variances are in working days on each activity’s calendar (WBS and control-account rows on the project calendar), B − A: a positive finish variance is a slip.</p>
      <div className="baselines__toolbar" role="group" aria-label="Compare by">
        {(
          [
            ['activities', 'Activities'],
            ['wbs', 'WBS'],
            ['control-accounts', 'Control accounts'],
          ] as const
        ).map(([v, label]) => (
          <button
            key={v}
            type="button"
            className={`btn btn-sm ${view === v ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={view === v}
            onClick={() => {
              setView(v);
              setShown(ROW_PAGE);
              if (!cols.some((x) => x.id === sort.col)) setSort({ col: 'finishVariance', desc: true });
            }}
          >
            {label}
          </button>
        ))}
        {view === 'activities' ? (
          <label className="baselines__check">
            <input type="checkbox" checked={changesOnly} onChange={(e) => setChangesOnly(e.target.checked)} /> Changes only
          </label>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{view === 'control-accounts' ? 'No activity in either side names a control account.' : 'Nothing changed between these two.'}</p>
      ) : (
        <div className="baselines__scroll">
          <table className="breakdown__table baselines__compare">
            <thead>
              <tr>
                {cols.map((col) => (
                  <th key={col.id} scope="col" className={col.num ? 'num' : undefined} aria-sort={sort.col === col.id ? (sort.desc ? 'descending' : 'ascending') : 'none'} title={col.title}>
                    <button type="button" className="baselines__sort" onClick={() => sortBy(col.id)}>
                      {col.label}
                      {sort.col === col.id ? (sort.desc ? ' ▼' : ' ▲') : ''}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, shown).map((r, i) => (
                <tr key={i} data-status={'status' in r ? r.status : undefined}>
                  {cols.map((col) => (
                    <td key={col.id} className={col.num ? 'num' : col.id === 'code' ? 'breakdown__code' : undefined}>
                      {col.show(r, currency)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > shown ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setShown((n) => n + ROW_PAGE)}>
          Show {formatNumber(Math.min(ROW_PAGE, rows.length - shown))} more of {formatNumber(rows.length - shown)}
        </button>
      ) : null}
    </section>
  );
}
