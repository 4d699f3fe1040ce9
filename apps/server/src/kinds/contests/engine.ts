import { earningsInStatement, earningsOnly, postPoints, type PointsConfigView } from '../../points/ledger.js';
import { firstJoinAtOnce, gateReaderParts } from '../../participation/gate.js';
import { undoneUnless } from '../../participation/idempotency.js';
import { payoutFor } from '../../payouts/payouts.js';
import { createHash } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import {
  attemptDeadline,
  attemptRefusal,
  canonicalJson,
  chinaDayKey,
  CONTEST_REFUSAL,
  contestConfigOf,
  contestRuleSchema,
  drawPaper,
  gradeOf,
  GRACE_SECONDS,
  isOverdue,
  levelPassed,
  levelStates,
  markAnswer,
  paperTotal,
  parseBlanks,
  passScoreOf,
  PoolShortError,
  poolShortfall,
  rankContest,
  rankLevels,
  round2,
  type ContestConfig,
  type ContestRule,
  type GivenAnswer,
  type LevelState,
  type PaperItem,
  type PassMode,
  type PoolQuestion,
  type QuestionType,
  type Shortfall,
} from '@huodong/domain';
import { keyedExecute, keyedRead, type Db, type Tx } from '../../db/client.js';
import { activities, contestAnswers, contestAttempts, contestLevels, contestPaperFolds, contestProgress, contestQuestions, contestRankings, questions, readers } from '../../db/schema.js';
import { notFound, refused, validationError } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The attempt engine of knowledge contests (types 3 and 6): the pool and its shortfall, starting an
 * attempt under the reader's progress row lock (limits hold under parallel starts), autosave,
 * integrity events, submission and marking on the server (also when the deadline passed: the
 * server submits by itself, on reads and on a timer), hand marks, progress by grade method and
 * rankings with a frozen snapshot at the end.
 */

import type { ActivityRow } from '../kind.js';

export type { ActivityRow };
export type LevelRow = typeof contestLevels.$inferSelect;
export type AttemptRow = typeof contestAttempts.$inferSelect;
export type QuestionRow = typeof contestQuestions.$inferSelect;
type Conn = Db | Tx;


/** What a paper is made of and what limits it, for a contest (type 3) or one of its levels (type 6). */
export interface PaperSettings {
  config: ContestConfig;
  contest_type: 1 | 2;
  rules: ContestRule[];
  time_limit: number;
  limits: { total: number; per_day: number; delay_sec: number };
  pass: { mode: PassMode; value: number } | { score: number | null };
}

const levelRules = (rules: unknown): ContestRule[] =>
  (Array.isArray(rules) ? rules : []).map((r) => contestRuleSchema.safeParse(r)).flatMap((p) => (p.success ? [p.data] : []));

export function paperSettings(act: ActivityRow, level?: LevelRow | null): PaperSettings {
  const config = contestConfigOf(act.config);
  if (level)
    return {
      config,
      contest_type: level.contest_type === 2 ? 2 : 1,
      rules: levelRules(level.rules),
      time_limit: level.time_limit,
      limits: { total: level.attempts_per_level, per_day: level.attempts_per_day, delay_sec: 0 },
      pass: { mode: level.pass_mode as PassMode, value: level.pass_value },
    };
  return {
    config,
    contest_type: config.contest_type,
    rules: config.rules,
    time_limit: act.time_limit,
    limits: { total: act.answer_limit, per_day: config.attempts_per_day, delay_sec: config.delay_between_sec },
    pass: { score: config.pass_score },
  };
}

/** A question as the draw sees it. */
const poolItem = (q: Pick<QuestionRow, 'id' | 'type' | 'difficulty' | 'category_id' | 'score' | 'sort' | 'is_must' | 'options'>): PoolQuestion => ({
  id: q.id,
  type: q.type as QuestionType,
  difficulty: q.difficulty,
  category_id: q.category_id,
  score: Number(q.score),
  sort: q.sort,
  is_must: q.is_must,
  option_keys: q.options.map((o) => o.key),
});

const ofLevel = (levelId: number | null) => (levelId === null ? isNull(contestQuestions.level_id) : eq(contestQuestions.level_id, levelId));

/** A contest's (or level's) questions as the draw sees them. */
export async function poolOf(db: Conn, actId: number, levelId: number | null): Promise<PoolQuestion[]> {
  const c = contestQuestions;
  const rows = await db
    .select({ id: c.id, type: c.type, difficulty: c.difficulty, category_id: c.category_id, score: c.score, sort: c.sort, is_must: c.is_must, options: c.options })
    .from(c)
    .where(and(eq(c.act_id, actId), ofLevel(levelId)));
  return rows.map(poolItem);
}

/** Every question of a contest, as of one pool version (its counters are not kept up to date here). */
export interface ContestQuestions {
  version: number;
  byId: Map<number, QuestionRow>;
  /** The pool of the contest (null) or of a level. */
  pool(levelId: number | null): PoolQuestion[];
}

function contestQuestionsOf(version: number, rows: QuestionRow[]): ContestQuestions {
  const pools = new Map<number | null, PoolQuestion[]>();
  return {
    version,
    byId: new Map(rows.map((q) => [q.id, q])),
    pool(levelId) {
      let pool = pools.get(levelId);
      if (!pool) pools.set(levelId, (pool = rows.filter((q) => q.level_id === levelId).map(poolItem)));
      return pool;
    },
  };
}

/**
 * The questions of contests held in memory per pool version (issue 22): a start draws its paper,
 * and a submission marks and shows it, without reading the questions again. `activities.
 * pool_version` is advanced by a trigger on every write of a contest's questions (migration
 * 0027), and the start and the submission read the activity anyway: a held version unlike the
 * one read is read again, so no process (of several on one database) draws from an old pool.
 */
export class HeldQuestions {
  private readonly held = new Map<number, ContestQuestions>();
  private readonly reading = new Map<number, { version: number; value: Promise<ContestQuestions> }>();

  constructor(private readonly maxContests = 200) {}

  async of(conn: Conn, act: Pick<ActivityRow, 'id' | 'pool_version'>): Promise<ContestQuestions> {
    const held = this.held.get(act.id);
    if (held?.version === act.pool_version) return held;
    // Requests arriving together for the same version share one read.
    const pending = this.reading.get(act.id);
    if (pending?.version === act.pool_version) return pending.value;
    const value = readContestQuestions(conn, act.id);
    this.reading.set(act.id, { version: act.pool_version, value });
    try {
      const read = await value;
      if (this.held.size >= this.maxContests) this.held.clear();
      // Kept under the version read with the rows, which may be newer than the one asked for.
      this.held.set(act.id, read);
      return read;
    } finally {
      if (this.reading.get(act.id)?.value === value) this.reading.delete(act.id);
    }
  }
}

/** A contest's questions with the pool version they are of, in one statement (one snapshot). */
async function readContestQuestions(conn: Conn, actId: number): Promise<ContestQuestions> {
  const rows = await conn
    .select({ q: contestQuestions, version: sql<number>`(select ${activities.pool_version} from ${activities} where ${activities.id} = ${actId})` })
    .from(contestQuestions)
    .where(eq(contestQuestions.act_id, actId));
  // No question: nothing to hold (a version that matches nothing, read again next time).
  return contestQuestionsOf(rows.length ? Number(rows[0].version) : -1, rows.map((r) => r.q));
}

