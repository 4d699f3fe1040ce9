import { Suspense, lazy, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ACTIVITY_KINDS, ACTIVITY_TYPES } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
// Not the machinery's index: this page shows no list of its own (first-load budget).
import { resourceQueryKey } from '../../resources/resourcePaths';
import { actIdOf } from './actId';
import { dailyOption, scoreText, thirdCountPath, totalCards, type ThirdCount, type ThirdCountDay } from './thirdCount';
import {
  AVERAGE_SCORE,
  BACK,
  COMPLETED_EVENTS,
  COUNT_TITLE,
  DAILY_CHART,
  DAILY_TABLE,
  DAY,
  JOINED_EVENTS,
  LAUNCHES,
  LAUNCH_READERS,
  NEED_ACTIVITY,
  NO_DAYS,
  SCORED_EVENTS,
} from './texts';

// ECharts loads only with a chart (its chunk is the biggest of the app).
const EChart = lazy(() => import('../../shared/EChart').then((m) => ({ default: m.EChart })));
const CHART_HEIGHT = 320;

const THIRD = ACTIVITY_KINDS[7];

const columns: ColumnsType<ThirdCountDay> = [
  { key: 'day', dataIndex: 'day', title: DAY },
  { key: 'launches', dataIndex: 'launches', title: LAUNCHES },
  { key: 'readers', dataIndex: 'readers', title: LAUNCH_READERS },
  { key: 'joined', dataIndex: 'joined', title: JOINED_EVENTS },
  { key: 'completed', dataIndex: 'completed', title: COMPLETED_EVENTS },
  { key: 'scored', dataIndex: 'scored', title: SCORED_EVENTS },
  { key: 'average_score', dataIndex: 'average_score', title: AVERAGE_SCORE, render: (v: number | null) => scoreText(v) },
];

/**
 * 第三方活动统计 (`adminCount/adminActCount/thirdPartyCount?actID=`, design §8): a third-party
 * activity's launches, unique readers, joins, views, completions and average score, then per
 * China-time day as a chart and a table (`GET /v1/{org}/third/{id}/count`).
 */
export default function ThirdPartyCountPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const id = actIdOf(params.get('actID'));
  // Under the third-party resource's key: a write to its rows refreshes the figures too.
  const count = useApiQuery<ThirdCount>([...resourceQueryKey(THIRD), 'count', id], id !== undefined ? thirdCountPath(org, id) : null);
  const days = count.data?.days;
  const option = useMemo(() => dailyOption(days ?? []), [days]);

  const header = (
    <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(scopeLink(org, THIRD.page))}>
        {`${BACK}${ACTIVITY_TYPES[7]}`}
      </Button>
      {count.data && (
        <h5
          data-testid="count-title"
          style={{ margin: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}
        >
          {`${COUNT_TITLE}：${count.data.activity.title}`}
        </h5>
      )}
    </Flex>
  );

  let body;
  if (id === undefined) body = <Empty description={NEED_ACTIVITY} />;
  else if (count.isPending) body = <PageLoading />;
  else if (!count.data) body = <Empty />;
  else {
    const data = count.data;
    body = (
      <>
        <Row gutter={[16, 16]}>
          {totalCards(data.totals).map((c) => (
            <Col key={c.key} xs={12} sm={8} lg={4}>
              <Card size="small" data-testid={`total-${c.key}`}>
                <Statistic title={c.title} value={c.value} />
              </Card>
            </Col>
          ))}
        </Row>
        <Card title={DAILY_CHART} size="small" style={{ marginTop: 16 }}>
          {data.days.length === 0 ? (
            <Empty description={NO_DAYS} />
          ) : (
            <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
              <EChart option={option} height={CHART_HEIGHT} ariaLabel={`${DAILY_CHART}：${data.activity.title}`} />
            </Suspense>
          )}
        </Card>
        <Card title={DAILY_TABLE} size="small" style={{ marginTop: 16 }}>
          <Table<ThirdCountDay> rowKey="day" size="small" columns={columns} dataSource={data.days} pagination={false} scroll={{ x: 'max-content' }} />
        </Card>
      </>
    );
  }

  return (
    <div data-testid="third-count" style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      {header}
      {body}
    </div>
  );
}
