import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Empty, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ACTIVITY_KINDS, ACTIVITY_TYPES } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
// Not the machinery's index: this page shows no list of its own (first-load budget).
import { resourceQueryKey } from '../../resources/resourcePaths';
import { actIdOf } from './actId';
import { dailyOption, scoreText, thirdCountPath, totalCards, type ThirdCount, type ThirdCountDay } from './thirdCount';
import { BackHeader } from './BackHeader';
import { DailyChart, FigureCards } from './Figures';
import {
  AVERAGE_SCORE,
  BACK,
  COMPLETED_EVENTS,
  COUNT_TITLE,
  DAILY_TABLE,
  DAY,
  JOINED_EVENTS,
  LAUNCHES,
  LAUNCH_READERS,
  NEED_ACTIVITY,
  SCORED_EVENTS,
} from './texts';

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
    <BackHeader
      back={`${BACK}${ACTIVITY_TYPES[7]}`}
      onBack={() => navigate(scopeLink(org, THIRD.page))}
      title={count.data && `${COUNT_TITLE}：${count.data.activity.title}`}
      testId="count-title"
    />
  );

  let body;
  if (id === undefined) body = <Empty description={NEED_ACTIVITY} />;
  else if (count.isPending) body = <PageLoading />;
  else if (!count.data) body = <Empty />;
  else {
    const data = count.data;
    body = (
      <>
        <FigureCards cards={totalCards(data.totals)} />
        <DailyChart option={option} empty={data.days.length === 0} title={data.activity.title} />
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
