import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { AUTHOR_FIELD_KEYS, AUTHOR_FIELDS, chinaDateTime, READER_EDITABLE, WORK_STATUS, wordLimitsOf, type AuthorField, type WorkConfig, type WorkStatus } from '@huodong/domain';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderList, useReaderRead, useReaderSession } from '../../reader';
import { H5Page, WriteOutcome } from '../../H5Page';
import { fileOfUrl, ReaderFilesInput, type ReaderFile } from '../../upload';
import { WORK_TEXTS as T } from './texts';

interface WorkSetup {
  type: number;
  config: WorkConfig;
  windows: { submit_start_at: number | null; submit_end_at: number | null; edit_until: number | null };
  mine: { works: number; left: number };
}
interface MyWork {
  id: number;
  title: string;
  content: string;
  link: string;
  media: string[];
  creation_type_id: number;
  creation_type_name: string;
  group_id: number | null;
  group_name: string;
  author: Partial<Record<AuthorField, string>>;
  pledge: number;
  status: WorkStatus;
  reason: string;
  work_no: string | null;
  award_level: string | null;
  submitted_at: number | null;
}
interface Draft {
  creation_type_id: number;
  group_id: number | null;
  title: string;
  content: string;
  link: string;
  files: ReaderFile[];
  author: Partial<Record<AuthorField, string>>;
  pledge: boolean;
}

const emptyDraft = (config: WorkConfig): Draft => ({ creation_type_id: config.creation_types[0].id, group_id: null, title: '', content: '', link: '', files: [], author: {}, pledge: false });
/** The status shown to the author, with the colour of its outcome. */
const statusClass = (s: WorkStatus) => (s === 'rejected' || s === 'disqualified' ? 'h5-refusal' : s === 'submitted' || s === 'draft' ? 'h5-muted' : 'h5-ok');

/**
 * Works contests (types 1 原创作品, 9 多类型原创; `kinds/works/readerRoutes.ts`): the reader's own
 * works with their review result (待审核, 已通过 with the number, 未通过 with the reason, the award),
 * a new work (the form the activity's configuration asks: creation type, group, text, files through
 * the reader upload, author fields, the pledge), saved as a draft or submitted, and a work edited
 * while the server allows it, or withdrawn (撤回, asked once more in place; the place it took is given
 * back). A write keeps its request id across retries (useReaderAttempt).
 */
