/**
 * How joins are counted (issue 22, participation/joinCount.ts): without `person_limit` a first join
 * adds to one of 16 shard rows, never the activity's row, and every count shown is the row's
 * `join_num` plus its shards; the fold keeps the sum; a limit set later counts the shards too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sum } from 'drizzle-orm';
import { UNPUBLISH_AFTER_JOINS } from '@huodong/domain';
import { activities, activityJoinShards } from '../src/db/schema.js';
import { foldJoinShards } from '../src/participation/joinCount.js';
import { ok, publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let seq = 0;
const su = () => ({ token: t.superToken });
const join = (token: string, id: number, request_id = `join-req-${++seq}`) =>
  t.call('POST', `/v1/${org.key}/client/activities/${id}/join`, { token, body: { request_id } });
const rowCount = async (id: number) => (await t.db.select({ n: activities.join_num }).from(activities).where(eq(activities.id, id)))[0].n;
const shardCount = async (id: number) => Number((await t.db.select({ n: sum(activityJoinShards.n) }).from(activityJoinShards).where(eq(activityJoinShards.act_id, id)))[0].n ?? 0);
const listed = async (id: number) => (await ok(t.call('GET', `/v1/${org.key}/third?page=1&per-page=50`, su()))).items.find((a: { id: number }) => a.id === id).join_num;
const shown = async (id: number) => (await ok(t.call('GET', `/v1/${org.key}/activity/${id}/public`))).join_num;

let readers: { id: number; token: string }[];

beforeAll(async () => {
  // No job runner: the fold sweep (every 120 s) would move the shards into the row while a test reads them; the tests fold themselves.
  t = await testApp({ loginCaptcha: false, jobWorker: false });
  org = await t.org('joincount', { activity_types: [7] });
  readers = [];
  for (let i = 0; i < 24; i++) readers.push(await signedInReader(t, org));
});
afterAll(() => t.close());

describe('join counts', () => {
  it('joins without a limit are counted in shards, never on the activity row, and every count shows them', async () => {
    const act = await publishedThird(t, org);
    const answers = await Promise.all(readers.slice(0, 20).map((r) => join(r.token, act.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect([await rowCount(act.id), await shardCount(act.id)]).toEqual([0, 20]);
    expect(await listed(act.id)).toBe(20);
    expect(await shown(act.id)).toBe(20);
    // A replay is the same answer; another request of a joined reader counts nothing.
    const again = await join(readers[0].token, act.id, 'join-replayed');
    expect(again.status).toBe(200);
    expect((await join(readers[0].token, act.id)).data.join_num).toBe(20);
    expect(await shardCount(act.id)).toBe(20);
    // Joined readers forbid unpublishing, whichever rows count them.
    const unpublish = await t.call('POST', `/v1/${org.key}/third/${act.id}/unpublish`, su());
    expect([unpublish.status, unpublish.message]).toEqual([422, UNPUBLISH_AFTER_JOINS]);
  });

  it('the fold moves the shards into the row and keeps the sum', async () => {
    const act = await publishedThird(t, org);
    await Promise.all(readers.slice(0, 6).map((r) => join(r.token, act.id)));
    expect(await foldJoinShards(t.db)).toBeGreaterThanOrEqual(1);
    expect([await rowCount(act.id), await shardCount(act.id)]).toEqual([6, 0]);
    expect(await listed(act.id)).toBe(6);
    await Promise.all(readers.slice(6, 9).map((r) => join(r.token, act.id)));
    expect([await rowCount(act.id), await shardCount(act.id), await listed(act.id)]).toEqual([6, 3, 9]);
  });

  it('a limit set after joins counts the shards too, and holds under parallel joins', async () => {
    const act = await publishedThird(t, org);
    await Promise.all(readers.slice(0, 10).map((r) => join(r.token, act.id)));
    await ok(t.call('PUT', `/v1/${org.key}/third/${act.id}`, { ...su(), body: { person_limit: 13 } }));
    const answers = await Promise.all(readers.slice(10, 24).map((r) => join(r.token, act.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect([await rowCount(act.id), await shardCount(act.id), await shown(act.id)]).toEqual([3, 10, 13]);
  });

  it('a correction by an operator sets the whole count', async () => {
    const act = await publishedThird(t, org);
    await Promise.all(readers.slice(0, 4).map((r) => join(r.token, act.id)));
    await ok(t.call('POST', '/v1/activities/alter/count', { ...su(), body: { id: act.id, join_num: 100 } }));
    expect([await rowCount(act.id), await shardCount(act.id), await shown(act.id)]).toEqual([100, 0, 100]);
  });
});
