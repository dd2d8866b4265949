/**
 * The cash-flow chart: per-period bars (planned, earned, actual, forecast) and cumulative lines,
 * drawn in SVG from the pure geometry in src/core/chart/cashFlowChart.ts (the PDF draws the same).
 * Drawn at the container's measured width so labels keep their size on a phone. The arrow keys
 * (or the pointer) step through the periods and a tooltip reads their values; the picture's text
 * alternative is `summary`, and the table beside the chart holds every value.
 */
import { useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { CASH_FLOW_SERIES, cashFlowChartGeometry, type CashFlowSeriesId } from '../../core/chart/cashFlowChart';
import { round2 } from '../../core/chart/scale';
import type { CashFlowBefore, CashFlowRow } from '../../core/evm/types';
import './charts.css';
import { useWidth } from './useWidth';

export interface CashFlowChartProps {
  title: string;
  summary: string;
  rows: readonly CashFlowRow[];
  before: CashFlowBefore | null;
  statusPeriod: number;
  statusAt?: number | null;
  /** Currency code or "hours", for the axis titles. */
  unit: string;
  /** The names of the series in the legend and tooltip. */
  names: Record<CashFlowSeriesId, string>;
  formatTick: (v: number) => string;
  formatValue: (v: number) => string;
  formatPeriod: (row: CashFlowRow) => string;
  height?: number;
}

const COLOUR: Record<CashFlowSeriesId, string> = {
  planned: 'var(--chart-pv)',
  earned: 'var(--chart-ev)',
  actual: 'var(--chart-ac)',
  forecast: 'var(--chart-ac)',
};

export function CashFlowChart(props: CashFlowChartProps) {
  const { rows, before, names, formatTick, formatValue, formatPeriod } = props;
  const height = props.height ?? 340;
  const [wrapRef, width] = useWidth(640);
  const [active, setActive] = useState<number | null>(null);
  const uid = useId();
  const summaryId = `${uid}-summary`;
  const geo = useMemo(
    () => cashFlowChartGeometry(rows, before, { width, height, formatTick, formatPeriod, unit: props.unit, statusAt: props.statusAt, statusPeriod: props.statusPeriod }),
    [rows, before, width, height, formatTick, formatPeriod, props.unit, props.statusAt, props.statusPeriod],
  );
  const { plot } = geo;
  const bandOf = (i: number) => geo.bands[i + (before ? 1 : 0)];

  const onPointerMove = (e: PointerEvent<SVGRectElement>) => {
    const svg = e.currentTarget.ownerSVGElement;
    if (!svg) return;
    const x = e.clientX - svg.getBoundingClientRect().left;
    const i = rows.findIndex((_, k) => x >= bandOf(k).x0 && x < bandOf(k).x1);
    setActive(i >= 0 ? i : null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const current = active ?? Math.min(rows.length - 1, props.statusPeriod - 1);
    const next: Record<string, number | null> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(rows.length - 1, current + 1),
      Home: 0,
      End: rows.length - 1,
      Escape: null,
    };
    if (!(e.key in next)) return;
    e.preventDefault();
    setActive(next[e.key]);
  };

  const activeRow = active !== null ? rows[active] : null;
  const activeBand = active !== null ? bandOf(active) : null;
  const tooltipSide = activeBand === null ? {} : activeBand.centre < width / 2 ? { left: activeBand.x1 + 8 } : { right: width - activeBand.x0 + 8 };
  const shown = CASH_FLOW_SERIES.filter((s) => geo.bars.some((b) => b.series === s) || geo.lines.some((l) => l.series === s && l.path !== ''));

  return (
    <figure className="line-chart cash-flow-chart">
      <div
        ref={wrapRef}
        className="line-chart__frame"
        tabIndex={0}
        role="group"
        aria-label={`${props.title}. Use the left and right arrow keys to read the values period by period.`}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => (rows.length === 0 ? null : (a ?? Math.min(rows.length - 1, props.statusPeriod - 1))))}
        onBlur={() => setActive(null)}
      >
        <svg className="line-chart__svg" width={width} height={height} role="img" aria-labelledby={summaryId} focusable="false" data-chart="cash-flow">
          <g className="line-chart__grid" aria-hidden="true">
            {geo.cumulativeAxis.ticks.map((t) => (
              <g key={`c${t.value}`}>
                <line x1={plot.left} x2={plot.right} y1={round2(t.y)} y2={round2(t.y)} />
                <text x={plot.right + 8} y={round2(t.y)} dy="0.32em" textAnchor="start">
                  {t.label}
                </text>
              </g>
            ))}
            {geo.periodAxis.ticks.map((t) => (
              <text key={`p${t.value}`} x={plot.left - 8} y={round2(t.y)} dy="0.32em" textAnchor="end">
                {t.label}
              </text>
            ))}
          </g>
          <g className="line-chart__axis cash-flow-chart__axis" aria-hidden="true">
            <text className="cash-flow-chart__axis-title" x={geo.periodAxis.title.x} y={geo.periodAxis.title.y} textAnchor={geo.periodAxis.title.anchor}>
              {geo.periodAxis.title.text}
            </text>
            <text className="cash-flow-chart__axis-title" x={geo.cumulativeAxis.title.x} y={geo.cumulativeAxis.title.y} textAnchor={geo.cumulativeAxis.title.anchor}>
              {geo.cumulativeAxis.title.text}
            </text>
            <line className="line-chart__x-axis" x1={plot.left} x2={plot.right} y1={round2(geo.baseline)} y2={round2(geo.baseline)} />
            {geo.xLabels.map((l, i) => (
              <text key={i} x={round2(l.x)} y={l.y} textAnchor={l.anchor}>
                {l.text}
              </text>
            ))}
          </g>
          {activeBand ? <rect className="cash-flow-chart__active" x={activeBand.x0} y={plot.top} width={activeBand.x1 - activeBand.x0} height={plot.bottom - plot.top} aria-hidden="true" /> : null}
          <g className="cash-flow-chart__bars" aria-hidden="true">
            {geo.bars.map((b) => (
              <rect
                key={`${b.series}-${b.period ?? 'before'}`}
                className={`cash-flow-chart__bar cash-flow-chart__bar--${b.series}`}
                data-series={b.series}
                data-period={b.period ?? 'before'}
                data-value={b.value}
                x={round2(b.x)}
                y={round2(b.y)}
                width={round2(b.width)}
                height={Math.max(round2(b.height), b.value === 0 ? 0 : 0.5)}
                style={{ fill: COLOUR[b.series], stroke: b.series === 'forecast' ? COLOUR[b.series] : undefined }}
              />
            ))}
          </g>
          {geo.status ? (
            <g className="line-chart__marker" aria-hidden="true">
              <line className="chart-marker" x1={round2(geo.status.x)} x2={round2(geo.status.x)} y1={plot.top - 4} y2={plot.bottom} />
              <text x={round2(geo.status.label.x)} y={geo.status.label.y} textAnchor={geo.status.label.anchor}>
                {geo.status.label.text}
              </text>
            </g>
          ) : null}
          <g className="cash-flow-chart__lines" aria-hidden="true">
            {geo.lines.map((l) =>
              l.path ? (
                <g key={l.series}>
                  <path className="cash-flow-chart__halo" d={l.path} />
                  <path
                    className={`chart-line${l.series === 'forecast' ? ' chart-line--dashed' : ''}`}
                    data-series={l.series}
                    data-values={l.points.map((p) => (p ? p.value : '')).join(',')}
                    d={l.path}
                    style={{ stroke: COLOUR[l.series] }}
                  />
                  {l.lonePoints.map((p) => (
                    <circle key={p.period} className="chart-dot" cx={round2(p.x)} cy={round2(p.y)} r={3.5} style={{ fill: COLOUR[l.series] }} />
                  ))}
                </g>
              ) : null,
            )}
          </g>
          <rect className="line-chart__hit" x={plot.left} y={plot.top} width={Math.max(0, plot.right - plot.left)} height={Math.max(0, plot.bottom - plot.top)} onPointerMove={onPointerMove} onPointerLeave={() => setActive(null)} />
        </svg>
        {activeRow && activeBand ? (
          <div className="line-chart__tooltip" role="status" style={{ top: plot.top, ...tooltipSide }}>
            <strong>{formatPeriod(activeRow)}</strong>
            <ul>
              {shown.map((s) => {
                const v = s === 'planned' ? activeRow.planned : activeRow[s];
                const c = activeRow.cumulative[s];
                if (v === null && c === null) return null;
                return (
                  <li key={s}>
                    <span className="line-chart__swatch" style={{ background: COLOUR[s] }} aria-hidden="true" />
                    {names[s]}: {v === null ? '—' : formatValue(v)} <span className="muted">(cum. {c === null ? '—' : formatValue(c)})</span>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
      <ul className="line-chart__legend" aria-label="Legend">
        {shown.map((s) => (
          <li key={s}>
            <svg width="30" height="12" focusable="false" aria-hidden="true">
              <rect x="0" y="2" width="10" height="10" className={`cash-flow-chart__bar--${s}`} style={{ fill: COLOUR[s], stroke: s === 'forecast' ? COLOUR[s] : undefined }} />
              <line x1="14" x2="30" y1="6" y2="6" className={s === 'forecast' ? 'chart-line--dashed' : undefined} style={{ stroke: COLOUR[s], strokeWidth: 2.5 }} />
            </svg>
            {names[s]}
          </li>
        ))}
        {before ? (
          <li>
            <svg width="10" height="12" focusable="false" aria-hidden="true">
              <rect x="0" y="2" width="10" height="10" style={{ fill: before.actual !== null ? COLOUR.actual : COLOUR.earned }} />
            </svg>
            Before first status: {[before.earned !== null ? 'earned' : '', before.actual !== null ? 'actual' : ''].filter(Boolean).join(' and ')} to date, one amount (cumulative axis)
          </li>
        ) : null}
        <li>
          <svg width="10" height="14" focusable="false" aria-hidden="true">
            <line x1="5" x2="5" y1="0" y2="14" className="chart-marker" />
          </svg>
          Data date
        </li>
        <li className="cash-flow-chart__key">Bars: each period (left axis) · lines: cumulative (right axis)</li>
      </ul>
      <p id={summaryId} className="sr-only">
        {props.summary}
      </p>
    </figure>
  );
}
