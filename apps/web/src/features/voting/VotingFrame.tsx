import { Suspense, lazy, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, Row, Statistic, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ChartOption } from '../../shared/EChart';
import { PageLoading } from '../../shared/PageLoading';

// ECharts loads only with a chart (its chunk is the biggest of the app).
const EChart = lazy(() => import('../../shared/EChart').then((m) => ({ default: m.EChart })));

/** A voting page: a way back, the title once read, the body. */
export function VotingFrame({ testId, back, onBack, title, children }: { testId: string; back: string; onBack: () => void; title?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div data-testid={testId} style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          {back}
        </Button>
        {title && <h5 style={{ margin: 0, fontSize: token.fontSizeHeading5, color: token.colorTextHeading }}>{title}</h5>}
      </Flex>
      {children}
    </div>
  );
}

/** The figures above a voting page. */
export function StatCards({ cards }: { cards: [string, number | string][] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map(([label, value]) => (
        <Col key={label} xs={12} sm={8} md={4}>
          <Card size="small">
            <Statistic title={label} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A chart in a card, loaded when shown; `Empty` without data. */
export function ChartCard({ title, label, option, empty }: { title: string; label: string; option: ChartOption; empty: boolean }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {empty ? (
        <Empty />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <EChart option={option} ariaLabel={`${title}：${label}`} />
        </Suspense>
      )}
    </Card>
  );
}
