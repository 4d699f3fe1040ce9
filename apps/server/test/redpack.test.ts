/**
 * Red packets (issue 26) through the real WeChat Pay v3 client against the local merchant that
 * speaks its protocol (signatures checked both ways): every receipt text of spec §4 reached by the
 * path that produces it; an unknown outcome queried with the same bill number; a crash between the
 * send and its record found by the query on the retry; the budget under 50 parallel triggers; a
 * batch above ¥1,000 approved by a second administrator only; no credentials, nothing sent;
 * reconciliation against the merchant's bill; another organisation sees none of it.
 */
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REDPACK_APPROVE_OWN, REDPACK_BUDGET_EXCEEDED, REDPACK_DAILY_BUDGET_EXCEEDED, REDPACK_PER_READER_EXCEEDED, REWARD_TEXT, WECHATPAY_NOT_CONFIGURED, chinaDate } from '@huodong/domain';
import { jobs, redpackConfigs, redpackOpenids, redpackPayouts } from '../src/db/schema.js';
import { startLocalMerchant, type LocalMerchant, type Outcome } from '../src/payouts/localMerchant.js';
import { UnknownOutcome, wechatPayGateway } from '../src/payouts/gateway.js';
import { dayStartOf } from '../src/payouts/reconcile.js';
import { MANAGER_PASSWORD, ok, signedInReader, testApp, type TestApp } from './helpers.js';

let merchant: LocalMerchant;
/** The statements of the call under way (its async context's). */
const recording = new AsyncLocalStorage<string[]>();
let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let asker: string;
let second: string;
let outsider: string;
const outcomes = new Map<string, Outcome>();
let seq = 0;

