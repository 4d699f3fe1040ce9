import { Suspense, useMemo } from 'react';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { chartLabel, type IndexFigure } from '@huodong/domain';
import type { ChartOption } from '../../shared/EChart';
import { PageLoading } from '../../shared/PageLoading';
import { useIndexFigures } from '../../shared/session';
import { INDEX_CHART_TITLE } from '../../shared/texts';
import { LazyEChart } from '../../shared/LazyEChart';

const CHART_HEIGHT = 320;

function barOption(figures: IndexFigure[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 24, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: figures.map((f) => f.title), axisLabel: { formatter: chartLabel, interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: INDEX_CHART_TITLE, data: figures.map((f) => f.value), barMaxWidth: 48 }],
  };
}

/** Overview: the scope's figures as statistic cards and one bar chart of the same figures. */
export default function IndexPage() {
  const figures = useIndexFigures();
  const data = figures.data;
  const option = useMemo(() => barOption(data ?? []), [data]);
  if (figures.isPending) return <PageLoading />;
  if (!data || data.length === 0) return <Empty />;
  return (
    <div data-testid="index-page">
      <Row gutter={[16, 16]}>
        {data.map((f) => (
          <Col key={f.key} xs={24} sm={12} lg={6}>
            <Card size="small">
              <Statistic title={f.title} value={f.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={INDEX_CHART_TITLE} size="small" style={{ marginTop: 16 }}>
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <LazyEChart option={option} height={CHART_HEIGHT} ariaLabel={INDEX_CHART_TITLE} />
        </Suspense>
      </Card>
    </div>
  );
}
