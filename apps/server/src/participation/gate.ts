import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { formatSeconds, GATE, gatedAt, gateRefusal, inScope, joinTimeOf, joinsCapped, readRefusal, ruleInForce, type GateActivity, type GateBan, type GateReader, type GateRefusal } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { activities, activityJoins, activityReaders, blacklists, readerRequests, readers } from '../db/schema.js';
import { refused } from '../http/errors.js';
import { orgOf, readerIdSql, readerOf } from '../auth/access.js';
import { nowSec } from './clock.js';
import { chainInOrg, gateReaderOf, unitChainSql } from './scope.js';
import { rowsOf } from '../db/rows.js';
import { atOnce, keptFrom, undoneUnless } from './idempotency.js';
import { countJoinParts, joinTotals } from './joinCount.js';
import { earningsInStatement, earningsOnly, plannedPosting, postPoints, rememberedPointsConfig, type PointsConfigView, type PointsTrigger, type Posting } from '../points/ledger.js';

/**
 * The blacklist entry in force for a reader, an activity type and an action, as one SQL value
 * (`{end_at, reason}` or null; design §14): `readerId` and `type` may be columns of an outer query.
 */
function banSql(readerId: number | SQL, type: number | SQL, action: string, now: number): SQL {
  return sql`(select jsonb_build_object('end_at', ${blacklists.end_at}, 'reason', ${blacklists.reason}) from ${blacklists}
    where ${blacklists.reader_id} = ${readerId} and ${blacklists.start_at} <= ${now}::bigint and (${blacklists.end_at} is null or ${blacklists.end_at} > ${now}::bigint)
      and (jsonb_array_length(${blacklists.types}) = 0 or ${blacklists.types} @> jsonb_build_array(${type}::int))
      and (jsonb_array_length(${blacklists.actions}) = 0 or ${blacklists.actions} @> ${JSON.stringify([action])}::jsonb)
    order by ${blacklists.end_at} desc nulls first limit 1)`;
}

const asBan = (row: { end_at: number | string | null; reason: string } | null | undefined): GateBan | null =>
  row ? { until: row.end_at == null ? null : formatSeconds(Number(row.end_at)), reason: row.reason } : null;

/** The blacklist entry in force for a reader, an activity type and an action, if any (design §14). */
export async function activeBan(db: Db | Tx, readerId: number, type: number, action: string): Promise<GateBan | null> {
  const [row] = rowsOf<{ ban: { end_at: number | string | null; reason: string } | null }>(await db.execute(sql`select ${banSql(readerId, type, action, nowSec())} as ban`));
  return asBan(row?.ban);
}

type ActivityRow = typeof activities.$inferSelect;
type ReaderRow = typeof readers.$inferSelect;

/** What the gate looks at, read in one statement (gateFacts). */
export interface GateFacts {
  reader: ReaderRow;
  /** The activity of the path's organisation and of the type asked for; undefined otherwise. */
  act?: ActivityRow;
  /** The reader's join row in the activity, whatever its status. */
  joined?: typeof activityJoins.$inferSelect;
  gateReader: GateReader & { id: number };
  ban: GateBan | null;
  /** `keptRequest`: the answer already kept for that request id, if any. */
  kept?: typeof readerRequests.$inferSelect;
  /** `also`: what the kind read with the facts (null when the activity was not found). */
  also: unknown;
}

/**
 * Everything the gate decides on in one statement (issue 22): the reader (the token was checked by
 * the access hook), the activity of the path's organisation and of `type`, the reader's join row,
 * the reader's unit chain (only when the scope names units), whether the activity's reader list
 * names the reader, the blacklist entry in force for `action`, and with `keptRequest` the answer
 * kept for that request id. `lock` (advisory locks of the caller's transaction, a select list) is
 * taken in the same statement: what the caller reads after it sees every transaction that held
 * the lock before. `also`: a value the kind reads in the same statement (a scalar subquery that
 * may name `activities` and `readers` of the outer query, e.g. the reader's progress row), given
 * back as `also`.
 */
