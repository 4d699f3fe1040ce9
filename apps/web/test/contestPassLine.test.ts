import { describe, expect, it } from 'vitest';
import { chartRules } from '../src/shared/chartRules';
import { contestCountFigures } from '@huodong/domain/figures';
import { declaredChartOption } from '../src/figures/figureCharts';
import { PASS_LINE } from '../src/features/contests/texts';

/** The score distribution of the contest's figures declaration with its pass line (domain figures/contests.ts). */
const HISTOGRAM = contestCountFigures.charts.find((c) => c.key === 'histogram')!;
const histogramOption = (h: { label: string; count: number }[], passLine: { score: number; total: number; percent: number } | null = null) => declaredChartOption(HISTOGRAM, h, { pass_line: passLine });


type Mark = { markLine?: { data: { xAxis: number }[]; label: { formatter: string } } };
const buckets = Array.from({ length: 10 }, (_, i) => ({ label: `${i * 10}-${i * 10 + 10}%`, count: i }));

/** The score distribution of a contest's figures draws its pass line (issue 20, item 21). */
describe('the pass line on the score distribution', () => {
  it('marks the pass score at its percent of the total, between the buckets it separates, and keeps it through the chart rules', () => {
    const o = chartRules(histogramOption(buckets, { score: 30, total: 50, percent: 60 }), 600);
    const [, line] = o.series as (Mark & { xAxisIndex?: number })[];
    // 60 % on the hidden 0–100 % axis laid over the buckets.
    expect(line.xAxisIndex).toBe(1);
    expect((o.xAxis as { type: string; min?: number; max?: number }[])[1]).toMatchObject({ type: 'value', min: 0, max: 100 });
    expect(line.markLine?.data).toEqual([{ xAxis: 60 }]);
    expect(line.markLine?.label.formatter).toBe(PASS_LINE(30, 50));
    expect(PASS_LINE(30, 50)).toBe('及格线 30/50分');
  });

  it('draws none without a pass line (a levelled contest, or a paper without a total)', () => {
    expect((histogramOption(buckets, null).series as Mark[]).some((s) => s.markLine)).toBe(false);
  });
});

describe('the pass line as ECharts draws it', () => {
  it('is rendered with the modules the back office registers (shared/EChart), at the pass score between the buckets', async () => {
    // The app's registrations (bar chart, grid, mark line, …), plus the SVG renderer to read the drawing as text.
    await import('../src/shared/EChart');
    const echarts = await import('echarts/core');
    const { SVGRenderer } = await import('echarts/renderers');
    echarts.use([SVGRenderer]);
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
    chart.setOption(chartRules(histogramOption(buckets, { score: 30, total: 50, percent: 60 }), 600));
    const svg = chart.renderToSVGString();
    chart.dispose();
    expect(svg).toContain(PASS_LINE(30, 50));
    // The dashed line is vertical, at 60 % of the plot's width (the edge between 50-60% and 60-70%).
    const line = svg.match(/<path d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)"[^>]*stroke-dasharray/);
    expect(line).not.toBeNull();
    const [x1, , x2] = line!.slice(1).map(Number);
    expect(x1).toBeCloseTo(x2, 0);
    // The bars' left edges and widths: 60 % lies where bucket 6 (60-70%) begins, between its neighbours' bars.
    const bars = [...svg.matchAll(/<path d="M([\d.]+) [\d.]+l([\d.]+) 0[^"]*Z"[^>]*ecmeta_data_index/g)].map((m) => ({ left: Number(m[1]), right: Number(m[1]) + Number(m[2]) }));
    expect(bars).toHaveLength(10);
    expect(x1).toBeGreaterThan(bars[5].right);
    expect(x1).toBeLessThan(bars[6].left);
  });
});
