import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, gt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACTIVITY_TYPES,
  activityStateOf,
  canonicalJson,
  filterSchema,
  formatSeconds,
  GATE,
  gateRefusal,
  idParam,
  inScope,
  joinBodySchema,
  joinTimeOf,
  pageQuerySchema,
  readRefusal,
  REQUEST_ID_REUSED,
  type GateActivity,
  type GateBan,
} from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { activities, activityJoins, blacklists, readerRequests, readers } from '../db/schema.js';
import { HttpError, refused } from '../http/errors.js';
import { pagedList } from '../http/pagination.js';
import { orgOf, readerOf } from '../auth/access.js';
import { activityStateWhere } from '../resources/families/activities.js';
import { gateReaderOf, scopeWhere, unitChain } from './activityScope.js';

const orgParams = z.object({ org: z.string() });
const actParams = orgParams.extend({ id: idParam });
const nowSec = () => Math.floor(Date.now() / 1000);

/** What readers see of an activity (never the partner's secret or the access code). */
function publicActivity(row: typeof activities.$inferSelect) {
  const { access_code, config, is_delete: _d, check_status: _c, check_reason: _r, ...rest } = row;
  const { callback_secret: _s, ...publicConfig } = config as Record<string, unknown>;
  return {
    ...rest,
    config: publicConfig,
    needs_access_code: access_code !== '',
    type_name: ACTIVITY_TYPES[row.type],
    act_state: activityStateOf(row, nowSec()),
  };
}

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
  const [join] = cancelled
    ? await tx.update(activityJoins).set({ status: 1, real_name: reader.real_name, phone: reader.phone, updated_at: at }).where(eq(activityJoins.id, cancelled.id)).returning()
    : await tx.insert(activityJoins).values({ org_id: act.org_id, act_id: act.id, reader_id: reader.id, real_name: reader.real_name, phone: reader.phone, created_at: at, updated_at: at }).onConflictDoNothing().returning();
  if (!join) {
    const [other] = await tx.select().from(activityJoins).where(and(eq(activityJoins.act_id, act.id), eq(activityJoins.reader_id, reader.id)));
    const [now] = await tx.select({ join_num: activities.join_num }).from(activities).where(eq(activities.id, act.id));
    return { join_id: other.id, join_num: now.join_num };
  }
  const [counted] = await tx
    .update(activities)
    .set({ join_num: sql`${activities.join_num} + 1` })
    .where(and(eq(activities.id, act.id), sql`(${activities.person_limit} = 0 or ${activities.join_num} < ${activities.person_limit})`))
    .returning({ join_num: activities.join_num });
  if (!counted) throw refused(GATE.full);
  return { join_id: join.id, join_num: counted.join_num };
}

/**
 * What a reader's write asks, hashed: method, route pattern, path parameters (organisation,
 * activity, …) and the body without `request_id`, keys sorted. A request id answers only the
 * request it was first used for.
 */
export function requestFingerprint(request: FastifyRequest): string {
  const { request_id: _id, ...body } = (request.body ?? {}) as Record<string, unknown>;
  return createHash('sha256').update(canonicalJson([request.method, request.routeOptions.url ?? request.url, request.params ?? {}, body])).digest('hex');
}

/** 409 on `request_id`, in the shape of a refused field (`field: message`, the field in `data.errors`). */
const requestIdReused = () =>
  new HttpError(409, REQUEST_ID_REUSED, { errors: [{ field: 'request_id', message: REQUEST_ID_REUSED }] });

/**
 * A reader write made idempotent by its `request_id`: the first answer (success or refusal) is
 * kept with the fingerprint of the request it answered; a replay of the same request gets it
 * again, also when the replays run at the same time, and the id reused for another request
 * (another route, activity or body) is refused with 409 (issue 20). Every reader write passes here.
 */
