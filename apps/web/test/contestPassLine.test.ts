import { describe, expect, it } from 'vitest';
import { chartRules } from '../src/shared/chartRules';
import { histogramOption } from '../src/features/contests/contestCount';
import { PASS_LINE } from '../src/features/contests/texts';

type Mark = { markLine?: { data: { xAxis: number }[]; label: { formatter: string } } };
const buckets = Array.from({ length: 10 }, (_, i) => ({ label: `${i * 10}-${i * 10 + 10}%`, count: i }));

/** The score distribution of a contest's figures draws its pass line (issue 20, item 21). */
describe('the pass line on the score distribution', () => {
  it('marks the pass score at its percent of the total, between the buckets it separates, and keeps it through the chart rules', () => {
    const o = chartRules(histogramOption(buckets, { score: 30, total: 50, percent: 60 }), 600);
    const [bars] = o.series as Mark[];
    // 60 %: the left edge of the 60-70% bucket (index 6, centred on 6).
    expect(bars.markLine?.data).toEqual([{ xAxis: 5.5 }]);
    expect(bars.markLine?.label.formatter).toBe(PASS_LINE(30, 50));
    expect(PASS_LINE(30, 50)).toBe('及格线 30/50分');
    const full = histogramOption(buckets, { score: 50, total: 50, percent: 100 }).series as Mark[];
    expect(full[0].markLine?.data).toEqual([{ xAxis: 9.5 }]);
  });

  it('draws none without a pass line (a levelled contest, or a paper without a total)', () => {
    expect((histogramOption(buckets, null).series as Mark[])[0].markLine).toBeUndefined();
  });
});
