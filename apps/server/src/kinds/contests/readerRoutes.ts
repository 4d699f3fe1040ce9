import { rememberedPointsConfig } from '../../points/ledger.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  attemptEventBody,
  CONTEST_REFUSAL,
  contestConfigOf,
  GATE,
  idParam,
  isOverdue,
  joinBodySchema,
  LEVEL_STATES,
  saveAnswersBody,
  startAttemptBody,
  submitAttemptBody,
} from '@huodong/domain';
import { keyedRead, type Db, type Tx } from '../../db/client.js';
import { activities, contestAttempts, contestLevels, readers } from '../../db/schema.js';
import { orgOf, readerIdSql, readerOf, settleReader } from '../../auth/access.js';
import { factsRefusal, GatePassed, gateFacts, passGate, plainGate, seenBy } from '../../participation/gate.js';
import { atOnce, idempotent, idempotentOwn, keptFrom, keptInStatement } from '../../participation/idempotency.js';
import {
  attemptView,
  finishAttempt,
  foldQuestionCounters,
  HeldQuestions,
  progressFactsSql,
  rankingOf,
  readerLevels,
  saveAnswers,
  saveAnswersAtOnce,
  startAttempt,
  startAttemptAtOnce,
  sweepOverdue,
  type ActivityRow,
  type AttemptRow,
  type ProgressFacts,
} from './engine.js';
import { refused } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';
import { actParams, orgParams } from '../../participation/params.js';

const attemptParams = orgParams.extend({ aid: idParam });
/** The knowledge contests: fixed or random papers (3) and levelled ones (6). */
const CONTEST_TYPES: readonly number[] = [3, 6];
/** How often the server looks for attempts past their deadline and grace, and submits them. */
export const SWEEP_INTERVAL_MS = 15_000;
/** How often the questions' counters are brought up to the attempts (foldQuestionCounters): their lag at most. */
export const FOLD_INTERVAL_MS = 2_000;

type ReaderRow = typeof readers.$inferSelect;

/** A name as other readers see it: the first and last character, the middle masked. */
export const maskedName = (name: string): string => (name.length <= 1 ? name : name.length === 2 ? `${name[0]}*` : `${name[0]}${'*'.repeat(Math.min(name.length - 2, 3))}${name[name.length - 1]}`);

/** An attempt with its activity by the attempt's key (keyedRead); locked when read in a transaction. */
const attemptWithAct = (db: Db | Tx) =>
  db.select({ attempt: contestAttempts, act: activities }).from(contestAttempts).innerJoin(activities, eq(activities.id, contestAttempts.act_id)).where(eq(contestAttempts.id, sql.placeholder('id')));
const attemptRead = keyedRead((db) => attemptWithAct(db));
const attemptLocked = keyedRead((tx) => attemptWithAct(tx).for('update', { of: contestAttempts }));

/**
 * The participant API of knowledge contests (types 3 and 6, design §15): start an attempt (the
 * paper without answers), autosave, integrity events (blur/focus; past the tab-switch limit the
 * server submits), submit, read an attempt, the levels with the reader's state, the ranking. No
 * answer or analysis leaves the server while an attempt is open. The server submits overdue
 * attempts itself: on every read of them and on a timer.
 */
