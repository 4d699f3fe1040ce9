import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import {
  ACTIVITY_TYPES,
  activityStateOf,
  filterSchema,
  GATE,
  gatedAt,
  gateRefusal,
  joinBodySchema,
  joinsCapped,
  pageQuerySchema,
  readRefusal,
  type GateActivity,
} from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { activities, activityJoins, readers } from '../db/schema.js';
import { refused } from '../http/errors.js';
import { pagedList } from '../http/pagination.js';
import { orgOf, readerOf, settleReader } from '../auth/access.js';
import { activityStateWhere, taggedWhere } from '../resources/families/activities.js';
import { tagChoices } from '../resources/families/tags.js';
import { scopeWhere, unitChain } from './scope.js';
import { activeBan, GatePassed, gateFacts, joinAtOnce, joinReader, plainGate, seenBy } from './gate.js';
import { rememberedPointsConfig } from '../points/ledger.js';
import { activityWithJoinCount, joinTotals } from './joinCount.js';
import { idempotent } from './idempotency.js';
import { nowSec } from './clock.js';
import { actParams, orgParams } from './params.js';


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
    (await tx.select(activityWithJoinCount).from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id))))[0];

  const listQuery = pageQuerySchema.extend({
    type: filterSchema({ name: 'type', label: '活动类型', kind: 'select', options: Object.entries(ACTIVITY_TYPES).map(([value, label]) => ({ value: Number(value), label })) }),
    act_state: filterSchema({ name: 'act_state', label: '活动状态', kind: 'select', options: [1, 2, 3].map((v) => ({ value: v, label: String(v) })) }),
    tag_id: filterSchema({ name: 'tag_id', label: '标签', kind: 'select', optionsFrom: { path: '/v1/{org}/client/tags' } }),
    /** `mine=1`: the activities the reader has joined (我的活动), whatever the scope says now. */
    mine: filterSchema({ name: 'mine', label: '我的活动', kind: 'select', options: [{ value: 1, label: '1' }] }),
  });

  // The tags the reader's list may be filtered by: the platform's and the organisation's enabled ones.
  r.get('/v1/:org/client/tags', { config, schema: { params: orgParams } }, async (request) => ({ items: await tagChoices(db, orgOf(request).id) }));

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
      q.mine === 1
        ? sql`exists (select 1 from ${activityJoins} where ${activityJoins.act_id} = ${activities.id} and ${activityJoins.reader_id} = ${reader.id} and ${activityJoins.status} = 1)`
        : scopeWhere(reader, units),
      q.type !== undefined ? eq(activities.type, q.type as number) : undefined,
      q.act_state !== undefined ? activityStateWhere(q.act_state as number) : undefined,
      q.tag_id !== undefined ? taggedWhere(q.tag_id as number) : undefined,
    );
    return pagedList(
      q,
      request.url,
      async () => (await db.select({ n: count() }).from(activities).where(where))[0].n,
      async (limit, offset) => {
        const rows = (await db.select(activityWithJoinCount).from(activities).where(where).orderBy(desc(activities.start_at), desc(activities.id)).limit(limit).offset(offset)).map(publicActivity);
        // Each activity's tags by name (those still offered: a paused tag is not shown).
        const names = new Map((await tagChoices(db, org.id)).map((t) => [t.id, t.name]));
        return rows.map((a) => ({ ...a, tags: a.tag_ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])) }));
      },
    );
  });

  r.get('/v1/:org/client/activities/:id', { config, schema: { params: actParams } }, async (request) => {
    const row = await readerRow(readerOf(request).id);
    const { act: found, reader } = await seenBy(db, row, await activityOf(request, request.params.id));
    // A view: one atomic increment, so concurrent views all count.
    const [{ view_count }] = await db.update(activities).set({ view_count: sql`${activities.view_count} + 1` }).where(eq(activities.id, found.id)).returning({ view_count: activities.view_count });
    const [joined] = await db.select().from(activityJoins).where(and(eq(activityJoins.act_id, found.id), eq(activityJoins.reader_id, reader.id), eq(activityJoins.status, 1)));
    // A joined reader meets the activity's standing too (paused, ended, out of its hours): the kind's
    // writes refuse them as they would anyone. A ban on joining no longer concerns them; a ban on the
    // kind's own action is said by the refused write.
    // A kind whose writes come before the start (an offline booking) is not refused for "not started".
    const now = nowSec();
    const refusal = gateRefusal(gatedAt(found, now) as GateActivity, reader, { now, accessCode: found.access_code, ban: joined ? null : await activeBan(db, reader.id, found.type, 'join') });
    return {
      ...publicActivity({ ...found, view_count }),
      mine: {
        joined: !!joined,
        joined_at: joined?.created_at ?? null,
        // What a join (joined: the next write) would meet now, the access code aside: null when it may go on.
        refusal: refusal && { code: refusal.gate, message: refusal.message },
        // A kind whose limit is its seats says them per session (an offline activity's sessions page), not here.
        places_left: found.person_limit > 0 && joinsCapped(found.type) ? Math.max(0, found.person_limit - found.join_num) : null,
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

  /** The activities this instance's joins last passed the gate on: a join on one whose gate is plain is one statement. */
  const gateActs = new GatePassed();

  /**
   * `POST /client/activities/{id}/join`. On a remembered activity whose gate asks nothing of the
   * reader but the blacklist, ONE statement (issue 22): the token checked in it (`tokenInWrite`),
   * the gate its condition, the join, its count, its points and the kept answer (joinAtOnce).
   * Otherwise two: the gate's facts with the answer kept for the request id, then the same
   * statement; anything else (a replay, joined already, a refusal, full, a posting refused) takes
   * the long way below, which answers with its messages.
   */
  r.post('/v1/:org/client/activities/:id/join', { config: { ...config, tokenInWrite: true }, schema: { params: actParams, body: joinBodySchema } }, async (request) => {
    const { request_id, access_code } = request.body;
    const id = request.params.id;
    const known = gateActs.known(request, id);
    const at = nowSec();
    // A join whose one statement was just undone is not tried again: the long way answers.
    const tried = !!known && plainGate(known, at, { accessCode: access_code });
    if (tried) {
      const joined = await joinAtOnce(db, request, request_id, known, await rememberedPointsConfig(app.database, known.org_id), at);
      if (joined) return joined;
    }
    // The token the statement checked (or the one left unchecked) resolved as the access hook would, refusals included.
    await settleReader(request);
    const first = await gateFacts(db, request, id, undefined, { action: 'join', keptRequest: request_id });
    if (first.act) gateActs.remember(first.act);
    if (!tried && !first.kept && first.act && !first.joined && !gateRefusal(first.act as GateActivity, first.gateReader, { now: nowSec(), accessCode: access_code, ban: first.ban })) {
      const joined = await joinAtOnce(db, request, request_id, first.act, await rememberedPointsConfig(app.database, first.act.org_id), nowSec());
      if (joined) return joined;
    }
    return idempotent(db, request, request_id, async (tx) => {
      // Inside the transaction everything goes through `tx` (PGlite has one connection).
      const { act, reader, joined, gateReader, ban } = await gateFacts(tx, request, id, undefined, { action: 'join' });
      // Joined already: the same answer again, nothing counted twice.
      if (act && joined?.status === 1) return { joined: true, join_id: joined.id, join_num: (await joinTotals(tx, [act.id])).get(act.id) ?? 0 };
      const refusal = gateRefusal(act as GateActivity | undefined, gateReader, { now: nowSec(), accessCode: access_code, ban });
      if (refusal || !act) throw refused(refusal ?? GATE.missing);
      return { joined: true, ...(await joinReader(tx, act, reader, joined)) };
    });
  });
}
