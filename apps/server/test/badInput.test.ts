/**
 * Bad input never gives a 500. Generated over every registered route: a NUL byte (U+0000) in each
 * path parameter, each declared query value and each body field, sent with a super token through
 * the real app and database; the answer is a 4xx envelope, and a text field is refused with a 422
 * naming it. Then the cases the generated part cannot reach: ids that only look like numbers,
 * filters by their field's type, imports, the database's data exceptions, and the answers Fastify
 * would otherwise give on its own.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { ORG_NOT_FOUND, RESOURCES, resourcePath } from '@huodong/domain';
import { dbConstraintError } from '../src/http/errors.js';
import { routePath } from '../src/resources/register.js';
import { FIXTURES, type FixtureContext } from './fixtures/index.js';
import { SUPER_PASSWORD, testApp, type Json, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const routes: RouteOptions[] = [];
/** One existing row per resource, by its route path (`/v1/:org/users`): update routes reach the database. */
const rowIds = new Map<string, number>();
/** The parent row of each sub-resource, by the parent's path parameter (`group`). */
const parentIds: Record<string, number> = {};
let seq = 0;
/** What the fixtures make rows with: the test organisation, the super token, the API. */
const ctx = (): FixtureContext => ({ org, superToken: t.superToken, call: t.call, login: t.login, readerLogin: (a, p) => t.login(a, p, `${org.key}/client`) });

const NUL = 'a\u0000b';
const PASSWORDS = new Set(['password', 'old_password']);

type Zod = { _zod: { def: { type: string; innerType?: Zod; in?: Zod } }; shape?: Record<string, Zod> };
const keysOf = (schema: unknown): string[] => Object.keys((schema as Zod | undefined)?.shape ?? {});
/** The type under optional/nullable/default wrappers: `string`, `array`, `number`… */
function baseType(s: Zod): string {
  let z: Zod | undefined = s;
  for (let i = 0; z && i < 10; i++) {
    const { type, innerType }: { type: string; innerType?: Zod } = z._zod.def;
    if (!innerType) return type;
    z = innerType;
  }
  return 'unknown';
}

beforeAll(async () => {
  // Captcha off: the reader routes' tokens are signed in here (the codes are checked in auth tests).
  t = await testApp({ loginCaptcha: false }, { onRoute: (r) => routes.push(r) });
  org = await t.org('badin');
  await t.call('POST', `/v1/${org.key}/readers`, { token: t.superToken, body: { account: READER.account, password: READER.password } });
  const first = await t.call('POST', `/v1/${org.key}/client/login`, { body: { account: READER.account, password: READER.password } });
  await t.call('PUT', `/v1/${org.key}/client/me/password`, { token: first.data.access_token, body: { old_password: READER.password, password: READER.changed } });
  expect((await t.call('POST', `/v1/${org.key}/expert`, { token: t.superToken, body: EXPERT })).status).toBe(200);
  for (const def of RESOURCES) {
    // RESOURCES lists a parent before its children, so its row exists by now.
    if (def.parent) parentIds[def.parent.param] = rowIds.get(routePath(RESOURCES.find((d) => d.name === def.parent!.resource)!))!;
    // A read-only declaration's row is made through the routes that own it, under the parent its
    // fixture makes when it needs one of its own (a published, configured activity for works).
    if (def.readOnly) {
      const fixture = FIXTURES[def.name];
      const parentId = def.parent && (fixture.parent ? await fixture.parent(ctx()) : parentIds[def.parent.param]);
      rowIds.set(routePath(def), await fixture.row!(++seq, ctx(), parentId));
      continue;
    }
    // A child whose fixture makes its own parent (a levelled contest with its level) is made under it.
    const fixture = FIXTURES[def.name];
    const parentId = def.parent && (fixture.parent ? await fixture.parent(ctx()) : parentIds[def.parent.param]);
    const res = await t.call('POST', resourcePath(def, org.key, parentId), { token: t.superToken, body: await fixture.create!(++seq, ctx()) });
    expect(res.status, `${def.name}: ${res.message}`).toBe(200);
    rowIds.set(routePath(def), res.data.id);
  }
});
afterAll(() => t.close());

/** The existing row of the resource whose path is the longest prefix of the route's. */
function rowIdFor(url: string): number {
  const base = [...rowIds.keys()].filter((b) => url.startsWith(b + '/')).sort((a, b) => b.length - a.length)[0];
  return base ? rowIds.get(base)! : 1;
}

