/**
 * The points ledger's administration (issue 24): the rules' round trip with bad input naming the
 * field; manual adjustments (posted at once up to the threshold, above it waiting for a second
 * administrator — the asker refused, two approvers at once post once); a reversing row once;
 * expiry first in, first out (rolling and yearly, a spend in between) on a moved clock, and the
 * caps' day counters cleared; the accounts list, a reader's ledger, the export; the reader's own
 * calls; another organisation sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chinaSeconds } from '@huodong/domain';
import { pointAccounts, pointCounters, pointRankCounts, pointTxns } from '../src/db/schema.js';
import { foldRankMoves, rankingPlaceOf } from '../src/points/rank.js';
import { pointsAccountOf, postPoints, reversePoints } from '../src/points/ledger.js';
import { sweepPointsExpiry } from '../src/points/admin.js';
import { MANAGER_PASSWORD, ok, READER_FIRST_PASSWORD, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let asker: string;
let second: string;
let third: string;
let outsider: string;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('ptadm');
  other = await t.org('ptoth');
  await t.manager(org.id, 'ptadm1');
  await t.manager(org.id, 'ptadm2');
  await t.manager(org.id, 'ptadm3', 'editor');
  await t.manager(other.id, 'ptoth1');
  [asker, second, third, outsider] = await Promise.all([
    t.login('ptadm1', MANAGER_PASSWORD, org.key),
    t.login('ptadm2', MANAGER_PASSWORD, org.key),
    t.login('ptadm3', MANAGER_PASSWORD, org.key),
    t.login('ptoth1', MANAGER_PASSWORD, other.key),
  ]);
});
afterAll(() => t.close());

const adjust = (token: string, body: Record<string, unknown>, o = org) => t.call('POST', `/v1/${o.key}/set_integral`, { token, body });

describe('points rules', () => {
  it('round trip: the defaults, a change saved and read back, bad input naming the field', async () => {
    const first = await ok(t.call('GET', `/v1/${org.key}/config`, { token: asker }));
    expect(first).toMatchObject({ daily_cap: 200, approval_threshold: 500, expiry: { mode: 'none' } });
    expect(first.rules.vote).toMatchObject({ name: '投票', points: 1, cap_per_day: 3, enabled: true });
    const body = { ...first, daily_cap: 300, rules: { ...first.rules, vote: { ...first.rules.vote, points: 2, enabled: false } } };
    const saved = await ok(t.call('POST', `/v1/${org.key}/config/save`, { token: asker, body }));
    expect(saved.daily_cap).toBe(300);
    expect(saved.rules.vote).toMatchObject({ points: 2, enabled: false });
    expect((await ok(t.call('GET', `/v1/${org.key}/config`, { token: second }))).rules.vote.points).toBe(2);

    const bad = await t.call('POST', `/v1/${org.key}/config/save`, { token: asker, body: { ...body, daily_cap: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.message).toContain('每人每日积分上限');
    const badRule = await t.call('POST', `/v1/${org.key}/config/save`, { token: asker, body: { ...body, rules: { vote: { ...first.rules.vote, valid_from: 200, valid_to: 100 } } } });
    expect(badRule.status).toBe(422);
    expect(badRule.message).toContain('失效时间');
    const badExpiry = await t.call('POST', `/v1/${org.key}/config/save`, { token: asker, body: { ...body, expiry: { mode: 'rolling', months: 0 } } });
    expect(badExpiry.status).toBe(422);
    expect(badExpiry.message).toContain('有效月数');
    // Another organisation's administrator reads its own defaults, never this one's.
    expect((await ok(t.call('GET', `/v1/${other.key}/config`, { token: outsider }))).daily_cap).toBe(200);
    expect((await t.call('GET', `/v1/${org.key}/config`, { token: outsider })).status).toBe(403);
  });
});

describe('manual adjustments', () => {
  it('up to the threshold posted at once; a reason is required; a repeated request posts once', async () => {
    const r = await signedInReader(t, org);
    const noReason = await adjust(asker, { reader_id: r.id, points: 50, reason: '' });
    expect(noReason.status).toBe(422);
    expect(noReason.message).toContain('调整原因');
    const res = await ok(adjust(asker, { reader_id: r.id, points: 500, reason: '阅读之星', request_id: 'req-00000001' }));
    expect(res).toMatchObject({ pending: false, txn: { delta: 500, rule_key: 'manual', status: 1 } });
    expect((await ok(adjust(asker, { reader_id: r.id, points: 500, reason: '阅读之星', request_id: 'req-00000001' }))).duplicate).toBe(true);
    expect((await pointsAccountOf(t.db, org.id, r.id)).balance).toBe(500);
    const empty = await signedInReader(t, org);
    const tooMuch = await adjust(asker, { reader_id: empty.id, points: -10, reason: '扣减' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.message).toContain('积分不足');
    // A reader of another organisation is no reader here.
    const foreign = await signedInReader(t, other);
    const cross = await adjust(asker, { reader_id: foreign.id, points: 5, reason: '越权' });
    expect(cross.status).toBe(422);
    expect(cross.message).toContain('读者不存在');
  });

  it('above the threshold waits; the asker cannot approve; two approvers at once post once', async () => {
    const r = await signedInReader(t, org);
    const asked = await ok(adjust(asker, { reader_id: r.id, points: 800, reason: '年度阅读奖励' }));
    expect(asked).toMatchObject({ pending: true, txn: { status: 0 } });
    const id = asked.txn.id as number;
    expect((await pointsAccountOf(t.db, org.id, r.id)).balance).toBe(0);

    const queue = await ok(t.call('GET', `/v1/${org.key}/check/integral?status=0`, { token: second }));
    expect(queue.items.map((x: { id: number }) => x.id)).toContain(id);
    expect(queue.items.find((x: { id: number }) => x.id === id)).toMatchObject({ asker: 'ptadm1', delta: 800 });
    const detail = await ok(t.call('GET', `/v1/${org.key}/check/${id}/integral`, { token: asker }));
    expect(detail).toMatchObject({ own: true, txn: { status_label: '待审核' } });

    const self = await t.call('POST', `/v1/${org.key}/check/${id}/integral`, { token: asker, body: { status: 1 } });
    expect(self.status).toBe(403);
    expect(self.message).toContain('不能审核自己提交的积分调整');
    // Another organisation cannot see or decide it.
    expect((await t.call('GET', `/v1/${other.key}/check/${id}/integral`, { token: outsider })).status).toBe(404);
    expect((await t.call('POST', `/v1/${other.key}/check/${id}/integral`, { token: outsider, body: { status: 1 } })).status).toBe(404);

    const both = await Promise.all([second, third].map((token) => t.call('POST', `/v1/${org.key}/check/${id}/integral`, { token, body: { status: 1 } })));
    expect(both.map((b) => b.status).sort()).toEqual([200, 422]);
    expect(both.find((b) => b.status === 422)!.message).toContain('已处理');
    expect(await pointsAccountOf(t.db, org.id, r.id)).toMatchObject({ balance: 800, earned: 800 });
    const rows = await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, r.id), eq(pointTxns.status, 1)));
    expect(rows).toHaveLength(1);

    // Rejected: nothing counted, the reason kept.
    const asked2 = await ok(adjust(asker, { reader_id: r.id, points: -700, reason: '误发' }));
    const noReason = await t.call('POST', `/v1/${org.key}/check/${asked2.txn.id}/integral`, { token: second, body: { status: 2 } });
    expect(noReason.status).toBe(422);
    expect(noReason.message).toContain('驳回原因');
    await ok(t.call('POST', `/v1/${org.key}/check/${asked2.txn.id}/integral`, { token: second, body: { status: 2, reason: '核实无误' } }));
    expect((await pointsAccountOf(t.db, org.id, r.id)).balance).toBe(800);
    const rejected = await ok(t.call('GET', `/v1/${org.key}/check/integral?status=3`, { token: second }));
    expect(rejected.items[0]).toMatchObject({ id: asked2.txn.id, status: 3 });
  });

  it('a posted row is reversed once by a row of the opposite points', async () => {
    const r = await signedInReader(t, org);
    const res = await ok(adjust(asker, { reader_id: r.id, points: 120, reason: '讲座' }));
    const id = res.txn.id as number;
    const tries = await Promise.all([1, 2, 3].map(() => t.call('POST', `/v1/${org.key}/integral/scoreList/${id}/reverse`, { token: second, body: { reason: '录入错误' } })));
    expect(tries.filter((x) => x.status === 200)).toHaveLength(1);
    expect(tries.filter((x) => x.status === 422).every((x) => x.message.includes('已冲正'))).toBe(true);
    expect(await pointsAccountOf(t.db, org.id, r.id)).toMatchObject({ balance: 0, earned: 120, spent: 120 });
    const ledger = await ok(t.call('GET', `/v1/${org.key}/integral/scoreList?reader=${r.id}`, { token: second }));
    expect(ledger.items.map((x: { delta: number }) => x.delta)).toEqual([-120, 120]);
    expect((await ok(t.call('GET', `/v1/${org.key}/integral/userIntegral/${r.id}`, { token: second }))).balance).toBe(0);
    expect((await t.call('POST', `/v1/${org.key}/integral/scoreList/${ledger.items[0].id}/reverse`, { token: second, body: { reason: '再冲' } })).status).toBe(422);
    expect((await t.call('POST', `/v1/${other.key}/integral/scoreList/${id}/reverse`, { token: outsider, body: { reason: '越权' } })).status).toBe(404);
    // Another organisation's ledger holds none of this reader's rows, nor its account.
    expect((await ok(t.call('GET', `/v1/${other.key}/integral/scoreList?reader=${r.id}`, { token: outsider }))).items).toEqual([]);
    expect((await t.call('GET', `/v1/${other.key}/integral/userIntegral/${r.id}`, { token: outsider })).status).toBe(404);
  });

  it("an administrator's 冲正 and an undone event write one reversal between them, whichever comes first", async () => {
    const r = await signedInReader(t, org);
    await t.db.transaction((tx) => postPoints(tx, { orgId: org.id, readerId: r.id, rule: 'work_awarded', actId: 5, source: { type: 'work', id: 41 } }));
    const [row] = await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, r.id), eq(pointTxns.idem_key, 'work_awarded:work:41')));
    const [byAdmin, ...undone] = await Promise.all([
      t.call('POST', `/v1/${org.key}/integral/scoreList/${row!.id}/reverse`, { token: second, body: { reason: '评审有误' } }),
      ...[1, 2].map(() => t.db.transaction((tx) => reversePoints(tx, { orgId: org.id, readerId: r.id, key: 'work_awarded:work:41', reason: '作品被取消资格' }))),
    ]);
    const reversals = await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, r.id), eq(pointTxns.idem_key, 'reverse:work_awarded:work:41')));
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({ delta: -row!.delta, rule_key: 'work_awarded', source_type: 'reverse', source_id: String(row!.id) });
    expect([byAdmin!.status === 200, ...undone.map((u) => u.status === 'posted')].filter(Boolean)).toHaveLength(1);
    if (byAdmin!.status !== 200) expect(byAdmin!.message).toContain('已冲正');
    expect((await pointsAccountOf(t.db, org.id, r.id)).balance).toBe(0);
    // A spend the balance no longer covers: the administrator's correction is whole or refused.
    await t.db.transaction((tx) => postPoints(tx, { orgId: org.id, readerId: r.id, rule: 'work_awarded', source: { type: 'work', id: 42 } }));
    await t.db.transaction((tx) => postPoints(tx, { orgId: org.id, readerId: r.id, rule: 'makeup_cost', points: -1, source: { type: 'mark', id: 42 } }));
    const [second42] = await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, r.id), eq(pointTxns.idem_key, 'work_awarded:work:42')));
    const refused = await t.call('POST', `/v1/${org.key}/integral/scoreList/${second42!.id}/reverse`, { token: second, body: { reason: '评审有误' } });
    expect(refused.status).toBe(422);
    expect(refused.message).toContain('积分不足');
  });
});

describe('accounts, export and the reader', () => {
  it("a reader's place is its row in the list's order (balance, then the later reader first): ties get places of their own, no points no place", async () => {
    const o = await t.org('ptrank');
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => signedInReader(t, o)));
    for (const [r, points] of [[a, 50], [b, 50], [c, 70], [d, 1]] as const) await ok(adjust(t.superToken, { reader_id: r.id, points, reason: '排名' }, o));
    await ok(adjust(t.superToken, { reader_id: d.id, points: -1, reason: '扣回' }, o));
    const list = await ok(t.call('GET', `/v1/${o.key}/integral/userIntegral`, { token: t.superToken }));
    const order = list.items.map((x: { id: number }) => x.id);
    expect(order.slice(0, 3)).toEqual([c.id, Math.max(a.id, b.id), Math.min(a.id, b.id)]);
    for (const r of [a, b, c]) {
      const me = await ok(t.call('GET', `/v1/${o.key}/client/total/score`, { token: r.token }));
      expect(me.mine.rank, String(r.id)).toBe(order.indexOf(r.id) + 1);
      expect(me.items[me.mine.rank - 1]).toMatchObject({ me: true, rank: me.mine.rank });
    }
    expect((await ok(t.call('GET', `/v1/${o.key}/client/total/score`, { token: d.token }))).mine).toEqual({ balance: 0, rank: null });
  });

  it("a reader's place equals a recount after parallel postings and spends, with the moves folded and not", async () => {
    const o = await t.org('ptrecount');
    // Readers made by the administrator (no sign-in each: the sign-in throttle), one signed in to read its place over HTTP.
    const made = async (i: number) => ({ id: (await ok(t.call('POST', `/v1/${o.key}/readers`, { token: t.superToken, body: { account: `rc${process.pid % 1000}r${i}`, password: READER_FIRST_PASSWORD, real_name: '读者', phone: '13900000000', identity: 1 } }))).id as number });
    const [signedIn, ...others] = await Promise.all([signedInReader(t, o), ...Array.from({ length: 11 }, (_, i) => made(i))]);
    const rs = [signedIn, ...others];
    const recount = async () => {
      const rows = await t.db.select().from(pointAccounts).where(eq(pointAccounts.org_id, o.id));
      const order = rows.filter((x) => x.balance > 0).sort((x, y) => y.balance - x.balance || y.reader_id - x.reader_id);
      return new Map(rs.map((r) => [r.id, order.findIndex((x) => x.reader_id === r.id) + 1 || null]));
    };
    const places = async () => {
      const out = new Map<number, number | null>();
      for (const r of rs) out.set(r.id, (await rankingPlaceOf(t.db, o.id, r.id)).rank);
      expect((await ok(t.call('GET', `/v1/${o.key}/client/total/score`, { token: signedIn.token }))).mine.rank).toBe(out.get(signedIn.id));
      return out;
    };
    // Earnings (ties among them) and spends at once, each posting in a transaction of its own.
    const post = (round: number) =>
      Promise.all(
        rs.flatMap((r, i) => [
          t.db.transaction((tx) => postPoints(tx, { orgId: o.id, readerId: r.id, rule: 'manual', points: 10 * ((i * 7 + round) % 5) + 10, source: { type: 'test', id: `${round}e${i}` } })),
          t.db.transaction((tx) => postPoints(tx, { orgId: o.id, readerId: r.id, rule: 'makeup_cost', points: -((i + round) % 3) * 10, source: { type: 'test', id: `${round}s${i}` } })),
        ]),
      );
    await post(1);
    expect(await places()).toEqual(await recount());
    await foldRankMoves(t.db, o.id);
    expect(await places()).toEqual(await recount());
    await post(2);
    // Half folded, half not: the moves since the fold are summed with the histogram.
    expect(await places()).toEqual(await recount());
    await foldRankMoves(t.db);
    expect(await places()).toEqual(await recount());
    const counts = await t.db.select().from(pointRankCounts).where(eq(pointRankCounts.org_id, o.id));
    const accounts = await t.db.select().from(pointAccounts).where(eq(pointAccounts.org_id, o.id));
    const byBalance = new Map<number, number>();
    for (const a of accounts) byBalance.set(a.balance, (byBalance.get(a.balance) ?? 0) + 1);
    expect(new Map(counts.filter((c) => c.n !== 0).map((c) => [c.balance, c.n]))).toEqual(byBalance);
  });

  it('lists readers by balance with a keyword, exports them, and answers the reader its own', async () => {
    const a = await signedInReader(t, org, { real_name: '积分甲' });
    const b = await signedInReader(t, org, { real_name: '积分乙' });
    await ok(adjust(asker, { reader_id: a.id, points: 30, reason: '奖励' }));
    await ok(adjust(asker, { reader_id: b.id, points: 90, reason: '奖励' }));
    const list = await ok(t.call('GET', `/v1/${org.key}/integral/userIntegral?keyword=积分`, { token: third }));
    expect(list.items.map((x: { real_name: string }) => x.real_name)).toEqual(['积分乙', '积分甲']);
    expect(list.items[0]).toMatchObject({ balance: 90, earned: 90, spent: 0, expired: 0 });
    expect((await ok(t.call('GET', `/v1/${other.key}/integral/userIntegral`, { token: outsider }))).items).toHaveLength(0);
    const xlsx = await t.call('GET', `/v1/${org.key}/export/userIntegral?keyword=积分`, { token: third });
    expect(xlsx.status).toBe(200);
    expect(xlsx.res.headers['content-type']).toContain('spreadsheetml');

    expect(await ok(t.call('GET', `/v1/${org.key}/client/get_integral`, { token: a.token }))).toMatchObject({ balance: 30 });
    const mine = await ok(t.call('GET', `/v1/${org.key}/client/score`, { token: a.token }));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ delta: 30, rule_name: '人工调整' });
    const rank = await ok(t.call('GET', `/v1/${org.key}/client/total/score`, { token: b.token }));
    expect(rank.items.length).toBeGreaterThan(0);
    expect(rank.mine.rank).toBeGreaterThan(0);
    expect(rank.items.some((x: { me: boolean; name: string }) => x.me && x.name.startsWith('积'))).toBe(true);
    // A reader's token is for its organisation only; an administrator's never acts as a reader.
    expect((await t.call('GET', `/v1/${other.key}/client/get_integral`, { token: a.token })).status).toBeGreaterThanOrEqual(401);
    expect((await t.call('GET', `/v1/${org.key}/client/get_integral`, { token: asker })).status).toBeGreaterThanOrEqual(401);
  });
});

describe('expiry', () => {
  const setExpiry = async (o: { key: string }, token: string, expiry: { mode: string; months: number }) => {
    const cfg = await ok(t.call('GET', `/v1/${o.key}/config`, { token }));
    await ok(t.call('POST', `/v1/${o.key}/config/save`, { token, body: { ...cfg, expiry } }));
  };
  const earn = (o: { id: number }, readerId: number, points: number, at: number, id: number) =>
    t.db.transaction((tx) => postPoints(tx, { orgId: o.id, readerId, rule: 'manual', points, source: { type: 'test', id }, at }));

  it('rolling: the oldest earnings expire first, less what was spent in between; once per batch', async () => {
    const o = await t.org('ptroll');
    await t.manager(o.id, 'ptroll1');
    const token = await t.login('ptroll1', MANAGER_PASSWORD, o.key);
    await setExpiry(o, token, { mode: 'rolling', months: 1 });
    const r = await signedInReader(t, o);
    await earn(o, r.id, 100, chinaSeconds(2026, 0, 10), 1); // valid through February
    await earn(o, r.id, 50, chinaSeconds(2026, 1, 5), 2); // valid through March
    await earn(o, r.id, -30, chinaSeconds(2026, 1, 10), 3); // a spend: from the January points
    await sweepPointsExpiry(t.db, chinaSeconds(2026, 2, 2));
    expect(await pointsAccountOf(t.db, o.id, r.id)).toMatchObject({ balance: 50, earned: 150, spent: 30, expired: 70 });
    await sweepPointsExpiry(t.db, chinaSeconds(2026, 2, 3));
    expect((await pointsAccountOf(t.db, o.id, r.id)).expired).toBe(70);
    await sweepPointsExpiry(t.db, chinaSeconds(2026, 3, 2));
    expect(await pointsAccountOf(t.db, o.id, r.id)).toMatchObject({ balance: 0, expired: 120 });
    const rows = await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, r.id), eq(pointTxns.rule_key, 'expiry')));
    expect(rows.map((x) => x.delta).sort((a, b) => a - b)).toEqual([-70, -50]);
  });

  it('yearly: points clear at the end of the year after, less a spend; old day counters are deleted, activity counters kept', async () => {
    const o = await t.org('ptyear');
    await t.manager(o.id, 'ptyear1');
    const token = await t.login('ptyear1', MANAGER_PASSWORD, o.key);
    await setExpiry(o, token, { mode: 'yearly', months: 12 });
    const r = await signedInReader(t, o);
    await earn(o, r.id, 100, chinaSeconds(2025, 2, 1), 1); // cleared 2027-01-01
    await earn(o, r.id, 20, chinaSeconds(2026, 5, 1), 2); // cleared 2028-01-01
    await earn(o, r.id, -40, chinaSeconds(2026, 6, 1), 3);
    await sweepPointsExpiry(t.db, chinaSeconds(2026, 11, 31));
    expect((await pointsAccountOf(t.db, o.id, r.id)).expired).toBe(0);
    await sweepPointsExpiry(t.db, chinaSeconds(2027, 0, 1, 0, 30));
    expect(await pointsAccountOf(t.db, o.id, r.id)).toMatchObject({ balance: 20, expired: 60 });

    const old = chinaSeconds(2027, 0, 1) - 3 * 86_400;
    await t.db.insert(pointCounters).values([
      { org_id: o.id, reader_id: r.id, scope: 'd:20261228', n: 1, cap: 5, created_at: old },
      { org_id: o.id, reader_id: r.id, scope: 'a:9:join_activity', n: 1, cap: 1, created_at: old },
    ]);
    await sweepPointsExpiry(t.db, chinaSeconds(2027, 0, 1, 1));
    const left = await t.db.select({ scope: pointCounters.scope }).from(pointCounters).where(eq(pointCounters.reader_id, r.id));
    expect(left.map((x) => x.scope)).toEqual(['a:9:join_activity']);
  });
});

describe('demo data', () => {
  it('szlib has posted adjustments and one waiting for approval, which szlibadmin can approve; a re-run adds nothing', { timeout: 300_000 }, async () => {
    const { seedDemo } = await import('../src/seed/seed.js');
    const { demoStepsOf } = await import('../src/seed/demo.js');
    const steps = demoStepsOf('points');
    await seedDemo(t.app, steps);
    const su = { token: t.superToken };
    const queue = await ok(t.call('GET', `/v1/szlib/check/integral?status=0`, su));
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({ delta: 800, account: 'SZ00001' });
    const accounts = await ok(t.call('GET', `/v1/szlib/integral/userIntegral`, su));
    expect(accounts.items.map((a: { account: string; balance: number }) => [a.account, a.balance])).toEqual([
      ['SZ00001', 122],
      ['SZ00002', 62],
      ['SZ00003', 52],
    ]);
    await seedDemo(t.app, steps);
    expect((await ok(t.call('GET', `/v1/szlib/check/integral?status=0`, su))).items).toHaveLength(1);
    const admin = await t.login('szlibadmin', 'Demo#2024', 'szlib');
    await ok(t.call('POST', `/v1/szlib/check/${queue.items[0].id}/integral`, { token: admin, body: { status: 1 } }));
    expect((await ok(t.call('GET', `/v1/szlib/client/get_integral`, { token: (await ok(t.call('POST', '/v1/szlib/client/login', { body: { account: 'SZ00001', password: 'Reader#2024' } }))).access_token }))).balance).toBe(922);
  });
});
