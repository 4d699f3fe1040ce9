import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { READER_TEXTS as R } from '../shared/readerClient';
import { useReaderGate, useReaderPasswordChange, useReaderSignIn } from '../shared/readerAttempt';
import { H5Page, WriteOutcome } from './H5Page';
import { H5_TEXTS as T } from './texts';

/**
 * The reader's sign-in and first password change in antd-mobile (the logic is the QR pages' own,
 * shared/readerAttempt.ts; no antd in the reader app); done once the gate lets the reader through.
 */
export default function SignIn({ org, onSignedIn }: { org: string; onSignedIn: () => void }) {
  const gate = useReaderGate(org);
  useEffect(() => {
    if (gate.stage === 'through') onSignedIn();
  }, [gate.stage, onSignedIn]);
  return (
    <H5Page title={T.appTitle} testId="h5-sign-in">
      {gate.stage === 'change' ? <ChangePassword org={org} oldPassword={gate.oldPassword} onDone={gate.changed} /> : gate.stage === 'signIn' ? <SignInForm org={org} onDone={gate.signedInAs} /> : null}
    </H5Page>
  );
}

const submitted = (run: () => void) => (e: FormEvent) => {
  e.preventDefault();
  run();
};

function SignInForm({ org, onDone }: { org: string; onDone: (mustChange: boolean, password: string) => void }) {
  const { captcha, refresh, busy, error, signIn } = useReaderSignIn(org, onDone);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState('');
  const go = () => {
    const empty = !account.trim() ? R.account : !password ? R.password : '';
    setMissing(empty && `请输入${empty}`);
    if (!empty) void signIn({ account: account.trim(), password, code }, () => setCode(''));
  };
  return (
    <form className="h5-panel h5-form" aria-label={R.readerLogin} onSubmit={submitted(go)}>
      <h2>{R.readerLogin}</h2>
      <p className="h5-muted">{T.signInHint}</p>
      <WriteOutcome failure={missing || error} />
      <label htmlFor="h5-account">{R.account}</label>
      <input id="h5-account" className="h5-input" autoComplete="username" maxLength={64} value={account} onChange={(e) => setAccount(e.target.value)} />
      <label htmlFor="h5-password">{R.password}</label>
      <input id="h5-password" className="h5-input" type="password" autoComplete="current-password" maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />
      <label htmlFor="h5-captcha">{R.captcha}</label>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input id="h5-captcha" className="h5-input" style={{ flex: 1 }} maxLength={16} value={code} onChange={(e) => setCode(e.target.value)} />
        <button type="button" onClick={refresh} aria-label={R.captchaRefresh} style={{ padding: 0, border: 'none', background: 'none', minHeight: 44 }}>
          {captcha ? <img src={captcha.image} alt={R.captcha} style={{ height: 40, width: 120 }} /> : <span style={{ display: 'inline-block', width: 120 }} />}
        </button>
      </div>
      <Button type="submit" block size="large" color="primary" loading={busy} style={{ marginTop: 16 }}>
        {R.login}
      </Button>
    </form>
  );
}

function ChangePassword({ org, oldPassword, onDone }: { org: string; oldPassword: string; onDone: () => void }) {
  const { busy, error, change } = useReaderPasswordChange(org, oldPassword, onDone);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState('');
  const go = () => {
    setMissing(password ? '' : `请输入${R.newPassword}`);
    if (password) void change(password);
  };
  return (
    <form className="h5-panel h5-form" aria-label={R.changePassword} onSubmit={submitted(go)}>
      <h2>{R.changePassword}</h2>
      <WriteOutcome failure={missing || error} />
      <label htmlFor="h5-new-password">{R.newPassword}</label>
      <input id="h5-new-password" className="h5-input" type="password" autoComplete="new-password" maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" block size="large" color="primary" loading={busy} style={{ marginTop: 16 }}>
        {R.saveAndContinue}
      </Button>
    </form>
  );
}
