/**
 * The participation kit's scope check (issue 21 §2), once for every kind's reader read: a reader
 * outside the activity's scope gets the activity as missing (404, 活动不存在), as the reader's
 * list hides it; a reader inside the scope is not refused so. One table, one row per reader read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GATE } from '@huodong/domain';
import { activities } from '../src/db/schema.js';
import { publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let inside: { token: string };
let outside: { token: string };

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('readscope', { activity_types: [1, 2, 3, 4, 5, 6, 7, 9, 16] });
  inside = await signedInReader(t, org, { identity: 2 });
  outside = await signedInReader(t, org, { identity: 1 });
});
afterAll(() => t.close());

/** Each kind's reader reads of one activity: the kind's types and the path after the activity. */
const READS: { kind: string; type: number; path: string }[] = [
  { kind: 'any activity', type: 7, path: '' },
  { kind: 'works (single type)', type: 1, path: '/work-config' },
  { kind: 'works (single type)', type: 1, path: '/works' },
  { kind: 'works (several types)', type: 9, path: '/work-config' },
  { kind: 'voting', type: 2, path: '/sources' },
  { kind: 'voting', type: 2, path: '/vote-quota' },
  { kind: 'contest (one round)', type: 3, path: '/attempts' },
  { kind: 'contest (levels)', type: 6, path: '/levels' },
  { kind: 'contest (levels)', type: 6, path: '/ranking' },
  { kind: 'questionnaire', type: 4, path: '/survey' },
  { kind: 'offline', type: 5, path: '/sessions' },
  { kind: 'scan codes', type: 16, path: '/points-ranking' },
  { kind: 'reading check-in', type: 8, path: '/checkin' },
  { kind: 'reading check-in', type: 8, path: '/checkin/resources' },
  { kind: 'reading check-in', type: 8, path: '/marks' },
  { kind: 'lecture on demand', type: 19, path: '/lecture' },
];

describe("the scope check of every kind's reader read", () => {
  it.each(READS)('$kind: GET …$path refuses an out-of-scope reader as missing', async ({ type, path }) => {
    // A published activity limited to identity 2, turned into the row's kind (the scope check reads the row, never the kind's config).
    const act = await publishedThird(t, org, { scope: { identities: [2] } });
    await t.db.update(activities).set({ type }).where(eq(activities.id, act.id));
    const url = `/v1/${org.key}/client/activities/${act.id}${path}`;
    const refusedRead = await t.call('GET', url, { token: outside.token });
    expect([refusedRead.status, refusedRead.message]).toEqual([GATE.missing.status, GATE.missing.message]);
    const seen = await t.call('GET', url, { token: inside.token });
    expect(seen.message).not.toBe(GATE.missing.message);
  });
});
