import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, countDistinct, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import {
  activityStateOf,
  crossTab,
  idParam,
  npsSummary,
  optionShares,
  questionNumbers,
  round2,
  scoreSummary,
  surveyConfigOf,
  surveyStatsQuerySchema,
  TEXT_TYPES,
  type SurveyOption,
  type SurveyQuestion,
  type SurveyQuestionStats,
  type SurveyStats,
} from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { activities, surveyAnswers, surveyResponses } from '../../db/schema.js';
import { noGapDays, perDaySeries, todayOf, unitsBelow, UNIT_NOT_IN_ORG } from '../../figures/index.js';
import { foldSurveyRollup, rolledUpStats, type RolledCell } from './rollup.js';
import { currentQuestions, latestVersion } from './store.js';
import { rowsOf } from '../../db/rows.js';
import { nowSec } from '../../participation/clock.js';
import { activityOfPath } from '../kind.js';

type Act = typeof activities.$inferSelect;

/** The filters of the count pages: responses of a unit and the units below it, submitted in a range. */
export interface SurveyFilter {
  units: number[] | null;
  from?: number;
  to?: number;
}

export { UNIT_NOT_IN_ORG };

/** The unit and every unit below it; null for the organisation itself (no narrowing); 422 outside its tree. */
export async function filterOf(db: Db, orgId: number, q: { unit_id?: number; from?: number; to?: number }): Promise<SurveyFilter> {
  return { units: await unitsBelow(db, orgId, q.unit_id), from: q.from, to: q.to };
}

/** The filter on a table of the questionnaire's rows (answers or responses). */
const filterWhere = (t: typeof surveyAnswers | typeof surveyResponses, actId: number, f: SurveyFilter, ...more: SQL[]): SQL =>
  and(
    eq(t.act_id, actId),
    ...more,
    f.units ? inArray(t.unit_id, f.units) : undefined,
    f.from !== undefined ? gte(t.submitted_at, f.from) : undefined,
    f.to !== undefined ? lte(t.submitted_at, f.to) : undefined,
  )!;
/** The answer rows a filter keeps. */
export const answersWhere = (actId: number, f: SurveyFilter): SQL => filterWhere(surveyAnswers, actId, f);
/** The submitted responses a filter keeps. */
const responsesWhere = (actId: number, f: SurveyFilter): SQL => filterWhere(surveyResponses, actId, f, eq(surveyResponses.status, 1));

/** Each leaf of a cascade as one option named by its path (一级 / 二级 / 三级). */
function cascadeLeaves(options: readonly SurveyOption[], prefix = ''): SurveyOption[] {
  return options.flatMap((o) => {
    const text = prefix ? `${prefix} / ${o.text}` : o.text;
    return o.children?.length ? cascadeLeaves(o.children, text) : [{ ...o, text }];
  });
}

/** One group of answer rows: a question's revision, an option, a matrix row, a number. */
type Cell = RolledCell;

interface Counts {
  groups: Cell[];
  totals: { n: number; readers: number; duration: number | null };
  days: { day: string; responses: number }[];
}

/** The figures' counts from the rollup and the responses it has not folded yet. */
async function rolledUpCounts(db: Db, act: Act, f: SurveyFilter, running: boolean): Promise<Counts> {
  const ranged = f.from !== undefined || f.to !== undefined;
  const { cells, totals, days } = await rolledUpStats(db, act.id, f.units, ranged ? { from: f.from, to: f.to } : undefined);
  return { groups: cells, totals, days: noGapDays(days.map((d) => ({ day: d.day, responses: d.n })), { responses: 0 }, running) };
}

