import { activityOfPath } from '../kind.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  ACTIVITY_KINDS,
  checkQuestion,
  chooseQuestionsBody,
  contestAttemptsResource,
  contestConfigProblems,
  contestLevelsResource,
  contestProAttemptsResource,
  contestProQuestionsResource,
  contestQuestionsResource,
  contestRulesBody,
  DUPLICATE_SIMILARITY,
  idParam,
  idRef,
  contestConfigOf,
  paperTotal,
  passScoreProblem,
  rulesProblems,
  rulesTotal,
  shortfallWarning,
  stemSimilarity,
  type ContestKind,
  type QuestionBody,
  type ResourceDef,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, contestAttempts, contestLevels, contestQuestions, questions, readers } from '../../db/schema.js';
import { badRequest, validationError } from '../../http/errors.js';
import { bind, type ResourceBinding, type Row } from '../../resources/binding.js';
import { audit } from '../../resources/audit.js';
import { contestShortfalls, levelsOf, paperSettings, questionDrawn, shortfallOf, type ActivityRow, type LevelRow } from './engine.js';

const BASE = { 3: 'contest', 6: 'contestpro' } as const;
const actParams = z.object({ org: z.string(), act: idParam });

export const QUESTION_LOCKED = '题目已被抽入读者的试卷，不能再修改题型、选项或答案';
export const LEVEL_HAS_ATTEMPTS = '关卡已有读者挑战，不能删除';
export const LEVEL_NOT_OF_CONTEST = '关卡不属于本竞赛';
export const QUESTION_NOT_IN_BANK = (id: number) => `题目不存在：${id}`;

/** The contest of the path (type 3 or 6) through its declaration: another organisation's, a deleted or another type's is 404. */
export const contestOf = (app: FastifyInstance, request: FastifyRequest, type: ContestKind, id: number): Promise<ActivityRow> => activityOfPath(app, request, type, id);

async function levelOf(db: Db | Tx, act: ActivityRow, levelId: number): Promise<LevelRow> {
  const [level] = await db.select().from(contestLevels).where(and(eq(contestLevels.org_id, act.org_id), eq(contestLevels.act_id, act.id), eq(contestLevels.id, levelId)));
  if (!level) throw validationError([{ field: 'level_id', message: LEVEL_NOT_OF_CONTEST }]);
  return level;
}

/**
 * What the question page shows above the list: the paper mode, the rules, the total, the
 * shortfall per rule and the leave warning built from it (spec §2: 题目数不足 while it is not empty).
 */
