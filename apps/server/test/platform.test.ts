import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY_BY_SUPER,
  ORG_HAS_CHILDREN,
  ORG_HAS_MEMBERS,
  ORG_KEY_INVALID,
  ORG_KEY_RESERVED,
  ORG_PARENT_CYCLE,
  SUPER_SELF_GUARD,
} from '@huodong/domain';
import { eq } from 'drizzle-orm';
import { ACTIVITY_KINDS } from '@huodong/domain';
import { captchas, organizations } from '../src/db/schema.js';
import { ORG_PAUSED } from '../src/auth/access.js';
import { seedDemo } from '../src/seed/seed.js';
import { demoSteps, demoStepsOf } from '../src/seed/demo.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/families/platform.js';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
const PW = 'Secret#123';
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });
const newOrg = (key: string, extra: Record<string, unknown> = {}) => ok(t.call('POST', '/v1/organizations', { ...su(), body: { key, name: `${key}图书馆`, ...extra } }));
const newManager = (org: string, account: string, type = 'normal', token = t.superToken) =>
  t.call('POST', `/v1/org/${org}/managers`, { token, body: { account, real_name: account, type, password: PW } });

describe('organisations', () => {
  it('refuses a malformed, reserved or taken key, naming the field', async () => {
    for (const [key, message] of [
      ['Upper', ORG_KEY_INVALID],
      ['a', ORG_KEY_INVALID],
      ['has-dash', ORG_KEY_INVALID],
      ['super', ORG_KEY_RESERVED],
      ['error404', ORG_KEY_RESERVED],
      ['uploadmore', ORG_KEY_RESERVED],
      ['tags', ORG_KEY_RESERVED],
    ]) {
      const res = await t.call('POST', '/v1/organizations', { ...su(), body: { key, name: '测试' } });
      expect(res.status, key).toBe(422);
      expect(res.message).toBe(message);
      expect(res.data.errors[0].field).toBe('key');
    }
    await newOrg('keytaken');
    const dup = await t.call('POST', '/v1/organizations', { ...su(), body: { key: 'keytaken', name: '重复' } });
    expect(dup.status).toBe(422);
    expect(dup.message).toBe('机构标识已存在');
  });

  it('keeps the key fixed after creation', async () => {
    const o = await newOrg('fixedkey');
    const res = await ok(t.call('POST', `/v1/organizations/${o.id}`, { ...su(), body: { key: 'otherkey', name: '改名' } }));
    expect(res).toMatchObject({ key: 'fixedkey', name: '改名' });
  });

  it('serves its static routes next to /{id}: types, list (cascader tree) and names', async () => {
    const type = await ok(t.call('POST', '/v1/organizations/types', { ...su(), body: { name: '区县图书馆' } }));
    const types = await ok(t.call('GET', '/v1/organizations/types', su()));
    expect(types.items.map((x: { name: string }) => x.name)).toContain('区县图书馆');
    const district = await newOrg('district', { type_id: type.id });
    const branch = await newOrg('branch1', { parent_id: district.id });
    const leaf = await newOrg('branch1a', { parent_id: branch.id });
    const tree = await ok(t.call('GET', '/v1/organizations/list', su()));
    const node = tree.find((n: { value: number }) => n.value === district.id);
    expect(node).toEqual({ label: 'district图书馆', value: district.id, children: [{ label: 'branch1图书馆', value: branch.id, children: [{ label: 'branch1a图书馆', value: leaf.id }] }] });
    const names = await ok(t.call('GET', '/v1/organizations/names', su()));
    expect(names).toContainEqual({ id: branch.id, name: 'branch1图书馆', key: 'branch1' });
    // A parent cannot be the organisation itself or one below it.
    const cycle = await t.call('POST', `/v1/organizations/${district.id}`, { ...su(), body: { parent_id: leaf.id } });
    expect(cycle.status).toBe(422);
    expect(cycle.message).toBe(ORG_PARENT_CYCLE);
    const missing = await t.call('POST', '/v1/organizations', { ...su(), body: { key: 'orphan', name: '孤儿', parent_id: 999999 } });
    expect(missing.status).toBe(422);
    expect(missing.message).toBe('上级机构不存在');
    // Deleting a parent alone is refused; together with all of its children it works.
    const lone = await t.call('DELETE', `/v1/organizations/${branch.id}`, su());
    expect(lone.status).toBe(422);
    expect(lone.message).toBe(ORG_HAS_CHILDREN('branch1图书馆'));
    expect(await ok(t.call('POST', '/v1/organizations/batchDelete', { ...su(), body: { ids: [branch.id, leaf.id] } }))).toEqual({ deleted: 2 });
  });

  it('authorises modules and activity types, refusing unknown ones', async () => {
    const o = await newOrg('authz');
    const m = await ok(t.call('POST', '/v1/modules', { ...su(), body: { name: '阅读打卡', code: 'read_clock' } }));
    const done = await ok(t.call('POST', `/v1/organizations/${o.id}/authorize`, { ...su(), body: { module_ids: [m.id, m.id], activity_types: [8, 1] } }));
    expect(done).toMatchObject({ module_ids: [m.id], activity_types: [1, 8] });
    const badModule = await t.call('POST', `/v1/organizations/${o.id}/authorize`, { ...su(), body: { module_ids: [999999], activity_types: [] } });
    expect(badModule.status).toBe(422);
    expect(badModule.message).toBe('模块不存在：999999');
    const badType = await t.call('POST', `/v1/organizations/${o.id}/authorize`, { ...su(), body: { module_ids: [], activity_types: [10] } });
    expect(badType.status).toBe(422);
    expect(badType.message).toMatch(/^活动类型不存在/);
    // Deleting a module takes it out of every authorisation.
    await ok(t.call('DELETE', `/v1/modules/${m.id}`, su()));
    expect((await ok(t.call('GET', `/v1/organizations/${o.id}`, su()))).module_ids).toEqual([]);
  });

  it('disabling an organisation revokes its managers’ tokens and its sign-in refuses', async () => {
    const o = await newOrg('pauselib');
    await ok(newManager('pauselib', 'pausemgr', 'admin'));
    const token = await t.login('pausemgr', PW, 'pauselib');
    expect((await t.call('GET', '/v1/pauselib/self', { token })).status).toBe(200);
    await ok(t.call('POST', `/v1/organizations/${o.id}/disable`, su()));
    expect((await t.call('GET', '/v1/pauselib/self', { token })).status).toBe(401);
    await expect(t.login('pausemgr', PW, 'pauselib')).rejects.toThrow(new RegExp(ORG_PAUSED));
    await ok(t.call('POST', `/v1/organizations/${o.id}/enable`, su()));
    expect((await t.call('GET', '/v1/pauselib/self', { token })).status).toBe(401); // revoked stays revoked
    const again = await t.login('pausemgr', PW, 'pauselib');
    expect((await t.call('GET', '/v1/pauselib/self', { token: again })).status).toBe(200);
  });

  it('refuses deleting an organisation that still has managers', async () => {
    const o = await newOrg('busylib');
    const m = await ok(newManager('busylib', 'busymgr'));
    const res = await t.call('POST', '/v1/organizations/batchDelete', { ...su(), body: { ids: [o.id] } });
    expect(res.status).toBe(422);
    expect(res.message).toBe(ORG_HAS_MEMBERS('busylib图书馆'));
    expect(await t.db.select().from(organizations).where(eq(organizations.id, o.id))).toHaveLength(1);
    await ok(t.call('DELETE', `/v1/org/busylib/managers/${m.id}`, su()));
    await ok(t.call('DELETE', `/v1/organizations/${o.id}`, su()));
  });
});

