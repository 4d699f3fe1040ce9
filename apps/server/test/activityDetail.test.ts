/**
 * An activity's detail (issue 11): the activity by id whatever its type, its participants (readers
 * who joined through the reader API) with filters and the spreadsheet export, and its figures per
 * China-time day. The generated tests (resources.test.ts) add CRUD-shaped and tenant cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { daysBetween, chinaDayOf } from '../src/db/chinaDay.js';
import type { FixtureContext } from './fixtures/index.js';
import { authorise } from './fixtures/activityFixture.js';
import { join, newReader, publishedActivity } from './fixtures/readerJoins.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let ctx: FixtureContext;
let otherToken: string;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

const contextOf = (o: { id: number; key: string }): FixtureContext => ({
  org: o,
  superToken: t.superToken,
  call: (m, u, opts) => t.call(m, u, opts),
  login: (a, p, k) => t.login(a, p, k),
  readerLogin: (a, p) => t.login(a, p, `${o.key}/client`),
});

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('detlib');
  other = await t.org('detother');
  ctx = contextOf(org);
  await t.manager(other.id, 'detotheradmin', 'admin');
  otherToken = await t.login('detotheradmin', MANAGER_PASSWORD, other.key);
});
afterAll(() => t.close());

const participants = (actId: number, query = '') => t.call('GET', `/v1/${org.key}/activity/${actId}/participants${query}`, su());

describe('participants', () => {
  let actId: number;
  let first: { id: number; account: string; token: string };
  let second: { id: number; account: string; token: string };

  beforeAll(async () => {
    actId = await publishedActivity(ctx, '读书月线上挑战');
    first = await newReader(ctx, { account: 'D2024001', real_name: '林小雨', phone: '13800000001', unit: '文学院' });
    second = await newReader(ctx, { account: 'D2024002', real_name: '王大山', phone: '13800000002', unit: '理学院' });
    await join(ctx, first.token, actId);
    await join(ctx, second.token, actId);
    // a reader of the organisation who did not join is not listed
    await newReader(ctx, { account: 'D2024003', real_name: '未参与' });
  });

  it('lists who joined, newest first, with account, the name and phone given when joining, unit, time and status', async () => {
    const res = await participants(actId);
    expect(res.status, res.message).toBe(200);
    expect(res.data._meta.totalCount).toBe(2);
    expect(res.data.items.map((p: { account: string }) => p.account)).toEqual(['D2024002', 'D2024001']);
    expect(res.data.items[1]).toMatchObject({ account: 'D2024001', real_name: '林小雨', phone: '13800000001', unit: '文学院', status: 1, act_id: actId, reader_id: first.id });
    expect(Math.abs(res.data.items[1].created_at - now())).toBeLessThan(60);
  });

  it('keeps the real name and phone of the moment of joining; the unit is the reader’s current one', async () => {
    const changed = await t.call('PUT', `/v1/${org.key}/client/me`, { token: first.token, body: { real_name: '林雨', phone: '13900000009', unit: '历史学院' } });
    expect(changed.status, changed.message).toBe(200);
    const [row] = (await participants(actId, '?account=D2024001')).data.items;
    expect(row).toMatchObject({ real_name: '林小雨', phone: '13800000001', unit: '历史学院' });
  });

  it('filters by account, by name or phone (keyword), by status and by the day of joining', async () => {
    const accounts = async (query: string) => ((await participants(actId, query)).data.items as { account: string }[]).map((p) => p.account);
    expect(await accounts('?account=2024002')).toEqual(['D2024002']);
    expect(await accounts('?account=d2024')).toEqual(['D2024002', 'D2024001']);
    expect(await accounts(`?keyword=${encodeURIComponent('王大')}`)).toEqual(['D2024002']);
    expect(await accounts('?keyword=13800000001')).toEqual(['D2024001']);
    expect(await accounts('?status=1')).toEqual(['D2024002', 'D2024001']);
    expect(await accounts('?status=2')).toEqual([]);
    expect(await accounts(`?created_at=${now() - DAY},${now() + 60}`)).toEqual(['D2024002', 'D2024001']);
    expect(await accounts(`?created_at=,${now() - DAY}`)).toEqual([]);
    const bad = await participants(actId, '?status=9');
    expect(bad.status).toBe(422);
    expect(bad.message).not.toMatch(/^[a-z_][\w.]*: /);
    expect(bad.data.errors[0].field).toBe('status');
  });

  it('exports the list with its filters as a spreadsheet named 参与者名单', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/${org.key}/export/participants?act=${actId}&account=D2024001`, headers: { authorization: `Bearer ${t.superToken}` } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('参与者名单.xlsx'));
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
    expect(rows[0]).toEqual(['读者账号', '真实姓名', '联系电话', '单位', '参与时间', '参与状态']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[5]])).toEqual([['D2024001', '林小雨', '13800000001', '历史学院', '已参与']]);
    expect(rows[1][4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('of any type: a reader who joined an original-works activity is its participant', async () => {
    await authorise(ctx);
    const made = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '原创征文', start_at: now() - DAY, end_at: now() + DAY, config: { work: { creation_types: [{ id: 1, name: '征文', media: 'text' }] } } } });
    expect(made.status, made.message).toBe(200);
    expect((await t.call('POST', `/v1/${org.key}/original/${made.data.id}/publish`, su())).status).toBe(200);
    await join(ctx, second.token, made.data.id);
    const one = await t.call('GET', `/v1/${org.key}/activity/${made.data.id}`, su());
    expect(one.data).toMatchObject({ id: made.data.id, type: 1, title: '原创征文', join_num: 1, act_state: 2 });
    expect((await participants(made.data.id)).data.items.map((p: { account: string }) => p.account)).toEqual(['D2024002']);
  });

  it('another organisation’s administrator neither lists nor exports them, through either organisation', async () => {
    expect((await t.call('GET', `/v1/${org.key}/activity/${actId}/participants`, { token: otherToken })).status).toBe(403);
    expect((await t.call('GET', `/v1/${other.key}/activity/${actId}/participants`, { token: otherToken })).status).toBe(404);
    expect((await t.call('GET', `/v1/${other.key}/export/participants?act=${actId}`, { token: otherToken })).status).toBe(404);
  });

  it('a deleted activity has no participants page', async () => {
    const gone = await publishedActivity(ctx, '将删除的活动');
    await join(ctx, first.token, gone);
    expect((await t.call('DELETE', `/v1/${org.key}/third/${gone}`, su())).status).toBe(200);
    expect((await participants(gone)).status).toBe(404);
    expect((await t.call('GET', `/v1/${org.key}/activity/${gone}`, su())).status).toBe(404);
  });
});

describe('figures', () => {
  it('count joins per China-time day, today’s joins and the views readers made', async () => {
    const actId = await publishedActivity(ctx, '统计活动');
    const readers = [await newReader(ctx), await newReader(ctx), await newReader(ctx)];
    for (const r of readers.slice(0, 2)) await join(ctx, r.token, actId);
    // views: every reader's read of the activity counts once
    for (const r of readers) expect((await t.call('GET', `/v1/${org.key}/client/activities/${actId}`, { token: r.token })).status).toBe(200);
    const res = await t.call('GET', `/v1/${org.key}/activity/${actId}/count`, su());
    expect(res.status, res.message).toBe(200);
    const today = chinaDayOf(now());
    expect(res.data).toEqual({
      activity: { id: actId, title: '统计活动', type: 7, act_state: 2 },
      totals: { joins: 2, views: 3, today: 2, cancelled: 0, disqualified: 0 },
      days: [{ day: today, joins: 2 }],
    });
  });

  it('without joins answer no days; another organisation gets 403, or 404 through its own path', async () => {
    const actId = await publishedActivity(ctx, '无人参与');
    const res = await t.call('GET', `/v1/${org.key}/activity/${actId}/count`, su());
    expect(res.data.days).toEqual([]);
    expect(res.data.totals).toMatchObject({ joins: 0, views: 0, today: 0 });
    expect((await t.call('GET', `/v1/${org.key}/activity/${actId}/count`, { token: otherToken })).status).toBe(403);
    expect((await t.call('GET', `/v1/${other.key}/activity/${actId}/count`, { token: otherToken })).status).toBe(404);
    expect((await t.call('GET', `/v1/${org.key}/activity/2000000000/count`, su())).status).toBe(404);
  });

  it('fill the days between the first join and the last with none missing', () => {
    expect(daysBetween('2024-02-27', '2024-03-02')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(daysBetween('2024-03-02', '2024-03-01')).toEqual([]);
    // 16:00 UTC is already the next day in China
    expect(chinaDayOf(Date.UTC(2024, 0, 1, 16) / 1000)).toBe('2024-01-02');
  });
});
