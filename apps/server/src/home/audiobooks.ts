import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, countDistinct, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { z } from 'zod';
import { audioLabels, AUDIOBOOK_KIND, chinaDate, DAY_SECONDS, listenBody, round2, type ListenBody } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { audiobookListens as L, digitalResources, organizations, readers } from '../db/schema.js';
import { orgOf, readerIdSql, settleReader } from '../auth/access.js';
import { notFound } from '../http/errors.js';
import { noGapDays, unitsBelow } from '../figures/index.js';
import { atOnce, idempotent, keptFrom } from '../participation/idempotency.js';
import { nowSec } from '../participation/clock.js';
import { actParams, orgParams } from '../participation/params.js';

/**
 * Audiobooks (issue 25): digital resources of kind 有声书. A reader's player posts listen beats
 * (`POST /v1/{org}/client/audiobooks/{id}/listen`), each idempotent by `request_id` and summed into
 * one row per reader, title and China day in one upsert; the organisation's figures
 * (`GET /v1/{org}/audiobook/count`, page adminAudiobookCount) are read from those rows.
 */
export const AUDIOBOOK_MISSING = '有声书不存在';

/** A beat's answer: the reader's day on the title so far. */
interface ListenAnswer {
  resource_id: number;
  day: string;
  plays: number;
  seconds: number;
}

/** 404 unless the path's audiobook is the organisation's and shown. */
async function audiobookOf(tx: Db | Tx, orgId: number, id: number): Promise<void> {
  const [book] = await tx
    .select({ id: digitalResources.id })
    .from(digitalResources)
    .where(and(eq(digitalResources.id, id), eq(digitalResources.org_id, orgId), eq(digitalResources.kind, AUDIOBOOK_KIND), eq(digitalResources.is_pause, 0)));
  if (!book) throw notFound(AUDIOBOOK_MISSING);
}

const hours = (seconds: number) => round2(seconds / 3600);

/** The figures' filter: listens of readers of a unit (and the units below it) on China days from `from` to `to` (Unix seconds of any moment of those days). */
const countQuery = z.object({
  unit_id: z.coerce.number({ error: '单位必须是数字' }).int('单位不正确').positive('单位不正确').optional(),
  from: z.coerce.number({ error: '开始日期必须是数字' }).int('开始日期必须是整数').min(0, '开始日期不正确').optional(),
  to: z.coerce.number({ error: '结束日期必须是数字' }).int('结束日期必须是整数').min(0, '结束日期不正确').optional(),
});

/** `GET /v1/{org}/audiobook/count`: totals, per day (no gaps), the top titles and per unit. */
async function audiobookCount(db: Db, orgId: number, q: z.infer<typeof countQuery>) {
  const units = await unitsBelow(db, orgId, q.unit_id);
  const where: SQL | undefined = and(
    eq(L.org_id, orgId),
    units ? inArray(L.reader_id, db.select({ id: readers.id }).from(readers).where(and(eq(readers.org_id, orgId), inArray(readers.unit_id, units)))) : undefined,
    q.from !== undefined ? gte(L.day, chinaDate(q.from)) : undefined, q.to !== undefined ? lte(L.day, chinaDate(q.to)) : undefined);
  const plays = sql<number>`coalesce(sum(${L.plays}), 0)::integer`;
  const heard = sql<number>`coalesce(sum(${L.seconds}), 0)::bigint`;
  const listeners = countDistinct(L.reader_id);
  const [totals] = await db.select({ plays, seconds: heard, listeners }).from(L).where(where);
  const [{ titles }] = await db
    .select({ titles: sql<number>`count(*)::integer` })
    .from(digitalResources)
    .where(and(eq(digitalResources.org_id, orgId), eq(digitalResources.kind, AUDIOBOOK_KIND)));
  const perDay = await db.select({ day: L.day, plays, listeners }).from(L).where(where).groupBy(L.day).orderBy(L.day);
  const today = chinaDate(nowSec());
  const days = noGapDays(perDay, { plays: 0, listeners: 0 }, q.to === undefined || chinaDate(q.to) >= today);
  const top = await db
    .select({ id: digitalResources.id, title: digitalResources.title, author: digitalResources.author, plays, listeners, seconds: heard })
    .from(L)
    .innerJoin(digitalResources, eq(digitalResources.id, L.resource_id))
    .where(where)
    .groupBy(digitalResources.id)
    .orderBy(desc(plays), desc(heard), digitalResources.id)
    .limit(20);
  const perUnit = await db
    .select({ unit_id: readers.unit_id, unit_name: organizations.name, plays, listeners, seconds: heard })
    .from(L)
    .innerJoin(readers, eq(readers.id, L.reader_id))
    .leftJoin(organizations, eq(organizations.id, readers.unit_id))
    .where(where)
    .groupBy(readers.unit_id, organizations.name)
    .orderBy(desc(plays));
  return {
    totals: { titles, plays: totals.plays, listeners: totals.listeners, hours: hours(Number(totals.seconds)), today_plays: days.find((d) => d.day === today)?.plays ?? 0 },
    days,
    top: top.map(({ seconds, author, ...t }) => ({ ...t, artist: audioLabels(t.title, author).artist, hours: hours(Number(seconds)) })),
    units: perUnit.map(({ seconds, ...u }) => ({ ...u, unit_name: u.unit_name ?? '', hours: hours(Number(seconds)) })),
  };
}

