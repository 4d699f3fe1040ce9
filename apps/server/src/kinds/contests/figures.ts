import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, count, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import {
  activityStateOf,
  analyseItem,
  analysisGroupSize,
  contestConfigOf,
  idParam,
  ITEM_FLAGS,
  passScoreOf,
  QUESTION_TYPES,
  round2,
  scoreBuckets,
  type ItemFlag,
} from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { contestAttempts, contestProgress, contestQuestions } from '../../db/schema.js';
import { countBy, figuresActivity, noGapDays, perDayCounts } from '../../figures/index.js';
import { levelsOf, shownAnswer, sweepOverdue, type ActivityRow } from './engine.js';
import { paperView } from './family.js';
import { nowSec } from '../../participation/clock.js';
import { BINS, foldContestFigures, histogramBin, rolledUpFigures, type AttemptFigures, type QuestionCells, type QuestionCell } from './rollup.js';

/**
 * The figures of contests (types 3 and 6): the count page's answer (contestCount) and the per
 * question statistics it and the objective export read (questionStats), on the shared figures
 * helpers (figures/index.ts).
 */

/** The contest (type 3 or 6) of the organisation by id, not deleted; 404 otherwise. */
export const contestOf = (db: Db, request: FastifyRequest, id: number): Promise<ActivityRow> => figuresActivity(db, request, id, [3, 6]);

const pct = (n: number, d: number) => (d ? round2((n * 100) / d) : null);

/**
 * The per-question cells counted from the rows (the reference the rollup equals, rollup.ts): per
 * question the answers of finished attempts, their credit shares and whole credits, the same of the
 * top and bottom 27 % of finished attempts by score ratio (ties by id), and the option picks.
 */
export async function recountQuestionCells(db: Db, actId: number): Promise<QuestionCells> {
  const [{ n }] = await db.select({ n: count() }).from(contestAttempts).where(and(eq(contestAttempts.act_id, actId), eq(contestAttempts.state, 'finished')));
  const k = analysisGroupSize(n);
  const rows = (await db.execute(sql`
    with ranked as (
      select id, row_number() over (order by score / nullif(max_score, 0) desc, id) as rn
      from contest_attempts where act_id = ${actId} and state = 'finished'
    )
    select a.question_id,
      count(*)::int as answered,
      coalesce(sum(coalesce(a.credit, 0) / nullif(a.max_score, 0)), 0)::float8 as credit,
      count(*) filter (where a.is_right = 1)::int as right_count,
      count(*) filter (where r.rn <= ${k})::int as upper_n,
      coalesce(sum(coalesce(a.credit, 0) / nullif(a.max_score, 0)) filter (where r.rn <= ${k}), 0)::float8 as upper_right,
      count(*) filter (where r.rn > ${n - k})::int as lower_n,
      coalesce(sum(coalesce(a.credit, 0) / nullif(a.max_score, 0)) filter (where r.rn > ${n - k}), 0)::float8 as lower_right
    from contest_answers a join ranked r on r.id = a.attempt_id
    where a.act_id = ${actId}
    group by a.question_id`)) as unknown as { rows: QuestionCell[] };
  const picks = (await db.execute(sql`
    select a.question_id, upper(trim(k.key)) as key, count(*)::int as n
    from contest_answers a
    join contest_attempts t on t.id = a.attempt_id and t.state = 'finished'
    cross join lateral jsonb_array_elements_text(case jsonb_typeof(a.answer) when 'array' then a.answer when 'string' then to_jsonb(string_to_array(a.answer #>> '{}', ',')) else '[]'::jsonb end) k(key)
    where a.act_id = ${actId}
    group by a.question_id, upper(trim(k.key))`)) as unknown as { rows: { question_id: number; key: string; n: number }[] };
  return { rows: rows.rows, picks: picks.rows };
}

/**
 * Per question: answers, credit, the top and bottom 27 % of finished attempts' credit, option picks;
 * then item analysis. From the rollup (folded first), or `recount`ed from the rows.
 */