export async function paperView(db: Db | Tx, act: ActivityRow, level?: LevelRow | null) {
  const s = paperSettings(act, level);
  const shortfalls = level || act.type === 3 ? await shortfallOf(db, act, level) : await contestShortfalls(db, act);
  const [counts] = await db
    .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${contestQuestions.score}), 0)`, musts: sql<number>`count(*) filter (where ${contestQuestions.is_must} = 1)::int` })
    .from(contestQuestions)
    .where(and(eq(contestQuestions.act_id, act.id), level ? eq(contestQuestions.level_id, level.id) : act.type === 3 ? isNull(contestQuestions.level_id) : undefined));
  return {
    level_id: level?.id ?? null,
    contest_type: s.contest_type,
    rules: s.rules,
    question_count: counts.n,
    must_count: counts.musts,
    total: s.contest_type === 2 ? rulesTotal(s.rules) : paperTotal([{ score: Number(counts.total) }]),
    shortfalls,
    warning: shortfallWarning(shortfalls),
  };
}

/** A question body merged with the stored row, checked across fields (design §4): the answer in its stored form. */
function checkedQuestion(values: Record<string, unknown>, existing: Row | undefined, drawn: boolean): Record<string, unknown> {
  const merged = { ...(existing ?? {}), ...values } as unknown as QuestionBody;
  const { problems, answer } = checkQuestion({ type: merged.type, stem: merged.stem, options: merged.options ?? [], answer: merged.answer });
  if (problems.length) throw validationError(problems);
  if (existing && drawn) {
    const changed = (k: 'type' | 'options' | 'answer', v: unknown) => values[k] !== undefined && JSON.stringify(v) !== JSON.stringify(existing[k]);
    if (changed('type', values.type) || changed('options', values.options) || changed('answer', answer)) throw badRequest(QUESTION_LOCKED);
  }
  return { ...values, ...(values.answer !== undefined || !existing ? { answer } : {}) };
}

/**
 * The questions of a contest (type 3) or of an advanced contest's levels (type 6): added (`add`,
 * the declaration's create), chosen from the banks (`choose`, copies), must flags, order, the
 * paper view with its shortfall, the paper rules, and duplicate stems side by side (`compare`).
 */
function questionsBinding(def: ResourceDef, type: ContestKind): ResourceBinding {
  const base = BASE[type];
  return bind({
    def,
    table: contestQuestions,
    async prepare(values, { existing, tx, parentId, org }) {
      if (!existing && values.score === undefined) values.score = 5;
      const drawn = !!existing && (await questionDrawn(tx, existing as unknown as { id: number; act_id: number }));
      const checked = checkedQuestion(values, existing, drawn);
      if (type === 6 && !existing) {
        if (values.level_id === undefined) throw validationError([{ field: 'level_id', message: '请选择关卡' }]);
        const [act] = await tx.select().from(activities).where(and(eq(activities.id, parentId!), eq(activities.org_id, org!.id)));
        await levelOf(tx, act, values.level_id as number);
      }
      return checked;
    },
    routes(app: FastifyInstance) {
      const r = app.withTypeProvider<ZodTypeProvider>();
      const { db } = app.database;
      const config = { access: 'org' as const };
      const service = () => app.resources.get(def.name)!;

      /** `POST …/question/add`: a new question of the contest only (the spec's `add`; same as the list's create). */
      r.post(`/v1/:org/${base}/:act/question/add`, { config, schema: { params: actParams, body: def.create } }, (request) => service().create(request, request.body as Record<string, unknown>));

      /**
       * `POST …/question/choose {ids, level_id?, score?}`: bank questions (the organisation's and the
       * public bank's, active) copied into the contest, in the given order after the last one; a
       * question the contest holds already is skipped (a bank question is in one level at most).
       */
      r.post(`/v1/:org/${base}/:act/question/choose`, { config, schema: { params: actParams, body: chooseQuestionsBody } }, async (request) => {
        const act = await contestOf(app, request, type, request.params.act);
        const { ids, score } = request.body;
        const wanted = [...new Set(ids)];
        if (type === 6 && request.body.level_id === undefined) throw validationError([{ field: 'level_id', message: '请选择关卡' }]);
        if (type === 3 && request.body.level_id !== undefined) throw validationError([{ field: 'level_id', message: '单轮竞赛没有关卡' }]);
        return db.transaction(async (tx) => {
          const level = type === 6 ? await levelOf(tx, act, request.body.level_id!) : null;
          const found = await tx
            .select()
            .from(questions)
            .where(and(inArray(questions.id, wanted), or(eq(questions.org_id, act.org_id), isNull(questions.org_id)), eq(questions.is_delete, 0)));
          const byId = new Map(found.map((q) => [q.id, q]));
          const missing = wanted.find((id) => !byId.has(id));
          if (missing !== undefined) throw validationError([{ field: `ids.${wanted.indexOf(missing)}`, message: QUESTION_NOT_IN_BANK(missing) }]);
          const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${contestQuestions.sort}), 0)::int` }).from(contestQuestions).where(eq(contestQuestions.act_id, act.id));
          const made = await tx
            .insert(contestQuestions)
            .values(
              wanted.map((id, i) => {
                const q = byId.get(id)!;
                return {
                  org_id: act.org_id,
                  act_id: act.id,
                  level_id: level?.id ?? null,
                  question_id: q.id,
                  type: q.type,
                  difficulty: q.difficulty,
                  category_id: q.category_id,
                  stem: q.stem,
                  stem_images: q.stem_images,
                  options: q.options,
                  answer: q.answer,
                  analysis: q.analysis,
                  score: score ?? q.default_score,
                  sort: last + i + 1,
                };
              }),
            )
            .onConflictDoNothing()
            .returning({ id: contestQuestions.id });
          await audit(tx, request, 'choose', def.name, made.map((m) => m.id));
          return { added: made.length, skipped: wanted.length - made.length, paper: await paperView(tx, act, level) };
        });
      });

      /** `GET …/paper?level=`: the paper mode, rules, totals and the shortfall (the leave warning's text). */
      r.get(`/v1/:org/${base}/:act/paper`, { config, schema: { params: actParams, querystring: z.object({ level: idParam.optional(), reflesh: z.unknown().optional() }) } }, async (request) => {
        const act = await contestOf(app, request, type, request.params.act);
        const level = request.query.level !== undefined ? await levelOf(db, act, request.query.level) : null;
        return paperView(db, act, level);
      });

      /**
       * `GET …/compare?threshold=`: pairs of the contest's questions whose stems are near duplicates
       * (rules/questions.ts stemSimilarity ≥ 0.9 by default), side by side, most similar first.
       */
      r.get(
        `/v1/:org/${base}/:act/compare`,
        { config, schema: { params: actParams, querystring: z.object({ threshold: z.coerce.number({ error: '相似度必须是数字' }).min(0.5, '相似度不能小于0.5').max(1, '相似度不能超过1').optional(), reflesh: z.unknown().optional() }) } },
        async (request) => {
          const act = await contestOf(app, request, type, request.params.act);
          const threshold = request.query.threshold ?? DUPLICATE_SIMILARITY;
          const rows = await db
            .select({ id: contestQuestions.id, type: contestQuestions.type, stem: contestQuestions.stem, options: contestQuestions.options, answer: contestQuestions.answer, level_id: contestQuestions.level_id, question_id: contestQuestions.question_id })
            .from(contestQuestions)
            .where(eq(contestQuestions.act_id, act.id))
            .orderBy(asc(contestQuestions.id))
            .limit(3000);
          const pairs: { similarity: number; a: (typeof rows)[number]; b: (typeof rows)[number] }[] = [];
          for (let i = 0; i < rows.length; i++)
            for (let j = i + 1; j < rows.length; j++) {
              const similarity = stemSimilarity(rows[i].stem, rows[j].stem);
              if (similarity >= threshold) pairs.push({ similarity: Math.round(similarity * 100) / 100, a: rows[i], b: rows[j] });
            }
          pairs.sort((x, y) => y.similarity - x.similarity || x.a.id - y.a.id);
          return { threshold, items: pairs.slice(0, 500) };
        },
      );

      if (type === 3) {
        /** `PUT /contest/{act}/rules {contest_type, rules}`: the paper mode and rules (saved even when the pool is short; the page warns, publishing refuses). */
        r.put('/v1/:org/contest/:act/rules', { config, schema: { params: actParams, body: contestRulesBody } }, async (request) => {
          const act = await contestOf(app, request, 3, request.params.act);
          const problems = rulesProblems(request.body.rules);
          if (problems.length) throw validationError(problems.map((p) => ({ ...p, field: p.field.replace(/^config\./, '') })));
          const updated = await app.resources.get(ACTIVITY_KINDS[3].name)!.update(request, act.id, { config: { contest_type: request.body.contest_type, rules: request.body.rules } });
          return paperView(db, updated as ActivityRow);
        });
      }
    },
  });
}

