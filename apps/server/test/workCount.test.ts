/**
 * The figures of a works activity (`GET /v1/{org}/original/{act}/count`, `/originalmix/{act}/count`)
 * through HTTP, works submitted through the reader API and decided through the review queue.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayOf, everyDay } from '../src/db/chinaDay.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
let seq = 0;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('wcountlib', { activity_types: [1, 9] });
  other = await t.org('wcountother', { activity_types: [1, 9] });
});
afterAll(() => t.close());

const TEXT = { id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 200 };
const POEM = { id: 2, name: '诗歌', media: 'text', text_min_words: 2, text_max_words: 200 };
const GROUPS = [
  { id: 1, code: 'A', name: '小学组' },
  { id: 2, code: 'B', name: '中学组' },
];

async function workActivity(type: 1 | 9, config: Record<string, unknown>, o = org): Promise<number> {
  const base = type === 1 ? 'original' : 'originalmix';
  const made = await t.call('POST', `/v1/${o.key}/${base}`, { ...su(), body: { title: `统计${++seq}`, start_at: now() - DAY, end_at: now() + DAY } });
  expect(made.status, made.message).toBe(200);
  const saved = await t.call('PUT', `/v1/${o.key}/${base}/work/config?act=${made.data.id}`, { ...su(), body: { author_fields: { phone: 'optional', unit: 'optional' }, ...config } });
  expect(saved.status, saved.message).toBe(200);
  const published = await t.call('POST', `/v1/${o.key}/${base}/${made.data.id}/publish`, su());
  expect(published.status, published.message).toBe(200);
  return made.data.id;
}

async function submit(act: number, over: Record<string, unknown>, submitNow = true): Promise<number> {
  const r = await signedInReader(t, org);
  const res = await t.call('POST', `/v1/${org.key}/client/activities/${act}/works`, {
    token: r.token,
    body: { request_id: randomUUID(), creation_type_id: 1, title: `作品${++seq}`, content: '读书使人明智，读史使人明智。', pledge: true, author: { real_name: '张三' }, submit: submitNow, ...over },
  });
  expect(res.status, res.message).toBe(200);
  return res.data.id;
}

describe('works figures', () => {
  it('type 9: totals by status, readers, approval rate, today, per type / group / unit', async () => {
    const act = await workActivity(9, { creation_types: [TEXT, POEM], groups: GROUPS });
    const a = await submit(act, { group_id: 1, author: { real_name: '甲', unit: '一小' } });
    const b = await submit(act, { group_id: 1, author: { real_name: '乙', unit: '一小' } });
    const c = await submit(act, { group_id: 2, creation_type_id: 2, content: '春眠不觉晓', author: { real_name: '丙', unit: '二中' } });
    await submit(act, { group_id: 2, author: { real_name: '丁' } });
    await submit(act, { group_id: 2, author: { real_name: '戊' } }, false); // a draft: not counted
    expect((await t.call('POST', `/v1/${org.key}/check/${act}/originalmix`, { ...su(), body: { ids: [a, c], status: 1 } })).status).toBe(200);
    expect((await t.call('POST', `/v1/${org.key}/check/${act}/originalmix`, { ...su(), body: { ids: [b], status: 2, reason: '离题' } })).status).toBe(200);

    const res = await t.call('GET', `/v1/${org.key}/originalmix/${act}/count`, su());
    expect(res.status, res.message).toBe(200);
    const d = res.data;
    expect(d.activity).toMatchObject({ id: act, type: 9, act_state: 2 });
    expect(d.totals).toMatchObject({ submitted: 4, passed: 2, rejected: 1, pending: 1, readers: 4, approval_rate: 66.67, today: 4 });
    expect(d.totals.by_status).toMatchObject({ approved: 2, rejected: 1, submitted: 1, draft: 1 });
    expect(d.days).toEqual([{ day: chinaDayOf(now()), works: 4 }]);
    // The activity's own figures fill their days with the same helper (everyDay).
    const joins = await t.call('GET', `/v1/${org.key}/activity/${act}/count`, su());
    expect(joins.status, joins.message).toBe(200);
    expect(joins.data.days).toHaveLength(1);
    expect(joins.data.days[0].day).toBe(chinaDayOf(now()));
    expect(d.by_type).toEqual([
      { id: 1, name: '征文', works: 3, passed: 1 },
      { id: 2, name: '诗歌', works: 1, passed: 1 },
    ]);
    expect(d.by_group).toEqual([
      { id: 1, name: '小学组', works: 2, passed: 1 },
      { id: 2, name: '中学组', works: 2, passed: 1 },
    ]);
    expect(d.by_unit).toEqual([
      { id: null, name: '一小', works: 2, passed: 1 },
      { id: null, name: '', works: 1, passed: 0 },
      { id: null, name: '二中', works: 1, passed: 1 },
    ]);
  });

  it('type 1 with no works: zeros, no days, no rate; each type path serves only its own activities', async () => {
    const act = await workActivity(1, { creation_types: [TEXT] });
    const res = await t.call('GET', `/v1/${org.key}/original/${act}/count`, su());
    expect(res.status, res.message).toBe(200);
    expect(res.data.totals).toMatchObject({ submitted: 0, passed: 0, readers: 0, approval_rate: null, today: 0 });
    expect(res.data.days).toEqual([]);
    expect(res.data.by_type).toEqual([{ id: 1, name: '征文', works: 0, passed: 0 }]);
    expect(res.data.by_group).toEqual([]);
    expect((await t.call('GET', `/v1/${org.key}/originalmix/${act}/count`, su())).status).toBe(404);
  });

  it('tenant-safe: another organisation cannot read the figures', async () => {
    const act = await workActivity(1, { creation_types: [TEXT] });
    await submit(act, {});
    const manager = await t.manager(other.id, 'wcountotheradmin');
    const token = await t.login(manager.account, 'Manager#Pass1', other.key);
    // Its own path: the activity is not its own (404); our path: not its organisation (403).
    expect((await t.call('GET', `/v1/${other.key}/original/${act}/count`, { token })).status).toBe(404);
    expect((await t.call('GET', `/v1/${org.key}/original/${act}/count`, { token })).status).toBe(403);
    expect((await t.call('GET', `/v1/${org.key}/original/${act}/count`, {})).status).toBe(401);
  });
});

describe('everyDay', () => {
  it('fills the days without figures and runs on to today while the activity runs', () => {
    const rows = [{ day: '2026-01-30', works: 2 }, { day: '2026-02-02', works: 1 }];
    expect(everyDay(rows, 'works', '2026-02-03', false).map((d) => d.works)).toEqual([2, 0, 0, 1]);
    expect(everyDay(rows, 'works', '2026-02-03', true).at(-1)).toEqual({ day: '2026-02-03', works: 0 });
    expect(everyDay([], 'works', '2026-02-03', true)).toEqual([]);
  });
});
