import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Checkbox, Radio, TextArea } from 'antd-mobile';
import { newNonce, readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import type { SubjectApiError } from '../../../shared/subjectClient';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page, WriteOutcome } from '../../H5Page';
import { CONTEST_TEXTS as T } from './texts';
import './contests.css';

type Given = string | string[] | null;
interface Item {
  no: number;
  question_id: number;
  type: 1 | 2 | 3 | 4 | 5;
  stem: string;
  options: { key: string; text: string }[];
  blanks?: number;
  score: number;
  given: Given;
  is_right?: number;
  pending?: boolean;
  credit?: number;
  answer?: Given;
  analysis?: string;
}
interface Attempt {
  id: number;
  level_id: number | null;
  attempt_no: number;
  state: 'inprogress' | 'pending_grading' | 'finished';
  seconds_left: number;
  auto_submitted: number;
  switch_count: number;
  tab_switch_max: number;
  question_count: number;
  max_score: number;
  score?: number;
  passed?: number;
  duration_sec?: number;
  correct_count?: number;
  pending_count?: number;
  items: Item[];
}
interface Level {
  id: number;
  name: string;
  intro: string;
  time_limit: number;
  attempts_per_level: number;
  state: 'locked' | 'unlocked' | 'in_progress' | 'passed' | 'failed' | 'exhausted';
  state_label: string;
  attempts: number;
  best_score: number | null;
  open_attempt_id: number | null;
}
/** What the contest page reads of its activity: its kind, and whether a start asks the access code. */
interface ContestActivity {
  id: number;
  type: number;
  title: string;
  /** The contest has an access code (口令); asked until the reader has joined (the first start joins). */
  needs_access_code: boolean;
  /** `refusal`: what the participation gate would refuse a start now (not started, ended, paused, blacklisted until…), in its words. */
  mine: { joined: boolean; refusal: { message: string } | null };
}
interface OwnAttempt {
  id: number;
  attempt_no: number;
  state: Attempt['state'];
}

/**
 * Knowledge contests (types 3 and 6, `kinds/contests/readerRoutes.ts`): a paper's attempts, or an
 * advanced contest's levels (闯关) with the reader's state; an attempt is answered with its timer,
 * autosaved, submitted (by the reader, or when the time is up), and its result shown as far as the
 * contest's review settings let the server send it. The open attempt is in the address
 * (`?attempt=`), so a reload resumes it. A contest with an access code asks it on the first start
 * (the server's refusal, 参与口令不正确, shown as it is); every refusal is the server's words.
 */
export function ContestPage() {
  const id = useParams().id!;
  const [search, setSearch] = useSearchParams();
  const aid = Number(search.get('attempt')) || null;
  const { data: act, error, reload } = useReaderRead<ContestActivity>(`/activities/${id}`);
  const open = useCallback((attempt: number | null) => setSearch(attempt ? { attempt: String(attempt) } : {}), [setSearch]);
  // back from an attempt: the activity again (joined now, the code no longer asked)
  const back = useCallback(() => {
    open(null);
    reload();
  }, [open, reload]);
  const asksCode = !!act && act.needs_access_code && !act.mine.joined;
  // what the gate would refuse a start now, shown before the reader tries (a refused start says it again)
  const standing = act?.mine.refusal?.message ?? '';
  return (
    <H5Page title={act?.title ?? T.contest} testId="h5-contest" error={error} loading={!act}>
      {act && (aid ? <AttemptPanel key={aid} aid={aid} onBack={back} /> : act.type === 6 ? <LevelsPanel act={act.id} asksCode={asksCode} standing={standing} onOpen={open} /> : <PaperPanel act={act.id} asksCode={asksCode} standing={standing} onOpen={open} />)}
    </H5Page>
  );
}

/**
 * Starts an attempt (of a level): a retry after no answer sends the same request id, so one attempt
 * is made. `code` is the access code the reader typed, sent while the contest asks it.
 */