export async function questionStats(db: Db, act: ActivityRow, how: 'rollup' | 'recount' = 'rollup') {
  if (how === 'recount') return questionsOf(db, act, await recountQuestionCells(db, act.id));
  await foldContestFigures(db, act);
  return questionsOf(db, act, await rolledUpFigures(db, act.id));
}

/** The questions of a contest with their figures from the cells counted. */
async function questionsOf(db: Db, act: ActivityRow, cells: QuestionCells) {
  const questions = await db.select().from(contestQuestions).where(eq(contestQuestions.act_id, act.id)).orderBy(asc(contestQuestions.level_id), asc(contestQuestions.sort), asc(contestQuestions.id));
  const byQuestion = new Map(cells.rows.map((r) => [r.question_id, r]));
  const pickMap = new Map<number, Record<string, number>>();
  for (const p of cells.picks) pickMap.set(p.question_id, { ...(pickMap.get(p.question_id) ?? {}), [p.key]: p.n });
  return questions.map((q) => {
    const c = byQuestion.get(q.id);
    const choice = q.type === 1 || q.type === 2;
    const analysis = analyseItem({
      answered: c?.answered ?? 0,
      right: c?.credit ?? 0,
      upper_n: c?.upper_n ?? 0,
      upper_right: c?.upper_right ?? 0,
      lower_n: c?.lower_n ?? 0,
      lower_right: c?.lower_right ?? 0,
      ...(choice ? { picks: pickMap.get(q.id) ?? {}, option_keys: q.options.map((o) => o.key), answer_keys: q.answer.split(',') } : {}),
    });
    const answered = c?.answered ?? 0;
    return {
      id: q.id,
      level_id: q.level_id,
      type: q.type,
      type_name: QUESTION_TYPES[q.type as keyof typeof QUESTION_TYPES],
      stem: q.stem,
      answer: shownAnswer(q),
      answered,
      right: c?.right_count ?? 0,
      correct_rate: pct(c?.right_count ?? 0, answered),
      options: choice ? q.options.map((o) => ({ key: o.key, text: o.text, picks: pickMap.get(q.id)?.[o.key] ?? 0, percent: pct(pickMap.get(q.id)?.[o.key] ?? 0, answered), right: q.answer.split(',').includes(o.key) })) : [],
      ...analysis,
      flag_labels: analysis.flags.map((f: ItemFlag) => ITEM_FLAGS[f]),
    };
  });
}

/**
 * The figures of a contest (page actCountContest): attempts and readers, pass rate, mean score,
 * attempts per day (no gaps), a score histogram (tenths of each paper's total), per question
 * correct rate, option distribution and item analysis with flags, and for type 6 the funnel per
 * level (unlocked, attempted, passed).
 */
export async function contestCount(db: Db, act: ActivityRow, how: 'rollup' | 'recount' = 'rollup') {
  await sweepOverdue(db, act.id);
  const actState = activityStateOf({ start_at: act.start_at, end_at: act.end_at, state: act.state }, nowSec());
  if (how === 'rollup') await foldContestFigures(db, act);
  const counted = how === 'rollup' ? await rolledUpFigures(db, act.id) : await recountFigures(db, act.id);
  const { totals, hist } = counted;
  const days = noGapDays(counted.days, { attempts: 0 }, actState === 2);
  const questions = await questionsOf(db, act, counted);
  const histogram = scoreBuckets(100, BINS).map((b, i) => ({ label: `${b.from}-${b.to}%`, count: hist.find((h) => h.value === i)?.n ?? 0 }));
  return {
    activity: { id: act.id, title: act.title, type: act.type, act_state: actState },
    totals: {
      ...totals,
      pass_rate: pct(totals.passed, totals.finished),
      mean_score: totals.mean === null ? null : round2(totals.mean),
      mean_duration: totals.mean_duration === null ? null : Math.round(totals.mean_duration),
    },
    days,
    histogram,
    questions,
    funnel: act.type === 6 ? await funnelOf(db, act) : [],
    pass_line: await passLineOf(db, act),
  };
}

