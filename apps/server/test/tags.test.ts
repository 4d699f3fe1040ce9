/**
 * Tags and quick replies of the platform and of organisations in one table each (issue 25): each
 * declaration sees its own rows only; the migration that merged the organisations' copies keeps
 * their rows. Activities of every kind carry tags (the platform's and their organisation's),
 * listed and filtered by tag, in the back office and in the reader's list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_RESOURCES } from '@huodong/domain';
import { MIGRATIONS_DIR } from '../src/db/client.js';
import { ok, publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
/** Two organisations: the one under test and another whose rows it must never see. */
let [org, other]: { id: number; key: string }[] = [];
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  [org, other] = [await t.org('htags', { activity_types: [7] }), await t.org('htagsb')];
});
afterAll(() => t.close());

const post = (url: string, body: unknown = {}) => ok(t.call('POST', url, { ...su(), body }));
const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('one table for the platform and the organisations', () => {
  it("each declaration lists its own tags: the platform's, this organisation's, never another's", async () => {
    const platform = await post('/v1/tags', { name: '平台标签甲' });
    await post(`/v1/${org.key}/tags`, { name: '同名标签' });
    // Organisations' names are their own: the same name in two organisations, and beside a platform name.
    await post(`/v1/${other.key}/tags`, { name: '同名标签' });
    await post(`/v1/${org.key}/tags`, { name: '平台标签甲' });
    expect(names((await ok(t.call('GET', '/v1/tags?page_size=100', su()))).items)).toContain('平台标签甲');
    expect(names((await ok(t.call('GET', '/v1/tags?page_size=100', su()))).items)).not.toContain('同名标签');
    expect(names((await ok(t.call('GET', `/v1/${org.key}/tags`, su()))).items).sort()).toEqual(['同名标签', '平台标签甲']);
    // The platform's names stay unique among the platform's rows.
    const twice = await t.call('POST', '/v1/tags', { ...su(), body: { name: '平台标签甲' } });
    expect(twice.status).toBe(422);
    expect(twice.data.errors[0].field).toBe('name');
    // An organisation's routes never reach a platform row.
    expect((await t.call('POST', `/v1/${org.key}/tags/${platform.id}/disable`, su())).status).toBe(404);
    expect((await t.call('DELETE', `/v1/${org.key}/tags/${platform.id}`, su())).status).toBe(404);
  });

  it("quick replies likewise; the review's picker (点评, 驳回原因) offers the platform's then the organisation's enabled ones", async () => {
    const platform = await post('/v1/quickReplies', { content: '平台回复：请补充说明', sort: 1 });
    await post(`/v1/${org.key}/quick`, { content: '本馆回复：写得很好', sort: 1 });
    await post(`/v1/${other.key}/quick`, { content: '他馆回复' });
    expect((await ok(t.call('GET', '/v1/quickReplies', su()))).items.map((q: { content: string }) => q.content)).toEqual(['平台回复：请补充说明']);
    expect((await ok(t.call('GET', `/v1/${org.key}/quick`, su()))).items.map((q: { content: string }) => q.content)).toEqual(['本馆回复：写得很好']);
    expect((await t.call('PUT', `/v1/${org.key}/quick/${platform.id}`, { ...su(), body: { content: '改写' } })).status).toBe(404);
    const offered = await ok(t.call('GET', `/v1/${org.key}/check/quick`, su()));
    expect(offered.items.map((q: { content: string }) => q.content)).toEqual(['平台回复：请补充说明', '本馆回复：写得很好']);
  });
});