describe('super administrators', () => {
  it('cannot disable or delete themselves, alone or in a batch; disabling another revokes its tokens', async () => {
    const root = (await ok(t.call('GET', '/v1/supers/self', su()))).id;
    for (const [method, url, body] of [
      ['POST', `/v1/supers/${root}/disable`, undefined],
      ['DELETE', `/v1/supers/${root}`, undefined],
      ['POST', '/v1/supers/batchDelete', { ids: [root] }],
    ] as const) {
      const res = await t.call(method, url, { ...su(), body });
      expect(res.status).toBe(422);
      expect(res.message).toBe(SUPER_SELF_GUARD);
    }
    const other = await ok(t.call('POST', '/v1/supers', { ...su(), body: { account: 'second', real_name: '第二超管', password: PW } }));
    expect(other).not.toHaveProperty('password_hash');
    const mixed = await t.call('POST', '/v1/supers/batchDelete', { ...su(), body: { ids: [root, other.id] } });
    expect(mixed.status).toBe(422);
    expect((await t.call('GET', `/v1/supers/${other.id}`, su())).status).toBe(200);
    const token = await t.login('second', PW);
    expect((await t.call('GET', '/v1/supers/self', { token })).status).toBe(200);
    await ok(t.call('POST', `/v1/supers/${other.id}/disable`, su()));
    expect((await t.call('GET', '/v1/supers/self', { token })).status).toBe(401);
    await expect(t.login('second', PW)).rejects.toThrow(/账号已被停用/);
    const dup = await t.call('POST', '/v1/supers', { ...su(), body: { account: 'second', real_name: '重复', password: PW } });
    expect(dup.status).toBe(422);
    expect(dup.message).toBe('账号已存在');
  });

  it('sets page permissions of known pages only', async () => {
    const s = await ok(t.call('POST', '/v1/supers', { ...su(), body: { account: 'perm', real_name: '权限', password: PW } }));
    const pages = await ok(t.call('GET', '/v1/supers/authorize', su()));
    expect(pages).toContainEqual({ path: 'orgManage', title: '机构管理', group: '机构管理' });
    expect((await ok(t.call('POST', `/v1/supers/${s.id}/permission`, { ...su(), body: { permissions: ['orgManage', 'orgManage'] } }))).permissions).toEqual(['orgManage']);
    const bad = await t.call('POST', `/v1/supers/${s.id}/permission`, { ...su(), body: { permissions: ['adminManager'] } });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('可用页面：页面不存在：adminManager');
  });
});

