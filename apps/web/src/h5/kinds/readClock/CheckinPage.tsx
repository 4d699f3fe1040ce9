import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, TextArea } from 'antd-mobile';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page, WriteOutcome } from '../../H5Page';
import { H5_TEXTS as T } from '../../texts';

interface CalendarDay {
  day: string;
  status: number | null;
  is_makeup: number;
  future: boolean;
  /** A make-up of the day would be taken now (the server's rule, the count included). */
  can_make_up: boolean;
}
interface Checkin {
  activity: { id: number; title: string };
  today: string;
  scheduled_today: boolean;
  today_mark: { day: string; content: string } | null;
  total_days: number;
  current_streak: number;
  longest_streak: number;
  makeups_left: number;
  settings: { min_words: number; max_words: number; reading_minutes: number; makeup_enabled: boolean };
  calendar: CalendarDay[];
}

const shortDay = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** A day's state in the calendar: 1 counted, 0 waiting for review, none yet (missed when past). */
function dayState(d: CalendarDay, today: string): { cls: string; label: string } {
  if (d.status === 1) return { cls: 'marked', label: d.is_makeup ? T.dayMadeUp : T.dayMarked };
  if (d.status === 0) return { cls: '', label: T.dayPending };
  if (d.future || d.day === today) return { cls: '', label: d.day === today ? T.today : T.dayFuture };
  return { cls: 'missed', label: T.dayMissed };
}

/**
 * Reading check-in (type 8, `kinds/readClock/readerRoutes.ts`): today's mark with its content, a
 * missed day made up (within the days and the number allowed), the calendar and the streaks. A
 * write that got no answer is sent again with the same `request_id` (useReaderAttempt), so it
 * counts once; a refusal (the gate's or the content rules') is shown in the server's words.
 */
export function CheckinPage() {
  const { org, signOut } = useReaderSession();
  const id = useParams().id!;
  const { data, error, reload } = useReaderRead<Checkin>(`/activities/${id}/checkin`);
  const [content, setContent] = useState('');
  const [minutes, setMinutes] = useState('');
  const [makeupDay, setMakeupDay] = useState<string | null>(null);
  const send = useCallback(
    (nonce: string) => {
      const body = { request_id: nonce, content, ...(minutes ? { reading_minutes: Number(minutes) } : {}) };
      return makeupDay ? readerClient.call<object>(org, 'POST', `/activities/${id}/makeups`, { ...body, day: makeupDay }) : readerClient.call<object>(org, 'POST', `/activities/${id}/marks`, body);
    },
    [org, id, makeupDay, content, minutes],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  // Answered: the form is done and the figures are read again. Not answered (the network): the
  // same content stays for the retry, which sends the same request id.
  useEffect(() => {
    if (!answer) return;
    setContent('');
    setMinutes('');
    setMakeupDay(null);
    reload();
  }, [answer, reload]);
  const writing = data && (makeupDay || (data.scheduled_today && !data.today_mark));
  return (
    <H5Page title={data?.activity.title ?? T.checkin} testId="h5-checkin" error={error} loading={!data}>
      {data && (
        <>
          <section className="h5-panel h5-figures" aria-label={T.checkin}>
            <div>
              <strong>{T.days(data.current_streak)}</strong>
              {T.currentStreak}
            </div>
            <div>
              <strong>{T.days(data.longest_streak)}</strong>
              {T.longestStreak}
            </div>
            <div>
              <strong>{T.days(data.total_days)}</strong>
              {T.totalDays}
            </div>
          </section>
          <WriteOutcome failure={failure} done={answer && T.marked} />
          <section className="h5-panel">
            <h2>{makeupDay ? T.makeupOf(makeupDay) : T.today}</h2>
            {data.today_mark && !makeupDay && <p className="h5-ok">{T.todayDone}：{data.today_mark.content}</p>}
            {!data.scheduled_today && !makeupDay && <p className="h5-muted">{T.notScheduled}</p>}
            {writing && (
              <>
                <label htmlFor="h5-mark-content" style={{ display: 'block', marginBottom: 6 }}>
                  {T.content}
                </label>
                <TextArea id="h5-mark-content" value={content} onChange={setContent} rows={4} maxLength={data.settings.max_words} showCount placeholder={data.settings.min_words > 0 ? `至少${data.settings.min_words}个字` : undefined} />
                {data.settings.reading_minutes > 0 && (
                  <>
                    <label htmlFor="h5-mark-minutes" style={{ display: 'block', margin: '12px 0 6px' }}>
                      {T.readingMinutes}
                    </label>
                    <input id="h5-mark-minutes" className="h5-input" type="number" inputMode="numeric" min={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
                  </>
                )}
                <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
                  {makeupDay && (
                    <Button block size="large" onClick={() => setMakeupDay(null)}>
                      {T.cancel}
                    </Button>
                  )}
                  <Button block size="large" color="primary" loading={busy} onClick={attempt}>
                    {makeupDay ? T.makeup : T.mark}
                  </Button>
                </div>
              </>
            )}
          </section>
          <section className="h5-panel">
            <h2>{T.calendar}</h2>
            {data.settings.makeup_enabled && <p className="h5-muted">{T.makeupsLeft(data.makeups_left)}</p>}
            <ul className="h5-calendar">
              {data.calendar.map((d) => {
                const s = dayState(d, data.today);
                return (
                  <li key={d.day} className={s.cls} aria-label={`${shortDay(d.day)} ${s.label}`}>
                    <div>{shortDay(d.day)}</div>
                    <div>{s.label}</div>
                    {d.can_make_up && (
                      <button type="button" aria-label={`${T.makeup} ${shortDay(d.day)}`} onClick={() => setMakeupDay(d.day)}>
                        {T.makeup}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </H5Page>
  );
}
