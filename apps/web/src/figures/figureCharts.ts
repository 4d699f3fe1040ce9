import type { FigureChart } from '@huodong/domain/figures';
import { rowLabel } from '@huodong/domain/figures';
import type { ChartOption } from '../shared/chartOption';
import { dailyChartFrame } from '../shared/dailyChart';

type Row = Record<string, unknown>;
type ChartShape = Pick<FigureChart, 'kind' | 'label' | 'blank' | 'series'>;

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

/**
 * The ECharts option of a declared chart from its rows: only the data. The layout rules every
 * chart gets (label cutting, bar width, legend row) are applied by shared/EChart (chartRules).
 */
export function figureChartOption(chart: ChartShape, rows: readonly Row[]): ChartOption {
  const labels = rows.map((r) => rowLabel(r, chart.label, chart.blank));
  const values = (field: string) => rows.map((r) => num(r[field]));
  switch (chart.kind) {
    case 'daily':
      return {
        ...dailyChartFrame(rows.map((r) => ({ day: String(r[chart.label] ?? '') }))),
        yAxis: { type: 'value', minInterval: 1 },
        series: chart.series.map((s) => ({ name: s.title, type: 'line', data: values(s.field) })),
      };
    case 'bars':
    case 'histogram':
      return {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, show: chart.series.length > 1 },
        grid: { left: 48, right: 24, top: 40, bottom: 48 },
        xAxis: { type: 'category', data: labels, axisLabel: { interval: 0 } },
        yAxis: { type: 'value', minInterval: 1 },
        series: chart.series.map((s) => ({ name: s.title, type: 'bar', data: values(s.field), ...(chart.kind === 'histogram' ? { barCategoryGap: '2%' } : {}) })),
      };
    case 'pie':
    case 'funnel': {
      const s = chart.series[0];
      const data = labels.map((name, i) => ({ name, value: num(rows[i]?.[s?.field ?? ''] ) }));
      return { tooltip: { trigger: 'item' }, legend: { top: 0 }, series: [{ name: s?.title, type: chart.kind, data }] };
    }
  }
}
