import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Statistic, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';

/** A figures page of an activity (voting results, questionnaire counts): a way back, the title once read, extra buttons, the body. */
export function CountFrame({ testId, back, onBack, title, extra, children }: { testId: string; back: string; onBack: () => void; title?: string; extra?: ReactNode; children: ReactNode }) {
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

/** The figures above such a page, one card each. */
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
