import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { CHECK_ITEM_STATUS, ITEM_REJECTED, type CheckItemStatus, type VoteQuota } from '@huodong/domain';
import type { CaptchaResponse } from '@huodong/domain/api';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderList, useReaderRead, useReaderSession } from '../../reader';
import { H5Form, H5Page, WriteOutcome } from '../../H5Page';
import { ReaderFilesInput, type ReaderFile } from '../../upload';
import { VOTE_TEXTS as T } from './texts';
import './voting.css';

interface Source {
  id: number;
  title: string;
  author: string;
  intro: string;
  group_name: string;
  comment_count: number;
  votes: number | null;
}
interface Sources {
  show_counts: boolean;
  items: Source[];
  /** The reader's own sign-ups (报名参选) in every state. */
  mine: { id: number; title: string; status: CheckItemStatus; reason: string }[];
}
interface Ballot {
  outcome: 'accept' | 'suspect';
  today_left: number;
}
interface Comment {
  id: number;
  content: string;
  author: string;
  mine: boolean;
  is_official: number;
  status: number;
  like_count: number;
  liked: boolean;
  reply_to: string | null;
  created_at: number;
  replies?: Comment[];
}
interface CommentAnswer {
  id: number;
  status: number;
  reason: string;
}

/** Why the reader cannot vote now (the quota's state), or ''. */
function quotaBlock(q: VoteQuota): string {
  if (q.state === 'not_started') return T.notStarted;
  if (q.state === 'ended') return T.ended;
  if (q.account_too_new) return T.tooNew;
  return '';
}

/**
 * Voting (type 2, `kinds/voting/readerRoutes.ts`): the candidates with the counts the activity
 * shows (hidden until the end when so configured), the reader's quota (today's and the total votes
 * left), a ballot of the chosen candidates (a captcha when the server asks for one; refusals in the
 * server's words: the day's limit, the candidate's, the interval), the results ranked once voting
 * has ended, and each candidate's comments (the approved ones, the reader's own with their state)
 * with the reader's new comment, likes, replies and reports; 报名参选 where the activity lets
 * readers sign up as candidates. Writes keep their request id across retries.
 */
