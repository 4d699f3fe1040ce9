import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { albumSourceOf, audioLabels, AUDIOBOOK_KIND, HOME_ALBUM_ITEMS, HOME_MODULE, READING_SHOW_MAX, SHOW_ITEM } from '@huodong/domain';
import type { Database, Db } from '../db/client.js';
import { activities, activityGroupItems, carousel, digitalGroupResources, digitalResources, homeModules, readingShow } from '../db/schema.js';
import { RememberedReads } from '../db/writeWatch.js';
import { orgOf } from '../auth/access.js';
import { albumsOf } from '../resources/families/home.js';
import { orgParams } from '../participation/params.js';
import { rulesOf } from './rules.js';

/**
 * The reader's home in one call (`GET /v1/{org}/client/home`, issue 25): the carousel, the modules
 * in order with their style and albums (each with its first items), the reading show and the rules
 * text. Remembered per organisation (db/writeWatch.ts) until a table it reads is written in this
 * process — an administrator's change to any of them is seen by the next call — and at most
 * REMEMBER_MS for another process's writes.
 */
const REMEMBER_MS = 30_000;
const HOME_TABLES = [
  'carousel',
  'home_modules',
  'reading_show',
  'org_settings',
  'activities',
  'activity_groups',
  'activity_group_items',
  'digital_groups',
  'digital_group_resources',
  'digital_resources',
] as const;

/** What a reader may open of an activity: published, not deleted, not paused. */
const shownActivity = and(eq(activities.is_delete, 0), eq(activities.is_tmp, 0), eq(activities.is_pause, 0));
const activityCard = { id: activities.id, type: activities.type, title: activities.title, cover: activities.cover, start_at: activities.start_at, end_at: activities.end_at };

/** An activity group's first shown activities, in the group's order. */
async function activityItems(db: Db, orgId: number, groupId: number) {
  return db
    .select(activityCard)
    .from(activityGroupItems)
    .innerJoin(activities, eq(activities.id, activityGroupItems.act_id))
    .where(and(eq(activityGroupItems.org_id, orgId), eq(activityGroupItems.group_id, groupId), shownActivity))
    .orderBy(asc(activityGroupItems.sort), asc(activityGroupItems.id))
    .limit(HOME_ALBUM_ITEMS);
}

/** A digital group's first shown resources (audiobooks only for an audiobook module); an audio with its player labels (spec §9). */
async function digitalItems(db: Db, orgId: number, groupId: number, audiobooksOnly: boolean) {
  const rows = await db
    .select({ id: digitalResources.id, kind: digitalResources.kind, title: digitalResources.title, cover: digitalResources.cover, author: digitalResources.author, link: digitalResources.link, file: digitalResources.file })
    .from(digitalGroupResources)
    .innerJoin(digitalResources, eq(digitalResources.id, digitalGroupResources.resource_id))
    .where(and(eq(digitalGroupResources.org_id, orgId), eq(digitalGroupResources.group_id, groupId), eq(digitalResources.is_pause, 0), audiobooksOnly ? eq(digitalResources.kind, AUDIOBOOK_KIND) : undefined))
    .orderBy(asc(digitalGroupResources.sort), asc(digitalGroupResources.id))
    .limit(HOME_ALBUM_ITEMS);
  return rows.map((r) => (r.kind === AUDIOBOOK_KIND ? { ...r, audio: audioLabels(r.title, r.author) } : r));
}

async function readHome(db: Db, orgId: number) {
  const slides = await db
    .select({ id: carousel.id, image: carousel.image, title: carousel.title, link: carousel.link })
    .from(carousel)
    .where(and(eq(carousel.org_id, orgId), eq(carousel.is_pause, 0)))
    .orderBy(asc(carousel.sort), asc(carousel.id));
  const moduleRows = await db
    .select({ id: homeModules.id, title: homeModules.title, kind: homeModules.kind, style: homeModules.style, albums: homeModules.albums })
    .from(homeModules)
    .where(and(eq(homeModules.org_id, orgId), eq(homeModules.is_pause, 0)))
    .orderBy(asc(homeModules.sort), asc(homeModules.id));
  const modules = [];
  for (const m of moduleRows) {
    const source = albumSourceOf(m.kind);
    const { albums: ids, ...rest } = m;
    if (!source) {
      modules.push(rest);
      continue;
    }
    const albums = [];
    for (const a of (await albumsOf(db, orgId, source, ids)).filter((x) => x.is_pause === 0)) {
      const items = source === 'activityGroups' ? await activityItems(db, orgId, a.id) : await digitalItems(db, orgId, a.id, m.kind === HOME_MODULE.audiobooks);
      albums.push({ id: a.id, name: a.name, cover: a.cover, items });
    }
    modules.push({ ...rest, albums });
  }
  const show = await db
    .select({ ...activityCard, kind: readingShow.kind })
    .from(readingShow)
    .innerJoin(activities, and(eq(activities.id, readingShow.item_id), eq(activities.org_id, readingShow.org_id)))
    .where(and(eq(readingShow.org_id, orgId), eq(readingShow.kind, SHOW_ITEM.activity), shownActivity))
    .orderBy(asc(readingShow.sort), asc(readingShow.id))
    .limit(READING_SHOW_MAX);
  const rules = await rulesOf(db, orgId);
  return { carousel: slides, modules, reading_show: show, rules: rules.content };
}
export type ReaderHome = Awaited<ReturnType<typeof readHome>>;

const remembered = new WeakMap<Database, RememberedReads<ReaderHome>>();
export function rememberedHome(database: Database, orgId: number): Promise<ReaderHome> {
  let r = remembered.get(database);
  if (!r) {
    r = new RememberedReads<ReaderHome>(database.watch, REMEMBER_MS, 5_000);
    remembered.set(database, r);
  }
  return r.get(String(orgId), HOME_TABLES, () => readHome(database.db, orgId));
}

export function clientHomeRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/:org/client/home', { config: { access: 'reader' }, schema: { params: orgParams } }, (request) => rememberedHome(app.database, orgOf(request).id));
}
