/**
 * The Risk tab's SVG charts, drawn from the pure geometry in src/core/chart/riskCharts.ts at the
 * container's measured width (labels keep their size on a phone). Each has an accessible title and
 * a text alternative (`summary`); the tables beside them hold every value. Colours are the design
 * tokens, so the dark theme follows.
 */
import { useId } from 'react';
import { curvesGeometry, histogramGeometry, scatterGeometry, tornadoGeometry, type HistogramInput } from '../../core/chart/riskCharts';
import './charts.css';
import './riskCharts.css';
import { useWidth } from './useWidth';

interface Framed {
  title: string;
  summary: string;
}

function Frame({ title, summary, width, height, children, frameRef }: Framed & { width: number; height: number; children: React.ReactNode; frameRef: React.Ref<HTMLDivElement> }) {
  const id = useId();
  return (
    <figure className="risk-chart">
      <div ref={frameRef} className="risk-chart__frame">
        <svg className="risk-chart__svg" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
          <title id={`${id}-t`}>{title}</title>
          <desc id={`${id}-d`}>{summary}</desc>
          {children}
        </svg>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

export interface HistogramChartProps extends Framed {
  h: HistogramInput;
  marks: { label: string; value: number }[];
  formatX: (v: number) => string;
  tickValues?: readonly number[];
  xTitle: string;
  height?: number;
}

/** Bars of iterations per bin (left axis), the cumulative curve (right axis, %), and the marks (P10…P90, deterministic). */
export function HistogramChart(props: HistogramChartProps) {
  const height = props.height ?? 320;
  const [ref, width] = useWidth(640);
  const g = histogramGeometry(props.h, props.marks, { width, height, formatX: props.formatX, tickValues: props.tickValues, labelWidth: 96 });
  const { plot } = g;
  return (
    <Frame title={props.title} summary={props.summary} width={width} height={height} frameRef={ref}>
      <g className="risk-chart__grid">
        {g.shareTicks.map((t) => (
          <g key={t.label}>
            <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} />
            <text x={plot.right + 6} y={t.at + 4} textAnchor="start">
              {t.label}
            </text>
          </g>
        ))}
        {g.countTicks.map((t) => (
          <text key={t.label} x={plot.left - 6} y={t.at + 4} textAnchor="end">
            {t.label}
          </text>
        ))}
      </g>
      <g className="risk-chart__bars">
        {g.bars.map((b, i) => (
          <rect key={i} x={b.x} y={b.y} width={b.width} height={b.height} />
        ))}
      </g>
      <path className="risk-chart__cumulative" d={g.cumulativePath} />
      <g className="risk-chart__marks">
        {g.marks.map((m) => (
          <g key={m.label} className={m.label.startsWith('Deterministic') ? 'risk-chart__mark risk-chart__mark--det' : 'risk-chart__mark'}>
            <line x1={m.x} x2={m.x} y1={plot.top} y2={plot.bottom} />
            <text x={Math.min(width - 4 - m.label.length * 3.5, Math.max(4 + m.label.length * 3.5, m.x))} y={plot.top - 6 - m.level * 13} textAnchor="middle">
              {m.label}
            </text>
          </g>
        ))}
      </g>
      <line className="risk-chart__axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
      <g className="risk-chart__grid">
        {g.xTicks.map((t, i) => (
          <text key={i} x={t.at} y={plot.bottom + 16} textAnchor={i === 0 ? 'start' : i === g.xTicks.length - 1 ? 'end' : 'middle'}>
            {t.label}
          </text>
        ))}
        <text x={(plot.left + plot.right) / 2} y={height - 6} textAnchor="middle" className="risk-chart__axis-title">
          {props.xTitle}
        </text>
        <text x={4} y={12} className="risk-chart__axis-title">
          Iterations
        </text>
        <text x={width - 4} y={12} textAnchor="end" className="risk-chart__axis-title">
          Cumulative
        </text>
      </g>
    </Frame>
  );
}

export interface CurvesChartProps extends Framed {
  runs: { id: string; label: string; h: HistogramInput }[];
  marks: { label: string; value: number }[];
  formatX: (v: number) => string;
  tickValues?: readonly number[];
  xTitle: string;
  height?: number;
}

/** Several cumulative curves on one axis (compare two snapshots). */
export function CurvesChart(props: CurvesChartProps) {
  const height = props.height ?? 300;
  const [ref, width] = useWidth(640);
  const g = curvesGeometry(props.runs.map((r) => ({ id: r.id, h: r.h })), props.marks, { width, height, formatX: props.formatX, tickValues: props.tickValues, labelWidth: 96 });
  const { plot } = g;
  return (
    <div>
      <Frame title={props.title} summary={props.summary} width={width} height={height} frameRef={ref}>
        <g className="risk-chart__grid">
          {g.shareTicks.map((t) => (
            <g key={t.label}>
              <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} />
              <text x={plot.left - 6} y={t.at + 4} textAnchor="end">
                {t.label}
              </text>
            </g>
          ))}
        </g>
        {g.curves.map((c, i) => (
          <path key={c.id} className={`risk-chart__curve risk-chart__curve--${i}`} d={c.path} />
        ))}
        <line className="risk-chart__axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        <g className="risk-chart__grid">
          {g.xTicks.map((t, i) => (
            <text key={i} x={t.at} y={plot.bottom + 16} textAnchor={i === 0 ? 'start' : i === g.xTicks.length - 1 ? 'end' : 'middle'}>
              {t.label}
            </text>
          ))}
          <text x={(plot.left + plot.right) / 2} y={height - 6} textAnchor="middle" className="risk-chart__axis-title">
            {props.xTitle}
          </text>
        </g>
      </Frame>
      <ul className="risk-chart__legend">
        {props.runs.map((r, i) => (
          <li key={r.id}>
            <span className={`risk-chart__swatch risk-chart__swatch--${i}`} aria-hidden="true" /> {r.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface ScatterChartProps extends Framed {
  xs: readonly number[];
  ys: readonly number[];
  formatX: (v: number) => string;
  formatY: (v: number) => string;
  tickValues?: readonly number[];
  xLine?: number;
  yLine?: number;
  xTitle: string;
  yTitle: string;
  height?: number;
}

export function ScatterChart(props: ScatterChartProps) {
  const height = props.height ?? 300;
  const [ref, width] = useWidth(640);
  const g = scatterGeometry(props.xs, props.ys, { width, height, formatX: props.formatX, formatY: props.formatY, xLine: props.xLine, yLine: props.yLine, tickValues: props.tickValues });
  const { plot } = g;
  return (
    <Frame title={props.title} summary={props.summary} width={width} height={height} frameRef={ref}>
      <g className="risk-chart__grid">
        {g.yTicks.map((t) => (
          <g key={t.label}>
            <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} />
            <text x={plot.left - 6} y={t.at + 4} textAnchor="end">
              {t.label}
            </text>
          </g>
        ))}
      </g>
      <g className="risk-chart__points">
        {g.points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={2} />
        ))}
      </g>
      {g.xLine !== null ? <line className="risk-chart__p80" x1={g.xLine} x2={g.xLine} y1={plot.top} y2={plot.bottom} /> : null}
      {g.yLine !== null ? <line className="risk-chart__p80" x1={plot.left} x2={plot.right} y1={g.yLine} y2={g.yLine} /> : null}
      <line className="risk-chart__axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
      <g className="risk-chart__grid">
        {g.xTicks.map((t, i) => (
          <text key={i} x={t.at} y={plot.bottom + 16} textAnchor={i === 0 ? 'start' : i === g.xTicks.length - 1 ? 'end' : 'middle'}>
            {t.label}
          </text>
        ))}
        <text x={(plot.left + plot.right) / 2} y={height - 6} textAnchor="middle" className="risk-chart__axis-title">
          {props.xTitle}
        </text>
        <text x={4} y={10} className="risk-chart__axis-title">
          {props.yTitle}
        </text>
      </g>
    </Frame>
  );
}

export interface TornadoChartProps extends Framed {
  entries: { label: string; value: number }[];
}

export function TornadoChart(props: TornadoChartProps) {
  const [ref, width] = useWidth(640);
  const g = tornadoGeometry(props.entries, { width, labelWidth: width < 480 ? 130 : 240 });
  // About 7.3 px a character at 12 px: room for the whole label or a cut one with its ellipsis.
  const maxChars = Math.floor((g.labelWidth - 6) / 7.3);
  return (
    <Frame title={props.title} summary={props.summary} width={width} height={g.height} frameRef={ref}>
      <g className="risk-chart__grid">
        {g.ticks.map((t) => (
          <g key={t.label}>
            <line x1={t.at} x2={t.at} y1={4} y2={g.height - 24} />
            <text x={t.at} y={g.height - 8} textAnchor="middle">
              {t.label}
            </text>
          </g>
        ))}
      </g>
      {g.rows.map((r) => (
        <g key={r.label + r.y}>
          <text className="risk-chart__label" x={g.labelWidth} y={r.y + r.height / 2 + 4} textAnchor="end">
            {r.label.length > maxChars ? `${r.label.slice(0, maxChars - 1)}…` : r.label}
          </text>
          <rect className={r.negative ? 'risk-chart__bar risk-chart__bar--neg' : 'risk-chart__bar'} x={r.x} y={r.y} width={r.width} height={r.height} />
        </g>
      ))}
      <line className="risk-chart__axis" x1={g.zero} x2={g.zero} y1={4} y2={g.height - 24} />
    </Frame>
  );
}
