/**
 * A reader write's `request_id` answers only the request it was first used for (issue 20, item 20):
 * the same request again gets the kept answer; the id reused on another route, another activity or
 * with another body is refused with 409 naming `request_id`, and nothing is recorded for it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REQUEST_ID_REUSED } from '@huodong/domain';
import { activityJoins, votes, voteSources } from '../src/db/schema.js';
import { ok, publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const REUSED = REQUEST_ID_REUSED;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('reqids', { activity_types: [2, 7] });
});
afterAll(() => t.close());

/** A published voting activity with two sources, no captcha, no interval. */
async function voting(): Promise<{ id: number; a: number; b: number }> {
  const act = await ok(t.call('POST', `/v1/${org.key}/evaluation`, { ...su(), body: { title: `投票${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + DAY, config: { captcha: 'off', min_interval_sec: 0, votes_per_day: 50, per_source_per_day: 50 } } }));
  await ok(t.call('POST', `/v1/${org.key}/evaluation/${act.id}/publish`, su()));
  const made: number[] = [];
  for (const title of ['甲', '乙']) made.push((await ok(t.call('POST', `/v1/${org.key}/evaluation/${act.id}/source`, { ...su(), body: { title } }))).id as number);
  return { id: act.id, a: made[0], b: made[1] };
}
const ballot = (token: string, act: number, source: number, request_id: string) =>
  t.call('POST', `/v1/${org.key}/client/activities/${act}/ballots`, { token, body: { request_id, source_ids: [source] } });
const join = (token: string, act: number, request_id: string) => t.call('POST', `/v1/${org.key}/client/activities/${act}/join`, { token, body: { request_id } });
const votesOf = async (source: number) => (await t.db.select().from(votes).where(eq(votes.source_id, source))).length;
const voteCount = async (source: number) => (await t.db.select().from(voteSources).where(eq(voteSources.id, source)))[0].vote_count;

describe('a request_id reused for another request', () => {
  it('a ballot key reused for another source is 409 on request_id and records nothing; the same ballot again answers its first result', async () => {
    const v = await voting();
    const r = await signedInReader(t, org);
    const key = randomUUID();
    const first = await ballot(r.token, v.id, v.a, key);
    expect(first.status, first.message).toBe(200);
    const other = await ballot(r.token, v.id, v.b, key);
    expect([other.status, other.message]).toEqual([409, REUSED]);
    expect(other.data).toEqual({ errors: [{ field: 'request_id', message: REQUEST_ID_REUSED }] });
    expect(await votesOf(v.b)).toBe(0);
    expect(await voteCount(v.b)).toBe(0);
    const again = await ballot(r.token, v.id, v.a, key);
    expect([again.status, again.data]).toEqual([200, first.data]);
    expect(await votesOf(v.a)).toBe(1);
    // the kept refusal too answers only its own request
    const bad = randomUUID();
    expect((await ballot(r.token, v.id, 999_999, bad)).status).not.toBe(200);
    expect((await ballot(r.token, v.id, v.a, bad)).message).toBe(REUSED);
  });

  it('a join key reused on another activity or on a ballot is 409, and the reader is not joined there', async () => {
    const [x, y] = [await publishedThird(t, org), await publishedThird(t, org)];
    const v = await voting();
    const r = await signedInReader(t, org);
    const key = randomUUID();
    expect((await join(r.token, x.id, key)).data).toMatchObject({ joined: true });
    const elsewhere = await join(r.token, y.id, key);
    expect([elsewhere.status, elsewhere.message]).toEqual([409, REUSED]);
    const onBallot = await ballot(r.token, v.id, v.a, key);
    expect([onBallot.status, onBallot.message]).toEqual([409, REUSED]);
    const joinedTo = (await t.db.select().from(activityJoins).where(and(eq(activityJoins.reader_id, r.id), eq(activityJoins.status, 1)))).map((j) => j.act_id);
    expect(joinedTo).toEqual([x.id]);
    expect(await votesOf(v.a)).toBe(0);
    // another reader's ids are their own: the same key is a new request for them
    const s = await signedInReader(t, org);
    expect((await join(s.token, y.id, key)).status).toBe(200);
  });

  it('the same request_id sent 20 times at once records once; sent at once for two sources, one is recorded and the other is 409', async () => {
    const v = await voting();
    const r = await signedInReader(t, org);
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => ballot(r.token, v.id, v.a, key)));
    for (const a of same) expect([a.status, a.data], a.message).toEqual([200, same[0].data]);
    expect(await votesOf(v.a)).toBe(1);
    expect(await voteCount(v.a)).toBe(1);

    const mixed = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ballot(r.token, v.id, i % 2 ? v.a : v.b, mixed)));
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [i % 2] : []));
    expect(winners.length).toBeGreaterThan(0);
    expect(new Set(winners).size).toBe(1);
    for (const a of answers) if (a.status !== 200) expect([a.status, a.message]).toEqual([409, REUSED]);
    expect((await votesOf(v.a)) - 1 + (await votesOf(v.b))).toBe(1);
  });
});
