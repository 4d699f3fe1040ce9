import type { FastifyRequest } from 'fastify';
import { sql } from '../../db/sql.js';
import { keptAnswers, surveyConfigOf, versionedAnswerProblems, type SurveyResponseBody } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { surveyVersions } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { chinaDayOf } from '../../db/chinaDay.js';
import { readerIdSql } from '../../auth/access.js';
import { firstJoinAtOnce, gateReaderParts, plainGate } from '../../participation/gate.js';
import { atOnce, keptFrom, undoneUnless } from '../../participation/idempotency.js';
import { earningsInStatement, earningsOnly, type PointsConfigView } from '../../points/ledger.js';
import type { ActivityRow } from '../kind.js';
import { answersUpload, limitFree, submissionStatement, type KnownVersion } from './responses.js';

/**
 * A questionnaire's submission in ONE statement, without a transaction (issue 22), as the check-in
 * mark (markAtOnce) and the offline booking (bookAtOnce): on an activity remembered from an earlier
 * pass of the gate whose gate asks nothing of the reader but the blacklist (`plainGate`), on a
 * version remembered as a submission checked it (versions are never changed once written: a new
 * one is added), the reader by the token (`readerIdSql`), the gate as the statement's condition
 * (`gateReaderParts`), and with it the version still the latest (the answers were checked against
 * it) and the per-reader limit (`limitFree`: none of the reader's responses, today's once a day;
 * a limit of n > 1 takes the long way, whose lock on the reader counts them). Two submissions of
 * one reader at once: neither sees the other, both write the same `once_key`, and the unique index
 * lets one through; the other is undone and the long way refuses it with the limit's message.
 * Then in submissionStatement, the long way's own statement: the join's points first
 * (`earningsInStatement`, before the counters, the long way's order of rows), the total and the
 * quotas (their conditional steps), the draft, the response and its answer rows, the reader's first
 * join (`firstJoinAtOnce`) and the answer kept by its request id. Null whenever anything is not
 * plain — uploads in the answers (checked against the files), answers the version refuses, a
 * version not remembered, a spending join — or not as planned in the statement — the gate or the
 * limit not met, a counter full, the join full, a posting refused, a replay — and the route then
 * takes the long way, which answers with its messages. What the statement wrote is undone when
 * anything came out otherwise than planned: the kept answer is inserted twice, a unique violation
 * that undoes the whole statement.
 */
export async function submitAtOnce(
  db: Db,
  request: FastifyRequest,
  known: ActivityRow,
  version: KnownVersion | undefined,
  config: PointsConfigView,
  body: SurveyResponseBody,
  now: number,
): Promise<{ response_id: number; version: number; submitted_at: number } | null> {
  const { request_id, access_code, ...rest } = body;
  if (!version || version.act_id !== known.id || version.version !== body.version || !plainGate(known, now, { accessCode: access_code })) return null;
  const reader = sql`(select id from rd)`;
  const free = limitFree(surveyConfigOf(known.config), known.id, reader, chinaDayOf(now));
  if (!free || versionedAnswerProblems(version.questions, version.current, body.answers, { partial: false }).length) return null;
  const answers = keptAnswers(version.questions, body.answers);
  if (answersUpload(version.questions, answers)) return null;
  const join = firstJoinAtOnce(known, reader, sql`exists (select 1 from made)`, now, config);
  if (!earningsOnly(join.posting)) return null;
  // The join's points posted first when the reader has to join (the long way's order), only when the statement may write.
  const earnings = earningsInStatement(join.posting ? [{ p: join.posting, when: sql`exists (select 1 from ok) and ${join.due}` }] : [], reader);
  // The response written (every counter taken, the key free), its points all written, a join written counted.
  const planned = sql`exists (select 1 from made) and ${earnings.complete} and ${join.planned}`;
  const v = surveyVersions;
  const { statement } = submissionStatement(known, version, answers, { ...rest, ip: request.ip ?? '' }, now, {
    reader,
    unit: sql`(select unit_id from rd)`,
    lead: sql`${gateReaderParts(known, readerIdSql(request), 'submit', now)},
      ok as (select 1 from rd where ${free} and (select max(${v.version}) from ${v} where ${v.act_id} = ${known.id}::int) = ${version.latest}::int)${earnings.parts ? sql`, ${earnings.parts}` : sql``}`,
    // Every write only when the gate and the limit hold, after the points (whose parts `complete` names).
    when: sql`exists (select 1 from ok) and ${earnings.complete}`,
    after: join.parts,
    // Not as planned: the kept row twice, whose unique violation undoes the statement (counters and points included).
    keep: (answer, from) => keptFrom(request, request_id, answer, sql`rd cross join ${undoneUnless(planned)} left join ${from} on true`, sql`rd.id`),
    outcome: join.outcome,
  });
  const written = await atOnce(async () => rowsOf<{ response_id: number | string | null }>(await db.execute(statement)));
  const id = written?.[0]?.response_id;
  return id == null ? null : { response_id: Number(id), version: body.version, submitted_at: now };
}
