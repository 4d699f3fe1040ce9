import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Flex, InputNumber, Switch, Table, Tag } from 'antd';
import { PagePanel } from '../../shared/PagePanel';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { feedback } from '../../shared/feedback';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idFromQuery } from '../../resources/listModel';
import * as T from './texts';

interface PendingAnswer {
  id: number;
  stem: string;
  answer: string | string[] | null;
  reference: unknown;
  max_score: number;
  credit: number | null;
  pending: number;
  account: string;
  real_name: string;
}
interface QueuePage {
  activity: { id: number; title: string };
  items: PendingAnswer[];
  _meta: { totalCount: number };
}

const text = (v: unknown) => (Array.isArray(v) ? v.join('；') : typeof v === 'string' ? v : '');

/**
 * 竞赛审核详情 (`adminCheck/adminCheckContest/adminCheckContestWorkIndex?actID=`): the contest's
 * short answers waiting for hand marks with the question and its reference answer; each gets
 * points from 0 to the question's score, sent together (提交评分); an attempt whose last short
 * answer is marked is finished and ranked.
 */
export default function CheckContestWorkIndexPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idFromQuery(params.get('actID'));
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const [marks, setMarks] = useState<Record<number, number | null>>({});
  const path = act !== undefined ? `/v1/${org}/check/${act}/contest` : null;
  const q = useApiQuery<QueuePage>(['contestMarks', act], path, { page, page_size: 20, all: all ? 1 : undefined });
  const send = useApiMutation((items: { id: number; score: number }[]) => api.post(path!, { items }), {
    invalidate: [['contestMarks']],
    successMessage: T.MARKED,
    onSuccess: () => setMarks({}),
  });
  const given = Object.entries(marks).filter(([, v]) => v !== null && v !== undefined).map(([id, score]) => ({ id: Number(id), score: score as number }));

  if (act === undefined) return <Empty description={T.NEED_ACTIVITY} />;
  return (
    <PagePanel testId="check-contest-answers">
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, 'adminCheck/adminCheckContest'))}>{`${T.BACK}${T.CHECK_TITLE}`}</Button>
        <strong>{q.data?.activity.title}</strong>
        <Switch checked={all} onChange={(v) => (setAll(v), setPage(1))} aria-label={T.SHOW_ALL} /> {T.SHOW_ALL}
        <Button type="primary" loading={send.isPending} onClick={() => (given.length ? send.mutate(given) : feedback.message.warning(T.NO_MARKS))}>
          {T.SUBMIT_MARKS}
        </Button>
      </Flex>
      <Table<PendingAnswer>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.NO_PENDING} /> }}
        pagination={{ current: page, pageSize: 20, total: q.data?._meta.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: T.READER, width: 140, render: (_, r) => `${r.real_name || ''}（${r.account}）` },
          { title: T.STEM, dataIndex: 'stem', width: 220 },
          { title: T.READER_ANSWER, render: (_, r) => <div style={{ whiteSpace: 'pre-wrap' }}>{text(r.answer)}</div> },
          { title: T.REFERENCE, width: 200, render: (_, r) => text(r.reference) },
          { title: T.FULL_SCORE, dataIndex: 'max_score', width: 70 },
          {
            title: T.GIVE_SCORE,
            width: 130,
            render: (_, r) =>
              r.pending ? (
                <InputNumber min={0} max={r.max_score} step={0.5} value={marks[r.id] ?? null} aria-label={`${T.GIVE_SCORE}${r.id}`} onChange={(v) => setMarks((m) => ({ ...m, [r.id]: v }))} />
              ) : (
                <Tag color="green">{r.credit}</Tag>
              ),
          },
        ]}
      />
    </PagePanel>
  );
}
