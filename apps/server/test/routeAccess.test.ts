import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ORG_KEY_PATTERN, RESERVED_ORG_KEYS } from '@huodong/domain';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { freshDatabase } from './helpers.js';

const ACCESS = new Set(['public', 'publicOrg', 'authenticated', 'super', 'org', 'reader', 'expert']);
const routes: { method: string; url: string; access: unknown }[] = [];
let close: () => Promise<void>;

beforeAll(async () => {
  const database = await freshDatabase();
  const config = { ...loadConfig({}), dataDir: '/nonexistent', logLevel: 'silent', webDist: '/nonexistent' };
  const app = await buildApp(config, {
    database,
    logger: false,
    onRoute: (r: RouteOptions) => {
      for (const method of [r.method].flat()) routes.push({ method, url: r.url, access: (r.config as { access?: unknown } | undefined)?.access });
    },
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.dispose();
  };
});
afterAll(() => close());

it('every registered route declares who may call it', () => {
  expect(routes.length).toBeGreaterThan(50);
  const undeclared = routes.filter((r) => r.method !== 'HEAD' && !ACCESS.has(r.access as string)).map((r) => `${r.method} ${r.url}`);
  expect(undeclared).toEqual([]);
});

it('open routes are exactly the sign-in and registration, health, public organisation pages, partner callbacks, certificate checks and stored files', () => {
  const open = routes.filter((r) => r.access === 'public' || r.access === 'publicOrg').map((r) => `${r.method} ${r.url}`);
  for (const u of open) expect(u).toMatch(/\/login|verificationCode|\/client\/register$|third\/:id\/callback$|activity\/:id\/public$|healthz|readyz|orgInfo|alter\/viewCount|readPromotion|pdfDetail|\/v1\/:org\/readingCase\/(list|detail\/:id|add\/count)$|^(GET|HEAD) \/v1\/cert\/verify$|^(GET|HEAD) \/v1\/files\/\*$|^(GET|HEAD) \/v1\/(openapi\.json|docs)$/);
});

it('the participant API is reader-only (the experts\' part expert-only), and reader routes live under /v1/{org}/client/', () => {
  const client = routes.filter((r) => r.url.startsWith('/v1/:org/client/') && r.method !== 'HEAD');
  expect(client.length).toBeGreaterThanOrEqual(8);
  for (const r of client) expect(`${r.method} ${r.url} ${r.access}`).toMatch(r.url.startsWith('/v1/:org/client/expert/') ? / (expert|publicOrg)$/ : / (reader|publicOrg)$/);
  for (const r of routes.filter((x) => x.access === 'reader')) expect(r.url.startsWith('/v1/:org/client/'), r.url).toBe(true);
  for (const r of routes.filter((x) => x.access === 'expert')) expect(r.url.startsWith('/v1/:org/client/expert/'), r.url).toBe(true);
});

it('every static segment after /v1/ is a reserved organisation key', () => {
  // Segments that could be a key (`openapi.json` cannot: keys are letters and digits).
  const segments = new Set(routes.map((r) => r.url.split('/')[2]).filter((s) => s && !s.startsWith(':') && s === s.toLowerCase() && ORG_KEY_PATTERN.test(s)));
  expect([...segments].filter((s) => !RESERVED_ORG_KEYS.includes(s))).toEqual([]);
});
