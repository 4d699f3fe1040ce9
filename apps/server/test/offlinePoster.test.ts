/**
 * A session's printable sign-in poster (issue 23): `GET /v1/{org}/train/session/{sid}/poster` is an
 * A4 PDF naming the activity, the session's time, venue and speaker, with the sign-in QR of the
 * static link; with a rotating code it asks readers to scan the screen's code instead.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sessionTimeText } from '@huodong/domain';
import { offlineSessions } from '../src/db/schema.js';
import { POSTER_TEXTS, SESSION_NOT_FOUND } from '../src/kinds/offline/poster.js';
import { pdfStreams, pdfText } from './pdfText.js';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const START = now() + 3 * DAY;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('posterlib', { activity_types: [5] });
});
afterAll(() => t.close());

/** Rectangles drawn (a QR code's modules are black squares). */
const squares = (pdf: Buffer) => pdfStreams(pdf).join('\n').match(/^h\nf$/gm)?.length ?? 0;

async function poster(sid: number, orgKey = org.key) {
  const res = await t.call('GET', `/v1/${orgKey}/train/session/${sid}/poster`, su());
  return res;
}

it('a series session’s poster is an A4 PDF with the title, time, venue, speaker and the sign-in QR', async () => {
  const venue = await ok(t.call('POST', `/v1/${org.key}/offline/address`, { ...su(), body: { name: '二楼报告厅', region: ['江苏省', '苏州市'], address: '人民路858号', capacity: 120 } }));
  const act = await ok(t.call('POST', `/v1/${org.key}/offlines`, { ...su(), body: { title: '“阅读与写作”系列讲座', start_at: now() - DAY, end_at: now() + 30 * DAY } }));
  const s = await ok(t.call('POST', `/v1/${org.key}/train/${act.id}/session`, { ...su(), body: { title: '第一讲：怎样读一本书', speaker: '周老师', start_at: START, end_at: START + 7200, capacity: 50, venue_id: venue.id } }));
  const res = await poster(s.id);
  expect(res.status, res.message).toBe(200);
  expect(res.res.headers['content-type']).toBe('application/pdf');
  const pdf = res.res.rawPayload;
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // A4 portrait: 595 × 842 points
  expect(/\/MediaBox \[ 0 0 595\.\d+ 841\.\d+ \]/.test(pdf.toString('latin1'))).toBe(true);
  const text = pdfText(pdf);
  expect(text).toContain('“阅读与写作”系列讲座');
  expect(text).toContain('第一讲：怎样读一本书');
  expect(text).toContain(`${POSTER_TEXTS.time}${sessionTimeText({ start_at: START, end_at: START + 7200 })}`);
  expect(text).toContain(`${POSTER_TEXTS.venue}二楼报告厅 人民路858号`);
  expect(text).toContain(`${POSTER_TEXTS.speaker}周老师`);
  expect(text).toContain(POSTER_TEXTS.scan);
  expect(text).not.toContain(POSTER_TEXTS.rotatingHint);
  // the QR's modules are drawn as black squares
  expect(squares(pdf)).toBeGreaterThan(100);
});

it('a single activity with a rotating code: the poster asks to scan the screen, and prints no code', async () => {
  const act = await ok(t.call('POST', `/v1/${org.key}/offline`, { ...su(), body: { title: '冬日读书分享会', start_at: START, end_at: START + 5400, person_limit: 40, address: '一楼大厅', config: { rotating_code: 1 } } }));
  const [s] = await t.db.select().from(offlineSessions).where(and(eq(offlineSessions.org_id, org.id), eq(offlineSessions.act_id, act.id)));
  const res = await poster(s.id);
  expect(res.status, res.message).toBe(200);
  const text = pdfText(res.res.rawPayload);
  expect(text).toContain('冬日读书分享会');
  expect(text).toContain(`${POSTER_TEXTS.venue}一楼大厅`);
  expect(text).toContain(POSTER_TEXTS.rotatingHint);
  expect(text).not.toContain(POSTER_TEXTS.scan);
  expect(squares(res.res.rawPayload)).toBeLessThan(10);
});

it('another organisation’s session, a missing one, and no token: no poster', async () => {
  const other = await t.org('posterother', { activity_types: [5] });
  const act = await ok(t.call('POST', `/v1/${other.key}/offline`, { ...su(), body: { title: '别家的活动', start_at: START, end_at: START + 3600, person_limit: 10 } }));
  const [s] = await t.db.select().from(offlineSessions).where(eq(offlineSessions.act_id, act.id));
  const manager = await t.manager(org.id, 'posteradmin');
  const token = await t.login(manager.account, 'Manager#Pass1', org.key);
  const foreign = await t.call('GET', `/v1/${org.key}/train/session/${s.id}/poster`, { token });
  expect(foreign.status).toBe(404);
  expect(foreign.message).toBe(SESSION_NOT_FOUND);
  expect((await t.call('GET', `/v1/${org.key}/train/session/99999999/poster`, { token })).status).toBe(404);
  expect((await t.call('GET', `/v1/${org.key}/train/session/${s.id}/poster`)).status).toBe(401);
  expect((await t.call('GET', `/v1/${other.key}/train/session/${s.id}/poster`, { token })).status).toBe(403);
});
