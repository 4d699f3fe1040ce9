import { percent, type ActivityCount, type ActivityCountDay } from '@huodong/domain';
import type { ChartOption } from '../../shared/EChart';
import { dailyChartFrame } from '../../shared/dailyChart';
import { CANCELLED_JOINS, JOIN_RATE, JOINS, NEW_JOINS, TODAY_JOINS, TOTAL_JOINS, VIEWS } from './texts';

/** `GET /v1/{org}/activity/{id}/count` (apps/server/src/resources/families/activityParticipants.ts). */
export const activityCountPath = (org: string, id: number): string => `/v1/${encodeURIComponent(org)}/activity/${id}/count`;

/** The statistic cards, in order: participants, views, the share of views that joined (spec §9: 2 decimals), today's joins, cancellations. */
export function activityCards(t: ActivityCount['totals']): { key: string; title: string; value: number | string }[] {
  return [
    { key: 'joins', title: JOINS, value: t.joins },
    { key: 'views', title: VIEWS, value: t.views },
    { key: 'rate', title: JOIN_RATE, value: `${percent(t.joins, t.views)}%` },
    { key: 'today', title: TODAY_JOINS, value: t.today },
    { key: 'cancelled', title: CANCELLED_JOINS, value: t.cancelled },
  ];
}

/** Joins up to and including each day. */
export function cumulative(days: readonly ActivityCountDay[]): number[] {
  let sum = 0;
  return days.map((d) => (sum += d.joins));
}

/**
 * The daily chart: the day's new joins as bars (left axis), the running total as a line (right
 * axis).
 */
export function joinsOption(days: readonly ActivityCountDay[]): ChartOption {
  return {
    ...dailyChartFrame(days),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: NEW_JOINS, type: 'bar', barMaxWidth: 32, data: days.map((d) => d.joins) },
      { name: TOTAL_JOINS, type: 'line', yAxisIndex: 1, data: cumulative(days) },
    ],
  };
}
