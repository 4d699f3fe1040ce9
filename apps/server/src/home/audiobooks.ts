import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, countDistinct, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { audioLabels, AUDIOBOOK_KIND, chinaDate, DAY_SECONDS, listenBody, round2 } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { audiobookListens as L, digitalResources, organizations, readers } from '../db/schema.js';
import { orgOf, readerOf } from '../auth/access.js';
import { notFound } from '../http/errors.js';
import { noGapDays } from '../figures/index.js';
import { idempotent } from '../participation/idempotency.js';
import { nowSec } from '../participation/clock.js';
import { actParams, orgParams } from '../participation/params.js';

/**
 * Audiobooks (issue 25): digital resources of kind 有声书. A reader's player posts listen beats
 * (`POST /v1/{org}/client/audiobooks/{id}/listen`), each idempotent by `request_id` and summed into
 * one row per reader, title and China day in one upsert; the organisation's figures
 * (`GET /v1/{org}/audiobook/count`, page adminAudiobookCount) are read from those rows.
 */
export const AUDIOBOOK_MISSING = '有声书不存在';

/** The organisation's shown audiobook of the path, or 404. */
async function audiobookOf(tx: Db | Tx, orgId: number, id: number) {
  const [book] = await tx
    .select({ id: digitalResources.id, title: digitalResources.title, author: digitalResources.author })
    .from(digitalResources)
    .where(and(eq(digitalResources.id, id), eq(digitalResources.org_id, orgId), eq(digitalResources.kind, AUDIOBOOK_KIND), eq(digitalResources.is_pause, 0)));
  if (!book) throw notFound(AUDIOBOOK_MISSING);
  return book;
}

const hours = (seconds: number) => round2(seconds / 3600);

/** The figures' filter: listens on China days from `from` to `to` (Unix seconds of any moment of those days). */
const countQuery = z.object({
  from: z.coerce.number({ error: '开始日期必须是数字' }).int('开始日期必须是整数').min(0, '开始日期不正确').optional(),
  to: z.coerce.number({ error: '结束日期必须是数字' }).int('结束日期必须是整数').min(0, '结束日期不正确').optional(),
});

/** `GET /v1/{org}/audiobook/count`: totals, per day (no gaps), the top titles and per unit. */
async function audiobookCount(db: Db, orgId: number, q: z.infer<typeof countQuery>) {
  const where: SQL | undefined = and(eq(L.org_id, orgId), q.from !== undefined ? gte(L.day, chinaDate(q.from)) : undefined, q.to !== undefined ? lte(L.day, chinaDate(q.to)) : undefined);
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
  const units = await db
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
    units: units.map(({ seconds, ...u }) => ({ ...u, unit_name: u.unit_name ?? '', hours: hours(Number(seconds)) })),
  };
}

export function audiobookRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  r.get('/v1/:org/audiobook/count', { config: { access: 'org' }, schema: { params: orgParams, querystring: countQuery } }, (request) => audiobookCount(db, orgOf(request).id, request.query));

  r.post('/v1/:org/client/audiobooks/:id/listen', { config: { access: 'reader' }, schema: { params: actParams, body: listenBody } }, (request) =>
    idempotent(db, request, request.body.request_id, async (tx) => {
      const orgId = orgOf(request).id;
      const book = await audiobookOf(tx, orgId, request.params.id);
      const now = nowSec();
      const play = request.body.play ? 1 : 0;
      const [row] = await tx
        .insert(L)
        .values({ org_id: orgId, resource_id: book.id, reader_id: readerOf(request).id, day: chinaDate(now), plays: play, seconds: request.body.seconds, created_at: now, updated_at: now })
        .onConflictDoUpdate({
          target: [L.resource_id, L.reader_id, L.day],
          set: { plays: sql`${L.plays} + ${play}`, seconds: sql`least(${L.seconds} + ${request.body.seconds}, ${DAY_SECONDS})`, updated_at: now },
        })
        .returning({ day: L.day, plays: L.plays, seconds: L.seconds });
      return { resource_id: book.id, ...audioLabels(book.title, book.author), day: row.day, plays: row.plays, seconds: row.seconds };
    }),
  );
}
