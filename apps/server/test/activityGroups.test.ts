/**
 * Activity groups (spec actcate) beyond the generated resource tests: the spec's list call, a
 * group's activities with their title, type and state in order, `choose` (several at once, at the
 * end, duplicates skipped, all or nothing), the activity picker, and a deleted activity leaving
 * its groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACTIVITY_NAMES_LIMIT } from '@huodong/domain';
import { activityGroupItems, auditLogs } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let normal = '';
let foreign = '';
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const LINK = { link: 'https://partner.example.org/a', partner_name: '伙伴' };

beforeAll(async () => {
  t = await testApp();
  org = await t.org('grplib');
  other = await t.org('grpother');
  for (const o of [org, other]) await t.call('POST', `/v1/organizations/${o.id}/authorize`, { ...su(), body: { module_ids: [], activity_types: [1, 7] } });
  await t.manager(org.id, 'grpnormal', 'normal');
  await t.manager(other.id, 'grpforeign', 'admin');
  normal = await t.login('grpnormal', MANAGER_PASSWORD, org.key);
  foreign = await t.login('grpforeign', MANAGER_PASSWORD, other.key);
});
afterAll(() => t.close());

const activity = async (title: string, o = org, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', `/v1/${o.key}/original`, { ...su(), body: { title, start_at: now() - DAY, end_at: now() + DAY, ...extra } });
  expect(res.status, res.message).toBe(200);
  return res.data as { id: number; title: string };
};
const group = async (name: string, sort?: number) => {
  const res = await t.call('POST', `/v1/${org.key}/actcate`, { ...su(), body: { name, sort } });
  expect(res.status, res.message).toBe(200);
  return res.data as { id: number };
};
const acts = async (groupId: number) =>
  (await t.call('GET', `/v1/${org.key}/actcate/${groupId}/acts?page_size=100`, su())).data.items as { act_id: number; title: string; type: number; act_state: number; sort: number }[];

describe('activity groups', () => {
  it("the spec's list call (keyword empty, page 1, page_size 100) answers the groups in order", async () => {
    const b = await group('第二组', 2);
    const a = await group('第一组', 1);
    const res = await t.call('GET', `/v1/${org.key}/actcate?keyword=&page=1&page_size=100`, { token: normal });
    expect(res.status, res.message).toBe(200);
    const ids = (res.data.items as { id: number }[]).map((g) => g.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(res.data._meta).toMatchObject({ currentPage: 1, perPage: 100 });
  });

  it("choose adds several activities of any type at the end in one call, skipping those already in the group", async () => {
    const g = await group('精选');
    const first = await activity('征文一');
    const third = (await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '合作方活动', start_at: now() + DAY, end_at: now() + 2 * DAY, config: LINK } })).data;
    const ended = await activity('已结束的征文', org, { start_at: now() - 2 * DAY, end_at: now() - DAY });
    expect((await t.call('POST', `/v1/${org.key}/actcate/${g.id}/acts`, { ...su(), body: { act_id: first.id } })).status).toBe(200);
    const res = await t.call('POST', `/v1/${org.key}/actcate/${g.id}/choose`, { token: normal, body: { act_ids: [third.id, first.id, ended.id, third.id] } });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toEqual({ added: 2 });
    expect(await acts(g.id)).toMatchObject([
      { act_id: first.id, title: '征文一', type: 1, act_state: 2, sort: 1 },
      { act_id: third.id, title: '合作方活动', type: 7, act_state: 1, sort: 2 },
      { act_id: ended.id, title: '已结束的征文', type: 1, act_state: 3, sort: 3 },
    ]);
    // choosing them again adds nothing
    expect((await t.call('POST', `/v1/${org.key}/actcate/${g.id}/choose`, { ...su(), body: { act_ids: [first.id] } })).data).toEqual({ added: 0 });
    // the order is the group's own: sort moves them
    const sorted = await t.call('POST', `/v1/${org.key}/actcate/${g.id}/acts/sort`, { token: normal, body: { ids: await itemIds(g.id, [ended.id, first.id, third.id]) } });
    expect(sorted.data).toEqual({ sorted: 3 });
    expect((await acts(g.id)).map((a) => a.act_id)).toEqual([ended.id, first.id, third.id]);
    const [audited] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'activityGroupActs'), eq(auditLogs.action, 'choose')));
    expect(audited).toMatchObject({ actor_kind: 'manager', scope: org.key, org_id: org.id });
    expect(audited.ids).toHaveLength(2);
  });

  it("another organisation's activity (or a deleted one) refuses the whole choose with 422 naming act_ids", async () => {
    const g = await group('拒绝');
    const own = await activity('自家的');
    const theirs = await activity('别家的', other);
    const res = await t.call('POST', `/v1/${org.key}/actcate/${g.id}/choose`, { ...su(), body: { act_ids: [own.id, theirs.id] } });
    expect(res.status).toBe(422);
    expect(res.message).toBe(`活动不存在：${theirs.id}`);
    expect(await acts(g.id)).toEqual([]);
    const gone = await activity('已删除的');
    await t.call('DELETE', `/v1/${org.key}/original/${gone.id}`, su());
    const deleted = await t.call('POST', `/v1/${org.key}/actcate/${g.id}/choose`, { ...su(), body: { act_ids: [gone.id] } });
    expect(deleted.message).toBe(`活动不存在：${gone.id}`);
    // one by one too: a foreign or deleted activity is not found, a second add names the duplicate
    for (const id of [theirs.id, gone.id]) {
      const one = await t.call('POST', `/v1/${org.key}/actcate/${g.id}/acts`, { ...su(), body: { act_id: id } });
      expect(one.message).toBe('活动不存在');
    }
    await t.call('POST', `/v1/${org.key}/actcate/${g.id}/acts`, { ...su(), body: { act_id: own.id } });
    expect((await t.call('POST', `/v1/${org.key}/actcate/${g.id}/acts`, { ...su(), body: { act_id: own.id } })).message).toBe('该活动已在本分类中');
    // bad bodies
    for (const body of [{}, { act_ids: [] }, { act_ids: ['1'] }]) {
      const res = await t.call('POST', `/v1/${org.key}/actcate/${g.id}/choose`, { ...su(), body });
      expect(res.message).not.toMatch(/^[a-z_][\w.]*: /);
      expect(res.data.errors[0].field).toMatch(/^act_ids(\.\d+)?$/);
    }
  });

  it("another organisation's manager cannot choose into the group, through either path", async () => {
    const g = await group('隔离');
    const theirs = await activity('他们的', other);
    expect((await t.call('POST', `/v1/${org.key}/actcate/${g.id}/choose`, { token: foreign, body: { act_ids: [theirs.id] } })).status).toBe(403);
    expect((await t.call('POST', `/v1/${other.key}/actcate/${g.id}/choose`, { token: foreign, body: { act_ids: [theirs.id] } })).status).toBe(404);
    expect((await t.call('POST', `/v1/${org.key}/actcate/999999/choose`, { ...su(), body: { act_ids: [theirs.id] } })).status).toBe(404);
    expect(await t.db.select().from(activityGroupItems).where(eq(activityGroupItems.group_id, g.id))).toEqual([]);
  });

  it('a deleted activity leaves its groups', async () => {
    const g = await group('删除后');
    const a = await activity('会被删除');
    const b = await activity('留下');
    await t.call('POST', `/v1/${org.key}/actcate/${g.id}/choose`, { ...su(), body: { act_ids: [a.id, b.id] } });
    expect((await t.call('POST', `/v1/${org.key}/original/batchDelete`, { ...su(), body: { ids: [a.id] } })).data).toEqual({ deleted: 1 });
    expect((await acts(g.id)).map((x) => x.act_id)).toEqual([b.id]);
  });

  it("the picker lists the organisation's activities of every type that are not deleted, by keyword, at most 50", async () => {
    const a = await activity('picker-征文');
    const third = (await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: 'picker-合作', start_at: now() - DAY, end_at: now() + DAY, config: LINK } })).data;
    const gone = await activity('picker-删除');
    await t.call('DELETE', `/v1/${org.key}/original/${gone.id}`, su());
    await activity('picker-别家', other);
    const res = await t.call('GET', `/v1/${org.key}/activity/names?keyword=PICKER`, { token: normal });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toEqual([
      { id: third.id, title: 'picker-合作', type: 7, state: 2 },
      { id: a.id, title: 'picker-征文', type: 1, state: 2 },
    ]);
    for (let i = 0; i < ACTIVITY_NAMES_LIMIT + 1; i++) await activity(`批量${i}`);
    expect((await t.call('GET', `/v1/${org.key}/activity/names`, su())).data).toHaveLength(ACTIVITY_NAMES_LIMIT);
    // the select loads it as the web client does (page size, reflesh): extra query keys are ignored
    expect((await t.call('GET', `/v1/${org.key}/activity/names?page_size=100&reflesh=1`, su())).status).toBe(200);
    expect((await t.call('GET', `/v1/${org.key}/activity/names`, { token: foreign })).status).toBe(403);
    expect((await t.call('GET', `/v1/${org.key}/activity/names`)).status).toBe(401);
  });
});

/** The item ids of a group's activities, in the order of `actIds`. */
async function itemIds(groupId: number, actIds: number[]): Promise<number[]> {
  const rows = await t.db.select().from(activityGroupItems).where(eq(activityGroupItems.group_id, groupId));
  return actIds.map((a) => rows.find((r) => r.act_id === a)!.id);
}