export async function levelsOf(db: Conn, actId: number): Promise<LevelRow[]> {
  return db.select().from(contestLevels).where(eq(contestLevels.act_id, actId)).orderBy(asc(contestLevels.sort), asc(contestLevels.id));
}

/** What keeps a contest (or a level) from making papers: the question page lists it, publishing refuses it. */
export async function shortfallOf(db: Conn, act: ActivityRow, level?: LevelRow | null): Promise<Shortfall[]> {
  const s = paperSettings(act, level);
  return poolShortfall(s, await poolOf(db, act.id, level ? level.id : null));
}

/** Every shortfall of a contest: for type 6 each level's, named by the level; no level at all is one. */
export async function contestShortfalls(db: Conn, act: ActivityRow): Promise<Shortfall[]> {
  if (act.type !== 6) return shortfallOf(db, act);
  const levels = await levelsOf(db, act.id);
  if (levels.length === 0) return [{ rule: -1, need: 1, have: 0, message: '还没有关卡，请先添加关卡' }];
  const out: Shortfall[] = [];
  for (const l of levels) for (const s of await shortfallOf(db, act, l)) out.push({ ...s, message: `关卡“${l.name}”：${s.message}` });
  return out;
}

// ---- Progress -------------------------------------------------------------------------------------------

/** The reader's progress row of a contest or level, created when missing, locked for this transaction. */
async function lockedProgress(tx: Tx, act: ActivityRow, levelId: number, reader: { id: number; unit_id: number | null }) {
  // One statement: a new row is the transaction's own; an existing one is locked by the
  // conflict's (unchanging) update, as SELECT … FOR UPDATE would, and returned.
  const [row] = await tx
    .insert(contestProgress)
    .values({ org_id: act.org_id, act_id: act.id, level_id: levelId, reader_id: reader.id, unit_id: reader.unit_id })
    .onConflictDoUpdate({ target: [contestProgress.act_id, contestProgress.level_id, contestProgress.reader_id], set: { updated_at: sql`${contestProgress.updated_at}` } })
    .returning();
  return row;
}

/** A finished attempt as the grade of a reader's result reads it. */
export interface FinishedResult {
  id: number;
  score: number;
  duration_sec: number;
  submitted_at: number;
  correct_count: number;
  passed: number | null;
}

/** The reader's result of a contest or level from its finished attempts (grade method, best, pass), as the progress row's columns. */
function gradedOf(act: ActivityRow, levelId: number, done: readonly FinishedResult[]) {
  const best = gradeOf(done, 'highest');
  const byMethod = levelId ? best : gradeOf(done, contestConfigOf(act.config).grade_method);
  const passedAt = done.filter((a) => a.passed === 1).map((a) => a.submitted_at);
  return {
    best_score: best?.score ?? null,
    best_duration: best?.duration_sec ?? null,
    graded_score: byMethod?.score ?? null,
    graded_duration: byMethod?.duration_sec ?? null,
    graded_submitted_at: byMethod?.submitted_at ?? null,
    graded_attempt_id: byMethod?.id ?? null,
    passed: passedAt.length ? 1 : 0,
    passed_at: passedAt.length ? Math.min(...passedAt) : null,
  };
}

const asResult = (a: { id: number; score: number | string | null; duration_sec: number | null; submitted_at: number | string | null; correct_count: number; passed: number | null }): FinishedResult => ({
  id: Number(a.id),
  score: Number(a.score ?? 0),
  duration_sec: Number(a.duration_sec ?? 0),
  submitted_at: Number(a.submitted_at ?? 0),
  correct_count: Number(a.correct_count),
  passed: a.passed === null ? null : Number(a.passed),
});

/**
 * The update of a reader's progress row: `closing`, the attempt submitted, no longer the open one;
 * `done` (the finished attempts, all of them) the result redone from; without it only `closing`.
 */
function progressUpdate(tx: Tx, act: ActivityRow, levelId: number, readerId: number, opts: { closing?: number; done?: readonly FinishedResult[]; now: number }) {
  const p = contestProgress;
  const closed = opts.closing === undefined ? {} : { open_attempt_id: sql`case when ${p.open_attempt_id} = ${opts.closing} then null else ${p.open_attempt_id} end` };
  return tx
    .update(p)
    .set({ ...(opts.done ? gradedOf(act, levelId, opts.done) : {}), ...closed, updated_at: opts.now })
    .where(and(eq(p.act_id, act.id), eq(p.level_id, levelId), eq(p.reader_id, readerId)));
}

/**
 * Recompute a reader's result of a contest or level from its finished attempts (grade method,
 * best, pass). `closing`: the attempt submitted, no longer the open one (written in the same
 * statement); `regrade: false` writes that only.
 */
export async function refreshProgress(tx: Tx, act: ActivityRow, levelId: number, readerId: number, opts: { closing?: number; regrade?: boolean; now?: number } = {}): Promise<void> {
  const now = opts.now ?? nowSec();
  const done =
    opts.regrade === false
      ? undefined
      : (
          await tx
            .select()
            .from(contestAttempts)
            .where(and(eq(contestAttempts.act_id, act.id), eq(contestAttempts.level_id, levelId), eq(contestAttempts.reader_id, readerId), eq(contestAttempts.state, 'finished')))
        ).map(asResult);
  await progressUpdate(tx, act, levelId, readerId, { closing: opts.closing, done, now });
}

/** A reader's state of every level of an advanced contest (design §5), in level order. */
export async function readerLevels(db: Conn, act: ActivityRow, readerId: number, now = nowSec()): Promise<{ level: LevelRow; state: LevelState; progress: typeof contestProgress.$inferSelect | undefined }[]> {
  const levels = await levelsOf(db, act.id);
  const rows = await db.select().from(contestProgress).where(and(eq(contestProgress.act_id, act.id), eq(contestProgress.reader_id, readerId)));
  const byLevel = new Map(rows.map((r) => [r.level_id, r]));
  const states = levelStates(
    levels,
    new Map(rows.map((r) => [r.level_id, { attempts: r.attempts, passed: r.passed === 1, in_progress: r.open_attempt_id !== null }])),
    now,
  );
  return levels.map((level, i) => ({ level, state: states[i], progress: byLevel.get(level.id) }));
}

// ---- Starting ---------------------------------------------------------------------------------------------

/**
 * Start (or resume) an attempt: under the reader's progress row lock, an open attempt is given again
 * (submitted first when it is overdue); otherwise the limits are checked, the paper drawn from the
 * held questions and stored (`fresh`: no answer saved yet).
 */
