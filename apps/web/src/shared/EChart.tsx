import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { chartRules } from './chartRules';
import type { ChartOption } from './chartOption';

// Only the modules the back office uses, not the whole echarts bundle (mark lines: a contest's pass line; funnels: figures declarations).
echarts.use([BarChart, FunnelChart, LineChart, PieChart, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export type { ChartOption };

export interface EChartProps {
  option: ChartOption;
  height?: number;
  /** Accessible name of the chart (the canvas itself has no text). */
  ariaLabel?: string;
}

/**
 * One ECharts instance bound to a div; resizes with the window. Every option passes through the
 * shared layout rules (chartRules) at the chart's width, again when a resize changes their outcome.
 */
export function EChart({ option, height = 320, ariaLabel }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const current = useRef(option);
  const shown = useRef('');

  const apply = (force: boolean) => {
    const el = ref.current;
    if (!el || !chart.current) return;
    const next = chartRules(current.current, el.clientWidth);
    // Same layout at the new width: a plain resize keeps the chart without replaying its animation.
    const key = JSON.stringify([next.xAxis, next.grid]);
    if (!force && key === shown.current) return;
    shown.current = key;
    chart.current.setOption(next, true);
  };

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current);
    chart.current = instance;
    apply(true);
    const onResize = () => {
      instance.resize();
      apply(false);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    current.current = option;
    apply(true);
  }, [option]);

  return <div ref={ref} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
