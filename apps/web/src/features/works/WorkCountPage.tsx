import { Suspense, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { routeOfResource } from '@huodong/domain/routes';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import type { ChartOption } from '../../shared/EChart';
import { idFromQuery } from '../../resources/listModel';
import { DETAIL_PAGE, DOWNLOAD_PAGE, PROGRAM_DOWNLOAD_PAGE, WORK_BASE, type WorkType } from './workApi';
import { dailyWorksOption, partName, partsOption, workCountPath, workTotalCards, type WorkCount, type WorkCountPart } from './workCount';
import * as T from './texts';
import { LazyEChart } from '../../shared/LazyEChart';

const CHART_HEIGHT = 300;

type PartKind = 'type' | 'group' | 'unit';
type PartRow = WorkCountPart & { key: string };

const partColumns = (kind: PartKind): ColumnsType<PartRow> => [
  { key: 'name', title: kind === 'unit' ? T.COUNT_UNIT : T.COUNT_NAME, render: (_: unknown, p) => partName(p, kind) },
  { key: 'works', dataIndex: 'works', title: T.COUNT_SUBMITTED },
  { key: 'passed', dataIndex: 'passed', title: T.COUNT_PASSED },
];

function Chart({ option, label }: { option: ChartOption; label: string }) {
  return (
    <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
      <LazyEChart option={option} height={CHART_HEIGHT} ariaLabel={label} />
    </Suspense>
  );
}

/** A breakdown: bars (types, groups) above the table of its rows. */
function PartCard({ title, parts, kind, testId, chart }: { title: string; parts: WorkCountPart[]; kind: PartKind; testId: string; chart?: ChartOption }) {
  const rows = parts.map((p, i) => ({ ...p, key: `${p.id ?? ''}:${p.name}:${i}` }));
  return (
    <Card title={title} size="small" style={{ marginTop: 16 }} data-testid={testId}>
      {chart && parts.length > 0 && <Chart option={chart} label={title} />}
      <Table<PartRow> rowKey="key" size="small" columns={partColumns(kind)} dataSource={rows} pagination={rows.length > 20 ? { pageSize: 20 } : false} />
    </Card>
  );
}

/**
 * 原创作品统计 / 多类型原创统计 (`adminCount/adminActCount/actCountOri?actID=`, `actCountOriMix`;
 * design activities §2 "Stats"): the works activity's totals as cards, the submissions per
 * China-time day as a line, and the works per creation type, group and author unit.
 */
export function WorkCountPage({ type }: { type: WorkType }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const act = idFromQuery(params.get('actID'));
  const count = useApiQuery<WorkCount>(['workCount', type, act], act !== undefined ? workCountPath(org, type, act) : null);
  const data = count.data;
  const daily = useMemo(() => dailyWorksOption(data?.days ?? []), [data]);
  const byType = useMemo(() => partsOption(data?.by_type ?? [], 'type'), [data]);
  const byGroup = useMemo(() => partsOption(data?.by_group ?? [], 'group'), [data]);
  const list = routeOfResource(WORK_BASE[type]);

  let body;
  if (act === undefined) body = <Empty description={T.NEED_ACTIVITY} />;
  else if (count.isPending) body = <PageLoading />;
  else if (!data) body = <Empty description={T.ACTIVITY_MISSING} />;
  else {
    body = (
      <>
        <Row gutter={[16, 16]}>
          {workTotalCards(data.totals).map((c) => (
            <Col key={c.key} xs={12} sm={8} lg={6} xl={3}>
              <Card size="small" data-testid={`total-${c.key}`}>
                <Statistic title={c.title} value={c.value} />
              </Card>
            </Col>
          ))}
        </Row>
        <Card title={T.COUNT_DAILY} size="small" style={{ marginTop: 16 }}>
          {data.days.length === 0 ? <Empty description={T.COUNT_NO_DAYS} /> : <Chart option={daily} label={`${T.COUNT_DAILY}：${data.activity.title}`} />}
        </Card>
        <PartCard title={T.COUNT_BY_TYPE} parts={data.by_type} kind="type" testId="count-by-type" chart={byType} />
        {data.by_group.length > 0 && <PartCard title={T.COUNT_BY_GROUP} parts={data.by_group} kind="group" testId="count-by-group" chart={byGroup} />}
        <PartCard title={T.COUNT_BY_UNIT} parts={data.by_unit} kind="unit" testId="count-by-unit" />
      </>
    );
  }

  return (
    <div data-testid="work-count" style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => (list ? navigate(scopeLink(org, list.path)) : navigate(-1))}>{list ? `${T.BACK}${list.title}` : T.BACK}</Button>
        {data && (
          <h5 data-testid="count-title" style={{ margin: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>
            {`${T.COUNT_TITLE}：${data.activity.title}`}
          </h5>
        )}
        {act !== undefined && (
          <Flex gap={8} style={{ marginLeft: 'auto' }}>
            {type === 1 && <Button onClick={() => navigate(scopeLink(org, `${DETAIL_PAGE}?actID=${act}`))}>{T.TO_DETAIL}</Button>}
            <Button onClick={() => navigate(scopeLink(org, `${DOWNLOAD_PAGE[type]}?actID=${act}`))}>{T.TO_DOWNLOADS}</Button>
            <Button onClick={() => navigate(scopeLink(org, `${PROGRAM_DOWNLOAD_PAGE}?actID=${act}&type=${type}`))}>{T.TO_PROGRAMS}</Button>
          </Flex>
        )}
      </Flex>
      {body}
    </div>
  );
}
