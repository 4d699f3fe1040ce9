import { Suspense, lazy, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Flex, Switch, Table, Tag, theme } from 'antd';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idFromQuery } from '../../resources/listModel';
import type { PreviewWork } from './WorkPreview';
import * as T from './texts';

// The preview and the reject dialog load when first opened: not part of the page's first load.
const WorkPreview = lazy(() => import('./WorkPreview').then((m) => ({ default: m.WorkPreview })));
const RejectModal = lazy(() => import('./RejectModal'));

interface QueueItem extends PreviewWork {
  status: string;
  author_name: string;
  unit: string;
  submitted_at: number | null;
  /** The sensitive-word screen of the title and text: pass, review or risky, and the words found. */
  auto_result: string;
  auto_words: string[];
}
interface QueuePage {
  activity: { id: number; title: string; moderation: string };
  items: QueueItem[];
  _meta: { totalCount: number };
}

const KINDS = ['creation', 'originalmix', 'program'];
const STATUS: Record<string, string> = { draft: '草稿', submitted: '待审核', approved: '已通过', rejected: '未通过', withdrawn: '已撤回' };

/**
 * 作品审核详情 (`adminCheck/adminCheckAct/adminCheckWorkIndex?actID=&kind=`): one activity's works
 * waiting for review, each previewed in the page; 通过 and 驳回 (the reason typed or picked from
 * the quick replies) one by one or for the selected works (at most 200), audited by the server.
 * 节目审核详情 (`adminCheckProgramIndex`) is the same page on the queue of performances (`program`).
 */
export default function CheckWorkIndexPage({ defaultKind = 'creation' }: { defaultKind?: string }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const act = idFromQuery(params.get('actID'));
  const kind = KINDS.includes(params.get('kind') ?? '') ? params.get('kind')! : defaultKind;
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [preview, setPreview] = useState<PreviewWork | null>(null);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  // Each stays mounted from its first opening on, so it closes with its animation.
  const [opened, setOpened] = useState({ preview: false, reject: false });
  const openPreview = (w: PreviewWork) => (setPreview(w), setOpened((o) => ({ ...o, preview: true })));
  const openReject = (ids: number[]) => (setRejecting(ids), setOpened((o) => ({ ...o, reject: true })));
  const path = act !== undefined ? `/v1/${org}/check/${act}/${kind}` : null;
  const q = useApiQuery<QueuePage>(['checkQueue', act, kind], path, { page, page_size: 20, all: all ? 1 : undefined });
  const decide = useApiMutation((body: { ids: number[]; status: 1 | 2; reason?: string }) => api.post(path!, body), {
    invalidate: [['checkQueue']],
    successMessage: T.DECIDED,
    onSuccess: () => {
      setSelected([]);
      setRejecting(null);
    },
  });

  if (act === undefined) return <Empty description={T.NEED_ACTIVITY} />;
  return (
    <div data-testid="check-works" style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, 'adminCheck/adminCheckAct'))}>{`${T.BACK}${T.CHECK_TITLE}`}</Button>
        <strong>{q.data?.activity.title}</strong>
        <Switch checked={all} onChange={(v) => (setAll(v), setPage(1))} aria-label={T.SHOW_ALL} /> {T.SHOW_ALL}
        <Button type="primary" disabled={!selected.length} onClick={() => decide.mutate({ ids: selected, status: 1 })}>
          {T.BATCH_APPROVE}
        </Button>
        <Button danger disabled={!selected.length} onClick={() => openReject(selected)}>
          {T.BATCH_REJECT}
        </Button>
      </Flex>
      <Table<QueueItem>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ current: page, pageSize: 20, total: q.data?._meta.totalCount ?? 0, onChange: setPage }}
        // antd's own empty look (a bare string is drawn too faint to read)
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.NO_PENDING} /> }}
        columns={[
          { title: T.TITLE, dataIndex: 'title' },
          { title: T.CREATION_TYPES, dataIndex: 'creation_type_name', width: 100 },
          { title: T.REAL_NAME, dataIndex: 'author_name', width: 100 },
          { title: T.UNIT, dataIndex: 'unit', width: 140 },
          { title: T.STATUS, dataIndex: 'status', width: 90, render: (s: string) => <Tag>{STATUS[s] ?? s}</Tag> },
          {
            title: T.SENSITIVE_WORDS,
            dataIndex: 'auto_words',
            width: 160,
            render: (words: string[] | undefined, row) =>
              words?.length ? (
                <Flex gap={4} wrap data-testid="sensitive-words">
                  {words.map((w) => (
                    <Tag key={w} color={row.auto_result === 'risky' ? 'red' : 'orange'}>
                      {w}
                    </Tag>
                  ))}
                </Flex>
              ) : null,
          },
          {
            title: '操作',
            width: 200,
            render: (_, row) => (
              <Flex gap={4}>
                <Button size="small" type="link" onClick={() => openPreview(row)}>
                  {T.PREVIEW}
                </Button>
                <Button size="small" type="link" onClick={() => decide.mutate({ ids: [row.id], status: 1 })}>
                  {T.APPROVE}
                </Button>
                <Button size="small" type="link" danger onClick={() => openReject([row.id])}>
                  {T.REJECT}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      {opened.preview && (
        <Suspense fallback={null}>
          <WorkPreview work={preview} statusLabel={(s) => STATUS[s] ?? s} onClose={() => setPreview(null)} />
        </Suspense>
      )}
      {opened.reject && (
        <Suspense fallback={null}>
          <RejectModal org={org} open={!!rejecting} pending={decide.isPending} onReject={(reason) => decide.mutate({ ids: rejecting!, status: 2, reason })} onCancel={() => setRejecting(null)} />
        </Suspense>
      )}
    </div>
  );
}
