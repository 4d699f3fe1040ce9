import { chartLabel } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { dailyChartFrame } from '../../shared/dailyChart';
import type { ChartOption } from '../../shared/EChart';
import * as T from './texts';

/** What `GET /v1/{org}/count/contest/{id}` answers (server contests/adminRoutes.ts contestCount). */
export interface ContestCount {
  activity: { id: number; title: string; type: number; act_state: number };
  totals: { attempts: number; readers: number; finished: number; pending: number; open: number; passed: number; pass_rate: number | null; mean_score: number | null; mean_duration: number | null; auto: number };
  days: { day: string; attempts: number }[];
  histogram: { label: string; count: number }[];
  questions: QuestionFigure[];
  funnel: { level_id: number; name: string; sort: number; unlocked: number; attempted: number; passed: number; pass_rate: number | null }[];
  /** The pass score as a percent of the paper's total (single-round contests), drawn on the histogram. */
  pass_line: { score: number; total: number; percent: number } | null;
}
export interface QuestionFigure {
  id: number;
  level_id: number | null;
  type: number;
  type_name: string;
  stem: string;
  answered: number;
  right: number;
  correct_rate: number | null;
  difficulty: number | null;
  discrimination: number | null;
  options: { key: string; text: string; picks: number; percent: number | null; right: boolean }[];
  flags: string[];
  flag_labels: string[];
}

const countPath = (org: string, act: number) => `/v1/${org}/count/contest/${act}`;

/** The contest's figures (one cache entry for the figures page and the attempts page it links to). */
export const useContestCount = (org: string, act: number | undefined) => useApiQuery<ContestCount>(['contestCount', act], act !== undefined ? countPath(org, act) : null);

const bars = (labels: string[], name: string, values: number[]): ChartOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 48, right: 24, top: 24, bottom: 56 },
  xAxis: { type: 'category', data: labels, axisLabel: { formatter: chartLabel, interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
  yAxis: { type: 'value', minInterval: 1 },
  series: [{ name, type: 'bar', data: values }],
});

export const dailyOption = (days: ContestCount['days']): ChartOption => ({
  ...dailyChartFrame(days),
  yAxis: { type: 'value', minInterval: 1 },
  series: [{ name: T.COUNT_ATTEMPTS, type: 'line', data: days.map((d) => d.attempts) }],
});

/**
 * The score histogram (buckets of a tenth of the total each) with the pass line: a dashed
 * vertical mark at the pass score's percent. A category axis places marks on bucket centres
 * only, so the mark sits on a hidden 0–100 % value axis over the same width (60 %: the edge
 * between 50-60% and 60-70%), carried by an empty helper series.
 */
export const histogramOption = (h: ContestCount['histogram'], passLine: ContestCount['pass_line'] = null): ChartOption => {
  const option = bars(h.map((b) => b.label), T.COUNT_ATTEMPTS, h.map((b) => b.count));
  if (!passLine || h.length === 0) return option;
  return {
    ...option,
    xAxis: [option.xAxis as object, { type: 'value', min: 0, max: 100, show: false }],
    series: [
      ...(option.series as object[]),
      {
        name: T.PASS_LINE(passLine.score, passLine.total),
        type: 'line',
        xAxisIndex: 1,
        data: [],
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { type: 'dashed', color: '#cf1322' },
          label: { formatter: T.PASS_LINE(passLine.score, passLine.total), position: 'end' },
          data: [{ xAxis: passLine.percent }],
        },
      },
    ],
  } as ChartOption;
};

export const passOption = (t: ContestCount['totals']): ChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { top: 0 },
  series: [
    {
      type: 'pie',
      radius: ['40%', '65%'],
      data: [
        { name: T.PASSED, value: t.passed },
        { name: T.NOT_PASSED, value: Math.max(0, t.finished - t.passed) },
      ],
    },
  ],
});

export const correctRateOption = (qs: QuestionFigure[]): ChartOption => bars(qs.map((q) => `${q.id}`), T.CORRECT_RATE, qs.map((q) => q.correct_rate ?? 0));

export const optionPicksOption = (q: QuestionFigure): ChartOption => bars(q.options.map((o) => `${o.key}${o.right ? '✓' : ''}`), T.OPTION_PICKS, q.options.map((o) => o.picks));

export const funnelOption = (f: ContestCount['funnel']): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 48, right: 24, top: 40, bottom: 48 },
  xAxis: { type: 'category', data: f.map((l) => l.name), axisLabel: { formatter: chartLabel } },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { name: T.UNLOCKED, type: 'bar', data: f.map((l) => l.unlocked) },
    { name: T.ATTEMPTED, type: 'bar', data: f.map((l) => l.attempted) },
    { name: T.PASSED, type: 'bar', data: f.map((l) => l.passed) },
  ],
});