export async function startAttempt(
  tx: Tx,
  act: ActivityRow,
  level: LevelRow | null,
  reader: { id: number; unit_id: number | null },
  ip: string,
  questions: ContestQuestions,
  now = nowSec(),
  random: () => number = Math.random,
): Promise<{ attempt: AttemptRow; fresh: boolean }> {
  const levelId = level?.id ?? 0;
  const progress = await lockedProgress(tx, act, levelId, reader);
  if (progress.open_attempt_id) {
    const [open] = await tx.select().from(contestAttempts).where(eq(contestAttempts.id, progress.open_attempt_id));
    if (open?.state === 'inprogress' && !isOverdue(open.deadline_at, now)) return { attempt: open, fresh: false };
    if (open?.state === 'inprogress') await finishAttempt(tx, act, open, now, true, { questions });
  }
  if (level) {
    const mine = await readerLevels(tx, act, reader.id, now);
    const state = mine.find((m) => m.level.id === level.id)?.state;
    if (state === 'locked') throw refused(CONTEST_REFUSAL.levelLocked);
    if (state === 'passed') throw refused(CONTEST_REFUSAL.levelPassed);
  }
  const s = paperSettings(act, level);
  const today = chinaDayKey(now);
  const todayCount = progress.day === today ? progress.day_attempts : 0;
  const refusal = attemptRefusal({ total: progress.attempts, today: todayCount, last_started_at: progress.last_started_at }, s.limits, now);
  if (refusal) throw refused(refusal);
  let paper: PaperItem[];
  try {
    paper = drawPaper({ ...s.config, contest_type: s.contest_type, rules: s.rules }, questions.pool(level ? level.id : null), random);
  } catch (err) {
    if (err instanceof PoolShortError) throw refused(CONTEST_REFUSAL.notReady);
    throw err;
  }
  // The attempt and the progress row opening it in one statement: its id drawn first, in a common
  // table expression both read (one with a volatile function is evaluated once).
  const p = contestProgress;
  const next = tx.$with('next_attempt', { id: sql<number>`id` }).as(sql`select nextval(pg_get_serial_sequence('contest_attempts', 'id'))::int as id`);
  const opening = tx
    .update(p)
    .set({ attempts: progress.attempts + 1, day: today, day_attempts: todayCount + 1, last_started_at: now, open_attempt_id: sql`(select id from ${next})`, unit_id: reader.unit_id, updated_at: now })
    .where(and(eq(p.act_id, act.id), eq(p.level_id, levelId), eq(p.reader_id, reader.id)));
  const opened = tx.$with('opened', {}).as(opening.getSQL());
  const [attempt] = await tx
    .with(next, opened)
    .insert(contestAttempts)
    .values({
      id: sql`(select id from ${next})`,
      org_id: act.org_id,
      act_id: act.id,
      level_id: levelId,
      reader_id: reader.id,
      attempt_no: progress.attempts + 1,
      day: today,
      paper,
      started_at: now,
      deadline_at: attemptDeadline(now, s.time_limit, act.end_at),
      max_score: paperTotal(paper),
      question_count: paper.length,
      ip,
      unit_id: reader.unit_id,
    })
    .returning();
  // The questions' use counters are not written here: the fold adds the paper later (foldQuestionCounters).
  return { attempt, fresh: true };
}

/** The reader's progress row of a single-round contest as the start's first statement reads it (`progressFactsSql`). */
export interface ProgressFacts {
  attempts: number;
  day: string;
  day_attempts: number;
  last_started_at: number | null;
  open_attempt_id: number | null;
}

/**
 * The reader's progress row of the single-round contest of the gate's statement (level 0), as a
 * jsonb value to read with the gate's facts (gateFacts `also`): `activities` and `readers` are
 * the outer query's.
 */
export const progressFactsSql = (): SQL => {
  const p = contestProgress;
  return sql`(select jsonb_build_object('attempts', ${p.attempts}, 'day', ${p.day}, 'day_attempts', ${p.day_attempts}, 'last_started_at', ${p.last_started_at}, 'open_attempt_id', ${p.open_attempt_id})
    from ${p} where ${p.act_id} = ${activities.id} and ${p.level_id} = 0 and ${p.reader_id} = ${readers.id})`;
};

/**
 * A start of a single-round contest (type 3) in ONE statement, no transaction (issue 22), for the
 * reader `reader` (its id as SQL, e.g. `readerIdSql`) whose progress row is `progress` (read with
 * the gate's facts; null: none, as for a reader's first start on an activity remembered from an
 * earlier pass of the gate) and has no open attempt: the limits are checked on that row and the
 * paper drawn from the held questions here. The statement then holds, in the long way's order:
 * the reader while the gate still holds (`gateReaderParts`: the activity's row as `act`, no
 * blacklist entry, no cancelled join to renew), with `join` the join's points when the reader
 * has to join (`firstJoinAtOnce`'s posting, `earningsInStatement`), the progress row written only
 * while it is still as read (its `attempts` unchanged and no attempt open) and the activity's
 * columns the start reads unchanged (its pool, limits and time; with `join` no `person_limit`), the
 * attempt, the reader's first join (the row unless the reader has one, counted on the reader's
 * shard) and the answer kept by its request id (`keep`, keptFrom). Anything not as planned — the
 * progress row moved by a start alongside, a cap refusing the join's points, a duplicate posting,
 * a join not counted — keeps the answer twice (`undoneUnless`): the unique violation undoes the
 * whole statement, points included, as a request id kept already does (`atOnce`). The attempt
 * started, or null when this way does not apply or wrote nothing: the caller then takes the long
 * way (startAttempt in the idempotent transaction), which refuses, resumes, replays or posts as before.
 */
