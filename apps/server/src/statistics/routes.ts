import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from '../db/sql.js';
import { ACTIVITY_KINDS } from '@huodong/domain';
import type { Db } from '../db/client.js';
import { orgOf } from '../auth/access.js';
import { RememberedReads } from '../db/writeWatch.js';
import { actParams, orgParams } from '../participation/params.js';
import { figuresActivity } from '../figures/index.js';
import { PLATFORM, PLATFORM_QUESTIONS, activityRows, metricFigures, organizationCounts, organizationRows, overview, pieFigures, questionOrganizationRows, questionSeries } from './figures.js';
import { refreshRollups } from './rollups.js';
import { foldBankMoves } from '../questions/bankSums.js';
import { defineSweep } from '../jobs/sweep.js';

/**
 * The statistics routes (issue 26, spec §7 "/v1/count/... organization, activity, creation, like,
 * comment, user, question; by month, type, organisation" and "/v1/{org}/count/..."). Every answer
 * reads the rollups only; the platform's routes are super's, an organisation's see only its own
 * rows (the access hook resolves `{org}` and refuses another organisation's manager).
 */

/** The platform's one-metric pages (staticActivity, staticCreation, staticLike, staticComment, staticUsers): path → metric. */
const METRIC_PATHS = { activity: 'activity', creation: 'work', like: 'like', comment: 'comment', user: 'reader' } as const;

const ALL_TYPES = Object.keys(ACTIVITY_KINDS).map(Number);
/** What the answers read besides the rollups (names, titles). */
const READ_TABLES = ['stat_rollups', 'organizations', 'organization_types', 'activities'];
const REMEMBER_MS = 10_000;

export async function statisticsRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db as Db;
  const platform = { config: { access: 'super' as const } };
  // An answer is remembered while the tables it read are unchanged (the rollups change once a fold),
  // at most REMEMBER_MS: a fold by another instance is seen by then.
  const remembered = new RememberedReads<unknown>(app.database.watch, REMEMBER_MS);
  const kept = <T>(key: string, read: () => Promise<T>) => remembered.get(key, READ_TABLES, read) as Promise<T>;
  const org = { config: { access: 'org' as const } };

  // ---- The platform (statistics/*) ----------------------------------------------------------------
  app.get('/v1/count/organization', platform, () => kept('organization', async () => ({ ...(await organizationCounts(db)), organizations: await organizationRows(db) })));
  app.get('/v1/count/overview', platform, () => kept('overview', async () => ({ ...(await overview(db, PLATFORM)), organizations: await organizationRows(db) })));
  for (const [path, metric] of Object.entries(METRIC_PATHS)) app.get(`/v1/count/${path}`, platform, () => kept(path, () => metricFigures(db, metric)));
  app.get('/v1/count/pie', platform, () => kept('pie', () => pieFigures(db)));
  // The questions series (the bank figures by type and difficulty are questions/routes.ts `/v1/count/question`).
  app.get('/v1/count/question/months', platform, () => kept('questionMonths', async () => ({ ...(await questionSeries(db, PLATFORM_QUESTIONS, true)), organizations: await questionOrganizationRows(db) })));

  // ---- An organisation (adminCount/*) ------------------------------------------------------------
  app.get('/v1/:org/count/activity', { ...org, schema: { params: orgParams } }, async (request) => {
    const o = orgOf(request);
    return kept(`org:${o.id}`, async () => ({ organization: { id: o.id, key: o.key, name: o.name }, ...(await overview(db, sql`org_id = ${o.id}`)), activities: await activityRows(db, o.id) }));
  });
  app.get('/v1/:org/count/activity/:id', { ...org, schema: { params: actParams } }, async (request) => {
    // The activity is read (and its organisation checked) on every request; only its sums are remembered.
    const act = await figuresActivity(db, request, request.params.id, ALL_TYPES);
    const figures = await kept(`act:${act.id}`, () => overview(db, sql`org_id = ${act.org_id} and act_id = ${act.id}`));
    return { activity: { id: act.id, title: act.title, type: act.type }, totals: figures.totals, this_month: figures.this_month, months: figures.months };
  });
  app.get('/v1/:org/count/question/months', { ...org, schema: { params: orgParams } }, async (request) => {
    const o = orgOf(request);
    return kept(`orgQuestions:${o.id}`, async () => ({ organization: { id: o.id, key: o.key, name: o.name }, ...(await questionSeries(db, sql`org_id = ${o.id}`)) }));
  });
  app.get('/v1/:org/count/user', { ...org, schema: { params: orgParams } }, async (request) => {
    const o = orgOf(request);
    const figures = await kept(`orgOverview:${o.id}`, () => overview(db, sql`org_id = ${o.id}`));
    return { organization: { id: o.id, key: o.key, name: o.name }, totals: figures.totals, this_month: figures.this_month, last_month: figures.last_month, months: figures.months };
  });

  // The rollups folded now (the job's pass), for an administrator who wants today's figures at once.
  app.post('/v1/count/refresh', platform, async () => {
    await refreshRollups(db);
    return null;
  });
}

export const ROLLUP_JOB = 'stats.rollup';
/** How often the rollups are folded: the statistics pages are at most this much (and a running transaction) behind the writes. */
export const ROLLUP_SWEEP_SECONDS = 60;

/** The rollups' pass on the job runner, every minute; the banks' sums folded with it (reads fold too, this keeps the moves few). */
export function defineStatisticsJobs(app: FastifyInstance): void {
  defineSweep(app, ROLLUP_JOB, ROLLUP_SWEEP_SECONDS, async () => {
    await refreshRollups(app.database.db as Db);
    await foldBankMoves(app.database.db as Db);
  });
}
