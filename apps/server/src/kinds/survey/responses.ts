import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
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
import { activities, activityCounters, files, surveyAnswers, surveyResponses, surveyVersions } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { chinaDayOf } from '../../db/chinaDay.js';
import { validationError, refused } from '../../http/errors.js';
import { bumpCounter, counterStep, dropCounter } from '../../participation/counters.js';
import { refuseWhenFull, type LastParts } from '../../participation/gate.js';
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
export interface Answered {
  questions: SurveyQuestion[];
  current: SurveyQuestion[];
}
async function answeredVersion(tx: Tx, actId: number, version: number): Promise<Answered> {
  const latest = await latestVersion(tx, actId);
  return answeredOf((await versionOf(tx, actId, version))?.questions ?? null, latest && latest.version !== version ? latest.questions : null);
}

/** The questions of the version named (422 on `version` when missing) and of the current one when it is another. */
function answeredOf(named: SurveyQuestion[] | null, latest: SurveyQuestion[] | null): Answered {
  if (!named) throw validationError([{ field: 'version', message: SURVEY_VERSION_MISSING }]);
  return { questions: named, current: latest ?? named };
}

/** The reader's submitted responses in all and today (China day). */
export async function submittedBy(tx: Db | Tx, actId: number, readerId: number, today: string): Promise<{ total: number; today: number }> {
  const [row] = await tx
    .select({ total: count(), today: sql<number>`count(*) filter (where ${surveyResponses.day} = ${today})`.mapWith(Number) })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.act_id, actId), eq(surveyResponses.reader_id, readerId), eq(surveyResponses.status, 1)));
  return { total: row.total, today: row.today };
}

/**
 * What a submission or a draft decides on, in one statement (issue 22): the reader's submitted
 * responses in all and today (as submittedBy), the version the body names and the current one
 * (`version()`: answeredVersion's answer, 422 on `version` when missing, asked after the limit). Read after the reader's lock (submitLock), so
 * it counts every earlier submission of the reader.
 */
async function submissionFacts(
  tx: Tx,
  actId: number,
  readerId: number,
  version: number,
  today: string,
): Promise<{ mine: { total: number; today: number }; version: () => Answered; latest: number }> {
  const v = surveyVersions;
  const [row] = rowsOf<{ total: number | string; today: number | string; named: SurveyQuestion[] | null; latest: SurveyQuestion[] | null; latest_version: number | string | null }>(
    await tx.execute(sql`
      select m.total, m.today, named.questions as named, case when l.version <> ${version}::int then l.questions end as latest, l.version as latest_version
      from (
        select count(*)::int as total, (count(*) filter (where ${surveyResponses.day} = ${today}))::int as today
        from ${surveyResponses} where ${surveyResponses.act_id} = ${actId} and ${surveyResponses.reader_id} = ${readerId} and ${surveyResponses.status} = 1
      ) m
      left join ${v} named on named.act_id = ${actId} and named.version = ${version}::int
      left join lateral (select ${v.version} as version, ${v.questions} as questions from ${v} where ${v.act_id} = ${actId} order by ${v.version} desc limit 1) l on true`),
  );
  return { mine: { total: Number(row.total), today: Number(row.today) }, version: () => answeredOf(row.named, row.latest), latest: Number(row.latest_version ?? 0) };
}

/** The lock a reader's submissions to one questionnaire take one at a time (the caller's transaction, taken in the gate's statement). */
export const submitLock = (actId: number, readerId: number) => sql`pg_advisory_xact_lock(${actId}::int, ${readerId}::int)`;

/** The per-reader limit a new response would break, or null. */
export function perReaderRefusal(config: SurveyConfig, mine: { total: number; today: number }): GateRefusal | null {
  if (config.per_user === 'once_per_day') return mine.today > 0 ? SURVEY_REFUSAL.today : null;
  if (config.per_user === 'n_total') return mine.total >= config.per_user_n ? SURVEY_REFUSAL.times(config.per_user_n) : null;
  return mine.total > 0 ? SURVEY_REFUSAL.once : null;
}

/**
 * The key a submitted response holds among the reader's (`once_key`, unique among them): 'once'
 * when the limit is one response (`once`, or `n_total` of 1), the China day when it is one a day,
 * null when it is n > 1 responses (those are counted under the reader's lock, submitLock).
 */
export function onceKey(config: SurveyConfig, today: string): string | null {
  if (config.per_user === 'once_per_day') return today;
  return config.per_user === 'n_total' && config.per_user_n > 1 ? null : 'once';
}

/**
 * The per-reader limit as the condition of a submission made in one statement (issue 22), for a
 * reader as SQL: no submitted response of the reader (today's, once a day). Null when the limit is
 * n > 1 responses: such a submission takes the long way, under the reader's lock. A limit of one
 * needs no lock: the condition refuses what committed before the statement, and a submission of
 * the reader at the same moment, which the condition cannot see, holds the same `once_key` (the
 * unique index lets one of the two be written).
 */
