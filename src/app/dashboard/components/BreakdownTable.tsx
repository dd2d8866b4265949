/**
 * The WBS / control-account breakdown as an expandable table: one row per open node, the root as
 * the total in the footer. Only the rows of expanded nodes are built (treeRows.ts), rows are
 * memoised so opening one node does not re-render the others, cells are plain buttons (the open
 * "show the math" cell is table state, not per-cell state), and at most ROW_PAGE more rows are
 * rendered at a time, so "Expand all" on a 100,000-node tree stays responsive.
 */
import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import { toCsv } from '../../../core/report/csv';
import { SortHeader, TableToolbar, sortRows, useRovingGrid, useTableState, type TableColumn } from '../../../ui/table';
import type { Computed } from '../../../core/evm/computed';
import { MEASURES, type MeasureKey } from '../../../core/evm/dictionary';
import type { BreakdownKind, BreakdownNode, CostMeasures } from '../../../core/evm/types';
import { formatNumber } from '../../../core/format';
import type { StatusColour } from '../../../core/insight/alerts';
import { DEFAULT_RULES, type AlertRule, type MetricId } from '../../../core/insight/rules';
import { nodeStatusOf, statusMetricOf } from '../../../core/insight/status';
import { STATUS_LABELS, valueKindOf } from './cardModels';
import { AnchoredMath, MathGroup, MathTrigger, mathQuestion, useMathGroup } from './ShowMath';
import { allExpandable, allRows, expandedToLevel, toggled, visibleRows, type SiblingOrder } from './treeRows';
import type { CommentHooks, MeasureBasis } from './types';
import { CommentButton } from './AlertsList';
import { commentTargetKey } from '../../../local/contracts';
import { formatValue, type FormatContext, type ValueKind } from './valueFormat';

/** Rows rendered per "show more" step. */
export const ROW_PAGE = 200;

interface Column {
  id: string;
  label: string;
  title: string;
  pick: (c: CostMeasures) => Computed;
  kind: ValueKind;
  /** The alert metric whose rules colour the cell (judged on the row's node), if any. */
  status: MetricId | null;
}

/** A column for a measure of the dictionary: its label, name, unit and the metric that colours it. */
function column(key: MeasureKey, pick: (c: CostMeasures) => Computed): Column {
  const m = MEASURES[key];
  return { id: key, label: m.label, title: m.name, pick, kind: valueKindOf(m), status: statusMetricOf(key) };
}

export const BREAKDOWN_COLUMNS: readonly Column[] = [
  column('bac', (c) => c.bac),
  column('pv', (c) => c.pv),
  column('ev', (c) => c.ev),
  column('ac', (c) => c.ac),
  // SV and CV are not coloured here (their shares of PV and EV would be judged, but are not shown).
  { ...column('sv', (c) => c.sv), status: null },
  { ...column('cv', (c) => c.cv), status: null },
  column('spi', (c) => c.spi),
  column('cpi', (c) => c.cpi),
  column('eac', (c) => c.eacSelected),
  column('vac', (c) => c.vac),
];

const KIND_TITLES: Readonly<Record<BreakdownKind, string>> = {
  project: 'Project',
  wbs: 'WBS',
  'control-account': 'Control account',
  code: 'Activity code',
};

/** Marks beside a coloured cell, so the colour is not the only signal. */
const STATUS_MARKS: Readonly<Record<StatusColour, string>> = { good: '', neutral: '', warning: '!', critical: '!!' };

export interface BreakdownTableProps {
  root: BreakdownNode;
  currency: string;
  basis: MeasureBasis;
  rules?: readonly AlertRule[];
  /** How many levels start open (default 1: the top-level nodes show their children). */
  expandedLevels?: number;
  /** A comments column: each row's thread. */
  comments?: CommentHooks;
  /** The name the CSV download is saved under (default "breakdown.csv"). */
  csvFileName?: string;
}

/**
 * Measure columns shown until the user chooses otherwise: at 1440 px the name, BAC, EV, AC, SPI,
 * CPI, EAC and VAC fit beside the comments (issue 14: CPI, EAC and VAC were off screen). PV, SV,
 * CV and the activity count are a click away in the Columns menu.
 */