export function WorksPage() {
  const { org, signOut } = useReaderSession();
  const id = useParams().id!;
  const setup = useReaderRead<WorkSetup>(`/activities/${id}/work-config`);
  const list = useReaderList<MyWork>(`/activities/${id}/works?mine=1`);
  const act = useReaderRead<{ title: string }>(`/activities/${id}`);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [editing, setEditing] = useState<MyWork | null>(null);
  // Which button started the attempt: read by `send` when it runs (a retry sends what the reader chose last).
  const submitRef = useRef(true);
  const [submit, setSubmit] = useState(true);
  const [done, setDone] = useState('');
  const config = setup.data?.config;

  const send = useCallback(
    (nonce: string) => {
      if (!draft) return Promise.resolve('');
      const body = {
        request_id: nonce,
        creation_type_id: draft.creation_type_id,
        group_id: draft.group_id,
        title: draft.title,
        content: draft.content,
        link: draft.link,
        media: draft.files.map((f) => f.url),
        author: draft.author,
        pledge: draft.pledge,
        submit: submitRef.current,
      };
      return editing ? readerClient.call<MyWork>(org, 'PUT', `/works/${editing.id}`, body) : readerClient.call<MyWork>(org, 'POST', `/activities/${id}/works`, body);
    },
    [org, id, draft, editing],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (!answer) return;
    setDone(answer.status === 'draft' ? T.drafted : T.submitted);
    setDraft(null);
    setEditing(null);
    list.reload();
    setup.reload();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  const write = (asSubmit: boolean) => {
    submitRef.current = asSubmit;
    setSubmit(asSubmit);
    setDone('');
    void attempt();
  };

  const startEdit = (w: MyWork) => {
    setDone('');
    setEditing(w);
    setDraft({ creation_type_id: w.creation_type_id, group_id: w.group_id, title: w.title, content: w.content, link: w.link, files: w.media.map(fileOfUrl), author: { ...w.author }, pledge: !!w.pledge });
  };
  const type = config && draft ? config.creation_types.find((t) => t.id === draft.creation_type_id) : undefined;
  const group = config && draft ? config.groups.find((g) => g.id === draft.group_id) : undefined;
  const words = type ? wordLimitsOf(type, group) : null;
  const set = (patch: Partial<Draft>) => setDraft((d) => d && { ...d, ...patch });
  const w = setup.data?.windows;
  /** The reader may still edit or withdraw it: a state before the review's end, and before the edit deadline (the server says so too). */
  const changeable = (x: MyWork) => READER_EDITABLE.includes(x.status) && !(w?.edit_until && Date.now() / 1000 >= w.edit_until);
  return (
    <H5Page title={act.data?.title ?? T.page} testId="h5-works" error={setup.error || list.error} loading={!setup.data || !list.items}>
      {setup.data && config && list.items && (
        <>
          <WriteOutcome failure={failure} done={done} />
          <section className="h5-panel" aria-label={T.mine}>
            <h2>{T.mine}</h2>
            {w && (w.submit_start_at || w.submit_end_at) && (
              <p className="h5-muted">
                {T.submitWindow}：{w.submit_start_at ? chinaDateTime(w.submit_start_at) : ''} 至 {w.submit_end_at ? chinaDateTime(w.submit_end_at) : ''}
              </p>
            )}
            {list.items.length === 0 && <p className="h5-muted">{T.none}</p>}
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.items.map((x) => (
                <li key={x.id} data-testid="h5-my-work" style={{ borderTop: '1px solid #f0f0f0', padding: '8px 0' }}>
                  <h3 style={{ fontSize: 16, margin: '0 0 4px' }}>{x.title}</h3>
                  <p className="h5-muted" style={{ margin: '0 0 4px' }}>
                    {x.creation_type_name}
                    {x.group_name ? ` · ${x.group_name}` : ''}
                    {x.work_no ? ` · ${T.workNo} ${x.work_no}` : ''}
                  </p>
                  <p className={statusClass(x.status)} style={{ margin: '0 0 4px', padding: '4px 8px' }}>
                    {T.status}：{WORK_STATUS[x.status]}
                    {x.award_level ? `（${T.award}：${x.award_level}）` : ''}
                  </p>
                  {x.reason && (
                    <p style={{ margin: '0 0 4px' }}>
                      {T.reason}：{x.reason}
                    </p>
                  )}
                  {changeable(x) && editing?.id !== x.id && (
                    <div className="h5-actions">
                      {config.user_upload === 1 && (
                        <Button size="middle" onClick={() => startEdit(x)} aria-label={`${T.edit} ${x.title}`}>
                          {T.edit}
                        </Button>
                      )}
                      <Withdraw
                        work={x}
                        onWithdrawn={() => {
                          setDone(T.withdrawn);
                          list.reload();
                          setup.reload();
                        }}
                      />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
          {config.user_upload !== 1 ? (
            <p className="h5-muted">{T.byAdmin}</p>
          ) : !draft ? (
            setup.data.mine.left > 0 ? (
              <Button block size="large" color="primary" onClick={() => (setDone(''), setDraft(emptyDraft(config)))}>
                {T.newWork}
              </Button>
            ) : (
              <p className="h5-muted">{T.noneLeft}</p>
            )
          ) : (
            <form
              className="h5-panel"
              aria-label={editing ? T.editing(editing.title) : T.newWork}
              onSubmit={(e) => {
                e.preventDefault();
              }}
            >
              <h2>{editing ? T.editing(editing.title) : T.newWork}</h2>
              {!editing && <p className="h5-muted">{T.left(setup.data.mine.left)}</p>}
              {config.creation_types.length > 1 && (
                <Field id="h5-work-type" label={T.creationType}>
                  <select id="h5-work-type" className="h5-input" value={draft.creation_type_id} onChange={(e) => set({ creation_type_id: Number(e.target.value), files: [] })}>
                    {config.creation_types.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              {config.groups.length > 0 && (
                <Field id="h5-work-group" label={T.group}>
                  <select id="h5-work-group" className="h5-input" value={draft.group_id ?? ''} onChange={(e) => set({ group_id: e.target.value ? Number(e.target.value) : null })}>
                    <option value="">{T.choose}</option>
                    {config.groups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              <Field id="h5-work-title" label={T.title}>
                <input id="h5-work-title" className="h5-input" value={draft.title} maxLength={50} onChange={(e) => set({ title: e.target.value })} />
              </Field>
              {words && words.max > 0 && (
                <Field id="h5-work-content" label={words.label} hint={words.min > 0 ? `${words.min}-${words.max}字` : `最多${words.max}字`}>
                  <textarea id="h5-work-content" className="h5-input" rows={type?.media === 'text' ? 8 : 3} value={draft.content} onChange={(e) => set({ content: e.target.value })} />
                </Field>
              )}
              {type && type.files_max > 0 && (
                <Field id="h5-work-files" label={T.files} hint={T.filesHint(type.formats.join('、'), type.files_min, type.files_max)}>
                  <ReaderFilesInput id="h5-work-files" files={draft.files} max={type.files_max} accept={type.formats.map((f) => `.${f}`).join(',')} onChange={(files) => set({ files })} />
                </Field>
              )}
              {AUTHOR_FIELD_KEYS.filter((k) => config.author_fields[k] !== 'hidden').map((k) => (
                <Field key={k} id={`h5-work-author-${k}`} label={config.author_fields[k] === 'required' ? `${AUTHOR_FIELDS[k]}（必填）` : AUTHOR_FIELDS[k]}>
                  <input
                    id={`h5-work-author-${k}`}
                    className="h5-input"
                    type={k === 'phone' ? 'tel' : 'text'}
                    value={draft.author[k] ?? ''}
                    onChange={(e) => set({ author: { ...draft.author, [k]: e.target.value } })}
                  />
                </Field>
              ))}
              {config.pledge.required === 1 && (
                <fieldset style={{ border: 'none', padding: 0, margin: '12px 0' }}>
                  <legend style={{ fontWeight: 600 }}>{T.pledge}</legend>
                  <p className="h5-muted" style={{ margin: '4px 0' }}>
                    {config.pledge.text}
                  </p>
                  <label style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 }}>
                    <input type="checkbox" style={{ width: 22, height: 22 }} checked={draft.pledge} onChange={(e) => set({ pledge: e.target.checked })} />
                    {T.pledgeAgree}
                  </label>
                </fieldset>
              )}
              <div style={{ display: 'flex', gap: 8, marginTop: 12, flexWrap: 'wrap' }}>
                <Button block size="large" onClick={() => (setDraft(null), setEditing(null))}>
                  {T.cancel}
                </Button>
                {(!editing || editing.status === 'draft' || editing.status === 'rejected') && (
                  <Button block size="large" loading={busy && !submit} onClick={() => write(false)}>
                    {T.saveDraft}
                  </Button>
                )}
                <Button block size="large" color="primary" loading={busy && submit} onClick={() => write(true)}>
                  {T.submit}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </H5Page>
  );
}

/**
 * 撤回 of one work (`POST /client/works/{wid}/withdraw`), asked once more in place (no overlay to
 * find on a small screen); the server's refusal (reviewed already, the edit deadline passed) shown
 * under it as it is.
 */
function Withdraw({ work, onWithdrawn }: { work: MyWork; onWithdrawn: () => void }) {
  const { org, signOut } = useReaderSession();
  const [asking, setAsking] = useState(false);
  const send = useCallback((nonce: string) => readerClient.call<MyWork>(org, 'POST', `/works/${work.id}/withdraw`, { request_id: nonce }), [org, work.id]);
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (answer) onWithdrawn();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  return (
    <>
      {asking ? (
        <div role="group" aria-label={T.withdrawConfirm(work.title)} className="h5-actions">
          <span>{T.withdrawConfirm(work.title)}</span>
          <Button onClick={() => setAsking(false)}>{T.keep}</Button>
          <Button
            loading={busy}
            onClick={() => {
              setAsking(false);
              void attempt();
            }}
          >
            {T.confirmWithdraw}
          </Button>
        </div>
      ) : (
        <Button size="middle" loading={busy} onClick={() => setAsking(true)} aria-label={`${T.withdraw} ${work.title}`}>
          {T.withdraw}
        </Button>
      )}
      <WriteOutcome failure={failure} />
    </>
  );
}

/** A labelled field of the form, with its hint under the label. */
function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, fontWeight: 600 }}>
        {label}
      </label>
      {hint && (
        <p className="h5-muted" style={{ margin: '0 0 6px', fontSize: 13 }}>
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}
