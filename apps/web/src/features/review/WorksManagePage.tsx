import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Flex, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { LazyAlert as Alert } from '../../shared/LazyAlert';
import { WORK_STATUS, formatSeconds, type WorkStatus } from '@huodong/domain';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { useScope } from '../../shared/session';
import { feedback } from '../../shared/feedback';
import { AppModal } from '../../shared/AppModal';
import * as T from './texts';

interface Assignment {
  id: number;
  expert_id: number;
  name: string;
  total: number | null;
  submitted_at: number | null;
}
interface JudgedWork {
  id: number;
  work_no: string | null;
  title: string;
  status: WorkStatus;
  group_id: number | null;
  author_name: string;
  author_unit: string;
  instructor: string;
  assignments: Assignment[];
}
interface Candidate {
  id: number;
  work_no: string | null;
  title: string;
  status: WorkStatus;
}
interface ResultRow {
  work_id: number;
  work_no: string | null;
  title?: string;
  group_id: number | null;
  n: number;
  mean: number;
  stdev: number;
  range: number;
  final: number | null;
  rank: number | null;
  award_level: string | null;
  needs_arbitration: boolean;
}
interface Results {
  published_at: number | null;
  hash: string | null;
  items: ResultRow[];
}

/**
 * 评审作品 (`review/adminExpertAct/worksManage?id=`): the works of one expert activity with
 * their experts and review progress — add works, assign by hand or automatically (conflicts are
 * refused by the server), withdraw an assignment — and the results: count, mean, spread, final,
 * arbitration flags, ranks and awards by quota, published as a frozen, hashed snapshot.
 */
export default function WorksManagePage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <Empty description={T.NEED_ACT} />;
  return <WorksManage org={org} id={id} />;
}

