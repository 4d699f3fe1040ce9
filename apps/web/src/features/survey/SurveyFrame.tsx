import { Suspense } from 'react';
import { Empty } from 'antd';
import { chartLabel } from '@huodong/domain';
import type { ChartOption } from '../../shared/EChart';
import { PageLoading } from '../../shared/PageLoading';
import { LazyEChart } from '../../shared/LazyEChart';

/** A chart loaded when shown; `Empty` without data. */
export function Chart({ label, option, empty, height = 260 }: { label: string; option: ChartOption; empty: boolean; height?: number }) {
  if (empty) return <Empty />;
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyEChart option={option} height={height} ariaLabel={label} />
    </Suspense>
  );
}

/**
 * Horizontal bars of counts by label, the labels cut by the spec's rule (§9: over 10 characters,
 * 9 and an ellipsis), the percentage beside each bar.
 */
export function barOption(items: readonly { label: string; count: number; percent?: number }[]): ChartOption {
  const shown = [...items].reverse();
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 120, right: 64, top: 8, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((i) => i.label), axisLabel: { formatter: chartLabel } },
    series: [
      {
        type: 'bar',
        data: shown.map((i) => i.count),
        label: { show: true, position: 'right', formatter: (p: { dataIndex: number }) => (shown[p.dataIndex].percent !== undefined ? `${shown[p.dataIndex].percent}%` : String(shown[p.dataIndex].count)) },
      },
    ],
  };
}
