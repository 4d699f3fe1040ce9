import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { chinaDateTime, orderQuestions, questionNumbers, reachedQuestions, type SurveyAnswers, type SurveyOption, type SurveyQuestion } from '@huodong/domain';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page, WriteOutcome } from '../../H5Page';
import { fileOfUrl, ReaderFilesInput } from '../../upload';
import { SURVEY_TEXTS as T } from './texts';

type ReaderOption = SurveyOption & { full?: boolean };
type ReaderQuestion = Omit<SurveyQuestion, 'options'> & { options: ReaderOption[] };
interface Survey {
  activity: { id: number; title: string; profile: string; needs_access_code: boolean };
  version: number;
  questions: ReaderQuestion[];
  settings: { edit_after_submit: number; resume_draft: number; anonymous: number; total_left: number | null };
  mine: {
    submitted: number;
    refusal: { code: number; message: string } | null;
    draft: { version: number; answers: SurveyAnswers; started_at: number | null; saved_at: number } | null;
    last: { response_id: number; version: number; answers: SurveyAnswers; submitted_at: number } | null;
  };
}
type Mode = 'draft' | 'submit' | 'edit';

const nowSec = () => Math.floor(Date.now() / 1000);

/**
 * Questionnaires (type 4, `kinds/survey/readerRoutes.ts`): the current version's questions in
 * order, each shown only while the show and jump logic the server declares reach it
 * (reachedQuestions, the rule the server checks with), a draft saved and resumed, the response
 * submitted, and the last response edited when the questionnaire allows it. A refusal (the gate,
 * the per-reader limit, a full option, a field's problem) is shown in the server's words.
 */
