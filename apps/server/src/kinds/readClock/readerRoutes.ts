import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { makeupBodySchema, markBodySchema, markDayOf, pageQuerySchema, type MarkBody } from '@huodong/domain';
import { readClockMarks } from '../../db/schema.js';
import { pagedList } from '../../http/pagination.js';
import { readerOf, settleReader } from '../../auth/access.js';
import { GatePassed, passGate, refuseWhenFull, seenByOne } from '../../participation/gate.js';
import { idempotent, keptFrom } from '../../participation/idempotency.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';
import { chargeMakeup, postMarkPoints } from './points.js';
import { rememberedPointsConfig } from '../../points/ledger.js';
import { markAtOnce } from './markAtOnce.js';
import { checkinStatus, READ_CLOCK_TYPE, settingsOf, shownMark, unlockedSources, writeMark } from './marks.js';

const config = { access: 'reader' as const };
const resourcesQuery = z.object({ all: z.enum(['0', '1'], { error: 'all只能是0或1' }).optional() });

/**
 * The last statement of a mark or make-up (issue 22's shape): the reader's first join (the
 * activity's count, its row then held only to the commit) and the answer kept by its request id,
 * in one statement; a request id kept meanwhile undoes the whole write (`idempotent` then gives the
 * kept answer).
 */
async function finish<T extends object>(tx: Tx, request: FastifyRequest, requestId: string, joinPart: { parts: SQL; outcome: SQL } | null, answer: T): Promise<T> {
  const keep = keptFrom(request, requestId, sql`${JSON.stringify(answer)}::jsonb`, sql`(select 1) one`);
  const [row] = rowsOf<{ join_id?: unknown; join_num?: unknown }>(
    await tx.execute(joinPart ? sql`with ${joinPart.parts}, kept as (${keep}) select ${joinPart.outcome}` : sql`with kept as (${keep}) select 1`),
  );
  refuseWhenFull(row);
  return answer;
}

/**
 * The reader calls of reading check-in (type 8, design §9, issue 24): my status and calendar, the
 * resources of the day, marking today, making up a missed day, my marks. Writes pass the
 * participation gate (blacklist action `submit`) and are idempotent by `request_id`; the day is
 * the server's China day, never the client's.
 */
export async function readClockReaderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  /** `GET /client/activities/{id}/checkin`: today's mark, total days, current and longest streak, make-ups left, completion, the calendar. */
  r.get('/v1/:org/client/activities/:id/checkin', { config, schema: { params: actParams } }, async (request) => {
    const { act } = await seenByOne(db, request, request.params.id, READ_CLOCK_TYPE);
    return { activity: { id: act.id, title: act.title, start_at: act.start_at, end_at: act.end_at }, ...(await checkinStatus(db, act, readerOf(request).id, nowSec())) };
  });

  /** `GET /client/activities/{id}/checkin/resources`: the resources of today (`all=1`: every one unlocked so far). */
  r.get('/v1/:org/client/activities/:id/checkin/resources', { config, schema: { params: actParams, querystring: resourcesQuery } }, async (request) => {
    const { act } = await seenByOne(db, request, request.params.id, READ_CLOCK_TYPE);
    const { c, cal } = settingsOf(act);
    const today = markDayOf(nowSec());
    return { day: today, items: await unlockedSources(db, act, c, cal, today, request.query.all !== '1') };
  });

  /**
   * The check-in activities this instance's marks last passed the gate on, by id (at most 10,000):
   * a mark on one of them whose gate asks nothing of the reader but the blacklist is one statement
   * (markAtOnce: the gate its condition, the row compared column by column).
   */
  const gateActs = new GatePassed();
  /** Today's mark in one statement on a remembered activity (markAtOnce), or null: the long way answers. */
  const markPlain = async (request: FastifyRequest<{ Params: z.infer<typeof actParams>; Body: MarkBody }>) => {
    const known = gateActs.known(request, request.params.id, READ_CLOCK_TYPE);
    if (!known) return null;
    return markAtOnce(db, request, known, await rememberedPointsConfig(app.database, known.org_id), request.body, nowSec());
  };

  /**
   * `POST /client/activities/{id}/marks`: today's mark, once a day (a rejected one frees the day).
   * A replay runs again and is refused by the day's unique key (or, the day freed since, by the kept
   * request's), undoing everything: the kept answer is read only then (`readKeptFirst: false`).
   * On a remembered activity the mark is first tried as one statement (markPlain, the token
   * checked in it: `tokenInWrite`); anything not plain takes this long way.
   */
  r.post('/v1/:org/client/activities/:id/marks', { config: { ...config, tokenInWrite: true }, schema: { params: actParams, body: markBodySchema } }, async (request) =>
    (await markPlain(request)) ??
    // The token the statement checked (or the one left unchecked) resolved as the access hook would, refusals included.
    (await settleReader(request), idempotent(db, request, request.body.request_id, async (tx) => {
      const { act, reader, joinPart, now } = await passGate(tx, request, request.params.id, READ_CLOCK_TYPE, { action: 'submit', join: 'last' });
      gateActs.remember(act);
      const mark = await writeMark(tx, act, reader.id, request.body, now, false);
      const points = await postMarkPoints(tx, act, mark, await rememberedPointsConfig(app.database, act.org_id, tx));
      return finish(tx, request, request.body.request_id, joinPart, { mark: shownMark(mark), points });
    }, { readKeptFirst: false, keptByRun: true })),
  );

  /** `POST /client/activities/{id}/makeups`: a missed day made up (within the days allowed, never before the start or in the future, the count in one statement). */
  r.post('/v1/:org/client/activities/:id/makeups', { config, schema: { params: actParams, body: makeupBodySchema } }, (request) =>
    idempotent(db, request, request.body.request_id, async (tx) => {
      const { act, reader, joinPart, now } = await passGate(tx, request, request.params.id, READ_CLOCK_TYPE, { action: 'submit', join: 'last' });
      const mark = await writeMark(tx, act, reader.id, request.body, now, true);
      const config = await rememberedPointsConfig(app.database, act.org_id, tx);
      const points = [...(await chargeMakeup(tx, act, mark, config)), ...(await postMarkPoints(tx, act, mark, config))];
      return finish(tx, request, request.body.request_id, joinPart, { mark: shownMark(mark), points });
    }, { readKeptFirst: false, keptByRun: true }),
  );

  /** `GET /client/activities/{id}/marks`: my marks, newest day first. */
  r.get('/v1/:org/client/activities/:id/marks', { config, schema: { params: actParams, querystring: pageQuerySchema } }, async (request) => {
    const { act } = await seenByOne(db, request, request.params.id, READ_CLOCK_TYPE);
    const where = and(eq(readClockMarks.act_id, act.id), eq(readClockMarks.reader_id, readerOf(request).id));
    return pagedList(
      request.query,
      request.url,
      async () => (await db.select({ n: count() }).from(readClockMarks).where(where))[0].n,
      async (limit, offset) => (await db.select().from(readClockMarks).where(where).orderBy(desc(readClockMarks.day), desc(readClockMarks.id)).limit(limit).offset(offset)).map(shownMark),
    );
  });
}