describe('organisation managers', () => {
  let admin: string;
  let otherAdminId: number;
  beforeAll(async () => {
    await newOrg('mlib');
    await newOrg('mlib2');
    await ok(newManager('mlib', 'madmin', 'admin'));
    otherAdminId = (await ok(newManager('mlib', 'madmin2', 'admin'))).id;
    await ok(newManager('mlib2', 'foreignadm', 'admin'));
    admin = await t.login('madmin', PW, 'mlib');
  });

  it('an organisation administrator manages only ordinary administrators of its own organisation', async () => {
    const created = await ok(newManager('mlib', 'mnormal', 'normal', admin));
    expect(created).toMatchObject({ type: 'normal' });
    const promote = await newManager('mlib', 'mpromote', 'admin', admin);
    expect(promote.status).toBe(403);
    expect(promote.message).toBe(ADMIN_ONLY_BY_SUPER);
    const up = await t.call('POST', `/v1/org/mlib/managers/${created.id}`, { token: admin, body: { type: 'admin' } });
    expect(up.status).toBe(403);
    expect((await t.call('POST', `/v1/org/mlib/managers/${otherAdminId}`, { token: admin, body: { real_name: 'x' } })).status).toBe(404);
    expect((await t.call('POST', `/v1/org/mlib/managers/${otherAdminId}/disable`, { token: admin })).status).toBe(404);
    const batch = await ok(t.call('POST', '/v1/org/mlib/managers/batchDelete', { token: admin, body: { ids: [otherAdminId, created.id] } }));
    expect(batch).toEqual({ deleted: 1 });
    expect((await t.call('GET', `/v1/org/mlib/managers/${otherAdminId}`, su())).data).toMatchObject({ real_name: 'madmin2', is_pause: 0 });
    expect((await t.call('GET', '/v1/org/mlib2/managers', { token: admin })).status).toBe(403);
    expect((await newManager('mlib2', 'intruder', 'normal', admin)).status).toBe(403);
  });

  it('an ordinary administrator only reads', async () => {
    await ok(newManager('mlib', 'reader', 'normal', admin));
    const reader = await t.login('reader', PW, 'mlib');
    expect((await t.call('GET', '/v1/org/mlib/managers', { token: reader })).status).toBe(200);
    expect((await newManager('mlib', 'byreader', 'normal', reader)).status).toBe(403);
  });

  it('disabling a manager revokes all of its tokens at once', async () => {
    const m = await ok(newManager('mlib', 'twodev', 'normal', admin));
    const a = await t.login('twodev', PW, 'mlib');
    const b = await t.login('twodev', PW, 'mlib');
    await ok(t.call('POST', `/v1/org/mlib/managers/${m.id}/disable`, { token: admin }));
    expect((await t.call('GET', '/v1/mlib/self', { token: a })).status).toBe(401);
    expect((await t.call('GET', '/v1/mlib/self', { token: b })).status).toBe(401);
    await ok(t.call('POST', `/v1/org/mlib/managers/${m.id}/enable`, { token: admin }));
    expect((await t.call('GET', '/v1/mlib/self', { token: a })).status).toBe(401);
    const fresh = await t.login('twodev', PW, 'mlib');
    // A new password also ends the old sessions.
    await ok(t.call('PUT', `/v1/org/mlib/managers/${m.id}`, { token: admin, body: { password: 'Changed#999' } }));
    expect((await t.call('GET', '/v1/mlib/self', { token: fresh })).status).toBe(401);
    await expect(t.login('twodev', PW, 'mlib')).rejects.toThrow(/账号或密码错误/);
    expect(await t.login('twodev', 'Changed#999', 'mlib')).toBeTruthy();
  });

  it('maps unique and foreign-key violations to 422 naming the field', async () => {
    const dup = await newManager('mlib', 'madmin');
    expect(dup.status).toBe(422);
    expect(dup.message).toBe('账号已存在');
    expect((await newManager('mlib2', 'madmin')).status).toBe(200); // unique per organisation only
    const role = await t.call('POST', '/v1/org/mlib/managers', { ...su(), body: { account: 'norole', real_name: 'x', password: PW, role_id: 999999 } });
    expect(role.status).toBe(422);
    expect(role.message).toBe('角色不存在');
    await ok(t.call('POST', '/v1/tags', { ...su(), body: { name: '重复标签' } }));
    const tag = await t.call('POST', '/v1/tags', { ...su(), body: { name: '重复标签' } });
    expect(tag.message).toBe('标签名称已存在');
  });

  it('lists organisations with manager counts, roles for the form and grantable pages', async () => {
    const page = await ok(t.call('GET', '/v1/managers/organizations?keyword=mlib&page_size=100', su()));
    const row = page.items.find((o: { key: string }) => o.key === 'mlib');
    const count = (await ok(t.call('GET', '/v1/org/mlib/managers?page_size=100', su())))._meta.totalCount;
    const admins = (await ok(t.call('GET', '/v1/org/mlib/managers?type=admin&page_size=100', su())))._meta.totalCount;
    expect(row).toMatchObject({ manager_count: count, admin_count: admins });
    expect(admins).toBe(2);
    await ok(t.call('POST', '/v1/managers/roles', { ...su(), body: { name: '活动编辑', permissions: ['adminAct/adminOri'] } }));
    expect(await ok(t.call('GET', '/v1/org/mlib/managers/roles', { token: admin }))).toContainEqual(expect.objectContaining({ name: '活动编辑' }));
    expect((await t.call('GET', '/v1/managers/organizations', { token: admin })).status).toBe(403);
    const pages = await ok(t.call('GET', '/v1/org/mlib/managers/authorize', { token: admin }));
    expect(pages.map((p: { path: string }) => p.path)).toContain('adminManager');
  });
});

