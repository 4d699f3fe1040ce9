/**
 * The points ledger (issue 24): one event pays once however often and however concurrently it is
 * triggered; a rule's daily and per-activity caps and the organisation's daily cap hold under 50
 * parallel triggers; a spend never takes the balance below 0; a refusal leaves the caller's
 * transaction standing; the account and the activity's leaderboard follow the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orgSettings, pointAccounts, pointActTotals, pointTxns, readers as readerRows } from '../src/db/schema.js';
import { POINTS_CONFIG_KEY, pointsAccountOf, postPoints, rememberedPointsConfig, reversePoints, type PointsTrigger } from '../src/points/ledger.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let seq = 0;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('ledger');
});
afterAll(() => t.close());

async function reader(): Promise<number> {
  const [r] = await t.db.insert(readerRows).values({ org_id: org.id, account: `pl${++seq}`, password_hash: 'x', real_name: '读者', phone: '13900000000', source: 'register' }).returning({ id: readerRows.id });
  return r!.id;
}
/** Each trigger in its own transaction, all at once. */
const post = (tr: Omit<PointsTrigger, 'orgId'>) => t.db.transaction((tx) => postPoints(tx, { orgId: org.id, ...tr }));
const ledgerSum = async (readerId: number) =>
  Number((await t.db.select({ s: sql<number>`coalesce(sum(${pointTxns.delta}), 0)` }).from(pointTxns).where(and(eq(pointTxns.reader_id, readerId), eq(pointTxns.status, 1))))[0]!.s);