export async function gateFacts(
  db: Db | Tx,
  request: FastifyRequest,
  id: number,
  type: number | readonly number[] | undefined,
  opts: { action: string; keptRequest?: string; lock?: SQL; also?: SQL },
): Promise<GateFacts> {
  const readerId = readerOf(request).id;
  const now = nowSec();
  const kept = opts.keptRequest === undefined ? sql`null::jsonb` : sql`(select to_jsonb(k) from ${readerRequests} k where k.reader_id = ${readerId} and k.request_id = ${opts.keptRequest})`;
  const [found] = await db
    .select({
      reader: readers,
      act: activities,
      joined: activityJoins,
      chain: sql<(number | string)[] | null>`case when coalesce(jsonb_array_length(${activities.scope}->'unit_ids'), 0) > 0 and ${readers.unit_id} is not null
        then ${unitChainSql(sql`${readers.org_id}`, sql`${readers.unit_id}`)} end`,
      listed: sql<boolean>`exists (select 1 from ${activityReaders} where ${activityReaders.act_id} = ${activities.id} and ${activityReaders.reader_id} = ${readers.id})`,
      ban: sql<{ end_at: number | string | null; reason: string } | null>`case when ${activities.id} is not null then ${banSql(sql`${readers.id}`, sql`${activities.type}`, opts.action, now)} end`,
      kept: sql<Record<string, unknown> | null>`${kept}`,
      // Volatile, so kept by the planner; taken in the order written.
      locked: opts.lock ? sql`(select count(*) from (select ${opts.lock}) locks)` : sql`null`,
      also: opts.also ? sql<unknown>`case when ${activities.id} is not null then ${opts.also} end` : sql<unknown>`null`,
    })
    .from(readers)
    .leftJoin(
      activities,
      and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id), type === undefined ? undefined : typeof type === 'number' ? eq(activities.type, type) : inArray(activities.type, [...type])),
    )
    .leftJoin(activityJoins, and(eq(activityJoins.act_id, activities.id), eq(activityJoins.reader_id, readers.id)))
    .where(eq(readers.id, readerId));
  const { reader } = found;
  const units = chainInOrg(reader.org_id, reader.unit_id, found.chain) ?? [reader.org_id];
  const k = found.kept;
  return {
    reader,
    act: found.act ?? undefined,
    joined: found.joined ?? undefined,
    gateReader: { identity: reader.identity, grade: reader.grade, units, listed: !!found.listed, real_name: reader.real_name, phone: reader.phone, id: reader.id },
    ban: asBan(found.ban),
    kept: k ? ({ ...k, answer: k.answer, status: Number(k.status) } as typeof readerRequests.$inferSelect) : undefined,
    also: found.also ?? null,
  };
}

/**
 * What a reader write's last statement may also do, handed by its route (issue 22): the reader's
 * first join (passGate `joinPart`) and the keeping of the answer by its request id (`keptFrom`),
 * so that the rows every reader writes (a total, the activity's count) are held from that
 * statement to the commit only.
 */
export interface LastParts {
  join: { parts: SQL; outcome: SQL } | null;
  keep: (answer: SQL, from: SQL) => SQL;
}

/**
 * A join as parts of one statement (issue 22): the common table expressions `join_row` (the join
 * row written, or a cancelled one renewed; nothing when the reader's row exists already) and the
 * count, only when the row was written (`countJoinParts`: under `person_limit` on the activity's
 * row, or on the reader's shard without a limit), and
 * `outcome`, a select list of `join_id` and `join_num` (null join_id: joined alongside; null
 * join_num with a join_id: full, which the caller refuses, rolling its transaction back).
 */
export function joinInStatement(
  tx: Tx,
  act: { id: number; org_id: number; type: number; config: unknown },
  reader: { id: number; real_name: string; phone: string },
  cancelled?: { id: number },
  now: number = nowSec(),
): { parts: SQL; outcome: SQL } {
  // An anonymous questionnaire's join carries its day only, never the moment of the answer (joinTimeOf).
  const at = joinTimeOf(act, now);
  const joining = cancelled
    ? tx.update(activityJoins).set({ status: 1, real_name: reader.real_name, phone: reader.phone, updated_at: at }).where(eq(activityJoins.id, cancelled.id)).returning({ id: activityJoins.id })
    : tx.insert(activityJoins).values({ org_id: act.org_id, act_id: act.id, reader_id: reader.id, real_name: reader.real_name, phone: reader.phone, created_at: at, updated_at: at }).onConflictDoNothing().returning({ id: activityJoins.id });
  const count = countJoinParts(act.id, reader.id, sql`join_row`, joinsCapped(act.type));
  return {
    parts: sql`join_row as ${joining}, ${count.parts}`,
    outcome: sql`(select id from join_row) as join_id, ${count.counted} as join_num`,
  };
}

