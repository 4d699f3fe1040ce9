import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gt, ilike, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  answerText,
  CROSSTAB_TYPES,
  formatSeconds,
  idParam,
  isAnswered,
  pageQuerySchema,
  questionNumbers,
  surveyConfigOf,
  surveyStatsQuerySchema,
  type SurveyAnswerItem,
  type SurveyPaper,
  type SurveyQuestion,
  plainText,
} from '@huodong/domain';
import { surveyAnswers, surveyResponses } from '../../db/schema.js';
import { activityOfPath, type ActivityRow } from '../kind.js';
import { notFound, validationError } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { attachment, xlsxStream, XLSX_TYPE, type Cell } from '../../exports/xlsxStream.js';
import { currentQuestions, latestVersion, respondentsOf, versionsOf } from './store.js';
import { answersWhere, filterOf, surveyCrossTab } from './figures.js';

type Act = ActivityRow;
const actParams = z.object({ org: z.string(), act: idParam });
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const CROSSTAB_NEEDS_CHOICE = '交叉分析只能选择单选、多选或下拉题';
export const RESPONSES_EXPORT_TITLE = '问卷答卷';

/**
 * The administrator's reads of a questionnaire's responses (count pages actCountSurvey,
 * actCountSurveySubQues, actCountSurveyPaper; spec §7 exports; the statistics are figures.ts): with
 * the unit and date filters a cross-tab, one question's answers (written text searchable), one response, and every
 * response as a spreadsheet. The activity is read through its declaration (another organisation's
 * or another type's is 404); an anonymous questionnaire never shows or exports who answered.
 */
