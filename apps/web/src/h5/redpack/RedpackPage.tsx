import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button, List } from 'antd-mobile';
import { rewardGroup, type RewardGroup } from '@huodong/domain';
import { readerClient } from '../../shared/readerClient';
import { useReaderAttempt } from '../../shared/readerAttempt';
import { useReaderRead, useReaderSession } from '../reader';
import { H5Page } from '../H5Page';
import { H5_TEXTS as T } from '../texts';

interface Receipt {
  id: number;
  act_title: string;
  amount_fen: number;
  reward_status: number;
  wepay_status: string | null;
  return_code: string | null;
  status_text: string;
  created_date: string;
}
interface Wechat {
  configured: boolean;
  message: string;
  appid: string;
  bound: boolean;
}

const GROUPS: { group: RewardGroup; title: string }[] = [
  { group: 'pending', title: T.redpackPending },
  { group: 'received', title: T.redpackReceived },
  { group: 'refunded', title: T.redpackRefunded },
  { group: 'failed', title: T.redpackFailed },
];

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** WeChat's web authorisation (snsapi_base) of the appid, coming back to this page with `?code=`. */
export function wechatAuthorizeUrl(appid: string, back: string): string {
  const q = new URLSearchParams({ appid, redirect_uri: back, response_type: 'code', scope: 'snsapi_base', state: 'redpack' });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
}

/**
 * My red packets (`GET /client/redpack`): waiting to be paid or claimed, received, refunded and
 * failed, each with spec §4's text. 领取红包 binds the reader's WeChat: WeChat's authorisation comes
 * back with `?code=`, which `POST /client/redpack/openid` exchanges (its request id made from the
 * code, so a reload asks once); what waited for the binding is then sent.
 */
export function RedpackPage() {
  const { org, signOut } = useReaderSession();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const receipts = useReaderRead<Receipt[]>('/redpack');
  const wechat = useReaderRead<Wechat>('/redpack/wechat');
  const send = useCallback(
    () => readerClient.call<{ bound: boolean; payouts: number }>(org, 'POST', '/redpack/openid', { request_id: `wxcode-${code ?? ''}`.slice(0, 64).padEnd(8, '0'), code }),
    [org, code],
  );
  const claim = useReaderAttempt(send, signOut, !!code);
  const { reload: reloadReceipts } = receipts;
  const { reload: reloadWechat } = wechat;
  useEffect(() => {
    if (!claim.answer) return;
    setParams({}, { replace: true });
    reloadReceipts();
    reloadWechat();
  }, [claim.answer, setParams, reloadReceipts, reloadWechat]);
  const grouped = useMemo(() => {
    const by = new Map<RewardGroup, Receipt[]>();
    for (const r of receipts.data ?? []) by.set(rewardGroup(r), [...(by.get(rewardGroup(r)) ?? []), r]);
    return by;
  }, [receipts.data]);
  const w = wechat.data;
  const waiting = (grouped.get('pending') ?? []).length > 0;
  const goClaim = () => {
    if (!w) return;
    const back = `${window.location.origin}${window.location.pathname}`;
    window.location.assign(wechatAuthorizeUrl(w.appid, back));
  };
  return (
    <H5Page title={T.myRedpacks} testId="h5-redpack" error={receipts.error || wechat.error} loading={!receipts.data || !w}>
      {claim.answer && (
        <p role="status" className="h5-panel">
          {T.redpackBound(claim.answer.payouts)}
        </p>
      )}
      {claim.failure && (
        <p role="alert" className="h5-refusal">
          {claim.failure}
        </p>
      )}
      {w && waiting && !w.bound && (
        <section className="h5-panel" aria-label={T.redpackClaim}>
          {w.configured ? (
            <>
              <p style={{ marginTop: 0 }}>{T.redpackClaimHint}</p>
              <Button block color="primary" size="large" loading={claim.busy} onClick={goClaim}>
                {T.redpackClaim}
              </Button>
            </>
          ) : (
            <p className="h5-muted" style={{ margin: 0 }}>
              {w.message}
            </p>
          )}
        </section>
      )}
      {receipts.data && receipts.data.length === 0 && <p className="h5-muted">{T.noRedpacks}</p>}
      {GROUPS.map(({ group, title }) => {
        const rows = grouped.get(group) ?? [];
        if (rows.length === 0) return null;
        return (
          <section key={group} className="h5-panel" data-testid={`h5-redpack-${group}`} aria-labelledby={`h5-redpack-${group}-title`}>
            <h2 id={`h5-redpack-${group}-title`}>
              {title}（{rows.length}）
            </h2>
            <List>
              {rows.map((r) => (
                <List.Item key={r.id} description={`${r.created_date} · ${r.status_text}`} extra={<strong>{yuan(r.amount_fen)}</strong>}>
                  {r.act_title}
                </List.Item>
              ))}
            </List>
          </section>
        );
      })}
    </H5Page>
  );
}