function useStart(act: number, onOpen: (aid: number) => void, code: string | null) {
  const { org, signOut } = useReaderSession();
  const [level, setLevel] = useState<number | undefined>();
  const send = useCallback(
    (nonce: string) => {
      if (code !== null && !code.trim()) return Promise.resolve(T.codeMissing);
      return readerClient.call<Attempt>(org, 'POST', `/activities/${act}/attempts`, { request_id: nonce, ...(level ? { level_id: level } : {}), ...(code !== null ? { access_code: code.trim() } : {}) });
    },
    [org, act, level, code],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (answer) onOpen(answer.id);
  }, [answer, onOpen]);
  // a level chosen: its start goes once the send has the level
  const [go, setGo] = useState(0);
  useEffect(() => {
    if (go) void attempt();
  }, [go]); // eslint-disable-line react-hooks/exhaustive-deps
  const start = (levelId?: number) => {
    setLevel(levelId);
    setGo((g) => g + 1);
  };
  return { failure, busy, start };
}

/** The contest's access code (口令), asked before the first start when the contest has one. */
function useAccessCode(asked: boolean) {
  const [code, setCode] = useState('');
  const input = asked ? (
    <div className="h5-panel h5-form">
      <label htmlFor="h5-access-code" style={{ marginTop: 0 }}>
        {T.accessCode}
      </label>
      <p className="h5-muted" style={{ margin: '0 0 6px' }}>
        {T.accessCodeHint}
      </p>
      <input id="h5-access-code" className="h5-input" autoComplete="off" maxLength={64} value={code} onChange={(e) => setCode(e.target.value)} />
    </div>
  ) : null;
  return { code: asked ? code : null, input };
}