/**
 * The outcome of a statement holding a join (joinInStatement's `outcome`): a join row written but
 * not counted means the activity is full, refused (the caller's transaction rolls back, the row
 * with it). No join in the statement, or none written (joined alongside): nothing to refuse.
 */
export function refuseWhenFull(row: { join_id?: unknown; join_num?: unknown } | undefined): void {
  if (row?.join_id != null && row.join_num == null) throw refused(GATE.full);
}

/**
 * A reader's points for joining an activity (rule `join_activity`), in the join's transaction:
 * keyed by the activity, so a join cancelled and renewed is paid once. `config`: the
 * organisation's points settings when the caller has them remembered (else read here).
 */
export async function postJoinPoints(tx: Tx, act: { id: number; org_id: number }, readerId: number, config?: PointsConfigView): Promise<void> {
  await postPoints(tx, { ...joinTrigger(act, readerId), config });
}

/** The trigger of a join's points (rule `join_activity`, keyed by the activity): postJoinPoints' and a join in one statement's. */
const joinTrigger = (act: { id: number; org_id: number }, readerId: number, at?: number): PointsTrigger => ({
  orgId: act.org_id,
  readerId,
  actId: act.id,
  rule: 'join_activity',
  source: { type: 'activity', id: act.id },
  at,
});

/**
 * The reader of a write's ONE statement without a transaction, as its first parts: `who` (the
 * reader's id, e.g. `readerIdSql`: null when the token is refused) and `rd` (id, real_name, phone, unit_id)
 * when the gate still holds for `action` (`gateStillHolds`) and no cancelled join is to renew (that
 * takes the long way) — the relation `firstJoinAtOnce`'s parts read.
 */
export function gateReaderParts(act: ActivityRow, reader: SQL, action: string, now: number): SQL {
  return sql`who as (select ${reader} as id),
    rd as (
      select rr.id, rr.real_name, rr.phone, rr.unit_id from ${readers} rr
      where rr.id = (select id from who) and ${gateStillHolds(act, sql`rr.id`, action, now)}
        and not exists (select 1 from ${activityJoins} j where j.act_id = ${act.id}::int and j.reader_id = rr.id and j.status = 2)
    )`;
}

/**
 * A reader's first join as parts of a write's ONE statement without a transaction (issue 24's
 * check-in mark, issue 23's offline booking: `markAtOnce`, `bookAtOnce`), for a reader the
 * statement's relation `rd` holds (id, real_name, phone: the gate held, no cancelled join — a
 * cancelled join renews the long way): `join_row`, the join row written `when` (SQL over the
 * statement's parts: the write itself written) unless the reader has one, and its count
 * (`countJoinParts`: on the reader's shard, or under `person_limit` on the activity's row);
 * `planned`, true unless a join was written but not counted (full: the caller undoes its
 * statement); `outcome`, the select list of `join_id` and `join_num`; `posting`, the join's points
 * as postPoints would post them under `config` (`plannedPosting`, null: none), for the caller's
 * `earningsInStatement`, with `due`, the condition that the reader has to join (no join row: the
 * one test `needsJoin` makes of a row read), for a caller that posts before the join is written.
 */
export function firstJoinAtOnce(
  act: { id: number; org_id: number; type: number; config: unknown },
  reader: SQL,
  when: SQL,
  now: number,
  config: PointsConfigView,
): { parts: SQL; planned: SQL; outcome: SQL; posting: Posting | null; due: SQL } {
  const at = joinTimeOf(act, now);
  const count = countJoinParts(act.id, reader, sql`join_row`, joinsCapped(act.type));
  // The reader's join looked up by both keys of its unique index: written as a correlated anti-join
  // (`j.reader_id = rd.id`), a prepared statement's generic plan scanned every join of the activity.
  const notJoined = sql`not exists (select 1 from ${activityJoins} j where j.act_id = ${act.id}::int and j.reader_id = (select id from rd))`;
  return {
    parts: sql`join_row as (
        insert into ${activityJoins} (org_id, act_id, reader_id, real_name, phone, created_at, updated_at)
        select ${act.org_id}::int, ${act.id}::int, rd.id, rd.real_name, rd.phone, ${at}::bigint, ${at}::bigint from rd
        where ${when} and ${notJoined}
        on conflict do nothing
        returning id
      ),
      ${count.parts}`,
    planned: sql`(not exists (select 1 from join_row) or ${count.counted} is not null)`,
    outcome: sql`(select id from join_row) as join_id, ${count.counted} as join_num`,
    posting: plannedPosting(config, joinTrigger(act, 0, now)),
    due: sql`exists (select 1 from rd) and ${notJoined}`,
  };
}

