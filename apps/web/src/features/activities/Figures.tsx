import { Suspense } from 'react';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import type { ChartOption } from '../../shared/EChart';
import { DAILY_CHART, NO_DAYS } from './texts';
import { LazyEChart } from '../../shared/LazyEChart';

const CHART_HEIGHT = 320;

/** An activity's figures as statistic cards (`total-<key>` test ids), five or six to a row on wide screens. */
export function FigureCards({ cards }: { cards: readonly { key: string; title: string; value: number | string }[] }) {
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.key} xs={12} sm={8} lg={4}>
          <Card size="small" data-testid={`total-${c.key}`}>
            <Statistic title={c.title} value={c.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 每日参与趋势: the chart of an activity's days (named after the activity for screen readers), or 暂无参与数据. */
export function DailyChart({ option, empty, title }: { option: ChartOption; empty: boolean; title: string }) {
  return (
    <Card title={DAILY_CHART} size="small" style={{ marginTop: 16 }}>
      {empty ? (
        <Empty description={NO_DAYS} />
      ) : (
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <LazyEChart option={option} height={CHART_HEIGHT} ariaLabel={`${DAILY_CHART}：${title}`} />
        </Suspense>
      )}
    </Card>
  );
}
