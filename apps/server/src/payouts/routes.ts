import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { z } from 'zod';
import {
  chinaDate,
  idParam,
  REDPACK_APPROVAL_FEN,
  REDPACK_APPROVE_OWN,
  REDPACK_BUDGET_EXCEEDED,
  REDPACK_DAILY_BUDGET_EXCEEDED,
  REDPACK_PER_READER_EXCEEDED,
  redpackBindBody,
  redpackCountQuery,
  redpackReconcileBody,
  redpackSendBody,
  REWARD_STATUS,
  rewardStatusText,
} from '@huodong/domain';
import { activities, readers, redpackBatches, redpackConfigs, redpackOpenids, redpackPayouts } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import type { Db } from '../db/client.js';
import { enqueueJob } from '../jobs/runner.js';
import { callerOf, orgOf, readerOf, settleReader } from '../auth/access.js';
import { badRequest, forbidden, HttpError, notFound, validationError } from '../http/errors.js';
import { audit } from '../resources/audit.js';
import { nowSec } from '../participation/clock.js';
import { atOnce, idempotent, keptFrom, readerAndKept } from '../participation/idempotency.js';
import { Refused, UnknownOutcome, unconfiguredGateway, wechatPayGateway, type PaymentGateway } from './gateway.js';
import { lookAtPayout, payoutFor, queuePayout, releasePayout, REDPACK_JOB, REDPACK_JOB_ATTEMPTS, resendPayout, type PayoutRow } from './payouts.js';
import { readerTotals } from './family.js';
import { dayStartOf, reconcileDay } from './reconcile.js';
import { WECHATPAY_NOT_CONFIGURED } from '@huodong/domain';

declare module 'fastify' {
  interface FastifyInstance {
    /** The merchant API red packets are paid through (WeChat Pay v3, or one that refuses: no credentials). */
    payments: PaymentGateway;
  }
}

const RECONCILE_JOB = 'redpack.reconcile';

/** The reconciliation of the China day before `at`'s, at 10:00 of `at`'s day (one job per day: its key). */
function queueReconcile(db: Db, at: number): Promise<number> {
  const today = chinaDate(at);
  const day = chinaDate(dayStartOf(today) - 86_400);
  return enqueueJob(db, RECONCILE_JOB, { day }, { key: `${RECONCILE_JOB}:${day}`, runAt: (dayStartOf(today) + 10 * 3600) * 1000 });
}

const refusalText = { budget: REDPACK_BUDGET_EXCEEDED, daily: REDPACK_DAILY_BUDGET_EXCEEDED, per_reader: REDPACK_PER_READER_EXCEEDED } as const;

/** The gateway, the payout job and, on start with credentials, the payouts that waited for them. */
export function setUpPayouts(app: FastifyInstance): void {
  const gateway = app.config.wechatpay ? wechatPayGateway(app.config.wechatpay) : unconfiguredGateway(WECHATPAY_NOT_CONFIGURED);
  app.decorate('payments', gateway);
  const { db } = app.database;
  const remark = async (p: PayoutRow) => {
    const [c] = await db.select({ remark: redpackConfigs.remark }).from(redpackConfigs).where(eq(redpackConfigs.id, p.config_id));
    return c?.remark || '活动奖励';
  };
  app.jobs.define<{ id: number }>(REDPACK_JOB, { maxAttempts: REDPACK_JOB_ATTEMPTS, run: (job) => lookAtPayout(db, app.payments, job.payload.id, remark) });
  // Every morning (10:00 China time: WeChat's bill of a day is ready after 09:00) yesterday's payouts against the merchant's bill.
  app.jobs.define<{ day: string }>(RECONCILE_JOB, {
    run: async (job) => {
      const found = await reconcileDay(db, app.payments, null, job.payload.day);
      if (found.mismatches.length) app.log.warn({ day: job.payload.day, mismatches: found.mismatches }, 'red packets: the merchant bill disagrees');
      await queueReconcile(db, dayStartOf(job.payload.day) + 2 * 86_400);
    },
  });
  app.addHook('onReady', async () => {
    if (app.payments.notConfigured) return;
    await queueReconcile(db, nowSec());
    // Payouts recorded while no merchant was configured (or whose look was lost): one look each now.
    const waiting = await db.select().from(redpackPayouts).where(and(eq(redpackPayouts.reward_status, REWARD_STATUS.pending), eq(redpackPayouts.attempts, 0), sql`${redpackPayouts.err_msg} <> ''`)).limit(10_000);
    for (const p of waiting) await queuePayout(db, p, 0, ':start');
  });
}