export async function startAttemptAtOnce(
  conn: Conn,
  act: ActivityRow,
  reader: SQL,
  progress: ProgressFacts | null,
  opts: { join: boolean; points: PointsConfigView; ip: string; questions: ContestQuestions; keep: (answer: SQL, from: SQL) => SQL; now: number; random?: () => number },
): Promise<AttemptRow | null> {
  const { now } = opts;
  if (act.type !== 3 || progress?.open_attempt_id != null) return null;
  const s = paperSettings(act);
  const today = chinaDayKey(now);
  const attempts = progress?.attempts ?? 0;
  const todayCount = progress?.day === today ? progress.day_attempts : 0;
  if (attemptRefusal({ total: attempts, today: todayCount, last_started_at: progress?.last_started_at ?? null }, s.limits, now)) return null;
  let paper: PaperItem[];
  try {
    paper = drawPaper({ ...s.config, contest_type: s.contest_type, rules: s.rules }, opts.questions.pool(null), opts.random ?? Math.random);
  } catch (err) {
    if (err instanceof PoolShortError) return null;
    throw err;
  }
  const p = contestProgress;
  const t = contestAttempts;
  const deadline = attemptDeadline(now, s.time_limit, act.end_at);
  const maxScore = paperTotal(paper);
  const rd = sql`(select id from rd)`;
  // The reader's first join (its row written once the progress row is), and its points.
  const join = opts.join ? firstJoinAtOnce(act, rd, sql`exists (select 1 from progress)`, now, opts.points) : null;
  if (!earningsOnly(join?.posting)) return null;
  const earnings = earningsInStatement(join?.posting ? [{ p: join.posting, when: join.due }] : [], rd);
  // Named in the progress row's condition: the points' rows are taken before it, as the long way (passGate's joinLast) does.
  const paid = earnings.complete;
  // The columns of the activity the start reads that the gate does not compare (gateStillHolds).
  const asRead = sql`exists (select 1 from ${activities} a where a.id = ${act.id}::int and a.pool_version = ${act.pool_version}::int
    and a.answer_limit = ${act.answer_limit}::int and a.time_limit = ${act.time_limit}::int ${join ? sql`and a.person_limit = 0` : sql``})`;
  const planned = sql`exists (select 1 from attempt) and ${paid} ${join ? sql`and ${join.planned}` : sql``}`;
  const written = rowsOf<{ id: number | string; reader_id: number | string; unit_id: number | string | null }>(
    await conn.execute(sql`
      with ${gateReaderParts(act, reader, 'submit', now)},
      ${earnings.parts ? sql`${earnings.parts},` : sql``}
      next_attempt as (select nextval(pg_get_serial_sequence('contest_attempts', 'id'))::int as id),
      progress as (
        insert into ${p} (org_id, act_id, level_id, reader_id, unit_id, attempts, day, day_attempts, last_started_at, open_attempt_id, updated_at)
        select ${act.org_id}::int, ${act.id}::int, 0, rd.id, rd.unit_id, ${attempts + 1}::int, ${today}::varchar, ${todayCount + 1}::int, ${now}::bigint, (select id from next_attempt), ${now}::bigint
        from rd where ${paid} and ${asRead}
        on conflict (act_id, level_id, reader_id) do update set attempts = excluded.attempts, day = excluded.day, day_attempts = excluded.day_attempts,
          last_started_at = excluded.last_started_at, open_attempt_id = excluded.open_attempt_id, unit_id = excluded.unit_id, updated_at = excluded.updated_at
        where ${p.attempts} = ${attempts}::int and ${p.open_attempt_id} is null
        returning 1
      ),
      attempt as (
        insert into ${t} (id, org_id, act_id, level_id, reader_id, attempt_no, day, paper, started_at, deadline_at, max_score, question_count, ip, unit_id, created_at, updated_at)
        select (select id from next_attempt), ${act.org_id}::int, ${act.id}::int, 0, rd.id, ${attempts + 1}::int, ${today}::varchar, ${JSON.stringify(paper)}::jsonb,
          ${now}::bigint, ${deadline}::bigint, ${maxScore}::numeric, ${paper.length}::int, ${opts.ip}::varchar, rd.unit_id, ${now}::bigint, ${now}::bigint
        from progress, rd
        returning ${t.id} as id, ${t.reader_id} as reader_id, ${t.unit_id} as unit_id
      ),
      ${join ? sql`${join.parts},` : sql``}
      kept as (${opts.keep(sql`jsonb_build_object('id', attempt.id)`, sql`rd cross join ${undoneUnless(planned)} left join attempt on true`)})
      select attempt.id, attempt.reader_id, attempt.unit_id from attempt, kept`),
  );
  const row = written[0];
  if (row?.id == null) return null;
  const unitId = row.unit_id == null ? null : Number(row.unit_id);
  return {
    id: Number(row.id),
    org_id: act.org_id,
    act_id: act.id,
    level_id: 0,
    reader_id: Number(row.reader_id),
    attempt_no: attempts + 1,
    day: today,
    paper,
    state: 'inprogress',
    started_at: now,
    deadline_at: deadline,
    submitted_at: null,
    auto_submitted: 0,
    score: null,
    max_score: maxScore,
    correct_count: 0,
    question_count: paper.length,
    pending_count: 0,
    duration_sec: null,
    switch_count: 0,
    passed: null,
    ip: opts.ip,
    unit_id: unitId,
    counted: 0,
    rolled: 0,
    stat_folded: 0,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The use counters of a contest's questions and of the bank questions they copy, by deltas:
 * `deltas` gives rows (id, used, answered, correct) of contest question ids (an id may come more
 * than once), after the common table expressions of `before` (ending in a comma) it may read.
 * One statement for the contest's copies and the bank questions they copy. Every paper shares
 * rows with others (a must question is in all), so the rows are locked in id order by the
 * sorted FOR UPDATE subqueries: an UPDATE … FROM joins by whatever plan is cheapest (a hash
 * join locks in storage order), and two transactions locking shared rows in different orders
 * deadlock (40P01). The copies are all locked (the grouping reads all of them) before any bank
 * row. The answer is the statement's last part, `answer`.
 */
async function countQuestions(conn: Conn, before: SQL, deltas: SQL, answer: SQL): Promise<Record<string, unknown>[]> {
  // The counters of `table` raised by the rows of `from` (used, answered, correct), matched by `from.key`, locked in id order.
  const raised = (table: typeof contestQuestions | typeof questions, from: string, key: string) => {
    const [f, k] = [sql.raw(from), sql.raw(key)];
    return sql`update ${table} set
        used_count = ${table.used_count} + ${f}.used,
        answered_count = ${table.answered_count} + ${f}.answered,
        correct_count = ${table.correct_count} + ${f}.correct
      from (select id from ${table} where id in (select ${k} from ${f}) order by id for update) locked, ${f}
      where ${table.id} = locked.id and ${f}.${k} = locked.id`;
  };
  return rowsOf(
    await conn.execute(sql`
    with ${before}
    d0(id, used, answered, correct) as (${deltas}),
    d as (select id, sum(used)::int as used, sum(answered)::int as answered, sum(correct)::int as correct from d0 group by id),
    counted as (${raised(contestQuestions, 'd', 'id')} returning ${contestQuestions.question_id} as question_id, d.used, d.answered, d.correct),
    bank as (
      select question_id, sum(used)::int as used, sum(answered)::int as answered, sum(correct)::int as correct
      from counted where question_id is not null group by question_id
    ),
    banked as (${raised(questions, 'bank', 'question_id')})
    ${answer}`),
  );
}

/** Counters of questions marked right by hand (the check queue): written last in its transaction. */
async function countMarkedRight(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  // Ids are the server's own integers, written as a VALUES list.
  await countQuestions(tx, sql``, sql.raw(`values ${ids.map((id) => `(${Math.trunc(id)}, 0, 0, 1)`).join(', ')}`), sql`select 1`);
}

/**
 * Whether a contest question is in a paper: counted (`used_count`), or drawn by an attempt the
 * fold has not counted yet — what keeps its type, options and answer from changing (family.ts).
 * Both in one statement (one snapshot): a fold committing between two reads would hide it from both.
 */
export async function questionDrawn(conn: Conn, q: { id: number; act_id: number }): Promise<boolean> {
  const t = contestAttempts;
  const c = contestQuestions;
  const [row] = rowsOf<{ drawn: boolean }>(
    await conn.execute(sql`select coalesce((select ${c.used_count} > 0 from ${c} where ${c.id} = ${q.id}), false)
      or exists (select 1 from ${t} where ${t.act_id} = ${q.act_id} and ${t.counted} = 0 and ${t.paper} @> ${JSON.stringify([{ id: q.id }])}::jsonb
        and not exists (select 1 from ${contestPaperFolds} f where f.attempt_id = ${t.id} and f.org_id = ${t.org_id})) as drawn`),
  );
  return row?.drawn === true;
}

/** Attempts a fold takes at most in one statement. */
const FOLD_BATCH = 2000;
/** The fold's lock (one-key advisory space, positive; ballots hold activity ids negated there): one fold at a time, of any process. */
const FOLD_LOCK = 2_200_000_022;

/**
 * Add to the questions' counters what attempts hold and the counters do not yet (issue 22): the
 * papers drawn (`used_count`) and, of submitted attempts, the answers given and those marked
 * right on submission (`answered_count`, `correct_count`; a hand mark counts itself, in
 * markPending). A start or a submission no longer writes these rows, which every reader's call
 * shared (a must question is in every paper); the server folds every few seconds and at its
 * close. Exact, one fold at a time (an advisory lock; a fold waits for one under way, so that
 * what a caller's fold leaves uncounted is none of another's uncommitted work): an open attempt's paper is marked counted by its row in
 * `contest_paper_folds`, never by a write of the attempt, whose row the reader's save and
 * submission lock — a fold that locked open attempts made them wait for its statement (the
 * save's tail); a submitted attempt's `counted` advances in the same statement as the counters,
 * taken `for update skip locked` (one a call is writing waits for the next fold). The number of
 * attempts folded.
 */
export async function foldQuestionCounters(db: Db | Tx, actId?: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      // Waits for a fold under way (a short statement): what it folded is committed before this one reads.
      await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK}::bigint)`);
      const t = contestAttempts;
      const f = contestPaperFolds;
      const ofAct = actId === undefined ? sql`` : sql`and ${t.act_id} = ${actId}`;
      const [row] = await countQuestions(
        tx,
        sql`open as (
          select ${t.id} as id, ${t.org_id} as org_id, ${t.paper} as paper from ${t}
          where ${t.counted} = 0 and ${t.state} = 'inprogress' ${ofAct}
            and not exists (select 1 from ${f} where ${f.attempt_id} = ${t.id} and ${f.org_id} = ${t.org_id})
          order by ${t.id} limit ${FOLD_BATCH}
        ),
        marked_open as (insert into ${f} (org_id, attempt_id) select org_id, id from open on conflict do nothing),
        done as (
          select ${t.id} as id, ${t.org_id} as org_id, ${t.paper} as paper,
            ${t.counted} = 0 and not exists (select 1 from ${f} where ${f.attempt_id} = ${t.id} and ${f.org_id} = ${t.org_id}) as paper_uncounted
          from ${t}
          where ${t.counted} < 2 and ${t.state} <> 'inprogress' ${ofAct}
          order by ${t.id} limit ${FOLD_BATCH} for update skip locked
        ),
        marked_done as (update ${t} set counted = 2 from done where ${t.id} = done.id),
        unmarked as (delete from ${f} using done where ${f.attempt_id} = done.id and ${f.org_id} = done.org_id),`,
        sql`select (p->>'id')::int, 1, 0, 0 from open, jsonb_array_elements(open.paper) p
          union all
          select (p->>'id')::int, 1, 0, 0 from done, jsonb_array_elements(done.paper) p where done.paper_uncounted
          union all
          select ${contestAnswers.question_id}, 0, (${contestAnswers.answer} is not null and ${contestAnswers.answer} <> 'null'::jsonb)::int,
            (${contestAnswers.is_right} = 1 and ${contestAnswers.marked_by} is null)::int
          from ${contestAnswers} join done on ${contestAnswers.attempt_id} = done.id`,
        sql`select (select count(*) from open)::int as open, (select count(*) from done)::int as done`,
      );
      return { open: Number(row?.open ?? 0), done: Number(row?.done ?? 0) };
    });
    total += n.open + n.done;
    if (n.open < FOLD_BATCH && n.done < FOLD_BATCH) return total;
  }
}

// ---- Answering ---------------------------------------------------------------------------------------------

/** Save answers of an open attempt (autosave); each must be a question of its paper. */
export async function saveAnswers(tx: Tx, attempt: AttemptRow, items: { question_id: number; answer: GivenAnswer | null }[], now = nowSec()): Promise<number> {
  const inPaper = new Set(attempt.paper.map((p) => p.id));
  const score = new Map(attempt.paper.map((p) => [p.id, p.score]));
  const last = new Map(items.map((i) => [i.question_id, i.answer]));
  for (const id of last.keys()) if (!inPaper.has(id)) throw refused(CONTEST_REFUSAL.notInPaper(id));
  const values = [...last].map(([question_id, answer]) => ({ org_id: attempt.org_id, act_id: attempt.act_id, attempt_id: attempt.id, reader_id: attempt.reader_id, question_id, answer, max_score: score.get(question_id)!, answered_at: now, created_at: now, updated_at: now }));
  await tx
    .insert(contestAnswers)
    .values(values)
    .onConflictDoUpdate({ target: [contestAnswers.attempt_id, contestAnswers.question_id], set: { answer: sql`excluded.answer`, answered_at: sql`excluded.answered_at`, updated_at: now } });
  return values.length;
}

/**
 * Autosave in one statement, no transaction (issue 22): the attempt locked when it is the reader's
 * in the organisation, open, not past its deadline and grace, its activity not paused, and every
 * question of `items` in its paper; then the answer kept by its request id (`keep`, from
 * `keptInStatement`, given the statement's condition) and the answers written. The number saved, or
 * null when nothing was written: the caller then takes the long way (`saveAnswers` in the
 * idempotent transaction), which refuses (or submits an overdue attempt) exactly as before.
 */
export async function saveAnswersAtOnce(
  db: Db,
  own: { attemptId: number; readerId: number; orgId: number },
  items: { question_id: number; answer: GivenAnswer | null }[],
  keep: (when: SQL) => SQL,
  now = nowSec(),
): Promise<number | null> {
  const last = [...new Map(items.map((i) => [i.question_id, i.answer]))].map(([question_id, answer]) => ({ question_id, answer }));
  const t = contestAttempts;
  const rows = rowsOf<{ saved: number | string }>(
    await db.execute(sql`
      with a as (
        select ${t.id} as id, ${t.org_id} as org_id, ${t.act_id} as act_id, ${t.reader_id} as reader_id, ${t.paper} as paper
        from ${t} join ${activities} on ${activities.id} = ${t.act_id}
        where ${t.id} = ${own.attemptId} and ${t.reader_id} = ${own.readerId} and ${t.org_id} = ${own.orgId}
          and ${t.state} = 'inprogress' and ${t.deadline_at} + ${GRACE_SECONDS} >= ${now} and ${activities.is_pause} = 0
        for update of ${t}
      ),
      d as (
        select a.id, a.org_id, a.act_id, a.reader_id, (e->>'question_id')::int as question_id,
          nullif(e->'answer', 'null'::jsonb) as answer, (p->>'score')::numeric as max_score
        from a, jsonb_array_elements(${JSON.stringify(last)}::jsonb) e, jsonb_array_elements(a.paper) p
        where (p->>'id')::int = (e->>'question_id')::int
      ),
      kept as (${keep(sql`(select count(*) from d) = ${last.length}::int`)}),
      saved as (
        -- Stamped with the request's clock, as saveAnswers does: the statistics count answers by the month made (the seed's past moments).
        insert into ${contestAnswers} (org_id, act_id, attempt_id, reader_id, question_id, answer, max_score, answered_at, created_at, updated_at)
        select org_id, act_id, id, reader_id, question_id, answer, max_score, ${now}::bigint, ${now}::bigint, ${now}::bigint from d where exists (select 1 from kept)
        on conflict (attempt_id, question_id) do update set answer = excluded.answer, answered_at = excluded.answered_at, updated_at = ${now}
        returning 1
      )
      select count(*) as saved from saved`),
  );
  const saved = Number(rows[0]?.saved ?? 0);
  return saved > 0 ? saved : null;
}

const attemptLocked = keyedRead((tx) => tx.select().from(contestAttempts).where(eq(contestAttempts.id, sql.placeholder('id'))).for('update'));

/** The attempt locked for this transaction (its state decides what may happen to it). */
export async function lockedAttempt(tx: Tx, id: number): Promise<AttemptRow | undefined> {
  return (await attemptLocked(tx, { id }))[0];
}

export type AnswerRow = typeof contestAnswers.$inferSelect;

/**
 * Submit and mark an attempt on the server: every question of the paper gets its answer row
 * (unanswered ones empty), objective ones are marked (partial credit and fill-in variants by the
 * settings), short answers wait for a marker. `auto`: the server submits (deadline, tab switches);
 * the submission time is then the deadline at the latest. `opts.locked`: the caller read the
 * attempt locked in this transaction already; `opts.questions`: the contest's questions as held
 * (else read); `opts.keep`: a write of the caller (keptFrom: the answer kept by its request id)
 * made in the attempt's statement. The attempt and its answer rows as written (`answers` empty
 * when nothing changed).
 */
export async function finishAttempt(
  tx: Tx,
  act: ActivityRow,
  attempt: AttemptRow,
  now = nowSec(),
  auto = false,
  opts: { locked?: boolean; questions?: ContestQuestions; points?: PointsConfigView; keep?: SQL } = {},
): Promise<{ attempt: AttemptRow; answers: AnswerRow[] }> {
  const locked = opts.locked ? attempt : await lockedAttempt(tx, attempt.id);
  if (!locked || locked.state !== 'inprogress') return { attempt: locked ?? attempt, answers: [] };
  const level = locked.level_id ? (await tx.select().from(contestLevels).where(eq(contestLevels.id, locked.level_id)))[0] : null;
  const s = paperSettings(act, level);
  const ids = locked.paper.map((p) => p.id);
  const copies = opts.questions?.byId ?? new Map((await tx.select().from(contestQuestions).where(inArray(contestQuestions.id, ids))).map((q) => [q.id, q]));
  // The answers saved and the reader's other finished attempts (what the result is redone from), in one statement after the lock.
  const t = contestAttempts;
  const [known] = rowsOf<{ saved: { question_id: number; answer: GivenAnswer | null }[]; finished: Parameters<typeof asResult>[0][] }>(
    await keyedExecute(tx, sql`select
      (select coalesce(jsonb_agg(jsonb_build_object('question_id', a.question_id, 'answer', a.answer)), '[]'::jsonb) from ${contestAnswers} a where a.attempt_id = ${locked.id}) as saved,
      (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'score', f.score, 'duration_sec', f.duration_sec, 'submitted_at', f.submitted_at, 'correct_count', f.correct_count, 'passed', f.passed)), '[]'::jsonb)
        from ${t} f where f.act_id = ${locked.act_id} and f.level_id = ${locked.level_id} and f.reader_id = ${locked.reader_id} and f.state = 'finished' and f.id <> ${locked.id}) as finished`),
  );
  const saved = new Map(known.saved.map((a) => [Number(a.question_id), a]));
  let score = 0;
  let correct = 0;
  let pending = 0;
  const rows = locked.paper.map((item) => {
    const q = copies.get(item.id)!;
    const given = saved.get(item.id)?.answer ?? null;
    const mark = markAnswer({ type: q.type as QuestionType, options: q.options, answer: q.answer }, given, item.score, { partial_multiple: !!s.config.partial_multiple, strict_blanks: !!s.config.strict_blanks });
    const isPending = mark.score === null && given !== null && !(typeof given === 'string' && given.trim() === '');
    if (isPending) pending++;
    score += mark.score ?? 0;
    if (mark.is_right) correct++;
    return {
      org_id: locked.org_id,
      act_id: locked.act_id,
      attempt_id: locked.id,
      reader_id: locked.reader_id,
      question_id: item.id,
      answer: given,
      is_right: mark.is_right === null ? (isPending ? null : 0) : mark.is_right ? 1 : 0,
      credit: mark.score ?? (isPending ? null : 0),
      max_score: item.score,
      pending: isPending ? 1 : 0,
      // The request's clock (statistics count answers by this month; the seed's past moments).
      created_at: now,
      updated_at: now,
    };
  });
  // The marked answers are written in the attempt's statement (one round trip fewer in the submission's transaction), answered with it.
  const marked = tx.$with('answers_done', {}).as(
    tx
      .insert(contestAnswers)
      .values(rows)
      .onConflictDoUpdate({
        target: [contestAnswers.attempt_id, contestAnswers.question_id],
        set: { is_right: sql`excluded.is_right`, credit: sql`excluded.credit`, pending: sql`excluded.pending`, max_score: sql`excluded.max_score`, updated_at: now },
      })
      .returning()
      .getSQL(),
  );
  const submittedAt = auto ? Math.min(now, locked.deadline_at) : now;
  const total = round2(score);
  const passed = pending ? null : attemptPassed(s, { score: total, correct_count: correct, questions: locked.question_count, max: locked.max_score }) ? 1 : 0;
  const duration = Math.max(0, submittedAt - locked.started_at);
  // The progress row (the attempt no longer open, and when marked whole the reader's result redone
  // with this attempt) and what the caller keeps (`opts.keep`) in the attempt's own statement.
  const finished = pending ? undefined : [...known.finished.map(asResult), { id: locked.id, score: total, duration_sec: duration, submitted_at: submittedAt, correct_count: correct, passed }];
  const progressDone = tx.$with('progress_done', {}).as(progressUpdate(tx, act, locked.level_id, locked.reader_id, { closing: locked.id, done: finished, now }).getSQL());
  const kept = tx.$with('kept', {}).as(opts.keep ?? sql`select 1`);
  const [{ answers, ...done }] = await tx
    .with(progressDone, kept, marked)
    .update(contestAttempts)
    .set({
      state: pending ? 'pending_grading' : 'finished',
      submitted_at: submittedAt,
      auto_submitted: auto ? 1 : 0,
      score: total,
      correct_count: correct,
      pending_count: pending,
      duration_sec: duration,
      passed,
      updated_at: now,
    })
    .where(eq(contestAttempts.id, locked.id))
    .returning({ ...getTableColumns(contestAttempts), answers: sql<AnswerRow[]>`(select coalesce(jsonb_agg(a), '[]'::jsonb) from answers_done a)` });
  if (done.passed === 1) await passPoints(tx, act, done, level, opts.points);
  // The questions' answered/right counters are not written here: the fold adds the answers later (foldQuestionCounters).
  return { attempt: done, answers };
}

/**
 * A passed attempt's points, in its transaction (design §10): a level of an advanced contest pays
 * the level's own \`reward_points\` (\`level_pass\`), once per level; a contest pays \`contest_pass\`
 * once per activity. Another passed attempt of the same level or contest pays nothing more.
 */
async function passPoints(tx: Tx, act: ActivityRow, attempt: Pick<AttemptRow, 'org_id' | 'reader_id' | 'level_id'>, level: { id: number; reward_points: number } | null | undefined, config?: PointsConfigView): Promise<void> {
  const base = { orgId: attempt.org_id, readerId: attempt.reader_id, actId: act.id, config };
  if (attempt.level_id && level) {
    if (level.reward_points > 0) await postPoints(tx, { ...base, rule: 'level_pass', points: level.reward_points, source: { type: 'level', id: level.id } });
  } else await postPoints(tx, { ...base, rule: 'contest_pass', source: { type: 'activity', id: act.id } });
  // The red packet of the pass (when the activity pays one on passing), once per level or contest.
  await payoutFor(tx, { orgId: attempt.org_id, actId: act.id, readerId: attempt.reader_id, trigger: 'pass', awardKey: attempt.level_id && level ? `level:${level.id}` : `pass:${act.id}` });
}

function attemptPassed(s: PaperSettings, r: { score: number; correct_count: number; questions: number; max: number }): boolean {
  if ('mode' in s.pass) return levelPassed({ pass_mode: s.pass.mode, pass_value: s.pass.value }, r);
  return r.score >= passScoreOf(s.pass.score, r.max);
}

/**
 * Hand marks of pending short answers of one activity (the check queue): all or nothing; an attempt
 * whose last pending answer is marked is finished, its pass decided and its reader's result redone.
 */
export async function markPending(tx: Tx, act: ActivityRow, marks: { id: number; score: number }[], managerId: number, now = nowSec()): Promise<number[]> {
  // One mark per answer: a repeated id counts once, its last score standing.
  const scoreOf = new Map(marks.map((m) => [m.id, m.score]));
  const ids = [...scoreOf.keys()];
  const rows = await tx
    .select()
    .from(contestAnswers)
    .where(and(eq(contestAnswers.org_id, act.org_id), eq(contestAnswers.act_id, act.id), eq(contestAnswers.pending, 1), inArray(contestAnswers.id, ids)))
    .for('update');
  if (rows.length !== ids.length) throw notFound('待批改的答案不存在或已批改');
  const maxOf = new Map(rows.map((r) => [r.id, r.max_score]));
  const over = marks.findIndex((m) => m.score > maxOf.get(m.id)!);
  if (over >= 0) throw validationError([{ field: `items.${over}.score`, message: `得分不能超过该题分值${maxOf.get(marks[over].id)}` }]);
  for (const row of rows) {
    const score = scoreOf.get(row.id)!;
    await tx
      .update(contestAnswers)
      .set({ credit: score, is_right: score >= row.max_score ? 1 : 0, pending: 0, marked_by: managerId, marked_at: now, updated_at: now })
      .where(eq(contestAnswers.id, row.id));
  }
  for (const attemptId of new Set(rows.map((r) => r.attempt_id))) {
    const attempt = (await lockedAttempt(tx, attemptId))!;
    const [sum] = await tx
      .select({ score: sql<string>`coalesce(sum(${contestAnswers.credit}), 0)`, correct: sql<number>`count(*) filter (where ${contestAnswers.is_right} = 1)::int`, pending: sql<number>`count(*) filter (where ${contestAnswers.pending} = 1)::int` })
      .from(contestAnswers)
      .where(eq(contestAnswers.attempt_id, attemptId));
    const level = attempt.level_id ? (await tx.select().from(contestLevels).where(eq(contestLevels.id, attempt.level_id)))[0] : null;
    const score = round2(Number(sum.score));
    const finished = sum.pending === 0;
    const passed = attemptPassed(paperSettings(act, level), { score, correct_count: sum.correct, questions: attempt.question_count, max: attempt.max_score });
    await tx
      .update(contestAttempts)
      .set({
        score,
        correct_count: sum.correct,
        pending_count: sum.pending,
        state: finished ? 'finished' : 'pending_grading',
        passed: finished ? (passed ? 1 : 0) : null,
        updated_at: now,
      })
      .where(eq(contestAttempts.id, attemptId));
    if (finished) await refreshProgress(tx, act, attempt.level_id, attempt.reader_id);
    if (finished && passed) await passPoints(tx, act, attempt, level);
  }
  // A ranking frozen at the end gets a new version with the regraded results.
  if (await frozenRanking(tx, act.id)) await freezeRanking(tx, act);
  // Last, after the attempts (as the fold locks them first, then the questions: no deadlock between the two).
  await countMarkedRight(tx, rows.filter((r) => scoreOf.get(r.id)! >= r.max_score).map((r) => r.question_id));
  return rows.map((r) => r.id);
}

// ---- Overdue attempts ------------------------------------------------------------------------------------

/**
 * Submit every attempt past its deadline and grace (of one activity, or all): the server's own
 * submission, run on reads and by the timer, so an attempt closes even when its reader never returns.
 */
export async function sweepOverdue(db: Db, actId?: number, now = nowSec(), limit = 500): Promise<number> {
  const due = await db
    .select({ id: contestAttempts.id, act_id: contestAttempts.act_id })
    .from(contestAttempts)
    .where(and(eq(contestAttempts.state, 'inprogress'), lt(contestAttempts.deadline_at, now - GRACE_SECONDS), actId ? eq(contestAttempts.act_id, actId) : undefined))
    .orderBy(asc(contestAttempts.deadline_at))
    .limit(limit);
  for (const d of due) {
    await db.transaction(async (tx) => {
      const [act] = await tx.select().from(activities).where(eq(activities.id, d.act_id));
      const attempt = await lockedAttempt(tx, d.id);
      if (act && attempt && attempt.state === 'inprogress') await finishAttempt(tx, act, attempt, now, true, { locked: true });
    });
  }
  return due.length;
}

// ---- Rankings --------------------------------------------------------------------------------------------

export interface RankedReader {
  rank: number;
  reader_id: number;
  account: string;
  real_name: string;
  unit: string;
  score: number;
  duration_sec: number;
  submitted_at: number;
  /** Type 6: levels passed. */
  passed?: number;
  finished_at?: number | null;
}

/** The live ranking of a contest: type 3 by the grade method's result, type 6 by levels passed (rules/contests.ts). */
export async function liveRanking(db: Conn, act: ActivityRow): Promise<RankedReader[]> {
  if (act.type === 6) {
    const rows = await db
      .select({
        reader_id: contestProgress.reader_id,
        passed: sql<number>`sum(${contestProgress.passed})::int`,
        score: sql<string>`coalesce(sum(${contestProgress.best_score}), 0)`,
        duration_sec: sql<number>`coalesce(sum(${contestProgress.best_duration}), 0)::int`,
        finished_at: sql<number | null>`max(${contestProgress.passed_at})`,
        account: readers.account,
        real_name: readers.real_name,
        unit: readers.unit,
      })
      .from(contestProgress)
      .innerJoin(readers, eq(readers.id, contestProgress.reader_id))
      .where(and(eq(contestProgress.act_id, act.id), sql`${contestProgress.best_score} is not null`))
      .groupBy(contestProgress.reader_id, readers.account, readers.real_name, readers.unit);
    return rankLevels(rows.map((r) => ({ ...r, score: Number(r.score), finished_at: r.finished_at === null ? null : Number(r.finished_at), submitted_at: r.finished_at === null ? 0 : Number(r.finished_at) })));
  }
  const rows = await db
    .select({
      reader_id: contestProgress.reader_id,
      score: contestProgress.graded_score,
      duration_sec: contestProgress.graded_duration,
      submitted_at: contestProgress.graded_submitted_at,
      account: readers.account,
      real_name: readers.real_name,
      unit: readers.unit,
    })
    .from(contestProgress)
    .innerJoin(readers, eq(readers.id, contestProgress.reader_id))
    .where(and(eq(contestProgress.act_id, act.id), eq(contestProgress.level_id, 0), sql`${contestProgress.graded_score} is not null`));
  return rankContest(rows.map((r) => ({ ...r, score: r.score ?? 0, duration_sec: r.duration_sec ?? 0, submitted_at: r.submitted_at ?? 0 })));
}

async function frozenRanking(db: Conn, actId: number) {
  const [row] = await db.select().from(contestRankings).where(eq(contestRankings.act_id, actId)).orderBy(sql`${contestRankings.version} desc`).limit(1);
  return row;
}

/** Write a new version of the frozen ranking (the first at the end, another after a regrade). */
async function freezeRanking(tx: Tx, act: ActivityRow) {
  const ranked = await liveRanking(tx, act);
  const last = await frozenRanking(tx, act.id);
  const text = canonicalJson(ranked);
  const [row] = await tx
    .insert(contestRankings)
    .values({ org_id: act.org_id, act_id: act.id, version: (last?.version ?? 0) + 1, hash: createHash('sha256').update(text).digest('hex'), ranked })
    .onConflictDoNothing()
    .returning();
  return row ?? (await frozenRanking(tx, act.id));
}

const ended = (act: ActivityRow, now: number) => act.state === 3 || (act.state !== 1 && act.state !== 2 && now >= act.end_at);

/**
 * The ranking as readers and administrators see it: live while the contest runs; once it ended,
 * the frozen snapshot (written at the first read after the end, overdue attempts submitted first).
 */
export async function rankingOf(db: Db, act: ActivityRow, now = nowSec()): Promise<{ frozen: boolean; version: number | null; hash: string | null; items: RankedReader[] }> {
  if (!ended(act, now)) {
    await sweepOverdue(db, act.id, now);
    return { frozen: false, version: null, hash: null, items: await liveRanking(db, act) };
  }
  let snap = await frozenRanking(db, act.id);
  if (!snap) {
    await sweepOverdue(db, act.id, Math.max(now, act.end_at + GRACE_SECONDS + 1));
    snap = await db.transaction((tx) => freezeRanking(tx, act));
  }
  return { frozen: true, version: snap!.version, hash: snap!.hash, items: snap!.ranked as RankedReader[] };
}

// ---- What a reader sees ---------------------------------------------------------------------------------

/** The correct answer as shown after submission: keys, `T`/`F`, the blanks' accepted texts, or the reference text. */
export const shownAnswer = (q: Pick<QuestionRow, 'type' | 'answer'>): unknown => (q.type === 4 ? parseBlanks(q.answer) : q.answer);

/**
 * An attempt as its reader sees it: the paper (options in the attempt's order, never the answer or
 * analysis while it is open) with the saved answers; once submitted, the score, correctness, right
 * answers and analysis as far as the review settings show them now. What the caller has at hand
 * is not read again: `known.questions` (held), `known.answers` (the attempt's answer rows).
 */
export async function attemptView(db: Conn, act: ActivityRow, attempt: AttemptRow, now = nowSec(), known: { questions?: ContestQuestions; answers?: AnswerRow[] } = {}) {
  const ids = attempt.paper.map((p) => p.id);
  const copies = known.questions?.byId ?? new Map((await db.select().from(contestQuestions).where(inArray(contestQuestions.id, ids))).map((q) => [q.id, q]));
  const answers = new Map((known.answers ?? (await db.select().from(contestAnswers).where(eq(contestAnswers.attempt_id, attempt.id)))).map((a) => [a.question_id, a]));
  const open = attempt.state === 'inprogress';
  const cfg = contestConfigOf(act.config);
  const show = (when: 'immediately' | 'after_end' | 'never') => !open && (when === 'immediately' || (when === 'after_end' && now >= act.end_at));
  const showScore = show(cfg.show_score);
  const showRight = show(cfg.show_correctness);
  const showAnswer = show(cfg.show_answer);
  const showAnalysis = show(cfg.show_analysis);
  const items = attempt.paper.map((item, i) => {
    const q = copies.get(item.id)!;
    const byKey = new Map(q.options.map((o) => [o.key, o]));
    const a = answers.get(item.id);
    return {
      no: i + 1,
      question_id: item.id,
      type: q.type,
      stem: q.stem,
      stem_images: q.stem_images,
      options: item.options.map((k) => byKey.get(k)!).filter(Boolean),
      blanks: q.type === 4 ? (parseBlanks(q.answer)?.length ?? 0) : undefined,
      score: item.score,
      given: a?.answer ?? null,
      ...(showRight ? { is_right: a?.is_right ?? 0, pending: a?.pending === 1 } : {}),
      ...(showScore ? { credit: a?.credit ?? 0 } : {}),
      ...(showAnswer ? { answer: shownAnswer(q) } : {}),
      ...(showAnalysis ? { analysis: q.analysis } : {}),
    };
  });
  return {
    id: attempt.id,
    act_id: attempt.act_id,
    level_id: attempt.level_id || null,
    attempt_no: attempt.attempt_no,
    state: attempt.state,
    started_at: attempt.started_at,
    deadline_at: attempt.deadline_at,
    seconds_left: open ? Math.max(0, attempt.deadline_at - now) : 0,
    submitted_at: attempt.submitted_at,
    auto_submitted: attempt.auto_submitted,
    switch_count: attempt.switch_count,
    tab_switch_max: cfg.tab_switch_max,
    question_count: attempt.question_count,
    max_score: attempt.max_score,
    ...(showScore ? { score: attempt.score, passed: attempt.passed, duration_sec: attempt.duration_sec } : {}),
    ...(showRight ? { correct_count: attempt.correct_count, pending_count: attempt.pending_count } : {}),
    items,
  };
}
