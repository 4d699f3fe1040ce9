import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  answerRows,
  boundQuestions,
  chosenOptionIds,
  keptAnswers,
  optionSnapshot,
  SURVEY_REFUSAL,
  SURVEY_VERSION_MISSING,
  surveyConfigOf,
  type GateRefusal,
  type SurveyAnswers,
  type SurveyConfig,
  type SurveyQuestion,
  versionedAnswerProblems,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, activityCounters, files, surveyAnswers, surveyResponses } from '../../db/schema.js';
import { chinaDayOf } from '../../db/chinaDay.js';
import { validationError, refused } from '../../http/errors.js';
import { bumpCounter, dropCounter } from '../../participation/counters.js';
import { keyOfUrl } from '../../storage/files.js';
import { latestVersion, versionOf } from './store.js';
import { staleSurveyRollup } from './rollup.js';

/**
 * A reader's response (design activities §6): checked against the version answered, limited per
 * reader (once, once a day, n times: counted under a lock on the reader and questionnaire), in
 * total and per option (quotas: one conditional counter step each, design §1.8), then stored with
 * the rows the statistics group by. Everything in the caller's transaction: a refusal rolls back
 * every counter taken before it.
 */

type Act = typeof activities.$inferSelect;
export const TOTAL_COUNTER = 'survey_total';
export const quotaCounter = (qid: number, optionId: string) => `sq:${qid}:${optionId}`;

/**
 * The version a body names (or 422 on `version`) and the current version, whose rules bind a
 * response to an earlier one too (domain `boundQuestions`: required questions, answer limits,
 * options and quotas of the questions both have).
 */
interface Answered {
  questions: SurveyQuestion[];
  current: SurveyQuestion[];
}
async function answeredVersion(tx: Tx, actId: number, version: number): Promise<Answered> {
  const found = await versionOf(tx, actId, version);
  if (!found) throw validationError([{ field: 'version', message: SURVEY_VERSION_MISSING }]);
  const latest = await latestVersion(tx, actId);
  return { questions: found.questions, current: latest && latest.version !== version ? latest.questions : found.questions };
}

/** The reader's submitted responses in all and today (China day). */
export async function submittedBy(tx: Db | Tx, actId: number, readerId: number, today: string): Promise<{ total: number; today: number }> {
  const [row] = await tx
    .select({ total: count(), today: sql<number>`count(*) filter (where ${surveyResponses.day} = ${today})`.mapWith(Number) })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.act_id, actId), eq(surveyResponses.reader_id, readerId), eq(surveyResponses.status, 1)));
  return { total: row.total, today: row.today };
}

/** The per-reader limit a new response would break, or null. */
export function perReaderRefusal(config: SurveyConfig, mine: { total: number; today: number }): GateRefusal | null {
  if (config.per_user === 'once_per_day') return mine.today > 0 ? SURVEY_REFUSAL.today : null;
  if (config.per_user === 'n_total') return mine.total >= config.per_user_n ? SURVEY_REFUSAL.times(config.per_user_n) : null;
  return mine.total > 0 ? SURVEY_REFUSAL.once : null;
}

/** Options with a quota chosen in these answers: `[question, option id]`. */
function quotaPicks(questions: readonly SurveyQuestion[], answers: SurveyAnswers): { qid: number; id: string; quota: number; text: string }[] {
  return questions.flatMap((q) =>
    chosenOptionIds(answers[String(q.id)]).flatMap((id) => {
      const o = q.options.find((x) => x.id === id);
      return o?.quota ? [{ qid: q.id, id, quota: o.quota, text: o.text }] : [];
    }),
  );
}

/** Take a place in each chosen option with a quota; the first full one refuses (and the transaction rolls back). */
async function takeQuotas(tx: Tx, act: Act, picks: ReturnType<typeof quotaPicks>): Promise<void> {
  for (const p of picks) if ((await bumpCounter(tx, act.org_id, act.id, quotaCounter(p.qid, p.id), p.quota)) === null) throw refused(SURVEY_REFUSAL.quota(p.text));
}

/** 422 naming `answers.{id}` when the answers break their version or the current one's rules (a draft: only as far as given). */
function assertAnswers(v: Answered, answers: SurveyAnswers, partial: boolean): void {
  const problems = versionedAnswerProblems(v.questions, v.current, answers, { partial });
  if (problems.length) throw validationError(problems);
}

