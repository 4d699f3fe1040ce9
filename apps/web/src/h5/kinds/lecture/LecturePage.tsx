import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { newNonce, readerClient } from '../../../shared/readerClient';
import type { SubjectApiError } from '../../../shared/subjectClient';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page } from '../../H5Page';
import { LECTURE_TEXTS as T } from './texts';
import './lecture.css';

interface Progress {
  resume_at: number;
  watched_sec: number;
  watched_pct: number;
  finished: number;
}
interface LectureItem {
  id: number;
  title: string;
  media_type: 'video' | 'audio' | 'pdf' | 'link';
  media_label: string;
  url: string;
  duration_sec: number;
  is_required: number;
  progress: Progress;
}
interface Lecture {
  activity: { id: number; title: string; speaker: string };
  settings: { threshold_pct: number; ban_seek_forward: 0 | 1; max_rate: number; heartbeat_sec: number };
  items: LectureItem[];
  progress: { progress_pct: number; finished: number };
}
interface Beat extends Progress {
  lecture?: { progress_pct: number; finished: boolean };
}

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * A lecture on demand (type 19, `kinds/lecture/readerRoutes.ts`): its items with the reader's
 * progress; a video or audio plays from where the reader left it, with a heartbeat every 10 s
 * (the server credits watching only from them), no seeking ahead of the watched stretch while the
 * item is unfinished when the lecture forbids it, and no rate above the lecture's maximum; a
 * document or a link counts once opened.
 */
