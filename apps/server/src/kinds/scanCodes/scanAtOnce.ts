import type { FastifyRequest } from 'fastify';
import { sql } from '../../db/sql.js';
import { chinaDayKey, SCAN_RESULTS, scanNeedsPosition, scanRefusal, type ReaderScan, type ScanResult } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { firstJoinAtOnce, gateReaderParts, plainGate } from '../../participation/gate.js';
import { atOnce, keptFrom, undoneUnless } from '../../participation/idempotency.js';
import { earningsInStatement, earningsOnly, plannedPosting, type PointsConfigView } from '../../points/ledger.js';
import type { ActivityRow } from '../kind.js';
import { signOk } from './codes.js';
import { scanLedgerKey } from './credit.js';
import { BAN_ACTION, countUpSql, positionOf, scanAnswer, scannedText, takeCodeSql, type ScanAnswer, type ScannedCode } from './scan.js';

/** The results the one statement answers itself (any other takes the long way). */
const ANSWERED = ['ok', 'duplicate', 'exhausted', 'cap_reached'] as const;

/**
 * A reader's scan in ONE statement without a transaction (issue 24), after the code's read: on a
 * genuine code (its signature under the batch's secret) of an activity remembered from an earlier
 * scan whose gate asks nothing of the reader but the blacklist (`plainGate`), the batch open at
 * the reader's place (`scanRefusal` with the activity open: the blacklist is the statement's
 * condition, `gateReaderParts`), the rule on. Then recordScan's results, each limit a condition of
 * its part: `duplicate` (the reader's scans of the code at `per_reader_limit`) and `cap_reached`
 * (today's scans of the batch at `per_reader_daily`) as the statement's snapshot shows them, or
 * else the code's scan taken on its row (`max_scans`, marked exhausted at its last; `exhausted`
 * when none is left), the reader's counts of the code and of today added to, the points
 * (`earningsInStatement`: the ledger's key and caps) and the reader's first join with its points
 * (`firstJoinAtOnce`); the log row with the result and the answer kept by the scan's nonce. Null
 * whenever anything is not plain or not as planned — a count met alongside (the reader's own scans
 * at once), a posting refused, a replay, blocked, the rule off, a spending — and the route takes
 * the long way (recordScan), which logs the scan with its result: what the statement wrote is
 * undone (the kept answer inserted twice, a unique violation that undoes the whole statement), so
 * no limit is ever passed.
 */
