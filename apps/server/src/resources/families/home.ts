import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { albumSourceOf, homeModulesResource, plainText, readingShowResource, SHOW_ITEM, sortAlbumsBody, type AlbumSource } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, activityGroups, digitalGroups, homeModules, readingShow } from '../../db/schema.js';
import { orgOf } from '../../auth/access.js';
import { validationError } from '../../http/errors.js';
import { actParams, orgParams } from '../../participation/params.js';
import { bind, type Row } from '../binding.js';

/** The groups a module's albums are picked from (rules/home.ts `albumSourceOf`). */
const ALBUM_TABLES = { activityGroups, digitalGroups } as const;

/** The organisation's groups of a source, by id: `ids` (in that order) or all of them, in their own order. */
export async function albumsOf(db: Db | Tx, orgId: number, source: AlbumSource, ids?: readonly number[]) {
  const t = ALBUM_TABLES[source];
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ id: t.id, name: t.name, cover: t.cover, is_pause: t.is_pause })
    .from(t)
    .where(and(eq(t.org_id, orgId), ids ? inArray(t.id, [...ids]) : undefined))
    .orderBy(asc(t.sort), asc(t.id));
  if (!ids) return rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const NO_ALBUMS = '该模块类型没有专辑';
const ALBUM_MISSING = '专辑不存在';

/**
 * Home modules: the declared CRUD, sort and 样式 (`choose_style`), plus a module's albums:
 * `GET …/indexConfig/{id}/albums_list` (chosen in order, and the candidates: the groups of its
 * kind) and `POST …/indexConfig/{id}/sort_albums {ids}` (the chosen, in order, in one statement).
 */
export const homeModulesBinding = bind({
  def: homeModulesResource,
  table: homeModules,
  // `album_source`: where the module's albums come from (none: the 专辑 button is not offered).
  present: (rows) => rows.map((r) => ({ ...r, album_count: (r.albums as number[]).length, album_source: albumSourceOf(r.kind as number) })),
  rowUpdates: { choose_style: (values) => ({ style: values.style }) },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const service = () => app.resources.get(homeModulesResource.name)!;
    const config = { access: 'org' as const };
    r.get('/v1/:org/indexConfig/:id/albums_list', { config, schema: { params: actParams } }, async (request) => {
      const module = await service().get(request, request.params.id);
      const source = albumSourceOf(module.kind as number);
      const orgId = orgOf(request).id;
      if (!source) return { source: null, chosen: [], candidates: [] };
      return { source, chosen: await albumsOf(db, orgId, source, module.albums as number[]), candidates: await albumsOf(db, orgId, source) };
    });
    r.post('/v1/:org/indexConfig/:id/sort_albums', { config, schema: { params: actParams, body: sortAlbumsBody } }, async (request) =>
      service().setRow(request, 'sort_albums', request.params.id, async (row, { tx, org }) => {
        const source = albumSourceOf(row.kind as number);
        const ids = request.body.ids;
        if (!source) {
          if (ids.length > 0) throw validationError([{ field: 'ids', message: NO_ALBUMS }]);
          return { albums: [] };
        }
        const found = await albumsOf(tx, org!.id, source, ids);
        if (found.length !== ids.length) throw validationError([{ field: 'ids', message: ALBUM_MISSING }]);
        return { albums: ids };
      }),
    );
  },
});

const SHOW_ITEM_MISSING = '活动不存在或未发布';
const CHOOSE_LIST_MAX = 200;

/** The organisation's published activities (not deleted, not drafts) among `ids`, or the latest matching a keyword. */
async function publishedActivities(db: Db | Tx, orgId: number, opts: { ids?: number[]; keyword?: string }) {
  return db
    .select({ id: activities.id, title: activities.title, cover: activities.cover, type: activities.type, start_at: activities.start_at, end_at: activities.end_at })
    .from(activities)
    .where(
      and(
        eq(activities.org_id, orgId),
        eq(activities.is_delete, 0),
        eq(activities.is_tmp, 0),
        opts.ids ? inArray(activities.id, opts.ids) : undefined,
        opts.keyword ? ilike(activities.title, `%${opts.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      ),
    )
    .orderBy(desc(activities.id))
    .limit(opts.ids ? opts.ids.length : CHOOSE_LIST_MAX);
}

/**
 * The reading show: a row names a promotion item; creating one (`POST /v1/yuedu/{org}/choose`)
 * takes a published activity of the organisation. Listed with the item's title and cover;
 * `GET /v1/yuedu/{org}/chooseList?keyword=` answers the activities that may be chosen.
 */
export const readingShowBinding = bind({
  def: readingShowResource,
  table: readingShow,
  async prepare(values, { tx, org, existing }) {
    if (existing) return values;
    const [act] = await publishedActivities(tx, org!.id, { ids: [values.item_id as number] });
    if (!act) throw validationError([{ field: 'item_id', message: SHOW_ITEM_MISSING }]);
    return { ...values, kind: SHOW_ITEM.activity };
  },
  async present(rows, { request }) {
    if (rows.length === 0) return rows;
    const acts = await publishedActivities(request.server.database.db, orgOf(request).id, { ids: rows.filter((r) => r.kind === SHOW_ITEM.activity).map((r) => r.item_id as number) });
    const byId = new Map(acts.map((a) => [a.id, a]));
    return rows.map((r): Row => ({ ...r, title: byId.get(r.item_id as number)?.title ?? '', cover: byId.get(r.item_id as number)?.cover ?? '' }));
  },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const query = z.object({ keyword: plainText('关键词').trim().max(50, '关键词不能超过50个字符').optional() });
    r.get('/v1/yuedu/:org/chooseList', { config: { access: 'org' }, schema: { params: orgParams, querystring: query } }, async (request) => {
      const orgId = orgOf(request).id;
      const chosen = await db.select({ item_id: readingShow.item_id }).from(readingShow).where(and(eq(readingShow.org_id, orgId), eq(readingShow.kind, SHOW_ITEM.activity)));
      const taken = new Set(chosen.map((c) => c.item_id));
      const items = await publishedActivities(db, orgId, { keyword: request.query.keyword });
      return { items: items.map((a) => ({ ...a, kind: SHOW_ITEM.activity, chosen: taken.has(a.id) })) };
    });
  },
});
