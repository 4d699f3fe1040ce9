import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import {
  CERT_COMPLETION_JOB,
  GATE,
  heartbeatRefusal,
  heartbeatStep,
  itemFinished,
  LECTURE_TEXTS,
  lectureConfigOf,
  lectureProgress as progressOf,
  watchedPct,
  type GateActivity,
  type LectureBeatBody,
  type PointRuleKey,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, lectureItems, lectureLearners, lectureProgress as P } from '../../db/schema.js';
import { HttpError, refused, validationError } from '../../http/errors.js';
import { bearerHash, deferredTokenHash, orgOf, readerOf, readerOfToken, settleReader } from '../../auth/access.js';
import { postPoints } from '../../points/ledger.js';
import { enqueueJob } from '../../jobs/runner.js';
import { originOf } from '../../http/origin.js';
import type { ActivityRow } from '../kind.js';

export const LECTURE_TYPE = 19;
type ItemRow = typeof lectureItems.$inferSelect;
type ProgressRow = typeof P.$inferSelect;

/** A reader's progress on an item as the reader sees it. */
export const shownProgress = (p: Pick<ProgressRow, 'last_position' | 'watched_sec' | 'real_sec' | 'finished' | 'play_count'> | undefined, item: Pick<ItemRow, 'duration_sec'>) => ({
  resume_at: p ? (item.duration_sec > 0 && p.last_position >= item.duration_sec - 1 ? 0 : p.last_position) : 0,
  watched_sec: p?.watched_sec ?? 0,
  watched_pct: p ? watchedPct(p.watched_sec, item.duration_sec) : 0,
  learn_sec: p?.real_sec ?? 0,
  finished: p?.finished ?? 0,
  plays: p?.play_count ?? 0,
});

/** The lecture's playable items (not disabled), in order. */
export const itemsOf = (db: Db | Tx, actId: number) =>
  db.select().from(lectureItems).where(and(eq(lectureItems.act_id, actId), eq(lectureItems.is_pause, 0))).orderBy(asc(lectureItems.sort), asc(lectureItems.id));

export interface LectureDone {
  finished_items: number;
  progress_pct: number;
  finished: boolean;
  points?: { rule: PointRuleKey; status: string; delta?: number };
}

/**
 * An item of the reader finished (in the transaction that finished it): the learner's row is
 * locked first, so that two items finished at once count each other; then the items finished are
 * counted, the lecture's progress written, and on the lecture's completion its points posted once
 * (`lecture_complete`, the ledger's key per activity) in the same transaction, and the completion
 * queued for the certificates kind (`CERT_COMPLETION_JOB`, keyed per activity and reader: it issues
 * by the activity's rule, once). `origin` is the site's as the reader reached it (the certificate's check link).
 */
export async function itemDone(tx: Tx, act: ActivityRow, readerId: number, now: number, origin: string): Promise<LectureDone> {
  const [was] = await tx
    .select({ finished: lectureLearners.finished })
    .from(lectureLearners)
    .where(and(eq(lectureLearners.act_id, act.id), eq(lectureLearners.reader_id, readerId)))
    .for('update');
  const items = await tx
    .select({ is_required: lectureItems.is_required, finished: sql<number>`coalesce(${P.finished}, 0)` })
    .from(lectureItems)
    .leftJoin(P, and(eq(P.item_id, lectureItems.id), eq(P.reader_id, readerId)))
    .where(and(eq(lectureItems.act_id, act.id), eq(lectureItems.is_pause, 0)));
  const lp = progressOf(items.map((i) => ({ is_required: i.is_required, finished: Number(i.finished) === 1 })), lectureConfigOf(act.config));
  const completes = lp.finished && was?.finished !== 1;
  await tx
    .update(lectureLearners)
    .set({ finished_items: lp.finished_items, progress_pct: lp.progress_pct, ...(completes ? { finished: 1, finished_at: now } : {}), updated_at: now })
    .where(and(eq(lectureLearners.act_id, act.id), eq(lectureLearners.reader_id, readerId)));
  const out: LectureDone = { finished_items: lp.finished_items, progress_pct: lp.progress_pct, finished: lp.finished || was?.finished === 1 };
  if (completes) {
    const got = await postPoints(tx, { orgId: act.org_id, readerId, actId: act.id, rule: 'lecture_complete', source: { type: 'lecture', id: act.id }, key: `lecture_complete:${act.id}` });
    out.points = { rule: 'lecture_complete', status: got.status, ...('delta' in got ? { delta: got.delta } : {}) };
    await enqueueJob(tx, CERT_COMPLETION_JOB, { act_id: act.id, reader_id: readerId, origin }, { key: `${CERT_COMPLETION_JOB}:${act.id}:${readerId}`, orgId: act.org_id });
  }
  return out;
}