export async function scanAtOnce(
  db: Db,
  request: FastifyRequest,
  known: ActivityRow,
  found: ScannedCode,
  readerId: number,
  config: PointsConfigView,
  body: ReaderScan,
  now: number,
): Promise<ScanAnswer | null> {
  const { code, batch } = found;
  const text = scannedText(body);
  const position = positionOf(body);
  if (batch.act_id !== known.id || !signOk(batch.secret, text, body.sign) || !plainGate(known, now, {})) return null;
  if ((scanNeedsPosition(batch) && !position) || scanRefusal({ genuine: true, batch, code, banned: false, activity: 'open', now, position })) return null;
  const day = Number(chinaDayKey(now));
  const reader = sql`${readerId}::int`;
  const scanPosting = plannedPosting(config, {
    orgId: known.org_id,
    readerId,
    actId: known.id,
    rule: 'scan_code',
    source: { type: 'scan_code', id: code.id },
    points: batch.points,
    key: scanLedgerKey({ code: code.code, readerId, perCode: batch.per_reader_limit, nonce: body.nonce }),
    at: now,
  });
  const join = firstJoinAtOnce(known, reader, sql`exists (select 1 from mine)`, now, config);
  // The rule off takes the long way (its refusal); spendings and pending rows too (earningsInStatement writes earnings only).
  if (!scanPosting || !earningsOnly(scanPosting, join.posting)) return null;
  const daily = batch.per_reader_daily;
  // Counted: the code's scan taken, the reader's count of it and (with a daily limit) of today's scans added to.
  const counted = sql`exists (select 1 from mine)${daily > 0 ? sql` and exists (select 1 from today)` : sql``}`;
  const earnings = earningsInStatement(
    [
      { p: scanPosting, when: counted },
      ...(join.posting ? [{ p: join.posting, when: sql`exists (select 1 from join_row)` }] : []),
    ],
    reader,
  );
  const answer = scanAnswer('ok', batch.points, text, known, batch, now);
  const message = sql`case outcome.result ${sql.join(
    ANSWERED.map((r) => sql`when ${r}::varchar then ${SCAN_RESULTS[r]}::varchar`),
    sql` `,
  )} end`;
  // As planned: the code not taken (nothing counted: a refusal logged), or taken and every count, posting and join written.
  const planned = sql`(not exists (select 1 from used) or (${counted} and ${earnings.complete} and ${join.planned}))`;
  const logged = await atOnce(async () =>
    rowsOf<{ result: ScanResult | null; points: number | string | null }>(
      await db.execute(sql`
        with ${gateReaderParts(known, reader, BAN_ACTION, now)},
        dup as (
          select 1 from scan_reader_counts c where ${batch.per_reader_limit}::int > 0 and c.subject = 'code' and c.ref_id = ${code.id}::int
            and c.reader_id = ${readerId}::int and c.day = 0 and c.n >= ${batch.per_reader_limit}::int
        ),
        capped as (
          select 1 from scan_reader_counts c where ${daily}::int > 0 and c.subject = 'day' and c.ref_id = ${batch.id}::int
            and c.reader_id = ${readerId}::int and c.day = ${day}::int and c.n >= ${daily}::int
        ),
        used as (${takeCodeSql(code, batch, sql`exists (select 1 from rd) and not exists (select 1 from dup) and not exists (select 1 from capped)`)}),
        mine as (${countUpSql('code', code.id, sql`(select id from rd)`, 0, batch.per_reader_limit, sql`exists (select 1 from used)`)}),
        today as (${countUpSql('day', batch.id, sql`(select id from rd)`, day, daily, sql`${daily}::int > 0 and exists (select 1 from mine)`)}),
        ${join.parts},
        ${earnings.parts},
        outcome as (
          select case when exists (select 1 from dup) then 'duplicate'
            -- At the day's limit, the code not taken: recordScan's order (the code used up first, then the day's limit).
            when exists (select 1 from capped) and exists (select 1 from scan_codes where id = ${code.id}::int and status = 'active' and (${batch.max_scans}::int = 0 or scans_used < ${batch.max_scans}::int)) then 'cap_reached'
            when not exists (select 1 from used) then 'exhausted' else 'ok' end as result
        ),
        logged as (
          insert into scan_logs (org_id, act_id, batch_id, code_id, reader_id, code, result, points, nonce, ip, lng, lat, day, created_at)
          select ${known.org_id}::int, ${known.id}::int, ${batch.id}::int, ${code.id}::int, rd.id, ${answer.code}::varchar, outcome.result,
            case when outcome.result = 'ok' then ${batch.points}::int else 0 end, ${body.nonce}::varchar,
            ${request.ip.slice(0, 64)}::varchar, ${position?.lng ?? null}::float8, ${position?.lat ?? null}::float8, ${day}::int, ${now}::bigint
          from rd, outcome
          returning result, points
        ),
        kept as (${keptFrom(
          request,
          body.nonce,
          sql`${JSON.stringify(answer)}::jsonb || jsonb_build_object('result', outcome.result, 'message', ${message}, 'points', logged.points)`,
          // Kept once with the reader let through (nothing is written without); twice when not as planned, whose unique violation undoes the statement.
          sql`rd cross join ${undoneUnless(planned)} cross join outcome left join logged on true`,
          sql`rd.id`,
        )})
        select logged.result, logged.points from logged where exists (select 1 from kept)`),
    ),
  );
  const row = logged?.[0];
  return row?.result == null ? null : { ...answer, result: row.result, message: SCAN_RESULTS[row.result], points: Number(row.points) };
}
