/**
 * A small responsive SVG line chart with no chart library: axes, gridlines, tick labels, a legend,
 * an optional vertical marker (e.g. the data date), gaps where values are unknown, and a crosshair
 * tooltip that follows the pointer or the arrow keys. A visually hidden table of every value is
 * the text alternative.
 *
 * The chart is drawn at its container's real pixel width (measured with ResizeObserver) rather
 * than scaled through a viewBox, so tick labels keep their size on a phone. Before it is measured
 * (and in server rendering) it uses `initialWidth`.
 */
import { useCallback, useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { chartGeometry, type ChartMarker, type LineSeries } from '../../core/chart/lineChart';
import { labelIndices, linePath, nearestIndex, round2 } from './scale';

// The geometry and its types live in core (the PDF draws the S-curve with them too).
export { chartGeometry, type ChartMarker, type LineSeries };
import './charts.css';
import { useWidth } from './useWidth';

export interface LineChartProps {
  /** The chart's accessible name (also the hidden table's caption). */
  title: string;
  /** One or two sentences a screen reader hears instead of the picture. */
  summary: string;
  /** x positions in domain units, ascending, one per value of every series. */
  xs: readonly number[];
  /** A label for each x (axis ticks, tooltip heading, table rows). */
  xLabels: readonly string[];
  /** The first column's header in the hidden table (default "Period"). */
  xHeader?: string;
  series: readonly LineSeries[];
  /** Tick labels on the value axis (e.g. compact money, "£1.2m"). */
  formatTick: (value: number) => string;
  /** Values in the tooltip and the table (e.g. full money, "£1,234,567"). */
  formatValue: (value: number) => string;
  marker?: ChartMarker | null;
  /** Height in pixels (default 320). */
  height?: number;
  /** Width used before the container is measured (default 720). */
  initialWidth?: number;
}

const DEFAULT_HEIGHT = 320;
const DEFAULT_WIDTH = 720;
/** Roughly how wide one x-axis label is, for thinning them out. */
const X_LABEL_GAP = 96;
export function LineChart(props: LineChartProps) {
  const { title, summary, xs, xLabels, series, formatValue, formatTick, marker } = props;
  const height = props.height ?? DEFAULT_HEIGHT;
  const [wrapRef, width] = useWidth(props.initialWidth ?? DEFAULT_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const uid = useId();
  const summaryId = `${uid}-summary`;
  const tooltipId = `${uid}-tooltip`;

  const geo = useMemo(() => chartGeometry({ xs, series, formatTick, marker }, width, height), [xs, series, formatTick, marker, width, height]);
  const { area, ticks, x, y } = geo;
  const px = useMemo(() => xs.map((v) => x(v)), [xs, x]);
  const shownLabels = useMemo(() => labelIndices(xs.length, area.width, X_LABEL_GAP), [xs.length, area.width]);

  const onPointerMove = useCallback(
    (e: PointerEvent<SVGRectElement>) => {
      const svg = e.currentTarget.ownerSVGElement;
      if (!svg) return;
      const left = svg.getBoundingClientRect().left;
      const i = nearestIndex(px, e.clientX - left);
      setActive(i >= 0 ? i : null);
    },
    [px],
  );

  const markerIndex = marker ? nearestIndex(xs as number[], marker.x) : -1;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (xs.length === 0) return;
    const current = active ?? (markerIndex >= 0 ? markerIndex : xs.length - 1);
    let next: number | null;
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowDown':
        next = Math.max(0, current - 1);
        break;
      case 'ArrowRight':
      case 'ArrowUp':
        next = Math.min(xs.length - 1, current + 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = xs.length - 1;
        break;
      case 'Escape':
        next = null;
        break;
      default:
        return;
    }
    e.preventDefault();
    setActive(next);
  };

  const activeX = active !== null && active >= 0 && active < px.length ? px[active] : null;
  // Beside the crosshair, on the side with more room, so it never hides the values it describes.
  const tooltipSide = activeX === null ? {} : activeX < width / 2 ? { left: activeX + 12 } : { right: width - activeX + 12 };

  return (
    <figure className="line-chart">
      <div
        ref={wrapRef}
        className="line-chart__frame"
        tabIndex={0}
        role="group"
        aria-label={`${title}. Use the left and right arrow keys to read the values period by period.`}
        aria-describedby={summaryId}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => (xs.length === 0 ? null : (a ?? (markerIndex >= 0 ? markerIndex : xs.length - 1))))}
        onBlur={() => setActive(null)}
      >
        <svg className="line-chart__svg" width={width} height={height} role="img" aria-labelledby={summaryId} focusable="false">
          {/* Value gridlines and tick labels. */}
          <g className="line-chart__grid" aria-hidden="true">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={area.left} x2={area.right} y1={round2(y(t))} y2={round2(y(t))} />
                <text x={area.left - 8} y={round2(y(t))} dy="0.32em" textAnchor="end">
                  {formatTick(t)}
                </text>
              </g>
            ))}
          </g>
          <g className="line-chart__axis" aria-hidden="true">
            <line className="line-chart__x-axis" x1={area.left} x2={area.right} y1={area.bottom} y2={area.bottom} />
            {shownLabels.map((i) => (
              <text key={i} x={round2(px[i])} y={area.bottom + 20} textAnchor={i === 0 ? 'start' : i === xs.length - 1 ? 'end' : 'middle'}>
                {xLabels[i]}
              </text>
            ))}
          </g>
          {marker && Number.isFinite(marker.x) ? (
            <g className="line-chart__marker" aria-hidden="true">
              <line className="chart-marker" data-x={marker.x} x1={round2(x(marker.x))} x2={round2(x(marker.x))} y1={area.top - 8} y2={area.bottom} />
              <text x={round2(x(marker.x)) + 4} y={area.top - 10}>
                {marker.label}
              </text>
            </g>
          ) : null}
          <g className="line-chart__series">
            {series.map((s) => (
              <path
                key={s.id}
                className={`chart-line${s.dashed ? ' chart-line--dashed' : ''}`}
                data-series={s.id}
                d={linePath(px, s.values.map((v) => (v === null ? null : y(v))))}
                style={{ stroke: s.colour }}
              />
            ))}
            {/* A value with no known neighbour would be an invisible zero-length line: dot it. */}
            {series.map((s) =>
              s.values.map((v, i) =>
                v !== null && (s.values[i - 1] ?? null) === null && (s.values[i + 1] ?? null) === null ? (
                  <circle key={`${s.id}-${i}`} className="chart-dot" cx={round2(px[i])} cy={round2(y(v))} r={3} style={{ fill: s.colour }} />
                ) : null,
              ),
            )}
          </g>
          {active !== null && activeX !== null ? (
            <g className="line-chart__crosshair" aria-hidden="true">
              <line x1={round2(activeX)} x2={round2(activeX)} y1={area.top} y2={area.bottom} />
              {series.map((s) => {
                const v = s.values[active];
                return v === null || v === undefined ? null : (
                  <circle key={s.id} cx={round2(activeX)} cy={round2(y(v))} r={4} style={{ stroke: s.colour }} />
                );
              })}
            </g>
          ) : null}
          <rect
            className="line-chart__hit"
            x={area.left}
            y={area.top}
            width={area.width}
            height={area.height}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(null)}
          />
        </svg>
        {active !== null && activeX !== null ? (
          <div id={tooltipId} className="line-chart__tooltip" role="status" style={{ top: area.top, ...tooltipSide }}>
            <strong>{xLabels[active]}</strong>
            <ul>
              {series.map((s) => {
                const v = s.values[active];
                return (
                  <li key={s.id}>
                    <span className="line-chart__swatch" style={{ background: s.colour }} aria-hidden="true" />
                    {s.label}: {v === null || v === undefined ? 'n/a' : formatValue(v)}
                  </li>
                );
              })}
            </ul>
            {marker && active === markerIndex && marker.description ? <p>{marker.description}</p> : null}
          </div>
        ) : null}
      </div>
      <ul className="line-chart__legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.id}>
            <svg width="24" height="10" focusable="false">
              <line x1="0" x2="24" y1="5" y2="5" className={s.dashed ? 'chart-line--dashed' : undefined} style={{ stroke: s.colour, strokeWidth: 2.5 }} />
            </svg>
            {s.label}
          </li>
        ))}
        {marker ? (
          <li>
            <svg width="10" height="14" focusable="false">
              <line x1="5" x2="5" y1="0" y2="14" className="chart-marker" />
            </svg>
            {marker.description ?? marker.label}
          </li>
        ) : null}
      </ul>
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      {/* A table is laid out at full width even when visually hidden: the wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{props.xHeader ?? 'Period'}</th>
              {series.map((s) => (
                <th key={s.id} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((_, i) => (
              <tr key={i}>
                <th scope="row">{xLabels[i]}</th>
                {series.map((s) => {
                  const v = s.values[i];
                  return <td key={s.id}>{v === null || v === undefined ? 'n/a' : formatValue(v)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
