import { Suspense, lazy, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, Row, Statistic, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { chartLabel } from '@huodong/domain';
import type { ChartOption } from '../../shared/EChart';
import { PageLoading } from '../../shared/PageLoading';

// ECharts loads only with a chart.
const EChart = lazy(() => import('../../shared/EChart').then((m) => ({ default: m.EChart })));

/** A questionnaire count page: a way back, the title once read, the body. */
export function SurveyFrame({ testId, back, onBack, title, extra, children }: { testId: string; back: string; onBack: () => void; title?: string; extra?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div data-testid={testId} style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          {back}
        </Button>
        {title && <h5 style={{ margin: 0, fontSize: token.fontSizeHeading5, color: token.colorTextHeading }}>{title}</h5>}
        {extra}
      </Flex>
      {children}
    </div>
  );
}

export function Figures({ cards }: { cards: [string, number | string][] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map(([label, value]) => (
        <Col key={label} xs={12} sm={6}>
          <Card size="small">
            <Statistic title={label} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A chart loaded when shown; `Empty` without data. */
export function Chart({ label, option, empty, height = 260 }: { label: string; option: ChartOption; empty: boolean; height?: number }) {
  if (empty) return <Empty />;
  return (
    <Suspense fallback={<PageLoading />}>
      <EChart option={option} height={height} ariaLabel={label} />
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