export async function contestReaderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'reader' as const };

  const timer = setInterval(() => {
    sweepOverdue(db).catch((err: unknown) => app.log.error({ err }, 'contest sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  // The questions' counters, folded every few seconds and once more at the close (what is left, the next start's fold takes).
  const fold = () => foldQuestionCounters(db).catch((err: unknown) => app.log.error({ err }, 'contest counter fold failed'));
  const folding = setInterval(fold, FOLD_INTERVAL_MS);
  folding.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(folding);
    await fold();
  });
  /** The contests' questions held in memory per pool version (engine.ts HeldQuestions). */
  const held = new HeldQuestions();
  /**
   * The contests this instance's starts last passed the gate on, by id (at most 10,000): a reader's
   * first start on one of them is one statement (startAttemptAtOnce on the remembered row, the gate
   * its condition), as a check-in mark's (markAtOnce) and a booking's (bookAtOnce).
   */
  const startActs = new GatePassed();
  /**
   * The readers this instance saw with a progress row in a contest (at most 100,000): their next
   * start reads the row with the gate's facts rather than trying the first start's one statement
   * (which assumes none and would be undone). A hint only: a start elsewhere is undone and read then.
   */
  const started = new Set<string>();
  const startedHere = (actId: number, readerId: number) => {
    if (started.size >= 100_000) started.clear();
    started.add(`${actId}:${readerId}`);
  };
  const hasStarted = (actId: number, readerId: number) => started.has(`${actId}:${readerId}`);

  const readerRow = async (id: number, tx: Db | Tx = db) => (await tx.select().from(readers).where(eq(readers.id, id)))[0];
  const contestActivity = async (request: FastifyRequest, id: number, tx: Db | Tx = db): Promise<ActivityRow | undefined> =>
    (await tx.select().from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id))))[0];
  const isContest = (act: ActivityRow | undefined): act is ActivityRow => !!act && CONTEST_TYPES.includes(act.type);

  /** Reads: a published contest of the organisation the reader is in the scope of (else 404 like a missing one). */
  async function readable(request: FastifyRequest, id: number): Promise<{ act: ActivityRow; reader: ReaderRow }> {
    const reader = await readerRow(readerOf(request).id);
    const act = await contestActivity(request, id);
    await seenBy(db, reader, isContest(act) ? act : undefined);
    return { act: act!, reader };
  }

  /**
   * The reader's own attempt in the path's organisation (another's reads as missing) with its
   * activity, in one statement; the attempt locked when in a transaction.
   */
  async function ownAttempt(request: FastifyRequest, aid: number, tx?: Tx): Promise<{ act: ActivityRow; attempt: AttemptRow }> {
    const me = readerOf(request);
    const [found] = await (tx ? attemptLocked(tx, { id: aid }) : attemptRead(db, { id: aid }));
    if (!found || found.attempt.reader_id !== me.id || found.attempt.org_id !== orgOf(request).id) throw refused(CONTEST_REFUSAL.attemptMissing);
    return found;
  }

  /** An attempt as read: submitted by the server first when it is past its deadline and grace. */
  async function current(request: FastifyRequest, aid: number) {
    let { act, attempt } = await ownAttempt(request, aid);
    const questions = await held.of(db, act);
    if (attempt.state === 'inprogress' && isOverdue(attempt.deadline_at, nowSec())) attempt = (await db.transaction((tx) => finishAttempt(tx, act, attempt, nowSec(), true, { questions }))).attempt;
    return { act, attempt, questions };
  }

  /**
   * `POST /client/activities/{id}/attempts {request_id, level_id?, access_code?}`: the gate, then
   * a new attempt (or the open one again) with its paper — stems and options in the attempt's
   * order, never the answers. A reader's first start on a remembered contest is one statement, the
   * token checked in it when the access hook left it (`tokenInWrite`).
   */
  r.post('/v1/:org/client/activities/:id/attempts', { config: { ...config, tokenInWrite: true }, schema: { params: actParams, body: startAttemptBody.extend({ access_code: joinBodySchema.shape.access_code }) } }, async (request) => {
    const { request_id, level_id, access_code } = request.body;
    // The reader when the access hook resolved the token; else (tokenInWrite) checked in the one statement.
    const me = request.reader?.id;
    const keep = (answer: SQL, from: SQL) => keptFrom(request, request_id, answer, from);
    /** The start at once (startAttemptAtOnce), or null: the next way answers. */
    const atOnceStart = async (act: ActivityRow, progress: ProgressFacts | null, join: boolean, now: number) => {
      const questions = await held.of(db, act);
      const points = await rememberedPointsConfig(app.database, act.org_id);
      const attempt = await atOnce(() => startAttemptAtOnce(db, act, readerIdSql(request), progress, { join, points, ip: request.ip, questions, keep, now }));
      if (!attempt) return null;
      startedHere(act.id, attempt.reader_id);
      return attemptView(db, act, attempt, now, { questions, answers: [] });
    };
    // A reader's first start on a contest remembered from an earlier start, whose gate asks nothing of
    // the reader but the blacklist: ONE statement (issue 22), the gate its condition, the join and its
    // points in it. A reader this instance saw start here (a progress row) reads the gate's facts first.
    const known = startActs.known(request, request.params.id, 3);
    const at = nowSec();
    let tried = false;
    if (known && known.person_limit === 0 && (me === undefined || !hasStarted(known.id, me)) && plainGate(known, at, { accessCode: access_code })) {
      const shown = await atOnceStart(known, null, true, at);
      if (shown) return shown;
      tried = true;
    }
    // The token the statement checked (or the one left unchecked) resolved as the access hook would, refusals included.
    await settleReader(request);
    // Else two statements: the gate's facts with the reader's progress row and the answer kept for the
    // request id, then the start at once (a first join, its points included); anything else (a replay, a
    // refusal, an open attempt, a level, a join under a person_limit or renewing a cancelled one) takes the long way.
    const facts = await gateFacts(db, request, request.params.id, CONTEST_TYPES, { action: 'submit', keptRequest: request_id, also: progressFactsSql() });
    const now = nowSec();
    if (facts.act) startActs.remember(facts.act);
    if (facts.also) startedHere(request.params.id, facts.reader.id);
    if (!facts.kept && facts.act?.type === 3 && !factsRefusal(facts, now, { accessCode: access_code })) {
      // No join row: joined here (without a person_limit); a cancelled join (renewed) takes the long way.
      const join = !facts.joined;
      // A first start whose one statement was undone just now (a cap, a join alongside; rarely the remembered
      // row out of date) is not tried again: the long way answers.
      const again = join && !facts.also && tried;
      if (!again && (facts.joined?.status === 1 || (join && facts.act.person_limit === 0))) {
        const shown = await atOnceStart(facts.act, facts.also as ProgressFacts | null, join, now);
        if (shown) return shown;
      }
    }
    const done = await idempotentOwn(db, request, request_id, async (tx) => {
      // The gate (blacklist action `submit`); the reader joins at the first attempt, last in the transaction.
      const { act, reader, join } = await passGate(tx, request, request.params.id, CONTEST_TYPES, { action: 'submit', accessCode: access_code, join: 'last' });
      let level = null;
      if (act.type === 6) {
        if (level_id === undefined) throw refused(CONTEST_REFUSAL.levelRequired);
        [level] = await tx.select().from(contestLevels).where(and(eq(contestLevels.act_id, act.id), eq(contestLevels.id, level_id)));
        if (!level) throw refused(CONTEST_REFUSAL.levelMissing);
      }
      const questions = await held.of(tx, act);
      const { attempt, fresh } = await startAttempt(tx, act, level, reader, request.ip, questions);
      await join();
      return { answer: { id: attempt.id }, own: { act, attempt, questions, answers: fresh ? [] : undefined } };
    });
    // A start that committed has its attempt (new, or the open one, never overdue); a replay reads it.
    const { act, attempt, questions, answers } = done.own ?? { ...(await current(request, done.answer.id)), answers: undefined };
    startedHere(act.id, attempt.reader_id);
    return attemptView(db, act, attempt, nowSec(), { questions, answers });
  });

  /** `GET /client/attempts/{aid}`: the paper with the saved answers; after submission the result as the review settings show it. */
  r.get('/v1/:org/client/attempts/:aid', { config, schema: { params: attemptParams } }, async (request) => {
    const { act, attempt, questions } = await current(request, request.params.aid);
    return attemptView(db, act, attempt, nowSec(), { questions });
  });

  /** `PUT /client/attempts/{aid}/answers {request_id, items[{question_id, answer}]}`: autosave, while the attempt is open (deadline + grace). */
  r.put('/v1/:org/client/attempts/:aid/answers', { config, schema: { params: attemptParams, body: saveAnswersBody } }, async (request) => {
    // One statement when the save may go ahead (the answer is the count of distinct questions, as below).
    const { request_id, items } = request.body;
    const count = new Set(items.map((i) => i.question_id)).size;
    const own = { attemptId: request.params.aid, readerId: readerOf(request).id, orgId: orgOf(request).id };
    if ((await saveAnswersAtOnce(db, own, items, (when) => keptInStatement(request, request_id, { saved: count }, when))) !== null) return { saved: count };
    const saved = await idempotent(db, request, request.body.request_id, async (tx) => {
      const { act, attempt } = await ownAttempt(request, request.params.aid, tx);
      if (attempt.state !== 'inprogress') throw refused(CONTEST_REFUSAL.finished);
      if (act.is_pause) throw refused(GATE.paused);
      if (isOverdue(attempt.deadline_at, nowSec())) {
        await finishAttempt(tx, act, attempt, nowSec(), true, { locked: true });
        return { saved: 0, submitted: true };
      }
      return { saved: await saveAnswers(tx, attempt, request.body.items), submitted: false };
    });
    if (saved.submitted) throw refused(CONTEST_REFUSAL.finished);
    return { saved: saved.saved };
  });

  /**
   * `POST /client/attempts/{aid}/events {request_id, type}`: a tab switch (`blur`) is counted; past
   * the activity's limit (`tab_switch_max`, 0 = off) the server submits the attempt.
   */
  r.post('/v1/:org/client/attempts/:aid/events', { config, schema: { params: attemptParams, body: attemptEventBody } }, async (request) => {
    return idempotent(db, request, request.body.request_id, async (tx) => {
      const { act, attempt } = await ownAttempt(request, request.params.aid, tx);
      if (attempt.state !== 'inprogress') throw refused(CONTEST_REFUSAL.finished);
      const max = contestConfigOf(act.config).tab_switch_max;
      if (request.body.type === 'focus') return { switch_count: attempt.switch_count, max, submitted: false };
      const [counted] = await tx.update(contestAttempts).set({ switch_count: attempt.switch_count + 1, updated_at: nowSec() }).where(eq(contestAttempts.id, attempt.id)).returning();
      const over = max > 0 && counted.switch_count > max;
      if (over || isOverdue(attempt.deadline_at, nowSec())) await finishAttempt(tx, act, counted, nowSec(), true, { locked: true });
      return { switch_count: counted.switch_count, max, submitted: over };
    });
  });

  /** `POST /client/attempts/{aid}/submit {request_id}`: marked on the server; the answer is the attempt as the review settings show it. */
  r.post('/v1/:org/client/attempts/:aid/submit', { config, schema: { params: attemptParams, body: submitAttemptBody } }, async (request) => {
    // Read before the transaction (a read of the pool inside it would wait for it on PGlite's one connection).
    const points = await rememberedPointsConfig(request.server.database, orgOf(request).id);
    // No read of a kept answer first: a replay finds its attempt submitted, is refused inside the
    // transaction and answered the kept answer after it (idempotent); the answer is kept in the
    // attempt's own statement (issue 22).
    const requestId = request.body.request_id;
    const done = await idempotentOwn(
      db,
      request,
      requestId,
      async (tx) => {
        const { act, attempt } = await ownAttempt(request, request.params.aid, tx);
        if (attempt.state !== 'inprogress') throw refused(CONTEST_REFUSAL.finished);
        const now = nowSec();
        const questions = await held.of(tx, act);
        const keep = keptFrom(request, requestId, sql`jsonb_build_object('id', ${attempt.id}::int)`, sql`(select 1) one`);
        const finished = await finishAttempt(tx, act, attempt, now, isOverdue(attempt.deadline_at, now), { locked: true, questions, points, keep });
        return { answer: { id: finished.attempt.id }, own: { act, attempt: finished.attempt, questions, answers: finished.answers } };
      },
      { readKeptFirst: false, keptByRun: true },
    );
    // A submission that committed has all it shows at hand; a replay reads it.
    const { act, attempt, questions, answers } = done.own ?? { ...(await current(request, done.answer.id)), answers: undefined };
    return attemptView(db, act, attempt, nowSec(), { questions, answers });
  });

  /** `GET /client/activities/{id}/attempts`: the reader's own attempts of the contest, newest first. */
  r.get('/v1/:org/client/activities/:id/attempts', { config, schema: { params: actParams } }, async (request) => {
    const { act, reader } = await readable(request, request.params.id);
    await sweepOverdue(db, act.id);
    const rows = await db
      .select({ id: contestAttempts.id, level_id: contestAttempts.level_id, attempt_no: contestAttempts.attempt_no, state: contestAttempts.state, started_at: contestAttempts.started_at, submitted_at: contestAttempts.submitted_at })
      .from(contestAttempts)
      .where(and(eq(contestAttempts.act_id, act.id), eq(contestAttempts.reader_id, reader.id)))
      .orderBy(desc(contestAttempts.id))
      .limit(200);
    return { items: rows };
  });

  /** `GET /client/activities/{id}/levels`: an advanced contest's levels with the reader's state, attempts and best result. */
  r.get('/v1/:org/client/activities/:id/levels', { config, schema: { params: actParams } }, async (request) => {
    const { act, reader } = await readable(request, request.params.id);
    if (act.type !== 6) throw refused(GATE.missing);
    await sweepOverdue(db, act.id);
    const mine = await readerLevels(db, act, reader.id);
    return {
      items: mine.map(({ level, state, progress }) => ({
        id: level.id,
        sort: level.sort,
        name: level.name,
        intro: level.intro,
        time_limit: level.time_limit,
        pass_mode: level.pass_mode,
        pass_value: level.pass_value,
        attempts_per_level: level.attempts_per_level,
        attempts_per_day: level.attempts_per_day,
        open_at: level.open_at,
        reward_points: level.reward_points,
        state,
        state_label: LEVEL_STATES[state],
        attempts: progress?.attempts ?? 0,
        best_score: progress?.best_score ?? null,
        passed_at: progress?.passed_at ?? null,
        open_attempt_id: progress?.open_attempt_id ?? null,
      })),
    };
  });

  /** `GET /client/activities/{id}/ranking?limit=`: the top of the ranking (frozen after the end) and the reader's own place. */
  r.get('/v1/:org/client/activities/:id/ranking', { config, schema: { params: actParams, querystring: z.object({ limit: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '条数不能小于1').max(200, '条数不能超过200').optional() }) } }, async (request) => {
    const { act, reader } = await readable(request, request.params.id);
    const ranking = await rankingOf(db, act);
    // Other readers are shown by a masked name and their unit only (张*明).
    const strip = (i: (typeof ranking.items)[number]) => ({ rank: i.rank, name: maskedName(i.real_name || i.account), unit: i.unit, score: i.score, duration_sec: i.duration_sec, passed: i.passed });
    const mine = ranking.items.find((i) => i.reader_id === reader.id);
    return { frozen: ranking.frozen, version: ranking.version, total: ranking.items.length, items: ranking.items.slice(0, request.query.limit ?? 50).map(strip), mine: mine ? strip(mine) : null };
  });
}