/** The figures' counts from the rows (the recount the rollup equals): one grouped read of the answer rows (respondents through `lead`) and two of the responses. */
async function rowCounts(db: Db, act: Act, f: SurveyFilter, running: boolean): Promise<Counts> {
  const [groups, [totals], days] = await Promise.all([
    db
      .select({
        q: surveyAnswers.question_id,
        rev: surveyAnswers.revision,
        option: surveyAnswers.option_id,
        row: surveyAnswers.row_id,
        num: surveyAnswers.num,
        n: count(),
        leads: sql<number>`count(*) filter (where ${surveyAnswers.lead} = 1)`.mapWith(Number),
        texts: sql<number>`count(*) filter (where ${surveyAnswers.text} <> '')`.mapWith(Number),
      })
      .from(surveyAnswers)
      .where(answersWhere(act.id, f))
      .groupBy(surveyAnswers.question_id, surveyAnswers.revision, surveyAnswers.option_id, surveyAnswers.row_id, surveyAnswers.num),
    db
      .select({ n: count(), readers: countDistinct(surveyResponses.reader_id), duration: sql<number | null>`avg(nullif(${surveyResponses.duration_sec}, 0))`.mapWith(Number) })
      .from(surveyResponses)
      .where(responsesWhere(act.id, f)),
    perDaySeries(db, { table: surveyResponses, at: surveyResponses.submitted_at, where: responsesWhere(act.id, f), key: 'responses', running }),
  ]);
  return { groups, totals, days };
}

/**
 * The figures of a questionnaire (design §6 "Stats") under a filter: responses, readers, mean
 * duration, responses per China day; per question its respondents and, by type, option counts
 * and % (2 decimals), the mean rank, the score's mean, median and distribution, NPS, matrix cells,
 * or how many written answers there are. Only answers of each question's current revision count.
 * Three reads whatever the number of questions, from the rollup (rollup.ts, folded first; a date
 * range from its rows per day), or `recount`ed from the rows.
 */
export async function surveyStats(db: Db, act: Act, f: SurveyFilter, how: 'rollup' | 'recount' = 'rollup'): Promise<SurveyStats> {
  const state = activityStateOf(act, nowSec());
  const rolled = how === 'rollup';
  if (rolled) await foldSurveyRollup(db, act);
  const [questions, version, { groups, totals, days }] = await Promise.all([
    currentQuestions(db, act.id),
    latestVersion(db, act.id),
    rolled ? rolledUpCounts(db, act, f, state === 2) : rowCounts(db, act, f, state === 2),
  ]);
  const nos = questionNumbers(questions);
  const sum = (cells: Cell[], k: 'n' | 'leads' | 'texts') => cells.reduce((s, c) => s + c[k], 0);
  return {
    activity: { id: act.id, title: act.title, act_state: state, anonymous: surveyConfigOf(act.config).anonymous },
    version: version?.version ?? 0,
    totals: { responses: totals.n, readers: totals.readers, mean_duration: totals.duration ? Math.round(totals.duration) : 0, today: todayOf(days, 'responses') },
    days,
    questions: questions.map((q) => {
      const mine = groups.filter((g) => g.q === q.id && g.rev === q.revision);
      const earlier = sum(groups.filter((g) => g.q === q.id && g.rev !== q.revision), 'leads');
      const out: SurveyQuestionStats = { id: q.id, no: nos.get(q.id) ?? null, type: q.type, title: q.title, revision: q.revision, respondents: sum(mine, 'leads'), earlier };
      return { ...out, ...figuresOf(q, mine, out.respondents, sum(mine, 'texts')) };
    }),
  };
}

