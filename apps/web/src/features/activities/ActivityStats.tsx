import { useMemo } from 'react';
import { Empty } from 'antd';
import type { ActivityCount } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { activityCards, activityCountPath, joinsOption } from './activityCount';
import { DailyChart, FigureCards } from './Figures';

/**
 * The 统计 tab of an activity (any type): participants, views, the share of views that joined,
 * today's joins and cancellations, then the joins per China-time day as a chart
 * (`GET /v1/{org}/activity/{id}/count`). Read under `queryKey`, so an edit of the activity refreshes it.
 */
export function ActivityStats({ org, id, queryKey }: { org: string; id: number; queryKey: readonly unknown[] }) {
  const count = useApiQuery<ActivityCount>([...queryKey, 'count', id], activityCountPath(org, id));
  const days = count.data?.days;
  const option = useMemo(() => joinsOption(days ?? []), [days]);
  if (count.isPending) return <PageLoading />;
  if (!count.data) return <Empty />;
  return (
    <div data-testid="activity-stats">
      <FigureCards cards={activityCards(count.data.totals)} />
      <DailyChart option={option} empty={count.data.days.length === 0} title={count.data.activity.title} />
    </div>
  );
}
