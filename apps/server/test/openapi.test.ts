/**
 * The OpenAPI document (`/v1/openapi.json`) is made from the routes and zod schemas that serve the
 * API: every registered route is in it with its access, its errors and, for a body, an example
 * that the route itself accepts as far as its schema goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ACCESS_TEXT } from '../src/http/openapi.js';
import { testApp, type TestApp } from './helpers.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let doc: any;

  beforeAll(async () => {
    t = await testApp({}, { onRoute: (r) => routes.push(r) });
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
  const openPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
  const documented = (r: RouteOptions) => (r.schema as { hide?: boolean } | undefined)?.hide !== true && r.url.startsWith('/v1/');

  it('is an OpenAPI 3.1 document, not wrapped in the envelope', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.code).toBeUndefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('holds every registered API route, with the access the access hook enforces', () => {
    const api = routes.filter(documented);
    expect(api.length).toBeGreaterThan(500);
    const missing: string[] = [];
    const wrongAccess: string[] = [];
    for (const r of api) {
      for (const m of methodsOf(r)) {
        const op = doc.paths[openPath(r.url)]?.[m.toLowerCase()];
        if (!op) missing.push(`${m} ${r.url}`);
        else if (op['x-access'] !== (r.config as { access?: string }).access) wrongAccess.push(`${m} ${r.url}: ${op['x-access']}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrongAccess).toEqual([]);
  });

  it('says who may call, and lists the errors by access: a public call has no 401, a reader write a 409', () => {
    const login = doc.paths['/v1/login'].post;
    expect(login.security).toEqual([]);
    expect(login.description).toContain(ACCESS_TEXT.public);
    expect(login.responses['401']).toBeUndefined();
    expect(login.responses['422']).toBeDefined();
    const orgList = doc.paths['/v1/{org}/carousel'].get;
    expect(orgList['x-access']).toBe('org');
    expect(orgList.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(orgList.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '503']));
    const readerWrites = Object.entries(doc.paths as Record<string, Record<string, any>>).filter(([p, ops]) => p.includes('/client/') && ops.post?.['x-access'] === 'reader');
    expect(readerWrites.length).toBeGreaterThan(5);
    for (const [, ops] of readerWrites) expect(ops.post.responses['409']).toBeDefined();
  });

  it('gives every JSON body an example, and the example of a create passes the route’s own schema', async () => {
    const bodies = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([p, ops]) =>
      Object.entries(ops).filter(([, op]) => op.requestBody?.content?.['application/json']).map(([m, op]) => ({ p, m, op })),
    );
    expect(bodies.length).toBeGreaterThan(100);
    const without = bodies.filter(({ op }) => op.requestBody.content['application/json'].example === undefined).map(({ m, p }) => `${m} ${p}`);
    expect(without).toEqual([]);
    // The platform's tag create: its example is accepted as it stands.
    const example = doc.paths['/v1/tags'].post.requestBody.content['application/json'].example;
    const res = await t.call('POST', '/v1/tags', { token: t.superToken, body: example });
    expect(res.status).toBe(200);
  });

  it('has a reference page for integrators', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>huodong 活动与阅读平台 API</h1>');
    expect(res.body).toContain('<code>POST /v1/{org}/carousel</code>');
  });
});
