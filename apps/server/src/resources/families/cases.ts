import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  CASE_COUNTERS,
  CASE_NOT_FOUND,
  CASE_PDF_MISSING,
  CASE_PDF_NOT_PDF,
  caseCountBody,
  caseSourceQuery,
  chinaDate,
  idParam,
  orgCasesResource,
  pageQuerySchema,
  platformCasesResource,
  type CaseCounter,
  type CaseDetail,
  type CaseSource,
  type ResourceDef,
} from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { files, organizations, readingCaseHits, readingCaseShards, readingCases } from '../../db/schema.js';
import { shardedCount } from '../../db/shardedCount.js';
import { defineSweep } from '../../jobs/sweep.js';
import { HttpError, notFound, validationError } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { ORG_PAUSED, callerOf, orgOf } from '../../auth/access.js';
import { nowSec } from '../../participation/clock.js';
import { FILES_ROUTE_PREFIX, keyOfUrl } from '../../storage/files.js';
import { bind, type ReadContext, type ResourceContext, type Row } from '../binding.js';

/**
 * Reading cases (spec §2, §3, §4, §7): the platform's (`org_id` null) and each organisation's in
 * one table. What is their own: the document must be a stored PDF, the detail the pdfDetail pages
 * read, the view and download counters (once per reader or address per China day, one
 * statement), and the login-free calls of the readPromotion pages (enabled cases only).
 */

/** The document must be a file stored through an upload whose bytes were a PDF. */
async function assertPdf(values: Record<string, unknown>, ctx: ResourceContext): Promise<Record<string, unknown>> {
  if (typeof values.address !== 'string') return values;
  const refuse = (message: string) => validationError([{ field: 'address', message }]);
  const key = keyOfUrl(values.address);
  if (!key) throw refuse(CASE_PDF_NOT_PDF);
  const [file] = await ctx.tx.select({ ext: files.ext }).from(files).where(eq(files.key, key));
  if (!file) throw refuse(CASE_PDF_MISSING);
  if (file.ext !== 'pdf') throw refuse(CASE_PDF_NOT_PDF);
  return values;
}

/**
 * The views and downloads of a case: its row's columns plus its 16 shards (db/shardedCount.ts,
 * issue 25), so that the visitors of one case do not wait for each other on its row.
 */
const CASE_SHARDS = 16;
const caseCounts = Object.fromEntries(
  (['views', 'download'] as const).map((column) => [
    column,
    shardedCount({
      owner: { table: readingCases, id: readingCases.id, count: readingCases[column] },
      shards: { table: readingCaseShards, owner: readingCaseShards.case_id, shard: readingCaseShards.shard, n: readingCaseShards[column] },
    }),
  ]),
) as Record<'views' | 'download', ReturnType<typeof shardedCount>>;

/** Case rows (of the resource's lists and reads) with their whole counts. */
async function withCaseCounts(db: Db, rows: Row[]): Promise<Row[]> {
  return caseCounts.download.withTotals(db, await caseCounts.views.withTotals(db, rows, 'views'), 'download');
}

export const CASE_FOLD_JOB = 'readingCases.countFold';

/** Fold every case's shards into its row, keeping the sums (answers how many counters of cases changed). */
export async function foldCaseCounts(db: Db): Promise<number> {
  return (await caseCounts.views.fold(db)) + (await caseCounts.download.fold(db));
}

/** The cases' shards folded into their rows every two minutes on the app's runner. */
export const defineCaseFoldJob = (app: FastifyInstance): void => defineSweep(app, CASE_FOLD_JOB, 120, () => foldCaseCounts(app.database.db));

/**
 * Cases as the pdfDetail pages show them (`where` narrows `reading_cases`): each row with its
 * organisation's name and its document's size, in one statement.
 */
function detailsWhere(db: Db, where: SQL) {
  const c = readingCases;
  return db
    .select({
      id: c.id,
      title: c.title,
      cover: c.cover,
      category: c.category,
      origination: c.origination,
      awardSituation: c.awardSituation,
      certificate: c.certificate,
      address: c.address,
      profile: c.profile,
      views: caseCounts.views.totalColumn(),
      download: caseCounts.download.totalColumn(),
      is_rec: c.is_rec,
      is_pause: c.is_pause,
      created_at: c.created_at,
      org_name: sql<string>`coalesce(${organizations.name}, '')`,
      pdf_size: sql<number>`coalesce(${files.size}, 0)::int`,
    })
    .from(c)
    .leftJoin(organizations, eq(organizations.id, c.org_id))
    // The stored address is `/v1/files/{key}` (fileField refuses anything else but a link).
    .leftJoin(files, eq(files.key, sql`substr(${c.address}, ${FILES_ROUTE_PREFIX.length + 1})`))
    .where(where);
}

/** The one case `where` finds (the caller's scope), or `missing`. */
async function detailOf(db: Db, where: SQL, missing: () => Error): Promise<CaseDetail> {
  const [row] = await detailsWhere(db, where);
  if (!row) throw missing();
  return row;
}

const KIND_OF: Record<CaseCounter, number> = { view: 1, download: 2 };

/**
 * Count a view or download by `who` on today's China day of the case `where` finds (the caller's
 * scope: 404 when it finds none), in one statement: the hit is inserted unless `who` already has
 * one today, and a shard of the counter (not the case's row) moves only when it was. Parallel
 * visits of one reader therefore count once, every first visit exactly once, and visitors of one
 * case commit side by side (issue 25). The counts answered are the case's as this statement saw
 * them plus its own hit.
 */