/** The answers checked and reduced to those the reader meets (the named version's logic). */
function checkedAnswers(v: Answered, answers: SurveyAnswers): SurveyAnswers {
  assertAnswers(v, answers, false);
  return keptAnswers(v.questions, answers);
}

/** Quota picks with the quotas in force: the current version's for the questions it still has. */
const boundPicks = (v: Answered, answers: SurveyAnswers) => quotaPicks(boundQuestions(v.questions, v.current), answers);

export const UPLOAD_NOT_MINE = '上传题的文件不存在或不是您上传的';

/** Files named by upload answers must be files of the organisation the reader uploaded (422 on the question). */
async function assertOwnUploads(tx: Tx, orgId: number, readerId: number, questions: readonly SurveyQuestion[], answers: SurveyAnswers): Promise<void> {
  const named = questions.filter((q) => q.type === 'upload' && Array.isArray(answers[String(q.id)])).map((q) => ({ q, keys: (answers[String(q.id)] as string[]).map(keyOfUrl) }));
  const keys = [...new Set(named.flatMap((n) => n.keys).filter(Boolean))];
  const found = keys.length
    ? new Set((await tx.select({ key: files.key }).from(files).where(and(eq(files.org_id, orgId), inArray(files.key, keys), eq(files.creator_kind, 'reader'), eq(files.created_by, readerId)))).map((f) => f.key))
    : new Set<string>();
  const stray = named.filter((n) => n.keys.some((k) => !found.has(k)));
  if (stray.length) throw validationError(stray.map((n) => ({ field: `answers.${n.q.id}`, message: UPLOAD_NOT_MINE })));
}

async function writeAnswerRows(tx: Tx, act: Act, responseId: number, questions: SurveyQuestion[], answers: SurveyAnswers, unitId: number | null, at: number) {
  const rows = questions.flatMap((q) => (answers[String(q.id)] === undefined ? [] : answerRows(q, answers[String(q.id)])));
  if (rows.length) await tx.insert(surveyAnswers).values(rows.map((r) => ({ ...r, org_id: act.org_id, act_id: act.id, response_id: responseId, unit_id: unitId, submitted_at: at })));
}

export interface NewResponse {
  version: number;
  answers: SurveyAnswers;
  started_at?: number;
  channel?: string;
  ip: string;
}

/**
 * Submit: per-reader limit (under a lock on the reader and questionnaire), the answers against
 * their version, the total limit, the quotas, then the response (the reader's draft goes) and its
 * answer rows.
 */
export async function submitResponse(tx: Tx, act: Act, reader: { id: number; unit_id: number | null }, body: NewResponse, now: number) {
  const config = surveyConfigOf(act.config);
  await tx.execute(sql`select pg_advisory_xact_lock(${act.id}::int, ${reader.id}::int)`);
  const today = chinaDayOf(now);
  const limit = perReaderRefusal(config, await submittedBy(tx, act.id, reader.id, today));
  if (limit) throw refused(limit);
  const version = await answeredVersion(tx, act.id, body.version);
  const { questions } = version;
  const answers = checkedAnswers(version, body.answers);
  await assertOwnUploads(tx, act.org_id, reader.id, questions, answers);
  // Counted before the response is inserted: the transaction then has its id before the response's (the statistics rollup relies on it, rollup.ts).
  if ((await bumpCounter(tx, act.org_id, act.id, TOTAL_COUNTER, config.total_limit || null)) === null) throw refused(SURVEY_REFUSAL.full);
  await takeQuotas(tx, act, boundPicks(version, answers));
  const [draft] = await tx
    .delete(surveyResponses)
    .where(and(eq(surveyResponses.act_id, act.id), eq(surveyResponses.reader_id, reader.id), eq(surveyResponses.status, 0)))
    .returning({ started_at: surveyResponses.started_at });
  const started = body.started_at && body.started_at <= now ? body.started_at : (draft?.started_at ?? null);
  const [made] = await tx
    .insert(surveyResponses)
    .values({
      org_id: act.org_id,
      act_id: act.id,
      reader_id: reader.id,
      unit_id: reader.unit_id,
      version: body.version,
      status: 1,
      answers,
      option_snapshot: optionSnapshot(questions, answers),
      started_at: started,
      submitted_at: now,
      day: today,
      duration_sec: started ? Math.max(0, now - started) : 0,
      ip: body.ip.slice(0, 64),
      channel: body.channel ?? '',
    })
    .returning({ id: surveyResponses.id });
  await writeAnswerRows(tx, act, made.id, questions, answers, reader.unit_id, now);
  return { response_id: made.id, version: body.version, submitted_at: now };
}

