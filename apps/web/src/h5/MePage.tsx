import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, List } from 'antd-mobile';
import { readerClient } from '../shared/readerClient';
import { useReaderAttempt } from '../shared/readerAttempt';
import { useReaderRead, useReaderSession } from './reader';
import { H5Form, H5Page } from './H5Page';
import { H5_ME_PAGES } from './kinds';
import { H5_TEXTS as T } from './texts';

interface Profile {
  account: string;
  real_name: string;
  phone: string;
  academic_num: string;
  unit: string;
}

/** What the reader may change of the profile (`PUT /client/me`, readerProfileSchema); the account is the administrators'. */
const EDITABLE = [
  { key: 'real_name', label: T.realName, max: 50, type: 'text' },
  { key: 'phone', label: T.phone, max: 20, type: 'tel' },
  { key: 'academic_num', label: T.academicNum, max: 64, type: 'text' },
  { key: 'unit', label: T.unit, max: 100, type: 'text' },
] as const;
type Editable = (typeof EDITABLE)[number]['key'];

/** The profile form: the server's refusal (naming the field) shown as it is; saved, the profile is read again. */
function ProfileForm({ profile, onSaved, onCancel }: { profile: Profile; onSaved: () => void; onCancel: () => void }) {
  const { org, signOut } = useReaderSession();
  const [values, setValues] = useState<Record<Editable, string>>(() => Object.fromEntries(EDITABLE.map((f) => [f.key, profile[f.key] ?? ''])) as Record<Editable, string>);
  const send = useCallback(() => readerClient.call<Profile>(org, 'PUT', '/me', values), [org, values]);
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (answer) onSaved();
  }, [answer, onSaved]);
  return (
    <H5Form label={T.profile} failure={failure} busy={busy} submitText={T.save} cancelText={T.cancel} onSubmit={() => void attempt()} onCancel={onCancel}>
      {EDITABLE.map((f) => (
        <div key={f.key}>
          <label htmlFor={`h5-me-${f.key}`}>{f.label}</label>
          <input id={`h5-me-${f.key}`} className="h5-input" type={f.type} maxLength={f.max} value={values[f.key]} onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))} />
        </div>
      ))}
    </H5Form>
  );
}

/** 我的: the profile (`GET /client/me`, edited through `PUT /client/me`), the reader's own records, signing out. */
export function MePage() {
  const { org, signOut } = useReaderSession();
  const { data, error, reload } = useReaderRead<Profile>('/me');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const onSaved = useCallback(() => {
    setEditing(false);
    setSaved(true);
    reload();
  }, [reload]);
  const entries = [
    { to: 'scan', label: T.scan },
    { to: 'me/activities', label: T.myActivities },
    ...H5_ME_PAGES.filter((p) => p.label).map((p) => ({ to: `me/${p.path}`, label: p.label! })),
    { to: 'me/certificates', label: T.myCertificates },
    { to: 'redpack', label: T.myRedpacks },
    { to: 'points', label: T.myPoints },
  ];
  return (
    <H5Page title={T.mine} testId="h5-me" error={error} loading={!data}>
      {data && (
        <section className="h5-panel" aria-labelledby="h5-me-profile">
          <h2 id="h5-me-profile">{T.profile}</h2>
          {saved && !editing && (
            <p role="status" className="h5-ok">
              {T.saved}
            </p>
          )}
          {editing ? (
            <ProfileForm profile={data} onSaved={onSaved} onCancel={() => setEditing(false)} />
          ) : (
            <>
              <List>
                <List.Item extra={data.account}>{T.account}</List.Item>
                {EDITABLE.map((f) => (
                  <List.Item key={f.key} extra={data[f.key] || '—'}>
                    {f.label}
                  </List.Item>
                ))}
              </List>
              <Button
                block
                size="large"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                {T.edit}
              </Button>
            </>
          )}
        </section>
      )}
      <nav className="h5-panel" aria-label={T.mine}>
        <ul className="h5-entries">
          {entries.map((e) => (
            <li key={e.to}>
              <Link className="h5-link" to={`/${org}/h5/${e.to}`}>
                {e.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Button block size="large" onClick={signOut}>
        {T.signOut}
      </Button>
    </H5Page>
  );
}
