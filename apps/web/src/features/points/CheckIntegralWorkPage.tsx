import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Descriptions, Flex, Spin } from 'antd';
import { chinaDateTime, type PointTxnRow } from '@huodong/domain';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { idFromQuery } from '../../shared/idFromQuery';
import { PagePanel } from '../../shared/PagePanel';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { statusTag } from './statusTag';
import { checkPath, POINTS_KEY, POINTS_LISTS, type PointsDecision } from './pointsApi';
import * as T from './texts';

// The dialog (antd Form and its inputs) loads when it opens.
const ReasonDialog = lazy(() => import('./PointsDialogs').then((m) => ({ default: m.ReasonDialog })));

interface Detail {
  txn: PointTxnRow & { account: string; real_name: string; asker: string; status_label: string };
  account: { balance: number; earned: number; spent: number; expired: number };
  own: boolean;
}

/** 积分审核详情 (`…/adminCheckIntegralWork?id=`): one adjustment, approved or rejected by an administrator other than the one who asked. */
export default function CheckIntegralWorkPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idFromQuery(params.get('id')) ?? 0;
  const [rejecting, setRejecting] = useState(false);
  const q = useApiQuery<Detail>([POINTS_KEY, 'check', org, id], checkPath(org, id));
  const decide = useApiMutation((body: PointsDecision) => api.post(checkPath(org, id), body), { invalidate: POINTS_LISTS, successMessage: T.DECIDED });
  const back = () => navigate(scopeLink(org, 'adminScore/adminCheckIntegral'));
  if (!q.data) return <PagePanel>{q.isPending ? <Spin /> : null}</PagePanel>;
  const { txn, account, own } = q.data;
  return (
    <PagePanel testId="check-integral-work">
      {own && txn.status === 0 && <Alert type="info" showIcon message={T.OWN_HINT} style={{ marginBottom: 12 }} />}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={T.ACCOUNT}>{txn.account}</Descriptions.Item>
        <Descriptions.Item label={T.NAME}>{txn.real_name}</Descriptions.Item>
        <Descriptions.Item label={T.DELTA}>{txn.delta > 0 ? `+${txn.delta}` : txn.delta}</Descriptions.Item>
        <Descriptions.Item label={T.BALANCE}>{account.balance}</Descriptions.Item>
        <Descriptions.Item label={T.ADJUST_REASON}>{txn.reason}</Descriptions.Item>
        <Descriptions.Item label={T.ASKER}>{txn.asker}</Descriptions.Item>
        <Descriptions.Item label={T.TIME}>{chinaDateTime(txn.created_at)}</Descriptions.Item>
        <Descriptions.Item label={T.STATUS}>{statusTag(txn.status)}</Descriptions.Item>
      </Descriptions>
      {txn.status === 0 && !own && (
        <Flex gap={8}>
          <Button type="primary" loading={decide.isPending} onClick={() => void decide.mutateAsync({ status: 1, reason: '' }).then(back, () => undefined)} data-testid="integral-approve">
            {T.APPROVE}
          </Button>
          <Button danger onClick={() => setRejecting(true)}>
            {T.REJECT}
          </Button>
        </Flex>
      )}
      {rejecting && (
        <Suspense fallback={null}>
        <ReasonDialog
          title={T.REJECT}
          label={T.REJECT_REASON}
          busy={decide.isPending}
          onSubmit={(reason) => decide.mutateAsync({ status: 2, reason }).then(back)}
          onClose={() => setRejecting(false)}
        />
        </Suspense>
      )}
    </PagePanel>
  );
}
