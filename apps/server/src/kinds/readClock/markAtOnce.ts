import type { FastifyRequest } from 'fastify';
import { sql } from '../../db/sql.js';
import { isScheduled, markContentProblems, markDayOf, newMarkStatus, type MarkBody } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { readClockMarks } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { readerIdSql } from '../../auth/access.js';
import { firstJoinAtOnce, gateReaderParts, plainGate } from '../../participation/gate.js';
import { atOnce, keptFrom, undoneUnless } from '../../participation/idempotency.js';
import { earningsInStatement, earningsOnly, plannedPosting, type PointsConfigView } from '../../points/ledger.js';
import type { ActivityRow } from '../kind.js';
import { markContentOf, shownMark, settingsOf } from './marks.js';
import { milestonesReachable, type MarkPoints } from './points.js';

type MarkRow = typeof readClockMarks.$inferSelect;

/**
 * Today's mark in ONE statement, without a transaction (issue 24), on an activity remembered from
 * an earlier pass of the gate whose gate asks nothing of the reader but the blacklist (`plainGate`):
 * the reader by the token (`readerIdSql`, when the access hook left it), the gate as the
 * statement's condition (`gateStillHolds`; a cancelled join renews the long way), the mark against
 * the day's unique key, the reader's first join (the row and its count, on the reader's shard or
 * under `person_limit` on the activity's row), the join's points and the mark's
 * (`earningsInStatement`: postPoints' rules, caps summed per scope) and the answer kept by its
 * request id. Null whenever anything is not plain — the mark's checks that read (a resource named,
 * a milestone reachable), the content refused, the day not scheduled, the gate or the day's key
 * not met, a replay, a posting refused or a duplicate, the activity full — and the route then
 * takes the long way, which answers with its messages. What the statement wrote is undone when a
 * part came out otherwise than planned: the kept answer is then inserted twice, a unique violation
 * that undoes the whole statement (as a replay's kept row does), so a cap or a join's limit is
 * never passed and no posting stands without the others.
 */
export async function markAtOnce(
  db: Db,
  request: FastifyRequest,
  known: ActivityRow,
  config: PointsConfigView,
  body: MarkBody,
  now: number,
): Promise<{ mark: ReturnType<typeof shownMark>; points: MarkPoints[] } | null> {
  if (!plainGate(known, now, {})) return null;
  const { c, cal } = settingsOf(known);
  const day = markDayOf(now);
  if (!isScheduled(cal, day) || markContentProblems(c, body).length || body.resource_id !== undefined) return null;
  const status = newMarkStatus(c, false);
  if (status === 1 && milestonesReachable(known, day)) return null;
  const act = known;
  const reader = sql`(select id from who)`;
  const join = firstJoinAtOnce(act, reader, sql`exists (select 1 from m)`, now, config);
  const joinPosting = join.posting;
  const markPosting =
    status === 1 ? plannedPosting(config, { orgId: act.org_id, readerId: 0, actId: act.id, rule: 'checkin_mark', source: { type: 'mark', id: 0 }, key: `checkin_mark:${act.id}:${day}`, at: now }) : null;
  if (!earningsOnly(joinPosting, markPosting)) return null;
  const postings = [
    ...(joinPosting ? [{ p: joinPosting, when: sql`exists (select 1 from join_row)` }] : []),
    ...(markPosting ? [{ p: markPosting, when: sql`exists (select 1 from m)`, sourceId: sql`(select id::varchar from m)` }] : []),
  ];
  const earnings = earningsInStatement(postings, reader);
  const row: MarkRow = {
    id: 0,
    org_id: act.org_id,
    act_id: act.id,
    reader_id: 0,
    day,
    resource_id: null,
    ...markContentOf(body),
    is_makeup: 0,
    makeup_reason: '',
    status,
    reason: '',
    is_featured: 0,
    teacher_comment: '',
    like_count: 0,
    comment_count: 0,
    reviewed_by: null,
    reviewed_at: null,
    created_at: now,
    updated_at: now,
  };
  const points: MarkPoints[] = status === 1 ? [markPosting ? { rule: 'checkin_mark', status: 'posted', delta: markPosting.delta } : { rule: 'checkin_mark', status: 'disabled' }] : [];
  const answer = { mark: shownMark(row), points };
  // Everything as planned: each posting due written, each counter added to, a join written counted (not full).
  const planned = sql`${earnings.complete} and ${join.planned}`;
  const keep = keptFrom(
    request,
    body.request_id,
    sql`jsonb_set(${JSON.stringify(answer)}::jsonb, '{mark,id}', to_jsonb(m.id))`,
    // Twice when not as planned: the unique violation undoes the statement.
    sql`m, ${undoneUnless(planned)}`,
    sql`(select id from rd)`,
  );
  const written = await atOnce(async () =>
    rowsOf<{ mark_id: number | string | null }>(
      await db.execute(sql`
        with ${gateReaderParts(act, readerIdSql(request), 'submit', now)},
        m as (
          insert into read_clock_marks (org_id, act_id, reader_id, day, resource_id, content, images, audio, audio_sec, reading_minutes, book_id, is_makeup, makeup_reason, status, created_at, updated_at)
          select ${act.org_id}::int, ${act.id}::int, rd.id, ${day}::date, null, ${row.content}::text, ${JSON.stringify(row.images)}::jsonb, ${row.audio}::varchar, ${row.audio_sec}::int,
            ${row.reading_minutes}::int, ${row.book_id}::int, 0, '', ${status}::smallint, ${now}::bigint, ${now}::bigint from rd
          on conflict (act_id, reader_id, day) where status <> 2 do nothing
          returning id
        ),
        ${join.parts},
        ${earnings.parts ? sql`${earnings.parts},` : sql``}
        kept as (${keep})
        select (select id from m) as mark_id, (select count(*) from kept) as kept`),
    ),
  );
  const markId = written?.[0]?.mark_id;
  if (markId == null) return null;
  return { ...answer, mark: { ...answer.mark, id: Number(markId) } };
}
