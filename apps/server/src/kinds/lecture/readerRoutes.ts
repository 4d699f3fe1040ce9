import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { lectureBeatBodySchema, lectureConfigOf, lecturePlayBodySchema, LECTURE_MEDIA_TYPES, type LectureMediaType } from '@huodong/domain';
import { activities, lectureProgress, readers } from '../../db/schema.js';
import { orgOf, readerOf } from '../../auth/access.js';
import { passGate, seenBy } from '../../participation/gate.js';
import { idempotent } from '../../participation/idempotency.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';
import { originOf } from '../../http/origin.js';
import { BeatMemory, heartbeat, itemsOf, learnerOf, LECTURE_TYPE, shownProgress, startPlay } from './progress.js';

const config = { access: 'reader' as const };

/**
 * The reader calls of a lecture on demand (type 19, design §11, issue 25): the items with my
 * progress, the start of a play (through the participation gate, joining the reader, idempotent
 * by `request_id`), and the heartbeat every 10 s (its own cheap path: `progress.ts`).
 */
export async function lectureReaderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const memory = new BeatMemory();

  /** `GET /client/activities/{id}/lecture`: the settings, the items in order with my progress (resume position, watched share, finished), my lecture progress. */
  r.get('/v1/:org/client/activities/:id/lecture', { config, schema: { params: actParams } }, async (request) => {
    const readerId = readerOf(request).id;
    const [row] = await db.select().from(readers).where(eq(readers.id, readerId));
    const [found] = await db.select().from(activities).where(and(eq(activities.id, request.params.id), eq(activities.org_id, orgOf(request).id), eq(activities.type, LECTURE_TYPE)));
    const { act } = await seenBy(db, row, found);
    const c = lectureConfigOf(act.config);
    const items = await itemsOf(db, act.id);
    const mine = items.length ? await db.select().from(lectureProgress).where(and(eq(lectureProgress.reader_id, readerId), inArray(lectureProgress.item_id, items.map((i) => i.id)))) : [];
    const byItem = new Map(mine.map((p) => [p.item_id, p]));
    return {
      activity: { id: act.id, title: act.title, cover: act.cover, profile: act.profile, start_at: act.start_at, end_at: act.end_at, speaker: (act.config as { speaker?: string } | null)?.speaker ?? '' },
      settings: { threshold_pct: c.threshold_pct, require_all_required: c.require_all_required, ban_seek_forward: c.ban_seek_forward, max_rate: c.max_rate, quiz_act_id: c.quiz_act_id, heartbeat_sec: 10 },
      items: items.map((i) => ({
        id: i.id,
        title: i.title,
        media_type: i.media_type,
        media_label: LECTURE_MEDIA_TYPES[i.media_type as LectureMediaType] ?? i.media_type,
        url: i.media_type === 'video' ? i.video : i.media_type === 'audio' ? i.audio : i.media_type === 'pdf' ? i.pdf : i.link,
        audio_title: i.audio_title,
        artist: i.artist,
        duration_sec: i.duration_sec,
        speaker: i.speaker,
        intro: i.intro,
        is_required: i.is_required,
        progress: shownProgress(byItem.get(i.id), i),
      })),
      progress: await learnerOf(db, act.id, readerId),
    };
  });

  /** `POST /client/activities/{id}/lecture/play`: a play of one item starts; answers its play number (the beats name it) and where to resume. */
  r.post('/v1/:org/client/activities/:id/lecture/play', { config, schema: { params: actParams, body: lecturePlayBodySchema } }, (request) =>
    idempotent(db, request, request.body.request_id, async (tx) => {
      const { act, reader, now } = await passGate(tx, request, request.params.id, LECTURE_TYPE, { action: 'join', join: true });
      const answer = await startPlay(tx, act, reader.id, request.body.item_id, now, originOf(request));
      if (answer.lecture?.points) app.jobs.kickAfter(request);
      return answer;
    }),
  );

  /** `POST /client/activities/{id}/lecture/heartbeat`: every 10 s of a play (position, rate, playing); a repeated `seq` is a no-op. */
  // The token checked in the beat's one statement when not remembered (tokenInWrite): a reader's beats come every 10 s, the remembered token's bound.
  r.post('/v1/:org/client/activities/:id/lecture/heartbeat', { config: { ...config, tokenInWrite: true }, schema: { params: actParams, body: lectureBeatBodySchema } }, async (request) => {
    const answer = await heartbeat(db, request, request.params.id, request.body, nowSec(), memory);
    // The lecture completed by this beat: its certificate's job runs once the answer is sent.
    if ('lecture' in answer && answer.lecture?.points) app.jobs.kickAfter(request);
    return answer;
  });
}