export function SurveyPage() {
  const { org, signOut } = useReaderSession();
  const id = useParams().id!;
  const { data, error, reload } = useReaderRead<Survey>(`/activities/${id}/survey`);
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  const [editing, setEditing] = useState(false);
  const [accessCode, setAccessCode] = useState('');
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const started = useRef<number | null>(null);
  const mode = useRef<Mode>('submit');
  const [done, setDone] = useState<Mode | null>(null);
  // The draft is resumed once, when the questionnaire is first read.
  const loaded = useRef(false);
  useEffect(() => {
    if (!data || loaded.current) return;
    loaded.current = true;
    if (data.mine.draft && data.mine.draft.version === data.version) {
      setAnswers(data.mine.draft.answers);
      setResumedAt(data.mine.draft.saved_at);
      started.current = data.mine.draft.started_at;
    }
  }, [data]);
  const ordered = useMemo(() => (data ? orderQuestions(data.questions) : []), [data]);
  const numbers = useMemo(() => questionNumbers(ordered), [ordered]);
  const reached = useMemo(() => reachedQuestions(ordered, answers), [ordered, answers]);

  const send = useCallback(
    (nonce: string) => {
      if (!data) return Promise.resolve('');
      // Only the answers of the questions the reader meets are sent.
      const kept = Object.fromEntries(reached.filter((q) => answers[String(q.id)] !== undefined).map((q) => [String(q.id), answers[String(q.id)]]));
      const version = mode.current === 'edit' && data.mine.last ? data.mine.last.version : data.version;
      const body = { request_id: nonce, version, answers: kept, ...(started.current ? { started_at: started.current } : {}), ...(accessCode ? { access_code: accessCode } : {}) };
      if (mode.current === 'draft') return readerClient.call<object>(org, 'PUT', `/activities/${id}/responses/draft`, body);
      if (mode.current === 'edit') return readerClient.call<object>(org, 'PUT', `/activities/${id}/responses/${data.mine.last!.response_id}`, body);
      return readerClient.call<object>(org, 'POST', `/activities/${id}/responses`, body);
    },
    [org, id, data, reached, answers, accessCode],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (!answer) return;
    setDone(mode.current);
    if (mode.current !== 'draft') {
      setEditing(false);
      setAnswers({});
      setResumedAt(null);
      started.current = null;
      reload();
    }
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  const go = (m: Mode) => {
    mode.current = m;
    setDone(null);
    void attempt();
  };
  const set = (qid: number, value: unknown) => {
    started.current ??= nowSec();
    setAnswers((a) => {
      const next = { ...a };
      if (value === undefined) delete next[String(qid)];
      else next[String(qid)] = value;
      return next;
    });
  };
  const startEdit = () => {
    if (!data?.mine.last) return;
    setDone(null);
    setAnswers(data.mine.last.answers);
    setEditing(true);
  };

  const refused = data?.mine.refusal && !editing;
  const canEdit = !!data?.mine.last && data.settings.edit_after_submit === 1;
  return (
    <H5Page title={data?.activity.title ?? T.page} testId="h5-survey" error={error} loading={!data}>
      {data && (
        <>
          {data.activity.profile && <p className="h5-muted">{data.activity.profile}</p>}
          {data.settings.anonymous === 1 && <p className="h5-muted">{T.anonymous}</p>}
          <WriteOutcome failure={failure} done={done && (done === 'draft' ? T.drafted : done === 'edit' ? T.edited : T.submitted)} />
          {refused && (
            <p role="alert" className="h5-refusal">
              {data.mine.refusal!.message}
            </p>
          )}
          {data.mine.last && !editing && (
            <div className="h5-panel">
              <p style={{ margin: '0 0 8px' }}>{T.submittedAt(chinaDateTime(data.mine.last.submitted_at))}</p>
              {canEdit && (
                <Button block size="large" onClick={startEdit}>
                  {T.editLast}
                </Button>
              )}
            </div>
          )}
          {(!refused || editing) && (
            <form
              aria-label={data.activity.title}
              onSubmit={(e) => {
                e.preventDefault();
              }}
            >
              {resumedAt && !editing && <p className="h5-muted">{T.resumed(chinaDateTime(resumedAt))}</p>}
              {reached.map((q) => (
                <Question key={q.id} q={q} no={numbers.get(q.id)} value={answers[String(q.id)]} onChange={(v) => set(q.id, v)} />
              ))}
              {data.activity.needs_access_code && !editing && (
                <div className="h5-panel">
                  <label htmlFor="h5-survey-code" style={{ display: 'block', marginBottom: 6 }}>
                    {T.accessCode}
                  </label>
                  <input id="h5-survey-code" className="h5-input" value={accessCode} onChange={(e) => setAccessCode(e.target.value)} />
                </div>
              )}
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                {editing ? (
                  <>
                    <Button block size="large" onClick={() => (setEditing(false), setAnswers({}))}>
                      {T.cancelEdit}
                    </Button>
                    <Button block size="large" color="primary" loading={busy} onClick={() => go('edit')}>
                      {T.saveEdit}
                    </Button>
                  </>
                ) : (
                  <>
                    {data.settings.resume_draft === 1 && (
                      <Button block size="large" loading={busy && mode.current === 'draft'} onClick={() => go('draft')}>
                        {T.saveDraft}
                      </Button>
                    )}
                    <Button block size="large" color="primary" loading={busy && mode.current === 'submit'} onClick={() => go('submit')}>
                      {T.submit}
                    </Button>
                  </>
                )}
              </div>
            </form>
          )}
        </>
      )}
    </H5Page>
  );
}

const optionLabel = (o: ReaderOption) => `${o.text}${o.full ? T.full : ''}`;
const box = { width: 22, height: 22, flex: 'none' } as const;
const choiceRow = { display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 } as const;

/** One question as its type asks (answer shapes: domain `answerProblems`). */
function Question({ q, no, value, onChange }: { q: ReaderQuestion; no: number | undefined; value: unknown; onChange: (v: unknown) => void }) {
  const title = `${no ? `${T.numbered(no)} ` : ''}${q.title}`;
  const name = `h5-q-${q.id}`;
  if (q.type === 'description')
    return (
      <section className="h5-panel">
        <h2>{q.title}</h2>
        {q.description && <p className="h5-muted">{q.description}</p>}
      </section>
    );
  const legend = (
    <legend style={{ fontWeight: 600, padding: 0, marginBottom: 6 }}>
      {title}
      {q.is_required ? <span>{T.required}</span> : null}
    </legend>
  );
  const hint = q.description ? <p className="h5-muted" style={{ margin: '0 0 6px' }}>{q.description}</p> : null;
  const obj = (value ?? {}) as { option?: string; options?: string[]; other?: string };
  const otherInput = (picked: ReaderOption | undefined) =>
    picked?.is_other ? <input aria-label={`${picked.text}${T.other}`} className="h5-input" value={obj.other ?? ''} onChange={(e) => onChange({ ...obj, other: e.target.value })} /> : null;

  let body: ReactNode;
  switch (q.type) {
    case 'single':
    case 'dropdown':
      body = (
        <>
          {q.options.map((o) => (
            <label key={o.id} style={choiceRow}>
              <input type="radio" name={name} style={box} disabled={o.full} checked={obj.option === o.id} onChange={() => onChange({ option: o.id })} />
              {optionLabel(o)}
            </label>
          ))}
          {otherInput(q.options.find((o) => o.id === obj.option))}
        </>
      );
      break;
    case 'multiple': {
      const ids = obj.options ?? [];
      const flip = (o: ReaderOption) => {
        const next = ids.includes(o.id) ? ids.filter((x) => x !== o.id) : o.is_exclusive ? [o.id] : [...ids.filter((x) => !q.options.find((p) => p.id === x)?.is_exclusive), o.id];
        onChange(next.length ? { ...obj, options: next } : undefined);
      };
      body = (
        <>
          {q.options.map((o) => (
            <label key={o.id} style={choiceRow}>
              <input type="checkbox" style={box} disabled={o.full && !ids.includes(o.id)} checked={ids.includes(o.id)} onChange={() => flip(o)} />
              {optionLabel(o)}
            </label>
          ))}
          {otherInput(q.options.find((o) => o.is_other && ids.includes(o.id)))}
        </>
      );
      break;
    }
    case 'text':
    case 'textarea':
    case 'date': {
      const common = { id: name, className: 'h5-input', value: typeof value === 'string' ? value : '', placeholder: q.settings.placeholder };
      const change = (v: string) => onChange(v === '' ? undefined : v);
      return (
        <section className="h5-panel">
          <h2 style={{ fontSize: 16 }}>
            <label htmlFor={name}>
              {title}
              {q.is_required ? T.required : ''}
            </label>
          </h2>
          {hint}
          {q.type === 'textarea' ? <textarea {...common} rows={4} onChange={(e) => change(e.target.value)} /> : <input {...common} type={q.type === 'date' ? 'date' : 'text'} onChange={(e) => change(e.target.value)} />}
        </section>
      );
    }
    case 'rating':
    case 'nps': {
      const from = q.type === 'nps' ? 0 : 1;
      const to = q.type === 'nps' ? 10 : (q.settings.rating_max ?? 5);
      body = (
        <>
          {q.type === 'nps' && (q.settings.nps_low_label || q.settings.nps_high_label) && (
            <p className="h5-muted" style={{ margin: '0 0 6px' }}>
              0 {q.settings.nps_low_label ?? ''} — 10 {q.settings.nps_high_label ?? ''}
            </p>
          )}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {Array.from({ length: to - from + 1 }, (_, i) => from + i).map((n) => (
              <label key={n} style={{ ...choiceRow, minWidth: 44, justifyContent: 'center', gap: 2 }}>
                <input type="radio" name={name} style={box} checked={value === n} onChange={() => onChange(n)} />
                {n}
              </label>
            ))}
          </div>
        </>
      );
      break;
    }
    case 'matrix_single':
    case 'matrix_multiple': {
      const cells = (value ?? {}) as Record<string, string | string[]>;
      const setCell = (row: string, cell: string | string[] | undefined) => {
        const next = { ...cells };
        if (cell === undefined || (Array.isArray(cell) && cell.length === 0)) delete next[row];
        else next[row] = cell;
        onChange(Object.keys(next).length ? next : undefined);
      };
      body = q.rows.map((r) => {
        const chosen = cells[r.id];
        return (
          <fieldset key={r.id} style={{ border: 'none', padding: 0, margin: '0 0 8px' }}>
            <legend style={{ padding: 0 }}>{r.text}</legend>
            {q.options.map((o) =>
              q.type === 'matrix_single' ? (
                <label key={o.id} style={choiceRow}>
                  <input type="radio" name={`${name}-${r.id}`} style={box} checked={chosen === o.id} onChange={() => setCell(r.id, o.id)} />
                  {o.text}
                </label>
              ) : (
                <label key={o.id} style={choiceRow}>
                  <input
                    type="checkbox"
                    style={box}
                    checked={Array.isArray(chosen) && chosen.includes(o.id)}
                    onChange={() => {
                      const list = Array.isArray(chosen) ? chosen : [];
                      setCell(r.id, list.includes(o.id) ? list.filter((x) => x !== o.id) : [...list, o.id]);
                    }}
                  />
                  {o.text}
                </label>
              ),
            )}
          </fieldset>
        );
      });
      break;
    }
    case 'ranking': {
      const order = Array.isArray(value) ? (value as string[]) : q.options.map((o) => o.id);
      const move = (i: number, by: number) => {
        const next = [...order];
        [next[i], next[i + by]] = [next[i + by], next[i]];
        onChange(next);
      };
      const text = (oid: string) => q.options.find((o) => o.id === oid)?.text ?? oid;
      body = (
        <>
          <p className="h5-muted" style={{ margin: '0 0 6px' }}>
            {T.rankHint}
          </p>
          <ol style={{ paddingLeft: 20, margin: 0 }}>
            {order.map((oid, i) => (
              <li key={oid} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <span style={{ flex: 1 }}>{`${i + 1}. ${text(oid)}`}</span>
                <Button size="small" style={{ minHeight: 44, minWidth: 44 }} disabled={i === 0} aria-label={T.moveUp(text(oid))} onClick={() => move(i, -1)}>
                  ↑
                </Button>
                <Button size="small" style={{ minHeight: 44, minWidth: 44 }} disabled={i === order.length - 1} aria-label={T.moveDown(text(oid))} onClick={() => move(i, 1)}>
                  ↓
                </Button>
              </li>
            ))}
          </ol>
          {!Array.isArray(value) && (
            <Button size="middle" style={{ minHeight: 44, marginTop: 6 }} onClick={() => onChange(order)}>
              {T.keepOrder}
            </Button>
          )}
        </>
      );
      break;
    }
    case 'cascader': {
      const path = Array.isArray(value) ? (value as string[]) : [];
      const levels: ReaderOption[][] = [q.options];
      for (const pid of path) {
        const node = levels[levels.length - 1].find((o) => o.id === pid);
        if (!node?.children?.length) break;
        levels.push(node.children);
      }
      body = levels.map((opts, depth) => (
        <select
          key={depth}
          aria-label={`${q.title} ${depth + 1}`}
          className="h5-input"
          style={{ marginBottom: 6 }}
          value={path[depth] ?? ''}
          onChange={(e) => {
            const next = [...path.slice(0, depth), ...(e.target.value ? [e.target.value] : [])];
            onChange(next.length ? next : undefined);
          }}
        >
          <option value="">{T.choose}</option>
          {opts
            .filter((o) => !o.hidden)
            .map((o) => (
              <option key={o.id} value={o.id}>
                {o.text}
              </option>
            ))}
        </select>
      ));
      break;
    }
    case 'upload': {
      const urls = Array.isArray(value) ? (value as string[]) : [];
      body = <ReaderFilesInput label={q.title} files={urls.map(fileOfUrl)} max={q.settings.upload_max ?? 1} onChange={(files) => onChange(files.length ? files.map((f) => f.url) : undefined)} />;
      break;
    }
  }
  return (
    <fieldset className="h5-panel" style={{ border: 'none', display: 'block', minWidth: 0 }}>
      {legend}
      {hint}
      {body}
    </fieldset>
  );
}
