import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Flex, Form, Input, Select, Switch, Table, Tag, theme } from 'antd';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idFromQuery } from '../../resources';
import { WorkPreview, type PreviewWork } from './WorkPreview';
import * as T from './texts';

interface QueueItem extends PreviewWork {
  status: string;
  author_name: string;
  unit: string;
  submitted_at: number | null;
}
interface QueuePage {
  activity: { id: number; title: string; moderation: string };
  items: QueueItem[];
  _meta: { totalCount: number };
}

const KINDS = ['creation', 'originalmix'];
const STATUS: Record<string, string> = { draft: '草稿', submitted: '待审核', approved: '已通过', rejected: '未通过', withdrawn: '已撤回' };

/**
 * 作品审核详情 (`adminCheck/adminCheckAct/adminCheckWorkIndex?actID=&kind=`): one activity's works
 * waiting for review, each previewed in the page; 通过 and 驳回 (the reason typed or picked from
 * the quick replies) one by one or for the selected works (at most 200), audited by the server.
 */
export default function CheckWorkIndexPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const act = idFromQuery(params.get('actID'));
  const kind = KINDS.includes(params.get('kind') ?? '') ? params.get('kind')! : 'creation';
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [preview, setPreview] = useState<PreviewWork | null>(null);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const path = act !== undefined ? `/v1/${org}/check/${act}/${kind}` : null;
  const q = useApiQuery<QueuePage>(['checkQueue', act, kind], path, { page, page_size: 20, all: all ? 1 : undefined });
  const quick = useApiQuery<{ items: { id: number; content: string }[] }>(['checkQueue', 'quick'], rejecting ? `/v1/${org}/check/quick` : null);
  const decide = useApiMutation((body: { ids: number[]; status: 1 | 2; reason?: string }) => api.post(path!, body), {
    invalidate: [['checkQueue']],
    successMessage: T.DECIDED,
    onSuccess: () => {
      setSelected([]);
      setRejecting(null);
      form.resetFields();
    },
  });

  if (act === undefined) return <Empty description={T.NEED_ACTIVITY} />;
  return (
    <div data-testid="check-works" style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, 'adminCheck/adminCheckAct'))}>{`${T.BACK}${T.CHECK_TITLE}`}</Button>
        <strong>{q.data?.activity.title}</strong>
        <Switch checked={all} onChange={(v) => (setAll(v), setPage(1))} /> {T.SHOW_ALL}
        <Button type="primary" disabled={!selected.length} onClick={() => decide.mutate({ ids: selected, status: 1 })}>
          {T.BATCH_APPROVE}
        </Button>
        <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
          {T.BATCH_REJECT}
        </Button>
      </Flex>
      <Table<QueueItem>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ current: page, pageSize: 20, total: q.data?._meta.totalCount ?? 0, onChange: setPage }}
        locale={{ emptyText: T.NO_PENDING }}
        columns={[
          { title: T.TITLE, dataIndex: 'title' },
          { title: T.CREATION_TYPES, dataIndex: 'creation_type_name', width: 100 },
          { title: T.REAL_NAME, dataIndex: 'author_name', width: 100 },
          { title: T.UNIT, dataIndex: 'unit', width: 140 },
          { title: T.STATUS, dataIndex: 'status', width: 90, render: (s: string) => <Tag>{STATUS[s] ?? s}</Tag> },
          {
            title: '操作',
            width: 200,
            render: (_, row) => (
              <Flex gap={4}>
                <Button size="small" type="link" onClick={() => setPreview(row)}>
                  {T.PREVIEW}
                </Button>
                <Button size="small" type="link" onClick={() => decide.mutate({ ids: [row.id], status: 1 })}>
                  {T.APPROVE}
                </Button>
                <Button size="small" type="link" danger onClick={() => setRejecting([row.id])}>
                  {T.REJECT}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <WorkPreview work={preview} statusLabel={(s) => STATUS[s] ?? s} onClose={() => setPreview(null)} />
      <AppModal open={!!rejecting} title={T.REJECT_TITLE} onCancel={() => setRejecting(null)} onOk={() => form.submit()} confirmLoading={decide.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(v) => decide.mutate({ ids: rejecting!, status: 2, reason: v.reason })}>
          <Form.Item label={T.QUICK_REPLY}>
            <Select
              data-testid="quick-reply"
              placeholder={T.QUICK_REPLY_PLACEHOLDER}
              loading={quick.isPending}
              options={(quick.data?.items ?? []).map((r) => ({ value: r.content, label: r.content }))}
              onChange={(v: string) => form.setFieldValue('reason', v)}
            />
          </Form.Item>
          <Form.Item name="reason" label={T.REJECT_TITLE} rules={[{ required: true, whitespace: true, message: T.REASON_REQUIRED }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </AppModal>
    </div>
  );
}