describe('points ledger', () => {
  it('50 parallel triggers of one event post once', async () => {
    const r = await reader();
    const res = await Promise.all(Array.from({ length: 50 }, () => post({ readerId: r, rule: 'work_approved', source: { type: 'work', id: 7 } })));
    expect(res.filter((x) => x.status === 'posted')).toHaveLength(1);
    expect(res.filter((x) => x.status === 'duplicate')).toHaveLength(49);
    expect(await pointsAccountOf(t.db, org.id, r)).toMatchObject({ balance: 10, earned: 10 });
    expect(await ledgerSum(r)).toBe(10);
  });

  it("a rule's daily cap holds under 50 parallel distinct triggers, and duplicates do not use it up", async () => {
    const r = await reader();
    // 50 duplicates of one vote first: they must not count against the cap of 3 votes a day.
    await Promise.all(Array.from({ length: 50 }, () => post({ readerId: r, rule: 'vote', source: { type: 'vote', id: 1 } })));
    const res = await Promise.all(Array.from({ length: 50 }, (_, i) => post({ readerId: r, rule: 'vote', source: { type: 'vote', id: 100 + i } })));
    expect(res.filter((x) => x.status === 'posted')).toHaveLength(2);
    expect(res.filter((x) => x.status === 'capped')).toHaveLength(48);
    expect(await ledgerSum(r)).toBe(3);
    expect((await pointsAccountOf(t.db, org.id, r)).balance).toBe(3);
  });

  it("the organisation's daily cap holds across rules, and the per-activity cap per activity", async () => {
    const r = await reader();
    const res = await Promise.all(Array.from({ length: 50 }, (_, i) => post({ readerId: r, rule: 'work_awarded', source: { type: 'work', id: 1000 + i } })));
    // 50 points each against 200 a day: 4 pass.
    expect(res.filter((x) => x.status === 'posted')).toHaveLength(4);
    expect((await pointsAccountOf(t.db, org.id, r)).balance).toBe(200);
    const other = await reader();
    const joins = await Promise.all(Array.from({ length: 20 }, (_, i) => post({ readerId: other, rule: 'join_activity', actId: 500 + (i % 2), source: { type: 'join', id: i } })));
    expect(joins.filter((x) => x.status === 'posted')).toHaveLength(2);
  });

  it('a spend never takes the balance below 0, even in parallel', async () => {
    const r = await reader();
    expect((await post({ readerId: r, rule: 'makeup_cost', points: -5, source: { type: 'mark', id: 1 } })).status).toBe('insufficient');
    await post({ readerId: r, rule: 'work_approved', source: { type: 'work', id: 1 } });
    const spends = await Promise.all(Array.from({ length: 10 }, (_, i) => post({ readerId: r, rule: 'makeup_cost', points: -3, source: { type: 'mark', id: 10 + i } })));
    expect(spends.filter((x) => x.status === 'posted')).toHaveLength(3);
    expect(await pointsAccountOf(t.db, org.id, r)).toMatchObject({ balance: 1, earned: 10, spent: 9 });
    expect(await ledgerSum(r)).toBe(1);
  });

  it("a refusal leaves the caller's transaction standing; a failure of the caller leaves no points", async () => {
    const r = await reader();
    await t.db.transaction(async (tx) => {
      await tx.update(readerRows).set({ real_name: '留下' }).where(eq(readerRows.id, r));
      expect((await postPoints(tx, { orgId: org.id, readerId: r, rule: 'makeup_cost', points: -1, source: { type: 'mark', id: 1 } })).status).toBe('insufficient');
    });
    expect((await t.db.select({ n: readerRows.real_name }).from(readerRows).where(eq(readerRows.id, r)))[0]!.n).toBe('留下');
    await expect(
      t.db.transaction(async (tx) => {
        expect((await postPoints(tx, { orgId: org.id, readerId: r, rule: 'work_approved', source: { type: 'work', id: 2 } })).status).toBe('posted');
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await pointsAccountOf(t.db, org.id, r)).toMatchObject({ balance: 0 });
    expect(await ledgerSum(r)).toBe(0);
  });

  it('postings in one transaction: one refused between two that stand undoes only itself (its savepoint, not released)', async () => {
    const r = await reader();
    const statuses = await t.db.transaction(async (tx) => {
      const first = await postPoints(tx, { orgId: org.id, readerId: r, rule: 'vote', source: { type: 'vote', id: 1 } });
      // A spend past the balance: refused, the rollback to the newest savepoint of the name, this posting's.
      const refused = await postPoints(tx, { orgId: org.id, readerId: r, rule: 'makeup_cost', points: -100, source: { type: 'mark', id: 1 } });
      const third = await postPoints(tx, { orgId: org.id, readerId: r, rule: 'vote', source: { type: 'vote', id: 2 } });
      // Three votes a day (the rule's cap): the fourth is refused by its counter, the third's count kept.
      const capped = [await postPoints(tx, { orgId: org.id, readerId: r, rule: 'vote', source: { type: 'vote', id: 3 } }), await postPoints(tx, { orgId: org.id, readerId: r, rule: 'vote', source: { type: 'vote', id: 4 } })];
      return [first, refused, third, ...capped].map((x) => x.status);
    });
    expect(statuses).toEqual(['posted', 'insufficient', 'posted', 'posted', 'capped']);
    expect(await ledgerSum(r)).toBe(3);
    expect(await pointsAccountOf(t.db, org.id, r)).toMatchObject({ balance: 3, earned: 3, spent: 0 });
    expect(await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, r))).toHaveLength(3);
  });

  it("a rule the organisation turned off pays nothing; its own points and caps apply; the activity's leaderboard adds up", async () => {
    await t.db.insert(orgSettings).values({
      org_id: org.id,
      key: POINTS_CONFIG_KEY,
      value: {
        daily_cap: 0,
        approval_threshold: 500,
        expiry: { mode: 'rolling', months: 12 },
        rules: {
          vote: { points: 1, cap_per_day: 3, cap_per_activity: 0, once_per_account: false, enabled: false, valid_from: null, valid_to: null },
          comment_approved: { points: 7, cap_per_day: 0, cap_per_activity: 0, once_per_account: true, enabled: true, valid_from: null, valid_to: null },
        },
      },
    });
    const r = await reader();
    expect((await post({ readerId: r, rule: 'vote', source: { type: 'vote', id: 1 } })).status).toBe('disabled');
    const once = await Promise.all(Array.from({ length: 5 }, (_, i) => post({ readerId: r, rule: 'comment_approved', actId: 9, source: { type: 'comment', id: i } })));
    expect(once.filter((x) => x.status === 'posted')).toHaveLength(1);
    await post({ readerId: r, rule: 'scan_code', points: 30, actId: 9, source: { type: 'code', id: 'A' } });
    const [total] = await t.db.select().from(pointActTotals).where(and(eq(pointActTotals.act_id, 9), eq(pointActTotals.reader_id, r)));
    expect(total!.points).toBe(37);
    const [row] = await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, r), eq(pointTxns.rule_key, 'scan_code')));
    expect(row!.expires_at).toBeGreaterThan(row!.created_at + 365 * 86_400);
    const [acc] = await t.db.select().from(pointAccounts).where(eq(pointAccounts.reader_id, r));
    expect(acc!.balance).toBe(37);
  });

  it("a reversal takes an event's points back once, from the account and the activity's leaderboard, never below 0", async () => {
    const r = await reader();
    await post({ readerId: r, rule: 'work_awarded', actId: 77, source: { type: 'work', id: 1 } });
    const back = () => t.db.transaction((tx) => reversePoints(tx, { orgId: org.id, readerId: r, key: 'work_awarded:work:1', reason: '取消资格' }));
    const res = await Promise.all(Array.from({ length: 10 }, back));
    expect(res.filter((x) => x.status === 'posted')).toHaveLength(1);
    expect(await ledgerSum(r)).toBe(0);
    expect((await t.db.select().from(pointActTotals).where(and(eq(pointActTotals.act_id, 77), eq(pointActTotals.reader_id, r))))[0]!.points).toBe(0);
    // An event that paid nothing has nothing to give back.
    expect((await back()).status).toBe('duplicate');
    expect((await t.db.transaction((tx) => reversePoints(tx, { orgId: org.id, readerId: r, key: 'work_awarded:work:2' }))).status).toBe('disabled');
    // Points spent meanwhile: the reversal takes what is left.
    await post({ readerId: r, rule: 'work_awarded', source: { type: 'work', id: 3 } });
    await post({ readerId: r, rule: 'makeup_cost', points: -45, source: { type: 'mark', id: 1 } });
    const partly = await t.db.transaction((tx) => reversePoints(tx, { orgId: org.id, readerId: r, key: 'work_awarded:work:3' }));
    expect(partly).toMatchObject({ status: 'posted', delta: -5, balance: 0 });
  });

  it('the remembered configuration follows a change of the settings', async () => {
    const other = await t.org('ledger2');
    expect((await rememberedPointsConfig(t.app.database, other.id)).rules.vote.points).toBe(1);
    await t.db.insert(orgSettings).values({
      org_id: other.id,
      key: POINTS_CONFIG_KEY,
      value: { daily_cap: 0, approval_threshold: 500, expiry: { mode: 'none', months: 12 }, rules: { vote: { points: 4, cap_per_day: 0, cap_per_activity: 0, once_per_account: false, enabled: true, valid_from: null, valid_to: null } } },
    });
    expect((await rememberedPointsConfig(t.app.database, other.id)).rules.vote.points).toBe(4);
  });
});