export async function surveyAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const surveyOf = (request: FastifyRequest, id: number) => activityOfPath(app, request, 4, id);
  const questionOf = async (act: Act, id: number, field: string): Promise<SurveyQuestion> => {
    const q = (await currentQuestions(db, act.id)).find((x) => x.id === id);
    if (!q) throw validationError([{ field, message: '题目不存在' }]);
    return q;
  };

  /** `GET /v1/{org}/survey/{act}/crosstab?row=&col=` (+ filters): two choice questions against each other. */
  r.get(
    '/v1/:org/survey/:act/crosstab',
    { config, schema: { params: actParams, querystring: surveyStatsQuerySchema.extend({ row: idParam, col: idParam, reflesh: z.unknown().optional() }) } },
    async (request) => {
      const act = await surveyOf(request, request.params.act);
      const [rowQ, colQ] = [await questionOf(act, request.query.row, 'row'), await questionOf(act, request.query.col, 'col')];
      for (const [q, field] of [[rowQ, 'row'], [colQ, 'col']] as const) if (!CROSSTAB_TYPES.includes(q.type)) throw validationError([{ field, message: CROSSTAB_NEEDS_CHOICE }]);
      if (rowQ.id === colQ.id) throw validationError([{ field: 'col', message: '请选择两道不同的题目' }]);
      return surveyCrossTab(db, act, rowQ, colQ, await filterOf(db, act.org_id, request.query));
    },
  );

  /**
   * `GET /v1/{org}/survey/{act}/question/{id}/answers?keyword=&option_id=` (+ filters, paged): one
   * question's answers in its current revision, newest first; `keyword` searches the written text.
   */
  r.get(
    '/v1/:org/survey/:act/question/:id/answers',
    {
      config,
      schema: {
        params: actParams.extend({ id: idParam }),
        querystring: pageQuerySchema.extend(surveyStatsQuerySchema.shape).extend({ option_id: plainText('选项').max(16, '选项不存在').optional(), written: z.enum(['0', '1']).optional() }),
      },
    },
    async (request) => {
      const act = await surveyOf(request, request.params.act);
      const q = await questionOf(act, request.params.id, 'id');
      const f = await filterOf(db, act.org_id, request.query);
      const { keyword, option_id, written } = request.query;
      const where = and(
        eq(surveyAnswers.question_id, q.id),
        eq(surveyAnswers.revision, q.revision),
        answersWhere(act.id, f),
        keyword?.trim() ? ilike(surveyAnswers.text, `%${escapeLike(keyword.trim())}%`) : undefined,
        option_id ? eq(surveyAnswers.option_id, option_id) : undefined,
        written === '1' ? ne(surveyAnswers.text, '') : undefined,
      ) as SQL;
      const options = new Map((q.type === 'cascader' ? [] : q.options).map((o) => [o.id, o.text]));
      return pagedList(
        request.query,
        request.url,
        async () => (await db.select({ n: count() }).from(surveyAnswers).where(where))[0].n,
        async (limit, offset): Promise<SurveyAnswerItem[]> => {
          const rows = await db
            .select({ response_id: surveyAnswers.response_id, submitted_at: surveyAnswers.submitted_at, option_id: surveyAnswers.option_id, row_id: surveyAnswers.row_id, text: surveyAnswers.text, num: surveyAnswers.num, unit_id: surveyAnswers.unit_id, reader_id: surveyResponses.reader_id })
            .from(surveyAnswers)
            .innerJoin(surveyResponses, eq(surveyResponses.id, surveyAnswers.response_id))
            .where(where)
            .orderBy(desc(surveyAnswers.submitted_at), desc(surveyAnswers.id))
            .limit(limit)
            .offset(offset);
          const who = await respondentsOf(db, !!surveyConfigOf(act.config).anonymous, rows);
          const rowText = new Map(q.rows.map((x) => [x.id, x.text]));
          return rows.map((x) => ({
            response_id: x.response_id,
            submitted_at: x.submitted_at,
            account: who(x).account,
            unit_name: who(x).unit_name,
            option_text: [x.row_id ? rowText.get(x.row_id) : '', options.get(x.option_id)].filter(Boolean).join('：'),
            text: x.text,
            num: x.num,
          }));
        },
      );
    },
  );

  /** `GET /v1/{org}/survey/{act}/responses/{id}/paper`: one response with the questions of the version it answered. */
  r.get('/v1/:org/survey/:act/responses/:id/paper', { config, schema: { params: actParams.extend({ id: idParam }) } }, async (request): Promise<SurveyPaper> => {
    const act = await surveyOf(request, request.params.act);
    const [row] = await db.select().from(surveyResponses).where(and(eq(surveyResponses.id, request.params.id), eq(surveyResponses.act_id, act.id), eq(surveyResponses.org_id, act.org_id), eq(surveyResponses.status, 1)));
    if (!row) throw notFound();
    const anonymous = surveyConfigOf(act.config).anonymous;
    const questions = (await versionsOf(db, act.id)).get(row.version) ?? [];
    const nos = questionNumbers(questions);
    const who = (await respondentsOf(db, !!anonymous, [row]))(row);
    const answers = row.answers as Record<string, unknown>;
    return {
      id: row.id,
      version: row.version,
      anonymous,
      ...who,
      started_at: row.started_at,
      submitted_at: row.submitted_at,
      duration_sec: row.duration_sec,
      edit_count: row.edit_count,
      channel: row.channel,
      items: questions.map((q) => ({ id: q.id, no: nos.get(q.id) ?? null, type: q.type, title: q.title, description: q.description ?? '', answered: isAnswered(answers[String(q.id)]), text: answerText(q, answers[String(q.id)]) })),
    };
  });

  /**
   * `GET /v1/{org}/export/surveyresponses?act=`: every submitted response, one column per question
   * of the current version (each answer read with the version it answered); reader columns (account,
   * name, unit) only when the questionnaire is not anonymous. Streamed in pages of 1,000.
   */
  r.get(
    '/v1/:org/export/surveyresponses',
    { config: { ...config, rawBody: true }, schema: { params: z.object({ org: z.string() }), querystring: z.object({ act: idParam, reflesh: z.unknown().optional() }) } },
    async (request, reply) => {
      const act = await surveyOf(request, request.query.act);
      const anonymous = !!surveyConfigOf(act.config).anonymous;
      const latest = (await latestVersion(db, act.id))?.questions.filter((q) => q.type !== 'description') ?? [];
      const versions = await versionsOf(db, act.id);
      const nos = questionNumbers(latest);
      const headers = ['答卷ID', ...(anonymous ? [] : ['读者账号', '姓名', '单位']), '提交时间', '用时（秒）', '问卷版本', ...latest.map((q) => `${nos.get(q.id)}. ${q.title}`)];
      async function* rows(): AsyncGenerator<Cell[][]> {
        let last = 0;
        for (;;) {
          const page = await db
            .select()
            .from(surveyResponses)
            .where(and(eq(surveyResponses.org_id, act.org_id), eq(surveyResponses.act_id, act.id), eq(surveyResponses.status, 1), gt(surveyResponses.id, last)))
            .orderBy(asc(surveyResponses.id))
            .limit(1000);
          if (!page.length) return;
          last = page[page.length - 1].id;
          const who = await respondentsOf(db, anonymous, page);
          yield page.map((resp) => {
            const asked = new Map((versions.get(resp.version) ?? []).map((q) => [q.id, q]));
            const answers = resp.answers as Record<string, unknown>;
            const w = who(resp);
            return [
              resp.id,
              ...(anonymous ? [] : [w.account, w.real_name, w.unit_name]),
              resp.submitted_at ? formatSeconds(resp.submitted_at) : '',
              resp.duration_sec,
              resp.version,
              ...latest.map((q) => answerText(asked.get(q.id) ?? q, answers[String(q.id)])),
            ];
          });
          if (page.length < 1000) return;
        }
      }
      return reply
        .header('content-type', XLSX_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`${RESPONSES_EXPORT_TITLE}_${act.title}.xlsx`))
        .send(xlsxStream(RESPONSES_EXPORT_TITLE, headers, rows()));
    },
  );
}
