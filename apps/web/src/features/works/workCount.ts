import { chartLabel, type WorkCount, type WorkCountPart } from '@huodong/domain';
import type { ChartOption } from '../../shared/EChart';
import { dailyChartFrame } from '../../shared/dailyChart';
import { WORK_BASE, type WorkType } from './workApi';
import * as T from './texts';

export type { WorkCount, WorkCountPart };

/** `GET /v1/{org}/original/{act}/count` (`/originalmix/…`; apps/server/src/works/workCount.ts). */
export const workCountPath = (org: string, type: WorkType, act: number): string => `/v1/${encodeURIComponent(org)}/${WORK_BASE[type]}/${act}/count`;

/** The approval rate as shown: a percent, `—` before any decision. */
export const rateText = (v: number | null | undefined): string => (v === null || v === undefined ? T.NONE : `${v}%`);

/** The statistic cards in order: key (test id `total-<key>`), label, value. */
export function workTotalCards(t: WorkCount['totals']): { key: string; title: string; value: number | string }[] {
  return [
    { key: 'submitted', title: T.COUNT_SUBMITTED, value: t.submitted },
    { key: 'passed', title: T.COUNT_PASSED, value: t.passed },
    { key: 'rejected', title: T.COUNT_REJECTED, value: t.rejected },
    { key: 'pending', title: T.COUNT_PENDING, value: t.pending },
    { key: 'readers', title: T.COUNT_READERS, value: t.readers },
    { key: 'approval_rate', title: T.COUNT_RATE, value: rateText(t.approval_rate) },
    { key: 'today', title: T.COUNT_TODAY, value: t.today },
    { key: 'drafts', title: T.COUNT_DRAFTS, value: t.by_status.draft ?? 0 },
  ];
}

/** 每日提交趋势: the submissions per China-time day as one line. */
export function dailyWorksOption(days: WorkCount['days']): ChartOption {
  return {
    ...dailyChartFrame(days),
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: T.COUNT_SUBMITTED, type: 'line', data: days.map((d) => d.works) }],
  };
}

/** A breakdown row's name as shown (a removed type, no group, an empty unit). */
export function partName(p: WorkCountPart, kind: 'type' | 'group' | 'unit'): string {
  if (p.name) return p.name;
  if (kind === 'unit') return T.COUNT_NO_UNIT;
  return kind === 'group' && p.id === null ? T.COUNT_NO_GROUP : T.COUNT_REMOVED;
}

/** Submitted and passed works per creation type or group, as bars. */
export function partsOption(parts: readonly WorkCountPart[], kind: 'type' | 'group'): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 48 },
    xAxis: { type: 'category', data: parts.map((p) => partName(p, kind)), axisLabel: { formatter: chartLabel, interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: T.COUNT_SUBMITTED, type: 'bar', barMaxWidth: 32, data: parts.map((p) => p.works) },
      { name: T.COUNT_PASSED, type: 'bar', barMaxWidth: 32, data: parts.map((p) => p.passed) },
    ],
  };
}