describe('tags on activities', () => {
  it('every kind’s form carries the tags field, offered from the platform’s and the organisation’s tags', () => {
    for (const def of ACTIVITY_RESOURCES) expect(def.fields.find((f) => f.name === 'tag_ids')?.optionsFrom?.path, def.name).toBe('/v1/{org}/tags/choices');
  });

  it('picks, lists and filters by tag; another organisation’s tag is refused by name; a deleted tag leaves its activities', async () => {
    const pt = await post('/v1/tags', { name: '活动平台标签' });
    const own = await post(`/v1/${org.key}/tags`, { name: '活动本馆标签' });
    const paused = await post(`/v1/${org.key}/tags`, { name: '活动停用标签' });
    await post(`/v1/${org.key}/tags/${paused.id}/disable`);
    const foreign = await post(`/v1/${other.key}/tags`, { name: '活动他馆标签' });

    const choices = names((await ok(t.call('GET', `/v1/${org.key}/tags/choices`, su()))).items);
    expect(choices).toEqual(expect.arrayContaining(['活动平台标签', '活动本馆标签']));
    expect(choices).not.toContain('活动停用标签');
    expect(choices).not.toContain('活动他馆标签');
    // The platform's first.
    expect(choices.indexOf('活动平台标签')).toBeLessThan(choices.indexOf('活动本馆标签'));

    const both = await publishedThird(t, org, { title: '两个标签的活动', tag_ids: [pt.id, own.id, pt.id] });
    const one = await publishedThird(t, org, { title: '一个标签的活动', tag_ids: [own.id] });
    await publishedThird(t, org, { title: '没有标签的活动' });
    expect((await ok(t.call('GET', `/v1/${org.key}/third/${both.id}`, su()))).tag_ids).toEqual([pt.id, own.id]);

    const refused = await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '他馆标签', start_at: 1_900_000_000, end_at: 1_900_086_400, config: { link: 'https://p.example.org/x' }, tag_ids: [foreign.id] } });
    expect(refused.status).toBe(422);
    expect(refused.data.errors[0]).toEqual({ field: 'tag_ids', message: '标签不存在' });
    const edited = await t.call('PUT', `/v1/${org.key}/third/${one.id}`, { ...su(), body: { tag_ids: [foreign.id] } });
    expect(edited.status).toBe(422);

    const titles = async (query: string) => (await ok(t.call('GET', `/v1/${org.key}/third?page_size=100&${query}`, su()))).items.map((a: { title: string }) => a.title).sort();
    expect(await titles(`tag_ids=${pt.id}`)).toEqual(['两个标签的活动']);
    expect(await titles(`tag_ids=${own.id}`)).toEqual(['一个标签的活动', '两个标签的活动']);
    const bad = await t.call('GET', `/v1/${org.key}/third?tag_ids=x`, su());
    expect(bad.status).toBe(422);
    expect(bad.message).toContain('标签');

    // The reader's list: filtered by tag, each activity with its tags by name.
    const reader = await signedInReader(t, org);
    expect(names((await ok(t.call('GET', `/v1/${org.key}/client/tags`, { token: reader.token }))).items)).toEqual(expect.arrayContaining(['活动平台标签', '活动本馆标签']));
    const listed = await ok(t.call('GET', `/v1/${org.key}/client/activities?tag_id=${pt.id}`, { token: reader.token }));
    expect(listed.items.map((a: { id: number; tags: unknown }) => [a.id, a.tags])).toEqual([
      [both.id, [{ id: pt.id, name: '活动平台标签' }, { id: own.id, name: '活动本馆标签' }]],
    ]);
    expect((await ok(t.call('GET', `/v1/${org.key}/client/activities?tag_id=${own.id}`, { token: reader.token })))._meta.totalCount).toBe(2);

    // Deleting the organisation's tag takes it off its activities.
    await ok(t.call('DELETE', `/v1/${org.key}/tags/${own.id}`, su()));
    expect((await ok(t.call('GET', `/v1/${org.key}/third/${both.id}`, su()))).tag_ids).toEqual([pt.id]);
    expect((await ok(t.call('GET', `/v1/${org.key}/third/${one.id}`, su()))).tag_ids).toEqual([]);
  });
});

describe('the migration merging the organisations’ tables', () => {
  it("moves the organisations' tags and quick replies into the platform's tables, keeping every row", async () => {
    // The migrations before the merge, then rows in the old tables, then the merge.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tags-migr-'));
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_one_tags_table'));
    const full = structuredClone(journal);
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: dir });
      await client.exec(`
        insert into organizations (id, key, name) values (71, 'ma', 'A'), (72, 'mb', 'B');
        insert into tags (name, sort) values ('平台一', 1);
        insert into org_tags (org_id, name, sort, is_pause) values (71, '甲一', 2, 0), (71, '平台一', 1, 1), (72, '甲一', 1, 0);
        insert into quick_replies (content) values ('平台回复');
        insert into org_quick_replies (org_id, content, sort) values (72, '乙回复', 3);`);
      fs.writeFileSync(journalPath, JSON.stringify(full));
      await migrate(db, { migrationsFolder: dir });
      const tags = (await client.query('select org_id, name, sort, is_pause from tags order by org_id nulls first, name')).rows;
      expect(tags).toEqual([
        { org_id: null, name: '平台一', sort: 1, is_pause: 0 },
        { org_id: 71, name: '平台一', sort: 1, is_pause: 1 },
        { org_id: 71, name: '甲一', sort: 2, is_pause: 0 },
        { org_id: 72, name: '甲一', sort: 1, is_pause: 0 },
      ]);
      const replies = (await client.query('select org_id, content, sort from quick_replies order by org_id nulls first')).rows;
      expect(replies).toEqual([{ org_id: null, content: '平台回复', sort: 0 }, { org_id: 72, content: '乙回复', sort: 3 }]);
      expect((await client.query(`select to_regclass('org_tags') as t, to_regclass('org_quick_replies') as q`)).rows).toEqual([{ t: null, q: null }]);
    } finally {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
