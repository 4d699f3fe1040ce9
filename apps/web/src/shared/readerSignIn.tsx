import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import type { CaptchaResponse } from '@huodong/domain/api';
import { newNonce, READER_TEXTS, readerClient } from './readerClient';
import type { SubjectApiError } from './subjectClient';
import { useAction } from './useAction';

/**
 * The reader's sign-in on a phone (the reader app's, h5/SignIn.tsx): the page's frame, the sign-in
 * form and the first password's change, the panel they are drawn in; `useReaderAttempt` for a
 * reader's write. The reader's client and texts: shared/readerClient.ts.
 */

const T = READER_TEXTS;

export const readerPanel: CSSProperties = { background: '#fff', borderRadius: 12, padding: 16, marginBottom: 12 };
/** The colours of a result in large text: done, already done, refused. */
export const RESULT_COLOUR = { ok: '#389e0d', soft: '#d46b08', refused: '#cf1322' } as const;

/** A phone page opened from a QR: grey ground, one column, its one h1. */
export function ReaderPage({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5', padding: '16px 12px 32px', boxSizing: 'border-box' }} data-testid={testId}>
      <div style={{ maxWidth: 480, margin: '0 auto' }}>
        <h1 style={{ fontSize: 22, margin: '4px 0 16px', textAlign: 'center' }}>{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * Until the reader is signed in (the reader account, never an administrator's): the sign-in form,
 * then the first password's change when the server asks for it; then `children(signOut)`.
 */
export function ReaderGate({ org, hint, children }: { org: string; hint: string; children: (signOut: () => void) => ReactNode }) {
  const [signedIn, setSignedIn] = useState(!!readerClient.token.get(org));
  const [mustChange, setMustChange] = useState<string | null>(null);
  const signOut = useCallback(() => {
    readerClient.token.clear(org);
    setSignedIn(false);
  }, [org]);
  if (mustChange !== null) return <ChangePassword org={org} oldPassword={mustChange} onDone={() => setMustChange(null)} />;
  if (!signedIn)
    return (
      <ReaderLogin
        org={org}
        hint={hint}
        onDone={(first, password) => {
          setSignedIn(true);
          if (first) setMustChange(password);
        }}
      />
    );
  return <>{children(signOut)}</>;
}

export function ReaderLogin({ org, hint, onDone }: { org: string; hint: string; onDone: (mustChange: boolean, password: string) => void }) {
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
    <div style={readerPanel}>
      <h2 style={{ fontSize: 18, margin: '0 0 4px' }}>{T.readerLogin}</h2>
      <p style={{ color: '#595959', margin: '0 0 16px' }}>{hint}</p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} size="large">
        <Form.Item name="account" label={T.account} rules={[{ required: true, message: `请输入${T.account}` }]}>
          <Input autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={T.password} rules={[{ required: true, message: `请输入${T.password}` }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item label={T.captcha} style={{ marginBottom: 24 }}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Form.Item name="code" noStyle>
              <Input maxLength={16} style={{ flex: 1 }} aria-label={T.captcha} />
            </Form.Item>
            <button type="button" onClick={() => setRound((r) => r + 1)} title={T.captchaRefresh} aria-label={T.captchaRefresh} style={{ padding: 0, border: 'none', background: 'none', height: 40 }}>
              {captcha ? <img src={captcha.image} alt={T.captcha} style={{ height: 40, width: 120 }} /> : <span style={{ display: 'inline-block', width: 120 }} />}
            </button>
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {T.login}
        </Button>
      </Form>
    </div>
  );
}

export function ChangePassword({ org, oldPassword, onDone }: { org: string; oldPassword: string; onDone: () => void }) {
  const { busy, error, run } = useAction();
  const submit = (v: { password: string }) =>
    run(async () => {
      await readerClient.call(org, 'PUT', '/me/password', { old_password: oldPassword, password: v.password });
      onDone();
    });
  return (
    <div style={readerPanel}>
      <h2 style={{ fontSize: 18, margin: '0 0 16px' }}>{T.changePassword}</h2>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={submit} size="large">
        <Form.Item name="password" label={T.newPassword} rules={[{ required: true, message: `请输入${T.newPassword}` }]}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {T.saveAndContinue}
        </Button>
      </Form>
    </div>
  );
}

/**
 * One reader's write opened by a QR (a check-in, a scan), tried once by itself when `ready`, again
 * on the button: `send` gets the nonce of the attempt under way (a retry after a lost answer sends
 * it again, so the write counts once; a new one after an answer or a refusal) and gives the answer,
 * or a text why it was not sent (the same attempt next time). 401 signs the reader out.
 */
export function useReaderAttempt<A extends object>(send: (nonce: string) => Promise<A | string>, onSignedOut: () => void, ready = true) {
  const [answer, setAnswer] = useState<A | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const nonce = useRef<string | null>(null);
  const tried = useRef(false);
  const attempt = useCallback(async () => {
    setBusy(true);
    setFailure('');
    nonce.current ??= newNonce();
    try {
      const got = await send(nonce.current);
      if (typeof got === 'string') return setFailure(got);
      nonce.current = null; // answered: the next attempt is a new one
      setAnswer(got);
    } catch (e) {
      const err = e as SubjectApiError;
      if (err.status === 401) return onSignedOut();
      if (err.status) nonce.current = null; // refused by the server: a new attempt next time
      setFailure(err.status ? err.message : READER_TEXTS.networkRetry);
    } finally {
      setBusy(false);
    }
  }, [send, onSignedOut]);
  useEffect(() => {
    if (ready && !tried.current) {
      tried.current = true;
      void attempt();
    }
  }, [ready, attempt]);
  return { answer, failure, busy, attempt };
}
