import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { CHECKIN_RESULTS, RESERVATION_STATUS, chinaDateTime, sessionTimeText, type CheckinResult } from '@huodong/domain';
import type { CaptchaResponse } from '@huodong/domain/api';
import { useScope } from '../../shared/useScope';
import { useAction } from '../../shared/useAction';
import { SubjectApiError } from '../../shared/subjectClient';
import { newNonce, readerClient } from './readerClient';
import * as T from './texts';

/** What `GET /v1/{org}/client/sign/session` answers (read leniently: only what the page shows). */
interface SignInfo {
  activity?: { id: number; title: string; sign_out?: number };
  session?: { id: number; title?: string; speaker?: string; start_at: number; end_at: number; address?: string; venue_name?: string };
  mine?: { status: string; seats?: number; checked_in_at?: number | null; checked_out_at?: number | null } | null;
  /** A geofenced session with the venue's coordinates: the sign-in sends the reader's position. */
  needs_position?: boolean;
}
/** What `POST /v1/{org}/client/sign` answers: a refusal is still an answer (HTTP 200, `result` ≠ ok). */
interface SignAnswer {
  result: CheckinResult;
  message?: string;
  checked_in_at?: number | null;
  checked_out_at?: number | null;
}

const OK_RESULTS: readonly string[] = ['ok', 'ok_out'];
const SOFT_RESULTS: readonly string[] = ['already_checked_in', 'already_checked_out'];
const colourOf = (result: string) => (OK_RESULTS.includes(result) ? '#389e0d' : SOFT_RESULTS.includes(result) ? '#d46b08' : '#cf1322');

/** The link's query: `actId`, `sessionId`, `type` (1 sign in, 2 sign out), `code` with a rotating code. */
function useSignLink() {
  const [params] = useSearchParams();
  const actId = Number(params.get('actId'));
  const sessionId = Number(params.get('sessionId'));
  const type = params.get('type') === '2' ? 2 : 1;
  const code = params.get('code') ?? undefined;
  const valid = Number.isInteger(actId) && actId > 0 && Number.isInteger(sessionId) && sessionId > 0;
  return { actId, sessionId, type: type as 1 | 2, code, valid };
}

/**
 * 签到 (`/{org}/trainSign?actId=&sessionId=&type=1|2[&code=]`, spec §2, issue 23): the page the
 * session's QR opens on a phone. It signs the READER in (the reader account, never an
 * administrator's), shows the session and the reader's booking, and records the sign-in or
 * sign-out (`POST /v1/{org}/client/sign`) with a nonce kept for retries of the same attempt; the
 * result is shown in large Chinese text (CHECKIN_RESULTS).
 */
export default function TrainSignPage() {
  const { scope: org } = useScope();
  const link = useSignLink();
  const [signedIn, setSignedIn] = useState(!!readerClient.token.get(org));
  const [mustChange, setMustChange] = useState<string | null>(null);
  const signOut = useCallback(() => {
    readerClient.token.clear(org);
    setSignedIn(false);
  }, [org]);
  useEffect(() => {
    document.title = T.SIGN_TITLE[link.type];
  }, [link.type]);

  let body;
  if (!link.valid) body = <Alert type="error" showIcon message={T.BAD_LINK} />;
  else if (mustChange !== null) body = <ChangePassword org={org} oldPassword={mustChange} onDone={() => setMustChange(null)} />;
  else if (!signedIn)
    body = (
      <ReaderLogin
        org={org}
        onDone={(first, password) => {
          setSignedIn(true);
          if (first) setMustChange(password);
        }}
      />
    );
  else
    body = (
<SignPanel org={org} link={link} onSignedOut={signOut} />
    );
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5', padding: '16px 12px 32px', boxSizing: 'border-box' }} data-testid="train-sign-page">
      <div style={{ maxWidth: 480, margin: '0 auto' }}>
        <h1 style={{ fontSize: 22, margin: '4px 0 16px', textAlign: 'center' }}>{T.SIGN_TITLE[link.type]}</h1>
        {body}
      </div>
    </div>
  );
}

const panel = { background: '#fff', borderRadius: 12, padding: 16, marginBottom: 12 } as const;

