/**
 * The platform's review of activities (checkManage): off by default; when on, an organisation's
 * 发布 submits instead of publishing; 通过 publishes, 驳回 keeps a draft with the reason its
 * organisation reads; a reviewed activity cannot be reviewed again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let admin: string;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp();
  org = await t.org('chklib', { activity_types: [7] });
  await t.manager(org.id, 'chkadmin', 'admin');
  admin = await t.login('chkadmin', MANAGER_PASSWORD, org.key);
});
afterAll(() => t.close());

const draft = async (title: string) =>
  (await t.call('POST', `/v1/${org.key}/third`, { token: admin, body: { title, start_at: now() - DAY, end_at: now() + DAY, config: { link: 'https://p.example.org/c' } } })).data as { id: number };

it('without the platform requiring it, 发布 publishes at once', async () => {
  expect((await t.call('GET', '/v1/check/config', { token: admin })).data).toEqual({ required: false });
  const a = await draft('直接发布');
  const res = await t.call('POST', `/v1/${org.key}/third/${a.id}/publish`, { token: admin });
  expect(res.data).toMatchObject({ is_tmp: 0, check_status: 0 });
});

it('when required: submitted, then approved and published, or rejected with the reason the organisation sees', async () => {
  expect((await t.call('POST', '/v1/check/config', { token: admin, body: { required: true } })).status).toBe(403);
  expect((await t.call('POST', '/v1/check/config', { ...su(), body: { required: true } })).data).toEqual({ required: true });
  const a = await draft('待审核A');
  const b = await draft('待审核B');
  for (const x of [a, b]) {
    const submitted = await t.call('POST', `/v1/${org.key}/third/${x.id}/publish`, { token: admin });
    expect(submitted.data).toMatchObject({ is_tmp: 1, check_status: 1, published_at: null });
  }
  const waiting = await t.call('GET', '/v1/check?check_status=1&page_size=100', su());
  expect(waiting.data.items.map((r: { title: string; org_name: string }) => [r.title, r.org_name])).toEqual(expect.arrayContaining([['待审核A', 'chklib机构'], ['待审核B', 'chklib机构']]));
  expect((await t.call('GET', '/v1/check', { token: admin })).status).toBe(403);

  const approved = await t.call('POST', `/v1/check/${a.id}/approve`, su());
  expect(approved.status, approved.message).toBe(200);
  expect(approved.data).toMatchObject({ is_tmp: 0, check_status: 2 });
  expect(approved.data.published_at).toBeGreaterThan(0);

  const rejected = await t.call('POST', `/v1/check/${b.id}/reject`, { ...su(), body: { check_reason: '活动链接无法打开' } });
  expect(rejected.data).toMatchObject({ is_tmp: 1, check_status: 3, check_reason: '活动链接无法打开' });
  const seen = await t.call('GET', `/v1/${org.key}/third/${b.id}`, { token: admin });
  expect(seen.data).toMatchObject({ is_tmp: 1, check_status: 3, check_reason: '活动链接无法打开' });
  expect((await t.call('POST', `/v1/check/${b.id}/reject`, { ...su(), body: { check_reason: '' } })).message).toBe('审核意见：请输入驳回原因');

  // reviewed once: neither can be reviewed again
  expect((await t.call('POST', `/v1/check/${a.id}/reject`, { ...su(), body: { check_reason: '再驳回' } })).message).toBe('该活动不在待审核状态');
  expect((await t.call('POST', `/v1/check/${b.id}/approve`, su())).message).toBe('该活动不在待审核状态');
  // resubmitted after the fix, it waits again
  const again = await t.call('POST', `/v1/${org.key}/third/${b.id}/publish`, { token: admin });
  expect(again.data).toMatchObject({ is_tmp: 1, check_status: 1, check_reason: '' });
  // the platform itself publishes directly
  const c = await draft('平台发布');
  expect((await t.call('POST', `/v1/${org.key}/third/${c.id}/publish`, su())).data).toMatchObject({ is_tmp: 0 });
  await t.call('POST', '/v1/check/config', { ...su(), body: { required: false } });
});
