import { chartLabel } from '@huodong/domain';
import type { ChartOption } from './EChart';

/**
 * What every daily chart of an activity shares (the activities and works figures): the axis tooltip, the legend on top, room for a
 * second value axis, and the days on the category axis through the domain's chart label rule
 * (spec §9). A chart adds its value axes and series.
 */
export function dailyChartFrame(days: readonly { day: string }[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 56, top: 40, bottom: 48 },
    xAxis: { type: 'category', data: days.map((d) => d.day), axisLabel: { formatter: chartLabel } },
  };
}
