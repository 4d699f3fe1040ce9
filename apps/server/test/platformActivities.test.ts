/**
 * The platform's view of activities (spec actManage) beyond the generated resource tests: every
 * organisation's activities with their organisation's name, the filters, batchUpdate and the
 * batch recommend stamp, batchCreate (all or nothing), alter/count (audited), and the publishing
 * window `/v1/OperateTime` that the organisations' publish obeys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { chinaClock } from '@huodong/domain';
import { activities, auditLogs } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let a: { id: number; key: string; name: string };
let b: { id: number; key: string; name: string };
let c: { id: number; key: string; name: string };
let adminA = '';
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const LINK = { link: 'https://partner.example.org/a', partner_name: '伙伴' };

beforeAll(async () => {
  t = await testApp();
  a = await t.org('plata');
  b = await t.org('platb');
  c = await t.org('platc');
  for (const o of [a, b]) await t.call('POST', `/v1/organizations/${o.id}/authorize`, { ...su(), body: { module_ids: [], activity_types: [1, 7] } });
  await t.call('POST', `/v1/organizations/${c.id}/authorize`, { ...su(), body: { module_ids: [], activity_types: [1] } });
  await t.manager(a.id, 'platadmin', 'admin');
  adminA = await t.login('platadmin', MANAGER_PASSWORD, a.key);
});
afterAll(() => t.close());

const make = async (o: { key: string }, path: 'original' | 'third', title: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', `/v1/${o.key}/${path}`, { ...su(), body: { title, start_at: now() - DAY, end_at: now() + DAY, ...(path === 'third' ? { config: LINK } : {}), ...extra } });
  expect(res.status, res.message).toBe(200);
  return res.data as { id: number; title: string };
};
const list = async (query: string) => {
  const res = await t.call('GET', `/v1/activities?page_size=100&${query}`, su());
  expect(res.status, res.message).toBe(200);
  return res.data.items as Record<string, any>[];
};
const idsOf = async (query: string) => (await list(query)).map((r) => r.id as number).sort((x, y) => x - y);

describe("the platform's activities", () => {
  it("lists every organisation's activities of every type with the organisation's name; deleted ones are hidden", async () => {
    const x = await make(a, 'original', 'plat-征文');
    const y = await make(b, 'third', 'plat-合作');
    const gone = await make(b, 'original', 'plat-删除');
    await t.call('DELETE', `/v1/${b.key}/original/${gone.id}`, su());
    const rows = await list('keyword=plat-');
    expect(rows.map((r) => r.id).sort()).toEqual([x.id, y.id].sort());
    expect(rows.find((r) => r.id === y.id)).toMatchObject({ org_id: b.id, org_name: b.name, type: 7, act_state: 2, is_tmp: 1 });
    expect((await t.call('GET', `/v1/activities/${gone.id}`, su())).status).toBe(404);
    expect((await t.call('GET', '/v1/activities', { token: adminA })).status).toBe(403);
  });

  it('filters by organisation, type, state and recommendation', async () => {
    const running = await make(a, 'original', 'f-进行中');
    const future = await make(b, 'original', 'f-未开始', { start_at: now() + DAY, end_at: now() + 2 * DAY });
    const third = await make(b, 'third', 'f-第三方', { start_at: now() - 2 * DAY, end_at: now() - DAY });
    expect(await idsOf(`keyword=f-&org_id=${b.id}`)).toEqual([future.id, third.id]);
    expect(await idsOf('keyword=f-&type=7')).toEqual([third.id]);
    expect(await idsOf('keyword=f-&act_state=1')).toEqual([future.id]);
    expect(await idsOf('keyword=f-&act_state=2')).toEqual([running.id]);
    expect(await idsOf('keyword=f-&act_state=3')).toEqual([third.id]);
    await t.call('POST', `/v1/activities/${running.id}/recommend`, su());
    expect(await idsOf('keyword=f-&is_rec=1')).toEqual([running.id]);
    for (const bad of ['type=10', 'act_state=4', 'org_id=x', 'is_rec=2']) expect((await t.call('GET', `/v1/activities?${bad}`, su())).status, bad).toBe(422);
  });

  it('batchUpdate recommends (stamping rec_at) and pauses many; batchRecommend stamps rec_at too', async () => {
    const x = await make(a, 'original', 'bu-1');
    const y = await make(b, 'original', 'bu-2');
    const res = await t.call('POST', '/v1/activities/batchUpdate', { ...su(), body: { ids: [x.id, y.id, 999999], is_rec: 1, is_pause: 1 } });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toEqual({ updated: 2 });
    const rows = await t.db.select().from(activities).where(inArray(activities.id, [x.id, y.id]));
    for (const r of rows) {
      expect(r).toMatchObject({ is_rec: 1, is_pause: 1 });
      expect(r.rec_at).toBeGreaterThan(0);
    }
    await t.call('POST', '/v1/activities/batchUpdate', { ...su(), body: { ids: [x.id], is_rec: 0 } });
    const [after] = await t.db.select().from(activities).where(eq(activities.id, x.id));
    expect(after).toMatchObject({ is_rec: 0, rec_at: null, is_pause: 1 });
    expect((await t.call('POST', '/v1/activities/batchRecommend', { ...su(), body: { ids: [x.id] } })).data).toEqual({ updated: 1 });
    expect((await t.db.select().from(activities).where(eq(activities.id, x.id)))[0].rec_at).toBeGreaterThan(0);
    const none = await t.call('POST', '/v1/activities/batchUpdate', { ...su(), body: { ids: [x.id] } });
    expect(none.status).toBe(422);
    expect(none.message).toBe('请指定推荐或暂停状态');
    expect((await t.call('POST', '/v1/activities/batchUpdate', { token: adminA, body: { ids: [x.id], is_pause: 0 } })).status).toBe(403);
  });

  it('batchCreate makes the same draft in several organisations in one transaction', async () => {
    const res = await t.call('POST', '/v1/activities/batchCreate', {
      ...su(),
      body: { org_ids: [a.id, b.id, a.id], activity: { type: 7, title: '联合活动', start_at: now() + DAY, end_at: now() + 5 * DAY, config: LINK } },
    });
    expect(res.status, res.message).toBe(200);
    expect(res.data.created).toBe(2);
    const rows = await t.db.select().from(activities).where(inArray(activities.id, res.data.ids));
    expect(rows.map((r) => r.org_id).sort()).toEqual([a.id, b.id].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ type: 7, title: '联合活动', is_tmp: 1, join_num: 0 });
      expect(r.config.callback_secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    expect(rows[0].config.callback_secret).not.toBe(rows[1].config.callback_secret);
    // each organisation sees its own copy through its own route
    expect((await t.call('GET', `/v1/${b.key}/third/${rows.find((r) => r.org_id === b.id)!.id}`, su())).data.title).toBe('联合活动');
    const [audited] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'platformActivities'), eq(auditLogs.action, 'batchCreate')));
    expect(audited.ids).toEqual(res.data.ids);
  });

  it('batchCreate refuses the whole batch naming an organisation not authorised for the type, and checks the activity', async () => {
    const before = (await t.db.select({ id: activities.id }).from(activities)).length;
    const refused = await t.call('POST', '/v1/activities/batchCreate', {
      ...su(),
      body: { org_ids: [a.id, c.id], activity: { type: 7, title: '不行', start_at: now(), end_at: now() + DAY, config: LINK } },
    });
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(`机构「${c.name}」未开通该活动类型`);
    const unknown = await t.call('POST', '/v1/activities/batchCreate', { ...su(), body: { org_ids: [a.id, 999999], activity: { type: 1, title: '不行', start_at: now(), end_at: now() + DAY } } });
    expect(unknown.message).toBe('机构不存在：999999');
    const reversed = await t.call('POST', '/v1/activities/batchCreate', { ...su(), body: { org_ids: [a.id], activity: { type: 1, title: '时间颠倒', start_at: now(), end_at: now() - DAY } } });
    expect(reversed.message).toBe('结束时间必须晚于开始时间');
    const untitled = await t.call('POST', '/v1/activities/batchCreate', { ...su(), body: { org_ids: [a.id], activity: { type: 1, start_at: now(), end_at: now() + DAY } } });
    expect(untitled.message).toBe('请输入活动名称');
    const badLink = await t.call('POST', '/v1/activities/batchCreate', { ...su(), body: { org_ids: [a.id], activity: { type: 7, title: 'x', start_at: now(), end_at: now() + DAY, config: { link: 'http://x' } } } });
    expect(badLink.message).toBe('活动链接必须是 https:// 开头的地址');
    const badType = await t.call('POST', '/v1/activities/batchCreate', { ...su(), body: { org_ids: [a.id], activity: { type: 10, title: 'x' } } });
    expect(badType.message).toBe('请选择有效的活动类型');
    expect((await t.call('POST', '/v1/activities/batchCreate', { ...su(), body: { org_ids: [], activity: { type: 1 } } })).message).toBe('请选择机构');
    expect((await t.db.select({ id: activities.id }).from(activities)).length).toBe(before);
    expect((await t.call('POST', '/v1/activities/batchCreate', { token: adminA, body: { org_ids: [a.id], activity: { type: 1, title: 'x', start_at: now(), end_at: now() + DAY } } })).status).toBe(403);
  });

  it('alter/count corrects the view and join counters, audited', async () => {
    const x = await make(a, 'original', '计数');
    const res = await t.call('POST', '/v1/activities/alter/count', { ...su(), body: { id: x.id, view_count: 1234 } });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toMatchObject({ id: x.id, view_count: 1234, join_num: 0, org_name: a.name });
    expect((await t.call('POST', '/v1/activities/alter/count', { ...su(), body: { id: x.id, join_num: 7 } })).data).toMatchObject({ view_count: 1234, join_num: 7 });
    const audited = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'platformActivities'), eq(auditLogs.action, 'alterCount')));
    expect(audited.filter((r) => (r.ids as number[]).includes(x.id))).toHaveLength(2);
    for (const [body, message] of [
      [{ id: x.id }, '请填写要修改的浏览量或参与人数'],
      [{ id: x.id, view_count: -1 }, '浏览量不能小于0'],
      [{ id: x.id, join_num: 1.5 }, '参与人数必须是整数'],
    ] as const) {
      const bad = await t.call('POST', '/v1/activities/alter/count', { ...su(), body });
      expect(bad.status).toBe(422);
      expect(bad.message).toBe(message);
    }
    expect((await t.call('POST', '/v1/activities/alter/count', { ...su(), body: { id: 999999, view_count: 1 } })).status).toBe(404);
    expect((await t.call('POST', '/v1/activities/alter/count', { token: adminA, body: { id: x.id, view_count: 1 } })).status).toBe(403);
  });
});

describe("the platform's publishing window", () => {
  const setWindow = (from: string, to: string, token = t.superToken) => t.call('POST', '/v1/OperateTime', { token, body: { from, to } });

  it('is none until set; the platform sets it, organisations read it', async () => {
    expect((await t.call('GET', '/v1/OperateTime', { token: adminA })).data).toEqual({ from: '', to: '' });
    const set = await setWindow('08:00', '22:00');
    expect(set.status, set.message).toBe(200);
    expect((await t.call('GET', '/v1/OperateTime', { token: adminA })).data).toEqual({ from: '08:00', to: '22:00' });
    expect((await setWindow('09:00', '10:00', adminA)).status).toBe(403);
    for (const [from, to, message] of [
      ['8:00', '22:00', '开始时间必须是“时:分”，如 08:30'],
      ['08:00', '', '发布时段需同时填写开始和结束'],
      ['22:00', '08:00', '结束时间必须晚于开始时间'],
      ['08:00', '24:00', '结束时间必须是“时:分”，如 08:30'],
    ]) {
      const bad = await setWindow(from, to);
      expect(bad.status).toBe(422);
      expect(bad.message).toBe(message);
    }
    expect((await t.call('GET', '/v1/OperateTime', su())).data).toEqual({ from: '08:00', to: '22:00' });
    expect((await setWindow('', '')).status).toBe(200);
  });

  it("refuses an organisation's publish outside the window; the platform publishes at any time", async () => {
    const clock = chinaClock(now());
    // a window that excludes the current minute
    const outside = clock < '12:00' ? { from: '12:00', to: '23:59' } : { from: '00:00', to: '11:59' };
    await setWindow(outside.from, outside.to);
    const x = await make(a, 'third', '窗口外');
    const refused = await t.call('POST', `/v1/${a.key}/third/${x.id}/publish`, { token: adminA });
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(`不在平台允许的发布时段（${outside.from}-${outside.to}）`);
    expect((await t.call('GET', `/v1/${a.key}/third/${x.id}`, su())).data.is_tmp).toBe(1);
    // the platform itself is not bound by it
    expect((await t.call('POST', `/v1/${a.key}/third/${x.id}/publish`, su())).data.is_tmp).toBe(0);
    // inside the window (or with none) the organisation publishes
    const y = await make(a, 'third', '窗口内');
    if (clock !== '23:59') {
      await setWindow('00:00', '23:59');
      const ok = await t.call('POST', `/v1/${a.key}/third/${y.id}/publish`, { token: adminA });
      expect(ok.status, ok.message).toBe(200);
      await t.call('POST', `/v1/${a.key}/third/${y.id}/unpublish`, { token: adminA });
    }
    await setWindow('', '');
    expect((await t.call('POST', `/v1/${a.key}/third/${y.id}/publish`, { token: adminA })).data.is_tmp).toBe(0);
  });
});