export async function countCase(db: Db, where: SQL, type: CaseCounter, who: string, missing: () => Error): Promise<{ views: number; download: number; counted: boolean }> {
  const counter = caseCounts[CASE_COUNTERS[type]];
  const day = chinaDate(nowSec());
  const result = await db.execute(sql`
    with found as (
      select id, views, download from ${readingCases} where ${where}
    ), hit as (
      insert into ${readingCaseHits} (case_id, kind, day, who) select id, ${KIND_OF[type]}, ${day}, ${who.slice(0, 80)} from found
      on conflict do nothing returning case_id
    ), moved as (
      ${counter.add(sql`select case_id, floor(random() * ${CASE_SHARDS})::smallint, 1 from hit`, sql`case_id`)}
    )
    select f.views + ${caseCounts.views.shardSum(sql`f.id`)} as views, f.download + ${caseCounts.download.shardSum(sql`f.id`)} as download,
      (select count(*) from moved)::int as counted
    from found f`);
  const [r] = rowsOf<{ views: number; download: number; counted: number }>(result);
  if (!r) throw missing();
  const counted = Number(r.counted) > 0;
  const moved = (column: 'views' | 'download') => Number(r[column]) + (counted && CASE_COUNTERS[type] === column ? 1 : 0);
  return { views: moved('views'), download: moved('download'), counted };
}

/** The administrator's identity for the counters (a back-office visit counts like a reader's). */
const callerKey = (request: FastifyRequest) => {
  const caller = callerOf(request);
  return `${caller.kind === 'super' ? 's' : 'm'}:${caller.id}`;
};

/** `detail`, `view` and `download` of a declaration's cases, on its path, for its administrators. */
function adminRoutes(def: ResourceDef) {
  return (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const base = def.path.replace('{org}', ':org');
    const params = def.scope === 'org' ? z.object({ org: z.string(), id: idParam }) : z.object({ id: idParam });
    const config = { access: def.scope === 'org' ? ('org' as const) : ('super' as const) };
    const service = () => app.resources.get(def.name)!;
    const theCase = (request: FastifyRequest) => and(eq(readingCases.id, (request.params as { id: number }).id), service().scopeWhere(request))!;
    r.get(`${base}/:id/detail`, { config, schema: { params } }, async (request) => detailOf(app.database.db, theCase(request), notFound));
    for (const type of Object.keys(CASE_COUNTERS) as CaseCounter[]) {
      r.post(`${base}/:id/${type}`, { config, schema: { params } }, async (request) =>
        countCase(app.database.db, theCase(request), type, callerKey(request), notFound),
      );
    }
  };
}

/** The enabled cases a public page of the path's organisation may show: its own, or the platform's. */
function publicWhere(request: FastifyRequest, source: CaseSource): SQL {
  const org = orgOf(request);
  if (org.is_pause) throw new HttpError(403, ORG_PAUSED);
  return and(
    source === 'platform' ? isNull(readingCases.org_id) : eq(readingCases.org_id, org.id),
    eq(readingCases.is_pause, 0),
    eq(readingCases.is_delete, 0),
  )!;
}

/**
 * The login-free calls of the readPromotion pages (spec §2, §7 the organisation's case list,
 * detail and add/count): enabled cases only, counted by the reader's address.
 */
async function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const config = { access: 'publicOrg' as const };
  const org = z.object({ org: z.string() });
  const shown = (request: FastifyRequest, id: number, source: CaseSource) => and(eq(readingCases.id, id), publicWhere(request, source))!;
  const missing = () => notFound(CASE_NOT_FOUND);

  r.get('/v1/:org/readingCase/list', { config, schema: { params: org, querystring: pageQuerySchema.merge(caseSourceQuery) } }, async (request) => {
    const where = publicWhere(request, request.query.source);
    return pagedList(
      request.query,
      request.url,
      async () => Number((await db.select({ n: count() }).from(readingCases).where(where))[0].n),
      async (limit, offset) => detailsWhere(db, where).orderBy(desc(readingCases.is_rec), desc(readingCases.created_at), desc(readingCases.id)).limit(limit).offset(offset),
    );
  });
  r.get('/v1/:org/readingCase/detail/:id', { config, schema: { params: org.extend({ id: idParam }), querystring: caseSourceQuery } }, async (request) =>
    detailOf(db, shown(request, request.params.id, request.query.source), missing),
  );
  r.post('/v1/:org/readingCase/add/count', { config, schema: { params: org, body: caseCountBody } }, async (request) => {
    const { id, type, source } = request.body;
    return countCase(db, shown(request, id, source), type, `a:${request.ip}`, missing);
  });
}

const shared = {
  table: readingCases,
  softDelete: 'is_delete',
  prepare: assertPdf,
  present: (rows: Row[], ctx: ReadContext) => withCaseCounts(ctx.request.server.database.db, rows),
} as const;

export const platformCasesBinding = bind({
  ...shared,
  def: platformCasesResource,
  narrow: isNull(readingCases.org_id),
  hidden: ['org_id', 'is_delete'],
  routes: adminRoutes(platformCasesResource),
});

export const orgCasesBinding = bind({
  ...shared,
  def: orgCasesResource,
  hidden: ['is_delete'],
  async routes(app) {
    await adminRoutes(orgCasesResource)(app);
    await publicRoutes(app);
  },
});
