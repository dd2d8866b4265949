/**
 * The WBS / control-account breakdown as an expandable table: one row per open node, the root as
 * the total in the footer. Only the rows of expanded nodes are built (treeRows.ts), rows are
 * memoised so opening one node does not re-render the others, cells are plain buttons (the open
 * "show the math" cell is table state, not per-cell state), and at most ROW_PAGE more rows are
 * rendered at a time, so "Expand all" on a 100,000-node tree stays responsive.
 */
import { memo, useCallback, useId, useMemo, useState } from 'react';
import type { Computed } from '../../../core/evm/computed';
import { MEASURES, type MeasureKey } from '../../../core/evm/dictionary';
import type { BreakdownKind, BreakdownNode, CostMeasures } from '../../../core/evm/types';
import { formatNumber } from '../../../core/format';
import type { StatusColour } from '../../../core/insight/alerts';
import { DEFAULT_RULES, type AlertRule, type MetricId } from '../../../core/insight/rules';
import { nodeStatusOf, statusMetricOf } from '../../../core/insight/status';
import { STATUS_LABELS, valueKindOf } from './cardModels';
import { AnchoredMath, MathGroup, MathTrigger, mathQuestion, useMathGroup } from './ShowMath';
import { allExpandable, expandedToLevel, toggled, visibleRows } from './treeRows';
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

function BreakdownTableView({ root, currency, basis, rules = DEFAULT_RULES, expandedLevels = 1, comments }: BreakdownTableProps) {
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
  const { rows, hidden } = useMemo(() => visibleRows(root, current.expanded, current.limit), [root, current.expanded, current.limit]);
  const onToggle = useCallback((id: string) => setState((s) => ({ ...s, expanded: toggled(s.expanded, id) })), []);
  const levelName = root.children[0] ? KIND_TITLES[root.children[0].kind] : KIND_TITLES[root.kind];
  const shared = { ctx, rules, prefix, popId, onMath, comments };

  return (
    <div className="breakdown">
      <div className="breakdown__toolbar">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setState((s) => ({ ...s, expanded: allExpandable(root) }))}>
          Expand all
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setState((s) => ({ ...s, expanded: new Set(), limit: ROW_PAGE }))}>
          Collapse all
        </button>
      </div>
      <div className="breakdown__scroll">
        <table className="breakdown__table">
          <caption className="sr-only">Breakdown by {levelName}: budget, earned value and forecast per node</caption>
          <thead>
            <tr>
              <th scope="col" className="breakdown__name-col">
                {levelName}
              </th>
              <th scope="col" className="num">
                Activities
              </th>
              {BREAKDOWN_COLUMNS.map((col) => (
                <th key={col.id} scope="col" className="num">
                  <abbr title={col.title}>{col.label}</abbr>
                </th>
              ))}
              {comments ? (
                <th scope="col" className="breakdown__comments-col">
                  Comments
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={BREAKDOWN_COLUMNS.length + (comments ? 3 : 2)} className="breakdown__empty">
                  No breakdown: the schedule has no WBS elements or control accounts under the project.
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <BreakdownRow
                key={row.node.id}
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
            <BreakdownRow node={root} level={0} hasChildren={false} expanded={false} openCol={openCell && openCell.node === root.id ? openCell.col : null} total commentCount={comments ? comments.count('project') : 0} {...shared} />
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
}

/** One node's row. Memoised, and its cells hold no hooks, so a page of 500 rows renders quickly. */
const BreakdownRow = memo(function BreakdownRow({ node, level, hasChildren, expanded, ctx, rules, openCol, prefix, popId, onMath, onToggle, total, comments, commentCount: _count }: RowProps) {
  const label = nodeLabel(node);
  return (
    <tr className={`breakdown__row${total ? ' breakdown__row--total' : ''}`} data-node={node.id} data-level={level}>
      <th scope="row" className="breakdown__name" style={level > 1 ? { paddingInlineStart: `${0.5 + (level - 1) * 1.25}rem` } : undefined}>
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
        {!total && node.code && node.code !== label ? <span className="breakdown__code">{node.code}</span> : null}
        <span className="breakdown__label">{label}</span>
      </th>
      <td className="num">{formatNumber(node.activityCount)}</td>
      {BREAKDOWN_COLUMNS.map((col, i) => {
        const c = col.pick(node.cost);
        const colour: StatusColour = col.status ? nodeStatusOf(col.status, node, rules) : 'neutral';
        const open = openCol === col.id;
        const key = cellKey(prefix, node.id, col.id);
        const question = mathQuestion(col.label, `for ${label}`);
        return (
          <td key={col.id} className={`num cell--${colour}`} data-col={col.id}>
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
                <AnchoredMath id={popId} title={question} computed={c} kind={col.kind} ctx={ctx} alignEnd={i >= BREAKDOWN_COLUMNS.length / 2} onClose={() => onMath(null)} />
              ) : null}
            </span>
          </td>
        );
      })}
      {comments ? (
        <td className="breakdown__comments">
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
