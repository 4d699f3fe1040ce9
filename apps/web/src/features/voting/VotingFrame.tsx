import { Suspense } from 'react';
import { Card, Empty } from 'antd';
import type { ChartOption } from '../../shared/EChart';
import { PageLoading } from '../../shared/PageLoading';
import { LazyEChart } from '../../shared/LazyEChart';

/** A voting page: the shared figures page frame and cards. */
export { CountFrame as VotingFrame, StatCards } from '../../shared/CountFrame';

/** A chart in a card, loaded when shown; `Empty` without data. */
export function ChartCard({ title, label, option, empty }: { title: string; label: string; option: ChartOption; empty: boolean }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {empty ? (
        <Empty />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <LazyEChart option={option} ariaLabel={`${title}：${label}`} />
        </Suspense>
      )}
    </Card>
  );
}
