import { describe, expect, it } from 'vitest';
import { chartLabel } from '@huodong/domain';
import { BAR_MAX_WIDTH, chartRules, LABEL_ROTATE, LEGEND_ROOM, SYMBOL_SIZE } from '../src/shared/chartRules';
import type { ChartOption } from '../src/shared/EChart';
import { contestCountFigures } from '@huodong/domain/figures';
import { declaredChartOption } from '../src/figures/figureCharts';

/** The score distribution of the contest's figures declaration with its pass line (domain figures/contests.ts). */
const HISTOGRAM = contestCountFigures.charts.find((c) => c.key === 'histogram')!;
const histogramOption = (h: { label: string; count: number }[], passLine: { score: number; total: number; percent: number } | null = null) => declaredChartOption(HISTOGRAM, h, { pass_line: passLine });


type Axis = { data: string[]; axisLabel: { rotate?: number; interval?: number | string; formatter?: (s: string) => string } };
type Series = { type: string; barMaxWidth?: number; showSymbol?: boolean; symbolSize?: number; center?: string[] };
const xAxis = (o: ChartOption) => o.xAxis as Axis;
const series = (o: ChartOption) => o.series as Series[];
const grid = (o: ChartOption) => o.grid as { top?: number; bottom?: number };

/** The layout rules every chart gets through shared/EChart. */
describe('chart rules', () => {
  it('rotates crowded long labels and shows only every n-th when even rotated they would touch', () => {
    const labels = Array.from({ length: 30 }, (_, i) => `第${i + 1}个很长的分类名称标签`);
    const o = chartRules({ xAxis: { type: 'category', data: labels }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: labels.map(() => 1) }] }, 600);
    expect(xAxis(o).axisLabel.rotate).toBe(LABEL_ROTATE);
    expect(xAxis(o).axisLabel.interval).toBeGreaterThan(0);
    // Rotated labels get room below the plot; the cut to 9 characters + ... is the domain's.
    expect(grid(o).bottom).toBeGreaterThanOrEqual(64);
    expect(xAxis(o).axisLabel.formatter).toBe(chartLabel);
  });

  it('the score distribution (成绩分布) in its narrow card rotates its ranges instead of overlapping them', () => {
    const h = Array.from({ length: 10 }, (_, i) => ({ label: `${i * 10}-${i * 10 + 10}%`, count: i }));
    const o = chartRules(histogramOption(h), 300);
    expect(xAxis(o).axisLabel.rotate).toBe(LABEL_ROTATE);
    // 10 labels in about 230 px: rotated at 45° they still need more than 23 px each, so some are skipped.
    expect(xAxis(o).axisLabel.interval).toBeGreaterThan(0);
  });

  it('decides nothing for a chart not laid out yet (width 0)', () => {
    const labels = Array.from({ length: 30 }, (_, i) => `第${i + 1}个很长的分类名称标签`);
    const o = chartRules({ xAxis: { type: 'category', data: labels }, yAxis: { type: 'value' }, series: [] }, 0);
    expect(xAxis(o).axisLabel.rotate).toBeUndefined();
  });

  it('leaves labels that fit as the page set them', () => {
    const o = chartRules({ xAxis: { type: 'category', data: ['一月', '二月', '三月'], axisLabel: { interval: 0 } }, yAxis: { type: 'value' }, series: [] }, 600);
    expect(xAxis(o).axisLabel).toMatchObject({ interval: 0 });
    expect(xAxis(o).axisLabel.rotate).toBeUndefined();
  });

  it('caps the width of bars (one day is not a bar across the chart) unless a page set its own', () => {
    const o = chartRules({ xAxis: { type: 'category', data: ['2026-01-01'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [5] }, { type: 'bar', data: [1], barMaxWidth: 20 }] }, 800);
    expect(series(o).map((s) => s.barMaxWidth)).toEqual([BAR_MAX_WIDTH, 20]);
  });

  it('shows the point of a one-day line, and not those of a long line', () => {
    const long = Array.from({ length: 60 }, (_, i) => i);
    const o = chartRules({ xAxis: { type: 'category', data: ['2026-01-01'] }, yAxis: { type: 'value' }, series: [{ type: 'line', data: [3] }, { type: 'line', data: long }] }, 800);
    expect(series(o)[0]).toMatchObject({ showSymbol: true, symbolSize: SYMBOL_SIZE });
    expect(series(o)[1].showSymbol).toBeUndefined();
  });

  it('puts a legend in its own row above the plot, and moves a pie below it', () => {
    const o = chartRules({ legend: { data: ['有效票', '可疑票'] }, grid: { top: 8 }, xAxis: { type: 'category', data: ['2026-01-01'] }, yAxis: { type: 'value' }, series: [] }, 800);
    expect(o.legend).toMatchObject({ top: 0, type: 'scroll' });
    expect(grid(o).top).toBe(LEGEND_ROOM);
    const pie = chartRules({ legend: { top: 0 }, series: [{ type: 'pie', data: [] }] }, 300);
    expect(series(pie)[0].center).toEqual(['50%', '58%']);
    expect(pie.grid).toBeUndefined();
  });
});