// The client gives up on an answer after 1.5 s: the time-out outcome answers never; a loaded machine still answers the others in time.
beforeAll(async () => {
  merchant = await startLocalMerchant({ timeoutMs: 1_500 });
  merchant.outcomeOf = (openid) => outcomes.get(openid) ?? 'success';
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000, wechatpay: merchant.config }, { onQuery: (q) => void recording.getStore()?.push(q) });
  org = await t.org('rpk');
  other = await t.org('rpko');
  await t.manager(org.id, 'rpk1');
  await t.manager(org.id, 'rpk2');
  await t.manager(other.id, 'rpko1');
  [asker, second, outsider] = await Promise.all([t.login('rpk1', MANAGER_PASSWORD, org.key), t.login('rpk2', MANAGER_PASSWORD, org.key), t.login('rpko1', MANAGER_PASSWORD, other.key)]);
  await ok(t.call('POST', `/v1/organizations/${org.id}/authorize`, { token: t.superToken, body: { module_ids: [], activity_types: [3, 7] } }));
});
afterAll(async () => {
  await t.close();
  await merchant.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** A third-party activity with a red-packet configuration (manual payouts of `amount` fen). */
async function configured(over: Record<string, unknown> = {}): Promise<{ act: number; cfg: number }> {
  const act = await ok(t.call('POST', `/v1/${org.key}/third`, { token: t.superToken, body: { title: `红包${++seq}`, start_at: now() - 86_400, end_at: now() + 86_400, config: { link: 'https://p.example.org/x' } } }));
  const cfg = await ok(t.call('POST', `/v1/amount/${org.key}`, { token: asker, body: { act_id: act.id, mode: 'fixed', amount_fen: 200, trigger: 'manual', budget_fen: 1_000_000, per_user_max: 0, ...over } }));
  return { act: act.id, cfg: cfg.id };
}

/** A reader of the organisation with (unless `bound` is false) an openid under the merchant's appid, answered as `outcome`. */
async function reader(outcome: Outcome = 'success', bound = true): Promise<number> {
  const n = ++seq;
  const r = await ok(t.call('POST', `/v1/${org.key}/readers`, { token: t.superToken, body: { account: `rp${n}`, password: 'Reader#First1', real_name: `读者${n}`, phone: '13900000000' } }));
  if (bound) {
    const openid = `oRP${String(n).padStart(8, '0')}`;
    outcomes.set(openid, outcome);
    await t.db.insert(redpackOpenids).values({ org_id: org.id, reader_id: r.id, appid: merchant.config.appid, openid });
  }
  return r.id;
}

const send = (cfg: number, readerIds: number[], body: Record<string, unknown> = {}, token = asker) => t.call('POST', `/v1/amount/${org.key}/${cfg}/send`, { token, body: { reader_ids: readerIds, ...body } });

/** Run every queued payout look now (the back-off moved to now), until none is due. */
async function runDue(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await t.db.update(jobs).set({ run_at: 0 }).where(sql`kind = 'redpack.pay' and status = 'queued'`);
    await t.app.jobs.idle();
  }
}
const payout = async (id: number) => (await t.db.select().from(redpackPayouts).where(eq(redpackPayouts.id, id)))[0]!;
const receipt = async (id: number) => (await ok(t.call('GET', `/v1/amount/${org.key}/list/${id}`, { token: asker }))) as { status_text: string; out_bill_no: string; reward_status: number };
/** Move a payout's moments back by 25 hours (24 h have passed). */
const dayLater = (id: number) => t.db.execute(sql`update redpack_payouts set created_at = created_at - 90000, sent_at = sent_at - 90000 where id = ${id}`);

describe('red packets: the receipt texts of spec §4, each by its path', () => {
  it('已到账, 发放中, then 已到账 after the reader confirms, 未到账 after 24 h unclaimed, the two failures and 待发放', async () => {
    const { cfg } = await configured();
    const readers = { success: await reader('success'), confirm: await reader('confirm'), processing: await reader('processing'), unclaimed: await reader('unclaimed'), no_auth: await reader('no_auth'), fail: await reader('fail'), unbound: await reader('success', false) };
    const sent = await ok(send(cfg, Object.values(readers)));
    const ids = Object.fromEntries(Object.keys(readers).map((k, i) => [k, sent.payout_ids[i] as number])) as Record<keyof typeof readers, number>;
    for (const id of Object.values(ids)) expect((await receipt(id)).status_text).toBe(REWARD_TEXT.PENDING);
    await t.app.jobs.idle();

    expect((await receipt(ids.success)).status_text).toBe(REWARD_TEXT.RECEIVED);
    expect((await receipt(ids.confirm)).status_text).toBe(REWARD_TEXT.PAYING);
    expect((await receipt(ids.processing)).status_text).toBe(REWARD_TEXT.PAYING);
    expect((await receipt(ids.unclaimed)).status_text).toBe(REWARD_TEXT.PAYING);
    expect((await receipt(ids.no_auth)).status_text).toBe(REWARD_TEXT.NO_AUTH);
    expect((await receipt(ids.fail)).status_text).toBe(REWARD_TEXT.UNKNOWN_FAILURE);
    expect((await receipt(ids.unbound)).status_text).toBe(REWARD_TEXT.PENDING);

    await runDue();
    expect((await receipt(ids.confirm)).status_text).toBe(REWARD_TEXT.RECEIVED);
    expect((await receipt(ids.processing)).status_text).toBe(REWARD_TEXT.RECEIVED);
    expect((await receipt(ids.unclaimed)).status_text).toBe(REWARD_TEXT.PAYING);

    await dayLater(ids.unclaimed);
    await dayLater(ids.unbound);
    await runDue();
    expect((await receipt(ids.unclaimed)).status_text).toBe(REWARD_TEXT.REFUNDED);
    expect(merchant.bills.get((await payout(ids.unclaimed)).out_bill_no)?.state).toBe('CANCELLED');
    expect((await receipt(ids.unbound)).status_text).toBe(REWARD_TEXT.NOT_CLAIMED);

    // What failed, was refunded or never sent holds no budget any more; what was received does.
    const [held] = await t.db.select({ fen: redpackConfigs.reserved_fen }).from(redpackConfigs).where(eq(redpackConfigs.id, cfg));
    expect(held!.fen).toBe(3 * 200);
    // The reader sees the same texts.
    expect(merchant.badSignatures).toBe(0);
  });
});

describe('red packets: never paid twice', () => {
  it('a server error and a time-out are queried with the same bill number until final; one transfer each', async () => {
    const { cfg } = await configured();
    const [a, b] = [await reader('error'), await reader('timeout')];
    const { payout_ids: [pa, pb] } = await ok(send(cfg, [a, b]));
    await t.app.jobs.idle();
    const [ra, rb] = [await payout(pa), await payout(pb)];
    expect((await receipt(pa)).status_text).toBe(REWARD_TEXT.PAYING);
    expect((await receipt(pb)).status_text).toBe(REWARD_TEXT.PAYING);
    await runDue();
    for (const [id, before] of [[pa, ra], [pb, rb]] as const) {
      const after = await payout(id);
      expect(after.out_bill_no).toBe(before.out_bill_no);
      expect(after.generation).toBe(1);
      expect(merchant.posts.get(after.out_bill_no)).toBe(1);
      expect((await receipt(id)).status_text).toBe(REWARD_TEXT.RECEIVED);
    }
  });

  it('a crash between the send and its record: the retry queries the bill number first, finds the transfer and sends nothing', async () => {
    const { cfg } = await configured();
    const r = await reader('success');
    const real = t.app.payments.transfer;
    t.app.payments.transfer = async (x) => {
      await real(x);
      throw new Error('进程在记录前退出');
    };
    try {
      const { payout_ids: [id] } = await ok(send(cfg, [r]));
      await t.app.jobs.idle();
      const p = await payout(id);
      expect(p.attempts).toBe(1);
      expect(p.reward_status).toBe(1); // nothing recorded
      expect(merchant.bills.get(p.out_bill_no)?.state).toBe('SUCCESS'); // but WeChat paid
    } finally {
      t.app.payments.transfer = real;
    }
    const [p] = await t.db.select().from(redpackPayouts).where(eq(redpackPayouts.reader_id, r));
    await t.db.update(jobs).set({ run_at: 0 }).where(sql`kind = 'redpack.pay' and status = 'queued'`);
    await runDue();
    expect((await receipt(p!.id)).status_text).toBe(REWARD_TEXT.RECEIVED);
    expect(merchant.posts.get(p!.out_bill_no)).toBe(1);
  });

  it('a new bill number only after WeChat confirmed the failure (重新发放)', async () => {
    const { cfg } = await configured();
    const r = await reader('fail');
    const { payout_ids: [id] } = await ok(send(cfg, [r]));
    await t.app.jobs.idle();
    const failed = await payout(id);
    expect(failed.reward_status).toBe(3);
    const refusedEarly = await t.call('POST', `/v1/amount/${org.key}/list/${(await ok(send(cfg, [await reader('processing')]))).payout_ids[0]}/resend`, { token: asker });
    expect(refusedEarly.status).toBe(422);
    outcomes.set(failed.openid, 'success');
    merchant.bills.delete('none');
    const again = await ok(t.call('POST', `/v1/amount/${org.key}/list/${id}/resend`, { token: asker }));
    expect(again.out_bill_no).not.toBe(failed.out_bill_no);
    expect(again.status_text).toBe(REWARD_TEXT.PENDING);
  });

  it('the daily budget and the per-reader maximum refuse with their own message; nothing of a refused payout stays', async () => {
    const { cfg } = await configured({ daily_budget_fen: 400, per_user_max: 1 });
    const [a, b, c] = [await reader(), await reader(), await reader()];
    await ok(send(cfg, [a]));
    const twice = await send(cfg, [a]);
    expect(twice.status).toBe(422);
    expect(twice.message).toContain(REDPACK_PER_READER_EXCEEDED);
    await ok(send(cfg, [b]));
    const third = await send(cfg, [c]);
    expect(third.status).toBe(422);
    expect(third.message).toContain(REDPACK_DAILY_BUDGET_EXCEEDED);
    const rows = await t.db.select().from(redpackPayouts).where(eq(redpackPayouts.config_id, cfg));
    expect(rows.map((r) => r.reader_id).sort()).toEqual([a, b].sort());
  });

  it('50 parallel triggers never pass the budget: exactly as many payouts as it holds', async () => {
    const { cfg } = await configured({ budget_fen: 2_000 }); // 10 payouts of 200
    const readers = await Promise.all(Array.from({ length: 50 }, () => reader('success')));
    const answers = await Promise.all(readers.map((r) => send(cfg, [r])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 422).every((a) => a.message.includes(REDPACK_BUDGET_EXCEEDED))).toBe(true);
    const payouts = await t.db.select().from(redpackPayouts).where(eq(redpackPayouts.config_id, cfg));
    expect(payouts).toHaveLength(10);
    expect(payouts.reduce((s, p) => s + p.reserved_fen, 0)).toBe(2_000);
  });
});

describe('red packets: approval, credentials, reconciliation, tenancy', () => {
  it('a batch above ¥1,000 waits; the administrator who asked cannot approve; a second one can, then it is sent', async () => {
    const { cfg } = await configured({ amount_fen: 20_000 });
    const readers = await Promise.all(Array.from({ length: 6 }, () => reader('success'))); // 6 × ¥200 = ¥1,200
    const asked = await ok(send(cfg, readers));
    expect(asked.needs_approval).toBe(true);
    await t.app.jobs.idle();
    for (const id of asked.payout_ids) expect((await receipt(id)).status_text).toBe(REWARD_TEXT.PENDING);
    expect([...merchant.posts.keys()].some((no) => asked.payout_ids.some((id: number) => no.includes(String(id).padStart(12, '0'))))).toBe(false);
    const own = await t.call('POST', `/v1/amount/${org.key}/batches/${asked.batch.id}/approve`, { token: asker });
    expect(own.status).toBe(403);
    expect(own.message).toBe(REDPACK_APPROVE_OWN);
    await ok(t.call('POST', `/v1/amount/${org.key}/batches/${asked.batch.id}/approve`, { token: second }));
    await t.app.jobs.idle();
    for (const id of asked.payout_ids) expect((await receipt(id)).status_text).toBe(REWARD_TEXT.RECEIVED);
    const again = await t.call('POST', `/v1/amount/${org.key}/batches/${asked.batch.id}/approve`, { token: second });
    expect(again.status).toBe(422);
  });

  it('the merchant bill agrees with what was received; a transfer the receipts do not know of is a mismatch', async () => {
    const day = chinaDate(now());
    const first = await ok(t.call('POST', `/v1/amount/${org.key}/reconcile`, { token: asker, body: { day } }));
    expect(first.mismatches).toEqual([]);
    expect(first.matched).toBe(first.checked);
    const { cfg } = await configured();
    const { payout_ids: [id] } = await ok(send(cfg, [await reader('unclaimed')]));
    await t.app.jobs.idle();
    merchant.settle((await payout(id)).out_bill_no, 'SUCCESS'); // confirmed at WeChat, not yet queried by us
    const second = await ok(t.call('POST', `/v1/amount/${org.key}/reconcile`, { token: asker, body: { day } }));
    expect(second.mismatches).toEqual([expect.objectContaining({ id, ours_fen: 0, bill_fen: 200 })]);
    // The daily job compares yesterday's bill, then queues the next day's for 10:00 the day after it.
    // (Past 10:00 China time the start's job for yesterday has run already: the days done are
    // yesterday and, forced here, today; before 10:00 yesterday only.)
    await t.db.update(jobs).set({ run_at: 0 }).where(sql`kind = 'redpack.reconcile' and status = 'queued'`);
    await t.app.jobs.idle();
    const daily = await t.db.select().from(jobs).where(sql`kind = 'redpack.reconcile'`).orderBy(jobs.id);
    const days = (status: string) => daily.filter((j) => j.status === status).map((j) => (j.payload as { day: string }).day);
    expect(days('done')[0]).toBe(chinaDate(now() - 86_400));
    expect(days('done').length).toBeLessThanOrEqual(2);
    const nextDay = chinaDate(dayStartOf(days('done').at(-1)!) + 86_400);
    expect(days('queued')).toEqual([nextDay]);
    expect(Number(daily.at(-1)!.run_at)).toBe((dayStartOf(nextDay) + 86_400 + 10 * 3600) * 1000);
    expect(daily.every((j) => j.status === 'done' || j.status === 'queued')).toBe(true);
    const bad = await t.call('POST', `/v1/amount/${org.key}/reconcile`, { token: asker, body: { day: '2026/1/1' } });
    expect(bad.status).toBe(422);
    expect(bad.message).toContain('对账日期');
  });

  it('the figures and a reader’s amounts count by receipt state; another organisation sees none of it', async () => {
    const count = await ok(t.call('GET', `/v1/amount/${org.key}/count`, { token: asker }));
    expect(count.totals.received).toBeGreaterThan(0);
    expect(count.totals.cost_fen).toBe(count.activities.reduce((s: number, a: { cost_fen: number }) => s + a.cost_fen, 0));
    expect(count.days.at(-1).day).toBe(chinaDate(now()));
    const [p] = await t.db.select().from(redpackPayouts).where(eq(redpackPayouts.org_id, org.id)).limit(1);
    const detail = await ok(t.call('GET', `/v1/amount/${org.key}/user/${p!.reader_id}`, { token: asker }));
    expect(detail.items[0].status_text).toBeTruthy();
    for (const path of [`/v1/amount/${org.key}/count`, `/v1/amount/${org.key}/user/${p!.reader_id}`, `/v1/amount/${org.key}/batches`]) expect((await t.call('GET', path, { token: outsider })).status).toBe(403);
    expect((await t.call('GET', `/v1/amount/${other.key}/user/${p!.reader_id}`, { token: outsider })).status).toBe(404);
    expect((await t.call('POST', `/v1/amount/${other.key}/${p!.config_id}/send`, { token: outsider, body: { reader_ids: [p!.reader_id] } })).status).toBe(404);
    expect((await ok(t.call('GET', `/v1/amount/${other.key}/count`, { token: outsider }))).totals.payouts).toBe(0);
  });
});

describe('an award pays through the kind’s hook', () => {
  it('a passed contest pays its red packet once: a failed attempt nothing, a second pass nothing', async () => {
    const DAY = 86_400;
    const act = (await ok(t.call('POST', `/v1/${org.key}/contest`, { token: t.superToken, body: { title: `红包竞赛${++seq}`, start_at: now() - DAY, end_at: now() + DAY, answer_limit: 5, config: { pass_score: 5 } } }))).id;
    const q = (await ok(t.call('POST', `/v1/${org.key}/contest/${act}/question`, { token: t.superToken, body: { type: 1, stem: '一题', options: ['甲', '乙', '丙', '丁'].map((text, i) => ({ key: 'ABCD'[i], text })), answer: 'B', analysis: '解析' } }))).id;
    await ok(t.call('POST', `/v1/${org.key}/contest/${act}/publish`, { token: t.superToken }));
    await ok(t.call('POST', `/v1/amount/${org.key}`, { token: asker, body: { act_id: act, mode: 'fixed', amount_fen: 888, trigger: 'pass', budget_fen: 10_000 } }));
    const r = await signedInReader(t, org);
    await t.db.insert(redpackOpenids).values({ org_id: org.id, reader_id: r.id, appid: merchant.config.appid, openid: `oPASS${r.id}` });
    const attempt = async (given: string) => {
      const a = await ok(t.call('POST', `/v1/${org.key}/client/activities/${act}/attempts`, { token: r.token, body: { request_id: randomUUID() } }));
      await ok(t.call('PUT', `/v1/${org.key}/client/attempts/${a.id}/answers`, { token: r.token, body: { request_id: randomUUID(), items: [{ question_id: q, answer: given }] } }));
      return (await ok(t.call('POST', `/v1/${org.key}/client/attempts/${a.id}/submit`, { token: r.token, body: { request_id: randomUUID() } }))).passed;
    };
    expect(await attempt('A')).toBe(0);
    expect(await t.db.select().from(redpackPayouts).where(eq(redpackPayouts.reader_id, r.id))).toEqual([]);
    expect(await attempt('B')).toBe(1);
    expect(await attempt('B')).toBe(1);
    const paid = await t.db.select().from(redpackPayouts).where(eq(redpackPayouts.reader_id, r.id));
    expect(paid.map((p) => [p.trigger, p.amount_fen, p.award_key])).toEqual([['pass', 888, `pass:${act}`]]);
    await t.app.jobs.idle();
    expect((await receipt(paid[0]!.id)).status_text).toBe(REWARD_TEXT.RECEIVED);
  });
});

describe('a reader binds WeChat', () => {
  it('the code of WeChat’s authorisation gives the openid; what waited for it is sent; a bad code names the field', async () => {
    const { cfg } = await configured();
    const account = `rpb${++seq}`;
    const r = await ok(t.call('POST', `/v1/${org.key}/readers`, { token: t.superToken, body: { account, password: 'Reader#First1', real_name: '绑定读者', phone: '13900000000' } }));
    const { payout_ids: [id] } = await ok(send(cfg, [r.id]));
    await t.app.jobs.idle();
    expect((await receipt(id)).status_text).toBe(REWARD_TEXT.PENDING);
    const login = await ok(t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password: 'Reader#First1' } }));
    const token = login.access_token as string;
    await ok(t.call('PUT', `/v1/${org.key}/client/me/password`, { token, body: { old_password: 'Reader#First1', password: 'Reader#Pass2' } }));
    const bad = await t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token, body: { request_id: 'bind-bad-1', code: 'forged' } });
    expect(bad.status).toBe(422);
    expect(bad.message).toContain('微信授权失败');
    const body = { request_id: 'bind-ok-1', code: `demoRPB${seq}` };
    expect(await ok(t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token, body }))).toEqual({ bound: true, payouts: 1 });
    expect(await ok(t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token, body }))).toEqual({ bound: true, payouts: 1 });
    await t.app.jobs.idle();
    expect((await receipt(id)).status_text).toBe(REWARD_TEXT.RECEIVED);
    expect((await payout(id)).openid).toBe(`oRPB${seq}`);
    const mine = await ok(t.call('GET', `/v1/${org.key}/client/redpack`, { token }));
    expect(mine).toEqual([expect.objectContaining({ id, status_text: REWARD_TEXT.RECEIVED, amount_fen: 200 })]);
  });
});