/** Save the reader's draft (one per reader and questionnaire): answers checked as far as given. */
export async function saveDraft(tx: Tx, act: Act, readerId: number, body: NewResponse, now: number) {
  const config = surveyConfigOf(act.config);
  if (!config.resume_draft) throw refused(SURVEY_REFUSAL.noDraft);
  const limit = perReaderRefusal(config, await submittedBy(tx, act.id, readerId, chinaDayOf(now)));
  if (limit) throw refused(limit);
  assertAnswers(await answeredVersion(tx, act.id, body.version), body.answers, true);
  const started = body.started_at && body.started_at <= now ? body.started_at : now;
  const [row] = await tx
    .insert(surveyResponses)
    .values({ org_id: act.org_id, act_id: act.id, reader_id: readerId, version: body.version, status: 0, answers: body.answers, started_at: started, ip: body.ip.slice(0, 64), channel: body.channel ?? '' })
    .onConflictDoUpdate({
      target: [surveyResponses.act_id, surveyResponses.reader_id],
      targetWhere: sql`${surveyResponses.status} = 0`,
      set: { version: body.version, answers: body.answers, updated_at: now },
    })
    .returning({ id: surveyResponses.id, version: surveyResponses.version, started_at: surveyResponses.started_at, updated_at: surveyResponses.updated_at });
  return { draft_id: row.id, version: row.version, started_at: row.started_at, saved_at: now };
}

/**
 * Edit a submitted response (when the questionnaire allows it): checked against the version now
 * answered; places in quotas follow the options (released for those dropped, taken for those added).
 */
export async function editResponse(tx: Tx, act: Act, readerId: number, responseId: number, body: NewResponse, now: number) {
  if (!surveyConfigOf(act.config).edit_after_submit) throw refused(SURVEY_REFUSAL.noEdit);
  const [old] = await tx
    .select()
    .from(surveyResponses)
    .where(and(eq(surveyResponses.id, responseId), eq(surveyResponses.act_id, act.id), eq(surveyResponses.reader_id, readerId), eq(surveyResponses.status, 1)))
    .for('update');
  if (!old) throw refused({ gate: 40400, status: 404, message: '答卷不存在' });
  // Its answer rows are rewritten below: the statistics rollup may hold the old ones.
  await staleSurveyRollup(tx, act.id);
  const version = await answeredVersion(tx, act.id, body.version);
  const { questions } = version;
  const answers = checkedAnswers(version, body.answers);
  await assertOwnUploads(tx, act.org_id, readerId, questions, answers);
  // The places the response holds, counted as a submission now would count them (the current quotas).
  const before = boundPicks({ questions: (await versionOf(tx, act.id, old.version))?.questions ?? [], current: version.current }, old.answers);
  const after = boundPicks(version, answers);
  const key = (p: { qid: number; id: string }) => quotaCounter(p.qid, p.id);
  const kept = new Set(before.map(key));
  for (const p of before) if (!after.some((a) => key(a) === key(p))) await dropCounter(tx, act.org_id, act.id, key(p));
  await takeQuotas(tx, act, after.filter((p) => !kept.has(key(p))));
  await tx
    .update(surveyResponses)
    .set({ version: body.version, answers, option_snapshot: optionSnapshot(questions, answers), edit_count: sql`${surveyResponses.edit_count} + 1`, updated_at: now })
    .where(eq(surveyResponses.id, old.id));
  await tx.delete(surveyAnswers).where(and(eq(surveyAnswers.act_id, act.id), eq(surveyAnswers.response_id, old.id)));
  await writeAnswerRows(tx, act, old.id, questions, answers, old.unit_id, old.submitted_at ?? now);
  return { response_id: old.id, version: body.version, edited_at: now };
}

/** Places left in the quotas and in total (full options are shown 已满 and disabled). */
export async function countersOf(db: Db | Tx, act: { id: number; org_id: number }): Promise<Map<string, number>> {
  const rows = await db.select({ name: activityCounters.name, value: activityCounters.value }).from(activityCounters).where(and(eq(activityCounters.org_id, act.org_id), eq(activityCounters.act_id, act.id)));
  return new Map(rows.map((r) => [r.name, r.value]));
}
