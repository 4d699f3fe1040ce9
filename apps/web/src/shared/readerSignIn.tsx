import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { READER_TEXTS } from './readerClient';
import { useReaderGate, useReaderPasswordChange, useReaderSignIn } from './readerAttempt';

/**
 * What the reader's pages opened from a QR on a phone share (the sign-in page `trainSign`, the
 * scan page `scan`): the page's frame, the reader's sign-in form and the first password's change,
 * the panel they are drawn in, in antd. The logic (and the reader's writes) is in
 * shared/readerAttempt.ts, which the reader app (antd-mobile) uses too; the reader's client and
 * texts: shared/readerClient.ts.
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
  const gate = useReaderGate(org);
  if (gate.stage === 'change') return <ChangePassword org={org} oldPassword={gate.oldPassword} onDone={gate.changed} />;
  if (gate.stage === 'signIn') return <ReaderLogin org={org} hint={hint} onDone={gate.signedInAs} />;
  return <>{children(gate.signOut)}</>;
}

export function ReaderLogin({ org, hint, onDone }: { org: string; hint: string; onDone: (mustChange: boolean, password: string) => void }) {
  const { captcha, refresh, busy, error, signIn } = useReaderSignIn(org, onDone);
  const [form] = Form.useForm();
  const submit = (v: { account: string; password: string; code?: string }) => signIn(v, () => form.setFieldValue('code', ''));
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
            <button type="button" onClick={refresh} title={T.captchaRefresh} aria-label={T.captchaRefresh} style={{ padding: 0, border: 'none', background: 'none', height: 40 }}>
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
  const { busy, error, change } = useReaderPasswordChange(org, oldPassword, onDone);
  return (
    <div style={readerPanel}>
      <h2 style={{ fontSize: 18, margin: '0 0 16px' }}>{T.changePassword}</h2>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={(v: { password: string }) => change(v.password)} size="large">
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