describe('a reader binds WeChat while WeChat is slow', () => {
  it('the code is exchanged before the transaction: the database stays free meanwhile; a replay answers without asking WeChat again', async () => {
    const account = `rps${++seq}`;
    await ok(t.call('POST', `/v1/${org.key}/readers`, { token: t.superToken, body: { account, password: 'Reader#First1', real_name: '慢速读者', phone: '13900000000' } }));
    const login = await ok(t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password: 'Reader#First1' } }));
    const token = login.access_token as string;
    await ok(t.call('PUT', `/v1/${org.key}/client/me/password`, { token, body: { old_password: 'Reader#First1', password: 'Reader#Pass2' } }));
    let release!: () => void;
    merchant.oauthHold = new Promise<void>((r) => (release = r));
    const calls = merchant.oauthCalls;
    const body = { request_id: `bind-slow-${seq}`, code: `demoSLOW${seq}` };
    const binding = t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token, body });
    try {
      for (let i = 0; merchant.oauthCalls === calls; i++) {
        if (i > 500) throw new Error(`WeChat was not asked: ${JSON.stringify(await binding)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      // WeChat has the code and has not answered: no transaction of the bind is open, so a write
      // of the whole database (one transaction on PGlite's single connection) goes through now.
      const written = await t.db.transaction(async (tx) => tx.update(redpackConfigs).set({ remark: '慢速微信' }).where(eq(redpackConfigs.id, -1)).returning());
      expect(written).toEqual([]);
      expect(await t.db.select().from(redpackOpenids).where(eq(redpackOpenids.openid, `oSLOW${seq}`))).toEqual([]);
    } finally {
      merchant.oauthHold = undefined;
      release();
    }
    expect(await ok(binding)).toEqual({ bound: true, payouts: 0 });
    // WeChat's code is good once: the replay is answered from the kept answer, WeChat is not asked again.
    expect(await ok(t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token, body }))).toEqual({ bound: true, payouts: 0 });
    expect(merchant.oauthCalls).toBe(calls + 1);
    // Another request with the used code is refused by WeChat, naming the field.
    const again = await t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token, body: { ...body, request_id: `bind-slow-b${seq}` } });
    expect(again.status).toBe(422);
    expect(again.message).toContain('code been used');
    expect((await t.db.select().from(redpackOpenids).where(eq(redpackOpenids.openid, `oSLOW${seq}`))).length).toBe(1);
  });
});

describe('a reader binds WeChat while WeChat does not answer', () => {
  it('answers 503 naming WeChat after the client’s time-out, binding nothing; a new code binds', async () => {
    const reader = await signedInReader(t, org);
    let release!: () => void;
    merchant.oauthHold = new Promise<void>((r) => (release = r));
    try {
      const silent = await t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token: reader.token, body: { request_id: `bind-mute-${++seq}`, code: `demoMUTE${seq}` } });
      expect([silent.status, silent.message]).toEqual([503, expect.stringContaining('微信无应答')]);
    } finally {
      merchant.oauthHold = undefined;
      release();
    }
    expect(await t.db.select().from(redpackOpenids).where(eq(redpackOpenids.openid, `oMUTE${seq}`))).toEqual([]);
    expect(await ok(t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token: reader.token, body: { request_id: `bind-mute-b${seq}`, code: `demoMUTE2${seq}` } }))).toEqual({ bound: true, payouts: 0 });
  });
});

describe('a reader binds WeChat with nothing waiting', () => {
  it('is the token with the kept answer looked for, then one statement: the binding and the kept answer (a payout waiting takes the long way, above)', async () => {
    const reader = await signedInReader(t, org);
    // The organisation's read remembered afresh (it is remembered 10 s; the tests above may take longer on a busy
    // machine) by another reader's call, so that this reader's token is still one the hook has not resolved.
    const other = await signedInReader(t, org);
    await ok(t.call('GET', `/v1/${org.key}/client/me`, { token: other.token }));
    const body = { request_id: `bind-one-${++seq}`, code: `demoONE${seq}` };
    const sent: string[] = [];
    const answer = await recording.run(sent, () => ok(t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token: reader.token, body })));
    expect(answer).toEqual({ bound: true, payouts: 0 });
    expect(sent, sent.join('\n---\n')).toHaveLength(2);
    expect(sent[0]).toMatch(/"tokens".*"reader_requests"/s);
    expect(sent[1]).toMatch(/insert into "redpack_openids"/);
    // A bad token and another organisation's reader: refused as the access hook refuses, WeChat not asked.
    const calls = merchant.oauthCalls;
    const bad = await t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token: 'not-a-token', body: { request_id: `bind-x-${seq}`, code: `demoX${seq}` } });
    expect([bad.status, bad.message]).toEqual([401, '登录已失效，请重新登录']);
    const elsewhere = await signedInReader(t, await t.org(`rpo${seq}`));
    expect((await t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token: elsewhere.token, body: { request_id: `bind-y-${seq}`, code: `demoY${seq}` } })).status).toBe(403);
    expect(merchant.oauthCalls).toBe(calls);
    expect(await t.db.select().from(redpackOpenids).where(eq(redpackOpenids.openid, `oONE${seq}`))).toHaveLength(1);
    // A replay: the kept answer, WeChat not asked again.
    expect(await ok(t.call('POST', `/v1/${org.key}/client/redpack/openid`, { token: reader.token, body }))).toEqual({ bound: true, payouts: 0 });
  });
});

describe('the WeChat Pay client', () => {
  it('refuses an answer not signed by the platform key, and a request signed with another merchant key is refused by WeChat', async () => {
    const other = await startLocalMerchant();
    try {
      const forged = wechatPayGateway({ ...merchant.config, platformKey: other.config.platformKey });
      await expect(forged.query('HDRP000000000001G1')).rejects.toBeInstanceOf(UnknownOutcome);
      const before = merchant.badSignatures;
      const wrongKey = wechatPayGateway({ ...merchant.config, privateKey: other.config.privateKey });
      await expect(wrongKey.query('HDRP000000000001G1')).rejects.toMatchObject({ code: 'SIGN_ERROR' });
      expect(merchant.badSignatures).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('without merchant credentials nothing is sent: the payout stays 待发放 and says why', async () => {
    const bare = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
    try {
      const o = await bare.org('rpkn');
      await ok(bare.call('POST', `/v1/organizations/${o.id}/authorize`, { token: bare.superToken, body: { module_ids: [], activity_types: [7] } }));
      const merchantState = await ok(bare.call('GET', `/v1/amount/${o.key}/merchant`, { token: bare.superToken }));
      expect(merchantState).toMatchObject({ configured: false, message: WECHATPAY_NOT_CONFIGURED });
      const act = await ok(bare.call('POST', `/v1/${o.key}/third`, { token: bare.superToken, body: { title: '无商户', start_at: now() - 86_400, end_at: now() + 86_400, config: { link: 'https://p.example.org/x' } } }));
      const cfg = await ok(bare.call('POST', `/v1/amount/${o.key}`, { token: bare.superToken, body: { act_id: act.id, mode: 'fixed', amount_fen: 200, trigger: 'manual', budget_fen: 10_000 } }));
      const r = await ok(bare.call('POST', `/v1/${o.key}/readers`, { token: bare.superToken, body: { account: 'rpn1', password: 'Reader#First1', real_name: '读者', phone: '13900000000' } }));
      const { payout_ids: [id] } = await ok(bare.call('POST', `/v1/amount/${o.key}/${cfg.id}/send`, { token: bare.superToken, body: { reader_ids: [r.id] } }));
      await bare.app.jobs.idle();
      const row = await ok(bare.call('GET', `/v1/amount/${o.key}/list/${id}`, { token: bare.superToken }));
      expect(row).toMatchObject({ status_text: REWARD_TEXT.PENDING, err_msg: WECHATPAY_NOT_CONFIGURED.slice(0, 200) });
    } finally {
      await bare.close();
    }
  });
});
