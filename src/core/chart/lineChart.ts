/**
 * The line chart's geometry (margins, ticks, scales at a size), pure so the S-curve on screen
 * (src/ui/charts/LineChart.tsx) and in the PDF (src/core/report/charts.ts) are laid out alike.
 */
import { linearScale, niceTicks, plotArea, type ChartBox } from './scale';

export interface LineSeries {
  id: string;
  label: string;
  /** A colour: a CSS variable on screen ('var(--chart-pv)'), a hex colour in the PDF. */
  colour: string;
  /** One value per x; null where the value is unknown (drawn as a gap, never as zero). */
  values: readonly (number | null)[];
  dashed?: boolean;
}

export interface ChartMarker {
  /** Position in x-domain units. */
  x: number;
  /** Short text drawn beside the line, e.g. "Data date". */
  label: string;
  /** Longer text for the tooltip / screen readers, e.g. "Data date 5 Feb 2025". */
  description?: string;
}

/** Approximate width of a tick-label character at the screen's font size. */
const CHAR_PX = 7;

/** The chart's margins, ticks and scales at a size. `charWidth`: a tick label character's width (the PDF's font is smaller). */
export function chartGeometry(
  props: { xs: readonly number[]; series: readonly Pick<LineSeries, 'values'>[]; formatTick: (value: number) => string; marker?: Pick<ChartMarker, 'x'> | null },
  width: number,
  height: number,
  charWidth = CHAR_PX,
) {
  const values: number[] = [];
  for (const s of props.series) for (const v of s.values) if (v !== null && Number.isFinite(v)) values.push(v);
  const ticks = niceTicks(Math.min(0, ...values), values.length ? Math.max(...values) : 1, 5);
  const longest = Math.max(...ticks.map((t) => props.formatTick(t).length));
  const box: ChartBox = { width, height, margin: { top: 24, right: 20, bottom: 32, left: Math.max(40, longest * charWidth + 16) } };
  const area = plotArea(box);
  const xs = props.xs;
  let x0 = xs.length ? xs[0] : 0;
  let x1 = xs.length ? xs[xs.length - 1] : 1;
  if (props.marker && Number.isFinite(props.marker.x)) {
    x0 = Math.min(x0, props.marker.x);
    x1 = Math.max(x1, props.marker.x);
  }
  const x = linearScale([x0, x1], [area.left, area.right]);
  const y = linearScale([ticks[0], ticks[ticks.length - 1]], [area.bottom, area.top]);
  return { box, area, ticks, x, y };
}