function ReaderLogin({ org, onDone }: { org: string; onDone: (mustChange: boolean, password: string) => void }) {
  const [captcha, setCaptcha] = useState<CaptchaResponse>();
  const [round, setRound] = useState(0);
  const { busy, error, run } = useAction();
  const [form] = Form.useForm();
  useEffect(() => {
    readerClient.call<CaptchaResponse>(org, 'POST', '/login/verificationCode').then(setCaptcha, () => undefined);
  }, [org, round]);
  const submit = (v: { account: string; password: string; code?: string }) =>
    run(
      async () => {
        const data = await readerClient.call<{ access_token: string; must_change_password?: boolean }>(org, 'POST', '/login', { account: v.account, password: v.password, key: captcha?.key ?? '', code: v.code ?? '' });
        readerClient.token.set(org, data.access_token);
        onDone(!!data.must_change_password, v.password);
      },
      () => {
        // a used code is void: a new picture
        form.setFieldValue('code', '');
        setRound((r) => r + 1);
      },
    );
  return (
    <div style={panel}>
      <h2 style={{ fontSize: 18, margin: '0 0 4px' }}>{T.READER_LOGIN}</h2>
      <p style={{ color: '#8c8c8c', margin: '0 0 16px' }}>{T.READER_LOGIN_HINT}</p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} size="large">
        <Form.Item name="account" label={T.ACCOUNT} rules={[{ required: true, message: `请输入${T.ACCOUNT}` }]}>
          <Input autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={T.PASSWORD} rules={[{ required: true, message: `请输入${T.PASSWORD}` }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item label={T.CAPTCHA} style={{ marginBottom: 24 }}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Form.Item name="code" noStyle>
              <Input maxLength={16} style={{ flex: 1 }} aria-label={T.CAPTCHA} />
            </Form.Item>
            <button type="button" onClick={() => setRound((r) => r + 1)} title={T.CAPTCHA_REFRESH} aria-label={T.CAPTCHA_REFRESH} style={{ padding: 0, border: 'none', background: 'none', height: 40 }}>
              {captcha ? <img src={captcha.image} alt={T.CAPTCHA} style={{ height: 40, width: 120 }} /> : <span style={{ display: 'inline-block', width: 120 }} />}
            </button>
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {T.LOGIN}
        </Button>
      </Form>
    </div>
  );
}

function ChangePassword({ org, oldPassword, onDone }: { org: string; oldPassword: string; onDone: () => void }) {
  const { busy, error, run } = useAction();
  const submit = (v: { password: string }) =>
    run(async () => {
      await readerClient.call(org, 'PUT', '/me/password', { old_password: oldPassword, password: v.password });
      onDone();
    });
  return (
    <div style={panel}>
      <h2 style={{ fontSize: 18, margin: '0 0 16px' }}>{T.CHANGE_PASSWORD}</h2>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={submit} size="large">
        <Form.Item name="password" label={T.NEW_PASSWORD} rules={[{ required: true, message: `请输入${T.NEW_PASSWORD}` }]}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {T.SAVE_AND_CONTINUE}
        </Button>
      </Form>
    </div>
  );
}

/** The reader's position for a geofenced session (WGS-84), or null when the browser gives none. */
function position(): Promise<{ lng: number; lat: number } | null> {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lng: p.coords.longitude, lat: p.coords.latitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 },
    ),
  );
}