/**
 * The start of a play of one item (after the gate, in the reader's idempotent transaction): the
 * progress row made or its play counted (the beats of an earlier play are stale from now on), the
 * learner's row made or touched; a document or a link is finished by opening it.
 */
export async function startPlay(tx: Tx, act: ActivityRow, readerId: number, itemId: number, now: number, origin: string) {
  const [item] = await tx.select().from(lectureItems).where(and(eq(lectureItems.id, itemId), eq(lectureItems.act_id, act.id), eq(lectureItems.is_pause, 0)));
  if (!item) throw validationError([{ field: 'item_id', message: LECTURE_TEXTS.itemMissing }]);
  await tx
    .insert(lectureLearners)
    .values({ org_id: act.org_id, act_id: act.id, reader_id: readerId, last_item_id: item.id, last_at: now, created_at: now, updated_at: now })
    .onConflictDoUpdate({ target: [lectureLearners.act_id, lectureLearners.reader_id], set: { last_item_id: item.id, last_at: now } });
  const opened = item.duration_sec <= 0;
  const [before] = await tx.select({ finished: P.finished }).from(P).where(and(eq(P.item_id, item.id), eq(P.reader_id, readerId)));
  const [p] = await tx
    .insert(P)
    .values({ org_id: act.org_id, act_id: act.id, item_id: item.id, reader_id: readerId, play_count: 1, last_beat_at: now, ...(opened ? { finished: 1, finished_at: now } : {}), created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: [P.item_id, P.reader_id],
      set: { play_count: sql`${P.play_count} + 1`, last_seq: 0, last_beat_at: now, version: sql`${P.version} + 1`, updated_at: now, ...(opened ? { finished: 1, finished_at: sql`coalesce(${P.finished_at}, ${now}::bigint)` } : {}) },
    })
    .returning();
  const lecture = opened && before?.finished !== 1 ? await itemDone(tx, act, readerId, now, origin) : undefined;
  return { item_id: item.id, play: p.play_count, ...shownProgress(p, item), ...(lecture ? { lecture } : {}) };
}

type BeatRow = { act: ActivityRow; item_id: number | null; duration_sec: number | null; p: ProgressRow | null };

/** The activity of the path (the organisation's, type 19) with the item and the reader's progress on it, in one statement. */
async function beatFacts(db: Db, request: FastifyRequest, actId: number, itemId: number): Promise<BeatRow | undefined> {
  const [row] = await db
    .select({ act: activities, item_id: lectureItems.id, duration_sec: lectureItems.duration_sec, p: P })
    .from(activities)
    .leftJoin(lectureItems, and(eq(lectureItems.id, itemId), eq(lectureItems.act_id, activities.id), eq(lectureItems.is_pause, 0)))
    .leftJoin(P, and(eq(P.item_id, lectureItems.id), eq(P.reader_id, readerOf(request).id)))
    .where(and(eq(activities.id, actId), eq(activities.org_id, orgOf(request).id), eq(activities.type, LECTURE_TYPE)));
  return row;
}

/** What a beat credits on: the activity, the item's duration and the reader's progress row as last read or written. */
interface BeatBasis {
  act: ActivityRow;
  duration: number;
  p: ProgressRow;
}

/**
 * The progress rows this instance's beats last wrote, with what they were credited on, by reader
 * and item (at most `max`, the oldest forgotten first). A beat of a row it knows skips the read:
 * its one update is guarded by the row's version and by the activity and item as they were then
 * (its settings and the item's duration unchanged, not paused, running); when the guard fails (a play began, another instance
 * wrote, an administrator changed something) the beat takes the long way and reads.
 */
export class BeatMemory {
  private readonly rows = new Map<string, BeatBasis>();
  /** The reader of each token a beat settled (a hint: the remembered beat's statement checks the token against the row's reader). */
  private readonly tokenReaders = new Map<string, number>();
  constructor(private readonly max = 50_000) {}
  readerOfToken(hash: string): number | undefined {
    return this.tokenReaders.get(hash);
  }
  tokenOf(hash: string, readerId: number): void {
    if (this.tokenReaders.size >= this.max) this.tokenReaders.clear();
    this.tokenReaders.set(hash, readerId);
  }
  get(key: string): BeatBasis | undefined {
    return this.rows.get(key);
  }
  set(key: string, basis: BeatBasis): void {
    this.rows.delete(key);
    this.rows.set(key, basis);
    if (this.rows.size > this.max) this.rows.delete(this.rows.keys().next().value!);
  }
  delete(key: string): void {
    this.rows.delete(key);
  }
}