/**
 * The red packets' administration beyond the two declared resources (docs/decisions.md "Red
 * packets"): a manual batch (`/send`), its approval by a second administrator, a failed payout
 * sent again with a new bill number, the figures (`/count`: sent, received, refunded, failed and
 * cost per activity and China day), a reader's amounts, reconciliation against the merchant's
 * bill and the merchant's state; the reader's own receipts.
 */
export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const params = z.object({ org: z.string() });
  const idParams = params.extend({ id: idParam });

  r.get('/v1/amount/:org/merchant', { config, schema: { params } }, async () => ({ configured: !app.payments.notConfigured, message: app.payments.notConfigured ?? '微信支付商户已配置', approval_fen: REDPACK_APPROVAL_FEN }));

  r.post('/v1/amount/:org/:id/send', { config, schema: { params: idParams, body: redpackSendBody } }, async (request) => {
    const org = orgOf(request);
    const caller = callerOf(request);
    const body = request.body;
    const ids = [...new Set(body.reader_ids)];
    const result = await db.transaction(async (tx) => {
      const [c] = await tx.select().from(redpackConfigs).where(and(eq(redpackConfigs.id, request.params.id), eq(redpackConfigs.org_id, org.id)));
      if (!c) throw notFound('红包配置不存在');
      if (c.is_pause) throw badRequest('红包配置已暂停');
      const own = await tx.select({ id: readers.id }).from(readers).where(and(eq(readers.org_id, org.id), inArray(readers.id, ids)));
      if (own.length !== ids.length) throw validationError([{ field: 'reader_ids', message: '读者不存在' }]);
      const amount = body.amount_fen ?? (c.mode === 'fixed' ? c.amount_fen : 0);
      if (!amount) throw validationError([{ field: 'amount_fen', message: '请填写金额' }]);
      const total = amount * ids.length;
      const needsApproval = total > REDPACK_APPROVAL_FEN;
      const [batch] = await tx
        .insert(redpackBatches)
        .values({ org_id: org.id, config_id: c.id, total_fen: total, count: ids.length, status: needsApproval ? 'pending' : 'approved', requested_by: caller.id, reason: body.reason ?? '' })
        .returning();
      const made: PayoutRow[] = [];
      for (const readerId of ids) {
        const res = await payoutFor(tx, { orgId: org.id, actId: c.act_id, readerId, trigger: 'manual', awardKey: `manual:${batch!.id}`, amountFen: amount, batchId: batch!.id });
        if (res.status !== 'made') throw validationError([{ field: 'reader_ids', message: res.status === 'none' || res.status === 'duplicate' ? '发放失败' : refusalText[res.status] }]);
        made.push(res.payout);
      }
      if (!needsApproval) for (const p of made) await queuePayout(tx, p, 0);
      await audit(tx, request, 'redpackSend', 'redpackBatches', [batch!.id]);
      return { batch: batch!, payout_ids: made.map((p) => p.id), needs_approval: needsApproval };
    });
    app.jobs.kickAfter(request);
    return result;
  });

  r.get('/v1/amount/:org/batches', { config, schema: { params } }, async (request) => {
    const org = orgOf(request);
    const caller = callerOf(request);
    const rows = await db.select().from(redpackBatches).where(eq(redpackBatches.org_id, org.id)).orderBy(desc(redpackBatches.id)).limit(200);
    return rows.map((b) => ({ ...b, own: b.requested_by === caller.id }));
  });

  const decide = (approve: boolean) => async (request: { params: { id: number } } & Parameters<typeof orgOf>[0]) => {
    const org = orgOf(request);
    const caller = callerOf(request);
    const out = await db.transaction(async (tx) => {
      const [b] = await tx.select().from(redpackBatches).where(and(eq(redpackBatches.id, request.params.id), eq(redpackBatches.org_id, org.id))).for('update');
      if (!b) throw notFound('发放批次不存在');
      if (b.status !== 'pending') throw badRequest('该批次已审批');
      if (b.requested_by === caller.id) throw forbidden(REDPACK_APPROVE_OWN);
      const [n] = await tx.update(redpackBatches).set({ status: approve ? 'approved' : 'refused', decided_by: caller.id, decided_at: nowSec(), updated_at: nowSec() }).where(eq(redpackBatches.id, b.id)).returning();
      const payouts = await tx.select().from(redpackPayouts).where(eq(redpackPayouts.batch_id, b.id));
      for (const p of payouts) {
        if (approve) await queuePayout(tx, p, 0);
        else {
          await releasePayout(tx, p.id);
          await tx.update(redpackPayouts).set({ reward_status: REWARD_STATUS.failed, return_code: 'REFUSED', err_msg: '审批未通过', updated_at: nowSec() }).where(eq(redpackPayouts.id, p.id));
        }
      }
      await audit(tx, request as never, approve ? 'redpackApprove' : 'redpackRefuse', 'redpackBatches', [b.id]);
      return n;
    });
    app.jobs.kickAfter(request as never);
    return out;
  };
  r.post('/v1/amount/:org/batches/:id/approve', { config, schema: { params: idParams } }, decide(true));
  r.post('/v1/amount/:org/batches/:id/refuse', { config, schema: { params: idParams } }, decide(false));

  r.post('/v1/amount/:org/list/:id/resend', { config, schema: { params: idParams } }, async (request) => {
    const org = orgOf(request);
    const out = await db.transaction(async (tx) => {
      const [p] = await tx.select().from(redpackPayouts).where(and(eq(redpackPayouts.id, request.params.id), eq(redpackPayouts.org_id, org.id))).for('update');
      if (!p) throw notFound('发放记录不存在');
      if (p.reward_status !== REWARD_STATUS.failed || p.return_code === 'REFUSED') throw badRequest('只有微信支付确认失败的发放可以重新发放');
      const n = await resendPayout(tx, p);
      if (n === 'budget') throw badRequest(REDPACK_BUDGET_EXCEEDED);
      await audit(tx, request, 'redpackResend', 'redpackPayouts', [p.id]);
      return { ...n, status_text: rewardStatusText(n) };
    });
    app.jobs.kickAfter(request);
    return out;
  });

  /** The figures (adminRedpackCount): per activity and per China day, counts and fen by receipt state. */
  r.get('/v1/amount/:org/count', { config, schema: { params, querystring: redpackCountQuery } }, async (request) => {
    const org = orgOf(request);
    const from = request.query.from ? dayStartOf(request.query.from) : 0;
    const to = request.query.to ? dayStartOf(request.query.to) + 86_400 : 2 ** 40;
    const measures = sql.raw(`count(*)::int as payouts,
      count(*) filter (where reward_status = 2)::int as sent,
      count(*) filter (where reward_status = 2 and wepay_status = 'RECEIVED')::int as received,
      count(*) filter (where reward_status = 2 and wepay_status = 'REFUND')::int as refunded,
      count(*) filter (where reward_status in (3, 4))::int as failed,
      count(*) filter (where reward_status = 1)::int as pending,
      coalesce(sum(amount_fen) filter (where reward_status = 2 and wepay_status = 'RECEIVED'), 0)::int as cost_fen,
      coalesce(sum(amount_fen) filter (where reward_status = 2 and wepay_status = 'REFUND'), 0)::int as refunded_fen`);
    const where = sql`p.org_id = ${org.id} and p.created_at >= ${from} and p.created_at < ${to}`;
    const [totals, byAct, byDay] = await Promise.all([
      db.execute(sql`select ${measures} from redpack_payouts p where ${where}`),
      db.execute(sql`select p.act_id, a.title, ${measures} from redpack_payouts p join activities a on a.id = p.act_id where ${where} group by p.act_id, a.title order by p.act_id`),
      db.execute(sql`select to_char(to_timestamp(p.created_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, ${measures} from redpack_payouts p where ${where} group by 1 order by 1`),
    ]);
    // The cost in yuan beside its fen for the chart's line (the tables show the fen as yuan).
    return { totals: rowsOf(totals)[0], activities: rowsOf(byAct), days: rowsOf<{ cost_fen: number }>(byDay).map((d) => ({ ...d, cost_yuan: d.cost_fen / 100 })) };
  });

  /** A reader's amounts (user amount detail): the totals and every receipt. */
  r.get('/v1/amount/:org/user/:id', { config, schema: { params: idParams } }, async (request) => {
    const org = orgOf(request);
    const [reader] = await db.select({ id: readers.id, account: readers.account, real_name: readers.real_name }).from(readers).where(and(eq(readers.id, request.params.id), eq(readers.org_id, org.id)));
    if (!reader) throw notFound('读者不存在');
    const [totals] = rowsOf(await db.execute(readerTotals(org.id, reader.id)));
    const items = await db
      .select({ id: redpackPayouts.id, act_id: redpackPayouts.act_id, act_title: activities.title, amount_fen: redpackPayouts.amount_fen, out_bill_no: redpackPayouts.out_bill_no, reward_status: redpackPayouts.reward_status, wepay_status: redpackPayouts.wepay_status, return_code: redpackPayouts.return_code, created_at: redpackPayouts.created_at })
      .from(redpackPayouts)
      .innerJoin(activities, eq(activities.id, redpackPayouts.act_id))
      .where(and(eq(redpackPayouts.org_id, org.id), eq(redpackPayouts.reader_id, reader.id)))
      .orderBy(desc(redpackPayouts.id))
      .limit(500);
    return { reader, totals, items: items.map((i) => ({ ...i, status_text: rewardStatusText(i) })) };
  });

  r.post('/v1/amount/:org/reconcile', { config, schema: { params, body: redpackReconcileBody } }, async (request) => {
    if (app.payments.notConfigured) throw badRequest(app.payments.notConfigured);
    return reconcileDay(db, app.payments, orgOf(request).id, request.body.day);
  });

  /**
   * The reader's WeChat: whether payouts can be made (else why not), the appid whose web
   * authorisation gives the code `openid` takes, and whether the reader has bound it.
   */
  r.get('/v1/:org/client/redpack/wechat', { config: { access: 'reader' as const }, schema: { params } }, async (request) => {
    const reader = readerOf(request);
    const configured = !app.payments.notConfigured;
    const [bound] = configured
      ? await db.select({ id: redpackOpenids.reader_id }).from(redpackOpenids).where(and(eq(redpackOpenids.org_id, orgOf(request).id), eq(redpackOpenids.reader_id, reader.id), eq(redpackOpenids.appid, app.payments.appid)))
      : [];
    return { configured, message: app.payments.notConfigured ?? '', appid: app.payments.appid, bound: bound !== undefined };
  });

  // ---- The reader's own: binding WeChat (the openid payouts go to), receipts ----------------------
  r.post('/v1/:org/client/redpack/openid', { config: { access: 'reader' as const, tokenInWrite: true }, schema: { params, body: redpackBindBody } }, async (request) => {
    const org = orgOf(request);
    // Kept by request_id: WeChat's code is good once, so a retry of the same request must get the
    // first answer, read before WeChat is asked again — with the token, when the access hook left
    // it to the route, in the same statement. The exchange (a network call, up to the client's
    // time-out) runs before any write.
    const first = await readerAndKept<{ bound: boolean; payouts: number }>(db, request, request.body.request_id);
    // The token refused: answered as the access hook would.
    const reader = first.readerId === null ? await settleReader(request) : { id: first.readerId };
    if (app.payments.notConfigured) throw badRequest(app.payments.notConfigured);
    if (first.kept) return first.kept;
    let openid: string;
    try {
      openid = await app.payments.openidOf(request.body.code);
    } catch (err) {
      // WeChat did not answer (or not credibly): nothing was written; the reader may try again with a new code.
      if (err instanceof UnknownOutcome) throw new HttpError(503, err.message);
      if (!(err instanceof Refused)) throw err;
      // The same request alongside may have used the code first: its answer, else the refusal (not
      // kept: nothing was written, and asking again is refused again).
      const other = (await readerAndKept<{ bound: boolean; payouts: number }>(db, request, request.body.request_id)).kept;
      if (other) return other;
      throw validationError([{ field: 'code', message: err.message }]);
    }
    // Nothing waiting for the binding (the common case): the binding and the kept answer in one
    // statement, written only when no payout waits (issue 26's reader write). A payout waiting, or
    // the request id kept alongside (a unique violation undoes the statement): the long way below.
    const oneStatement = await atOnce(async () => {
      const [row] = rowsOf<{ waiting: number; kept: number }>(
        await db.execute(sql`
          with w as (
            select count(*)::int as n from ${redpackPayouts}
            where ${redpackPayouts.org_id} = ${org.id} and ${redpackPayouts.reader_id} = ${reader.id} and ${redpackPayouts.reward_status} = ${REWARD_STATUS.pending} and ${redpackPayouts.attempts} = 0
          ),
          b as (
            insert into ${redpackOpenids} (org_id, reader_id, appid, openid)
            select ${org.id}::int, ${reader.id}::int, ${app.payments.appid}::varchar, ${openid}::varchar from w where w.n = 0
            on conflict (org_id, reader_id, appid) do update set openid = excluded.openid
            returning 1
          ),
          k as (${keptFrom(request, request.body.request_id, sql`jsonb_build_object('bound', true, 'payouts', 0)`, sql`b`)})
          select (select n from w) as waiting, (select count(*) from k)::int as kept`),
      );
      return row && row.kept > 0 ? { bound: true, payouts: 0 } : null;
    });
    if (oneStatement) return oneStatement;
    await settleReader(request);
    const answer = await idempotent(
      db,
      request,
      request.body.request_id,
      async (tx) => {
        await tx.insert(redpackOpenids).values({ org_id: org.id, reader_id: reader.id, appid: app.payments.appid, openid }).onConflictDoUpdate({ target: [redpackOpenids.org_id, redpackOpenids.reader_id, redpackOpenids.appid], set: { openid } });
        // What waited for the binding is sent now.
        const waiting = await tx.select().from(redpackPayouts).where(and(eq(redpackPayouts.org_id, org.id), eq(redpackPayouts.reader_id, reader.id), eq(redpackPayouts.reward_status, REWARD_STATUS.pending), eq(redpackPayouts.attempts, 0)));
        for (const p of waiting) await queuePayout(tx, p, 0, `:bound${Date.now()}`);
        return { bound: true, payouts: waiting.length };
      },
      // Read just above; a replay alongside meets the kept row's key and gets the first answer.
      { readKeptFirst: false },
    );
    app.jobs.kickAfter(request);
    return answer;
  });

  // ---- The reader's own receipts -----------------------------------------------------------------
  r.get('/v1/:org/client/redpack', { config: { access: 'reader' as const }, schema: { params } }, async (request) => {
    const reader = readerOf(request);
    const items = await db
      .select({ id: redpackPayouts.id, act_id: redpackPayouts.act_id, act_title: activities.title, amount_fen: redpackPayouts.amount_fen, reward_status: redpackPayouts.reward_status, wepay_status: redpackPayouts.wepay_status, return_code: redpackPayouts.return_code, created_at: redpackPayouts.created_at })
      .from(redpackPayouts)
      .innerJoin(activities, eq(activities.id, redpackPayouts.act_id))
      .where(and(eq(redpackPayouts.org_id, orgOf(request).id), eq(redpackPayouts.reader_id, reader.id)))
      .orderBy(desc(redpackPayouts.id))
      .limit(200);
    return items.map((i) => ({ ...i, status_text: rewardStatusText(i), created_date: chinaDate(i.created_at) }));
  });
}