/** A parameter's id: the row of the resource whose path comes before it (`/v1/:org/contestpro` for `:act` of its levels). */
const idBefore = (url: string, name: string) => rowIds.get(url.slice(0, url.indexOf(`/:${name}`)));
const fill = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? (name === 'org' ? org.key : String(idBefore(url, name) ?? parentIds[name] ?? rowIdFor(url))));

/** A valid body the NUL is put into, so that nothing else stops the request before the database. */
async function baseBody(route: RouteOptions): Promise<Record<string, unknown>> {
  if (/\/login$/.test(route.url)) return { account: 'root', password: 'not-the-password', key: 'k', code: 'c' };
  const def = RESOURCES.find((d) => routePath(d) === route.url);
  if (def && route.method === 'POST') return FIXTURES[def.name].create!(++seq, ctx());
  return {};
}

/** What is wrong with an answer that must be a 4xx envelope; `expected` adds the status and naming the case requires. */
function problemOf(res: Json, what: string, expected?: { status: number; ok: boolean }): string | null {
  const envelope = res.code === res.status && typeof res.message === 'string' && /^application\/json/.test(String(res.res.headers['content-type']));
  if (res.status >= 500 || !envelope) return `${what} → ${res.status} ${res.res.body.slice(0, 200)}`;
  if (expected && (res.status !== expected.status || !expected.ok)) return `${what} → ${res.status} ${res.message}`;
  return null;
}

/** The 422 names the field among its field errors, and its message shows no path (issue 20: labels only). */
const names = (res: Json, key: string) =>
  !/^[a-z_][\w.]*: /i.test(res.message) && (res.data?.errors ?? []).some((e: { field: string }) => e.field === key || e.field.startsWith(`${key}.`));

const methods = (r: RouteOptions) => [r.method].flat().filter((m) => m !== 'HEAD');
/** A logout revokes the token it is sent with: those routes get one of their own. */
/** A reader of the test organisation, signed in with the first password changed (reader routes). */
const READER = { account: 'badinreader', password: 'Reader#Pass1', changed: 'Reader#Pass2' };
async function readerToken(): Promise<string> {
  const res = await t.call('POST', `/v1/${org.key}/client/login`, { body: { account: READER.account, password: READER.changed } });
  if (res.status !== 200) throw new Error(`reader login: ${res.status} ${res.message}`);
  return res.data.access_token;
}
/** An expert of the test organisation, signed in (expert routes). */
const EXPERT = { name: '坏输入专家', account: 'badinexpert', password: 'Expert#Pass1' };
async function expertToken(): Promise<string> {
  const res = await t.call('POST', `/v1/${org.key}/client/expert/login`, { body: { account: EXPERT.account, password: EXPERT.password } });
  if (res.status !== 200) throw new Error(`expert login: ${res.status} ${res.message}`);
  return res.data.access_token;
}
const tokenFor = async (route: RouteOptions) => {
  if ((route.config as { access?: string }).access === 'reader') return readerToken();
  if ((route.config as { access?: string }).access === 'expert') return expertToken();
  return route.url.endsWith('/logout') ? t.login('root', SUPER_PASSWORD) : t.superToken;
};

