/** The S-curve: cumulative PV, EV and AC per period, the forecast spend (dashed) and the data date. */
import { useCallback, useMemo } from 'react';
import type { Analysis } from '../../../core/evm/types';
import { LineChart } from '../../../ui/charts/LineChart';
import { sCurveData } from './sCurve';
import { formatAmount, formatContextOf } from './valueFormat';

export interface SCurveChartProps {
  analysis: Analysis;
  /** Height in pixels (default 320). */
  height?: number;
}

export function SCurveChart({ analysis, height }: SCurveChartProps) {
  const ctx = useMemo(() => formatContextOf(analysis), [analysis]);
  const d = useMemo(() => sCurveData(analysis, ctx), [analysis, ctx]);
  const formatTick = useCallback((v: number) => formatAmount(v, ctx, { compact: true }), [ctx]);
  const formatValue = useCallback((v: number) => formatAmount(v, ctx), [ctx]);
  return (
    <div className="s-curve-chart">
      <LineChart
        title="Cumulative planned value, earned value and actual cost (S-curve)"
        summary={d.summary}
        xs={d.xs}
        xLabels={d.xLabels}
        xHeader="Period end"
        series={d.series}
        marker={d.marker}
        formatTick={formatTick}
        formatValue={formatValue}
        height={height}
      />
    </div>
  );
}
