/**
 * The reader side (issue 11): reader accounts and their tokens, the participation gate with each
 * rule's code and message, the atomic person_limit, idempotent joins and counted views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, captchas } from '../src/db/schema.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const PASSWORD = 'Reader#Pass1';
const NEW_PASSWORD = 'Reader#Pass2';
let seq = 0;
const rid = () => `req-${Date.now()}-${++seq}`;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('readlib', { activity_types: [7, 1] });
  other = await t.org('readother', { activity_types: [7] });
});
afterAll(() => t.close());

/** A reader with a first password set by an administrator, then changed; answers its token. */
async function reader(body: Record<string, unknown> = {}, o = org): Promise<{ id: number; token: string }> {
  const account = `rd${++seq}`;
  const made = await t.call('POST', `/v1/${o.key}/readers`, { ...su(), body: { account, password: PASSWORD, real_name: '读者', phone: '13900000000', identity: 1, ...body } });
  expect(made.status, made.message).toBe(200);
  const login = await t.call('POST', `/v1/${o.key}/client/login`, { body: { account, password: PASSWORD } });
  expect(login.status, login.message).toBe(200);
  expect(login.data.must_change_password).toBe(true);
  const changed = await t.call('PUT', `/v1/${o.key}/client/me/password`, { token: login.data.access_token, body: { old_password: PASSWORD, password: NEW_PASSWORD } });
  expect(changed.status, changed.message).toBe(200);
  return { id: made.data.id, token: login.data.access_token };
}

/** A published third-party activity of `org` with these settings. */
async function activity(over: Record<string, unknown> = {}): Promise<{ id: number }> {
  const res = await t.call('POST', `/v1/${org.key}/third`, {
    ...su(),
    body: { title: `活动${++seq}`, start_at: now() - DAY, end_at: now() + DAY, config: { link: 'https://p.example.org/x' }, ...over },
  });
  expect(res.status, res.message).toBe(200);
  expect((await t.call('POST', `/v1/${org.key}/third/${res.data.id}/publish`, su())).status).toBe(200);
  return res.data;
}

const join = (token: string, id: number, body: Record<string, unknown> = {}, o = org) =>
  t.call('POST', `/v1/${o.key}/client/activities/${id}/join`, { token, body: { request_id: rid(), ...body } });

