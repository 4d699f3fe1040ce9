/**
 * Who may take part (issue 11, design §1.1): units of the organisation tree and a list of named
 * readers, beside identity categories and grades. A reader out of scope is refused with 40004 and
 * never sees the activity in the list; the units and readers an activity names must be the
 * organisation's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityReaders } from '../src/db/schema.js';
import { MANAGER_PASSWORD, READER_FIRST_PASSWORD, publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
// org ─┬─ faculty ── department
//      └─ other faculty            and a second organisation with its own unit.
let org: { id: number; key: string };
let faculty: { id: number };
let department: { id: number };
let otherFaculty: { id: number };
let stranger: { id: number; key: string };
let strangerUnit: { id: number };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
let seq = 0;
const rid = () => `scope-${Date.now()}-${++seq}`;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('scopelib', { activity_types: [7] });
  faculty = await t.org('scopefac', { parent_id: org.id });
  department = await t.org('scopedep', { parent_id: faculty.id });
  otherFaculty = await t.org('scopefac2', { parent_id: org.id });
  stranger = await t.org('scopeother', { activity_types: [7] });
  strangerUnit = await t.org('scopeotherunit', { parent_id: stranger.id });
});
afterAll(() => t.close());

const reader = (body: Record<string, unknown> = {}, o = org) => signedInReader(t, o, body);
const activity = (over: Record<string, unknown> = {}) => publishedThird(t, org, over);
const join = (token: string, id: number) => t.call('POST', `/v1/${org.key}/client/activities/${id}/join`, { token, body: { request_id: rid() } });
const listed = async (token: string) =>
  ((await t.call('GET', `/v1/${org.key}/client/activities?page_size=100`, { token })).data.items as { id: number }[]).map((a) => a.id);
const expectOutOfScope = (res: Awaited<ReturnType<typeof join>>) => {
  expect([res.status, res.data?.gate, res.message]).toEqual([403, 40004, '您不在本活动参与范围']);
};

describe("a reader's unit", () => {
  it('is set by the administrator and by the reader, only to the organisation or a unit below it', async () => {
    const made = await t.call('POST', `/v1/${org.key}/readers`, { ...su(), body: { account: 'unitreader', password: READER_FIRST_PASSWORD, unit_id: department.id } });
    expect(made.status, made.message).toBe(200);
    expect(made.data.unit_id).toBe(department.id);
    const foreign = await t.call('POST', `/v1/${org.key}/readers/${made.data.id}`, { ...su(), body: { unit_id: strangerUnit.id } });
    expect([foreign.status, foreign.message]).toEqual([422, '所在单位不属于本机构']);
    // the organisation above is not below it either
    const r = await reader({}, stranger);
    const above = await t.call('PUT', `/v1/${stranger.key}/client/me`, { token: r.token, body: { unit_id: org.id } });
    expect([above.status, above.message]).toEqual([422, '所在单位不属于本机构']);
    const own = await t.call('PUT', `/v1/${stranger.key}/client/me`, { token: r.token, body: { unit_id: strangerUnit.id } });
    expect(own.status, own.message).toBe(200);
    expect(own.data.unit_id).toBe(strangerUnit.id);
    expect((await t.call('PUT', `/v1/${stranger.key}/client/me`, { token: r.token, body: { unit_id: null } })).data.unit_id).toBeNull();
  });
});

describe('the scope by units', () => {
  it('lets in readers of a chosen unit and of every unit below it; others get 40004 and do not see it', async () => {
    const inDepartment = await reader({ unit_id: department.id });
    const inFaculty = await reader({ unit_id: faculty.id });
    const elsewhere = await reader({ unit_id: otherFaculty.id });
    const unitless = await reader();
    const act = await activity({ scope: { unit_ids: [faculty.id] } });
    expect(act.scope).toEqual({ unit_ids: [faculty.id] });
    expect((await join(inDepartment.token, act.id)).status).toBe(200);
    expect((await join(inFaculty.token, act.id)).status).toBe(200);
    expectOutOfScope(await join(elsewhere.token, act.id));
    expectOutOfScope(await join(unitless.token, act.id));
    expect(await listed(inDepartment.token)).toContain(act.id);
    expect(await listed(elsewhere.token)).not.toContain(act.id);
    expect(await listed(unitless.token)).not.toContain(act.id);
    expect((await t.call('GET', `/v1/${org.key}/client/activities/${act.id}`, { token: elsewhere.token })).status).toBe(404);

    // the organisation itself as the unit: every reader, with a unit or without
    const whole = await activity({ scope: { unit_ids: [org.id] } });
    expect((await join(unitless.token, whole.id)).status).toBe(200);
    expect((await join(elsewhere.token, whole.id)).status).toBe(200);

    // a reader who moves in is in scope from then on
    await t.call('PUT', `/v1/${org.key}/client/me`, { token: elsewhere.token, body: { unit_id: department.id } });
    expect(await listed(elsewhere.token)).toContain(act.id);
    expect((await join(elsewhere.token, act.id)).status).toBe(200);
  });

  it('units and identities together: both must hold', async () => {
    const student = await reader({ unit_id: department.id, identity: 2 });
    const teacher = await reader({ unit_id: department.id, identity: 1 });
    const act = await activity({ scope: { unit_ids: [faculty.id], identities: [2] } });
    expect((await join(student.token, act.id)).status).toBe(200);
    expectOutOfScope(await join(teacher.token, act.id));
  });

  it('refuses a unit outside the organisation, naming the field', async () => {
    const res = await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '外单位', start_at: now(), end_at: now() + DAY, scope: { unit_ids: [faculty.id, strangerUnit.id] }, config: { link: 'https://p.example.org/x' } } });
    expect([res.status, res.message]).toEqual([422, `参与单位不属于本机构：${strangerUnit.id}`]);
    const many = await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '太多', start_at: now(), end_at: now() + DAY, scope: { unit_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, config: { link: 'https://p.example.org/x' } } });
    expect([many.status, many.message]).toEqual([422, '参与单位最多选择100个']);
  });
});

describe('the scope by a list of readers', () => {
  it('lets in only the named readers; the list is kept until changed, cleared by an empty list, and copied', async () => {
    const named = await reader();
    const other = await reader();
    const act = await activity({ scope: { reader_ids: [named.id, named.id] } });
    expect(act.scope).toEqual({ whitelist_mode: 'LIST' });
    expect((await join(named.token, act.id)).status).toBe(200);
    expectOutOfScope(await join(other.token, act.id));
    expect(await listed(named.token)).toContain(act.id);
    expect(await listed(other.token)).not.toContain(act.id);

    const picks = await t.call('GET', `/v1/${org.key}/activity/${act.id}/readers`, su());
    expect(picks.data).toEqual([{ id: named.id, account: expect.any(String), real_name: '读者' }]);

    // an edit without the list keeps it
    expect((await t.call('POST', `/v1/${org.key}/third/${act.id}`, { ...su(), body: { title: '改名', scope: { identities: [1] } } })).data.scope).toEqual({ identities: [1], whitelist_mode: 'LIST' });
    expectOutOfScope(await join(other.token, act.id));

    // a copy keeps the list
    const copy = await t.call('POST', `/v1/${org.key}/activity/${act.id}/copy`, su());
    expect(copy.status, copy.message).toBe(200);
    expect((await t.db.select().from(activityReaders).where(eq(activityReaders.act_id, copy.data.id))).map((r) => r.reader_id)).toEqual([named.id]);

    // an empty list opens it to everyone again
    const cleared = await t.call('PUT', `/v1/${org.key}/third/${act.id}`, { ...su(), body: { scope: { reader_ids: [] } } });
    expect(cleared.data.scope).toEqual({ identities: [1], whitelist_mode: 'ALL' });
    expect((await join(other.token, act.id)).status).toBe(200);
    expect((await t.call('GET', `/v1/${org.key}/activity/${act.id}/readers`, su())).data).toEqual([]);
  });

  it('takes readers of the organisation only, at most 5,000', async () => {
    const foreign = await reader({}, stranger);
    const res = await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '外读者', start_at: now(), end_at: now() + DAY, scope: { reader_ids: [foreign.id] }, config: { link: 'https://p.example.org/x' } } });
    expect([res.status, res.message]).toEqual([422, `指定读者名单：读者不存在：${foreign.id}`]);
    const many = await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '太多', start_at: now(), end_at: now() + DAY, scope: { reader_ids: Array.from({ length: 5001 }, (_, i) => i + 1) }, config: { link: 'https://p.example.org/x' } } });
    expect([many.status, many.message]).toEqual([422, '指定读者名单最多5000人']);
  });

  it("an activity's list is read only by its own organisation", async () => {
    const act = await activity({ scope: { reader_ids: [(await reader()).id] } });
    await t.manager(stranger.id, 'scopeadmin');
    const token = await t.login('scopeadmin', MANAGER_PASSWORD, stranger.key);
    expect((await t.call('GET', `/v1/${org.key}/activity/${act.id}/readers`, { token })).status).toBe(403);
    expect((await t.call('GET', `/v1/${stranger.key}/activity/${act.id}/readers`, { token })).status).toBe(404);
  });

  it('a draft for several organisations names no units and no readers', async () => {
    const res = await t.call('POST', '/v1/activities/batchCreate', {
      ...su(),
      body: { org_ids: [org.id, stranger.id], activity: { type: 7, title: '批量', start_at: now(), end_at: now() + DAY, scope: { unit_ids: [org.id] }, config: { link: 'https://p.example.org/x' } } },
    });
    expect([res.status, res.message]).toEqual([422, '为多个机构创建时不能指定参与单位或读者名单']);
  });
});
