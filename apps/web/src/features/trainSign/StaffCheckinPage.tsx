import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Empty, Flex, Input, Segmented, Select, Space, Tag } from 'antd';
import { CHECKIN_RESULTS, formatSeconds, OFFLINE_LIMITS, sessionTimeText, type CheckinResult } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { api, isApiError, useApiQuery } from '../../shared/api';
import { idFromQuery } from '../../shared/idFromQuery';
import { PageLoading } from '../../shared/PageLoading';
import { useScope } from '../../shared/session';
import { newNonce } from '../../shared/readerClient';
import { qrDecoder } from '../../shared/qrDecode';
import * as T from './texts';

const QrCode = lazy(() => import('../../shared/QrCode'));

interface ScreenSession {
  id: number;
  title: string;
  speaker: string;
  start_at: number;
  end_at: number;
  address: string;
  capacity: number;
  taken: number;
  checked_in: number;
}
interface Screen {
  activity: { id: number; title: string; variant: number; checkin_mode: string; sign_out: number; rotating_code: number };
  items: ScreenSession[];
}
/** `POST /v1/{org}/checkin/redeem`: a refusal is still an answer (HTTP 200, `result` ≠ ok). */
interface Redeemed {
  result: CheckinResult;
  message?: string;
  reader?: { real_name?: string; account?: string } | null;
  seats?: number;
  companions?: { name: string }[] | string;
}
interface Shown extends Redeemed {
  at: number;
  secret: string;
}
interface SignCode {
  link: string;
  code: string | null;
  expires_at: number | null;
  rotating: boolean;
}

const OK_RESULTS: readonly string[] = ['ok', 'ok_out'];
const colourOf = (result: string) => (OK_RESULTS.includes(result) ? '#389e0d' : result.startsWith('already') ? '#d46b08' : '#cf1322');
/** Refusals a staff member may override (pretix's `force`: the time window). */
const FORCEABLE: readonly string[] = ['not_open', 'closed'];
const companionsText = (c: Redeemed['companions']) => (Array.isArray(c) ? c.map((x) => x.name).join('、') : (c ?? ''));

/** The session the screen opens on: the link's, else the one running or next, else the last. */
function pickSession(items: ScreenSession[], wanted: number | undefined): number | undefined {
  if (wanted && items.some((s) => s.id === wanted)) return wanted;
  const now = Date.now() / 1000;
  return (items.find((s) => s.end_at >= now) ?? items[items.length - 1])?.id;
}

/**
 * 现场签到 (`adminAct/adminOfflineCheckin?actID=[&sessionID=]`, issue 23): the staff's check-in
 * screen of one session. 扫描票码: the camera reads a reader's ticket QR (shared/qrDecode.ts: the
 * browser's BarcodeDetector or jsqr; a scanner gun or the typed code without a camera), each scan redeemed by
 * `POST /v1/{org}/checkin/redeem` with a nonce kept for retries, the result shown in large text
 * with the reader's name and seats. 签到大屏: the session's sign-in QR for readers to scan
 * (`GET …/signcode`, renewed while a rotating code is on), and the printable poster.
 */
export default function StaffCheckinPage() {
  const { scope: org } = useScope();
  const [params, setParams] = useSearchParams();
  const actId = idFromQuery(params.get('actID'));
  const screen = useApiQuery<Screen>(['offlineCheckinScreen'], actId ? `/v1/${org}/offline/${actId}/checkin-sessions` : null);
  const [mode, setMode] = useState<'scan' | 'screen'>('scan');
  const [type, setType] = useState<1 | 2>(1);
  const items = useMemo(() => screen.data?.items ?? [], [screen.data]);
  const sessionId = pickSession(items, idFromQuery(params.get('sessionID')));
  const session = items.find((s) => s.id === sessionId);

  if (!actId) return <Alert type="warning" showIcon message={T.NEED_SESSION} />;
  if (screen.isLoading) return <PageLoading />;
  if (!screen.data) return <Empty />;
  const act = screen.data.activity;
  const pick = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('sessionID', String(id));
    setParams(next, { replace: true });
  };
  return (
    <PagePanel testId="staff-checkin-page">
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        {items.length > 1 && (
          <Select
            style={{ minWidth: 320 }}
            value={sessionId}
            onChange={pick}
            options={items.map((s) => ({ value: s.id, label: `${s.title}（${sessionTimeText(s)}）` }))}
            aria-label="场次"
          />
        )}
        <Segmented<'scan' | 'screen'> value={mode} onChange={setMode} options={[{ value: 'scan', label: T.SCAN_TICKET }, { value: 'screen', label: T.BIG_SCREEN }]} />
        {!!act.sign_out && (
          <Segmented<1 | 2> value={type} onChange={setType} options={[{ value: 1, label: T.ENTRY }, { value: 2, label: T.EXIT }]} />
        )}
        {session && (
          <Button onClick={() => void api.download(`/v1/${org}/train/session/${session.id}/poster`, undefined, { filename: `签到海报-${session.id}.pdf` })}>{T.POSTER}</Button>
        )}
      </Flex>
      {session ? (
        <>
          <div style={{ color: '#595959', marginBottom: 16 }}>
            {`${session.title} · ${sessionTimeText(session)}${session.address ? ` · ${session.address}` : ''} · 已预约 ${session.taken}/${session.capacity} · 已签到 ${session.checked_in}`}
          </div>
          {mode === 'scan' ? <TicketScanner org={org} sessionId={session.id} type={type} /> : <SignScreen org={org} sessionId={session.id} type={type} />}
        </>
      ) : (
        <Empty />
      )}
    </PagePanel>
  );
}

