/**
 * Generated tests: every resource declared in RESOURCES (packages/domain) is exercised through the
 * HTTP API the machinery registers from its declaration.
 *
 * Adding a resource = declaring it, binding it, and adding `test/fixtures/<resource name>.ts`
 * that default-exports `defineFixture({ create(n, ctx), update, invalid: { body, field }, writeOnly? })`
 * (see fixtures/types.ts). fixtures/index.ts picks the file up; a resource without a fixture fails
 * the first test below.
 *
 * Per resource: create, read, list with keyword, update (POST and PUT), each declared action,
 * batch delete, 422 naming the field, unknown id 404, no token 401, and the tenant matrix
 * (org-scoped: a manager of another organisation gets 403/404 and the row is unchanged; a batch
 * delete mixing own and foreign ids changes only own rows; super-scoped: a manager gets 403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canWrite, RESOURCES, resourcePath, type ResourceDef } from '@huodong/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../src/db/schema.js';
import { BINDINGS } from '../src/resources/index.js';
import { FIXTURES, type FixtureContext } from './fixtures/index.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let orgA: { id: number; key: string };
let orgB: { id: number; key: string };
const tokens: Record<'adminA' | 'normalA' | 'adminB', string> = { adminA: '', normalA: '', adminB: '' };

beforeAll(async () => {
  t = await testApp();
  orgA = await t.org('resa');
  orgB = await t.org('resb');
  await t.manager(orgA.id, 'admina', 'admin');
  await t.manager(orgA.id, 'normala', 'normal');
  await t.manager(orgB.id, 'adminb', 'admin');
  tokens.adminA = await t.login('admina', MANAGER_PASSWORD, 'resa');
  tokens.normalA = await t.login('normala', MANAGER_PASSWORD, 'resa');
  tokens.adminB = await t.login('adminb', MANAGER_PASSWORD, 'resb');
});
afterAll(() => t.close());

it('every declared resource is served and has a fixture', () => {
  const served = new Set(BINDINGS.map((b) => b.def.name));
  expect(RESOURCES.filter((r) => !served.has(r.name)).map((r) => r.name)).toEqual([]);
  expect(RESOURCES.filter((r) => !FIXTURES[r.name]).map((r) => r.name)).toEqual([]);
});

const seq: Record<string, number> = {};
const ctxOf = (org: { id: number; key: string }): FixtureContext => ({ org, superToken: t.superToken, call: (m, u, o) => t.call(m, u, o) });

// Resources without a fixture fail the test above (and only it).
describe.each(RESOURCES.filter((def) => FIXTURES[def.name]).map((def) => [def.name, def] as const))('%s', (_name, def: ResourceDef) => {
  const fixture = () => FIXTURES[def.name];
  const base = (org = orgA) => resourcePath(def, org.key);
  const create = async (org = orgA) => {
    seq[def.name] = (seq[def.name] ?? 0) + 1;
    const body = await fixture().create(seq[def.name], ctxOf(org));
    const res = await t.call('POST', base(org), { token: t.superToken, body });
    expect(res.status, `${res.status} ${res.message}`).toBe(200);
    return res.data as Record<string, any> & { id: number };
  };
  const read = async (id: number, org = orgA) => t.call('GET', `${base(org)}/${id}`, { token: t.superToken });

  it('creates, reads, lists and finds by keyword', async () => {
    const row = await create();
    expect(row.id).toBeGreaterThan(0);
    for (const hidden of ['password', 'password_hash']) expect(row).not.toHaveProperty(hidden);
    const got = await read(row.id);
    expect(got.status).toBe(200);
    expect(got.data.id).toBe(row.id);
    const list = await t.call('GET', `${base()}?page=1&page_size=100`, { token: t.superToken });
    expect(list.status).toBe(200);
    expect(list.data._meta.totalCount).toBeGreaterThanOrEqual(1);
    expect(list.data.items.some((x: { id: number }) => x.id === row.id)).toBe(true);
    // every keyword field finds the row, by its whole value and by its letters in the other case
    const kwFields = def.keywordFields.filter((f) => typeof row[f] === 'string' && row[f]);
    for (const f of kwFields) {
      const value = String(row[f]);
      const swapped = [...value].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
      for (const keyword of new Set([value, swapped])) {
        const kw = await t.call('GET', `${base()}?keyword=${encodeURIComponent(keyword)}`, { token: t.superToken });
        expect(kw.data.items.map((x: { id: number }) => x.id), `${f} keyword ${keyword}`).toContain(row.id);
      }
    }
    if (kwFields.length) {
      const none = await t.call('GET', `${base()}?keyword=${encodeURIComponent('不存在的关键词zz%_')}`, { token: t.superToken });
      expect(none.data.items).toEqual([]);
    }
    expect(got.data).not.toHaveProperty('search');
  });

  it('updates with POST and with PUT', async () => {
    const row = await create();
    const { update, writeOnly = [] } = fixture();
    const expected = Object.fromEntries(Object.entries(update).filter(([k]) => !writeOnly.includes(k)));
    for (const method of ['POST', 'PUT']) {
      const res = await t.call(method, `${base()}/${row.id}`, { token: t.superToken, body: update });
      expect(res.status, `${method} ${res.message}`).toBe(200);
      expect(res.data).toMatchObject(expected);
      expect((await read(row.id)).data).toMatchObject(expected);
    }
  });

  it('refuses an invalid body with 422 naming the field', async () => {
    const { body, field } = fixture().invalid;
    const res = await t.call('POST', base(), { token: t.superToken, body });
    expect(res.status).toBe(422);
    expect(res.message.startsWith(`${field}: `), res.message).toBe(true);
  });

  it('answers 404 for an unknown id', async () => {
    const ghost = 2_000_000_000;
    expect((await read(ghost)).status).toBe(404);
    expect((await t.call('POST', `${base()}/${ghost}`, { token: t.superToken, body: {} })).status).toBe(404);
    expect((await t.call('DELETE', `${base()}/${ghost}`, { token: t.superToken })).status).toBe(404);
    for (const action of def.actions.filter((a) => a !== 'batchDelete' && a !== 'sort')) {
      expect((await t.call('POST', `${base()}/${ghost}/${action}`, { token: t.superToken })).status).toBe(404);
    }
  });

  it('runs each declared action', async () => {
    const row = await create();
    const flags: Record<string, [string, number]> = { enable: ['is_pause', 0], disable: ['is_pause', 1], recommend: ['is_rec', 1], remove: ['is_rec', 0] };
    for (const action of ['disable', 'enable', 'recommend', 'remove'] as const) {
      if (!def.actions.includes(action)) continue;
      const res = await t.call('POST', `${base()}/${row.id}/${action}`, { token: t.superToken });
      expect(res.status, `${action}: ${res.message}`).toBe(200);
      const [field, value] = flags[action];
      expect((await read(row.id)).data[field]).toBe(value);
    }
    if (def.actions.includes('sort')) {
      const second = await create();
      const res = await t.call('POST', `${base()}/sort`, { token: t.superToken, body: { ids: [second.id, row.id] } });
      expect(res.data).toEqual({ sorted: 2 });
      expect((await read(second.id)).data.sort).toBe(1);
      expect((await read(row.id)).data.sort).toBe(2);
    }
  });

  it('deletes one row, then a batch, answering how many were deleted', async () => {
    const one = await create();
    expect((await t.call('DELETE', `${base()}/${one.id}`, { token: t.superToken })).status).toBe(200);
    expect((await read(one.id)).status).toBe(404);
    if (!def.actions.includes('batchDelete')) return;
    const a = await create();
    const b = await create();
    const res = await t.call('POST', `${base()}/batchDelete`, { token: t.superToken, body: { ids: [a.id, b.id, 2_000_000_000] } });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toEqual({ deleted: 2 });
    expect((await read(a.id)).status).toBe(404);
    expect((await read(b.id)).status).toBe(404);
  });

  it('every write leaves an audit row: who, scope, organisation, action, resource, ids, time', async () => {
    const since = Math.floor(Date.now() / 1000);
    const row = await create();
    // updated with a fresh create body: the fixture's update values may be taken by now (unique names)
    seq[def.name] += 1;
    const fresh = await fixture().create(seq[def.name], ctxOf(orgA));
    const updated = await t.call('POST', `${base()}/${row.id}`, { token: t.superToken, body: fresh });
    expect(updated.status, updated.message).toBe(200);
    const flag = def.actions.find((a) => a === 'disable' || a === 'recommend');
    if (flag) expect((await t.call('POST', `${base()}/${row.id}/${flag}`, { token: t.superToken })).status).toBe(200);
    expect((await t.call('DELETE', `${base()}/${row.id}`, { token: t.superToken })).status).toBe(200);
    const rows = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, def.name), sql`${auditLogs.ids} @> ${JSON.stringify([row.id])}::jsonb`)).orderBy(asc(auditLogs.id));
    expect(rows.map((a) => a.action)).toEqual(['create', 'update', ...(flag ? [flag] : []), 'delete']);
    for (const a of rows) {
      expect(a).toMatchObject({ actor_kind: 'super', scope: def.scope === 'org' ? orgA.key : 'super', org_id: def.scope === 'org' ? orgA.id : null, ids: [row.id] });
      expect(a.at).toBeGreaterThanOrEqual(since);
    }
  });

  it('answers 401 without a token', async () => {
    const row = await create();
    expect((await t.call('GET', base())).status).toBe(401);
    expect((await t.call('GET', `${base()}/${row.id}`)).status).toBe(401);
    expect((await t.call('POST', base(), { body: await fixture().create(999, ctxOf(orgA)) })).status).toBe(401);
    expect((await t.call('DELETE', `${base()}/${row.id}`)).status).toBe(401);
    expect((await read(row.id)).status).toBe(200);
  });

  if (def.scope === 'org') {
    it('a manager of another organisation gets 403 or 404 and the row is unchanged', async () => {
      const row = await create();
      const before = (await read(row.id)).data;
      const foreign = tokens.adminB;
      // Through the other organisation's path: refused by the access hook.
      expect((await t.call('GET', `${base()}/${row.id}`, { token: foreign })).status).toBe(403);
      expect((await t.call('GET', base(), { token: foreign })).status).toBe(403);
      expect((await t.call('POST', `${base()}/${row.id}`, { token: foreign, body: fixture().update })).status).toBe(403);
      expect((await t.call('DELETE', `${base()}/${row.id}`, { token: foreign })).status).toBe(403);
      // Through its own organisation's path with our id: not found by the tenant filter.
      expect((await t.call('GET', `${base(orgB)}/${row.id}`, { token: foreign })).status).toBe(404);
      expect((await t.call('POST', `${base(orgB)}/${row.id}`, { token: foreign, body: fixture().update })).status).toBe(404);
      expect((await t.call('PUT', `${base(orgB)}/${row.id}`, { token: foreign, body: fixture().update })).status).toBe(404);
      expect((await t.call('DELETE', `${base(orgB)}/${row.id}`, { token: foreign })).status).toBe(404);
      for (const action of def.actions.filter((a) => a !== 'batchDelete' && a !== 'sort')) {
        expect((await t.call('POST', `${base(orgB)}/${row.id}/${action}`, { token: foreign })).status).toBe(404);
      }
      expect((await read(row.id)).data).toEqual(before);
    });

    it('ignores an org_id in the body: rows belong to the path organisation', async () => {
      seq[def.name] = (seq[def.name] ?? 0) + 1;
      const body = { ...(await fixture().create(seq[def.name], ctxOf(orgA))), org_id: orgB.id };
      const res = await t.call('POST', base(), { token: t.superToken, body });
      expect(res.status).toBe(200);
      expect(res.data.org_id).toBe(orgA.id);
      const moved = await t.call('POST', `${base()}/${res.data.id}`, { token: t.superToken, body: { ...fixture().update, org_id: orgB.id } });
      expect(moved.data.org_id).toBe(orgA.id);
    });

    if (def.actions.includes('batchDelete')) {
      it('a batch delete mixing own and foreign ids deletes only own rows', async () => {
        const own = await create(orgA);
        const foreign = await create(orgB);
        const token = canWrite(def, { kind: 'manager', type: 'admin' }) ? tokens.adminA : t.superToken;
        const res = await t.call('POST', `${base()}/batchDelete`, { token, body: { ids: [own.id, foreign.id] } });
        expect(res.status, res.message).toBe(200);
        expect(res.data).toEqual({ deleted: 1 });
        expect((await read(own.id)).status).toBe(404);
        expect((await read(foreign.id, orgB)).status).toBe(200);
        const alone = await t.call('POST', `${base()}/batchDelete`, { token, body: { ids: [foreign.id] } });
        expect(alone.status).toBe(404);
        expect((await read(foreign.id, orgB)).status).toBe(200);
      });
    }

    it('writes only with the declared write role', async () => {
      seq[def.name] = (seq[def.name] ?? 0) + 1;
      const body = await fixture().create(seq[def.name], ctxOf(orgA));
      const normal = await t.call('POST', base(), { token: tokens.normalA, body });
      expect(normal.status).toBe(canWrite(def, { kind: 'manager', type: 'normal' }) ? 200 : 403);
      expect((await t.call('GET', base(), { token: tokens.normalA })).status).toBe(200);
    });
  } else {
    it('an organisation manager gets 403 and the row is unchanged', async () => {
      const row = await create();
      const before = (await read(row.id)).data;
      expect((await t.call('GET', base(), { token: tokens.adminA })).status).toBe(403);
      expect((await t.call('POST', `${base()}/${row.id}`, { token: tokens.adminA, body: fixture().update })).status).toBe(403);
      expect((await t.call('DELETE', `${base()}/${row.id}`, { token: tokens.adminA })).status).toBe(403);
      expect((await read(row.id)).data).toEqual(before);
    });
  }
});