export async function idempotent<T>(db: Db, request: FastifyRequest, requestId: string, run: (tx: Tx) => Promise<T>): Promise<T> {
  const readerId = readerOf(request).id;
  const fingerprint = requestFingerprint(request);
  const replay = async () => {
    const [kept] = await db.select().from(readerRequests).where(and(eq(readerRequests.reader_id, readerId), eq(readerRequests.request_id, requestId)));
    if (!kept) return undefined;
    // '' : kept before fingerprints were recorded (migration 0023); it answers as before.
    if (kept.fingerprint !== '' && kept.fingerprint !== fingerprint) throw requestIdReused();
    if (kept.status !== 200) throw new HttpError(kept.status, (kept.answer as { message: string }).message, (kept.answer as { data: unknown }).data);
    return kept.answer as T;
  };
  const first = await replay();
  if (first !== undefined) return first;
  try {
    return await db.transaction(async (tx) => {
      const answer = await run(tx);
      await tx.insert(readerRequests).values({ reader_id: readerId, request_id: requestId, status: 200, answer: answer as object, fingerprint });
      return answer;
    });
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) {
      await db
        .insert(readerRequests)
        .values({ reader_id: readerId, request_id: requestId, status: err.status, answer: { message: err.message, data: err.data }, fingerprint })
        .onConflictDoNothing();
    }
    // A replay that ran alongside and lost the race on the request id: the winner's answer (or 409 when the winner asked otherwise).
    const other = await replay().catch((e: unknown) => (e === err ? undefined : Promise.reject(e)));
    if (other !== undefined) return other;
    throw err;
  }
}

/**
 * As `idempotent`, and also what the run had at hand (`own`, e.g. the rows it wrote) when this
 * call's own run committed, so the caller need not read them again; a replay gets the answer only.
 * The answer's identity tells which: a replay's answer is the kept copy, never the run's object.
 */
