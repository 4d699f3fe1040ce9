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
 * batch delete, each declared row list (`rowLists`: a row's entries, from the fixture's
 * `rowLists` hook), 422 naming the field, unknown id 404, no token 401, and the tenant matrix
 * (org-scoped: a manager of another organisation gets 403/404 and the row is unchanged, its row
 * lists too; a batch delete mixing own and foreign ids changes only own rows; super-scoped: a
 * manager gets 403).
 *
 * A read-only declaration (`readOnly`: a view of rows another declaration owns, or rows the
 * readers make, e.g. an activity's participants) gets its rows from the fixture's `row` hook, and
 * instead of create, update and delete it is checked that those routes are not served; the tenant
 * matrix reads it through the other organisation's paths; every other case runs on it unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { batchesOf, canWrite, exportPath, hasAction, listFields, RESOURCES, resourcePath, rowActionNames, rowListPath, togglesOf, type ResourceDef } from '@huodong/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../src/db/schema.js';
import { BINDINGS } from '../src/resources/index.js';
import { routePath } from '../src/resources/register.js';
import { FIXTURES, type FixtureContext } from './fixtures/index.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let orgA: { id: number; key: string };
let orgB: { id: number; key: string };
const tokens: Record<'adminA' | 'normalA' | 'adminB', string> = { adminA: '', normalA: '', adminB: '' };

beforeAll(async () => {
  // Captcha off: the fixtures sign in more readers than the per-address code limit allows a minute.
  t = await testApp({ loginCaptcha: false });
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
  // A fixture has what its declaration's cases need: create, update and invalid bodies, or a row hook.
  const incomplete = RESOURCES.filter((r) => {
    const f = FIXTURES[r.name];
    return f && ((r.readOnly ? !f.row : !(f.create && f.update && f.invalid)) || (r.rowLists ?? []).some((l) => !f.rowLists?.[l.name]));
  });
  expect(incomplete.map((r) => r.name)).toEqual([]);
});

const seq: Record<string, number> = {};
/** The parent row of a sub-resource in each organisation (made once by the fixture). */
const parents = new Map<string, number>();
const ctxOf = (org: { id: number; key: string }): FixtureContext => ({
  org,
  superToken: t.superToken,
  call: (m, u, o) => t.call(m, u, o),
  login: (a, p, o) => t.login(a, p, o),
  // The reader sign-in, without a graphical code (captcha off above; codes are tested in auth tests).
  readerLogin: async (account, password) => {
    const res = await t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password, key: '', code: '' } });
    if (res.status !== 200) throw new Error(`reader login ${account}: ${res.status} ${res.message}`);
    return res.data.access_token as string;
  },
});