describe('sellers', () => {
  it('lists the organisations a seller signed up, newest first, with a count', async () => {
    const s = await ok(t.call('POST', '/v1/sellers', { ...su(), body: { name: '王销售', region: '华东' } }));
    const a = await newOrg('sella', { seller_id: s.id });
    const b = await newOrg('sellb', { seller_id: s.id });
    const list = await ok(t.call('GET', `/v1/sellers/new/${s.id}`, su()));
    expect(list.items.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect((await ok(t.call('GET', `/v1/sellers/${s.id}`, su()))).org_count).toBe(2);
    expect((await t.call('GET', '/v1/sellers/new/999999', su())).status).toBe(404);
  });
});


describe('demo data', () => {
  it('a test can seed some families: they come with the families they build on, in the demo order', () => {
    const names = (steps: { name: string }[]) => steps.map((s) => s.name);
    const contests = names(demoStepsOf('contests'));
    expect(contests.at(-1)).toBe('contests');
    for (const needed of [...names(demoStepsOf('orgUsers')), ...names(demoStepsOf('questions'))]) expect(contests).toContain(needed);
    expect(contests).not.toContain('survey');
    expect(contests).not.toContain('activities');
    expect(names(demoStepsOf('survey', 'contests', 'judging', 'voting', 'content', 'offline', 'readClock', 'points', 'scanCodes', 'lecture', 'statistics', 'cases', 'home', 'redpack'))).toEqual(names(demoSteps));
  });

  // The whole seed twice: about 140 s in CI alone, over 300 s on a machine busy with other work.
  it('is made through the API, can be run twice, and its accounts sign in', { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.app);
    expect(first.organizations).toBeGreaterThanOrEqual(6);
    expect(first.carousel).toBeGreaterThanOrEqual(3);
    expect(first.digitalGroups).toBeGreaterThanOrEqual(2);
    expect(first.offlineAddresses).toBeGreaterThanOrEqual(2);
    const again = await seedDemo(t.app);
    expect(again.organizations).toBe(0);
    expect([again.carousel, again.digitalResources, again.digitalGroups, again.offlineAddresses]).toEqual([0, 0, 0, 0]);
    expect(first.activities).toBeGreaterThanOrEqual(24);
    expect(first.participation).toBeGreaterThanOrEqual(9);
    expect([again.activities, again.participation]).toEqual([0, 0]);
    // every demo organisation has a published activity in progress open to all its readers
    const orgs = (await ok(t.call('GET', '/v1/organizations?page_size=100', su()))).items as { key: string; activity_types: number[] }[];
    expect(orgs.filter((o) => o.activity_types.length).length).toBeGreaterThanOrEqual(8);
    for (const o of orgs.filter((x) => x.activity_types.length)) {
      let running = 0;
      for (const type of o.activity_types as (keyof typeof ACTIVITY_KINDS)[]) {
        const path = ACTIVITY_KINDS[type].path.replace('{org}', o.key);
        const rows = (await ok(t.call('GET', `${path}?act_state=2&is_tmp=0&page_size=100`, su()))).items as { scope: { identities?: number[] } }[];
        running += rows.filter((r) => !r.scope.identities?.length).length;
      }
      expect(running, o.key).toBeGreaterThanOrEqual(1);
    }
    const szRunning = await ok(t.call('GET', '/v1/szlib/third?act_state=2&is_tmp=0', su()));
    expect(szRunning.items.length).toBeGreaterThanOrEqual(1);
    expect(szRunning.items[0].join_num).toBeGreaterThanOrEqual(3);
    // a demo reader signs in with the documented password
    const login = await t.call('POST', '/v1/szlib/client/login/verificationCode');
    const [cap] = await t.db.select().from(captchas).where(eq(captchas.key, login.data.key));
    const signed = await t.call('POST', '/v1/szlib/client/login', { body: { account: 'SZ00001', password: 'Reader#2024', key: login.data.key, code: cap.code } });
    expect(signed.status, signed.message).toBe(200);
    expect(signed.data.must_change_password).toBe(false);
    // the carousel's pictures were uploaded through the upload route and are served as images
    const carousel = await ok(t.call('GET', '/v1/szlib/carousel', su()));
    expect(carousel.items.length).toBe(3);
    const picture = await t.app.inject({ method: 'GET', url: carousel.items[0].image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    // a group lists its resources in order, with their names
    const groups = await ok(t.call('GET', '/v1/szlib/digitalgroup', su()));
    const must = groups.items.find((g: { name: string }) => g.name === '中小学必读');
    const members = await ok(t.call('GET', `/v1/szlib/digitalgroup/${must.id}/resource`, su()));
    expect(members.items.map((m: { title: string }) => m.title)).toEqual(['红楼梦', '朝花夕拾', '城南旧事（有声书）']);
    for (const a of DEMO_ACCOUNTS.orgAdmins.slice(0, 2)) {
      const token = await t.login(a.account, DEMO_PASSWORD, a.org);
      expect((await ok(t.call('GET', `/v1/${a.org}/self`, { token }))).type).toBe('admin');
    }
    expect(await t.login('operator', DEMO_PASSWORD)).toBeTruthy();
    const tree = await ok(t.call('GET', '/v1/organizations/list', su()));
    const district = tree.find((n: { label: string }) => n.label === '海淀区图书馆');
    expect(district.children).toHaveLength(2);
  });
});