export async function idempotentOwn<T, O>(db: Db, request: FastifyRequest, requestId: string, run: (tx: Tx) => Promise<{ answer: T; own: O }>): Promise<{ answer: T; own?: O }> {
  let mine: { answer: T; own: O } | undefined;
  const answer = await idempotent(db, request, requestId, async (tx) => {
    mine = await run(tx);
    return mine.answer;
  });
  return { answer, own: mine && mine.answer === answer ? mine.own : undefined };
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

/**
 * The participant API for activities (design §15): the published activities a reader may see,
 * one activity with the reader's own status (a view is counted), and joining through the gate.
 */
export async function participationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'reader' as const };

  const readerRow = async (id: number, tx: Db | Tx = db) => (await tx.select().from(readers).where(eq(readers.id, id)))[0];
  const activityOf = async (request: FastifyRequest, id: number, tx: Db | Tx = db) =>
    (await tx.select().from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id))))[0];

  const listQuery = pageQuerySchema.extend({
    type: filterSchema({ name: 'type', label: '活动类型', kind: 'select', options: Object.entries(ACTIVITY_TYPES).map(([value, label]) => ({ value: Number(value), label })) }),
    act_state: filterSchema({ name: 'act_state', label: '活动状态', kind: 'select', options: [1, 2, 3].map((v) => ({ value: v, label: String(v) })) }),
  });

  r.get('/v1/:org/client/activities', { config, schema: { params: orgParams, querystring: listQuery } }, async (request) => {
    const org = orgOf(request);
    const reader = await readerRow(readerOf(request).id);
    const q = request.query;
    // The scope in SQL (units, identity, grade, reader list): only activities the reader may join are listed.
    const units = (await unitChain(db, org.id, reader.unit_id)) ?? [org.id];
    const where = and(
      eq(activities.org_id, org.id),
      eq(activities.is_delete, 0),
      eq(activities.is_tmp, 0),
      scopeWhere(reader, units),
      q.type !== undefined ? eq(activities.type, q.type as number) : undefined,
      q.act_state !== undefined ? activityStateWhere(q.act_state as number) : undefined,
    );
    return pagedList(
      q,
      request.url,
      async () => (await db.select({ n: count() }).from(activities).where(where))[0].n,
      async (limit, offset) => (await db.select().from(activities).where(where).orderBy(desc(activities.start_at), desc(activities.id)).limit(limit).offset(offset)).map(publicActivity),
    );
  });

  r.get('/v1/:org/client/activities/:id', { config, schema: { params: actParams } }, async (request) => {
    const row = await readerRow(readerOf(request).id);
    const found = await activityOf(request, request.params.id);
    const missing = readRefusal(found);
    const reader = { ...(await gateReaderOf(db, row, found?.id)), id: row.id };
    // Out of scope reads as missing, as the list hides it.
    if (missing || !found || !inScope(found.scope, reader)) throw refused(GATE.missing);
    // A view: one atomic increment, so concurrent views all count.
    const [{ view_count }] = await db.update(activities).set({ view_count: sql`${activities.view_count} + 1` }).where(eq(activities.id, found.id)).returning({ view_count: activities.view_count });
    const [joined] = await db.select().from(activityJoins).where(and(eq(activityJoins.act_id, found.id), eq(activityJoins.reader_id, reader.id), eq(activityJoins.status, 1)));
    const refusal = gateRefusal(found as GateActivity, reader, { now: nowSec(), accessCode: found.access_code, ban: await activeBan(db, reader.id, found.type, 'join') });
    return {
      ...publicActivity({ ...found, view_count }),
      mine: {
        joined: !!joined,
        joined_at: joined?.created_at ?? null,
        // What a join would meet now (the access code aside): null when it may join.
        refusal: joined ? null : refusal && { code: refusal.gate, message: refusal.message },
        places_left: found.person_limit > 0 ? Math.max(0, found.person_limit - found.join_num) : null,
      },
    };
  });

  /**
   * `GET /v1/{org}/activity/{id}/public` (no sign-in, the page `/{org}/alter/viewCount?actID=`):
   * a published activity's public figures.
   */
  r.get('/v1/:org/activity/:id/public', { config: { access: 'publicOrg' }, schema: { params: actParams } }, async (request) => {
    const found = await activityOf(request, request.params.id);
    if (readRefusal(found) || !found) throw refused(GATE.missing);
    return {
      id: found.id,
      title: found.title,
      cover: found.cover,
      type: found.type,
      type_name: ACTIVITY_TYPES[found.type],
      org_name: orgOf(request).name,
      start_at: found.start_at,
      end_at: found.end_at,
      act_state: activityStateOf(found, nowSec()),
      view_count: found.view_count,
      join_num: found.join_num,
    };
  });

  r.post('/v1/:org/client/activities/:id/join', { config, schema: { params: actParams, body: joinBodySchema } }, async (request) => {
    const me = readerOf(request);
    return idempotent(db, request, request.body.request_id, async (tx) => {
      // Inside the transaction everything goes through `tx` (PGlite has one connection).
      const row = await readerRow(me.id, tx);
      const found = await activityOf(request, request.params.id, tx);
      const reader = { ...(await gateReaderOf(tx, row, found?.id)), id: row.id };
      // Joined already: the same answer again, nothing counted twice.
      const [already] = found ? await tx.select().from(activityJoins).where(and(eq(activityJoins.act_id, found.id), eq(activityJoins.reader_id, reader.id))) : [];
      if (already && already.status === 1) return { joined: true, join_id: already.id, join_num: found!.join_num };
      const refusal = gateRefusal(found as GateActivity | undefined, reader, { now: nowSec(), accessCode: request.body.access_code, ban: found ? await activeBan(tx, reader.id, found.type, 'join') : null });
      if (refusal || !found) throw refused(refusal ?? GATE.missing);
      return { joined: true, ...(await joinReader(tx, found, reader, already)) };
    });
  });
}