function SignPanel({ org, link, onSignedOut }: { org: string; link: ReturnType<typeof useSignLink>; onSignedOut: () => void }) {
  const [info, setInfo] = useState<SignInfo | null>(null);
  const [loadError, setLoadError] = useState('');
  const [answer, setAnswer] = useState<SignAnswer | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  /** The nonce of the attempt under way: a retry after a lost answer sends it again, so the scan counts once. */
  const nonce = useRef<string | null>(null);
  const tried = useRef(false);

  useEffect(() => {
    readerClient
      .call<SignInfo>(org, 'GET', `/sign/session?actId=${link.actId}&sessionId=${link.sessionId}`)
      .then(setInfo)
      .catch((e: SubjectApiError) => (e.status === 401 ? onSignedOut() : setLoadError(e.message)));
  }, [org, link.actId, link.sessionId, onSignedOut]);

  const sign = useCallback(async () => {
    setBusy(true);
    setFailure('');
    nonce.current ??= newNonce();
    try {
      const geofence = !!info?.needs_position;
      const where = geofence ? await position() : null;
      if (geofence && !where) {
        setFailure(T.LOCATION_DENIED);
        return;
      }
      const body = { actId: link.actId, sessionId: link.sessionId, type: link.type, nonce: nonce.current, ...(link.code ? { code: link.code } : {}), ...(where ?? {}) };
      const got = await readerClient.call<SignAnswer>(org, 'POST', '/sign', body);
      nonce.current = null; // answered: the next attempt is a new one
      setAnswer(got);
    } catch (e) {
      const err = e as SubjectApiError;
      if (err.status === 401) return onSignedOut();
      if (err.status) nonce.current = null; // refused by the server: a new attempt next time
      setFailure(err.status ? err.message : T.NETWORK_RETRY);
    } finally {
      setBusy(false);
    }
  }, [org, link, info, onSignedOut]);

  // The scan itself is the request to sign in: one automatic attempt once the session is read.
  useEffect(() => {
    if (info && !tried.current) {
      tried.current = true;
      void sign();
    }
  }, [info, sign]);

  if (loadError)
    return (
      <div style={panel}>
        <Alert type="error" showIcon message={loadError} />
      </div>
    );
  if (!info)
    return (
      <div style={{ ...panel, textAlign: 'center' }}>
        <Spin tip={T.LOADING}>
          <div style={{ height: 80 }} />
        </Spin>
      </div>
    );
  const s = info.session;
  const mine = info.mine;
  const at = answer ? (link.type === 1 ? answer.checked_in_at : answer.checked_out_at) : null;
  return (
    <>
      <div style={panel}>
        <div style={{ fontSize: 18, fontWeight: 600 }}>{info.activity?.title}</div>
        {s?.title && s.title !== info.activity?.title && <div style={{ fontSize: 16, marginTop: 4 }}>{s.title}</div>}
        {s && <div style={{ color: '#595959', marginTop: 8 }}>{`${T.TIME}：${sessionTimeText(s)}`}</div>}
        {s && (s.venue_name || s.address) && <div style={{ color: '#595959' }}>{`${T.VENUE}：${[s.venue_name, s.address].filter(Boolean).join(' ')}`}</div>}
        {s?.speaker && <div style={{ color: '#595959' }}>{`${T.SPEAKER}：${s.speaker}`}</div>}
        <div style={{ color: '#595959', marginTop: 8 }}>
          {`${T.MY_RESERVATION}：`}
          {mine ? `${RESERVATION_STATUS[mine.status as keyof typeof RESERVATION_STATUS] ?? mine.status}${mine.seats ? `（${T.SEATS(mine.seats)}）` : ''}` : T.NO_RESERVATION}
        </div>
      </div>
      <div style={{ ...panel, textAlign: 'center', padding: '28px 16px' }} aria-live="polite">
        {answer ? (
          <>
            <div data-testid="sign-result" data-result={answer.result} style={{ fontSize: 32, lineHeight: 1.3, fontWeight: 700, color: colourOf(answer.result) }}>
              {CHECKIN_RESULTS[answer.result] ?? answer.message}
            </div>
            {at ? <div style={{ marginTop: 12, color: '#595959' }}>{T.SIGNED_AT(link.type, chinaDateTime(at))}</div> : null}
          </>
        ) : failure ? (
          <div data-testid="sign-result" data-result="error" style={{ fontSize: 24, lineHeight: 1.4, fontWeight: 700, color: '#cf1322' }}>
            {failure}
          </div>
        ) : (
          <Spin />
        )}
        {(failure || (answer && !OK_RESULTS.includes(answer.result) && !SOFT_RESULTS.includes(answer.result) && answer.result !== 'code_expired')) && (
          <Button type="primary" size="large" block style={{ marginTop: 20 }} loading={busy} onClick={() => void sign()}>
            {failure ? T.RETRY : T.SIGN_BUTTON[link.type]}
          </Button>
        )}
      </div>
      <div style={{ textAlign: 'center' }}>
        <Button type="link" onClick={onSignedOut}>
          {T.SIGN_OUT_ACCOUNT}
        </Button>
      </div>
    </>
  );
}
