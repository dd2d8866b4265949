/**
 * A baseline comparison as the data worker computed it (core/evm/baselineCompare.ts): the summary
 * (counts, total budget change, biggest slips) and a sortable table by activity, WBS element or
 * control account. Variances are in working days, B − A (positive: later). Sorting a few thousand
 * rows is ordering, not computing figures; only ROW_PAGE rows are rendered at a time.
 */
import { useMemo, useState } from 'react';
import type { ActivityDelta, BaselineComparison } from '../../../core/evm/baselineCompare';
import { formatMoney, formatNumber, formatSigned } from '../../../core/format';
import { csvFileName } from '../../../core/report/csv';
import { DataTable } from '../../../ui/table';
import { activityCompareColumns, compareDate as date, compareDays as days, groupCompareColumns } from './baselineCompareColumns';

const ROW_PAGE = 200;
/** Biggest slip first, as the comparison is read. */
const SLIPS_FIRST = { column: 'finishVariance', dir: 'desc' } as const;

type View = 'activities' | 'wbs' | 'control-accounts';

function keyByPlace<R extends object>(rows: readonly R[]): (r: R) => string {
  const place = new Map(rows.map((r, i) => [r, i]));
  return (r) => String(place.get(r));
}

const activityRowProps = (r: ActivityDelta) => ({ 'data-status': r.status });

export function BaselineCompareView({ comparison: c, currency }: { comparison: BaselineComparison; currency: string }) {
  const [view, setView] = useState<View>('activities');
  const [changesOnly, setChangesOnly] = useState(true);
  const s = c.summary;
  const activityCols = useMemo(() => activityCompareColumns(currency), [currency]);
  const groupCols = useMemo(() => groupCompareColumns(currency), [currency]);
  const activities = useMemo(() => (changesOnly ? c.activities.filter((d) => d.status !== 'unchanged') : c.activities), [c, changesOnly]);
  const groups = view === 'wbs' ? c.wbs : c.controlAccounts;
  const count = view === 'activities' ? activities.length : groups.length;
  const viewName = view === 'activities' ? 'activities' : view === 'wbs' ? 'WBS' : 'control accounts';
  // Codes may repeat (an ID in two source projects): each row is keyed by its place in the worker's list.
  const activityKey = useMemo(() => keyByPlace(activities), [activities]);
  const groupKey = useMemo(() => keyByPlace(groups), [groups]);
  const fileName = csvFileName(`${c.b.name} against ${c.a.name}`, `by ${viewName}`);

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
            onClick={() => setView(v)}
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
      {count === 0 ? (
        <p className="muted">{view === 'control-accounts' ? 'No activity in either side names a control account.' : 'Nothing changed between these two.'}</p>
      ) : view === 'activities' ? (
        <DataTable
          // A new table (sort, rows shown) for each set of rows.
          key={`activities-${String(changesOnly)}`}
          tableId="baseline-compare-activities"
          name={`comparison by ${viewName}`}
          tableClassName="baselines__compare"
          columns={activityCols}
          rows={activities}
          rowKey={activityKey}
          rowProps={activityRowProps}
          defaultSort={SLIPS_FIRST}
          rowLimit={ROW_PAGE}
          csvFileName={fileName}
        />
      ) : (
        <DataTable
          key={view}
          tableId="baseline-compare-groups"
          name={`comparison by ${viewName}`}
          tableClassName="baselines__compare"
          columns={groupCols}
          rows={groups}
          rowKey={groupKey}
          defaultSort={SLIPS_FIRST}
          rowLimit={ROW_PAGE}
          csvFileName={fileName}
        />
      )}
    </section>
  );
}