function figuresOf(q: SurveyQuestion, cells: Cell[], respondents: number, texts: number): Partial<SurveyQuestionStats> {
  const byOption = new Map<string, number>();
  const rankSum = new Map<string, number>();
  const scoreCounts = new Map<number, number>();
  for (const c of cells) {
    if (c.option && !c.row) {
      byOption.set(c.option, (byOption.get(c.option) ?? 0) + c.n);
      if (c.num !== null) rankSum.set(c.option, (rankSum.get(c.option) ?? 0) + c.num * c.n);
    } else if (!c.option && c.num !== null) scoreCounts.set(Number(c.num), (scoreCounts.get(Number(c.num)) ?? 0) + c.n);
  }
  switch (q.type) {
    case 'single':
    case 'dropdown':
      return { options: optionShares(q.options, byOption, respondents), texts };
    case 'multiple': {
      const choices = [...byOption.values()].reduce((s, n) => s + n, 0);
      return { options: optionShares(q.options, byOption, respondents, choices), choices, texts };
    }
    case 'cascader':
      return { options: optionShares(cascadeLeaves(q.options), byOption, respondents) };
    case 'ranking':
      return {
        ranking: q.options
          .filter((o) => !o.hidden)
          .map((o) => {
            const n = byOption.get(o.id) ?? 0;
            return { id: o.id, text: o.text, mean_rank: n ? round2((rankSum.get(o.id) ?? 0) / n) : 0, count: n };
          })
          .sort((a, b) => (a.mean_rank || Infinity) - (b.mean_rank || Infinity)),
      };
    case 'rating':
      return { score: scoreSummary(scoreCounts, 1, q.settings.rating_max ?? 5) };
    case 'nps':
      return { nps: npsSummary(scoreCounts) };
    case 'matrix_single':
    case 'matrix_multiple': {
      const pairs = new Map<string, { row: string; col: string; count: number }>();
      const rowTotals = new Map<string, number>();
      for (const c of cells) {
        if (!c.row) continue;
        const key = `${c.row}\u0000${c.option}`;
        pairs.set(key, { row: c.row, col: c.option, count: (pairs.get(key)?.count ?? 0) + c.n });
        rowTotals.set(c.row, (rowTotals.get(c.row) ?? 0) + c.n);
      }
      const rows = q.rows.filter((r) => !r.hidden || rowTotals.get(r.id)).map((r) => ({ id: r.id, text: r.text }));
      // A cell's % is of the row's answers (single choice: one cell per answer) or of the question's respondents (multiple).
      const totals = new Map(rows.map((r) => [r.id, q.type === 'matrix_single' ? (rowTotals.get(r.id) ?? 0) : respondents]));
      return { matrix: crossTab(rows, q.options.filter((o) => !o.hidden), [...pairs.values()], totals) };
    }
    default:
      return TEXT_TYPES.includes(q.type) || q.type === 'date' || q.type === 'upload' ? { texts } : {};
  }
}

/**
 * Question × question (two choice questions): responses that chose row option r and column
 * option c; a cell's % is of the responses choosing r that answered the column question.
 */
export async function surveyCrossTab(db: Db, act: Act, rowQ: SurveyQuestion, colQ: SurveyQuestion, f: SurveyFilter) {
  const a = sql.raw('a');
  const b = sql.raw('b');
  const filters = sql.join(
    [
      sql`${a}.act_id = ${act.id}`,
      f.units ? sql`${a}.unit_id in (${sql.join(f.units.map((u) => sql`${u}`), sql`, `)})` : undefined,
      f.from !== undefined ? sql`${a}.submitted_at >= ${f.from}` : undefined,
      f.to !== undefined ? sql`${a}.submitted_at <= ${f.to}` : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  const joined = sql`from survey_answers ${a} join survey_answers ${b} on ${b}.response_id = ${a}.response_id and ${b}.act_id = ${a}.act_id
    where ${filters} and ${a}.question_id = ${rowQ.id} and ${a}.revision = ${rowQ.revision} and ${a}.option_id <> ''
      and ${b}.question_id = ${colQ.id} and ${b}.revision = ${colQ.revision} and ${b}.option_id <> ''`;
  const [pairs, totals] = await Promise.all([
    db.execute(sql`select ${a}.option_id as row, ${b}.option_id as col, count(distinct ${a}.response_id)::int as n ${joined} group by 1, 2`),
    db.execute(sql`select ${a}.option_id as row, count(distinct ${a}.response_id)::int as n ${joined} group by 1`),
  ]);
  const visibleOf = (q: SurveyQuestion) => (q.type === 'cascader' ? cascadeLeaves(q.options) : q.options).filter((o) => !o.hidden);
  return {
    row: { id: rowQ.id, title: rowQ.title },
    col: { id: colQ.id, title: colQ.title },
    ...crossTab(
      visibleOf(rowQ),
      visibleOf(colQ),
      rowsOf<{ row: string; col: string; n: number | string }>(pairs).map((p) => ({ row: p.row, col: p.col, count: Number(p.n) })),
      new Map(rowsOf<{ row: string; n: number | string }>(totals).map((t) => [t.row, Number(t.n)])),
    ),
  };
}


/** Its figures' route: `GET /v1/{org}/survey/{act}/stats?unit_id=&from=&to=` (page 问卷统计). */
export async function surveyFiguresRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const params = z.object({ org: z.string(), act: idParam });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/v1/:org/survey/:act/stats', { config: { access: 'org' }, schema: { params, querystring: surveyStatsQuerySchema.extend({ reflesh: z.unknown().optional() }) } }, async (request) => {
      const act = await activityOfPath(app, request, 4, request.params.act);
      return surveyStats(db, act, await filterOf(db, act.org_id, request.query));
    });
}
