import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { confirm, findDeclaration, idFromQuery, ParentBar, ResourcePage, resourceQueryKey, type Row } from '../../resources';
import { api, download, useApiMutation, useApiQuery } from '../../shared/api';
import { useScope } from '../../shared/session';
import { activitySessionsPath, cancelPath, checkinPath, checkPath, exportPath, promotePath } from './offlineApi';
import * as T from './texts';

const ManageDialog = lazy(() => import('./ManageDialog'));
const RejectDialog = lazy(() => import('./RejectDialog'));
/** States a booking may be cancelled in (it holds seats or a place in line). */
const CANCELLABLE = new Set(['pending', 'confirmed', 'offered', 'waitlisted']);

/**
 * 线下活动报名 (`adminAct/adminOfflineWork?actID=`) and 场次报名 (`adminAct/adminOfflinesListWork?actID=&sessionID=`):
 * the declared list of bookings (filters: session, state, unit, checked in) with what an
 * administrator does to one — approve or reject a pending one (the review queue's
 * `/check/{id}/offline`), cancel it, check the reader in or out by hand — and 代为预约, 递补候补
 * (the session's first in line, when automatic promotion is off), 导出.
 */
export function ReservationsPage({ resource }: { resource: 'offlineReservations' | 'seriesReservations' }) {
  const def = findDeclaration(resource);
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const act = idFromQuery(params.get('actID'));
  const sessionId = idFromQuery(params.get('sessionID'));
  const [manage, setManage] = useState(false);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  // The sessions of the activity (a single one has one) to filter by and to book.
  const sessions = useApiQuery<{ items: { id: number; title: string }[] }>(['offlineSessions', act], act !== undefined ? activitySessionsPath(org, act) : null);
  const refresh = () => client.invalidateQueries({ queryKey: resourceQueryKey(def) });
  const call = useApiMutation((run: () => Promise<unknown>) => run(), { successMessage: T.DONE, onSuccess: refresh });

  if (act === undefined) return <ResourcePage def={def} org={org} needOrg={<Empty />} header={<ParentBar def={def} org={org} />} />;
  const decide = (row: Row, status: 1 | 2, why = '') => call.mutate(() => api.post(checkPath(org, act), { ids: [row.id], status, reason: why }));
  const sessionOptions = (sessions.data?.items ?? []).map((s) => ({ value: s.id, label: s.title }));
  return (
    <>
      <ResourcePage
        key={`${act}-${sessionId ?? ''}`}
        def={def}
        org={org}
        parentId={act}
        header={<ParentBar def={def} org={org} parentId={act} />}
        initialFilters={sessionId !== undefined ? { session_id: sessionId } : undefined}
        filterInputs={{ session_id: ({ id, value, onChange }) => <Select id={id} allowClear placeholder={T.ALL_SESSIONS} style={{ width: 200 }} value={value as number | undefined} onChange={onChange} options={sessionOptions} /> }}
        toolbar={({ controls, query }) => {
          // 递补候补 for the session filtered on (a single activity: its one session).
          const promoted = idFromQuery(String(query.session_id ?? '')) ?? (sessionOptions.length === 1 ? sessionOptions[0].value : undefined);
          return (
            <>
              {controls.write && (
                <Button onClick={() => setManage(true)} data-testid="offline-manage">
                  {T.MANAGE}
                </Button>
              )}
              {controls.write && promoted !== undefined && (
                <Button onClick={() => confirm(T.PROMOTE_TITLE, () => call.mutateAsync(() => api.post(promotePath(org, promoted), {})))}>{T.PROMOTE}</Button>
              )}
              <Button onClick={() => void download(exportPath(org), { ...query, act })}>{T.EXPORT}</Button>
            </>
          );
        }}
        rowActions={[
          ({ row, writable }) =>
            writable && row.status === 'pending' ? (
              <>
                <Button size="small" type="link" onClick={() => decide(row, 1)}>
                  {T.APPROVE}
                </Button>
                <Button size="small" type="link" danger onClick={() => setRejecting(row)}>
                  {T.REJECT}
                </Button>
              </>
            ) : null,
          ({ row, writable }) =>
            writable && row.status === 'confirmed' && !row.checked_in_at ? (
              <Button size="small" type="link" onClick={() => call.mutate(() => api.post(checkinPath(org, row.id as number), { type: 1 }))}>
                {T.CHECK_IN}
              </Button>
            ) : writable && row.status === 'confirmed' && row.checked_in_at && !row.checked_out_at ? (
              <Button size="small" type="link" onClick={() => call.mutate(() => api.post(checkinPath(org, row.id as number), { type: 2 }))}>
                {T.CHECK_OUT}
              </Button>
            ) : null,
          ({ row, writable }) =>
            writable && CANCELLABLE.has(String(row.status)) ? (
              <Button size="small" type="link" danger onClick={() => confirm(T.CANCEL_TITLE, () => call.mutateAsync(() => api.post(cancelPath(org, row.id as number), {})), true)}>
                {T.CANCEL}
              </Button>
            ) : null,
        ]}
      />
      {rejecting && (
        <Suspense fallback={null}>
          <RejectDialog
            onOk={(why) => {
              decide(rejecting, 2, why);
              setRejecting(null);
            }}
            onClose={() => setRejecting(null)}
          />
        </Suspense>
      )}
      {manage && (
        <Suspense fallback={null}>
          <ManageDialog org={org} act={act} sessions={sessions.data?.items ?? []} sessionId={sessionId} onClose={() => setManage(false)} onDone={refresh} />
        </Suspense>
      )}
    </>
  );
}

export default function OfflineReservationsPage() {
  return <ReservationsPage resource="offlineReservations" />;
}
