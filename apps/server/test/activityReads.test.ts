/**
 * General reads of spec §7 that the activity forms need: activity types with the organisation's
 * authorised ones enabled, creation and contest kinds, the unit tree (whole and below), and the
 * organisation's public information.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, CONTEST_TYPES, CREATION_TYPES } from '@huodong/domain';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let root: { id: number; key: string };
let adminToken = '';
let foreignToken = '';
const ids = { a: 0, a1: 0, b: 0, stranger: 0 };

beforeAll(async () => {
  t = await testApp();
  root = await t.org('unitroot', { address: '人民路1号', contact: '张老师', phone: '010-1234', logo: '/v1/files/logo/x.png' });
  ids.a = (await t.org('unita', { parent_id: root.id })).id;
  ids.b = (await t.org('unitb', { parent_id: root.id })).id;
  ids.a1 = (await t.org('unita1', { parent_id: ids.a })).id;
  ids.stranger = (await t.org('unitstranger')).id;
  await t.manager(root.id, 'unitadmin', 'normal');
  await t.manager(ids.stranger, 'strangeradmin', 'admin');
  adminToken = await t.login('unitadmin', MANAGER_PASSWORD, root.key);
  foreignToken = await t.login('strangeradmin', MANAGER_PASSWORD, 'unitstranger');
  await t.call('POST', `/v1/organizations/${root.id}/authorize`, { token: t.superToken, body: { module_ids: [], activity_types: [1, 7, 19] } });
});
afterAll(() => t.close());

const get = (url: string, token: string | null = adminToken) => t.call('GET', url, { token });

describe('general reads for activities', () => {
  it('activityTypes: the eleven types of spec §1 with their Chinese names, enabled as authorised', async () => {
    const res = await get(`/v1/${root.key}/activityTypes`);
    expect(res.status, res.message).toBe(200);
    expect(res.data.map((x: { value: number }) => x.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19]);
    for (const x of res.data) expect(x).toEqual({ value: x.value, label: ACTIVITY_TYPES[x.value], enabled: [1, 7, 19].includes(x.value) });
    const none = await get(`/v1/unitstranger/activityTypes`, foreignToken);
    expect(none.data.every((x: { enabled: boolean }) => !x.enabled)).toBe(true);
    expect((await get(`/v1/${root.key}/activityTypes`, foreignToken)).status).toBe(403);
    expect((await get(`/v1/${root.key}/activityTypes`, null)).status).toBe(401);
  });

  it('creation types (organisation and platform) and contest kinds', async () => {
    const org = await get(`/v1/${root.key}/creationTypes`);
    expect(org.data).toEqual([
      { value: 'text', label: '文字' },
      { value: 'image', label: '图片' },
      { value: 'audio', label: '音频' },
      { value: 'video', label: '视频' },
      { value: 'file', label: '文档' },
      { value: 'link', label: '链接' },
    ]);
    expect((await get('/v1/creation/type', t.superToken)).data).toEqual(CREATION_TYPES);
    expect((await get('/v1/creation/type')).status).toBe(403);
    expect((await get('/v1/contest/type', t.superToken)).data).toEqual([
      { value: 3, label: '单轮' },
      { value: 6, label: '进阶' },
    ]);
    expect((await get('/v1/contest/type')).data).toEqual(CONTEST_TYPES);
    expect((await get('/v1/contest/type', null)).status).toBe(401);
  });

  it('unit: the organisation and every unit below it as the cascader tree; under/unit: only those below', async () => {
    const tree = await get(`/v1/${root.key}/unit`);
    expect(tree.status, tree.message).toBe(200);
    expect(tree.data).toEqual([
      {
        label: 'unitroot机构',
        value: root.id,
        children: [
          { label: 'unita机构', value: ids.a, children: [{ label: 'unita1机构', value: ids.a1 }] },
          { label: 'unitb机构', value: ids.b },
        ],
      },
    ]);
    expect((await get(`/v1/${root.key}/under/unit`)).data).toEqual(tree.data[0].children);
    // a leaf: itself, and nothing below
    expect((await get('/v1/unita1/unit', t.superToken)).data).toEqual([{ label: 'unita1机构', value: ids.a1 }]);
    expect((await get('/v1/unita1/under/unit', t.superToken)).data).toEqual([]);
    // a unit's tree never reaches above it
    expect((await get('/v1/unita/unit', t.superToken)).data).toEqual([{ label: 'unita机构', value: ids.a, children: [{ label: 'unita1机构', value: ids.a1 }] }]);
    expect((await get(`/v1/${root.key}/unit`, foreignToken)).status).toBe(403);
  });

  it("website/org: the organisation's public information", async () => {
    const res = await get(`/v1/${root.key}/website/org`);
    expect(res.data).toEqual({ key: root.key, name: 'unitroot机构', logo: '/v1/files/logo/x.png', address: '人民路1号', contact: '张老师', phone: '010-1234' });
    expect((await get(`/v1/${root.key}/website/org`, foreignToken)).status).toBe(403);
  });
});