/** Whether a reader with this join row joins on a qualifying action: none yet, or a cancelled one (status 2) renewed. */
export const needsJoin = (joined: { status: number } | null | undefined): boolean => !joined || joined.status === 2;

/**
 * A join made last in the caller's statement (`join: 'last'`), for a reader the caller found — the
 * gate's own, or a reader an administrator books for: the join's points first (a join refused as
 * full rolls them back with the rest), then the join as parts of the caller's last statement
 * (joinInStatement). Null when the reader is joined already: nothing to write, nothing paid.
 */
export async function joinLast(
  tx: Tx,
  database: FastifyRequest['server']['database'],
  act: { id: number; org_id: number; type: number; config: unknown },
  reader: { id: number; real_name: string; phone: string },
  joined: { id: number; status: number } | null | undefined,
  now: number,
  config?: PointsConfigView,
): Promise<{ parts: SQL; outcome: SQL } | null> {
  if (!needsJoin(joined)) return null;
  await postJoinPoints(tx, act, reader.id, config ?? (await rememberedPointsConfig(database, act.org_id, tx)));
  return joinInStatement(tx, act, reader, joined ?? undefined, now);
}

/** Whether a join pays points now (the rule on, in its window, worth something): then it takes a transaction. */
export const joinPays = (config: PointsConfigView, now: number): boolean => ruleInForce(config.rules.join_activity, now) && config.rules.join_activity.points !== 0;

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
  config?: PointsConfigView,
  /** False when the caller has posted the join's points already (passGate with `join: 'last'`). */
  pay = true,
): Promise<{ join_id: number; join_num: number }> {
  const part = joinInStatement(tx, act, reader, cancelled);
  const [join] = rowsOf<{ join_id: number | null; join_num: number | null }>(await tx.execute(sql`with ${part.parts} select ${part.outcome}`));
  if (join?.join_id == null) {
    const [other] = await tx.select().from(activityJoins).where(and(eq(activityJoins.act_id, act.id), eq(activityJoins.reader_id, reader.id)));
    return { join_id: other.id, join_num: (await joinTotals(tx, [act.id])).get(act.id) ?? 0 };
  }
  refuseWhenFull(join);
  if (pay) await postJoinPoints(tx, act, reader.id, config);
  return { join_id: Number(join.join_id), join_num: Number(join.join_num) };
}

/**
 * A reader's first join in ONE statement without a transaction (issue 22), the reader by `reader`
 * (`readerIdSql`: the token checked in the statement when the access hook left it), on an activity
 * whose gate let the reader through — `plainGate` on a remembered activity (the join's one
 * statement), or gateFacts read just before (its two): the gate as the statement's condition
 * (`gateReaderParts`), the join row and its count (`firstJoinAtOnce`: on the reader's shard, or
 * under `person_limit` on the activity's row), the join's points under `config` as postPoints
 * would post them (`earningsInStatement`) and the answer kept by its request id. Null when
 * anything is not as planned — the token or the gate refused, joined already (or a cancelled join
 * to renew), full, a replay, a posting refused (the kept answer is then inserted twice, a unique
 * violation that undoes the whole statement) — or when the join's points are a spending: the
 * caller takes the long way, which answers with its messages.
 */
export async function joinAtOnce(
  db: Db,
  request: FastifyRequest,
  requestId: string,
  act: ActivityRow,
  config: PointsConfigView,
  now: number,
): Promise<{ joined: true; join_id: number; join_num: number } | null> {
  const rd = sql`(select id from rd)`;
  const join = firstJoinAtOnce(act, rd, sql`true`, now, config);
  if (!earningsOnly(join.posting)) return null;
  const earnings = earningsInStatement(join.posting ? [{ p: join.posting, when: sql`exists (select 1 from join_row)` }] : [], rd);
  // A join written and counted, its points all written.
  const planned = sql`exists (select 1 from join_row) and ${join.planned} and ${earnings.complete}`;
  return atOnce(async () => {
    const [row] = rowsOf<{ join_id: number | string | null; join_num: number | string | null }>(
      await db.execute(sql`
        with ${gateReaderParts(act, readerIdSql(request), 'join', now)},
        ${join.parts},
        ${earnings.parts ? sql`${earnings.parts},` : sql``}
        joined as (select ${join.outcome}),
        k as (${keptFrom(request, requestId, sql`jsonb_build_object('joined', true, 'join_id', joined.join_id, 'join_num', joined.join_num)`, sql`rd cross join ${undoneUnless(planned)} cross join joined`, sql`rd.id`)})
        select joined.join_id, joined.join_num from joined where exists (select 1 from k)`),
    );
    return row?.join_id == null ? null : { joined: true as const, join_id: Number(row.join_id), join_num: Number(row.join_num) };
  });
}

