/** The dashboard's presentational components: results in, markup out (no parsing, no metrics). */
import '../dashboard.css';

export type { DashboardData } from './types';
export { Dashboard, type DashboardProps } from './Dashboard';
export { MetricCards, MetricCard, type MetricCardsProps } from './MetricCards';
export { ShowMath, MathGroup, MathPopover, MathTrigger, AnchoredMath, mathQuestion, useMathGroup, type ShowMathProps, type MathGroupState } from './ShowMath';
export { SCurveChart, type SCurveChartProps } from './SCurveChart';
export { BreakdownTable, BREAKDOWN_COLUMNS, ROW_PAGE, type BreakdownTableProps } from './BreakdownTable';
export { CommentaryPanel, TOPIC_TITLES, commentarySections } from './CommentaryPanel';
export { AlertsList, ALERTS_SHOWN, EMPTY_ALERTS_TEXT, type AlertsListProps } from './AlertsList';
export { CashFlowTable, type CashFlowTableProps } from './CashFlowTable';
export { NotAvailable } from './NotAvailable';
export { metricCards, eacMethodOptions, eacDetail, valueKindOf, CARD_GROUPS, STATUS_LABELS, type MetricCardModel, type CardGroupId } from './cardModels';
export { mathView, substitute, symbolKind, type MathView } from './mathView';
export { visibleRows, expandedToLevel, allExpandable, toggled, type TreeRow, type VisibleRows } from './treeRows';
export { sCurveData, type SCurveData } from './sCurve';
export * from './valueFormat';
