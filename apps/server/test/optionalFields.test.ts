/**
 * Every declaration's create body, with each field left out in turn (and each field that may be
 * null sent as null), never answers 500: a column the database requires but the declaration leaves
 * optional shows up here as a refused insert (issue 20: a carousel without its image was a 500).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESOURCES, resourcePath, type ResourceDef } from '@huodong/domain';
import { FIXTURES, type FixtureContext } from './fixtures/index.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  // The fixtures write this key into file addresses.
  org = await t.org('resa');
});
afterAll(() => t.close());

const ctx = (): FixtureContext => ({
  org,
  superToken: t.superToken,
  call: (m, u, o) => t.call(m, u, o),
  login: (a, p, o) => t.login(a, p, o),
  readerLogin: async (account, password) => {
    const res = await t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password, key: '', code: '' } });
    if (res.status !== 200) throw new Error(`reader login ${account}: ${res.status} ${res.message}`);
    return res.data.access_token as string;
  },
});

/** The body without one member (`config.x` reaches into the nested settings), or with it null. */
function variants(body: Record<string, unknown>): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  for (const key of Object.keys(body)) {
    const { [key]: _left, ...rest } = body;
    out.push([`without ${key}`, rest], [`${key}: null`, { ...body, [key]: null }]);
    const nested = body[key];
    if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
      for (const inner of Object.keys(nested)) {
        const { [inner]: _gone, ...others } = nested as Record<string, unknown>;
        out.push([`without ${key}.${inner}`, { ...body, [key]: others }], [`${key}.${inner}: null`, { ...body, [key]: { ...others, [inner]: null } }]);
      }
    }
  }
  return out;
}

const creatable = RESOURCES.filter((def) => !def.readOnly && FIXTURES[def.name]?.create);
let seq = 1000;

it.each(creatable.map((def) => [def.name, def] as const))('%s: a create body missing any field, or with it null, is never a 500', async (_name, def: ResourceDef) => {
  const fixture = FIXTURES[def.name];
  const parent = def.parent ? await fixture.parent!(ctx()) : undefined;
  const url = resourcePath(def, org.key, parent);
  const failures: string[] = [];
  for (const [what, body] of variants(await fixture.create!(++seq, ctx()))) {
    // A fresh valid body per variant, so a unique value already taken does not hide the case.
    const fresh = await fixture.create!(++seq, ctx());
    const changed = variants(fresh).find(([w]) => w === what)?.[1] ?? body;
    const res = await t.call('POST', url, { token: t.superToken, body: changed });
    if (res.status >= 500) failures.push(`${what}: ${res.status} ${res.message}`);
  }
  expect(failures).toEqual([]);
}, 120_000);
