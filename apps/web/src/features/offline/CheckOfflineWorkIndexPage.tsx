import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Flex, Switch, Table } from 'antd';
import { formatSeconds } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idFromQuery } from '../../resources/listModel';
import { checkPath } from './offlineApi';
import * as T from './texts';

const RejectDialog = lazy(() => import('./RejectDialog'));

interface PendingBooking {
  id: number;
  session_title: string;
  session_start_at: number;
  account: string;
  real_name: string;
  phone: string;
  unit: string | null;
  seats: number;
  companions: { name: string; phone?: string }[];
  answers: Record<string, string>;
  status: string;
  status_text: string;
  review_reason: string;
  created_at: number;
}
interface QueuePage {
  activity: { id: number; title: string };
  items: PendingBooking[];
  _meta: { totalCount: number };
}

/**
 * 线下活动审核详情 (`adminCheck/adminCheckOffline/adminCheckOfflineWorkIndex?actID=`): the
 * activity's bookings waiting for approval with who booked, the session, the seats, the
 * companions and the sign-up answers; 通过 confirms one, 拒绝 (with a reason) gives its seats back
 * to the waiting list. 显示已审核 lists the decided ones too.
 */
export default function CheckOfflineWorkIndexPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idFromQuery(params.get('actID'));
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const path = act !== undefined ? checkPath(org, act) : null;
  const q = useApiQuery<QueuePage>(['offlineChecks', act], path, { page, page_size: 20, all: all ? 1 : undefined });
  const decide = useApiMutation((body: { ids: number[]; status: 1 | 2; reason: string }) => api.post(path!, body), { invalidate: [['offlineChecks']], successMessage: T.DONE });

  if (act === undefined) return <Empty description={T.NEED_ACTIVITY} />;
  return (
    <PagePanel testId="check-offline-bookings">
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, 'adminCheck/adminCheckOffline'))}>{`${T.BACK}${T.CHECK_TITLE}`}</Button>
        <strong>{q.data?.activity.title}</strong>
        <Switch checked={all} onChange={(v) => (setAll(v), setPage(1))} aria-label={T.SHOW_ALL} /> {T.SHOW_ALL}
      </Flex>
      <Table<PendingBooking>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.NO_PENDING} /> }}
        pagination={{ current: page, pageSize: 20, total: q.data?._meta.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: T.READER, width: 160, render: (_, r) => `${r.real_name || ''}（${r.account}）${r.unit ? ` · ${r.unit}` : ''}` },
          { title: T.SESSION, width: 200, render: (_, r) => `${r.session_title} ${formatSeconds(r.session_start_at)}` },
          { title: T.SEATS, dataIndex: 'seats', width: 70 },
          { title: T.COMPANIONS, width: 140, render: (_, r) => r.companions.map((c) => c.name).join('、') },
          { title: T.ANSWERS, render: (_, r) => Object.values(r.answers).join('；') },
          { title: T.BOOKED_AT, width: 150, render: (_, r) => formatSeconds(r.created_at) },
          {
            title: T.STATUS,
            width: 170,
            render: (_, r) =>
              r.status === 'pending' ? (
                <>
                  <Button size="small" type="link" loading={decide.isPending} onClick={() => decide.mutate({ ids: [r.id], status: 1, reason: '' })}>
                    {T.APPROVE}
                  </Button>
                  <Button size="small" type="link" danger onClick={() => setRejecting(r.id)}>
                    {T.REJECT}
                  </Button>
                </>
              ) : (
                `${r.status_text}${r.review_reason ? `（${r.review_reason}）` : ''}`
              ),
          },
        ]}
      />
      {rejecting !== null && (
        <Suspense fallback={null}>
          <RejectDialog
            onOk={(reason) => {
              decide.mutate({ ids: [rejecting], status: 2, reason });
              setRejecting(null);
            }}
            onClose={() => setRejecting(null)}
          />
        </Suspense>
      )}
    </PagePanel>
  );
}