function TicketScanner({ org, sessionId, type }: { org: string; sessionId: number; type: 1 | 2 }) {
  const [code, setCode] = useState('');
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [failure, setFailure] = useState('');
  const [history, setHistory] = useState<Shown[]>([]);
  /** The attempt under way (secret → nonce): a retry after a lost answer sends the same nonce. */
  const pending = useRef<{ secret: string; nonce: string } | null>(null);

  const redeem = useCallback(
    async (secret: string, forced = force) => {
      const trimmed = secret.trim();
      if (!trimmed || busy) return;
      if (pending.current?.secret !== trimmed) pending.current = { secret: trimmed, nonce: newNonce() };
      setBusy(true);
      setFailure('');
      try {
        const got = await api.post<Redeemed>(
          `/v1/${org}/checkin/redeem`,
          { secret: trimmed, session_id: sessionId, type: type === 1 ? 'entry' : 'exit', nonce: pending.current.nonce, ...(forced ? { force: true } : {}) },
          { silent: true },
        );
        pending.current = null;
        const row = { ...got, at: Date.now(), secret: trimmed };
        setShown(row);
        setHistory((h) => [row, ...h].slice(0, 20));
        setCode('');
      } catch (e) {
        const network = isApiError(e) && e.status === 0;
        if (!network) pending.current = null;
        setFailure(network ? '网络异常，请重试' : (e as Error).message || '核销失败');
      } finally {
        setBusy(false);
      }
    },
    [org, sessionId, type, force, busy],
  );

  return (
    <Flex gap={24} wrap align="flex-start">
      <div style={{ flex: '1 1 360px', maxWidth: 520 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            size="large"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void redeem(code)}
            placeholder={T.TICKET_PLACEHOLDER}
            aria-label={T.TICKET_CODE}
            autoFocus
            maxLength={64}
          />
          <Button size="large" type="primary" loading={busy} onClick={() => void redeem(code)}>
            {T.REDEEM}
          </Button>
        </Space.Compact>
        <Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} style={{ marginTop: 8 }}>
          {T.FORCE}
        </Checkbox>
        <Camera onCode={(value) => void redeem(value)} />
      </div>
      <div style={{ flex: '1 1 360px', minHeight: 180, border: '1px solid #f0f0f0', borderRadius: 12, padding: 24, textAlign: 'center' }} aria-live="polite">
        {failure ? (
          <div data-testid="redeem-result" data-result="error" style={{ fontSize: 32, fontWeight: 700, color: '#cf1322' }}>
            {failure}
          </div>
        ) : shown ? (
          <>
            <div data-testid="redeem-result" data-result={shown.result} style={{ fontSize: 40, lineHeight: 1.3, fontWeight: 700, color: colourOf(shown.result) }}>
              {CHECKIN_RESULTS[shown.result] ?? shown.message}
            </div>
            {shown.reader && <div style={{ fontSize: 28, marginTop: 12 }}>{[shown.reader.real_name, shown.reader.account].filter(Boolean).join(' ')}</div>}
            {shown.seats ? <div style={{ fontSize: 22, marginTop: 8 }}>{`${shown.seats} 个座位`}</div> : null}
            {companionsText(shown.companions) && <div style={{ fontSize: 18, marginTop: 4, color: '#595959' }}>{`${T.COMPANIONS}：${companionsText(shown.companions)}`}</div>}
            {FORCEABLE.includes(shown.result) && (
              <Button danger style={{ marginTop: 16 }} onClick={() => void redeem(shown.secret, true)}>
                {T.FORCE}
              </Button>
            )}
          </>
        ) : (
          <Empty description={T.TICKET_PLACEHOLDER} />
        )}
      </div>
      {history.length > 0 && (
        // Plain markup, not antd List (its pagination and grid would push the page over its first-load budget).
        <section style={{ flex: '1 1 100%' }} aria-label={T.HISTORY}>
          <div style={{ fontWeight: 600, padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>{T.HISTORY}</div>
          {history.map((h) => (
            <div key={`${h.at}-${h.secret}`} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
              <Space>
                <Tag color={OK_RESULTS.includes(h.result) ? 'green' : h.result.startsWith('already') ? 'orange' : 'red'}>{CHECKIN_RESULTS[h.result] ?? h.message}</Tag>
                <span>{h.reader ? [h.reader.real_name, h.reader.account].filter(Boolean).join(' ') : h.secret}</span>
                <span style={{ color: '#8c8c8c' }}>{formatSeconds(Math.floor(h.at / 1000)).slice(11)}</span>
              </Space>
            </div>
          ))}
        </section>
      )}
    </Flex>
  );
}

/** The camera reading ticket QR codes (a value read again within 3 s is the same scan). */
function Camera({ onCode }: { onCode: (value: string) => void }) {
  const [on, setOn] = useState(false);
  const [error, setError] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const supported = typeof window !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = { value: '', at: 0 };
    let timer = 0;
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const value = await (await qrDecoder()).read(video.current);
        if (value && (value !== last.value || Date.now() - last.at > 3000)) {
          last = { value, at: Date.now() };
          onCode(value);
        }
      } catch {
        // a frame not ready yet
      }
      timer = window.setTimeout(() => void tick(), 300);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return s.getTracks().forEach((t) => t.stop());
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        setError(T.CAMERA_DENIED);
        setOn(false);
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [on, onCode]);
  if (!supported) return <Alert style={{ marginTop: 12 }} type="info" showIcon message={T.CAMERA_UNSUPPORTED} />;
  return (
    <div style={{ marginTop: 12 }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
      <Button onClick={() => setOn((v) => !v)}>{on ? T.CAMERA_STOP : T.CAMERA_START}</Button>
      {on && <video ref={video} muted playsInline style={{ display: 'block', width: '100%', marginTop: 8, borderRadius: 8, background: '#000' }} />}
    </div>
  );
}

/** 签到大屏: the session's sign-in QR, read again while a rotating code is on (a new code every 30 s). */
function SignScreen({ org, sessionId, type }: { org: string; sessionId: number; type: 1 | 2 }) {
  const box = useRef<HTMLDivElement>(null);
  const code = useApiQuery<SignCode>(['offlineSignCode'], `/v1/${org}/train/session/${sessionId}/signcode`, { type }, {
    refetchInterval: (q) => (q.state.data?.rotating ? 5_000 : false),
    refetchIntervalInBackground: true,
  });
  const full = () => void box.current?.requestFullscreen?.().catch(() => undefined);
  if (code.isLoading) return <PageLoading />;
  if (!code.data) return <Empty />;
  return (
    <div ref={box} style={{ background: '#fff', textAlign: 'center', padding: 24 }} data-testid="sign-screen">
      <div style={{ fontSize: 32, fontWeight: 700, marginBottom: 16 }}>{T.SCAN_TO_SIGN(type)}</div>
      <div style={{ display: 'inline-block' }}>
        <Suspense fallback={<div style={{ width: 360, height: 360 }} />}>
          <QrCode value={code.data.link} size={360} title={T.SCAN_TO_SIGN(type)} />
        </Suspense>
      </div>
      {code.data.rotating && <div style={{ fontSize: 18, color: '#595959', marginTop: 12 }}>{T.ROTATING_HINT(OFFLINE_LIMITS.rotatingCodeSeconds)}</div>}
      <div style={{ marginTop: 16 }}>
        <Button onClick={full}>{T.BIG_SCREEN}</Button>
      </div>
    </div>
  );
}
