/**
 * Activities on top of the generated resource tests: the organisation's authorised types, the
 * computed state as a column and a filter, publishing through the type's checks, the partial
 * update of `config`, copy, soft delete, and one table seen through each type's declaration only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp();
  org = await t.org('actlib');
  await t.call('POST', `/v1/organizations/${org.id}/authorize`, { ...su(), body: { module_ids: [], activity_types: [1, 7] } });
});
afterAll(() => t.close());

const third = (body: Record<string, unknown>) => t.call('POST', `/v1/${org.key}/third`, { ...su(), body });
const base = { start_at: now() - DAY, end_at: now() + DAY };
const link = { link: 'https://partner.example.org/a', partner_name: '伙伴', open_mode: 'browser' };

describe('activities', () => {
  it('an organisation creates only the types it is authorised for', async () => {
    const refused = await t.call('POST', `/v1/${org.key}/contest`, { ...su(), body: { title: '竞赛', ...base } });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('本机构未开通该活动类型');
    expect((await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '征文', ...base } })).status).toBe(200);
  });

  it('a new activity is a draft; publishing a third-party activity needs an https link', async () => {
    const created = await third({ title: '外部活动', ...base, config: link });
    expect(created.status, created.message).toBe(200);
    expect(created.data).toMatchObject({ is_tmp: 1, type: 7, act_state: 2, published_at: null });
    expect(created.data.config.callback_secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // a link that is no longer https (written behind the API) blocks publishing with the reason
    await t.db.update(activities).set({ config: { ...created.data.config, link: 'http://insecure.example.org' } }).where(eq(activities.id, created.data.id));
    const refused = await t.call('POST', `/v1/${org.key}/third/${created.data.id}/publish`, su());
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('发布前请填写 https:// 开头的活动链接');
    const fixed = await t.call('POST', `/v1/${org.key}/third/${created.data.id}`, { ...su(), body: { config: { link: 'https://ok.example.org/x' } } });
    expect(fixed.status, fixed.message).toBe(200);
    // a partial config keeps the other keys
    expect(fixed.data.config).toMatchObject({ link: 'https://ok.example.org/x', partner_name: '伙伴', callback_secret: created.data.config.callback_secret });
    const published = await t.call('POST', `/v1/${org.key}/third/${created.data.id}/publish`, su());
    expect(published.status, published.message).toBe(200);
    expect(published.data.is_tmp).toBe(0);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, created.data.id));
    expect(row.published_at).toBeGreaterThan(0);
  });

  it('a link that is not https is refused with the field named', async () => {
    const res = await third({ title: '坏链接', ...base, config: { link: 'http://x.example.org' } });
    expect(res.status).toBe(422);
    expect(res.message).toBe('活动链接必须是 https:// 开头的地址');
  });

  it('the state is computed from the times unless ended explicitly, as a column and as a filter', async () => {
    const future = (await third({ title: '未开始的', start_at: now() + DAY, end_at: now() + 2 * DAY, config: link })).data;
    const past = (await third({ title: '已结束的', start_at: now() - 2 * DAY, end_at: now() - DAY, config: link })).data;
    const running = (await third({ title: '进行中的', ...base, config: link })).data;
    expect([future.act_state, past.act_state, running.act_state]).toEqual([1, 3, 2]);
    const ids = async (state: number) => ((await t.call('GET', `/v1/${org.key}/third?act_state=${state}&page_size=100`, su())).data.items as { id: number }[]).map((r) => r.id);
    expect(await ids(1)).toContain(future.id);
    expect(await ids(3)).toContain(past.id);
    expect(await ids(2)).toContain(running.id);
    expect(await ids(2)).not.toContain(past.id);
    // 结束: the explicit state wins; 重新开放 clears it
    const ended = await t.call('POST', `/v1/${org.key}/third/${running.id}/end`, su());
    expect(ended.data).toMatchObject({ state: 3, act_state: 3 });
    expect(await ids(3)).toContain(running.id);
    expect(await ids(2)).not.toContain(running.id);
    const reopened = await t.call('POST', `/v1/${org.key}/third/${running.id}/reopen`, su());
    expect(reopened.data).toMatchObject({ state: 0, act_state: 2 });
    // reopened (state 0): in progress again, and only there
    expect(await ids(2)).toContain(running.id);
    expect(await ids(3)).not.toContain(running.id);
    expect(await ids(1)).not.toContain(running.id);
    expect(await ids(1)).not.toContain(past.id);
    expect(await ids(3)).not.toContain(future.id);
  });

  it('copy makes a new draft with the same settings, the title suffixed and the counters zero', async () => {
    const source = (await third({ title: '被复制的活动', ...base, person_limit: 30, config: link })).data;
    await t.call('POST', `/v1/${org.key}/third/${source.id}/publish`, su());
    await t.db.update(activities).set({ join_num: 12, view_count: 99 }).where(eq(activities.id, source.id));
    const copy = await t.call('POST', `/v1/${org.key}/activity/${source.id}/copy`, su());
    expect(copy.status, copy.message).toBe(200);
    expect(copy.data).toMatchObject({ title: '被复制的活动（副本）', is_tmp: 1, join_num: 0, view_count: 0, person_limit: 30, type: 7 });
    expect(copy.data.id).not.toBe(source.id);
    expect(copy.data.config).toMatchObject({ link: link.link, partner_name: '伙伴' });
    expect(copy.data.config.callback_secret).not.toBe(source.config.callback_secret);
    // another organisation's administrator cannot copy it
    const other = await t.org('actother');
    await t.manager(other.id, 'actotheradmin', 'admin');
    const foreign = await t.login('actotheradmin', MANAGER_PASSWORD, 'actother');
    expect((await t.call('POST', `/v1/actother/activity/${source.id}/copy`, { token: foreign })).status).toBe(404);
    expect((await t.call('POST', `/v1/${org.key}/activity/${source.id}/copy`, { token: foreign })).status).toBe(403);
    expect((await t.call('POST', `/v1/${org.key}/activity/999999/copy`, su())).status).toBe(404);
  });

  it('deleting keeps the row, marked deleted, and every route then answers 404', async () => {
    const row = (await third({ title: '要删除的', ...base, config: link })).data;
    expect((await t.call('DELETE', `/v1/${org.key}/third/${row.id}`, su())).status).toBe(200);
    const [kept] = await t.db.select().from(activities).where(eq(activities.id, row.id));
    expect(kept.is_delete).toBe(1);
    expect((await t.call('GET', `/v1/${org.key}/third/${row.id}`, su())).status).toBe(404);
    expect((await t.call('POST', `/v1/${org.key}/activity/${row.id}/copy`, su())).status).toBe(404);
  });

  it("each type's path sees only its own type", async () => {
    const row = (await third({ title: '只属于第三方', ...base, config: link })).data;
    expect((await t.call('GET', `/v1/${org.key}/original/${row.id}`, su())).status).toBe(404);
    expect((await t.call('POST', `/v1/${org.key}/original/${row.id}/publish`, su())).status).toBe(404);
    const listed = (await t.call('GET', `/v1/${org.key}/original?page_size=100`, su())).data.items as { type: number }[];
    expect(listed.every((r) => r.type === 1)).toBe(true);
    // a type in the body is ignored: the path's declaration fixes it
    const typed = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '改类型', ...base, type: 7 } });
    expect(typed.data.type).toBe(1);
  });
});