// Resources without a fixture fail the test above (and only it).
describe.each(RESOURCES.filter((def) => FIXTURES[def.name]).map((def) => [def.name, def] as const))('%s', (_name, def: ResourceDef) => {
  const fixture = () => FIXTURES[def.name];
  const parentIn = (org: { id: number; key: string }) => parents.get(`${def.name}:${org.key}`);
  const base = (org = orgA) => resourcePath(def, org.key, parentIn(org));
  if (def.parent) {
    beforeAll(async () => {
      for (const org of [orgA, orgB]) parents.set(`${def.name}:${org.key}`, await fixture().parent!(ctxOf(org)));
    });
  }
  const create = async (org = orgA) => {
    seq[def.name] = (seq[def.name] ?? 0) + 1;
    if (def.readOnly) {
      const got = await read(await fixture().row!(seq[def.name], ctxOf(org), parentIn(org)), org);
      expect(got.status, `${got.status} ${got.message}`).toBe(200);
      return got.data as Record<string, any> & { id: number };
    }
    const body = await fixture().create!(seq[def.name], ctxOf(org));
    const res = await t.call('POST', base(org), { token: t.superToken, body });
    expect(res.status, `${res.status} ${res.message}`).toBe(200);
    await fixture().created?.(res.data, ctxOf(org));
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

  if (def.readOnly) {
    it('serves no create, update or delete: a read-only view', async () => {
      const row = await create();
      const before = (await read(row.id)).data;
      const path = routePath(def);
      for (const [method, url, route] of [['POST', base(), path], ['POST', `${base()}/${row.id}`, `${path}/:id`], ['PUT', `${base()}/${row.id}`, `${path}/:id`], ['DELETE', `${base()}/${row.id}`, `${path}/:id`], ['POST', `${base()}/batchDelete`, `${path}/batchDelete`]]) {
        expect(t.app.hasRoute({ method: method as 'POST', url: route }), `${method} ${route}`).toBe(false);
        // Not served: 404, or another declaration's route whose id this path is not (`/integral/scoreList` under the campaigns' `/integral/:id`: 422).
        const res = await t.call(method, url, { token: t.superToken, body: method === 'DELETE' ? undefined : { title: '改名', ids: [row.id] } });
        expect([404, 422], `${method} ${url}`).toContain(res.status);
      }
      expect((await read(row.id)).data).toEqual(before);
    });
  }

  if (!def.readOnly) it('updates with POST and with PUT', async () => {
    const row = await create();
    const { writeOnly = [] } = fixture();
    const update = fixture().update!;
    const expected = Object.fromEntries(Object.entries(update).filter(([k]) => !writeOnly.includes(k)));
    for (const method of ['POST', 'PUT']) {
      const res = await t.call(method, `${base()}/${row.id}`, { token: t.superToken, body: update });
      expect(res.status, `${method} ${res.message}`).toBe(200);
      expect(res.data).toMatchObject(expected);
      expect((await read(row.id)).data).toMatchObject(expected);
    }
  });

  if (!def.readOnly) it('refuses an invalid body with 422 naming the field', async () => {
    const { body, field } = fixture().invalid!;
    const res = await t.call('POST', base(), { token: t.superToken, body });
    expect(res.status).toBe(422);
    // Named by its label (issue 20), never by its path; the path is the form's, in data.errors.
    expect(res.data.errors.map((e: { field: string }) => e.field), res.message).toContain(field);
    expect(res.message, res.message).not.toMatch(/^[a-z_][\w.]*: /i);
  });

  it('answers 404 for an unknown id', async () => {
    const ghost = 2_000_000_000;
    expect((await read(ghost)).status).toBe(404);
    expect((await t.call('POST', `${base()}/${ghost}`, { token: t.superToken, body: {} })).status).toBe(404);
    expect((await t.call('DELETE', `${base()}/${ghost}`, { token: t.superToken })).status).toBe(404);
    for (const action of rowActionNames(def)) {
      const body = def.actions.find((a) => a.kind === 'rowUpdate' && a.name === action) ? fixture().rowUpdates?.[action] ?? {} : undefined;
      expect((await t.call('POST', `${base()}/${ghost}/${action}`, { token: t.superToken, body })).status, action).toBe(404);
    }
  });

  it('runs each declared action', async () => {
    const row = await create();
    // Toggles: each state sets its column; the row then offers the other state.
    for (const toggle of togglesOf(def)) {
      for (const state of [...toggle.states].reverse()) {
        const res = await t.call('POST', `${base()}/${row.id}/${state.name}`, { token: t.superToken });
        expect(res.status, `${state.name}: ${res.message}`).toBe(200);
        const after = (await read(row.id)).data;
        expect(after[toggle.column], state.name).toBe(state.value);
        if (toggle.stamp) expect(after[toggle.stamp] === null, `${toggle.stamp} after ${state.name}`).toBe(state.value === 0);
      }
    }
    // Batch actions set their columns on the selected rows, answering how many changed.
    for (const action of batchesOf(def)) {
      const other = await create();
      const res = await t.call('POST', `${base()}/${action.name}`, { token: t.superToken, body: { ids: [row.id, other.id, 2_000_000_000] } });
      expect(res.status, `${action.name}: ${res.message}`).toBe(200);
      expect(res.data).toEqual({ updated: 2 });
      for (const id of [row.id, other.id]) expect((await read(id)).data).toMatchObject(action.set);
    }
    // Declared row updates with the fixture's body.
    for (const action of def.actions) {
      if (action.kind !== 'rowUpdate') continue;
      const body = fixture().rowUpdates?.[action.name];
      expect(body, `fixture().rowUpdates.${action.name}`).toBeDefined();
      const res = await t.call('POST', `${base()}/${row.id}/${action.name}`, { token: t.superToken, body });
      expect(res.status, `${action.name}: ${res.message}`).toBe(200);
      expect((await read(row.id)).data).toMatchObject(body!);
    }
    if (hasAction(def, 'sort')) {
      const second = await create();
      const res = await t.call('POST', `${base()}/sort`, { token: t.superToken, body: { ids: [second.id, row.id] } });
      expect(res.data).toEqual({ sorted: 2 });
      expect((await read(second.id)).data.sort).toBe(1);
      expect((await read(row.id)).data.sort).toBe(2);
    }
  });

  for (const list of def.rowLists ?? []) {
    it(`lists a row's ${list.name} (GET {base}/{id}/${list.name}): its entries only; an unknown row 404, no token 401`, async () => {
      const row = await create();
      const second = await create();
      const path = (id: number) => rowListPath(def, list, orgA.key, id, parentIn(orgA));
      const empty = await t.call('GET', path(row.id), { token: t.superToken });
      expect([empty.status, empty.data]).toEqual([200, { items: [] }]);
      await fixture().rowLists![list.name](row.id, ctxOf(orgA));
      const one = await t.call('GET', path(row.id), { token: tokens.normalA });
      expect(one.status, one.message).toBe(200);
      expect(one.data.items).toHaveLength(1);
      // another row's list is its own
      expect((await t.call('GET', path(second.id), { token: t.superToken })).data).toEqual({ items: [] });
      expect((await t.call('GET', path(2_000_000_000), { token: t.superToken })).status).toBe(404);
      expect((await t.call('GET', path(row.id))).status).toBe(401);
    });
  }

  for (const exp of def.exports ?? []) {
    it(`exports ${exp.name} as a spreadsheet with the list's labels and filters`, async () => {
      const row = await create();
      // a sub-resource's export names its parent in the query
      const url = exportPath(def, exp, orgA.key) + (def.parent ? `?${def.parent.param}=${parentIn(orgA)}` : '');
      const q = url.includes('?') ? '&' : '?';
      const res = await t.app.inject({ method: 'GET', url: `${url}${q}keyword=${encodeURIComponent('不存在的关键词zz')}`, headers: { authorization: `Bearer ${t.superToken}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`${exp.title}.xlsx`));
      const fields = exp.fields ? def.fields.filter((f) => exp.fields!.includes(f.name)) : listFields(def);
      const empty = XLSX.utils.sheet_to_json<string[]>(XLSX.read(res.rawPayload).Sheets[XLSX.read(res.rawPayload).SheetNames[0]], { header: 1 });
      if (def.keywordFields.length) expect(empty).toEqual([fields.map((f) => f.label)]);
      const all = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.superToken}` } });
      const book = XLSX.read(all.rawPayload);
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]], { raw: false });
      expect(rows.length).toBeGreaterThanOrEqual(1);
      const nameField = def.fields.find((f) => f.name === (def.nameField ?? 'name'));
      if (nameField && fields.includes(nameField)) expect(rows.map((r) => r[nameField.label])).toContain(String(row[nameField.name]));
      // another organisation's token gets nothing
      if (def.scope === 'org') {
        expect((await t.call('GET', url, { token: tokens.adminB })).status).toBe(403);
        if (def.parent) {
          const crossed = `${exportPath(def, exp, orgB.key)}?${def.parent.param}=${parentIn(orgA)}`;
          expect((await t.call('GET', crossed, { token: tokens.adminB })).status).toBe(404);
        }
      }
      else expect((await t.call('GET', url, { token: tokens.adminA })).status).toBe(403);
    });
  }

  if (!def.readOnly) it('deletes one row, then a batch, answering how many were deleted', async () => {
    const one = await create();
    expect((await t.call('DELETE', `${base()}/${one.id}`, { token: t.superToken })).status).toBe(200);
    expect((await read(one.id)).status).toBe(404);
    if (!hasAction(def, 'batchDelete')) return;
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
    if (!def.readOnly) {
      seq[def.name] += 1;
      const fresh = await fixture().create!(seq[def.name], ctxOf(orgA));
      const updated = await t.call('POST', `${base()}/${row.id}`, { token: t.superToken, body: fresh });
      expect(updated.status, updated.message).toBe(200);
    }
    const flag = togglesOf(def)[0]?.states.find((s) => s.value === 1)?.name;
    if (flag) expect((await t.call('POST', `${base()}/${row.id}/${flag}`, { token: t.superToken })).status).toBe(200);
    if (!def.readOnly) expect((await t.call('DELETE', `${base()}/${row.id}`, { token: t.superToken })).status).toBe(200);
    const rows = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, def.name), sql`${auditLogs.ids} @> ${JSON.stringify([row.id])}::jsonb`)).orderBy(asc(auditLogs.id));
    // a read-only view's rows are created (and audited) by the declaration that owns them
    expect(rows.map((a) => a.action)).toEqual(def.readOnly ? (flag ? [flag] : []) : ['create', 'update', ...(flag ? [flag] : []), 'delete']);
    for (const a of rows) {
      expect(a).toMatchObject({ actor_kind: 'super', scope: def.scope === 'org' ? orgA.key : 'super', org_id: def.scope === 'org' ? orgA.id : null, ids: [row.id] });
      expect(a.at).toBeGreaterThanOrEqual(since);
    }
  });

  it('answers 401 without a token', async () => {
    const row = await create();
    expect((await t.call('GET', base())).status).toBe(401);
    expect((await t.call('GET', `${base()}/${row.id}`)).status).toBe(401);
    if (def.readOnly) {
      for (const action of rowActionNames(def)) expect((await t.call('POST', `${base()}/${row.id}/${action}`)).status, action).toBe(401);
    } else {
      expect((await t.call('POST', base(), { body: await fixture().create!(999, ctxOf(orgA)) })).status).toBe(401);
      expect((await t.call('DELETE', `${base()}/${row.id}`)).status).toBe(401);
    }
    expect((await read(row.id)).status).toBe(200);
  });

  if (def.scope === 'org') {
    it('a manager of another organisation gets 403 or 404 and the row is unchanged', async () => {
      const row = await create();
      // an entry in each of the row's lists, for a leak to show
      for (const list of def.rowLists ?? []) await fixture().rowLists![list.name](row.id, ctxOf(orgA));
      const before = (await read(row.id)).data;
      const foreign = tokens.adminB;
      // Through the other organisation's path: refused by the access hook.
      expect((await t.call('GET', `${base()}/${row.id}`, { token: foreign })).status).toBe(403);
      expect((await t.call('GET', base(), { token: foreign })).status).toBe(403);
      // A read-only declaration serves no write (checked above): its reads are the matrix.
      if (!def.readOnly) {
        expect((await t.call('POST', `${base()}/${row.id}`, { token: foreign, body: fixture().update })).status).toBe(403);
        expect((await t.call('DELETE', `${base()}/${row.id}`, { token: foreign })).status).toBe(403);
      }
      // Through its own organisation's path with our id: not found by the tenant filter.
      expect((await t.call('GET', `${base(orgB)}/${row.id}`, { token: foreign })).status).toBe(404);
      // …nor listed there
      const listed = await t.call('GET', `${base(orgB)}?page_size=100`, { token: foreign });
      expect(listed.status).toBe(200);
      expect(listed.data.items.map((x: { id: number }) => x.id)).not.toContain(row.id);
      // A declaration only the platform writes (an organisation's bank as the platform manages it) refuses the write first.
      const refused = canWrite(def, { kind: 'manager', type: 'admin' }) ? 404 : 403;
      if (!def.readOnly) {
        expect((await t.call('POST', `${base(orgB)}/${row.id}`, { token: foreign, body: fixture().update })).status).toBe(refused);
        expect((await t.call('PUT', `${base(orgB)}/${row.id}`, { token: foreign, body: fixture().update })).status).toBe(refused);
        expect((await t.call('DELETE', `${base(orgB)}/${row.id}`, { token: foreign })).status).toBe(refused);
      }
      for (const action of rowActionNames(def)) {
        const body = fixture().rowUpdates?.[action];
        expect((await t.call('POST', `${base(orgB)}/${row.id}/${action}`, { token: foreign, body })).status, action).toBe(refused);
      }
      for (const action of batchesOf(def)) {
        const res = await t.call('POST', `${base(orgB)}/${action.name}`, { token: foreign, body: { ids: [row.id] } });
        expect(res.status, action.name).toBe(refused);
      }
      // A row's lists: read by its own organisation, refused through our path, missing through theirs.
      for (const list of def.rowLists ?? []) {
        expect((await t.call('GET', rowListPath(def, list, orgA.key, row.id, parentIn(orgA)), { token: tokens.adminA })).data.items, list.name).toHaveLength(1);
        expect((await t.call('GET', rowListPath(def, list, orgA.key, row.id, parentIn(orgA)), { token: foreign })).status, list.name).toBe(403);
        const theirs = await t.call('GET', rowListPath(def, list, orgB.key, row.id, parentIn(orgB)), { token: foreign });
        expect([theirs.status, theirs.data], list.name).toEqual([404, null]);
      }
      expect((await read(row.id)).data).toEqual(before);
    });

    if (def.parent) {
      it('a child of another organisation\'s parent is 404 through any path, and nothing changes', async () => {
        const row = await create();
        for (const list of def.rowLists ?? []) await fixture().rowLists![list.name](row.id, ctxOf(orgA));
        const before = (await read(row.id)).data;
        const foreign = tokens.adminB;
        // orgB's path with orgA's parent: the parent is not orgB's.
        const crossed = resourcePath(def, orgB.key, parentIn(orgA));
        expect((await t.call('GET', crossed, { token: foreign })).status).toBe(404);
        expect((await t.call('GET', `${crossed}/${row.id}`, { token: foreign })).status).toBe(404);
        if (!def.readOnly) {
          expect((await t.call('POST', crossed, { token: foreign, body: await fixture().create!(900, ctxOf(orgB)) })).status).toBe(404);
          expect((await t.call('DELETE', `${crossed}/${row.id}`, { token: foreign })).status).toBe(404);
        }
        // orgB's own parent with orgA's child id: not found by the parent and tenant filters.
        expect((await t.call('GET', `${base(orgB)}/${row.id}`, { token: foreign })).status).toBe(404);
        expect((await t.call('DELETE', `${base(orgB)}/${row.id}`, { token: foreign })).status).toBe(404);
        // the super administrator, through orgA's path with orgB's parent: 404 too
        expect((await t.call('GET', resourcePath(def, orgA.key, parentIn(orgB)), { token: t.superToken })).status).toBe(404);
        // a row's lists: under another parent, the row is missing
        for (const list of def.rowLists ?? []) {
          expect((await t.call('GET', rowListPath(def, list, orgB.key, row.id, parentIn(orgA)), { token: foreign })).status, list.name).toBe(404);
          expect((await t.call('GET', rowListPath(def, list, orgB.key, row.id, parentIn(orgB)), { token: foreign })).status, list.name).toBe(404);
          const crossedBySuper = await t.call('GET', rowListPath(def, list, orgA.key, row.id, parentIn(orgB)), { token: t.superToken });
          expect([crossedBySuper.status, crossedBySuper.data], list.name).toEqual([404, null]);
        }
        expect((await read(row.id)).data).toEqual(before);
        if (def.readOnly) return;
        // a parent column in the body is ignored: the row stays under its path's parent
        const moved = await t.call('POST', `${base()}/${row.id}`, { token: t.superToken, body: { ...fixture().update, [def.parent!.column]: parentIn(orgB) } });
        expect(moved.status, moved.message).toBe(200);
        expect(moved.data[def.parent!.column]).toBe(parentIn(orgA));
      });
    }

    if (!def.readOnly) it('ignores an org_id in the body: rows belong to the path organisation', async () => {
      seq[def.name] = (seq[def.name] ?? 0) + 1;
      const body = { ...(await fixture().create!(seq[def.name], ctxOf(orgA))), org_id: orgB.id };
      const res = await t.call('POST', base(), { token: t.superToken, body });
      expect(res.status).toBe(200);
      expect(res.data.org_id).toBe(orgA.id);
      const moved = await t.call('POST', `${base()}/${res.data.id}`, { token: t.superToken, body: { ...fixture().update, org_id: orgB.id } });
      expect(moved.data.org_id).toBe(orgA.id);
    });

    if (hasAction(def, 'batchDelete')) {
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
      if (!def.readOnly) {
        seq[def.name] = (seq[def.name] ?? 0) + 1;
        const body = await fixture().create!(seq[def.name], ctxOf(orgA));
        const normal = await t.call('POST', base(), { token: tokens.normalA, body });
        expect(normal.status).toBe(canWrite(def, { kind: 'manager', type: 'normal' }) ? 200 : 403);
      }
      expect((await t.call('GET', base(), { token: tokens.normalA })).status).toBe(200);
    });
  } else {
    it('an organisation manager gets 403 and the row is unchanged', async () => {
      const row = await create();
      const before = (await read(row.id)).data;
      expect((await t.call('GET', base(), { token: tokens.adminA })).status).toBe(403);
      expect((await t.call('GET', `${base()}/${row.id}`, { token: tokens.adminA })).status).toBe(403);
      if (!def.readOnly) {
        expect((await t.call('POST', `${base()}/${row.id}`, { token: tokens.adminA, body: fixture().update })).status).toBe(403);
        expect((await t.call('DELETE', `${base()}/${row.id}`, { token: tokens.adminA })).status).toBe(403);
      }
      for (const action of rowActionNames(def)) {
        const body = fixture().rowUpdates?.[action];
        expect((await t.call('POST', `${base()}/${row.id}/${action}`, { token: tokens.adminA, body })).status, action).toBe(403);
      }
      for (const action of batchesOf(def)) {
        expect((await t.call('POST', `${base()}/${action.name}`, { token: tokens.adminA, body: { ids: [row.id] } })).status, action.name).toBe(403);
      }
      expect((await read(row.id)).data).toEqual(before);
    });
  }
});
