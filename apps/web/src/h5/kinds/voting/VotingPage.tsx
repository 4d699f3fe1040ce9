import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from 'antd-mobile';
import type { VoteQuota } from '@huodong/domain';
import type { CaptchaResponse } from '@huodong/domain/api';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderList, useReaderRead, useReaderSession } from '../../reader';
import { H5Page, WriteOutcome } from '../../H5Page';
import { VOTE_TEXTS as T } from './texts';

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
 * with the reader's new comment. Writes keep their request id across retries.
 */
export function VotingPage() {
  const { org, signOut } = useReaderSession();
  const id = useParams().id!;
  const sources = useReaderRead<Sources>(`/activities/${id}/sources`);
  const quota = useReaderRead<VoteQuota>(`/activities/${id}/vote-quota`);
  const act = useReaderRead<{ title: string }>(`/activities/${id}`);
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
  return (
    <section aria-label={T.commentsOf(source.title)} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
      <WriteOutcome failure={failure} done={busy ? null : answer && (answer.status === 1 ? T.commented : answer.status === 2 ? T.commentRejected(answer.reason) : T.commentPending)} doneRefused={answer?.status === 2} />
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 6 }}>
        {T.yourComment}
      </label>
      <textarea id={inputId} className="h5-input" rows={3} value={content} onChange={(e) => setContent(e.target.value)} />
      <Button block size="large" color="primary" style={{ marginTop: 8 }} loading={busy} onClick={attempt}>
        {T.send}
      </Button>
      {list.error && (
        <p role="alert" className="h5-refusal">
          {list.error}
        </p>
      )}
      {list.items && list.items.length === 0 && <p className="h5-muted">{T.noComments}</p>}
      <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {list.items?.map((c) => (
          <li key={c.id} data-testid="h5-comment" style={{ borderTop: '1px solid #f5f5f5', padding: '6px 0' }}>
            <CommentLine c={c} />
            {c.replies && c.replies.length > 0 && (
              <ul aria-label={T.replies} style={{ listStyle: 'none', paddingLeft: 16, margin: 0 }}>
                {c.replies.map((r) => (
                  <li key={r.id}>
                    <CommentLine c={r} />
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

function CommentLine({ c }: { c: Comment }) {
  return (
    <p style={{ margin: '2px 0' }}>
      <strong>{c.is_official ? T.official : c.author}</strong>：{c.content}
      {c.status === 0 && <span className="h5-muted">{T.pendingMark}</span>}
    </p>
  );
}
