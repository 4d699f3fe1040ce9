import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  chinaDateTime,
  idParam,
  idText,
  manualPointsBody,
  pageQuerySchema,
  POINT_RULES,
  POINT_TXN_STATUS,
  POINT_TXN_STATUS_LABELS,
  pointsConfigSchema,
  pointsDecisionBody,
  pointsReverseBody,
  POINTS_ADMIN_MESSAGES,
  type PointAccountRow,
  type PointTxnRow,
} from '@huodong/domain';
import type { Db } from '../db/client.js';
import { managers, orgSettings, pointAccounts, pointTxns, readers, supers } from '../db/schema.js';
import { callerOf, orgOf, readerOf } from '../auth/access.js';
import { notFound, validationError } from '../http/errors.js';
import { countLimitOf, listData, pageOf, pagedList } from '../http/pagination.js';
import { keywordWhere } from '../resources/keyword.js';
import { audit } from '../resources/audit.js';
import { attachment, XLSX_TYPE, xlsxStream, type Cell } from '../exports/xlsxStream.js';
import { nowSec } from '../participation/clock.js';
import { POINTS_CONFIG_KEY, pointsAccountOf, pointsConfigFor, postPoints } from './ledger.js';
import { askerOf, decidePending, reverseTxn, sweepPointsExpiry } from './admin.js';

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

/** Who asked for an adjustment, by name (a manager of the organisation or a super administrator). */
const askerName = sql<string>`coalesce(
  (select ${managers.real_name} from ${managers} where ${pointTxns.source_type} = 'manager' and ${managers.id} = ${pointTxns.operator_id}),
  (select ${supers.real_name} from ${supers} where ${pointTxns.source_type} = 'super' and ${supers.id} = ${pointTxns.operator_id}), '')`;

const accountColumns = {
  reader_id: pointAccounts.reader_id,
  account: readers.account,
  real_name: readers.real_name,
  balance: pointAccounts.balance,
  earned: pointAccounts.earned,
  spent: pointAccounts.spent,
  expired: pointAccounts.expired,
  updated_at: pointAccounts.updated_at,
};
const accountsWhere = (orgId: number, keyword: string | undefined): SQL | undefined =>
  and(eq(pointAccounts.org_id, orgId), keywordWhere([readers.account, readers.real_name], keyword));

export const POINTS_EXPORT_TITLE = '积分列表';
export const POINTS_EXPORT_HEADERS = ['读者账号', '姓名', '积分余额', '累计获得', '累计消耗', '累计过期', '最近变动'];
export const POINTS_EXPIRY_JOB = 'points.expiry';
export const POINTS_EXPIRY_SWEEP_SECONDS = 3600;