/** The activity and the item as a remembered basis saw them, still running and not paused: the guard of a beat that did not read. */
const unchangedSince = (b: BeatBasis, now: number) =>
  and(
    sql`exists (select 1 from ${activities} a where a.id = ${b.act.id} and a.config = ${JSON.stringify(b.act.config ?? {})}::jsonb and a.is_delete = 0 and a.is_tmp = 0
      and a.is_pause = 0 and coalesce(a.state, 0) = 0 and a.start_at <= ${now}::bigint and a.end_at > ${now}::bigint)`,
    sql`exists (select 1 from ${lectureItems} i where i.id = ${b.p.item_id} and i.duration_sec = ${b.duration} and i.is_pause = 0)`,
  );

const ph = sql.placeholder;
/**
 * The remembered beat's write (`creditBeat` with the `unchangedSince` guard, an item not finishing),
 * prepared once per database: the hot path of a lecture's beats sends one named statement with its
 * values, neither built by drizzle nor parsed by the server again.
 */
const preparedBeats = new WeakMap<Db, ReturnType<typeof prepareBeat>>();
const prepareBeat = (db: Db) =>
  db
    .update(P)
    .set({
      last_position: sql`${ph('position')}::float8`,
      last_beat_at: sql`${ph('now')}::bigint`,
      last_seq: sql`${ph('seq')}::int`,
      ranges: sql`${ph('ranges')}::jsonb`,
      watched_sec: sql`${ph('watched')}::float8`,
      real_sec: sql`${P.real_sec} + ${ph('credit')}::float8`,
      version: sql`${P.version} + 1`,
      updated_at: sql`${ph('now')}::bigint`,
    })
    .where(
      and(
        eq(P.id, ph('id')),
        eq(P.version, ph('version')),
        sql`exists (select 1 from ${activities} a where a.id = ${ph('act')}::int and a.config = ${ph('config')}::jsonb and a.is_delete = 0 and a.is_tmp = 0
          and a.is_pause = 0 and coalesce(a.state, 0) = 0 and a.start_at <= ${ph('now')}::bigint and a.end_at > ${ph('now')}::bigint)`,
        sql`exists (select 1 from ${lectureItems} i where i.id = ${ph('item')}::int and i.duration_sec = ${ph('duration')}::int and i.is_pause = 0)`,
        // A token the access hook left to the beat (tokenInWrite): the row's reader's, as the hook requires.
        sql`(${ph('token')}::varchar is null or ${readerOfToken(sql`${ph('token')}::varchar`, sql`${ph('org')}::int`, sql`${ph('nowMs')}::bigint`)} = ${P.reader_id})`,
      ),
    )
    .returning()
    .prepare('lecture_beat');
const preparedBeatOf = (db: Db) => {
  let q = preparedBeats.get(db);
  if (!q) preparedBeats.set(db, (q = prepareBeat(db)));
  return q;
};

/** How many times a beat reads again after another beat of the same row wrote first. */
const BEAT_TRIES = 5;

/**
 * A heartbeat (design §11b), cheap: one statement reads the activity, the item and the reader's
 * progress (skipped when this instance wrote the row last: `BeatMemory`); the domain's
 * `heartbeatStep` credits it; one conditional update writes it, guarded by the row's version (a
 * beat that lost against another of the same row reads again). A beat of an older play or a
 * repeated sequence number is a no-op answering the progress as it is. Only the beat that
 * finishes the item takes a transaction (the lecture's progress and points).
 */
export async function heartbeat(db: Db, request: FastifyRequest, actId: number, body: LectureBeatBody, now: number, memory: BeatMemory) {
  // A token the access hook left to the beat (tokenInWrite, not remembered): its reader as this instance last saw it, checked in the statement.
  const token = deferredTokenHash(request);
  const readerId = request.reader?.id ?? (token ? memory.readerOfToken(token) : undefined);
  const known = readerId === undefined ? undefined : memory.get(`${readerId}:${body.item_id}`);
  // Remembered: a new beat of the same play (a repeat, a refusal or a failed guard takes the long way).
  if (known && known.act.id === actId && known.act.org_id === orgOf(request).id && body.play === known.p.play_count && body.seq > known.p.last_seq) {
    const answer = await creditBeat(db, known, body, now, originOf(request), { token, org: orgOf(request).id });
    if (answer && answer !== 'refused') {
      memory.set(`${readerId}:${body.item_id}`, answer.basis);
      return answer.shown;
    }
  }
  // The long way: the token resolved as the access hook would (its refusals), then the facts read.
  const reader = await settleReader(request);
  // The token's reader, for its beats once the token is no longer remembered.
  const hash = token ?? bearerHash(request);
  if (hash && memory.readerOfToken(hash) !== reader.id) memory.tokenOf(hash, reader.id);
  const key = `${reader.id}:${body.item_id}`;
  memory.delete(key);
  for (let attempt = 0; attempt < BEAT_TRIES; attempt++) {
    const facts = await beatFacts(db, request, actId, body.item_id);
    const refusal = heartbeatRefusal(facts?.act as GateActivity | undefined, now);
    if (refusal || !facts) throw refused(refusal ?? GATE.missing);
    const { act, p } = facts;
    if (facts.item_id === null) throw validationError([{ field: 'item_id', message: LECTURE_TEXTS.itemMissing }]);
    if (!p) throw validationError([{ field: 'item_id', message: LECTURE_TEXTS.notPlaying }]);
    const basis: BeatBasis = { act, duration: facts.duration_sec ?? 0, p };
    if (body.play !== p.play_count || body.seq <= p.last_seq) return { duplicate: true, play: p.play_count, seq: p.last_seq, credited: 0, ...shownProgress(p, { duration_sec: basis.duration }) };
    const answer = await creditBeat(db, basis, body, now, originOf(request));
    if (answer === 'refused') {
      const step = stepOf(basis, body, now);
      throw new HttpError(422, LECTURE_TEXTS.seekAhead, { errors: [{ field: 'position', message: LECTURE_TEXTS.seekAhead }], resume_at: step.refused ? step.resume_at : p.last_position });
    }
    if (!answer) continue;
    memory.set(key, answer.basis);
    return answer.shown;
  }
  throw new HttpError(409, '操作过于频繁，请稍后再试');
}

