import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { orgUsers } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

/**
 * Keyword pages of a big organisation (resources/service.ts keywordPageIds): the first 2,000
 * entries are tested first and the matches are otherwise read as a set and sorted. Whichever way
 * a page is found, it must be the page of the plain ordering (created_at desc, id desc).
 */
describe('keyword pages in a big organisation', () => {
  let t: TestApp;
  let org: { id: number; key: string };
  let token: string;

  const rows = (n: number, name: string, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({ academic_num: `${prefix}${String(i + 1).padStart(6, '0')}`, real_name: `${name}${i + 1}`, sex: 1, department: '文学院', identity: 1, org_id: org.id, _row: i + 2 }));
  const importRows = async (list: unknown[]) => {
    const res = await t.call('POST', `/v1/${org.key}/users/import`, { token, body: { data: JSON.stringify(list) } });
    expect(res.status).toBe(200);
  };
  /** The ids the plain ordering gives for real names containing `part`. */
  const expected = async (part: string) =>
    (await t.db.select({ id: orgUsers.id }).from(orgUsers).where(and(eq(orgUsers.org_id, org.id), like(orgUsers.real_name, `%${part}%`))).orderBy(desc(orgUsers.created_at), desc(orgUsers.id))).map((r) => r.id);
  const page = async (keyword: string, p: number, size = 20) => {
    const res = await t.call('GET', `/v1/${org.key}/users?keyword=${encodeURIComponent(keyword)}&page=${p}&page_size=${size}`, { token });
    expect(res.status).toBe(200);
    return { ids: (res.data.items as { id: number }[]).map((r) => r.id), total: res.data._meta.totalCount as number };
  };

  beforeAll(async () => {
    t = await testApp();
    org = await t.org('bigsearch');
    await t.manager(org.id, 'bigadmin', 'admin');
    token = await t.login('bigadmin', MANAGER_PASSWORD, org.key);
    // Old rows first, then newer ones: '旧读者' matches 2,100 rows that all lie past the newest 2,000.
    await importRows(rows(2100, '旧读者', 'A'));
    await importRows(rows(2100, '新读者', 'B'));
  }, 120_000);
  afterAll(async () => t?.close());

  it('matches dense among the newest rows: the pages of the plain ordering', async () => {
    const all = await expected('新读者');
    expect(all).toHaveLength(2100);
    for (const p of [1, 2, 50]) {
      const got = await page('新读者', p);
      expect(got.total).toBe(2100);
      expect(got.ids).toEqual(all.slice((p - 1) * 20, p * 20));
    }
    // A page past the first 2,000 entries.
    expect((await page('新读者', 105)).ids).toEqual(all.slice(2080, 2100));
  });

  it('many matches that all lie past the newest 2,000 rows: read as a set, same pages', async () => {
    const all = await expected('旧读者');
    expect(all).toHaveLength(2100);
    for (const p of [1, 3, 105]) expect((await page('旧读者', p)).ids).toEqual(all.slice((p - 1) * 20, p * 20));
  });

  it('matches across both: same pages; a few matches: same pages', async () => {
    const all = await expected('读者1');
    expect((await page('读者1', 1)).ids).toEqual(all.slice(0, 20));
    expect((await page('读者1', 40)).ids).toEqual(all.slice(780, 800));
    const few = await expected('读者201');
    const got = await page('读者201', 1);
    expect(got.total).toBe(few.length);
    expect(got.ids).toEqual(few.slice(0, 20));
  });

  it("another organisation's rows of the same names are neither found nor counted (keys under the organisation)", async () => {
    const other = await t.org('bigsearch2');
    await t.manager(other.id, 'bigadmin2', 'admin');
    const otherToken = await t.login('bigadmin2', MANAGER_PASSWORD, other.key);
    const list = Array.from({ length: 5 }, (_, i) => ({ academic_num: `Z${i}`, real_name: `新读者${i + 1}`, sex: 1, department: '文学院', identity: 1, org_id: other.id, _row: i + 2 }));
    expect((await t.call('POST', `/v1/${other.key}/users/import`, { token: otherToken, body: { data: JSON.stringify(list) } })).status).toBe(200);
    const theirs = await t.call('GET', `/v1/${other.key}/users?keyword=${encodeURIComponent('新读者')}&page_size=20`, { token: otherToken });
    expect(theirs.data._meta.totalCount).toBe(5);
    expect((await page('新读者', 1)).total).toBe(2100);
    expect((await page('新读者2', 1)).total).toBe((await expected('新读者2')).length);
  });

  it('a remembered count and remembered matches follow a write at once', async () => {
    const before = await page('新读者2099', 1);
    expect(before.total).toBe(1);
    const res = await t.call('DELETE', `/v1/${org.key}/users/${before.ids[0]}`, { token });
    expect(res.status).toBe(200);
    expect(await page('新读者2099', 1)).toEqual({ ids: [], total: 0 });
    await importRows([{ ...rows(1, '新读者2099', 'C')[0] }]);
    const after = await page('新读者2099', 1);
    expect(after.total).toBe(1);
    expect(after.ids).toEqual(await expected('新读者2099'));
    expect(after.ids[0]).not.toBe(before.ids[0]);
    // A renamed row leaves the result and another joins it, on every page read since.
    const some = await page('读者201', 1);
    const renamed = some.ids[0];
    expect((await t.call('PUT', `/v1/${org.key}/users/${renamed}`, { token, body: { real_name: '改名者' } })).status).toBe(200);
    const again = await page('读者201', 1);
    expect(again.ids).not.toContain(renamed);
    expect(again.ids).toEqual((await expected('读者201')).slice(0, 20));
  });
});