describe('a NUL byte on every route', () => {
  it('in a path parameter: 404 机构不存在 for an organisation key, 422 naming the id', async () => {
    const problems: (string | null)[] = [];
    let n = 0;
    for (const route of routes) {
      const access = (route.config as { access?: string }).access;
      for (const method of methods(route)) {
        for (const name of route.url.match(/:\w+/g)?.map((p) => p.slice(1)) ?? []) {
          for (const bad of ['%00', 'a%00b']) {
            const url = fill(route.url, { [name]: bad });
            const res = await t.call(method, url, { token: await tokenFor(route), body: method === 'GET' || method === 'DELETE' ? undefined : {} });
            const expected =
              name === 'org' && (access === 'org' || access === 'publicOrg')
                ? { status: 404, ok: res.message === ORG_NOT_FOUND }
                : name === 'id'
                  ? { status: 422, ok: names(res, 'id') }
                  : undefined;
            problems.push(problemOf(res, `${method} ${url}`, expected));
            n++;
          }
        }
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
    expect(n).toBeGreaterThan(150);
  }, 120_000); // every route, one after another: nothing here asserts time

  it('in a query value: 422 naming the parameter', async () => {
    const problems: (string | null)[] = [];
    for (const route of routes.filter((r) => methods(r).includes('GET'))) {
      for (const key of keysOf(route.schema?.querystring).filter((k) => k !== 'reflesh')) {
        const url = `${fill(route.url)}?${encodeURIComponent(key)}=a%00b`;
        const res = await t.call('GET', url, { token: await tokenFor(route) });
        problems.push(problemOf(res, url, { status: 422, ok: names(res, key) }));
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
    expect(problems.length).toBeGreaterThan(100);
  }, 120_000);

  it('in a body field: never a 500, and a text field is refused with 422 naming it', async () => {
    const problems: (string | null)[] = [];
    for (const route of routes) {
      const shape = (route.schema?.body as Zod | undefined)?.shape ?? {};
      for (const method of methods(route)) {
        for (const [key, field] of Object.entries(shape)) {
          const type = baseType(field);
          const body = { ...(await baseBody(route)), [key]: type === 'array' ? [NUL] : NUL };
          const url = fill(route.url);
          const res = await t.call(method, url, { token: await tokenFor(route), body });
          const text = type === 'string' && !PASSWORDS.has(key);
          problems.push(problemOf(res, `${method} ${url} ${key}`, text ? { status: 422, ok: names(res, key) } : undefined));
        }
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
    expect(problems.length).toBeGreaterThan(100);
  }, 120_000);

  it('anonymous: an organisation key that is no key is 404 机构不存在, before any query', async () => {
    for (const [method, url] of [
      ['GET', '/v1/%00/orgInfo'],
      ['POST', '/v1/%00/login'],
      ['POST', '/v1/%00/login/verificationCode'],
      ['GET', '/v1/Badin/orgInfo'],
      ['GET', `/v1/${'x'.repeat(40)}/orgInfo`],
    ]) {
      const res = await t.call(method, url, { body: method === 'POST' ? { account: 'a', password: 'b' } : undefined });
      expect([res.status, res.code, res.message], url).toEqual([404, 404, ORG_NOT_FOUND]);
    }
  });

  it('in the account of both sign-ins: 422 naming the account', async () => {
    for (const url of ['/v1/login', `/v1/${org.key}/login`]) {
      const res = await t.call('POST', url, { body: { account: 'root\u0000', password: 'x', key: 'k', code: 'c' } });
      expect([res.status, res.message], url).toEqual([422, '账号不能包含控制字符']);
    }
  });

  it('text fields keep tabs and line breaks and refuse the other control characters', async () => {
    const base = resourcePath(RESOURCES.find((d) => d.name === 'roles')!);
    const ok = await t.call('POST', base, { token: t.superToken, body: { name: '制表\t角色', description: '第一行\n第二行\r\n第三行' } });
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.description).toBe('第一行\n第二行\r\n第三行');
    for (const c of ['\u0001', '\u0008', '\u000b', '\u000c', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      const res = await t.call('POST', base, { token: t.superToken, body: { name: `角色${c}x` } });
      expect([res.status, res.message], JSON.stringify(c)).toEqual([422, '角色名称不能包含控制字符']);
    }
  });
});

describe('ids are decimal digits', () => {
  it('a path id that only looks like a number is refused with 422 naming it, not read as that number', async () => {
    const id = rowIds.get('/v1/organizations/types')!;
    expect((await t.call('GET', `/v1/organizations/types/${id}`, { token: t.superToken })).status).toBe(200);
    for (const bad of [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `%20${id}`, `+${id}`, `-${id}`, '0', 'true']) {
      const res = await t.call('GET', `/v1/organizations/types/${bad}`, { token: t.superToken });
      expect([res.status, res.message], bad).toEqual([422, 'ID必须是正整数']);
    }
    const root = await t.call('GET', '/v1/supers/true', { token: t.superToken });
    expect([root.status, root.message]).toEqual([422, 'ID必须是正整数']);
    const big = await t.call('GET', '/v1/sellers/new/99999999999', { token: t.superToken });
    expect([big.status, big.message]).toEqual([422, 'ID超出范围']);
  });

  it('ids in a body are JSON integers: digits in a string, true and out-of-range numbers are refused', async () => {
    const created = await t.call('POST', '/v1/organizations/types', { token: t.superToken, body: { name: '待删类型' } });
    for (const bad of [String(created.data.id), true, 1.5, 99999999999]) {
      const res = await t.call('POST', '/v1/organizations/types/batchDelete', { token: t.superToken, body: { ids: [bad] } });
      expect([res.status, names(res, 'ids')], `${JSON.stringify(bad)} ${res.message}`).toEqual([422, true]);
    }
    expect((await t.call('GET', `/v1/organizations/types/${created.data.id}`, { token: t.superToken })).status).toBe(200);
    const ref = await t.call('POST', '/v1/organizations', { token: t.superToken, body: { key: 'bigref', name: '大编号', type_id: 99999999999 } });
    expect([ref.status, ref.message]).toEqual([422, '机构类型不存在']);
  });

  it('the batch message names its field once', async () => {
    for (const body of [{}, { ids: 'x' }, { ids: [] }]) {
      const res = await t.call('POST', '/v1/organizations/types/batchDelete', { token: t.superToken, body });
      expect([res.status, res.message], JSON.stringify(body)).toEqual([422, '请选择要操作的数据']);
    }
    const id = rowIds.get('/v1/organizations')!;
    const modules = await t.call('POST', `/v1/organizations/${id}/authorize`, { token: t.superToken, body: { activity_types: [] } });
    expect(modules.message).toBe('请选择模块');
    const pages = await t.call('POST', `/v1/supers/${rowIds.get('/v1/supers')}/permission`, { token: t.superToken, body: {} });
    expect(pages.message).toBe('可用页面：请选择页面');
    const data = await t.call('POST', `/v1/${org.key}/users/import`, { token: t.superToken, body: {} });
    expect(data.message).toBe('请上传用户列表（JSON 文本）');
  });
});

describe('list filters are checked by their field type and named', () => {
  const list = (url: string) => t.call('GET', url, { token: t.superToken });
  it.each([
    ['/v1/organizations?type_id=abc', '机构类型ID必须是正整数'],
    ['/v1/organizations?type_id=0x3', '机构类型ID必须是正整数'],
    ['/v1/organizations?parent_id=1.0', '上级机构ID必须是正整数'],
    ['/v1/organizations?seller_id=99999999999', '销售人员ID超出范围'],
    ['/v1/org/badin/managers?role_id=99999999999', '角色ID超出范围'],
    ['/v1/org/badin/managers?type=boss', '请选择有效的管理员类型'],
    ['/v1/badin/users?sex=7', '请选择有效的性别'],
    ['/v1/badin/users?is_pause=true', '请选择有效的状态'],
    ['/v1/badin/students?grade=1e0', '年级必须是整数'],
    ['/v1/badin/students?grade=99999999999', '年级超出范围'],
    ['/v1/supers?page=0x2', '页码必须是整数'],
    ['/v1/supers?page=99999999999', '页码超出范围'],
    ['/v1/supers?page_size=%2010', '每页条数必须是整数'],
  ])('%s → 422 %s', async (url, message) => {
    const res = await list(url);
    expect([res.status, res.message]).toEqual([422, message]);
  });

  it('valid filters still filter, and a blank value means no filter', async () => {
    const typeId = (await list('/v1/organizations/types?page_size=100')).data.items[0].id as number;
    await t.call('POST', '/v1/organizations', { token: t.superToken, body: { key: 'typed', name: '有类型', type_id: typeId } });
    const typed = await list(`/v1/organizations?type_id=${typeId}&page_size=100`);
    expect(typed.status).toBe(200);
    expect(typed.data.items.map((o: { key: string }) => o.key)).toContain('typed');
    expect(typed.data.items.every((o: { type_id: number }) => o.type_id === typeId)).toBe(true);
    const blank = await list('/v1/organizations?type_id=&is_pause=&org_group=');
    expect(blank.status).toBe(200);
    expect(blank.data._meta.totalCount).toBeGreaterThan(typed.data._meta.totalCount);
    expect((await list('/v1/org/badin/managers?type=normal&is_pause=0')).status).toBe(200);
  });
});

describe('imports name the row', () => {
  it('a control character in a cell is refused with the row and the column', async () => {
    const rows = [
      { academic_num: 'A001', real_name: '张三', sex: 1, department: '文学院', identity: 1 },
      { academic_num: 'A002', real_name: '李\u0000四', sex: 1, department: '文学院', identity: 1 },
    ];
    const res = await t.call('POST', `/v1/${org.key}/users/import`, { token: t.superToken, body: { data: JSON.stringify(rows) } });
    expect([res.status, res.message]).toEqual([422, '第3行: 真实姓名不能包含控制字符']);
    const students = [{ name: '王五', account: 'S\u0000', sex: '男', grade: 1, class: 1, enrollment_date: '2023', school_name: '一小' }];
    const st = await t.call('POST', `/v1/${org.key}/students/import`, { token: t.superToken, body: { data: JSON.stringify(students) } });
    expect([st.status, st.message]).toEqual([422, '第2行: 学号不能包含控制字符']);
  });

  it('an organisation id out of range is an organisation not found, not a database error', async () => {
    const rows = [{ academic_num: 'A001', real_name: '张三', sex: 1, department: '文学院', identity: 1, org_id: 99999999999 }];
    const res = await t.call('POST', '/v1/organizations/import', { token: t.superToken, body: { data: JSON.stringify(rows) } });
    expect([res.status, res.message]).toEqual([422, '找不到ID为99999999999的机构']);
  });
});

it("the database's data exceptions (class 22) are a 422, never a 500", async () => {
  for (const query of [sql`select ${'a\u0000b'}::text`, sql`select ${'"\\u0000"'}::jsonb`, sql`select ${'x'}::int`]) {
    const err = await t.db.execute(query).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(dbConstraintError(err)?.status).toBe(422);
  }
});

describe('what Fastify and Node answer on their own is an envelope in Chinese', () => {
  const raw = (method: string, url: string, headers: Record<string, string> = {}, payload?: string) =>
    t.app.inject({ method: method as never, url, headers, payload });
  const expectAnswer = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ code: status, message, data: null });
  };

  it('a path parameter over 100 characters: 414 without echoing the path', async () => {
    const long = 'x'.repeat(101);
    for (const url of [`/v1/${long}/orgInfo`, `/v1/supers/${'1'.repeat(101)}`]) {
      const res = await raw('GET', url);
      expectAnswer(res, 414, '请求地址过长');
      expect(res.body).not.toContain('xxxxx');
    }
  });

  it('a URL that cannot be decoded: 400', async () => {
    expectAnswer(await raw('GET', '/v1/%E0%A4%A/orgInfo'), 400, '请求地址格式不正确');
  });

  it('bodies the parser refuses: bad JSON, empty JSON, wrong content type', async () => {
    expectAnswer(await raw('POST', '/v1/login', { 'content-type': 'application/json' }, '{"account":'), 400, '请求格式错误');
    expectAnswer(await raw('POST', '/v1/login', { 'content-type': 'application/json' }, ''), 400, '请求内容为空');
    expectAnswer(await raw('POST', '/v1/login', { 'content-type': 'application/xml' }, '<account/>'), 415, '不支持的内容类型');
    const text = await raw('POST', '/v1/login', { 'content-type': 'text/plain' }, 'account=root');
    expect([text.statusCode, JSON.parse(text.body).code]).toEqual([422, 422]);
  });

  it('an unknown path or method: 404 页面不存在', async () => {
    expectAnswer(await raw('GET', '/v1/nothing/here/at/all'), 404, '页面不存在');
    expectAnswer(await raw('PATCH', '/v1/login'), 404, '页面不存在');
    expectAnswer(await raw('OPTIONS', '/v1/supers'), 404, '页面不存在');
  });

  it('what the HTTP parser refuses (garbage, a header too large) on a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const send = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
        let got = '';
        socket.on('data', (d) => (got += d.toString('utf8')));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
    const parse = (answer: string) => {
      const [head, body] = answer.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) };
    };
    const garbage = parse(await send('NOT HTTP AT ALL\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ code: 400, message: '请求格式错误', data: null });
    const huge = parse(await send(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({ code: 431, message: '请求头过大', data: null });
    expect(huge.head).toMatch(/content-type: application\/json/i);
  });

  it('a request that does not arrive in time: 408 in the envelope', async () => {
    const slow = await testApp({ http: { ...t.app.config.http, requestTimeoutMs: 300, headersTimeoutMs: 300 } });
    try {
      const address = await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const answer = await new Promise<string>((resolve, reject) => {
        // Headers never finished: only the server's timeout ends this.
        const socket = net.connect(Number(new URL(address).port), '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
        let got = '';
        socket.on('data', (d) => (got += d.toString('utf8')));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ code: 408, message: '请求超时', data: null });
    } finally {
      await slow.close();
    }
  });
});
