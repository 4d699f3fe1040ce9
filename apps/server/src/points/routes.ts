import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { z } from 'zod';
import {
  idParam,
  manualPointsBody,
  pageQuerySchema,
  pointChecksResource,
  POINT_RULES,
  POINT_TXN_STATUS,
  POINT_TXN_STATUS_LABELS,
  pointsConfigSchema,
  pointsDecisionBody,
  pointsReverseBody,
  POINTS_ADMIN_MESSAGES,
  type PointTxnRow,
} from '@huodong/domain';
import type { Db } from '../db/client.js';
import { orgSettings, pointAccounts, pointTxns, readers } from '../db/schema.js';
import { callerOf, orgOf, readerOf } from '../auth/access.js';
import { validationError } from '../http/errors.js';
import { pagedList } from '../http/pagination.js';
import { audit } from '../resources/audit.js';
import { nowSec } from '../participation/clock.js';
import { defineSweep } from '../jobs/sweep.js';
import { POINTS_CONFIG_KEY, pointsAccountOf, pointsConfigFor, postPoints } from './ledger.js';
import { askerOf, decidePending, reverseTxn, sweepPointsExpiry } from './admin.js';
import { foldRankMoves, rankingPlaceOf } from './rank.js';

const ruleName = (key: string) => (POINT_RULES as Record<string, { name: string }>)[key]?.name ?? key;

const txnColumns = {
  id: pointTxns.id,
  reader_id: pointTxns.reader_id,
  delta: pointTxns.delta,
  rule_key: pointTxns.rule_key,
  act_id: pointTxns.act_id,
  status: pointTxns.status,
  reason: pointTxns.reason,
  expires_at: pointTxns.expires_at,
  operator_id: pointTxns.operator_id,
  created_at: pointTxns.created_at,
};
const withName = <T extends { rule_key: string }>(r: T) => ({ ...r, rule_name: ruleName(r.rule_key) });

export const POINTS_EXPIRY_JOB = 'points.expiry';
export const POINTS_EXPIRY_SWEEP_SECONDS = 3600;

/**
 * The points ledger's calls (issue 24, spec §7; docs/decisions.md "Points administration paths"):
 * rules (`GET /v1/{org}/config`, `POST /v1/{org}/config/save`), manual adjustments
 * (`POST /v1/{org}/set_integral`), their second administrator (`GET/POST /v1/{org}/check/{id}/integral`),
 * a ledger row reversed (`/v1/{org}/integral/scoreList/{id}/reverse`), and the reader's own
 * (`/v1/{org}/client/get_integral`, `/client/score`, `/client/total/score`). The lists (accounts,
 * ledger rows, the adjustments' queue) and the accounts' export are declared resources (family.ts).
 */
