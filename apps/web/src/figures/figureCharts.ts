import type { FigureChart } from '@huodong/domain/figures';
import { figureValue, markText, rowLabel } from '@huodong/domain/figures';
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

/*
 * The declared abilities beyond a chart's kind (define.ts: series `type`/`stack`/`right`, a right
 * axis, a mark line, a label mark), applied over the kind's option.
 */

type DeclaredChart = ChartShape & Pick<FigureChart, 'rightAxis' | 'markLine' | 'labelMark'>;

/** The rows with the label mark appended to the labels of marked rows (a right option's ✓). */
export function markedRows(chart: Pick<FigureChart, 'label' | 'blank' | 'labelMark'>, rows: readonly Row[]): Row[] {
  const mark = chart.labelMark;
  if (!mark) return [...rows];
  return rows.map((r) => (r[mark.field] ? { ...r, [chart.label]: `${rowLabel(r, chart.label, chart.blank)}${mark.text}` } : r));
}

/**
 * The option of a declared chart from its rows and the answer (the mark line reads it). The mark
 * line is a dashed vertical line at a percent of the width: a category axis places marks on
 * bucket centres only, so it sits on a hidden 0–100 % value axis over the same width, carried by
 * an empty helper series.
 */
export function declaredChartOption(chart: DeclaredChart, rows: readonly Row[], data?: unknown): ChartOption {
  const marked = markedRows(chart, rows);
  const option = figureChartOption(chart, marked) as Record<string, unknown>;
  if (chart.kind === 'pie' || chart.kind === 'funnel') return option as ChartOption;
  const own = chart.series.some((s) => s.type || s.stack || s.right);
  if (own) {
    option.series = chart.series.map((s, i) => {
      const base = (option.series as Record<string, unknown>[])[i] ?? {};
      const type = s.type ?? base.type;
      return {
        ...base,
        type,
        ...(s.stack ? { stack: s.stack } : {}),
        // a value on the right axis may be missing on a day: a gap, joined over
        ...(s.right ? { yAxisIndex: 1, connectNulls: true, data: marked.map((r) => (r[s.field] === null || r[s.field] === undefined ? null : num(r[s.field]))) } : {}),
      };
    });
  }
  if (chart.rightAxis === 'percent') {
    option.yAxis = [option.yAxis, { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } }];
  } else if (chart.series.some((s) => s.right)) {
    // Series on the right without a declared axis (a running total beside monthly counts): a plain count axis.
    option.yAxis = [option.yAxis, { type: 'value', minInterval: 1, splitLine: { show: false } }];
  }
  const line = chart.markLine;
  const at = line && data !== undefined ? figureValue(data, line.at) : undefined;
  if (line && at && typeof at === 'object' && rows.length > 0) {
    const text = markText(line.text, at as Row);
    option.xAxis = [option.xAxis, { type: 'value', min: 0, max: 100, show: false }];
    option.series = [
      ...(option.series as object[]),
      {
        name: text,
        type: 'line',
        xAxisIndex: 1,
        data: [],
        markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: '#cf1322' }, label: { formatter: text, position: 'end' }, data: [{ xAxis: num((at as Row)[line.value]) }] },
      },
    ];
  }
  return option as ChartOption;
}