export function limitFree(config: SurveyConfig, actId: number, reader: SQL, today: string): SQL | null {
  const key = onceKey(config, today);
  if (key === null) return null;
  return sql`not exists (select 1 from ${surveyResponses} s where s.act_id = ${actId}::int and s.reader_id = ${reader} and s.status = 1${
    config.per_user === 'once_per_day' ? sql` and s.day = ${today}::varchar` : sql``
  })`;
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

/** Whether the answers name uploaded files (then they are checked against the files: assertOwnUploads). */
export const answersUpload = (questions: readonly SurveyQuestion[], answers: SurveyAnswers): boolean =>
  questions.some((q) => q.type === 'upload' && answers[String(q.id)] !== undefined);

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

/**
 * The answer rows of a response as one insert (null when there are none): `responseId` a number or
 * a column of `from` (the response written in the same statement).
 */
function answerRowsInsert(act: Act, responseId: number | SQL, questions: SurveyQuestion[], answers: SurveyAnswers, unitId: number | null | SQL, at: number, from?: SQL): SQL | null {
  const rows = questions.flatMap((q) => (answers[String(q.id)] === undefined ? [] : answerRows(q, answers[String(q.id)])));
  if (!rows.length) return null;
  return sql`insert into ${surveyAnswers} (org_id, act_id, response_id, question_id, revision, option_id, row_id, num, text, lead, unit_id, submitted_at)
    select ${act.org_id}::int, ${act.id}::int, ${responseId}, r.question_id, r.revision, r.option_id, r.row_id, r.num, r.text, r.lead, ${unitId}::int, ${at}::bigint
    from ${from ? sql`${from}, ` : sql``}jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(question_id int, revision int, option_id varchar, row_id varchar, num float8, text text, lead smallint)`;
}

async function writeAnswerRows(tx: Tx, act: Act, responseId: number, questions: SurveyQuestion[], answers: SurveyAnswers, unitId: number | null, at: number) {
  const insert = answerRowsInsert(act, responseId, questions, answers, unitId, at);
  if (insert) await tx.execute(insert);
}

export interface NewResponse {
  version: number;
  answers: SurveyAnswers;
  started_at?: number;
  channel?: string;
  ip: string;
}

/** A version as a submission on it was checked: its questions and the current version's (Answered), and the latest version's number then. */
export interface KnownVersion extends Answered {
  act_id: number;
  version: number;
  latest: number;
}

/**
 * What a submission's one write statement is told beyond the answers (submissionStatement): the
 * reader's id and unit as SQL values; `lead`, common table expressions before the counters (a
 * submission at once: the gate's reader, its conditions, its points); `when`, the condition of
 * every write (the counters, the draft's delete, the response: the parts after hang on the
 * response); `after`, parts after the response (the first join); `keep`, the keeping of the answer
 * (`keptFrom`, over the response `made`); `outcome`, a select list to return too.
 */
export interface SubmissionParts {
  reader: SQL;
  unit: SQL;
  lead?: SQL;
  when?: SQL;
  after?: SQL;
  keep?: (answer: SQL, from: SQL) => SQL;
  outcome?: SQL;
}

/**
 * A submission's one write statement (issue 22), for the long way (submitResponse) and the way in
 * one statement (submitAtOnce): the total and the quotas (one conditional counter step each,
 * design §1.8, in name order), the reader's draft gone, the response (its `once_key`: a second
 * response of a reader limited to one meets it and is not written) and its answer rows, then
 * `after` and the kept answer. It returns `response_id` (null: a counter full, the key taken or
 * `when` false) and `counted<i>` for each of `counters` (0: full).
 */
export function submissionStatement(act: Act, version: Answered, answers: SurveyAnswers, body: NewResponse, now: number, p: SubmissionParts) {
  const config = surveyConfigOf(act.config);
  const today = chinaDayOf(now);
  const { questions } = version;
  const counters = [
    { name: TOTAL_COUNTER, max: config.total_limit || null, refusal: SURVEY_REFUSAL.full },
    ...boundPicks(version, answers).map((q) => ({ name: quotaCounter(q.qid, q.id), max: q.quota, refusal: SURVEY_REFUSAL.quota(q.text) })),
  ];
  // Counter rows taken in name order, the same in every submission.
  const steps = counters.map((c, i) => ({ ...c, cte: sql.raw(`counted${i}`) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const asked = body.started_at && body.started_at <= now ? body.started_at : null;
  const when = p.when ?? sql`true`;
  const r = surveyResponses;
  // The response selects from the counters: it is written only when every one was taken.
  const answerRowsPart = answerRowsInsert(act, sql`made.id`, questions, answers, p.unit, now, sql`made`);
  const statement = sql`
      with ${p.lead ? sql`${p.lead}, ` : sql``}${sql.join(steps.map((c) => sql`${c.cte} as (${counterStep(act.org_id, act.id, c.name, c.max, p.when)})`), sql`, `)},
      draft as (delete from ${r} where ${r.act_id} = ${act.id} and ${r.reader_id} = ${p.reader} and ${r.status} = 0 and ${when} returning ${r.started_at} as started_at),
      started as (select coalesce(${asked}::bigint, (select started_at from draft)) as at from ${sql.join(steps.map((c) => c.cte), sql`, `)}),
      made as (
        insert into ${r} (org_id, act_id, reader_id, unit_id, version, status, answers, option_snapshot, started_at, submitted_at, day, duration_sec, ip, channel, once_key)
        select ${act.org_id}::int, ${act.id}::int, ${p.reader}, ${p.unit}, ${body.version}::int, 1, ${JSON.stringify(answers)}::jsonb,
          ${JSON.stringify(optionSnapshot(questions, answers))}::jsonb, started.at, ${now}::bigint, ${today}::varchar,
          case when coalesce(started.at, 0) <> 0 then greatest(0, ${now}::bigint - started.at) else 0 end, ${body.ip.slice(0, 64)}::varchar, ${body.channel ?? ''}::varchar,
          ${onceKey(config, today)}::varchar
        from started where ${when}
        on conflict (act_id, reader_id, once_key) where status = 1 do nothing
        returning ${r.id} as id
      )${answerRowsPart ? sql`, answered as (${answerRowsPart})` : sql``}${p.after ? sql`, ${p.after}` : sql``}${
        p.keep ? sql`, kept as (${p.keep(sql`jsonb_build_object('response_id', made.id, 'version', ${body.version}::int, 'submitted_at', ${now}::bigint)`, sql`made`)})` : sql``
      }
      select (select id from made) as response_id, ${sql.join(counters.map((_c, i) => sql`(select count(*) from ${sql.raw(`counted${i}`)})::int as ${sql.raw(`counted${i}`)}`), sql`, `)}${
        p.outcome ? sql`, ${p.outcome}` : sql``
      }`;
  return { statement, counters };
}

/**
 * Submit, the caller holding the reader's lock (submitLock): per-reader limit, the answers against
 * their version, then in one statement (submissionStatement) the counters, the draft, the response
 * and its answer rows, and `last` (the first join, the answer kept); a counter at its limit, or a
 * response of the reader's written alongside by a submission in one statement (its `once_key`),
 * refuses, and the caller's transaction rolls the statement back. `seen`: the version as checked,
 * for the caller to remember (submitAtOnce).
 */
export async function submitResponse(
  tx: Tx,
  act: Act,
  reader: { id: number; unit_id: number | null },
  body: NewResponse,
  now: number,
  last?: LastParts,
  seen?: (v: KnownVersion) => void,
) {
  const config = surveyConfigOf(act.config);
  const facts = await submissionFacts(tx, act.id, reader.id, body.version, chinaDayOf(now));
  const limit = perReaderRefusal(config, facts.mine);
  if (limit) throw refused(limit);
  const version = facts.version();
  seen?.({ ...version, act_id: act.id, version: body.version, latest: facts.latest });
  const answers = checkedAnswers(version, body.answers);
  await assertOwnUploads(tx, act.org_id, reader.id, version.questions, answers);
  const { statement, counters } = submissionStatement(act, version, answers, body, now, {
    reader: sql`${reader.id}::int`,
    unit: sql`${reader.unit_id}::int`,
    after: last?.join?.parts,
    keep: last?.keep,
    outcome: last?.join?.outcome,
  });
  const [row] = rowsOf<Record<string, number | string | null>>(await tx.execute(statement));
  const full = counters.find((_c, i) => Number(row[`counted${i}`]) === 0);
  if (full) throw refused(full.refusal);
  // Every counter taken and no response: the reader's once_key was taken alongside.
  if (row.response_id == null) throw refused(perReaderRefusal(config, { total: Infinity, today: Infinity })!);
  refuseWhenFull(row);
  return { response_id: Number(row.response_id), version: body.version, submitted_at: now };
}

/** Save the reader's draft (one per reader and questionnaire): answers checked as far as given. */
export async function saveDraft(tx: Tx, act: Act, readerId: number, body: NewResponse, now: number) {
  const config = surveyConfigOf(act.config);
  if (!config.resume_draft) throw refused(SURVEY_REFUSAL.noDraft);
  const facts = await submissionFacts(tx, act.id, readerId, body.version, chinaDayOf(now));
  const limit = perReaderRefusal(config, facts.mine);
  if (limit) throw refused(limit);
  assertAnswers(facts.version(), body.answers, true);
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