export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const readerConfig = { access: 'reader' as const };
  const params = z.object({ org: z.string() });
  const idParams = params.extend({ id: idParam });

  // ---- Rules ------------------------------------------------------------------------------------
  r.get('/v1/:org/config', { config, schema: { params } }, (request) => pointsConfigFor(db, orgOf(request).id));
  r.post('/v1/:org/config/save', { config, schema: { params, body: pointsConfigSchema } }, async (request) => {
    const org = orgOf(request);
    await db.transaction(async (tx) => {
      await tx
        .insert(orgSettings)
        .values({ org_id: org.id, key: POINTS_CONFIG_KEY, value: request.body })
        .onConflictDoUpdate({ target: [orgSettings.org_id, orgSettings.key], set: { value: request.body, updated_at: nowSec() } });
      await audit(tx, request, 'config', 'points', []);
    });
    return pointsConfigFor(db, org.id);
  });

  // ---- Manual adjustments and their approval ----------------------------------------------------
  r.post('/v1/:org/set_integral', { config, schema: { params, body: manualPointsBody } }, async (request) => {
    const org = orgOf(request);
    const caller = callerOf(request);
    const body = request.body;
    const [reader] = await db.select({ id: readers.id }).from(readers).where(and(eq(readers.id, body.reader_id), eq(readers.org_id, org.id)));
    if (!reader) throw validationError([{ field: 'reader_id', message: POINTS_ADMIN_MESSAGES.noReader }]);
    const settings = await pointsConfigFor(db, org.id);
    const pending = Math.abs(body.points) > settings.approval_threshold;
    const key = `manual:${caller.kind}:${caller.id}:${body.request_id ?? randomUUID()}`;
    return db.transaction(async (tx) => {
      const res = await postPoints(tx, { orgId: org.id, readerId: reader.id, rule: 'manual', points: body.points, source: askerOf(caller), key, reason: body.reason, operatorId: caller.id, pending });
      if (res.status === 'insufficient') throw validationError([{ field: 'points', message: POINTS_ADMIN_MESSAGES.insufficient }]);
      if (res.status === 'disabled') throw validationError([{ field: 'points', message: '人工调整规则未启用' }]);
      if (res.status === 'duplicate') {
        const [row] = await tx.select(txnColumns).from(pointTxns).where(and(eq(pointTxns.org_id, org.id), eq(pointTxns.reader_id, reader.id), eq(pointTxns.idem_key, key)));
        return { txn: row ? withName(row) : null, pending: row?.status === POINT_TXN_STATUS.pending, duplicate: true };
      }
      if (res.status !== 'posted' && res.status !== 'pending') throw validationError([{ field: 'points', message: '积分调整未能入账' }]);
      await audit(tx, request, pending ? 'pointsAsk' : 'pointsAdjust', 'points', [res.txnId]);
      const [row] = await tx.select(txnColumns).from(pointTxns).where(eq(pointTxns.id, res.txnId));
      return { txn: withName(row!), pending, duplicate: false };
    });
  });

  r.get('/v1/:org/check/:id/integral', { config, schema: { params: idParams } }, async (request) => {
    // The queue's row (another organisation's, or not an adjustment of the queue: 404).
    const row = await app.resources.get(pointChecksResource.name)!.get(request, request.params.id);
    const caller = callerOf(request);
    const { source_type, source_id, idem_key: _key, ...txn } = row;
    return {
      txn: { ...withName(txn as typeof txn & { rule_key: string }), status_label: POINT_TXN_STATUS_LABELS[row.status as number] },
      account: await pointsAccountOf(db, orgOf(request).id, row.reader_id as number),
      own: source_type === caller.kind && Number(source_id) === caller.id,
    };
  });

  r.post('/v1/:org/check/:id/integral', { config, schema: { params: idParams, body: pointsDecisionBody } }, async (request) =>
    db.transaction(async (tx) => {
      const res = await decidePending(tx, orgOf(request).id, request.params.id, callerOf(request), request.body.status, request.body.reason);
      await audit(tx, request, request.body.status === 1 ? 'checkApprove' : 'checkReject', 'points', [res.id]);
      return res;
    }),
  );

  // ---- Reversals, the reader's ledger -------------------------------------------------------------
  const ledgerPage = (orgId: number, readerId: number, query: z.output<typeof pageQuerySchema>, url: string, own = false) => {
    const where = and(eq(pointTxns.org_id, orgId), eq(pointTxns.reader_id, readerId), own ? eq(pointTxns.status, POINT_TXN_STATUS.posted) : undefined);
    return pagedList<PointTxnRow>(
      query,
      url,
      async () => Number((await db.select({ n: sql<number>`count(*)::int` }).from(pointTxns).where(where))[0]?.n ?? 0),
      async (limit, offset) => (await db.select(txnColumns).from(pointTxns).where(where).orderBy(desc(pointTxns.id)).limit(limit).offset(offset)).map(withName),
    );
  };

  r.post('/v1/:org/integral/scoreList/:id/reverse', { config, schema: { params: idParams, body: pointsReverseBody } }, async (request) =>
    db.transaction(async (tx) => {
      const res = await reverseTxn(tx, orgOf(request).id, request.params.id, callerOf(request), request.body.reason);
      await audit(tx, request, 'pointsReverse', 'points', [request.params.id]);
      return res;
    }),
  );

  // ---- The reader's own ---------------------------------------------------------------------------
  r.get('/v1/:org/client/get_integral', { config: readerConfig, schema: { params } }, async (request) => pointsAccountOf(db, orgOf(request).id, readerOf(request).id));

  r.get('/v1/:org/client/score', { config: readerConfig, schema: { params, querystring: pageQuerySchema } }, async (request) =>
    ledgerPage(orgOf(request).id, readerOf(request).id, request.query, request.url, true),
  );

  /** The organisation's ranking by balance (top 50, names masked) and the reader's own place. */
  r.get('/v1/:org/client/total/score', { config: readerConfig, schema: { params } }, async (request) => {
    const org = orgOf(request);
    const me = readerOf(request);
    const [top, mine] = await Promise.all([
      db
        .select({ reader_id: pointAccounts.reader_id, real_name: readers.real_name, balance: pointAccounts.balance })
        .from(pointAccounts)
        .innerJoin(readers, eq(readers.id, pointAccounts.reader_id))
        .where(and(eq(pointAccounts.org_id, org.id), sql`${pointAccounts.balance} > 0`))
        .orderBy(desc(pointAccounts.balance), desc(pointAccounts.reader_id))
        .limit(50),
      rankingPlaceOf(db, org.id, me.id),
    ]);
    return {
      items: top.map((t, i) => ({ rank: i + 1, name: maskName(t.real_name), balance: t.balance, me: t.reader_id === me.id })),
      mine,
    };
  });
}

/** A name in a public ranking: its first character and stars. */
const maskName = (name: string) => (name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '读者');


/** The expiry sweep on the job runner: hourly on the grid. */
export function definePointsJobs(app: FastifyInstance): void {
  // The hourly sweep also folds the ranking's moves of every organisation (those whose places nobody read).
  defineSweep(app, POINTS_EXPIRY_JOB, POINTS_EXPIRY_SWEEP_SECONDS, async () => {
    const swept = await sweepPointsExpiry(app.database.db as Db);
    await foldRankMoves(app.database.db as Db);
    return swept;
  });
}