/**
 * The points ledger's calls (issue 24, spec §7; docs/decisions.md "Points administration paths"):
 * rules (`GET /v1/{org}/config`, `POST /v1/{org}/config/save`), manual adjustments
 * (`POST /v1/{org}/set_integral`), their second administrator (`GET /v1/{org}/check/integral`,
 * `GET/POST /v1/{org}/check/{id}/integral`), the readers' accounts and ledgers
 * (`/v1/{org}/integral/userIntegral`, `/v1/{org}/integral/scoreList`, a row reversed at
 * `…/scoreList/{id}/reverse`), the export (`/v1/{org}/export/userIntegral`; the spec's export integral is the scan log of a type-16 activity), and the reader's own
 * (`/v1/{org}/client/get_integral`, `/client/score`, `/client/total/score`).
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

  const checkQuery = pageQuerySchema.extend({ status: z.enum(['0', '1', '3', 'all'], { error: '审核状态只能是待审核、已通过、已驳回或全部' }).optional() });
  r.get('/v1/:org/check/integral', { config, schema: { params, querystring: checkQuery } }, async (request) => {
    const org = orgOf(request);
    const status = request.query.status ?? '0';
    const where = and(
      eq(pointTxns.org_id, org.id),
      eq(pointTxns.rule_key, 'manual'),
      // Only adjustments that went through the queue: pending, or decided from pending (an asker's source, no reversal).
      sql`${pointTxns.source_type} in ('manager', 'super')`,
      status === 'all' ? undefined : eq(pointTxns.status, Number(status)),
      keywordWhere([readers.account, readers.real_name], request.query.keyword),
    );
    const page = pageOf(request.query);
    const [n, rows] = await Promise.all([
      db.select({ n: sql<number>`count(*)::int` }).from(pointTxns).innerJoin(readers, eq(readers.id, pointTxns.reader_id)).where(where),
      db
        .select({ ...txnColumns, account: readers.account, real_name: readers.real_name, asker: askerName })
        .from(pointTxns)
        .innerJoin(readers, eq(readers.id, pointTxns.reader_id))
        .where(where)
        .orderBy(desc(pointTxns.id))
        .limit(page.perPage)
        .offset(page.offset),
    ]);
    return { ...listData(rows.map(withName), Number(n[0]?.n ?? 0), page, request.url), threshold: (await pointsConfigFor(db, org.id)).approval_threshold };
  });

  r.get('/v1/:org/check/:id/integral', { config, schema: { params: idParams } }, async (request) => {
    const org = orgOf(request);
    const [row] = await db
      .select({ ...txnColumns, account: readers.account, real_name: readers.real_name, asker: askerName, source_type: pointTxns.source_type, source_id: pointTxns.source_id })
      .from(pointTxns)
      .innerJoin(readers, eq(readers.id, pointTxns.reader_id))
      .where(and(eq(pointTxns.id, request.params.id), eq(pointTxns.org_id, org.id), eq(pointTxns.rule_key, 'manual')));
    if (!row) throw notFound('积分调整不存在');
    const caller = callerOf(request);
    const { source_type, source_id, ...txn } = row;
    return {
      txn: { ...withName(txn), status_label: POINT_TXN_STATUS_LABELS[txn.status] },
      account: await pointsAccountOf(db, org.id, row.reader_id),
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

  // ---- Accounts, ledgers, reversals, export ---------------------------------------------------------
  r.get('/v1/:org/integral/userIntegral', { config, schema: { params, querystring: pageQuerySchema } }, async (request) => {
    const where = accountsWhere(orgOf(request).id, request.query.keyword);
    const page = pageOf(request.query);
    return pagedList(
      request.query,
      request.url,
      async () => {
        const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(pointAccounts).innerJoin(readers, eq(readers.id, pointAccounts.reader_id)).where(where).limit(countLimitOf(page)).as('c'));
        return Number(c?.n ?? 0);
      },
      (limit, offset) =>
        db
          .select(accountColumns)
          .from(pointAccounts)
          .innerJoin(readers, eq(readers.id, pointAccounts.reader_id))
          .where(where)
          .orderBy(desc(pointAccounts.balance), pointAccounts.reader_id)
          .limit(limit)
          .offset(offset) as Promise<PointAccountRow[]>,
    );
  });

  const ledgerPage = (orgId: number, readerId: number, query: z.output<typeof pageQuerySchema>, url: string, own = false) => {
    const where = and(eq(pointTxns.org_id, orgId), eq(pointTxns.reader_id, readerId), own ? eq(pointTxns.status, POINT_TXN_STATUS.posted) : undefined);
    return pagedList<PointTxnRow>(
      query,
      url,
      async () => Number((await db.select({ n: sql<number>`count(*)::int` }).from(pointTxns).where(where))[0]?.n ?? 0),
      async (limit, offset) => (await db.select(txnColumns).from(pointTxns).where(where).orderBy(desc(pointTxns.id)).limit(limit).offset(offset)).map(withName),
    );
  };

  const ledgerQuery = pageQuerySchema.extend({ reader: idText('读者') });
  r.get('/v1/:org/integral/scoreList', { config, schema: { params, querystring: ledgerQuery } }, async (request) => {
    const org = orgOf(request);
    const [reader] = await db.select({ id: readers.id, account: readers.account, real_name: readers.real_name }).from(readers).where(and(eq(readers.id, request.query.reader), eq(readers.org_id, org.id)));
    if (!reader) throw notFound(POINTS_ADMIN_MESSAGES.noReader);
    return { reader, account: await pointsAccountOf(db, org.id, reader.id), ...(await ledgerPage(org.id, reader.id, request.query, request.url)) };
  });

  r.post('/v1/:org/integral/scoreList/:id/reverse', { config, schema: { params: idParams, body: pointsReverseBody } }, async (request) =>
    db.transaction(async (tx) => {
      const res = await reverseTxn(tx, orgOf(request).id, request.params.id, callerOf(request), request.body.reason);
      await audit(tx, request, 'pointsReverse', 'points', [request.params.id]);
      return res;
    }),
  );

  r.get('/v1/:org/export/userIntegral', { config, schema: { params, querystring: pageQuerySchema.pick({ keyword: true, reflesh: true }) } }, async (request, reply) => {
    const org = orgOf(request);
    const where = accountsWhere(org.id, request.query.keyword);
    async function* rows(): AsyncIterable<Cell[][]> {
      let after: { balance: number; reader_id: number } | null = null;
      for (;;) {
        const batch: PointAccountRow[] = await db
          .select(accountColumns)
          .from(pointAccounts)
          .innerJoin(readers, eq(readers.id, pointAccounts.reader_id))
          .where(and(where, after ? sql`(${pointAccounts.balance} < ${after.balance} or (${pointAccounts.balance} = ${after.balance} and ${pointAccounts.reader_id} > ${after.reader_id}))` : undefined))
          .orderBy(desc(pointAccounts.balance), pointAccounts.reader_id)
          .limit(1000);
        if (batch.length === 0) return;
        yield batch.map((a) => [a.account, a.real_name, a.balance, a.earned, a.spent, a.expired, chinaDateTime(a.updated_at)]);
        if (batch.length < 1000) return;
        const last = batch[batch.length - 1]!;
        after = { balance: last.balance, reader_id: last.reader_id };
      }
    }
    return reply
      .header('content-type', XLSX_TYPE)
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`${POINTS_EXPORT_TITLE}_${org.name}.xlsx`))
      .send(xlsxStream(POINTS_EXPORT_TITLE, POINTS_EXPORT_HEADERS, rows()));
  });

  // ---- The reader's own ---------------------------------------------------------------------------
  r.get('/v1/:org/client/get_integral', { config: readerConfig, schema: { params } }, async (request) => pointsAccountOf(db, orgOf(request).id, readerOf(request).id));

  r.get('/v1/:org/client/score', { config: readerConfig, schema: { params, querystring: pageQuerySchema } }, async (request) =>
    ledgerPage(orgOf(request).id, readerOf(request).id, request.query, request.url, true),
  );

  /** The organisation's ranking by balance (top 50, names masked) and the reader's own place. */
  r.get('/v1/:org/client/total/score', { config: readerConfig, schema: { params } }, async (request) => {
    const org = orgOf(request);
    const me = readerOf(request);
    const top = await db
      .select({ reader_id: pointAccounts.reader_id, real_name: readers.real_name, balance: pointAccounts.balance })
      .from(pointAccounts)
      .innerJoin(readers, eq(readers.id, pointAccounts.reader_id))
      .where(and(eq(pointAccounts.org_id, org.id), sql`${pointAccounts.balance} > 0`))
      .orderBy(desc(pointAccounts.balance), pointAccounts.reader_id)
      .limit(50);
    const mine = await pointsAccountOf(db, org.id, me.id);
    const [ahead] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointAccounts)
      .where(and(eq(pointAccounts.org_id, org.id), sql`${pointAccounts.balance} > ${mine.balance}`));
    return {
      items: top.map((t, i) => ({ rank: i + 1, name: maskName(t.real_name), balance: t.balance, me: t.reader_id === me.id })),
      mine: { balance: mine.balance, rank: mine.balance > 0 ? Number(ahead?.n ?? 0) + 1 : null },
    };
  });
}

/** A name in a public ranking: its first character and stars. */
const maskName = (name: string) => (name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '读者');


/** The expiry sweep on the job runner: hourly on the grid (one job per slot, whoever queues it); each run queues the next. */
export function definePointsJobs(app: FastifyInstance): void {
  const queue = (at: number) => {
    const slot = Math.floor(at / 1000 / POINTS_EXPIRY_SWEEP_SECONDS);
    return app.jobs.enqueue(app.database.db, POINTS_EXPIRY_JOB, {}, { key: `${POINTS_EXPIRY_JOB}:${slot}`, runAt: slot * POINTS_EXPIRY_SWEEP_SECONDS * 1000 });
  };
  app.jobs.define(POINTS_EXPIRY_JOB, {
    async run() {
      await sweepPointsExpiry(app.database.db as Db);
      await queue(Date.now() + POINTS_EXPIRY_SWEEP_SECONDS * 1000);
    },
  });
  app.addHook('onReady', async () => {
    await queue(Date.now());
  });
}
