/**
 * `GET /v1/{org}/userReal/{id}` (spec §7 "Other"): a reader's real-name information for the
 * organisation's administrators — complete as activities needing a real name require (a name and
 * a phone), and verified when the organisation's roster (an imported user) carries the same name.
 * Another organisation's reader is 404 like a missing one; a bad id names the field.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MANAGER_PASSWORD, ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let manager: string;
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('reallib');
  other = await t.org('realother');
  await t.manager(org.id, 'real1');
  manager = await t.login('real1', MANAGER_PASSWORD, org.key);
});
afterAll(() => t.close());

it('an imported user is verified by the roster; complete once the reader gives a phone', async () => {
  const user = await ok(t.call('POST', `/v1/${org.key}/users`, { ...su(), body: { academic_num: 'R2024001', real_name: '林实名', sex: 1, department: '文学院', identity: 1 } }));
  await ok(t.call('POST', `/v1/${org.key}/users/${user.id}/password`, { ...su(), body: { password: 'Real#First1' } }));
  const login = await ok(t.call('POST', `/v1/${org.key}/client/login`, { body: { account: 'R2024001', password: 'Real#First1' } }));
  const token = login.access_token as string;
  const me = await ok(t.call('GET', `/v1/${org.key}/client/me`, { token }));

  const before = await ok(t.call('GET', `/v1/${org.key}/userReal/${me.id}`, { token: manager }));
  expect(before).toMatchObject({ id: me.id, account: 'R2024001', real_name: '林实名', phone: '', academic_num: 'R2024001', source: 'user', complete: false, verified: true, roster: { name: '林实名', number: 'R2024001' } });
  expect(before).not.toHaveProperty('password_hash');

  await ok(t.call('PUT', `/v1/${org.key}/client/me/password`, { token, body: { old_password: 'Real#First1', password: 'Real#Second2' } }));
  await ok(t.call('PUT', `/v1/${org.key}/client/me`, { token, body: { phone: '13900000001' } }));
  expect(await ok(t.call('GET', `/v1/${org.key}/userReal/${me.id}`, { token: manager }))).toMatchObject({ phone: '13900000001', complete: true, verified: true });

  // A name changed away from the roster's is no longer vouched for.
  await ok(t.call('PUT', `/v1/${org.key}/client/me`, { token, body: { real_name: '林改名' } }));
  expect(await ok(t.call('GET', `/v1/${org.key}/userReal/${me.id}`, { token: manager }))).toMatchObject({ real_name: '林改名', complete: true, verified: false });
});

it('a reader an administrator made is self-declared: not verified, no roster', async () => {
  const r = await ok(t.call('POST', `/v1/${org.key}/readers`, { ...su(), body: { account: 'realself', password: 'Reader#First1', real_name: '王自填', phone: '13900000002' } }));
  expect(await ok(t.call('GET', `/v1/${org.key}/userReal/${r.id}`, { token: manager }))).toMatchObject({ id: r.id, real_name: '王自填', complete: true, verified: false, roster: null });
});

it('another organisation’s reader is 404, an unknown id 404, a bad id 422 naming it, no token 401', async () => {
  const theirs = await ok(t.call('POST', `/v1/${other.key}/readers`, { ...su(), body: { account: 'realtheirs', password: 'Reader#First1', real_name: '外机构' } }));
  const foreign = await t.call('GET', `/v1/${org.key}/userReal/${theirs.id}`, { token: manager });
  expect([foreign.status, foreign.message]).toEqual([404, '读者不存在']);
  expect((await t.call('GET', `/v1/${org.key}/userReal/99999999`, { token: manager })).status).toBe(404);
  const bad = await t.call('GET', `/v1/${org.key}/userReal/abc`, { token: manager });
  expect(bad.status).toBe(422);
  expect(bad.message).toMatch(/id|ID/);
  expect((await t.call('GET', `/v1/${other.key}/userReal/${theirs.id}`, { token: manager })).status).toBe(403);
  expect((await t.call('GET', `/v1/${org.key}/userReal/${theirs.id}`, { token: null })).status).toBe(401);
});