interface Beat {
  orgId: number;
  bookId: number;
  play: number;
  seconds: number;
  now: number;
}

/**
 * A listen beat in one statement: the audiobook (the organisation's, kind 有声书, shown), the
 * reader's row of the title and China day upserted (plays and seconds added, a day at most), and
 * the answer kept by its request id. The reader is the token's, checked in the statement when the
 * access hook left it (tokenInWrite: each player's first beat no longer reads its token first).
 * No row when there is no such audiobook or the token does not hold; a unique violation when the
 * request id is kept already (`atOnce` then answers null).
 */
async function listenAtOnce(db: Db | Tx, request: FastifyRequest, b: Beat): Promise<ListenAnswer | null> {
  const answer = sql`jsonb_build_object('resource_id', book.id, 'day', up.day::text, 'plays', up.plays, 'seconds', up.seconds)`;
  const [row] = rowsOf<{ answer: ListenAnswer }>(
    await db.execute(sql`with book as (
        select id from ${digitalResources} where id = ${b.bookId}::int and org_id = ${b.orgId}::int and kind = ${AUDIOBOOK_KIND}::int and is_pause = 0
      ), who as (
        select ${readerIdSql(request)} as id
      ), up as (
        insert into ${L} (org_id, resource_id, reader_id, day, plays, seconds, created_at, updated_at)
        select ${b.orgId}::int, book.id, who.id, ${chinaDate(b.now)}::date, ${b.play}::int, ${b.seconds}::int, ${b.now}::bigint, ${b.now}::bigint from book, who where who.id is not null
        on conflict (resource_id, reader_id, day) do update
          set plays = ${L}.plays + excluded.plays, seconds = least(${L}.seconds + excluded.seconds, ${DAY_SECONDS}::int), updated_at = excluded.updated_at
        returning resource_id, day, plays, seconds
      ), kept as (${keptFrom(request, (request.body as ListenBody).request_id, answer, sql`book join up on up.resource_id = book.id`)})
      select ${answer} as answer from book join up on up.resource_id = book.id, kept`),
  );
  return row?.answer ?? null;
}

export function audiobookRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  r.get('/v1/:org/audiobook/count', { config: { access: 'org' }, schema: { params: orgParams, querystring: countQuery } }, (request) => audiobookCount(db, orgOf(request).id, request.query));

  r.post('/v1/:org/client/audiobooks/:id/listen', { config: { access: 'reader', tokenInWrite: true }, schema: { params: actParams, body: listenBody } }, async (request) => {
    const beat = { orgId: orgOf(request).id, bookId: request.params.id, play: request.body.play ? 1 : 0, seconds: request.body.seconds, now: nowSec() };
    // One statement; a request id kept already (a replay), no such audiobook or a token that does not hold takes the long way, which answers or refuses.
    const fast = await atOnce(() => listenAtOnce(db, request, beat));
    if (fast) return fast;
    // The token the statement checked resolved as the access hook would, refusals included.
    await settleReader(request);
    return idempotent(db, request, request.body.request_id, async (tx) => {
      await audiobookOf(tx, beat.orgId, beat.bookId);
      return (await listenAtOnce(tx, request, beat))!;
    }, { readKeptFirst: true, keptByRun: true });
  });
}