/** A contest with one paper: start (or resume) an attempt, the reader's attempts with their results. */
function PaperPanel({ act, asksCode, standing, onOpen }: { act: number; asksCode: boolean; standing: string; onOpen: (aid: number) => void }) {
  const { data, error } = useReaderRead<{ items: OwnAttempt[] }>(`/activities/${act}/attempts`);
  const access = useAccessCode(asksCode);
  const { failure, busy, start } = useStart(act, onOpen, access.code);
  const openOne = data?.items.find((a) => a.state === 'inprogress');
  return (
    <>
      <WriteOutcome failure={failure || error || standing} />
      {!openOne && access.input}
      <Button block size="large" color="primary" loading={busy} onClick={() => (openOne ? onOpen(openOne.id) : start())}>
        {openOne ? T.resume : T.start}
      </Button>
      <section className="h5-panel" style={{ marginTop: 12 }}>
        <h2>{T.myAttempts}</h2>
        {data && data.items.length === 0 && <p className="h5-muted">{T.noAttempts}</p>}
        <ul className="h5-rows">
          {data?.items
            .filter((a) => a.state !== 'inprogress')
            .map((a) => (
              <li key={a.id}>
                <span>
                  {T.attemptNo(a.attempt_no)} · {T.states[a.state]}
                </span>
                <button type="button" className="h5-small-button" onClick={() => onOpen(a.id)} aria-label={`${T.seeResult} ${T.attemptNo(a.attempt_no)}`}>
                  {T.seeResult}
                </button>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}

/** An advanced contest's levels in order with the reader's state; a level open to the reader is started or resumed. */
function LevelsPanel({ act, asksCode, standing, onOpen }: { act: number; asksCode: boolean; standing: string; onOpen: (aid: number) => void }) {
  const { data, error } = useReaderRead<{ items: Level[] }>(`/activities/${act}/levels`);
  const access = useAccessCode(asksCode);
  const { failure, busy, start } = useStart(act, onOpen, access.code);
  return (
    <>
      <WriteOutcome failure={failure || error || standing} />
      {access.input}
      <ol className="h5-levels" aria-label={T.levels}>
        {data?.items.map((l) => (
          <li key={l.id} className={`h5-panel h5-level-${l.state}`}>
            <h2>{l.name}</h2>
            {l.intro && <p className="h5-muted">{l.intro}</p>}
            <p>
              <strong>{l.state_label}</strong> · {T.attempts(l.attempts, l.attempts_per_level)}
              {l.best_score !== null && ` · ${T.bestScore(l.best_score)}`}
            </p>
            {l.state === 'in_progress' && l.open_attempt_id ? (
              <Button block color="primary" onClick={() => onOpen(l.open_attempt_id!)} aria-label={`${T.resumeLevel} ${l.name}`}>
                {T.resumeLevel}
              </Button>
            ) : (
              (l.state === 'unlocked' || l.state === 'failed') && (
                <Button block color="primary" loading={busy} onClick={() => start(l.id)} aria-label={`${T.startLevel} ${l.name}`}>
                  {T.startLevel}
                </Button>
              )
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

const clock = (s: number) => {
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** Whether an answer is empty (not sent as given). */
/** How a flush of the autosave went: all saved, no answer from the network, or the server's refusal. */
type Saved = true | false | string;

const blankAnswer = (a: Given) => a === null || (Array.isArray(a) ? a.every((x) => x === '') : a === '');

/**
 * Autosave of an attempt's answers (`PUT /client/attempts/{aid}/answers`): the changed answers go
 * a moment after the last change as one batch with its request id; a batch that got no answer is
 * sent again as it was (same id, same answers) before the answers changed since, so the server
 * keeps each change once and in order. `flush` sends what is left (before submitting) and tells
 * how it went: `true` all saved, `false` no answer from the network (sent again later), or the
 * server's refusal in its words (the contest paused, the attempt over); a refused batch's answers
 * stay to be sent again (a pause ends), unless changed since.
 */
function useAutosave(aid: number, onRefused: (message: string) => void) {
  const { org, signOut } = useReaderSession();
  const dirty = useRef(new Map<number, Given>());
  const batch = useRef<{ request_id: string; items: { question_id: number; answer: Given }[] } | null>(null);
  const running = useRef<Promise<Saved> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [status, setStatus] = useState<'' | 'saving' | 'saved' | 'failed'>('');

  const sendAll = useCallback(async (): Promise<Saved> => {
    for (;;) {
      if (!batch.current) {
        if (dirty.current.size === 0) return true;
        batch.current = { request_id: newNonce(), items: [...dirty.current].map(([question_id, answer]) => ({ question_id, answer })) };
        dirty.current.clear();
      }
      setStatus('saving');
      const sending = batch.current;
      try {
        await readerClient.call(org, 'PUT', `/attempts/${aid}/answers`, sending);
        batch.current = null;
        setStatus('saved');
      } catch (e) {
        const err = e as SubjectApiError;
        if (err.status === 401) {
          signOut();
          return false;
        }
        if (!err.status) {
          setStatus('failed');
          return false;
        }
        // refused (the attempt is over, the contest paused): the server's words; the answers wait
        for (const i of sending.items) if (!dirty.current.has(i.question_id)) dirty.current.set(i.question_id, i.answer);
        batch.current = null;
        setStatus('');
        onRefused(err.message);
        return err.message;
      }
    }
  }, [org, aid, signOut, onRefused]);

  const flush = useCallback((): Promise<Saved> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    running.current ??= sendAll().finally(() => {
      running.current = null;
    });
    return running.current.then((ok) => (ok === true && (dirty.current.size > 0 || batch.current) ? flush() : ok));
  }, [sendAll]);

  const change = useCallback(
    (questionId: number, answer: Given) => {
      dirty.current.set(questionId, blankAnswer(answer) ? null : answer);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), 800);
    },
    [flush],
  );
  // a failed save is tried again every few seconds while the page is open
  useEffect(() => {
    if (status !== 'failed') return;
    const t = setTimeout(() => void flush(), 5000);
    return () => clearTimeout(t);
  }, [status, flush]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return { status, change, flush };
}

/** One attempt: the paper while it is open (timer, answers autosaved, submit), its result after. */
function AttemptPanel({ aid, onBack }: { aid: number; onBack: () => void }) {
  const { org, signOut } = useReaderSession();
  const { data, error, reload } = useReaderRead<Attempt>(`/attempts/${aid}`);
  const [view, setView] = useState<Attempt | null>(null);
  useEffect(() => setView(data), [data]);
  const [refusal, setRefusal] = useState('');
  const onRefused = useCallback(
    (message: string) => {
      setRefusal(message);
      reload();
    },
    [reload],
  );
  const { status, change, flush } = useAutosave(aid, onRefused);
  const send = useCallback(
    async (nonce: string): Promise<Attempt | string> => {
      setRefusal('');
      const saved = await flush();
      // A save refused just before 交卷: the server's words, and the paper is not handed in.
      if (typeof saved === 'string') return saved;
      if (!saved) throw new TypeError('not saved'); // no answer from the network: tried again with the same id
      return readerClient.call<Attempt>(org, 'POST', `/attempts/${aid}/submit`, { request_id: nonce });
    },
    [org, aid, flush],
  );
  const submit = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (submit.answer) setView(submit.answer);
  }, [submit.answer]);

  if (error) return <WriteOutcome failure={error} />;
  if (!view) return null;
  if (view.state !== 'inprogress') return <ResultPanel view={view} onBack={onBack} />;
  return <PaperForm view={view} status={status} change={change} refusal={refusal || submit.failure} busy={submit.busy} onSubmit={submit.attempt} aid={aid} />;
}

/** Tab switches told to the server when the contest counts them (past its limit the server submits). */
function useSwitchEvents(aid: number, max: number, onCounted: (n: number, submitted: boolean) => void) {
  const { org } = useReaderSession();
  useEffect(() => {
    if (max <= 0) return;
    const seen = () => {
      if (document.visibilityState !== 'hidden') return;
      readerClient.call<{ switch_count: number; submitted: boolean }>(org, 'POST', `/attempts/${aid}/events`, { request_id: newNonce(), type: 'blur' }).then(
        (r) => onCounted(r.switch_count, r.submitted),
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [org, aid, max, onCounted]);
}

function PaperForm({
  view,
  status,
  change,
  refusal,
  busy,
  onSubmit,
  aid,
}: {
  view: Attempt;
  status: string;
  change: (q: number, a: Given) => void;
  refusal: string;
  busy: boolean;
  onSubmit: () => Promise<void>;
  aid: number;
}) {
  const [answers, setAnswers] = useState<Record<number, Given>>(() => Object.fromEntries(view.items.map((i) => [i.question_id, i.given])));
  const set = (q: number, a: Given) => {
    setAnswers((all) => ({ ...all, [q]: a }));
    change(q, a);
  };
  // The countdown from the server's seconds left, on the device's monotonic clock; at 0 the paper is submitted.
  const [left, setLeft] = useState(view.seconds_left);
  const submitted = useRef(false);
  useEffect(() => {
    const from = performance.now();
    const t = setInterval(() => setLeft(Math.max(0, view.seconds_left - Math.floor((performance.now() - from) / 1000))), 1000);
    return () => clearInterval(t);
  }, [view.seconds_left]);
  useEffect(() => {
    if (left === 0 && !submitted.current) {
      submitted.current = true;
      void onSubmit();
    }
  }, [left, onSubmit]);
  const [switches, setSwitches] = useState(view.switch_count);
  const counted = useCallback(
    (n: number, over: boolean) => {
      setSwitches(n);
      if (over) void onSubmit();
    },
    [onSubmit],
  );
  useSwitchEvents(aid, view.tab_switch_max, counted);
  return (
    <>
      <div className="h5-timer" role="timer" aria-label={T.timeLeft}>
        {T.timeLeft} <strong>{clock(left)}</strong>
        <span className="h5-muted" aria-live="polite">
          {status === 'saving' ? T.saving : status === 'saved' ? T.saved : status === 'failed' ? T.saveFailed : ''}
        </span>
      </div>
      {view.tab_switch_max > 0 && switches > 0 && <p className="h5-refusal">{T.switchWarning(switches, view.tab_switch_max)}</p>}
      <WriteOutcome failure={refusal} />
      {view.items.map((item) => (
        <fieldset key={item.question_id} className="h5-panel h5-question">
          <legend>
            {T.questionNo(item.no, item.score)} {item.stem}
          </legend>
          <QuestionInput item={item} value={answers[item.question_id] ?? null} onChange={(a) => set(item.question_id, a)} />
        </fieldset>
      ))}
      <Button block size="large" color="primary" loading={busy} onClick={onSubmit}>
        {T.submit}
      </Button>
    </>
  );
}

function QuestionInput({ item, value, onChange }: { item: Item; value: Given; onChange: (a: Given) => void }) {
  const one = typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '';
  if (item.type === 1 || item.type === 3) {
    const options = item.type === 1 ? item.options : ['T', 'F'].map((key) => ({ key, text: T.trueFalse[key] }));
    return (
      <Radio.Group value={one} onChange={(v) => onChange(String(v))}>
        {options.map((o) => (
          <Radio key={o.key} value={o.key} className="h5-choice" block>
            {item.type === 1 ? `${o.key}. ${o.text}` : o.text}
          </Radio>
        ))}
      </Radio.Group>
    );
  }
  if (item.type === 2) {
    const keys = Array.isArray(value) ? value : value ? value.split(',') : [];
    return (
      <Checkbox.Group value={keys} onChange={(v) => onChange((v as string[]).slice().sort())}>
        {item.options.map((o) => (
          <Checkbox key={o.key} value={o.key} className="h5-choice" block>
            {`${o.key}. ${o.text}`}
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  }
  if (item.type === 4) {
    const texts = Array.isArray(value) ? value : value ? [value] : [];
    const n = Math.max(1, item.blanks ?? 1);
    return (
      <>
        {Array.from({ length: n }, (_, i) => (
          <input
            key={i}
            className="h5-input"
            style={{ marginBottom: 8 }}
            aria-label={`${T.questionNo(item.no, item.score)} ${T.blank(i + 1)}`}
            value={texts[i] ?? ''}
            onChange={(e) => onChange(Array.from({ length: n }, (_, j) => (j === i ? e.target.value : (texts[j] ?? ''))))}
          />
        ))}
      </>
    );
  }
  return <TextArea aria-label={`${T.questionNo(item.no, item.score)} ${T.shortAnswer}`} value={one} onChange={(v) => onChange(v)} rows={4} maxLength={5000} />;
}

const shown = (item: Item, a: Given | undefined) => {
  if (a === null || a === undefined || (Array.isArray(a) && a.length === 0) || a === '') return T.noAnswer;
  const list = Array.isArray(a) ? a : [a];
  return item.type === 3 ? list.map((k) => T.trueFalse[k] ?? k).join('、') : list.join(item.type === 4 ? '；' : '、');
};

/** An attempt submitted: what the contest's review settings let the server show (score, pass, right or wrong, answers, analysis). */
function ResultPanel({ view, onBack }: { view: Attempt; onBack: () => void }) {
  return (
    <>
      <p role="status" className="h5-ok">
        {view.auto_submitted ? T.autoSubmitted : T.submitted}
      </p>
      <section className="h5-panel" aria-label={T.result}>
        <h2>{T.result}</h2>
        <dl className="h5-facts">
          <dt>{T.attemptNo(view.attempt_no)}</dt>
          <dd>{T.states[view.state]}</dd>
          {view.score !== undefined && (
            <>
              <dt>{T.score}</dt>
              <dd>{T.scoreOf(view.score, view.max_score)}</dd>
              <dt>{T.passed}</dt>
              <dd>{view.passed ? T.yes : T.no}</dd>
              {view.duration_sec !== undefined && (
                <>
                  <dt>{T.duration}</dt>
                  <dd>{T.seconds(view.duration_sec)}</dd>
                </>
              )}
            </>
          )}
          {view.correct_count !== undefined && (
            <>
              <dt>{T.correct}</dt>
              <dd>{T.correctOf(view.correct_count, view.question_count)}</dd>
            </>
          )}
        </dl>
        {view.score === undefined && view.correct_count === undefined && <p className="h5-muted">{T.scoreHidden}</p>}
      </section>
      {view.items.some((i) => i.is_right !== undefined || i.answer !== undefined) &&
        view.items.map((item) => (
          <section key={item.question_id} className="h5-panel">
            <h2>
              {T.questionNo(item.no, item.score)} {item.stem}
            </h2>
            {item.is_right !== undefined && <p className={item.pending ? 'h5-muted' : item.is_right ? 'h5-ok' : 'h5-refusal'}>{item.pending ? T.waitingMark : item.is_right ? T.right : T.wrong}</p>}
            <p>
              {T.yourAnswer}：{shown(item, item.given)}
            </p>
            {item.answer !== undefined && (
              <p>
                {T.rightAnswer}：{shown(item, item.answer)}
              </p>
            )}
            {item.analysis && (
              <p className="h5-muted">
                {T.analysis}：{item.analysis}
              </p>
            )}
          </section>
        ))}
      <Button block size="large" onClick={onBack}>
        {T.backToPaper}
      </Button>
    </>
  );
}