export function LecturePage() {
  const { org, signOut } = useReaderSession();
  const id = useParams().id!;
  const { data, error } = useReaderRead<Lecture>(`/activities/${id}/lecture`);
  const [items, setItems] = useState<LectureItem[]>([]);
  const [overall, setOverall] = useState<{ progress_pct: number; finished: boolean } | null>(null);
  const [current, setCurrent] = useState<{ item: LectureItem; play: number; resumeAt: number } | null>(null);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (!data) return;
    setItems(data.items);
    setOverall({ progress_pct: data.progress.progress_pct, finished: data.progress.finished === 1 });
  }, [data]);
  const progressed = useCallback((itemId: number, p: Beat) => {
    setItems((all) => all.map((i) => (i.id === itemId ? { ...i, progress: { ...i.progress, watched_sec: p.watched_sec, watched_pct: p.watched_pct, finished: p.finished } } : i)));
    if (p.lecture) setOverall({ progress_pct: p.lecture.progress_pct, finished: p.lecture.finished });
  }, []);
  // A start that got no answer is sent again with the same request id (one play counted).
  const nonce = useRef<{ item: number; id: string } | null>(null);
  const start = async (item: LectureItem) => {
    setNotice('');
    if (nonce.current?.item !== item.id) nonce.current = { item: item.id, id: newNonce() };
    try {
      const got = await readerClient.call<Beat & { play: number }>(org, 'POST', `/activities/${id}/lecture/play`, { request_id: nonce.current.id, item_id: item.id });
      nonce.current = null;
      progressed(item.id, got);
      if (item.media_type === 'video' || item.media_type === 'audio') setCurrent({ item, play: got.play, resumeAt: got.resume_at });
    } catch (e) {
      const err = e as SubjectApiError;
      if (err.status === 401) return signOut();
      if (err.status) nonce.current = null;
      setNotice(err.message || '网络异常，请点击重试');
    }
  };
  return (
    <H5Page title={data?.activity.title ?? T.lecture} testId="h5-lecture" error={error} loading={!data}>
      {data && overall && (
        <>
          <p role="status" className={overall.finished ? 'h5-ok' : 'h5-muted'}>
            {overall.finished ? T.lectureDone : T.lectureProgress(overall.progress_pct)}
          </p>
          {notice && (
            <p role="alert" className="h5-refusal">
              {notice}
            </p>
          )}
          {current && <Player key={`${current.item.id}:${current.play}`} lecture={Number(id)} settings={data.settings} current={current} onBeat={progressed} onNotice={setNotice} />}
          <section className="h5-panel">
            <h2>{T.items}</h2>
            <p className="h5-muted">
              {T.rules(data.settings.threshold_pct)}
              {data.settings.max_rate < 16 ? `，${T.maxRate(data.settings.max_rate)}` : ''}
            </p>
            <ul className="h5-lecture-items">
              {items.map((i) => {
                const media = i.media_type === 'video' || i.media_type === 'audio';
                return (
                  <li key={i.id} aria-current={current?.item.id === i.id}>
                    <span>
                      {i.title}
                      <br />
                      <small className="h5-muted">
                        {i.media_label} · {i.is_required ? T.required : T.optional} · {i.progress.finished ? T.finished : media ? T.watched(i.progress.watched_pct) : ''}
                        {media && !i.progress.finished && i.progress.resume_at > 0 ? ` · ${T.resumeAt(clock(i.progress.resume_at))}` : ''}
                      </small>
                    </span>
                    {media ? (
                      <button type="button" aria-label={`${T.play} ${i.title}`} onClick={() => void start(i)}>
                        {current?.item.id === i.id ? T.playing : T.play}
                      </button>
                    ) : (
                      <a href={i.url} target="_blank" rel="noreferrer" aria-label={`${T.open} ${i.title}`} onClick={() => void start(i)}>
                        {T.open}
                      </a>
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

/**
 * One play of a video or audio item: resumes at the server's position; beats every
 * `heartbeat_sec` while playing and once at a pause or the end (a beat that got no answer is sent
 * again, same play and seq: the server counts it once); a seek ahead of the furthest point
 * watched is undone while seeking is banned; the rate is held to the maximum.
 */
function Player({
  lecture,
  settings,
  current,
  onBeat,
  onNotice,
}: {
  lecture: number;
  settings: Lecture['settings'];
  current: { item: LectureItem; play: number; resumeAt: number };
  onBeat: (itemId: number, p: Beat) => void;
  onNotice: (text: string) => void;
}) {
  const { org, signOut } = useReaderSession();
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const seq = useRef(0);
  const unsent = useRef<object | null>(null);
  const furthest = useRef(current.resumeAt);
  const last = useRef(current.resumeAt);
  const finished = useRef(current.item.progress.finished === 1);
  const { item } = current;

  const beat = useCallback(async () => {
    const el = media.current;
    if (!el) return;
    const send = async (body: object) => {
      try {
        const got = await readerClient.call<Beat>(org, 'POST', `/activities/${lecture}/lecture/heartbeat`, body);
        if (got.finished) finished.current = true;
        onBeat(item.id, got);
        return true;
      } catch (e) {
        const err = e as SubjectApiError & { data?: unknown };
        if (err.status === 401) signOut();
        else if (err.status === 422 && err.message === T.noSeek) {
          el.currentTime = last.current;
          onNotice(T.noSeek);
        } else if (err.status) onNotice(err.message);
        return !!err.status;
      }
    };
    if (unsent.current && (await send(unsent.current))) unsent.current = null;
    if (unsent.current) return;
    seq.current += 1;
    const body = { item_id: item.id, play: current.play, seq: seq.current, position: Math.round(el.currentTime * 10) / 10, rate: el.playbackRate, playing: true };
    if (!(await send(body))) unsent.current = body;
  }, [org, lecture, item.id, current.play, onBeat, onNotice, signOut]);

  useEffect(() => {
    const el = media.current!;
    const started = () => {
      if (current.resumeAt > 0 && el.duration && current.resumeAt < el.duration) el.currentTime = current.resumeAt;
    };
    let timer: ReturnType<typeof setInterval> | null = null;
    const stopTimer = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const playing = () => {
      stopTimer();
      timer = setInterval(() => void beat(), settings.heartbeat_sec * 1000);
    };
    const paused = () => {
      stopTimer();
      void beat();
    };
    const timeupdate = () => {
      // a small step is playing; a jump is a seek (handled in `seeking`)
      if (!el.seeking && el.currentTime - last.current <= 2) furthest.current = Math.max(furthest.current, el.currentTime);
      last.current = el.currentTime;
    };
    const seeking = () => {
      if (settings.ban_seek_forward && !finished.current && el.currentTime > furthest.current + 1) {
        el.currentTime = furthest.current;
        onNotice(T.noSeek);
      }
      last.current = el.currentTime;
    };
    const rate = () => {
      if (el.playbackRate > settings.max_rate) {
        el.playbackRate = settings.max_rate;
        onNotice(T.maxRate(settings.max_rate));
      }
    };
    el.addEventListener('loadedmetadata', started);
    el.addEventListener('play', playing);
    el.addEventListener('pause', paused);
    el.addEventListener('timeupdate', timeupdate);
    el.addEventListener('seeking', seeking);
    el.addEventListener('ratechange', rate);
    return () => {
      stopTimer();
      el.removeEventListener('loadedmetadata', started);
      el.removeEventListener('play', playing);
      el.removeEventListener('pause', paused);
      el.removeEventListener('timeupdate', timeupdate);
      el.removeEventListener('seeking', seeking);
      el.removeEventListener('ratechange', rate);
    };
  }, [beat, current.resumeAt, settings, onNotice]);

  return (
    <section className="h5-panel h5-player" aria-label={item.title}>
      <h2>{item.title}</h2>
      {item.media_type === 'video' ? (
        <video ref={media} src={item.url} controls playsInline preload="metadata" aria-label={item.title} />
      ) : (
        <audio ref={media} src={item.url} controls preload="metadata" aria-label={item.title} />
      )}
    </section>
  );
}
