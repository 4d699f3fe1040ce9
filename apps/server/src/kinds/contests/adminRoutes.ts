import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { and, asc, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { formatSeconds, idParam, mediaFileName, QUESTION_TYPES, round2, uniqueFileNames } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { contestAnswers, contestQuestions, readers } from '../../db/schema.js';
import { attachment, sendXlsx } from '../../exports/xlsxStream.js';
import { rankingOf, type ActivityRow } from './engine.js';
import { contestOf, questionStats } from './figures.js';


/** Short answers (subjective) of finished or pending attempts, in batches, with the reader. */
async function* shortAnswers(db: Db, act: ActivityRow, batch = 2000) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: contestAnswers.id, answer: contestAnswers.answer, credit: contestAnswers.credit, max_score: contestAnswers.max_score, pending: contestAnswers.pending, stem: contestQuestions.stem, account: readers.account, real_name: readers.real_name, unit: readers.unit, answered_at: contestAnswers.answered_at })
      .from(contestAnswers)
      .innerJoin(contestQuestions, eq(contestQuestions.id, contestAnswers.question_id))
      .innerJoin(readers, eq(readers.id, contestAnswers.reader_id))
      .where(and(eq(contestAnswers.act_id, act.id), eq(contestQuestions.type, 5), sql`${contestAnswers.answer} is not null`, sql`${contestAnswers.id} > ${after}`))
      .orderBy(asc(contestAnswers.id))
      .limit(batch);
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
    if (rows.length < batch) return;
  }
}
const answerText = (a: unknown) => (Array.isArray(a) ? a.join('；') : typeof a === 'string' ? a : '');

/**
 * Admin reads and downloads of contests (the figures are figures.ts): `/count/contest/{id}/ranking` (type 3 by the grade method, type 6 by levels; `by=unit` per unit),
 * exports `/export/rank`, `/export/objective` (per question), `/export/subjective` (short answers)
 * and `/export/answers` (the zip of answers: one text per answer item, spec §3 type, title, content).
 */
export async function contestAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const params = z.object({ org: z.string(), id: idParam });
  const exportQuery = { params: z.object({ org: z.string() }), querystring: z.object({ act: idParam, reflesh: z.unknown().optional() }) };

  r.get('/v1/:org/count/contest/:id/ranking', { config, schema: { params, querystring: z.object({ by: z.enum(['reader', 'unit'], { error: '只能是reader或unit' }).optional(), reflesh: z.unknown().optional() }) } }, async (request) => {
    const act = await contestOf(db, request, request.params.id);
    const ranking = await rankingOf(db, act);
    if (request.query.by !== 'unit') return ranking;
    const units = new Map<string, { unit: string; readers: number; total: number }>();
    for (const i of ranking.items) {
      const u = units.get(i.unit) ?? { unit: i.unit, readers: 0, total: 0 };
      u.readers++;
      u.total += i.score;
      units.set(i.unit, u);
    }
    const items = [...units.values()].map((u) => ({ unit: u.unit || '未填写单位', readers: u.readers, mean_score: round2(u.total / u.readers) })).sort((a, b) => b.mean_score - a.mean_score || b.readers - a.readers);
    return { ...ranking, items };
  });

  r.get('/v1/:org/export/rank', { config: { ...config, rawBody: true }, schema: exportQuery }, async (request, reply) => {
    const act = await contestOf(db, request, request.query.act);
    const ranking = await rankingOf(db, act);
    const levelled = act.type === 6;
    const headers = ['名次', '读者账号', '姓名', '单位', ...(levelled ? ['通过关卡数'] : []), levelled ? '最好成绩合计' : '成绩', '用时（秒）', levelled ? '通关时间' : '交卷时间'];
    async function* rows() {
      yield ranking.items.map((i) => [i.rank, i.account, i.real_name, i.unit, ...(levelled ? [i.passed ?? 0] : []), i.score, i.duration_sec, levelled ? (i.finished_at ? formatSeconds(i.finished_at) : '') : formatSeconds(i.submitted_at)]);
    }
    return sendXlsx(reply, '成绩排名', act, headers, rows());
  });

  r.get('/v1/:org/export/objective', { config: { ...config, rawBody: true }, schema: exportQuery }, async (request, reply) => {
    const act = await contestOf(db, request, request.query.act);
    const stats = await questionStats(db, act);
    const headers = ['题目ID', '题型', '题干', '正确答案', '作答人次', '答对人次', '正确率（%）', '难度', '区分度', '选项分布', '提示'];
    async function* rows() {
      yield stats.map((q) => [
        q.id,
        q.type_name,
        q.stem,
        typeof q.answer === 'string' ? q.answer : JSON.stringify(q.answer),
        q.answered,
        q.right,
        q.correct_rate,
        q.difficulty,
        q.discrimination,
        q.options.map((o) => `${o.key}:${o.picks}`).join('；'),
        q.flag_labels.join('；'),
      ]);
    }
    return sendXlsx(reply, '客观题统计', act, headers, rows());
  });

  r.get('/v1/:org/export/subjective', { config: { ...config, rawBody: true }, schema: exportQuery }, async (request, reply) => {
    const act = await contestOf(db, request, request.query.act);
    const headers = ['答案ID', '读者账号', '姓名', '单位', '题目', '答案', '得分', '满分', '状态', '作答时间'];
    async function* rows() {
      for await (const batch of shortAnswers(db, act))
        yield batch.map((a) => [a.id, a.account, a.real_name, a.unit, a.stem, answerText(a.answer), a.pending ? null : a.credit, a.max_score, a.pending ? '待批改' : '已批改', a.answered_at ? formatSeconds(a.answered_at) : '']);
    }
    return sendXlsx(reply, '主观题答案', act, headers, rows());
  });

  /** The zip of answers: one text file per short answer, named title + index (spec §9), holding the answer item (type, title, content). */
  r.get('/v1/:org/export/answers', { config: { ...config, rawBody: true }, schema: exportQuery }, async (request, reply) => {
    const act = await contestOf(db, request, request.query.act);
    const items: { name: string; text: string }[] = [];
    for await (const batch of shortAnswers(db, act))
      for (const a of batch) {
        const item = { type: QUESTION_TYPES[5], title: `${a.real_name || a.account}-${a.stem.slice(0, 20)}`, content: answerText(a.answer) };
        items.push({ name: mediaFileName(item.title, items.length + 1, 'txt'), text: `类型：${item.type}\n标题：${item.title}\n内容：\n${item.content}\n` });
      }
    const names = uniqueFileNames(items.map((i) => i.name));
    const zip = new yazl.ZipFile();
    items.forEach((item, i) => zip.addBuffer(Buffer.from(item.text), names[i], { compress: true }));
    if (items.length === 0) zip.addBuffer(Buffer.from('暂无主观题答案\n'), '说明.txt');
    zip.end();
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`${act.title}-答案.zip`, 'answers.zip'))
      .send(zip.outputStream as Readable);
  });
}
