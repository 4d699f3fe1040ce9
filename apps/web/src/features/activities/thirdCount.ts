import type { ChartOption } from '../../shared/EChart';
import { dailyChartFrame } from '../../shared/dailyChart';
import {
  AVERAGE_SCORE,
  COMPLETED,
  COMPLETED_EVENTS,
  JOINED_EVENTS,
  JOINS,
  LAUNCHES,
  LAUNCH_READERS,
  NONE,
  SCORED_EVENTS,
  VIEWS,
} from './texts';

/** `GET /v1/{org}/third/{id}/count` (apps/server/src/routes/third.ts). */
export interface ThirdCount {
  activity: { id: number; title: string; join_num: number; view_count: number };
  totals: { launches: number; readers: number; joins: number; views: number; completed: number; average_score: number | null };
  days: ThirdCountDay[];
}

/** One China-time day: launches and unique readers, the partner's events, the average score in percent. */
export interface ThirdCountDay {
  day: string;
  launches: number;
  readers: number;
  joined: number;
  completed: number;
  scored: number;
  average_score: number | null;
}

export const thirdCountPath = (org: string, id: number): string => `/v1/${encodeURIComponent(org)}/third/${id}/count`;

/** A score in percent as shown: two decimals at most, `—` when no score was reported. */
export const scoreText = (v: number | null | undefined): string => (v === null || v === undefined ? NONE : `${v}%`);

/** The statistic cards, in order: label, value (a number, or the text of a missing score), test id. */
export function totalCards(t: ThirdCount['totals']): { key: string; title: string; value: number | string }[] {
  return [
    { key: 'launches', title: LAUNCHES, value: t.launches },
    { key: 'readers', title: LAUNCH_READERS, value: t.readers },
    { key: 'joins', title: JOINS, value: t.joins },
    { key: 'views', title: VIEWS, value: t.views },
    { key: 'completed', title: COMPLETED, value: t.completed },
    { key: 'average_score', title: AVERAGE_SCORE, value: scoreText(t.average_score) },
  ];
}

/**
 * The daily chart: launches and unique readers as bars, the partner's joined/completed/scored
 * events as lines (counts on the left axis), the average score in percent on the right axis.
 * Day labels go through the domain's chart label rule (spec §9).
 */
export function dailyOption(days: readonly ThirdCountDay[]): ChartOption {
  const counts = (name: string, type: 'bar' | 'line', pick: (d: ThirdCountDay) => number) => ({
    name,
    type,
    data: days.map(pick),
    ...(type === 'bar' ? { barMaxWidth: 32 } : { smooth: false }),
  });
  return {
    ...dailyChartFrame(days),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      counts(LAUNCHES, 'bar', (d) => d.launches),
      counts(LAUNCH_READERS, 'bar', (d) => d.readers),
      counts(JOINED_EVENTS, 'line', (d) => d.joined),
      counts(COMPLETED_EVENTS, 'line', (d) => d.completed),
      counts(SCORED_EVENTS, 'line', (d) => d.scored),
      { name: AVERAGE_SCORE, type: 'line', yAxisIndex: 1, connectNulls: true, data: days.map((d) => d.average_score) },
    ] as ChartOption['series'],
  };
}