export const BREAKDOWN_DEFAULT_HIDDEN: ReadonlySet<string> = new Set(['activities', 'pv', 'sv', 'cv']);

/** The kit's columns for the breakdown: what sorts, what the CSV holds, what can be hidden. */
function kitColumns(levelName: string): TableColumn<BreakdownNode>[] {
  return [
    {
      id: 'name',
      label: levelName,
      required: true,
      sortValue: (n) => n.code || nodeLabel(n),
      render: () => null,
    },
    {
      id: 'activities',
      label: 'Activities',
      numeric: true,
      defaultHidden: BREAKDOWN_DEFAULT_HIDDEN.has('activities'),
      sortValue: (n) => n.activityCount,
      csvValue: (n) => n.activityCount,
      render: () => null,
    },
    ...BREAKDOWN_COLUMNS.map<TableColumn<BreakdownNode>>((col) => ({
      id: col.id,
      label: col.label,
      title: col.title,
      numeric: true,
      defaultHidden: BREAKDOWN_DEFAULT_HIDDEN.has(col.id),
      sortValue: (n) => col.pick(n.cost).value,
      csvValue: (n) => col.pick(n.cost).value,
      render: () => null,
    })),
  ];
}

export function BreakdownTable(props: BreakdownTableProps) {
  return (
    <MathGroup>
      <BreakdownTableView {...props} />
    </MathGroup>
  );
}

/** The open cell's key within a math group: this table's prefix plus [node id, column id]. */
function cellKey(prefix: string, nodeId: string, col: string): string {
  return prefix + JSON.stringify([nodeId, col]);
}

function openCellOf(prefix: string, openId: string | null | undefined): { node: string; col: string } | null {
  if (!openId || !openId.startsWith(prefix)) return null;
  const [node, col] = JSON.parse(openId.slice(prefix.length)) as [string, string];
  return { node, col };
}

