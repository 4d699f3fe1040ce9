import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, gt, lte, or, sql } from 'drizzle-orm';
import { formatSeconds, GATE, gateRefusal, inScope, joinTimeOf, readRefusal, type GateActivity, type GateBan, type GateReader } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { activities, activityJoins, blacklists, readers } from '../db/schema.js';
import { refused } from '../http/errors.js';
import { orgOf, readerOf } from '../auth/access.js';
import { nowSec } from './clock.js';
import { gateReaderOf } from './scope.js';
import { rowsOf } from '../db/rows.js';

/** The blacklist entry in force for a reader, an activity type and an action, if any (design §14). */
export async function activeBan(db: Db | Tx, readerId: number, type: number, action: string): Promise<GateBan | null> {
  const now = nowSec();
  const [ban] = await db
    .select({ end_at: blacklists.end_at, reason: blacklists.reason })
    .from(blacklists)
    .where(
      and(
        eq(blacklists.reader_id, readerId),
        lte(blacklists.start_at, now),
        or(isNull(blacklists.end_at), gt(blacklists.end_at, now)),
        sql`(jsonb_array_length(${blacklists.types}) = 0 or ${blacklists.types} @> ${JSON.stringify([type])}::jsonb)`,
        sql`(jsonb_array_length(${blacklists.actions}) = 0 or ${blacklists.actions} @> ${JSON.stringify([action])}::jsonb)`,
      ),
    )
    .orderBy(sql`${blacklists.end_at} desc nulls first`)
    .limit(1);
  return ban ? { until: ban.end_at ? formatSeconds(ban.end_at) : null, reason: ban.reason } : null;
}

/**
 * Join a reader who passed the gate: the join row first (a concurrent join of the same reader
 * waits on the unique key and then finds it taken, so nobody is counted twice), then
 * `person_limit` in one conditional statement (design §1.8). Refused, the caller's transaction
 * is rolled back, the join row with it.
 */
export async function joinReader(
  tx: Tx,
  act: { id: number; org_id: number; type: number; config: unknown },
  reader: { id: number; real_name: string; phone: string },
  cancelled?: { id: number },
): Promise<{ join_id: number; join_num: number }> {
  // An anonymous questionnaire's join carries its day only, never the moment of the answer (joinTimeOf).
  const at = joinTimeOf(act, nowSec());
  const joining = cancelled
    ? tx.update(activityJoins).set({ status: 1, real_name: reader.real_name, phone: reader.phone, updated_at: at }).where(eq(activityJoins.id, cancelled.id)).returning({ id: activityJoins.id })
    : tx.insert(activityJoins).values({ org_id: act.org_id, act_id: act.id, reader_id: reader.id, real_name: reader.real_name, phone: reader.phone, created_at: at, updated_at: at }).onConflictDoNothing().returning({ id: activityJoins.id });
  // The join row and the count in one statement (issue 22): the count only when the row was written.
  const [join] = rowsOf<{ join_id: number | null; join_num: number | null }>(
    await tx.execute(sql`
      with j as ${joining},
      c as (
        update ${activities} set join_num = ${activities.join_num} + 1
        where ${activities.id} = ${act.id} and exists (select 1 from j) and (${activities.person_limit} = 0 or ${activities.join_num} < ${activities.person_limit})
        returning ${activities.join_num} as join_num
      )
      select (select id from j) as join_id, (select join_num from c) as join_num`),
  );
  if (join?.join_id == null) {
    const [other] = await tx.select().from(activityJoins).where(and(eq(activityJoins.act_id, act.id), eq(activityJoins.reader_id, reader.id)));
    const [now] = await tx.select({ join_num: activities.join_num }).from(activities).where(eq(activities.id, act.id));
    return { join_id: other.id, join_num: now.join_num };
  }
  if (join.join_num == null) throw refused(GATE.full);
  return { join_id: Number(join.join_id), join_num: Number(join.join_num) };
}

/**
 * The gate for a reader's write on an activity of the path's organisation and of `type` (or one of
 * `type`; another type reads as missing), blacklist action `action`; with `join` the reader joins
 * on this first qualifying action (design §1.4). `join: 'last'` leaves the joining to the caller
 * (`join()`, last in its transaction: the join counts on the activity's row, which every first
 * action writes, so it is held only until the commit). A joined reader is not asked the access
 * code again.
 */
export async function passGate(
  tx: Tx,
  request: FastifyRequest,
  id: number,
  type: number | readonly number[],
  opts: { action: string; accessCode?: string; join: boolean | 'last' },
): Promise<{ act: typeof activities.$inferSelect; reader: typeof readers.$inferSelect; join: () => Promise<void> }> {
  // The reader, the activity of the path's organisation and the reader's join row in one statement.
  const [found] = await tx
    .select({ reader: readers, act: activities, joined: activityJoins })
    .from(readers)
    .leftJoin(activities, and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id), typeof type === 'number' ? eq(activities.type, type) : inArray(activities.type, [...type])))
    .leftJoin(activityJoins, and(eq(activityJoins.act_id, activities.id), eq(activityJoins.reader_id, readers.id)))
    .where(eq(readers.id, readerOf(request).id));
  const { reader } = found;
  const act = found.act ?? undefined;
  const joined = found.joined ?? undefined;
  const gateReader = { ...(await gateReaderOf(tx, reader, act?.id)), id: reader.id };
  const refusal = gateRefusal(act as GateActivity | undefined, gateReader, {
    now: nowSec(),
    accessCode: joined?.status === 1 ? act?.access_code : opts.accessCode,
    ban: act ? await activeBan(tx, reader.id, act.type, opts.action) : null,
  });
  if (refusal || !act) throw refused(refusal ?? GATE.missing);
  const join = async () => {
    if (!joined || joined.status === 2) await joinReader(tx, act, reader, joined);
  };
  if (opts.join === true) await join();
  return { act, reader, join: async () => (opts.join === 'last' ? join() : undefined) };
}


/** A reader's row as the scope reads it. */
type ReaderRow = Parameters<typeof gateReaderOf>[1];

/**
 * The scope check of a reader's read, one for every kind: the activity (as the kind found it,
 * undefined when missing or not of the kind) when it is readable and the reader is in its scope;
 * otherwise 404 — out of scope reads as missing, as the reader's list hides it.
 */
export async function seenBy<A extends GateActivity & { id: number }>(
  db: Db | Tx,
  row: ReaderRow,
  act: A | undefined,
): Promise<{ act: A; reader: GateReader & { id: number } }> {
  const reader = { ...(await gateReaderOf(db, row, act?.id)), id: row.id };
  if (act === undefined || readRefusal(act) || !inScope(act.scope, reader)) throw refused(GATE.missing);
  return { act, reader };
}
