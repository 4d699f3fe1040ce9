/**
 * What the generated resource tests do not reach: filter modes (`in`, `range`) checked by their
 * field's type, and the database refusing a child that points at another organisation's row.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let a: { id: number; key: string };
let b: { id: number; key: string };
beforeAll(async () => {
  t = await testApp();
  a = await t.org('macha');
  b = await t.org('machb');
});
afterAll(() => t.close());

const post = (url: string, body: unknown) => t.call('POST', url, { token: t.superToken, body });
const ids = async (url: string) => ((await t.call('GET', url, { token: t.superToken })).data.items as { id: number }[]).map((r) => r.id).sort((x, y) => x - y);

it('an `in` filter keeps the listed values and names the field when one is not an option', async () => {
  const made = [];
  for (const kind of [1, 2, 3]) made.push((await post(`/v1/${a.key}/digitalresource`, { title: `类型${kind}`, kind })).data.id);
  expect(await ids(`/v1/${a.key}/digitalresource?kind=1,3`)).toEqual([made[0], made[2]]);
  expect(await ids(`/v1/${a.key}/digitalresource?kind=2`)).toEqual([made[1]]);
  const bad = await t.call('GET', `/v1/${a.key}/digitalresource?kind=1,9`, { token: t.superToken });
  expect(bad.status).toBe(422);
  expect(bad.message).toBe('请选择有效的资源类型');
});

it('a `range` filter takes from,to with either end open, and refuses a reversed or malformed range', async () => {
  const row = (await post(`/v1/${a.key}/digitalresource`, { title: '范围', kind: 1 })).data;
  const at = row.created_at as number;
  expect(await ids(`/v1/${a.key}/digitalresource?created_at=${at},${at}&keyword=范围`)).toEqual([row.id]);
  expect(await ids(`/v1/${a.key}/digitalresource?created_at=${at + 10},&keyword=范围`)).toEqual([]);
  expect(await ids(`/v1/${a.key}/digitalresource?created_at=,${at}&keyword=范围`)).toEqual([row.id]);
  for (const bad of [`${at + 1},${at}`, 'x,1', `${at}`]) {
    const res = await t.call('GET', `/v1/${a.key}/digitalresource?created_at=${bad}`, { token: t.superToken });
    expect(res.status, bad).toBe(422);
    expect(res.message, res.message).not.toMatch(/^[a-z_][\w.]*: /);
    expect(res.data.errors.some((e: { field: string }) => e.field === 'created_at'), res.message).toBe(true);
  }
});

it("a group cannot take another organisation's resource: the composite foreign key refuses it with 422", async () => {
  const group = (await post(`/v1/${a.key}/digitalgroup`, { name: '分组' })).data;
  const foreign = (await post(`/v1/${b.key}/digitalresource`, { title: '别家的资源', kind: 1 })).data;
  const res = await post(`/v1/${a.key}/digitalgroup/${group.id}/resource`, { resource_id: foreign.id });
  expect(res.status).toBe(422);
  expect(res.message).toBe('资源不存在');
  expect(await ids(`/v1/${a.key}/digitalgroup/${group.id}/resource`)).toEqual([]);
  const own = (await post(`/v1/${a.key}/digitalresource`, { title: '自家的资源', kind: 1 })).data;
  const ok = await post(`/v1/${a.key}/digitalgroup/${group.id}/resource`, { resource_id: own.id });
  expect(ok.status, ok.message).toBe(200);
  expect(ok.data).toMatchObject({ resource_id: own.id, group_id: group.id, title: '自家的资源', org_id: a.id });
  const again = await post(`/v1/${a.key}/digitalgroup/${group.id}/resource`, { resource_id: own.id });
  expect(again.status).toBe(422);
});