const stepOf = (b: BeatBasis, body: LectureBeatBody, now: number) => {
  const c = lectureConfigOf(b.act.config);
  return heartbeatStep({ last_position: b.p.last_position, last_beat_at: b.p.last_beat_at, ranges: b.p.ranges, finished: b.p.finished === 1 }, body, { max_rate: c.max_rate, ban_seek_forward: c.ban_seek_forward, duration: b.duration }, now);
};

/**
 * A beat credited on `b` and written by one update guarded by the row's version (and `guard`):
 * the answer and the basis of the next beat; 'refused' for a seek ahead; undefined when the guard
 * failed (nothing written).
 */
async function creditBeat(db: Db, b: BeatBasis, body: LectureBeatBody, now: number, origin: string, remembered?: { token: string | null; org: number }) {
  const step = stepOf(b, body, now);
  if (step.refused) return 'refused' as const;
  const { p } = b;
  const c = lectureConfigOf(b.act.config);
  const finishes = p.finished !== 1 && itemFinished(step.watched_sec, b.duration, c.threshold_pct);
  const write = (q: Db | Tx) =>
    q
      .update(P)
      .set({
        last_position: step.position,
        last_beat_at: now,
        last_seq: body.seq,
        ranges: step.ranges,
        watched_sec: step.watched_sec,
        real_sec: sql`${P.real_sec} + ${step.credit}`,
        version: sql`${P.version} + 1`,
        updated_at: now,
        ...(finishes ? { finished: 1, finished_at: now } : {}),
      })
      .where(and(eq(P.id, p.id), eq(P.version, p.version), remembered ? unchangedSince(b, now) : undefined))
      .returning();
  const done = finishes
    ? await db.transaction(async (tx) => {
        const [w] = await write(tx);
        return w ? { w, lecture: await itemDone(tx, b.act, p.reader_id, now, origin) } : undefined;
      })
    : await (remembered
        ? preparedBeatOf(db).execute({
            position: step.position,
            now,
            seq: body.seq,
            ranges: JSON.stringify(step.ranges),
            watched: step.watched_sec,
            credit: step.credit,
            id: p.id,
            version: p.version,
            act: b.act.id,
            config: JSON.stringify(b.act.config ?? {}),
            item: p.item_id,
            duration: b.duration,
            token: remembered.token,
            org: remembered.org,
            nowMs: Date.now(),
          })
        : write(db)
      ).then(([w]) => (w ? { w, lecture: undefined } : undefined));
  if (!done) return undefined;
  const shown = { duplicate: false, play: p.play_count, seq: body.seq, credited: step.credit, ...shownProgress(done.w, { duration_sec: b.duration }), resume_at: step.position, ...(done.lecture ? { lecture: done.lecture } : {}) };
  return { shown, basis: { ...b, p: done.w } };
}

/** The reader's progress on a lecture (learner row), or a blank one. */
export async function learnerOf(db: Db, actId: number, readerId: number) {
  const [row] = await db
    .select({ finished_items: lectureLearners.finished_items, progress_pct: lectureLearners.progress_pct, finished: lectureLearners.finished, finished_at: lectureLearners.finished_at, last_item_id: lectureLearners.last_item_id })
    .from(lectureLearners)
    .where(and(eq(lectureLearners.act_id, actId), eq(lectureLearners.reader_id, readerId)));
  return row ?? { finished_items: 0, progress_pct: 0, finished: 0, finished_at: null, last_item_id: null };
}