export function VotingPage() {
  const { org, signOut } = useReaderSession();
  const id = useParams().id!;
  const sources = useReaderRead<Sources>(`/activities/${id}/sources`);
  const quota = useReaderRead<VoteQuota>(`/activities/${id}/vote-quota`);
  const act = useReaderRead<{ title: string; config: { source_signup?: number } }>(`/activities/${id}`);
  const [chosen, setChosen] = useState<number[]>([]);
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [code, setCode] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const needsCaptcha = !!quota.data?.captcha;
  useEffect(() => {
    if (!needsCaptcha) return setCaptcha(null);
    readerClient.call<CaptchaResponse>(org, 'POST', '/login/verificationCode').then(setCaptcha, () => undefined);
  }, [org, needsCaptcha, captchaRound]);

  const send = useCallback(
    (nonce: string) => {
      if (chosen.length === 0) return Promise.resolve(T.chooseFirst);
      return readerClient.call<Ballot>(org, 'POST', `/activities/${id}/ballots`, {
        request_id: nonce,
        source_ids: chosen,
        ...(captcha ? { captcha_key: captcha.key, captcha_code: code } : {}),
      });
    },
    [org, id, chosen, captcha, code],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (!answer) return;
    setChosen([]);
    setCode('');
    sources.reload();
    quota.reload();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  // A refused ballot used up its captcha: a new picture for the next try.
  useEffect(() => {
    if (failure && needsCaptcha) {
      setCode('');
      setCaptchaRound((r) => r + 1);
    }
  }, [failure, needsCaptcha]);

  const q = quota.data;
  const s = sources.data;
  const blocked = q ? quotaBlock(q) : '';
  const toggle = (sid: number) => setChosen((c) => (c.includes(sid) ? c.filter((x) => x !== sid) : [...c, sid]));
  const ranked = s && s.show_counts && q?.state === 'ended' ? [...s.items].sort((a, b) => (b.votes ?? 0) - (a.votes ?? 0)) : null;
  return (
    <H5Page title={act.data?.title ?? T.page} testId="h5-voting" error={sources.error || quota.error} loading={!s || !q}>
      {s && q && (
        <>
          {blocked && (
            <p role="alert" className="h5-refusal">
              {blocked}
            </p>
          )}
          <WriteOutcome failure={failure} done={busy ? null : answer && (answer.outcome === 'suspect' ? T.suspect : T.voted)} />
          {q.state === 'open' && (
            <p className="h5-muted" data-testid="h5-vote-quota">
              {T.todayLeft(q.today_left)}
              {q.total_left !== null ? `，${T.totalLeft(q.total_left)}` : ''}
            </p>
          )}
          {!s.show_counts && <p className="h5-muted">{T.votesHidden}</p>}
          {ranked && (
            <section className="h5-panel" aria-label={T.results}>
              <h2>{T.results}</h2>
              <ol style={{ paddingLeft: 20, margin: 0 }}>
                {ranked.map((x) => (
                  <li key={x.id} style={{ minHeight: 32 }}>
                    {x.title}：{T.votes(x.votes ?? 0)}
                  </li>
                ))}
              </ol>
            </section>
          )}
          <section aria-label={T.candidates}>
            <h2 style={{ fontSize: 17 }}>{T.candidates}</h2>
            {s.items.length === 0 && <p className="h5-muted">{T.none}</p>}
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {s.items.map((x) => (
                <li key={x.id} className="h5-panel" data-testid="h5-candidate">
                  <div style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
                    {q.state === 'open' && !blocked && (
                      <label style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, minHeight: 44, flex: 'none' }}>
                        <input type="checkbox" aria-label={T.choose(x.title)} checked={chosen.includes(x.id)} onChange={() => toggle(x.id)} style={{ width: 24, height: 24, margin: 0 }} />
                      </label>
                    )}
                    <div style={{ flex: 1 }}>
                      <h3 style={{ fontSize: 16, margin: '8px 0 4px' }}>{x.title}</h3>
                      {x.author && <p className="h5-muted" style={{ margin: '0 0 4px' }}>{T.by(x.author)}</p>}
                      {x.intro && <p style={{ margin: '0 0 4px' }}>{x.intro}</p>}
                      {x.votes !== null && <p style={{ margin: 0, fontWeight: 600 }}>{T.votes(x.votes)}</p>}
                    </div>
                  </div>
                  <Button size="middle" fill="none" color="primary" style={{ minHeight: 44 }} aria-expanded={open === x.id} onClick={() => setOpen(open === x.id ? null : x.id)}>
                    {open === x.id ? T.hide : T.comments(x.comment_count)}
                  </Button>
                  {open === x.id && <Comments actId={id} source={x} onPosted={sources.reload} />}
                </li>
              ))}
            </ul>
          </section>
          {(act.data?.config.source_signup === 1 || s.mine.length > 0) && <SignUp actId={id} mine={s.mine} open={act.data?.config.source_signup === 1} onSignedUp={sources.reload} />}
          {q.state === 'open' && !blocked && s.items.length > 0 && (
            <div className="h5-panel" style={{ position: 'sticky', bottom: 60 }}>
              {captcha && (
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
                  <label htmlFor="h5-vote-captcha">{T.captcha}</label>
                  <input id="h5-vote-captcha" className="h5-input" style={{ flex: 1 }} value={code} maxLength={16} onChange={(e) => setCode(e.target.value)} />
                  <button type="button" onClick={() => setCaptchaRound((r) => r + 1)} aria-label={T.captchaRefresh} style={{ padding: 0, border: 'none', background: 'none', minHeight: 44 }}>
                    <img src={captcha.image} alt={T.captcha} style={{ height: 40, width: 120 }} />
                  </button>
                </div>
              )}
              <Button block size="large" color="primary" loading={busy} onClick={attempt}>
                {chosen.length ? T.voteChosen(chosen.length) : T.vote}
              </Button>
            </div>
          )}
        </>
      )}
    </H5Page>
  );
}

