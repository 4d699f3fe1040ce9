import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Empty, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatSeconds, type ResultRow } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import type { ChartOption } from '../../shared/EChart';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { COMMENTS_PAGE, DOWNLOAD_PAGE, EVALUATION, EVIDENCE_PAGE, idOf, resultsPath, SOURCES_PAGE, votingKey, VOTES_PAGE, type VoteResultsAnswer } from './votingApi';
import { ChartCard, StatCards, VotingFrame } from './VotingFrame';
import * as T from './texts';

// The dialogs load when opened.
const VoidVotesDialog = lazy(() => import('./VoidVotesDialog'));
const ImportWorksDialog = lazy(() => import('./ImportWorksDialog'));

function dailyOption(days: VoteResultsAnswer['days']): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [T.VALID, T.SUSPECT, T.VOTERS] },
    grid: { left: 40, right: 24, bottom: 32, top: 40 },
    xAxis: { type: 'category', data: days.map((d) => d.day) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: T.VALID, type: 'bar', stack: 'votes', data: days.map((d) => d.valid) },
      { name: T.SUSPECT, type: 'bar', stack: 'votes', data: days.map((d) => d.suspect) },
      { name: T.VOTERS, type: 'line', data: days.map((d) => d.voters) },
    ],
  };
}

/**
 * 投票评论统计 (`adminCount/adminActCount/actCountEva?actID=`, design §3): a voting activity's
 * results — valid votes, then who reached the count first, then sort; frozen with its hash once
 * voting ended — its totals and votes per day; voiding by rule and importing works from here,
 * each source's evidence one click away.
 */
export default function EvaResultsPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = idOf(params.get('actID'));
  const [dialog, setDialog] = useState<'void' | 'import' | null>(null);
  const results = useApiQuery<VoteResultsAnswer>([...votingKey(id ?? 0), 'results'], id !== undefined ? resultsPath(org, id) : null);
  const data = results.data;
  const option = useMemo(() => dailyOption(data?.days ?? []), [data?.days]);
  const go = (page: string, query = `?actID=${id}`) => navigate(scopeLink(org, `${page}${query}`));

  const columns: ColumnsType<ResultRow> = [
    { key: 'rank', dataIndex: 'rank', title: T.RANK, width: 70 },
    { key: 'title', dataIndex: 'title', title: T.TITLE },
    { key: 'group_name', dataIndex: 'group_name', title: T.GROUP, width: 100 },
    { key: 'votes', dataIndex: 'votes', title: T.VALID, width: 90 },
    { key: 'suspect', dataIndex: 'suspect', title: T.SUSPECT, width: 90 },
    { key: 'void', dataIndex: 'void', title: T.VOID, width: 90 },
    { key: 'reached_at', dataIndex: 'reached_at', title: T.REACHED, width: 170, render: (v: number | null) => (v ? formatSeconds(v) : '') },
    {
      key: 'evidence',
      title: T.EVIDENCE,
      width: 80,
      render: (_: unknown, row) => (
        <Button size="small" type="link" onClick={() => go(EVIDENCE_PAGE, `?actID=${id}&sourceID=${row.id}`)}>
          {T.EVIDENCE}
        </Button>
      ),
    },
  ];

  let body;
  if (id === undefined) body = <Empty description={T.NEED_ACTIVITY} />;
  else if (results.isPending) body = <PageLoading />;
  else if (!data) body = <Empty />;
  else {
    body = (
      <>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Button onClick={() => go(SOURCES_PAGE)}>{T.SOURCE_LIST}</Button>
          <Button onClick={() => go(VOTES_PAGE)}>{T.VOTE_LIST}</Button>
          <Button onClick={() => go(COMMENTS_PAGE)}>{T.COMMENTS}</Button>
          <Button onClick={() => go(DOWNLOAD_PAGE)}>{T.DOWNLOADS}</Button>
          <Button onClick={() => setDialog('import')}>{T.IMPORT_WORKS}</Button>
          <Button danger onClick={() => setDialog('void')}>
            {T.VOID_VOTES}
          </Button>
        </Flex>
        <Alert style={{ marginBottom: 16 }} type={data.snapshot ? 'success' : 'info'} title={data.snapshot ? T.FROZEN(data.snapshot.version, data.snapshot.hash) : T.LIVE} />
        <StatCards
          cards={[
            [T.VALID, data.totals.valid],
            [T.SUSPECT, data.totals.suspect],
            [T.VOID, data.totals.void],
            [T.VOTERS, data.totals.voters],
            [T.SOURCES, data.totals.sources],
          ]}
        />
        <ChartCard title={T.DAILY_CHART} label={data.activity.title} option={option} empty={data.days.length === 0} />
        <Table<ResultRow> rowKey="id" size="small" columns={columns} dataSource={data.rows} pagination={{ pageSize: 50 }} scroll={{ x: 'max-content' }} />
        <Suspense fallback={null}>
          {dialog === 'void' && <VoidVotesDialog org={org} actId={id} sources={data.rows} onClose={() => setDialog(null)} />}
          {dialog === 'import' && <ImportWorksDialog org={org} actId={id} onClose={() => setDialog(null)} />}
        </Suspense>
      </>
    );
  }

  return (
    <VotingFrame testId="eva-results" back={T.BACK_TO_LIST} onBack={() => navigate(scopeLink(org, EVALUATION.page))} title={data && `${T.RESULTS_TITLE}：${data.activity.title}`}>
      {body}
    </VotingFrame>
  );
}