function BreakdownTableView({ root, currency, basis, rules = DEFAULT_RULES, expandedLevels = 1, comments, csvFileName }: BreakdownTableProps) {
  const ctx = useMemo<FormatContext>(() => ({ basis, currency, periodUnit: 'period' }), [basis, currency]);
  const uid = useId();
  const prefix = `${uid}|`;
  const popId = `${uid}-math`;
  const group = useMathGroup();
  const setOpenId = group?.setOpenId;
  const openCell = openCellOf(prefix, group?.openId);
  const onMath = useCallback((key: string | null) => setOpenId?.(key), [setOpenId]);

  // Open nodes, reset when a different tree arrives (adjusting state during render, not in an effect).
  const [state, setState] = useState(() => ({ root, expanded: expandedToLevel(root, expandedLevels), limit: ROW_PAGE }));
  let current = state;
  if (state.root !== root) {
    current = { root, expanded: expandedToLevel(root, expandedLevels), limit: ROW_PAGE };
    setState(current);
  }
  const levelName = root.children[0] ? KIND_TITLES[root.children[0].kind] : KIND_TITLES[root.kind];
  const columns = useMemo(() => kitColumns(levelName), [levelName]);
  const table = useTableState('breakdown', columns);
  const sortCol = table.sort ? columns.find((c) => c.id === table.sort!.column) : undefined;
  const sortDir = table.sort?.dir ?? 'asc';
  // Sorted within each parent (a tree keeps its shape); unsorted: the schedule's order.
  const order = useMemo<SiblingOrder | undefined>(() => (sortCol ? (list) => sortRows(list, sortCol, sortDir) : undefined), [sortCol, sortDir]);
  const { rows, hidden } = useMemo(() => visibleRows(root, current.expanded, current.limit, order), [root, current.expanded, current.limit, order]);
  const onToggle = useCallback((id: string) => setState((s) => ({ ...s, expanded: toggled(s.expanded, id) })), []);
  const shownIds = new Set(table.visible.map((c) => c.id));
  const measures = useMemo(() => BREAKDOWN_COLUMNS.filter((c) => table.visible.some((v) => v.id === c.id)), [table.visible]);
  const showActivities = shownIds.has('activities');
  const shared = { ctx, rules, prefix, popId, onMath, comments, measures, showActivities };
  const ref = useRef<HTMLTableElement>(null);
  const colCount = table.visible.length + (comments ? 1 : 0);
  const grid = useRovingGrid(ref, {
    rows: rows.length + 2,
    cols: colCount,
    // Enter on a row opens (or closes) its children.
    onOpenRow: (r) => {
      const row = rows[r - 1];
      if (row?.hasChildren) onToggle(row.node.id);
    },
  });
  // The whole tree (not only the open rows), in the order on screen, then the project total (level 0).
  const csv = () => {
    const cols = table.visible.filter((c) => c.csvValue);
    const lines = [...allRows(root, order), { node: root, level: 0 }];
    return toCsv(
      ['Level', 'Code', 'Name', ...cols.map((c) => c.label)],
      lines.map(({ node, level }) => [level, node.code, node.name, ...cols.map((c) => c.csvValue!(node))]),
    );
  };

  return (
    <div className="breakdown table-kit" data-table="breakdown">
      <TableToolbar state={table} name="breakdown" csv={csv} csvFileName={csvFileName ?? 'breakdown.csv'}>
        <div className="breakdown__toolbar">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setState((s) => ({ ...s, expanded: allExpandable(root) }))}>
            Expand all
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setState((s) => ({ ...s, expanded: new Set(), limit: ROW_PAGE }))}>
            Collapse all
          </button>
        </div>
      </TableToolbar>
      <div className="breakdown__scroll table-kit__scroll" role="region" aria-label={`Breakdown by ${levelName}`}>
        <table ref={ref} className="breakdown__table table-kit__table" role="treegrid" aria-rowcount={rows.length + 2} onKeyDown={grid.onKeyDown} onFocus={grid.onFocus}>
          <caption className="sr-only">Breakdown by {levelName}: budget, earned value and forecast per node. Arrow keys move between cells; Enter opens or closes a row.</caption>
          <thead>
            <tr>
              {table.visible.map((c, i) => (
                <SortHeader key={c.id} column={c} state={table} col={i} className={c.id === 'name' ? 'breakdown__name-col' : undefined} />
              ))}
              {comments ? (
                <th scope="col" className="breakdown__comments-col" data-r={0} data-c={table.visible.length} title="Comments">
                  {/* An icon, not the word: the column is as narrow as its buttons, so CPI, EAC and VAC fit at 1440 px. */}
                  <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" focusable="false">
                    <path d="M2.5 3.5h11v7h-6l-3 2.5v-2.5h-2z" strokeLinejoin="round" />
                  </svg>
                  <span className="sr-only">Comments</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={colCount} className="breakdown__empty">
                  No breakdown: the schedule has no WBS elements or control accounts under the project.
                </td>
              </tr>
            ) : null}
            {rows.map((row, r) => (
              <BreakdownRow
                key={row.node.id}
                r={r + 1}
                node={row.node}
                level={row.level}
                hasChildren={row.hasChildren}
                expanded={row.expanded}
                openCol={openCell && openCell.node === row.node.id ? openCell.col : null}
                onToggle={onToggle}
                commentCount={comments ? comments.count(commentTargetKey({ kind: 'element', nodeId: row.node.id, nodeKind: row.node.kind })) : 0}
                {...shared}
              />
            ))}
          </tbody>
          <tfoot>
            <BreakdownRow r={rows.length + 1} node={root} level={0} hasChildren={false} expanded={false} openCol={openCell && openCell.node === root.id ? openCell.col : null} total commentCount={comments ? comments.count('project') : 0} {...shared} />
          </tfoot>
        </table>
      </div>
      {hidden > 0 ? (
        <p className="breakdown__more">
          {formatNumber(rows.length)} of {formatNumber(rows.length + hidden)} open rows shown.{' '}
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setState((s) => ({ ...s, limit: s.limit + ROW_PAGE }))}>
            Show {formatNumber(Math.min(ROW_PAGE, hidden))} more
          </button>
        </p>
      ) : null}
    </div>
  );
}

function nodeLabel(node: BreakdownNode): string {
  return node.name || node.code || node.id;
}

/**
 * A row's props are primitives and stable references (not the TreeRow object, which visibleRows
 * builds afresh each time), so memo skips every row whose node and state did not change.
 */