/**
 * The gate's refusal of what `gateFacts` read, at `now` (null: the write may go on). A joined
 * reader is not asked the access code again; a kind whose writes may come before the start (an
 * offline booking, whose sign-up window the kind checks per session) is gated as started
 * (`gatedAt`, the kind's `early`).
 */
export function factsRefusal(facts: GateFacts, now: number, opts: { accessCode?: string }): GateRefusal | null {
  const { act, joined } = facts;
  return gateRefusal(act && (gatedAt(act, now) as GateActivity), facts.gateReader, { now, accessCode: joined?.status === 1 ? act?.access_code : opts.accessCode, ban: facts.ban });
}

/**
 * The gate for a reader's write on an activity of the path's organisation and of `type` (or one of
 * `type`; another type reads as missing), blacklist action `action`; with `join` the reader joins
 * on this first qualifying action (design §1.4). `join: 'last'` leaves the joining to the caller
 * (`join()`, last in its transaction: the join counts on the activity's row, which every first
 * action writes, so it is held only until the commit). A joined reader is not asked the access
 * code again. `lock`: advisory locks of the caller, taken in the gate's one statement (gateFacts).
 * A kind whose writes may come before the activity starts (`ACTIVITY_KINDS[type].early`: an
 * offline booking, whose sign-up window the kind checks per session) passes before it; it still
 * ends with the activity.
 */
export async function passGate(
  tx: Tx,
  request: FastifyRequest,
  id: number,
  type: number | readonly number[],
  opts: { action: string; accessCode?: string; join: boolean | 'last'; lock?: SQL },
): Promise<{ act: typeof activities.$inferSelect; reader: typeof readers.$inferSelect; join: () => Promise<void>; joinPart: { parts: SQL; outcome: SQL } | null; now: number }> {
  const facts = await gateFacts(tx, request, id, type, { action: opts.action, lock: opts.lock });
  const { reader, act, joined } = facts;
  // One moment for the whole write: the join row and what the caller writes carry the same second.
  const now = nowSec();
  const refusal = factsRefusal(facts, now, opts);
  if (refusal || !act) throw refused(refusal ?? GATE.missing);
  const needed = needsJoin(joined);
  const config = opts.join && needed ? await rememberedPointsConfig(request.server.database, act.org_id, tx) : undefined;
  // Joining last, joinLast pays the points now and the join pays nothing more.
  const join = async () => {
    if (needed) await joinReader(tx, act, reader, joined, config, opts.join !== 'last');
  };
  if (opts.join === true) await join();
  // With `join: 'last'`, the caller puts joinPart in its last statement, or calls join() instead.
  const joinPart = opts.join === 'last' ? await joinLast(tx, request.server.database, act, reader, joined, now, config) : null;
  return { act, reader, join: async () => (opts.join === 'last' ? join() : undefined), joinPart, now };
}



/**
 * The scope check of a reader's read, one for every kind: the activity (as the kind found it,
 * undefined when missing or not of the kind) when it is readable and the reader is in its scope;
 * otherwise 404 — out of scope reads as missing, as the reader's list hides it.
 */
export async function seenBy<A extends GateActivity & { id: number }>(
  db: Db | Tx,
  row: Parameters<typeof gateReaderOf>[1],
  act: A | undefined,
): Promise<{ act: A; reader: GateReader & { id: number } }> {
  const reader = { ...(await gateReaderOf(db, row, act?.id)), id: row.id };
  if (act === undefined || readRefusal(act) || !inScope(act.scope, reader)) throw refused(GATE.missing);
  return { act, reader };
}

