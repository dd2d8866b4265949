/**
 * /app/projects/:id/activities — the activity grid (issue 14 "An activity grid"), virtualised: the
 * data worker holds every activity with its figures at the status date, sorts and filters there,
 * and sends the windows on screen (ActivityGridApi). The page keeps only the windows it has seen
 * for the current sort and filter, so 100,000 activities scroll as smoothly as 100.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dataApi } from '../../../client/data';
import { Link } from 'react-router';
import { activityBudgetNote } from '../../../core/changes/activityNote';
import { formatDataDate, formatNumber } from '../../../core/format';
import { csvFileName } from '../../../core/report/csv';
import type { ActivityGridPage, ActivityGridQuery, ActivityGridRow, DashboardResult } from '../../../local/contracts';
import { cellClass, SortHeader, TableToolbar, tableCsv, useRovingGrid, useTableState } from '../../../ui/table';
import '../../../ui/table/table.css';
import { useProject } from '../projectContext';
import { activityColumns, type ActivityColumn } from './activityColumns';
import './activities.css';

/** Rows per request: a few screens; the worker caps a window at 500. */
const WINDOW = 200;
const ROW_HEIGHT = 34;

type Meta = Omit<ActivityGridPage, 'rows' | 'offset'>;

export default function ActivitiesPage() {
  const p = useProject();
  const basis = p.data?.analysis.measureBasis ?? 'cost';
  const currency = p.data?.analysis.project.currency ?? p.row?.currency ?? 'GBP';
  const [meta, setMeta] = useState<Meta | null>(null);
  const [error, setError] = useState<string | null>(null);
  const longestCode = meta?.longest.code;
  const longestWbs = meta?.longest.wbs;
  const columns = useMemo(
    () => activityColumns({ basis, currency }, meta?.acMissingReason ?? null, longestCode === undefined || longestWbs === undefined ? undefined : { code: longestCode, wbs: longestWbs }),
    [basis, currency, meta?.acMissingReason, longestCode, longestWbs],
  );
  const table = useTableState<ActivityGridRow>('activities', columns);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  // The worker filters as the user types, after a pause (not on every key).
  useEffect(() => {
    const t = setTimeout(() => setFilter(search.trim()), 200);
    return () => clearTimeout(t);
  }, [search]);

  const sortCol = table.sort ? (columns.find((c) => c.id === table.sort!.column) as ActivityColumn | undefined) : undefined;
  const query = useMemo<Omit<ActivityGridQuery, 'offset' | 'limit'>>(
    () => ({
      ...(p.options.dataDate ? { dataDate: p.options.dataDate } : {}),
      ...(sortCol ? { sort: { key: sortCol.sortKey, dir: table.sort!.dir } } : {}),
      ...(filter ? { filter } : {}),
    }),
    [p.options.dataDate, sortCol, table.sort, filter],
  );
  const signature = JSON.stringify([p.id, query, p.changed, p.imports.at(-1)?.importId ?? null]);

  // Windows fetched for the current signature, by window number.
  const [windows, setWindows] = useState<{ sig: string; map: ReadonlyMap<number, ActivityGridRow[]> }>({ sig: '', map: new Map() });
  const asked = useRef(new Set<string>());
  const current = useRef(signature);
  current.current = signature;
  const fetchWindow = useCallback(
    (n: number) => {
      const key = `${signature}#${n}`;
      if (asked.current.has(key)) return;
      asked.current.add(key);
      const sig = signature;
      dataApi()
        .activityGrid(p.id, { ...query, offset: n * WINDOW, limit: WINDOW })
        .then(
          (page) => {
            if (current.current !== sig) return;
            const { rows, offset: _o, ...m } = page;
            setMeta(m);
            setError(null);
            setWindows((w) => {
              const map = new Map(w.sig === sig ? w.map : []);
              map.set(n, rows);
              return { sig, map };
            });
          },
          (e: Error) => {
            asked.current.delete(key);
            if (current.current === sig) setError(e.message);
          },
        );
    },
    [signature, p.id, query],
  );
  useEffect(() => {
    asked.current.clear();
    fetchWindow(0);
  }, [fetchWindow]);

  const total = meta && windows.sig === signature ? meta.total : 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The sticky header covers the first row's height at the top of the box.
    scrollPaddingStart: ROW_HEIGHT + 4,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (!total) return;
    for (let n = Math.floor(firstIndex / WINDOW); n <= Math.floor(lastIndex / WINDOW); n++) if (!windows.map.has(n) || windows.sig !== signature) fetchWindow(n);
  }, [firstIndex, lastIndex, total, windows, signature, fetchWindow]);
  const rowAt = (i: number): ActivityGridRow | undefined => (windows.sig === signature ? windows.map.get(Math.floor(i / WINDOW))?.[i % WINDOW] : undefined);

  const grid = useRovingGrid(tableRef, {
    rows: total + 1,
    cols: table.visible.length,
    ensureRow: (r) => {
      if (r > 0) virtualizer.scrollToIndex(r - 1, { align: 'auto' });
    },
  });

  const csv = async () => {
    const all: ActivityGridRow[] = [];
    for (let offset = 0; offset < total; offset += 500) all.push(...(await dataApi().activityGrid(p.id, { ...query, offset, limit: 500 })).rows);
    return tableCsv(table.visible, all);
  };

  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const width = table.visible.reduce((s, c) => s + (c as ActivityColumn).width, 0);

  if (error && !meta) return <p className="card import-error" role="alert">{error}</p>;
  return (
    <section className="activity-grid" aria-labelledby="activities-heading">
      <h2 id="activities-heading" className="dashboard-view__heading">
        Activities
      </h2>
      <TableToolbar state={table} name="activity grid" csv={csv} csvFileName={csvFileName(p.name, 'Activities', meta?.dataDate.slice(0, 10))}>
        <label className="activity-grid__search">
          <span className="sr-only">Search activities by ID, name or WBS</span>
          <input type="search" className="input" placeholder="Search ID, name or WBS" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <span className="muted" role="status" aria-live="polite">
          {meta ? (filter ? `${formatNumber(meta.total)} of ${formatNumber(meta.activities)} activities` : `${formatNumber(meta.activities)} activities`) : 'Loading activities…'}
          {meta ? ` · status at ${formatDataDate(meta.dataDate)}` : ''}
        </span>
      </TableToolbar>
      <ChangesNote data={p.data} projectPath={`/app/projects/${encodeURIComponent(p.id)}`} />
      <div ref={scrollRef} className="table-kit__scroll activity-grid__scroll" role="region" aria-label="Activity grid">
        <table
          ref={tableRef}
          className="table-kit__table activity-grid__table"
          role="grid"
          aria-rowcount={total + 1}
          aria-colcount={table.visible.length}
          style={{ width, minWidth: '100%' }}
          onKeyDown={grid.onKeyDown}
          onFocus={grid.onFocus}
        >
          <caption className="sr-only">Activities with their dates, budget, earned value, actual cost and total float. Arrow keys move between cells.</caption>
          <colgroup>
            {table.visible.map((c) => (
              <col key={c.id} style={{ width: (c as ActivityColumn).width }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {table.visible.map((c, i) => (
                <SortHeader key={c.id} column={c} state={table} col={i} />
              ))}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden="true" className="activity-grid__pad">
                <td colSpan={table.visible.length} style={{ height: padTop }} />
              </tr>
            ) : null}
            {items.map((v) => {
              const row = rowAt(v.index);
              return (
                <tr key={v.index} ref={virtualizer.measureElement} aria-rowindex={v.index + 2} style={{ height: ROW_HEIGHT }} data-index={v.index} data-activity={row?.code}>
                  {table.visible.map((c, i) => {
                    const Cell = i === 0 ? 'th' : 'td';
                    return (
                      <Cell key={c.id} {...(i === 0 ? { scope: 'row' } : {})} className={row ? cellClass(c, row) : c.numeric ? 'num' : undefined} data-r={v.index + 1} data-c={i} data-col={c.id}>
                        {row ? c.render(row) : <span className="activity-grid__loading" aria-label="Loading" />}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden="true" className="activity-grid__pad">
                <td colSpan={table.visible.length} style={{ height: padBottom }} />
              </tr>
            ) : null}
            {meta && total === 0 ? (
              <tr>
                <td colSpan={table.visible.length} className="table-kit__empty">
                  No activity matches "{filter}": search by Activity ID, name or WBS code.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {meta && meta.withFloat === 0 ? (
        <p className="table-kit__note" data-testid="float-note">
          Total float is blank: this file carries none (P6 writes it to the XER, MS Project to its XML as TotalSlack). Export it with float to see it here.
        </p>
      ) : null}
      {meta?.acMissingReason ? <p className="table-kit__note">AC is blank: {meta.acMissingReason}</p> : null}
      {error ? (
        <p role="alert" className="table-kit__error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Why the grid's budgets do not add up to BAC when approved changes are in the figures (core/changes/activityNote.ts). */
function ChangesNote({ data, projectPath }: { data: DashboardResult | null; projectPath: string }) {
  const note = data ? activityBudgetNote(data.changeControl, data.analysis.measureBasis, data.analysis.project.currency) : null;
  if (!note) return null;
  return (
    <p className="muted activity-grid__note" data-testid="grid-changes-note">
      {note} <Link to={`${projectPath}/changes`}>See the change log</Link>.
    </p>
  );
}