function WorksManage({ org, id }: { org: string; id: number }) {
  const base = `/v1/${org}/expert/act/${id}`;
  const key = ['expertAct', org, id];
  const list = useApiQuery<JudgedWork[]>(key, `${base}/works`);
  const results = useApiQuery<Results>(key, `${base}/results`);
  const experts = useApiQuery<{ items: { id: number; name: string; unit: string; is_pause: number }[] }>(['experts', org], `/v1/${org}/expert`, { page: 1, page_size: 100 });
  const [adding, setAdding] = useState(false);
  const [assigning, setAssigning] = useState<JudgedWork | null>(null);
  const published = !!results.data?.published_at;

  const auto = useApiMutation(() => api.post<{ assigned: number; short: unknown[] }>(`${base}/autoAssign`), {
    invalidate: [key],
    onSuccess: (r) => feedback.message.success(T.AUTO_ASSIGNED(r.assigned, r.short.length)),
  });
  const unassign = useApiMutation((aid: number) => api.del(`${base}/assignments/${aid}`), { invalidate: [key] });
  const removeWork = useApiMutation((workId: number) => api.post(`${base}/works/remove`, { work_ids: [workId] }), { invalidate: [key] });
  const publish = useApiMutation((force: boolean) => api.post<Results>(`${base}/publish`, force ? { force } : undefined), { invalidate: [key] });

  const confirmPublish = () =>
    feedback.modal.confirm({
      title: T.PUBLISH,
      content: results.data?.items.some((r) => r.needs_arbitration) ? T.PUBLISH_FORCE : T.PUBLISH_CONFIRM,
      onOk: () => publish.mutateAsync(!!results.data?.items.some((r) => r.needs_arbitration)),
    });

  const worksTable = (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={published} onClick={() => setAdding(true)}>
          {T.ADD_WORKS}
        </Button>
        <Button disabled={published} loading={auto.isPending} onClick={() => auto.mutate()}>
          {T.AUTO_ASSIGN}
        </Button>
      </Flex>
      <Table<JudgedWork>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20 }}
        scroll={{ x: 900 }}
        columns={[
          { title: T.WORK_NO, dataIndex: 'work_no', width: 110 },
          { title: T.WORK_TITLE, dataIndex: 'title', width: 160 },
          { title: T.AUTHOR, dataIndex: 'author_name', width: 90 },
          { title: T.UNIT, dataIndex: 'author_unit', width: 140 },
          { title: T.STATUS, dataIndex: 'status', width: 90, render: (s: WorkStatus) => WORK_STATUS[s] ?? s },
          {
            title: T.REVIEWERS,
            render: (_, w) => (
              <Space wrap size={4}>
                {w.assignments.map((a) => (
                  <Tag key={a.id} color={a.submitted_at ? 'green' : undefined} closable={!a.submitted_at && !published} onClose={(e) => (e.preventDefault(), unassign.mutate(a.id))}>
                    {a.name} {a.submitted_at ? `${T.SUBMITTED} ${a.total}` : T.PENDING}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: '操作',
            width: 170,
            render: (_, w) => (
              <Space size={0}>
                <Button type="link" disabled={published} onClick={() => setAssigning(w)}>
                  {T.ASSIGN}
                </Button>
                <Button type="link" danger disabled={published || w.assignments.some((a) => a.submitted_at)} onClick={() => removeWork.mutate(w.id)}>
                  {T.REMOVE_WORKS}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );

  const resultsTable = (
    <>
      {results.data?.published_at ? (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} message={T.PUBLISHED_AT(formatSeconds(results.data.published_at), results.data.hash ?? '')} />
      ) : (
        <Button type="primary" style={{ marginBottom: 12 }} loading={publish.isPending} onClick={confirmPublish}>
          {T.PUBLISH}
        </Button>
      )}
      <Table<ResultRow>
        rowKey="work_id"
        size="middle"
        loading={results.isLoading}
        dataSource={results.data?.items ?? []}
        pagination={{ pageSize: 20 }}
        scroll={{ x: 800 }}
        columns={[
          { title: T.GROUP, dataIndex: 'group_id', width: 70 },
          { title: T.WORK_NO, dataIndex: 'work_no', width: 110 },
          { title: T.N_REVIEWS, dataIndex: 'n', width: 80 },
          { title: T.MEAN, dataIndex: 'mean', width: 80 },
          { title: T.STDEV, dataIndex: 'stdev', width: 80 },
          { title: T.RANGE, dataIndex: 'range', width: 80, render: (v: number, r) => (r.needs_arbitration ? <Tag color="red">{`${v} ${T.ARBITRATION}`}</Tag> : v) },
          { title: T.FINAL, dataIndex: 'final', width: 90 },
          { title: T.RANK, dataIndex: 'rank', width: 70 },
          { title: T.AWARD, dataIndex: 'award_level', width: 90 },
        ]}
      />
    </>
  );

  return (
    <>
      <Typography.Title level={4}>{T.WORKS_TITLE}</Typography.Title>
      <Tabs items={[{ key: 'works', label: T.WORKS_TITLE, children: worksTable }, { key: 'results', label: T.RESULTS, children: resultsTable }]} />
      {adding && <AddWorksDialog base={base} invalidate={key} onClose={() => setAdding(false)} />}
      {assigning && (
        <AppModal open title={T.ASSIGN_TITLE(assigning.title)} footer={null} onCancel={() => setAssigning(null)}>
          <AssignForm base={base} invalidate={key} work={assigning} experts={(experts.data?.items ?? []).filter((e) => !e.is_pause)} onDone={() => setAssigning(null)} />
        </AppModal>
      )}
    </>
  );
}

function AddWorksDialog({ base, invalidate, onClose }: { base: string; invalidate: unknown[]; onClose: () => void }) {
  const candidates = useApiQuery<Candidate[]>([...invalidate, 'candidates'], `${base}/candidates`);
  const [ids, setIds] = useState<number[]>([]);
  const add = useApiMutation(() => api.post(`${base}/works`, { work_ids: ids }), { invalidate: [invalidate], onSuccess: onClose });
  return (
    <AppModal open title={T.ADD_WORKS} onCancel={onClose} onOk={() => add.mutate()} okButtonProps={{ disabled: !ids.length, loading: add.isPending }}>
      <Typography.Paragraph type="secondary">{T.ADD_WORKS_HINT}</Typography.Paragraph>
      <Table<Candidate>
        rowKey="id"
        size="small"
        loading={candidates.isLoading}
        dataSource={candidates.data ?? []}
        rowSelection={{ selectedRowKeys: ids, onChange: (keys) => setIds(keys as number[]) }}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: T.WORK_NO, dataIndex: 'work_no' },
          { title: T.WORK_TITLE, dataIndex: 'title' },
          { title: T.STATUS, dataIndex: 'status', render: (s: WorkStatus) => WORK_STATUS[s] ?? s },
        ]}
      />
    </AppModal>
  );
}

function AssignForm({ base, invalidate, work, experts, onDone }: { base: string; invalidate: unknown[]; work: JudgedWork; experts: { id: number; name: string; unit: string }[]; onDone: () => void }) {
  const [expertId, setExpertId] = useState<number | undefined>();
  const assign = useApiMutation(() => api.post(`${base}/assign`, { work_id: work.id, expert_id: expertId }), { invalidate: [invalidate], onSuccess: onDone });
  return (
    <Flex gap={8}>
      <Select
        style={{ flex: 1 }}
        placeholder={T.EXPERT}
        value={expertId}
        onChange={setExpertId}
        showSearch={{ optionFilterProp: 'label' }}
        options={experts.filter((e) => !work.assignments.some((a) => a.expert_id === e.id)).map((e) => ({ value: e.id, label: `${e.name}（${e.unit || '-'}）` }))}
      />
      <Button type="primary" disabled={!expertId} loading={assign.isPending} onClick={() => assign.mutate()}>
        {T.ASSIGN}
      </Button>
    </Flex>
  );
}