/** Levels of an advanced contest: ordered 1…n (passsort), rules checked, a level with attempts kept. */
export const contestLevelsBinding = bind({
  def: contestLevelsResource,
  table: contestLevels,
  async prepare(values, { existing, tx, parentId }) {
    if (!existing) {
      const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${contestLevels.sort}), 0)::int` }).from(contestLevels).where(eq(contestLevels.act_id, parentId!));
      values.sort = last + 1;
    }
    return values;
  },
  async guard(action, rows, { tx }) {
    if (action !== 'delete' || !rows.length) return;
    const [used] = await tx.select({ id: contestAttempts.id }).from(contestAttempts).where(inArray(contestAttempts.level_id, rows.map((r) => r.id))).limit(1);
    if (used) throw badRequest(LEVEL_HAS_ATTEMPTS);
  },
  async after(action, rows, { tx, parentId }) {
    // Deleting levels closes the gaps: the remaining keep their order as 1…n.
    if (action !== 'delete' || !rows.length) return;
    const left = await tx.select({ id: contestLevels.id }).from(contestLevels).where(eq(contestLevels.act_id, parentId!)).orderBy(asc(contestLevels.sort), asc(contestLevels.id));
    for (const [i, l] of left.entries()) await tx.update(contestLevels).set({ sort: i + 1 }).where(eq(contestLevels.id, l.id));
  },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const config = { access: 'org' as const };
    const service = () => app.resources.get(contestLevelsResource.name)!;

    /** `POST /contestpro/{act}/passsort {ids}`: the spec's name of the levels' order (same as `…/pass/sort`); the others follow. */
    r.post('/v1/:org/contestpro/:act/passsort', { config, schema: { params: actParams, body: z.object({ ids: z.array(idRef('关卡'), { error: '请选择关卡' }).min(1, '请选择关卡').max(50, '关卡最多50个') }) } }, async (request) => {
      const act = await contestOf(app, request, 6, request.params.act);
      const levels = await levelsOf(db, act.id);
      const order = [...new Set(request.body.ids), ...levels.map((l) => l.id).filter((id) => !request.body.ids.includes(id))];
      return { sorted: await service().sort(request, order) };
    });

    /** `PUT /contestpro/{act}/pass/{id}/rules {contest_type, rules}`: a level's paper mode and rules. */
    r.put('/v1/:org/contestpro/:act/pass/:id/rules', { config, schema: { params: actParams.extend({ id: idParam }), body: contestRulesBody } }, async (request) => {
      const act = await contestOf(app, request, 6, request.params.act);
      const problems = rulesProblems(request.body.rules, 'rules');
      if (problems.length) throw validationError(problems);
      const level = (await service().update(request, request.params.id, request.body)) as unknown as LevelRow;
      return paperView(db, act, level);
    });
  },
});

/** Attempts of a contest (read only): reader account and name beside each; overdue ones are submitted first. */
function attemptsBinding(def: ResourceDef): ResourceBinding {
  return bind({
    def,
    table: contestAttempts,
    hidden: ['paper', 'ip', 'counted'],
    async present(rows, { request }) {
      if (!rows.length) return rows;
      const found = await request.server.database.db
        .select({ id: readers.id, account: readers.account, real_name: readers.real_name })
        .from(readers)
        .where(inArray(readers.id, [...new Set(rows.map((r) => r.reader_id as number))]));
      const byId = new Map(found.map((f) => [f.id, f]));
      return rows.map((r) => ({ ...r, account: byId.get(r.reader_id as number)?.account ?? '', real_name: byId.get(r.reader_id as number)?.real_name ?? '' }));
    }
  });
}

/**
 * A contest's own settings as stored: merged with the stored config and checked whole (rules not
 * overlapping): 422 naming `config.<key>`. A new single-round contest allows one attempt unless told.
 */
export function preparedContestConfig(values: Record<string, unknown>, existing?: Row): Record<string, unknown> {
  const config = { ...((existing?.config ?? {}) as Record<string, unknown>), ...((values.config as Record<string, unknown> | undefined) ?? {}) };
  const problems = contestConfigProblems(config);
  if (problems.length) throw validationError(problems);
  if (!existing && values.answer_limit === undefined) values.answer_limit = 1;
  return config;
}

/**
 * A single-round contest's pass score within its paper's total (random: the rules' counts × scores;
 * fixed: its questions' scores). On saving, a fixed paper without questions has no total yet and
 * is let through; publishing always checks. Levels (type 6) pass by their own rule.
 */
export async function assertPassScoreFits(tx: Db | Tx, actId: number | null, config: unknown, publishing = false): Promise<void> {
  const c = contestConfigOf(config);
  if (c.pass_score === null) return;
  let total = rulesTotal(c.rules);
  if (c.contest_type === 1) {
    const [sum] = actId
      ? await tx.select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${contestQuestions.score}), 0)` }).from(contestQuestions).where(and(eq(contestQuestions.act_id, actId), isNull(contestQuestions.level_id)))
      : [{ n: 0, total: '0' }];
    if (sum.n === 0 && !publishing) return;
    total = paperTotal([{ score: Number(sum.total) }]);
  } else if (c.rules.length === 0 && !publishing) return;
  const problem = passScoreProblem(c.pass_score, total);
  if (problem) throw validationError([problem]);
}

/** Publishing a contest needs papers: 422 naming the shortfalls (design §4 pool sufficiency), and a pass score it can reach. */
export async function assertContestReady(tx: Tx, row: ActivityRow): Promise<void> {
  const shortfalls = await contestShortfalls(tx, row);
  if (shortfalls.length) throw validationError([{ field: 'config.rules', message: `题目数不足，不能发布：${shortfallWarning(shortfalls)}` }]);
  if (row.type === 3) await assertPassScoreFits(tx, row.id, row.config, true);
}

export const CONTEST_BINDINGS: ResourceBinding[] = [
  questionsBinding(contestQuestionsResource, 3),
  questionsBinding(contestProQuestionsResource, 6),
  contestLevelsBinding,
  attemptsBinding(contestAttemptsResource),
  attemptsBinding(contestProAttemptsResource),
];