describe('reader accounts', () => {
  it('a first password from the user list must be changed before anything else', async () => {
    const made = await t.call('POST', `/v1/${org.key}/users`, { ...su(), body: { academic_num: '2024001', real_name: '张同学', sex: 1, department: '文学院', identity: 1 } });
    expect(made.status, made.message).toBe(200);
    const user = made.data as { id: number };
    const set = await t.call('POST', `/v1/${org.key}/users/${user.id}/password`, { ...su(), body: { password: PASSWORD } });
    expect(set.status, set.message).toBe(200);
    expect(set.data).toMatchObject({ account: '2024001', must_change_password: true });
    const login = await t.call('POST', `/v1/${org.key}/client/login`, { body: { account: '2024001', password: PASSWORD } });
    expect(login.data).toMatchObject({ must_change_password: true });
    const token = login.data.access_token;
    const blocked = await t.call('GET', `/v1/${org.key}/client/activities`, { token });
    expect(blocked.status).toBe(403);
    expect(blocked.message).toBe('请先修改初始密码');
    expect((await t.call('GET', `/v1/${org.key}/client/me`, { token })).data).toMatchObject({ account: '2024001', real_name: '张同学', identity: 1, must_change_password: 1 });
    const wrong = await t.call('PUT', `/v1/${org.key}/client/me/password`, { token, body: { old_password: 'nope', password: NEW_PASSWORD } });
    expect(wrong.message).toBe('原密码不正确');
    expect((await t.call('PUT', `/v1/${org.key}/client/me/password`, { token, body: { old_password: PASSWORD, password: NEW_PASSWORD } })).status).toBe(200);
    expect((await t.call('GET', `/v1/${org.key}/client/activities`, { token })).status).toBe(200);
    // an administrator setting the password again ends the reader's sessions
    await t.call('POST', `/v1/${org.key}/users/${user.id}/password`, { ...su(), body: { password: 'Reset#Pass9' } });
    expect((await t.call('GET', `/v1/${org.key}/client/me`, { token })).status).toBe(401);
  });

  it('reader and administrator tokens never cross, nor do two organisations', async () => {
    const r = await reader();
    expect((await t.call('GET', `/v1/org/${org.key}/managers`, { token: r.token })).status).toBe(403);
    expect((await t.call('GET', '/v1/organizations', { token: r.token })).status).toBe(403);
    const asAdmin = await t.call('GET', `/v1/${org.key}/client/activities`, su());
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.message).toBe('请使用读者账号登录');
    expect((await t.call('GET', `/v1/${other.key}/client/activities`, { token: r.token })).status).toBe(403);
  });

  it('registration is refused until the organisation opens it, and takes the password rule', async () => {
    const body = { account: 'newreader', password: 'Fresh#Pass1', real_name: '新读者', phone: '13700000000' };
    const closed = await t.call('POST', `/v1/${org.key}/client/register`, { body });
    expect(closed.status).toBe(403);
    expect(closed.message).toBe('本机构未开放读者注册');
    expect((await t.call('POST', `/v1/${org.key}/readers/config`, { ...su(), body: { register: true } })).data).toEqual({ register: true });
    const weak = await t.call('POST', `/v1/${org.key}/client/register`, { body: { ...body, password: '12345678' } });
    expect(weak.status).toBe(422);
    expect(weak.message).not.toMatch(/^[a-z_][\w.]*: /);
    expect(weak.data.errors[0].field).toBe('password');
    const made = await t.call('POST', `/v1/${org.key}/client/register`, { body });
    expect(made.status, made.message).toBe(200);
    expect(made.data.must_change_password).toBe(false);
    expect((await t.call('GET', `/v1/${org.key}/client/me`, { token: made.data.access_token })).data).toMatchObject({ account: 'newreader', real_name: '新读者' });
  });

  it('the reader sign-in checks the graphical code when it is on', async () => {
    const strict = await testApp();
    try {
      const o = await strict.org('capclib');
      await strict.call('POST', `/v1/${o.key}/readers`, { token: strict.superToken, body: { account: 'capreader', password: PASSWORD } });
      const bad = await strict.call('POST', `/v1/${o.key}/client/login`, { body: { account: 'capreader', password: PASSWORD, key: 'x', code: 'y' } });
      expect(bad.status).toBe(422);
      expect(bad.message).toBe('验证码错误或已过期');
      const cap = await strict.call('POST', `/v1/${o.key}/client/login/verificationCode`);
      const [row] = await strict.db.select().from(captchas).where(eq(captchas.key, cap.data.key));
      const ok = await strict.call('POST', `/v1/${o.key}/client/login`, { body: { account: 'capreader', password: PASSWORD, key: cap.data.key, code: row.code } });
      expect(ok.status, ok.message).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('the participation gate', () => {
  const expectRefused = async (res: Awaited<ReturnType<typeof join>>, status: number, gate: number, message: string | RegExp) => {
    expect(res.status, res.message).toBe(status);
    expect(res.data).toMatchObject({ gate });
    if (typeof message === 'string') expect(res.message).toBe(message);
    else expect(res.message).toMatch(message);
  };

  it('refuses by each rule, in order, with its code and message', async () => {
    const r = await reader();
    const draft = (await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '草稿', start_at: now() - DAY, end_at: now() + DAY, config: { link: 'https://p.example.org/d' } } })).data;
    await expectRefused(await join(r.token, draft.id), 404, 40400, '活动不存在');
    await expectRefused(await join(r.token, 999999), 404, 40400, '活动不存在');

    const paused = await activity();
    await t.call('POST', `/v1/${org.key}/third/${paused.id}/disable`, su());
    await expectRefused(await join(r.token, paused.id), 403, 40003, '活动已暂停');

    await expectRefused(await join(r.token, (await activity({ start_at: now() + DAY, end_at: now() + 2 * DAY })).id), 403, 40001, '活动未开始');
    await expectRefused(await join(r.token, (await activity({ start_at: now() - 2 * DAY, end_at: now() - DAY })).id), 403, 40002, '活动已结束');
    const ended = await activity();
    await t.call('POST', `/v1/${org.key}/third/${ended.id}/end`, su());
    await expectRefused(await join(r.token, ended.id), 403, 40002, '活动已结束');

    // a daily window that excludes now (China time)
    const clock = new Date((now() + 8 * 3600) * 1000).getUTCHours();
    const closedHours = clock >= 2 ? { daily_from: '00:00', daily_to: '01:00' } : { daily_from: '22:00', daily_to: '23:00' };
    await expectRefused(await join(r.token, (await activity(closedHours)).id), 403, 40014, /^不在参与时段（每日/);

    await expectRefused(await join(r.token, (await activity({ scope: { identities: [5] } })).id), 403, 40004, '您不在本活动参与范围');
    expect((await join(r.token, (await activity({ scope: { identities: [1, 5] } })).id)).status).toBe(200);

    const coded = await activity({ access_code: 'READ2024' });
    await expectRefused(await join(r.token, coded.id), 403, 40012, '参与口令不正确');
    expect((await join(r.token, coded.id, { access_code: 'READ2024' })).status).toBe(200);

    const nameless = await reader({ real_name: '', phone: '' });
    const real = await activity({ need_real: 1 });
    await expectRefused(await join(nameless.token, real.id), 403, 40009, '请先完善实名信息');
    await t.call('PUT', `/v1/${org.key}/client/me`, { token: nameless.token, body: { real_name: '补全', phone: '13911112222' } });
    expect((await join(nameless.token, real.id)).status).toBe(200);
  });

  it('a blacklist entry refuses the actions and types it names, until its end, saying why', async () => {
    const r = await reader();
    const act = await activity();
    const ban = await t.call('POST', `/v1/${org.key}/blacklist`, { ...su(), body: { reader_id: r.id, types: [7], actions: ['join'], reason: '多次爽约', start_at: now() - 60, end_at: now() + 10 * DAY } });
    expect(ban.status, ban.message).toBe(200);
    await expectRefused(await join(r.token, act.id), 403, 40005, /^因多次爽约，您已被限制参与该功能，至\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // another type is not covered
    const original = (await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '征文', start_at: now() - DAY, end_at: now() + DAY, config: { work: { creation_types: [{ id: 1, name: '征文', media: 'text' }] } } } })).data;
    await t.call('POST', `/v1/${org.key}/original/${original.id}/publish`, su());
    expect((await join(r.token, original.id)).status).toBe(200);
    // lifted (deleted), the join goes through
    await t.call('DELETE', `/v1/${org.key}/blacklist/${ban.data.id}`, su());
    expect((await join(r.token, act.id)).status).toBe(200);
    // another organisation's reader cannot be blacklisted here (composite key)
    const foreign = await reader({}, other);
    const refused = await t.call('POST', `/v1/${org.key}/blacklist`, { ...su(), body: { reader_id: foreign.id, start_at: now() } });
    expect(refused.status).toBe(422);
    expect(refused.message).not.toMatch(/^[a-z_][\w.]*: /);
    expect(refused.data.errors[0].field).toBe('reader_id');
  });

  it('person_limit holds under 50 parallel joins of 50 readers', { timeout: 120_000 }, async () => {
    const act = await activity({ person_limit: 10 });
    // Signed in one after another: more than 10 sign-ins in flight from one address are throttled.
    const crowd: { id: number; token: string }[] = [];
    for (let i = 0; i < 50; i++) crowd.push(await reader());
    const answers = await Promise.all(crowd.map((r) => join(r.token, act.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const full = answers.filter((a) => a.status !== 200);
    expect(full).toHaveLength(40);
    for (const a of full) expect([a.status, a.data?.gate, a.message]).toEqual([409, 40006, '名额已满']);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, act.id));
    expect(row.join_num).toBe(10);
    const joins = await t.call('GET', `/v1/${org.key}/client/activities/${act.id}`, { token: crowd[0].token });
    expect(joins.data.mine.places_left).toBe(0);
  });

  it('a replayed request_id answers the first result; parallel joins of one reader count once', async () => {
    const r = await reader();
    const act = await activity({ person_limit: 5 });
    const body = { request_id: rid() };
    const first = await join(r.token, act.id, body);
    expect(first.status).toBe(200);
    const again = await join(r.token, act.id, body);
    expect(again.data).toEqual(first.data);
    // a refusal is replayed too, even after the cause is gone
    const paused = await activity();
    await t.call('POST', `/v1/${org.key}/third/${paused.id}/disable`, su());
    const refusedBody = { request_id: rid() };
    expect((await join(r.token, paused.id, refusedBody)).status).toBe(403);
    await t.call('POST', `/v1/${org.key}/third/${paused.id}/enable`, su());
    expect((await join(r.token, paused.id, refusedBody)).status).toBe(403);
    expect((await join(r.token, paused.id)).status).toBe(200);
    // the same reader joining ten times at once, with different request ids: one join
    const twin = await reader();
    const many = await Promise.all(Array.from({ length: 10 }, () => join(twin.token, act.id)));
    expect(many.every((a) => a.status === 200)).toBe(true);
    expect(new Set(many.map((a) => a.data.join_id)).size).toBe(1);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, act.id));
    expect(row.join_num).toBe(2);
  });

  it('the list shows published activities in scope; a view counts and shows the reader own status', async () => {
    const r = await reader({ identity: 2 });
    const open = await activity();
    const narrow = await activity({ scope: { identities: [1] } });
    const list = await t.call('GET', `/v1/${org.key}/client/activities?page_size=100`, { token: r.token });
    const ids = list.data.items.map((a: { id: number }) => a.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(narrow.id);
    expect(list.data.items.every((a: Record<string, unknown>) => !('access_code' in a) && !('callback_secret' in (a.config as object)))).toBe(true);
    const views = await Promise.all(Array.from({ length: 5 }, () => t.call('GET', `/v1/${org.key}/client/activities/${open.id}`, { token: r.token })));
    expect(Math.max(...views.map((v) => v.data.view_count))).toBe(5);
    expect(views[0].data.mine).toMatchObject({ joined: false, refusal: null, places_left: null });
    expect((await t.call('GET', `/v1/${org.key}/client/activities/${narrow.id}`, { token: r.token })).status).toBe(404);
  });

  it('mine=1 lists only the activities the reader joined (我的活动), with their state', async () => {
    const r = await reader();
    const [joined, notJoined] = [await activity(), await activity()];
    expect((await join(r.token, joined.id)).status).toBe(200);
    const other = await reader();
    expect((await join(other.token, notJoined.id)).status).toBe(200);
    const mine = await t.call('GET', `/v1/${org.key}/client/activities?mine=1`, { token: r.token });
    expect(mine.status, mine.message).toBe(200);
    expect(mine.data.items.map((a: { id: number; act_state: number }) => [a.id, a.act_state])).toEqual([[joined.id, 2]]);
    const bad = await t.call('GET', `/v1/${org.key}/client/activities?mine=x`, { token: r.token });
    expect(bad.status).toBe(422);
    expect(bad.message).toContain('我的活动');
  });
});

describe('the public figures of an activity (alter/viewCount)', () => {
  it('answers a published activity without sign-in, and 404 for a draft or another organisation', async () => {
    const act = await activity({ title: '公开活动' });
    const res = await t.call('GET', `/v1/${org.key}/activity/${act.id}/public`);
    expect(res.status, res.message).toBe(200);
    expect(res.data).toMatchObject({ id: act.id, title: '公开活动', type: 7, org_name: 'readlib机构', act_state: 2, view_count: 0, join_num: 0 });
    expect(Object.keys(res.data)).not.toContain('config');
    const draft = (await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '草稿', start_at: now() - DAY, end_at: now() + DAY, config: { link: 'https://p.example.org/d' } } })).data;
    expect((await t.call('GET', `/v1/${org.key}/activity/${draft.id}/public`)).status).toBe(404);
    expect((await t.call('GET', `/v1/${other.key}/activity/${act.id}/public`)).status).toBe(404);
  });
});
