/**
 * Third-party activities end to end (type 7): the reader's launch (gate, join once, counted, a
 * signed short-lived identity token), the partner's signed callback (replay-safe by event id) and
 * the count per day.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LAUNCH_TOKEN_SECONDS, pseudonym } from '../src/kinds/third/routes.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
let seq = 0;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('thirdlib', { activity_types: [7] });
  other = await t.org('thirdother', { activity_types: [7] });
});
afterAll(() => t.close());

async function reader(): Promise<{ id: number; token: string }> {
  const account = `tp${++seq}`;
  const made = await t.call('POST', `/v1/${org.key}/readers`, { ...su(), body: { account, password: 'Reader#Pass1' } });
  const login = await t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password: 'Reader#Pass1' } });
  await t.call('PUT', `/v1/${org.key}/client/me/password`, { token: login.data.access_token, body: { old_password: 'Reader#Pass1', password: 'Reader#Pass2' } });
  return { id: made.data.id, token: login.data.access_token };
}

async function activity(config: Record<string, unknown>) {
  const res = await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: `合作活动${++seq}`, start_at: now() - DAY, end_at: now() + DAY, config: { link: 'https://partner.example.org/play?x=1', ...config } } });
  expect(res.status, res.message).toBe(200);
  await t.call('POST', `/v1/${org.key}/third/${res.data.id}/publish`, su());
  return res.data as { id: number; config: { callback_secret: string } };
}

const launch = (token: string, id: number) => t.call('POST', `/v1/${org.key}/client/activities/${id}/launch`, { token, body: { request_id: `launch-${++seq}-${Date.now()}` } });

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());

it('a launch with identity answers the link with a signed token naming the reader by a stable pseudonym', async () => {
  const act = await activity({ pass_identity: 1, callback_secret: 'partner-secret-0123456789' });
  const r = await reader();
  const first = await launch(r.token, act.id);
  expect(first.status, first.message).toBe(200);
  const url = new URL(first.data.url);
  expect(url.origin + url.pathname).toBe('https://partner.example.org/play');
  expect(url.searchParams.get('x')).toBe('1');
  const token = url.searchParams.get('hd_token')!;
  const [head, body, signature] = token.split('.');
  expect(decode(head)).toEqual({ alg: 'HS256', typ: 'JWT' });
  const expected = createHmac('sha256', 'partner-secret-0123456789').update(`${head}.${body}`).digest('base64url');
  expect(signature).toBe(expected);
  const claims = decode(body);
  expect(claims).toMatchObject({ iss: org.key, act: act.id, sub: pseudonym('partner-secret-0123456789', r.id, act.id) });
  expect(claims.exp - claims.iat).toBe(LAUNCH_TOKEN_SECONDS);
  expect(Object.keys(claims).sort()).toEqual(['act', 'exp', 'iat', 'iss', 'nonce', 'sub']);
  expect(pseudonym('partner-secret-0123456789', r.id, act.id + 1)).not.toBe(claims.sub);
  // a second launch: same pseudonym, another nonce, counted, joined once
  const second = await launch(r.token, act.id);
  const claims2 = decode(new URL(second.data.url).searchParams.get('hd_token')!.split('.')[1]);
  expect(claims2.sub).toBe(claims.sub);
  expect(claims2.nonce).not.toBe(claims.nonce);
  const count = await t.call('GET', `/v1/${org.key}/third/${act.id}/count`, su());
  expect(count.data.totals).toMatchObject({ launches: 2, readers: 1, joins: 1 });
});

it('without identity the launch is the bare link; a paused activity refuses the launch', async () => {
  const act = await activity({ pass_identity: 0 });
  const r = await reader();
  expect((await launch(r.token, act.id)).data.url).toBe('https://partner.example.org/play?x=1');
  await t.call('POST', `/v1/${org.key}/third/${act.id}/disable`, su());
  const refused = await launch(r.token, act.id);
  expect([refused.status, refused.data.gate]).toEqual([403, 40003]);
});

it('a launch asks the access code until the reader has joined, as every kind\'s write through the kit', async () => {
  const res = await t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: `合作活动${++seq}`, start_at: now() - DAY, end_at: now() + DAY, access_code: 'PLAY2026', config: { link: 'https://partner.example.org/play' } } });
  expect(res.status, res.message).toBe(200);
  await t.call('POST', `/v1/${org.key}/third/${res.data.id}/publish`, su());
  const r = await reader();
  const launchWith = (access_code?: string) =>
    t.call('POST', `/v1/${org.key}/client/activities/${res.data.id}/launch`, { token: r.token, body: { request_id: `launch-${++seq}-${Date.now()}`, ...(access_code ? { access_code } : {}) } });
  const without = await launchWith();
  expect([without.status, without.data.gate, without.message]).toEqual([403, 40012, '参与口令不正确']);
  expect((await launchWith('WRONG')).data.gate).toBe(40012);
  expect((await launchWith('PLAY2026')).status).toBe(200);
  // joined by that launch: the next one is not asked again
  const again = await launchWith();
  expect(again.status, again.message).toBe(200);
  expect(again.data.url).toBe('https://partner.example.org/play');
});

const callback = (o: { key: string }, id: number, body: unknown, secret: string | null) => {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret) headers['x-signature'] = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  return t.app.inject({ method: 'POST', url: `/v1/${o.key}/third/${id}/callback`, headers, payload: raw });
};

it('the partner callback is accepted only when signed, once per event id, and counted per day', async () => {
  const secret = 'callback-secret-abcdef0123';
  const act = await activity({ pass_identity: 1, callback_secret: secret });
  const r = await reader();
  await launch(r.token, act.id);
  const sub = pseudonym(secret, r.id, act.id);
  const event = { event_id: 'evt-1', sub, event: 'scored', score_given: 8, score_max: 10, occurred_at: now() };

  const unsigned = await callback(org, act.id, event, null);
  expect(unsigned.statusCode).toBe(401);
  expect(unsigned.json().message).toBe('签名不正确');
  expect((await callback(org, act.id, event, 'wrong-secret-0000000000')).statusCode).toBe(401);
  // the right signature through another organisation's path: no such activity there
  expect((await callback(other, act.id, event, secret)).statusCode).toBe(401);
  // a body changed after signing
  const raw = JSON.stringify(event);
  const tampered = await t.app.inject({
    method: 'POST',
    url: `/v1/${org.key}/third/${act.id}/callback`,
    headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
    payload: raw.replace('"score_given":8', '"score_given":10'),
  });
  expect(tampered.statusCode).toBe(401);

  const ok = await callback(org, act.id, event, secret);
  expect(ok.statusCode, ok.body).toBe(200);
  expect(ok.json().data).toEqual({ accepted: true, duplicate: false });
  const replay = await callback(org, act.id, event, secret);
  expect(replay.json().data).toEqual({ accepted: false, duplicate: true });
  await callback(org, act.id, { ...event, event_id: 'evt-2', event: 'completed', score_given: undefined, score_max: undefined }, secret);

  const invalid = await callback(org, act.id, { ...event, event_id: 'evt-3', event: 'won' }, secret);
  expect(invalid.statusCode).toBe(422);
  expect(invalid.json().message).not.toMatch(/^[a-z_][\w.]*: /);
  expect(invalid.json().data.errors.some((e: { field: string }) => e.field === 'event')).toBe(true);

  const count = await t.call('GET', `/v1/${org.key}/third/${act.id}/count`, su());
  expect(count.data.totals).toMatchObject({ launches: 1, readers: 1, joins: 1, completed: 1, average_score: 80 });
  const today = new Date((now() + 8 * 3600) * 1000).toISOString().slice(0, 10);
  expect(count.data.days).toEqual([{ day: today, launches: 1, readers: 1, joined: 0, completed: 1, scored: 1, average_score: 80 }]);
  // another organisation's administrator cannot read the count
  expect((await t.call('GET', `/v1/${other.key}/third/${act.id}/count`, su())).status).toBe(404);
});

it('the count per day has no gaps: a day without launches or events is there with zeros; a missing activity is 404 活动不存在', async () => {
  const secret = 'callback-secret-gaps-0123456';
  const act = await activity({ pass_identity: 1, callback_secret: secret });
  const r = await reader();
  await launch(r.token, act.id);
  const sub = pseudonym(secret, r.id, act.id);
  const joined = await callback(org, act.id, { event_id: 'gap-1', sub, event: 'joined', occurred_at: now() - 2 * DAY }, secret);
  expect(joined.statusCode, joined.body).toBe(200);

  const count = await t.call('GET', `/v1/${org.key}/third/${act.id}/count`, su());
  expect(count.status, count.message).toBe(200);
  const dayOf = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 10);
  expect(count.data.days).toEqual([
    { day: dayOf(now() - 2 * DAY), launches: 0, readers: 0, joined: 1, completed: 0, scored: 0, average_score: null },
    { day: dayOf(now() - DAY), launches: 0, readers: 0, joined: 0, completed: 0, scored: 0, average_score: null },
    { day: dayOf(now()), launches: 1, readers: 1, joined: 0, completed: 0, scored: 0, average_score: null },
  ]);
  expect(count.data.activity).toEqual({ id: act.id, title: expect.any(String), join_num: 1, view_count: expect.any(Number) });

  const missing = await t.call('GET', `/v1/${org.key}/third/999999/count`, su());
  expect([missing.status, missing.message]).toEqual([404, '活动不存在']);
});