/**
 * `seenBy` for the reader's activity of the path's organisation and of `type`, in the gate's one
 * statement (gateFacts: the reader, the activity, its unit chain and reader list) instead of a read
 * of each: the same answer and the same 404, for the reads a reader's page makes on every visit
 * (the check-in page's status, resources and marks).
 */
export async function seenByOne(db: Db | Tx, request: FastifyRequest, id: number, type: number): Promise<{ act: ActivityRow; reader: GateReader & { id: number } }> {
  const facts = await gateFacts(db, request, id, type, { action: 'view' });
  const act = facts.act;
  if (act === undefined || readRefusal(act) || !inScope(act.scope, facts.gateReader)) throw refused(GATE.missing);
  return { act, reader: facts.gateReader };
}

/** How many activities a `GatePassed` keeps. */
const GATE_PASSED_KEPT = 10_000;

/**
 * The activities this instance's writes of one kind last passed the gate on, by id (at most
 * 10,000), as gateFacts read them: a write on one of them may try its ONE statement (`plainGate`
 * on the remembered row, `gateStillHolds` in the statement, which compares the row column by
 * column, so a changed activity only sends the write the long way).
 */
export class GatePassed {
  private readonly acts = new Map<number, ActivityRow>();

  remember(act: ActivityRow): void {
    if (this.acts.size >= GATE_PASSED_KEPT) this.acts.clear();
    this.acts.set(act.id, act);
  }

  /** The remembered activity `id` when it is of the request's organisation (and of `type`, when given). */
  known(request: FastifyRequest, id: number, type?: number): ActivityRow | undefined {
    const act = this.acts.get(id);
    return act && act.org_id === orgOf(request).id && (type === undefined || act.type === type) ? act : undefined;
  }
}

/**
 * The gate of a write made in ONE statement (issue 23: the gate's read folded into the write), on
 * an activity remembered from an earlier pass of the gate (`act`, as gateFacts read it): true when
 * nothing the gate decides depends on the reader but the blacklist — no scope (units,
 * identities, grades, reader list), no real name asked, the access code (if any) given — and the
 * activity as remembered lets a write through at `now`. The statement then carries
 * `gateStillHolds`; any other case reads the gate's facts first (gateFacts), with its messages.
 */
export function plainGate(act: ActivityRow, now: number, opts: { accessCode?: string }): boolean {
  const s = act.scope ?? {};
  if (s.unit_ids?.length || s.identities?.length || s.grades?.length || s.whitelist_mode === 'LIST' || act.need_real) return false;
  if (act.access_code && opts.accessCode !== act.access_code) return false;
  const anyone: GateReader = { identity: null, grade: null, units: [], listed: false, real_name: '', phone: '' };
  return gateRefusal(gatedAt(act, now) as GateActivity, anyone, { now, accessCode: opts.accessCode, ban: null }) === null;
}

/**
 * The SQL condition under which a `plainGate` decision still holds when the statement runs: the
 * activity's row unchanged in every column the gate and the kind's settings read (so the decision
 * made on the remembered row is the one gateFacts would make now) and in its title (which a
 * kind's answer may name: scanAtOnce), and no blacklist entry in force
 * for the reader, the activity's type and `action`. False: the statement writes nothing, and the
 * caller takes the long way, which reads the facts and answers with the gate's message.
 */
export function gateStillHolds(act: ActivityRow, reader: number | SQL, action: string, now: number): SQL {
  return sql`exists (select 1 from ${activities} a where a.id = ${act.id}::int and a.org_id = ${act.org_id}::int and a.type = ${act.type}::smallint and a.title = ${act.title}::varchar
      and a.variant = ${act.variant}::smallint and a.is_delete = ${act.is_delete}::smallint and a.is_tmp = ${act.is_tmp}::smallint
      and a.is_pause = ${act.is_pause}::smallint and a.start_at = ${act.start_at}::bigint and a.end_at = ${act.end_at}::bigint
      and a.state is not distinct from ${act.state}::smallint and a.daily_from = ${act.daily_from}::varchar and a.daily_to = ${act.daily_to}::varchar
      and a.scope = ${JSON.stringify(act.scope ?? {})}::jsonb and a.access_code = ${act.access_code}::varchar and a.need_real = ${act.need_real}::smallint
      and a.config = ${JSON.stringify(act.config ?? {})}::jsonb)
    and ${banSql(reader, act.type, action, now)} is null`;
}