/** One candidate's comments (`GET …/sources/{sid}/comments`) and the reader's new one (`POST …/comments`). */
function Comments({ actId, source, onPosted }: { actId: string; source: Source; onPosted: () => void }) {
  const { org, signOut } = useReaderSession();
  const list = useReaderList<Comment>(`/activities/${actId}/sources/${source.id}/comments`);
  const [content, setContent] = useState('');
  const send = useCallback(
    (nonce: string) => readerClient.call<CommentAnswer>(org, 'POST', `/activities/${actId}/comments`, { request_id: nonce, source_id: source.id, parent_id: null, content, images: [] }),
    [org, actId, source.id, content],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (!answer) return;
    setContent('');
    list.reload();
    onPosted();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  const inputId = `h5-comment-${source.id}`;
  const { reload } = list;
  /** A reply, a like or a report changed the list: read it again (and the candidate's count). */
  const changed = useCallback(() => {
    reload();
    onPosted();
  }, [reload, onPosted]);
  return (
    <section aria-label={T.commentsOf(source.title)} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
      <WriteOutcome failure={failure} done={busy ? null : answer && commentOutcome(answer)} doneRefused={answer?.status === ITEM_REJECTED} />
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 6 }}>
        {T.yourComment}
      </label>
      <textarea id={inputId} className="h5-input" rows={3} value={content} onChange={(e) => setContent(e.target.value)} />
      <Button block size="large" color="primary" style={{ marginTop: 8 }} loading={busy} onClick={attempt}>
        {T.send}
      </Button>
      <WriteOutcome failure={list.error} />
      {list.items && list.items.length === 0 && <p className="h5-muted">{T.noComments}</p>}
      <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {list.items?.map((c) => (
          <li key={c.id} data-testid="h5-comment" style={{ borderTop: '1px solid #f5f5f5', padding: '6px 0' }}>
            <CommentLine c={c} actId={actId} sourceId={source.id} onChanged={changed} />
            {c.replies && c.replies.length > 0 && (
              <ul aria-label={T.repliesTo(c.is_official ? T.official : c.author)} style={{ listStyle: 'none', paddingLeft: 16, margin: 0 }}>
                {c.replies.map((r) => (
                  <li key={r.id} data-testid="h5-reply">
                    <CommentLine c={r} actId={actId} sourceId={source.id} onChanged={changed} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <Button block fill="none" style={{ minHeight: 44 }} onClick={list.more}>
          {T.more}
        </Button>
      )}
    </section>
  );
}

/** What the comment's answer says of its status: shown, waiting for review, or turned down with the reason. */
const commentOutcome = (a: CommentAnswer) => (a.status === 1 ? T.commented : a.status === ITEM_REJECTED ? T.commentRejected(a.reason) : T.commentPending);

type LineAction = '' | 'reply' | 'report';

/**
 * One comment (or reply) with what a reader may do with it: 赞 (once; the count), 回复 (a reply
 * under the comment, one level, naming whom it answers), 举报 with a reason (not one's own). Each
 * write keeps its request id across retries; the outcome is shown under the comment.
 */
function CommentLine({ c, actId, sourceId, onChanged }: { c: Comment; actId: string; sourceId: number; onChanged: () => void }) {
  const { org, signOut } = useReaderSession();
  const who = c.is_official ? T.official : c.author;
  const [open, setOpen] = useState<LineAction>('');
  const [reply, setReply] = useState('');
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [done, setDone] = useState<{ text: string; refused?: boolean } | null>(null);

  const like = useReaderAttempt(
    useCallback((nonce: string) => readerClient.call<{ liked: boolean; like_count: number }>(org, 'POST', `/comments/${c.id}/like`, { request_id: nonce }), [org, c.id]),
    signOut,
    false,
  );
  const replied = useReaderAttempt(
    useCallback((nonce: string) => readerClient.call<CommentAnswer>(org, 'POST', `/activities/${actId}/comments`, { request_id: nonce, source_id: sourceId, parent_id: c.id, content: reply, images: [] }), [org, actId, sourceId, c.id, reply]),
    signOut,
    false,
  );
  const reported = useReaderAttempt(
    useCallback(
      (nonce: string) => {
        if (!reason) return Promise.resolve(T.chooseReason);
        return readerClient.call<{ reported: boolean }>(org, 'POST', `/comments/${c.id}/report`, { request_id: nonce, reason: detail.trim() ? `${reason}：${detail.trim()}` : reason });
      },
      [org, c.id, reason, detail],
    ),
    signOut,
    false,
  );
  useEffect(() => {
    if (like.answer) onChanged();
  }, [like.answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  useEffect(() => {
    if (!replied.answer) return;
    setDone({ text: commentOutcome(replied.answer), refused: replied.answer.status === ITEM_REJECTED });
    setReply('');
    setOpen('');
    onChanged();
  }, [replied.answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  useEffect(() => {
    if (!reported.answer) return;
    setDone({ text: T.reported });
    setReason('');
    setDetail('');
    setOpen('');
  }, [reported.answer]);
  const toggle = (what: LineAction) => {
    setDone(null);
    setOpen(open === what ? '' : what);
  };
  const failure = like.failure || (open === '' ? replied.failure || reported.failure : '');
  const replyId = `h5-reply-${c.id}`;
  return (
    <div>
      <p style={{ margin: '2px 0' }}>
        <strong>{who}</strong>
        {c.reply_to ? ` ${T.replyTo(c.reply_to)}` : ''}：{c.content}
        {c.status === 0 && <span className="h5-muted">{T.pendingMark}</span>}
      </p>
      <div className="h5-comment-actions" role="group" aria-label={T.actionsOf(who)}>
        <button type="button" aria-pressed={c.liked} disabled={like.busy} aria-label={`${c.liked ? T.liked(c.like_count) : T.like(c.like_count)} ${T.commentOf(who)}`} onClick={() => void (c.liked ? undefined : like.attempt())}>
          {c.liked ? T.liked(c.like_count) : T.like(c.like_count)}
        </button>
        <button type="button" aria-expanded={open === 'reply'} aria-label={`${T.reply} ${T.commentOf(who)}`} onClick={() => toggle('reply')}>
          {T.reply}
        </button>
        {!c.mine && (
          <button type="button" aria-expanded={open === 'report'} aria-label={`${T.report} ${T.commentOf(who)}`} onClick={() => toggle('report')}>
            {T.report}
          </button>
        )}
      </div>
      <WriteOutcome failure={failure} done={done?.text} doneRefused={done?.refused} />
      {open === 'reply' && (
        <H5Form label={`${T.reply} ${T.commentOf(who)}`} failure={replied.failure} busy={replied.busy} submitText={T.sendReply} cancelText={T.cancel} onSubmit={() => void replied.attempt()} onCancel={() => setOpen('')}>
          <label htmlFor={replyId}>{T.replyTo(who)}</label>
          <textarea id={replyId} className="h5-input" rows={2} value={reply} onChange={(e) => setReply(e.target.value)} />
        </H5Form>
      )}
      {open === 'report' && (
        <H5Form label={`${T.report} ${T.commentOf(who)}`} failure={reported.failure} busy={reported.busy} submitText={T.sendReport} cancelText={T.cancel} onSubmit={() => void reported.attempt()} onCancel={() => setOpen('')}>
          <label htmlFor={`h5-report-${c.id}`}>{T.reportReason}</label>
          <select id={`h5-report-${c.id}`} className="h5-input" value={reason} onChange={(e) => setReason(e.target.value)}>
            <option value="">{T.chooseReason}</option>
            {T.reportReasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <label htmlFor={`h5-report-detail-${c.id}`}>{T.reportDetail}</label>
          <input id={`h5-report-detail-${c.id}`} className="h5-input" maxLength={100} value={detail} onChange={(e) => setDetail(e.target.value)} />
        </H5Form>
      )}
    </div>
  );
}

/**
 * 报名参选 (`POST /client/activities/{id}/sources`) where the activity lets readers sign up as
 * candidates: the name, the author (the reader's own name when left empty), an introduction, a
 * cover picture and files (the reader upload);
 * shown once a reviewer approves it. The reader's sign-ups with their review state above the form.
 */
/** The files a sign-up may carry (the server's sourceSignupSchema). */
const SIGNUP_MEDIA_MAX = 20;

function SignUp({ actId, mine, open, onSignedUp }: { actId: string; mine: Sources['mine']; open: boolean; onSignedUp: () => void }) {
  const { org, signOut } = useReaderSession();
  const [form, setForm] = useState<{ title: string; author: string; intro: string; cover: ReaderFile[]; media: ReaderFile[] } | null>(null);
  const send = useCallback(
    (nonce: string) => {
      if (!form) return Promise.resolve('');
      return readerClient.call<{ id: number }>(org, 'POST', `/activities/${actId}/sources`, {
        request_id: nonce,
        title: form.title,
        ...(form.author.trim() ? { author: form.author } : {}),
        intro: form.intro,
        ...(form.cover[0] ? { cover: form.cover[0].url } : {}),
        media: form.media.map((f) => f.url),
      });
    },
    [org, actId, form],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (!answer) return;
    setForm(null);
    onSignedUp();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  const set = (patch: Partial<NonNullable<typeof form>>) => setForm((f) => f && { ...f, ...patch });
  const waiting = mine.some((m) => m.status === 0 || m.status === 1);
  return (
    <section className="h5-panel" aria-label={T.signUp}>
      <h2>{T.signUp}</h2>
      {answer && !form && <WriteOutcome failure="" done={T.signedUp} />}
      {mine.length > 0 && (
        <ul className="h5-entries" aria-label={T.mySignUps}>
          {mine.map((m) => (
            <li key={m.id} data-testid="h5-my-signup" style={{ padding: '6px 0' }}>
              {m.title}：{CHECK_ITEM_STATUS[m.status]}
              {m.reason ? `（${m.reason}）` : ''}
            </li>
          ))}
        </ul>
      )}
      {open && !waiting && !form && (
        <Button block size="large" color="primary" onClick={() => setForm({ title: '', author: '', intro: '', cover: [], media: [] })}>
          {T.signUp}
        </Button>
      )}
      {form && (
        <H5Form label={T.signUp} failure={failure} busy={busy} submitText={T.sendSignUp} cancelText={T.cancel} onSubmit={() => void attempt()} onCancel={() => setForm(null)}>
          <label htmlFor="h5-signup-title">{T.signUpTitle}</label>
          <input id="h5-signup-title" className="h5-input" maxLength={100} value={form.title} onChange={(e) => set({ title: e.target.value })} />
          <label htmlFor="h5-signup-author">{T.signUpAuthor}</label>
          <input id="h5-signup-author" className="h5-input" maxLength={100} value={form.author} onChange={(e) => set({ author: e.target.value })} />
          <label htmlFor="h5-signup-intro">{T.signUpIntro}</label>
          <textarea id="h5-signup-intro" className="h5-input" rows={4} maxLength={5000} value={form.intro} onChange={(e) => set({ intro: e.target.value })} />
          <label htmlFor="h5-signup-cover">{T.signUpCover}</label>
          <ReaderFilesInput id="h5-signup-cover" files={form.cover} max={1} accept="image/*" onChange={(cover) => set({ cover })} />
          <label htmlFor="h5-signup-media">{T.signUpMedia}</label>
          <ReaderFilesInput id="h5-signup-media" files={form.media} max={SIGNUP_MEDIA_MAX} onChange={(media) => set({ media })} />
        </H5Form>
      )}
    </section>
  );
}