/** The attempts' figures and the questions' cells counted from the rows (the reference the rollup equals). */
async function recountFigures(db: Db, actId: number): Promise<AttemptFigures & QuestionCells> {
  const ofAct = eq(contestAttempts.act_id, actId);
  const done = and(ofAct, eq(contestAttempts.state, 'finished'));
  const [[totals], days, hist, cells] = await Promise.all([
    db
      .select({
        attempts: count(),
        readers: sql<number>`count(distinct ${contestAttempts.reader_id})::int`,
        finished: sql<number>`count(*) filter (where ${contestAttempts.state} = 'finished')::int`,
        pending: sql<number>`count(*) filter (where ${contestAttempts.state} = 'pending_grading')::int`,
        open: sql<number>`count(*) filter (where ${contestAttempts.state} = 'inprogress')::int`,
        passed: sql<number>`count(*) filter (where ${contestAttempts.passed} = 1)::int`,
        mean: sql<number | null>`avg(${contestAttempts.score}) filter (where ${contestAttempts.state} = 'finished')::float8`,
        mean_duration: sql<number | null>`avg(${contestAttempts.duration_sec}) filter (where ${contestAttempts.state} = 'finished')::float8`,
        auto: sql<number>`count(*) filter (where ${contestAttempts.auto_submitted} = 1)::int`,
      })
      .from(contestAttempts)
      .where(ofAct),
    perDayCounts(db, { table: contestAttempts, at: contestAttempts.started_at, where: ofAct, columns: { attempts: count() } }),
    countBy(db, { table: contestAttempts, by: histogramBin(sql`coalesce(${contestAttempts.score}, 0) / nullif(${contestAttempts.max_score}, 0)`), where: done }),
    recountQuestionCells(db, actId),
  ]);
  return { totals, days, hist, ...cells };
}

/**
 * Where the pass score lies on the histogram (percent of the paper's total), for a single-round
 * contest with a total; levels pass by their own rules, so a levelled contest has none.
 */
async function passLineOf(db: Db, act: ActivityRow): Promise<{ score: number; total: number; percent: number } | null> {
  if (act.type !== 3) return null;
  const { total } = await paperView(db, act);
  if (!(total > 0)) return null;
  const score = passScoreOf(contestConfigOf(act.config).pass_score, total);
  return { score, total, percent: round2(Math.min(100, (score / total) * 100)) };
}

/** Per level: readers who could play it (the first level: everyone who started; later ones: who passed the previous), who attempted it, who passed it. */
async function funnelOf(db: Db, act: ActivityRow) {
  const levels = await levelsOf(db, act.id);
  const rows = await db
    .select({ level_id: contestProgress.level_id, attempted: sql<number>`count(*) filter (where ${contestProgress.attempts} > 0)::int`, passed: sql<number>`count(*) filter (where ${contestProgress.passed} = 1)::int` })
    .from(contestProgress)
    .where(eq(contestProgress.act_id, act.id))
    .groupBy(contestProgress.level_id);
  const byLevel = new Map(rows.map((r) => [r.level_id, r]));
  const [{ players }] = await db.select({ players: sql<number>`count(distinct ${contestProgress.reader_id})::int` }).from(contestProgress).where(eq(contestProgress.act_id, act.id));
  return levels.map((l, i) => {
    const previous = i > 0 ? byLevel.get(levels[i - 1].id) : undefined;
    const unlocked = i === 0 || !l.unlock_after_previous ? players : (previous?.passed ?? 0);
    const r = byLevel.get(l.id);
    return { level_id: l.id, name: l.name, sort: l.sort, unlocked, attempted: r?.attempted ?? 0, passed: r?.passed ?? 0, pass_rate: pct(r?.passed ?? 0, r?.attempted ?? 0) };
  });
}

/** Its figures' route: `GET /v1/{org}/count/contest/{id}` (page actCountContest). */
export async function contestFiguresRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const params = z.object({ org: z.string(), id: idParam });
  app.withTypeProvider<ZodTypeProvider>().get('/v1/:org/count/contest/:id', { config: { access: 'org' }, schema: { params } }, async (request) =>
    contestCount(db, await contestOf(db, request, request.params.id)),
  );
}