interface RowProps {
  /** The row's index for keyboard navigation (data-r: 1 for the first body row). */
  r: number;
  node: BreakdownNode;
  /** 1 for the top level; 0 for the total row. */
  level: number;
  hasChildren: boolean;
  expanded: boolean;
  ctx: FormatContext;
  rules: readonly AlertRule[];
  /** The column whose math is open in this row, if any: only that row re-renders when it changes. */
  openCol: string | null;
  prefix: string;
  popId: string;
  onMath: (key: string | null) => void;
  onToggle?: (id: string) => void;
  total?: boolean;
  comments?: CommentHooks;
  /** The row's thread size: a prop of its own, so a new comment re-renders only its row. */
  commentCount?: number;
  /** The measure columns shown (Columns menu), in order. */
  measures: readonly Column[];
  showActivities: boolean;
}

/** One node's row. Memoised, and its cells hold no hooks, so a page of 500 rows renders quickly. */
const BreakdownRow = memo(function BreakdownRow({ r, node, level, hasChildren, expanded, ctx, rules, openCol, prefix, popId, onMath, onToggle, total, comments, commentCount: _count, measures, showActivities }: RowProps) {
  const label = nodeLabel(node);
  const first = showActivities ? 2 : 1;
  return (
    <tr className={`breakdown__row${total ? ' breakdown__row--total' : ''}`} data-node={node.id} data-level={level} aria-level={total ? undefined : level} aria-expanded={hasChildren ? expanded : undefined}>
      <th scope="row" className="breakdown__name" data-r={r} data-c={0} style={level > 1 ? { paddingInlineStart: `${0.5 + (level - 1) * 1.25}rem` } : undefined}>
        {hasChildren ? (
          <button
            type="button"
            className="tree-toggle"
            aria-expanded={expanded}
            aria-label={`${label} (${node.children.length} ${node.children.length === 1 ? 'child' : 'children'})`}
            onClick={() => onToggle?.(node.id)}
          >
            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="tree-toggle tree-toggle--leaf" aria-hidden="true" />
        )}
        {total ? <span className="breakdown__total-label">Total </span> : null}
        {!total && node.code && node.code !== label ? <span className="breakdown__code table-kit__code">{node.code}</span> : null}
        <span className="breakdown__label">{label}</span>
      </th>
      {showActivities ? (
        <td className="num" data-r={r} data-c={1} data-col="activities">
          {formatNumber(node.activityCount)}
        </td>
      ) : null}
      {measures.map((col, i) => {
        const c = col.pick(node.cost);
        const colour: StatusColour = col.status ? nodeStatusOf(col.status, node, rules) : 'neutral';
        const open = openCol === col.id;
        const key = cellKey(prefix, node.id, col.id);
        const question = mathQuestion(col.label, `for ${label}`);
        return (
          <td key={col.id} className={`num cell--${colour}`} data-col={col.id} data-r={r} data-c={first + i} data-status={colour}>
            {/* A null figure is still a button: its popover says why it is n/a. */}
            <span className="show-math">
              <MathTrigger
                variant="value"
                open={open}
                popId={popId}
                question={question}
                nullReason={c.value === null ? c.reason : undefined}
                onClick={() => onMath(open ? null : key)}
              >
                {formatValue(c.value, col.kind, ctx)}
                {STATUS_MARKS[colour] ? (
                  <span className="cell-mark" aria-hidden="true">
                    {STATUS_MARKS[colour]}
                  </span>
                ) : null}
                {colour === 'warning' || colour === 'critical' ? <span className="sr-only"> ({STATUS_LABELS[colour].toLowerCase()})</span> : null}
              </MathTrigger>
              {open ? (
                <AnchoredMath id={popId} title={question} computed={c} kind={col.kind} ctx={ctx} alignEnd={i >= measures.length / 2} onClose={() => onMath(null)} />
              ) : null}
            </span>
          </td>
        );
      })}
      {comments ? (
        <td className="breakdown__comments" data-r={r} data-c={first + measures.length}>
          {total ? (
            <CommentButton hooks={comments} target={{ kind: 'project' }} about="the project" compact />
          ) : (
            <CommentButton hooks={comments} target={{ kind: 'element', nodeId: node.id, nodeKind: node.kind, name: label }} about={label} compact />
          )}
        </td>
      ) : null}
    </tr>
  );
});
