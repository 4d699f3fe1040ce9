/**
 * Voting and comments (type 2, issue 12) through HTTP: the activity's rules, sources (admin,
 * imported works, readers' sign-ups), ballots (limits under parallel ballots, replays, suspect
 * marking, captcha), voiding and recount, results frozen with their hash, the evidence of a
 * source, and comments (one reply level, likes, reports hiding at 3, limits, moderation).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { activities, captchas, readerOffences, votes, voteSources, works } from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { VOTE_DAY_SLOTS } from '../src/kinds/voting/tallies.js';
import { publishedVoting, signedInReader, testApp, votingSources, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const OPEN = { captcha: 'off', min_interval_sec: 0 };

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, trustProxy: true });
  org = await t.org('votelib', { activity_types: [1, 2] });
  other = await t.org('voteother', { activity_types: [2] });
});
afterAll(() => t.close());

const voting = (config: Record<string, unknown> = OPEN, o = org, over: Record<string, unknown> = {}) => publishedVoting(t, o, config, over);
const sources = (act: number, n: number, o = org, extra: Record<string, unknown> = {}) => votingSources(t, o, act, n, extra);
const ballot = (token: string, act: number, source_ids: number[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.call('POST', `/v1/${org.key}/client/activities/${act}/ballots`, { token, body: { request_id: randomUUID(), source_ids, ...extra }, headers });
const sourceRow = async (id: number) => (await t.db.select().from(voteSources).where(eq(voteSources.id, id)))[0];

describe('the rules of a voting activity', () => {
  it('refuses rules that cannot be met, naming the config field, on create and update', async () => {
    const bad = await t.call('POST', `/v1/${org.key}/evaluation`, { ...su(), body: { title: '坏规则', start_at: now(), end_at: now() + DAY, config: { max_select: 5, votes_per_day: 3 } } });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('每次最多选择不能大于每人每天票数');
    const act = await voting();
    const late = await t.call('POST', `/v1/${org.key}/evaluation/${act}`, { ...su(), body: { config: { vote_end_at: now() + 20 * DAY } } });
    expect(late.message).toBe('投票结束时间不能晚于活动结束时间');
    // One comment setting changes alone; the others stay.
    await t.call('POST', `/v1/${org.key}/evaluation/${act}`, { ...su(), body: { config: { comments: { per_day: 5, moderation: 'pre' } } } });
    await t.call('POST', `/v1/${org.key}/evaluation/${act}`, { ...su(), body: { config: { comments: { per_day: 7 } } } });
    const row = (await t.call('GET', `/v1/${org.key}/evaluation/${act}`, su())).data;
    expect(row.config.comments).toEqual({ per_day: 7, moderation: 'pre' });
    expect(row.config.captcha).toBe('off');
  });
});

describe('ballots', () => {
  it('30 parallel ballots of one reader never exceed the votes per day nor per source per day', async () => {
    const act = await voting({ ...OPEN, votes_per_day: 5, per_source_per_day: 2, max_select: 2 });
    const ids = await sources(act, 3);
    const r = await signedInReader(t, org);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ballot(r.token, act, i % 4 === 3 ? [ids[0], ids[2]] : [ids[i % 3]])));
    for (const a of answers) expect([200, 403], a.message).toContain(a.status);
    const mine = await t.db.select().from(votes).where(and(eq(votes.act_id, act), eq(votes.reader_id, r.id)));
    expect(mine.length).toBe(5);
    const per = new Map<number, number>();
    for (const v of mine) per.set(v.source_id, (per.get(v.source_id) ?? 0) + 1);
    for (const n of per.values()) expect(n).toBeLessThanOrEqual(2);
    // The counters on the sources are the votes stored.
    for (const id of ids) expect((await sourceRow(id)).vote_count).toBe(per.get(id) ?? 0);
    const refused = answers.filter((a) => a.status === 403);
    expect(refused.every((a) => a.data.gate === 40008)).toBe(true);
    const quota = await t.call('GET', `/v1/${org.key}/client/activities/${act}/vote-quota`, { token: r.token });
    expect(quota.data).toMatchObject({ state: 'open', today_left: 0 });
  });

  it('person_limit holds under 8 parallel first ballots: the join is counted in the ballot statement, a refused one leaves no vote', async () => {
    const act = await voting(OPEN, org, { person_limit: 3 });
    const [id] = await sources(act, 1);
    const readers = await Promise.all(Array.from({ length: 8 }, () => signedInReader(t, org)));
    const answers = await Promise.all(readers.map((r) => ballot(r.token, act, [id])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.data.gate]).toEqual([409, 40006]);
    expect((await t.db.select().from(votes).where(eq(votes.act_id, act))).length).toBe(3);
    expect((await sourceRow(id)).vote_count).toBe(3);
    expect((await t.db.select({ join_num: activities.join_num }).from(activities).where(eq(activities.id, act)))[0].join_num).toBe(3);
  });

  it('a replayed request_id answers the first result, a refusal included, and counts once', async () => {
    const act = await voting({ ...OPEN, votes_per_day: 1 });
    const [a, b] = await sources(act, 2);
    const r = await signedInReader(t, org);
    const request_id = randomUUID();
    const [first, again] = await Promise.all([ballot(r.token, act, [a], { request_id }), ballot(r.token, act, [a], { request_id })]);
    expect(first.status, first.message).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await ballot(r.token, act, [a], { request_id })).data).toEqual(first.data);
    expect((await sourceRow(a)).vote_count).toBe(1);
    const no = randomUUID();
    const refused = await ballot(r.token, act, [b], { request_id: no });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('今日投票次数已用完（每天1票）');
    const replay = await ballot(r.token, act, [b], { request_id: no });
    expect([replay.status, replay.message]).toEqual([403, refused.message]);
  });

  it('refuses bad choices with 422 naming the field, and the gate before anything', async () => {
    const act = await voting({ ...OPEN, max_select: 2 });
    const [a] = await sources(act, 1);
    const r = await signedInReader(t, org);
    expect((await ballot(r.token, act, [a, a])).message).toBe('不能重复选择同一对象');
    expect((await ballot(r.token, act, [999999])).message).toBe('投票对象不存在');
    const foreign = await voting(OPEN, other);
    expect((await ballot(r.token, foreign, [a])).status).toBe(404);
    await t.call('POST', `/v1/${org.key}/evaluation/${act}/disable`, su());
    const paused = await ballot(r.token, act, [a]);
    expect([paused.status, paused.data.gate]).toEqual([403, 40003]);
  });

  it('marks votes beyond an address\'s limits suspect: stored with the reason, not counted publicly', async () => {
    const act = await voting({ ...OPEN, ip_per_day: 2, ip_per_source_per_day: 0 });
    const [a] = await sources(act, 1);
    const readers = [await signedInReader(t, org), await signedInReader(t, org), await signedInReader(t, org)];
    const answers = [];
    for (const r of readers) answers.push(await ballot(r.token, act, [a]));
    expect(answers.map((x) => x.data.outcome)).toEqual(['accept', 'accept', 'suspect']);
    expect(answers[2].data.votes[0]).toEqual({ source_id: a, status: 'suspect', reason: '同一IP今日有效票已达2票' });
    expect(await sourceRow(a)).toMatchObject({ vote_count: 2, suspect_count: 1 });
    const list = await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources`, { token: readers[0].token });
    expect(list.data.items[0].votes).toBe(2);
    const evidence = await t.call('GET', `/v1/${org.key}/evaluation/${act}/source/${a}/evidence`, su());
    expect(evidence.data).toMatchObject({ suspect_share: 33.33, addresses: { distinct: 1 }, suspect_reasons: [{ reason: '同一IP今日有效票已达2票', votes: 1 }] });
    expect(evidence.data.hours).toHaveLength(1);
  });

  it('asks a captcha on the first vote of the day and takes a right one', async () => {
    const act = await voting({ captcha: 'first_vote_daily', min_interval_sec: 0, votes_per_day: 3, per_source_per_day: 3 });
    const [a] = await sources(act, 1);
    const r = await signedInReader(t, org);
    const quota = await t.call('GET', `/v1/${org.key}/client/activities/${act}/vote-quota`, { token: r.token });
    expect(quota.data.captcha).toBe(true);
    const without = await ballot(r.token, act, [a]);
    expect([without.status, without.data.gate, without.message]).toEqual([403, 40010, '请完成验证']);
    const cap = await t.call('POST', `/v1/${org.key}/client/login/verificationCode`);
    const [row] = await t.db.select().from(captchas).where(eq(captchas.key, cap.data.key));
    // A refused token leaves the answer unused (it is single use).
    expect((await ballot('not-a-token', act, [a], { captcha_key: cap.data.key, captcha_code: row.code })).status).toBe(401);
    expect((await ballot(r.token, act, [a], { captcha_key: cap.data.key, captcha_code: row.code })).status).toBe(200);
    expect((await ballot(r.token, act, [a])).status).toBe(200);
  });

  it('hides counts until the end when the rules say so', async () => {
    const act = await voting({ ...OPEN, show_counts: 'hidden_until_end' });
    const [a] = await sources(act, 1);
    const r = await signedInReader(t, org);
    await ballot(r.token, act, [a]);
    const list = await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources`, { token: r.token });
    expect(list.data).toMatchObject({ show_counts: false, items: [{ id: a, votes: null }] });
  });
});

describe('voiding, results and evidence', () => {
  it('voids by rule with a reason, recounts, records the offence, bars the voter; results rank and freeze with a hash', async () => {
    const act = await voting({ ...OPEN, votes_per_day: 3, max_select: 3 });
    const [a, b, c] = await sources(act, 3);
    const [x, y, z] = [await signedInReader(t, org), await signedInReader(t, org), await signedInReader(t, org)];
    await ballot(x.token, act, [a, b]);
    await ballot(y.token, act, [a]);
    await ballot(z.token, act, [b, c]);
    // a: 2 (x, y), b: 2 (x, z), c: 1 — a reached 2 before b? b's second vote (z) came last, so a ranks first.
    let results = await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su());
    expect(results.data.rows.map((r: { id: number; rank: number; votes: number }) => [r.id, r.rank, r.votes])).toEqual([[a, 1, 2], [b, 2, 2], [c, 3, 1]]);
    expect(results.data).toMatchObject({ ended: false, snapshot: null, totals: { valid: 5, voters: 3 } });

    const bad = await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { reason: '刷票' } });
    expect([bad.status, bad.message]).toEqual([422, '请至少指定一个作废条件（读者、IP、设备、投票对象或时间段）']);
    const voided = await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { reader_id: x.id, reason: '同一设备批量投票', blacklist_days: 7 } });
    expect(voided.status, voided.message).toBe(200);
    expect(voided.data).toMatchObject({ voided: 2, readers: 1, blacklisted: 1 });
    expect(await sourceRow(a)).toMatchObject({ vote_count: 1, void_count: 1 });
    expect(await sourceRow(b)).toMatchObject({ vote_count: 1, void_count: 1 });
    const offences = await t.db.select().from(readerOffences).where(eq(readerOffences.reader_id, x.id));
    expect(offences.map((o) => o.kind)).toEqual(['vote_void']);
    const barred = await ballot(x.token, act, [c]);
    expect([barred.status, barred.data.gate]).toEqual([403, 40005]);
    const evidence = await t.call('GET', `/v1/${org.key}/evaluation/${act}/source/${a}/evidence`, su());
    expect(evidence.data.voids).toMatchObject([{ reason: '同一设备批量投票', votes: 1 }]);
    const list = await t.call('GET', `/v1/${org.key}/evaluation/${act}/votes?status=void`, su());
    expect(list.data.items.map((v: { reason: string }) => v.reason)).toEqual(['同一设备批量投票', '同一设备批量投票']);

    // Now a, b, c have 1 each: the earliest to reach 1 first (y voted a before z voted b and c).
    results = await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su());
    expect(results.data.rows.map((r: { id: number }) => r.id)).toEqual([a, b, c]);

    // The vote ends: results freeze with a hash; the same again; a later void makes version 2.
    await t.db.update(activities).set({ config: { ...OPEN, votes_per_day: 3, max_select: 3, vote_end_at: now() - 1 } }).where(eq(activities.id, act));
    const frozen = await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su());
    expect(frozen.data.ended).toBe(true);
    expect(frozen.data.snapshot).toMatchObject({ version: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su())).data.snapshot.hash).toBe(frozen.data.snapshot.hash);
    await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { source_id: a, reason: '复核作废' } });
    const again = await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su());
    expect(again.data.snapshot.version).toBe(2);
    expect(again.data.snapshot.hash).not.toBe(frozen.data.snapshot.hash);
    expect(again.data.rows.at(-1)).toMatchObject({ id: a, votes: 0 });
  });

  it('another organisation\'s activity is 404 for results, evidence and voiding', async () => {
    const act = await voting(OPEN, other);
    const [s] = await sources(act, 1, other);
    await t.manager(org.id, 'voteadmin');
    const token = await t.login('voteadmin', 'Manager#Pass1', org.key);
    expect((await t.call('GET', `/v1/${other.key}/evaluation/${act}/results`, { token })).status).toBe(403);
    expect((await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, { token })).status).toBe(404);
    expect((await t.call('GET', `/v1/${org.key}/evaluation/${act}/source/${s}/evidence`, { token })).status).toBe(404);
    expect((await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { token, body: { source_id: s, reason: 'x' } })).status).toBe(404);
  });
});

/** The rows where the tallies (voting/tallies.ts) and a recount of the activity's votes differ, by table: none when exact. */
async function tallyDrift(act: number): Promise<Record<string, unknown[]>> {
  const both = (kept: SQL, counted: SQL) => sql`((${kept}) except (${counted})) union all ((${counted}) except (${kept}))`;
  const slots = sql.raw(String(VOTE_DAY_SLOTS));
  const checks = {
    sources: both(
      sql`select id, vote_count, suspect_count, void_count, reached_at from vote_sources where act_id = ${act}`,
      sql`select s.id, count(v.id) filter (where v.status = 'valid')::int, count(v.id) filter (where v.status = 'suspect')::int, count(v.id) filter (where v.status = 'void')::int,
                 max(v.created_at) filter (where v.status = 'valid') from vote_sources s left join votes v on v.source_id = s.id where s.act_id = ${act} group by s.id`,
    ),
    days: both(
      sql`select day, slot, valid, suspect, voters from vote_days where act_id = ${act}`,
      sql`select day, (reader_id % ${slots})::smallint, count(*) filter (where status = 'valid')::int, count(*) filter (where status = 'suspect')::int, count(distinct reader_id)::int
          from votes where act_id = ${act} group by day, reader_id % ${slots}
          union all select '', (reader_id % ${slots})::smallint, 0, 0, count(distinct reader_id)::int from votes where act_id = ${act} group by reader_id % ${slots}`,
    ),
    readers: both(
      sql`select reader_id, day, votes, last_at from vote_reader_days where act_id = ${act}`,
      sql`select reader_id, day, count(*)::int, max(created_at) from votes where act_id = ${act} group by reader_id, day
          union all select reader_id, '', count(*)::int, max(created_at) from votes where act_id = ${act} group by reader_id`,
    ),
    addresses: both(
      sql`select day, ip, source_id, valid from vote_address_days where act_id = ${act} and valid > 0`,
      sql`select day, ip, 0, count(*)::int from votes where act_id = ${act} and status = 'valid' group by day, ip
          union all select day, ip, source_id, count(*)::int from votes where act_id = ${act} and status = 'valid' group by day, ip, source_id`,
    ),
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(checks)) out[name] = rowsOf(await t.db.execute(query));
  return out;
}
const EXACT = { sources: [], days: [], readers: [], addresses: [] };

describe('the tallies of the votes', () => {
  it('equal a recount after parallel ballots of several readers from two addresses, after each void, and with a void beside ballots', async () => {
    const act = await voting({ ...OPEN, votes_per_day: 6, per_source_per_day: 2, max_select: 2, ip_per_day: 12, ip_per_source_per_day: 4 });
    const ids = await sources(act, 4);
    const readers = await Promise.all(Array.from({ length: 6 }, () => signedInReader(t, org)));
    const answers = await Promise.all(
      readers.flatMap((r, i) =>
        Array.from({ length: 5 }, (_, n) => ballot(r.token, act, n % 2 ? [ids[n % 4], ids[(n + 1) % 4]] : [ids[(i + n) % 4]], {}, { 'x-forwarded-for': `10.9.0.${i % 2}` })),
      ),
    );
    for (const a of answers) expect([200, 403], a.message).toContain(a.status);
    const stored = await t.db.select().from(votes).where(eq(votes.act_id, act));
    expect(stored.some((v) => v.status === 'suspect')).toBe(true);
    expect(new Set(stored.map((v) => v.ip))).toEqual(new Set(['10.9.0.0', '10.9.0.1']));
    for (const r of readers) expect(stored.filter((v) => v.reader_id === r.id).length).toBeLessThanOrEqual(6);
    expect(await tallyDrift(act)).toEqual(EXACT);

    // The quota reads the reader's tally: what is left today is the limit less the votes stored.
    const mine = stored.filter((v) => v.reader_id === readers[0].id).length;
    const quota = await t.call('GET', `/v1/${org.key}/client/activities/${act}/vote-quota`, { token: readers[0].token });
    expect(quota.data.today_left).toBe(6 - mine);

    const byReader = await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { reader_id: readers[1].id, reason: '复核作废' } });
    expect(byReader.data.voided).toBeGreaterThan(0);
    expect(await tallyDrift(act)).toEqual(EXACT);
    const bySource = await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { source_id: ids[0], reason: '复核作废' } });
    expect(bySource.data.voided).toBeGreaterThan(0);
    const byAddress = await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { ip: '10.9.0.1', reason: '复核作废' } });
    expect(byAddress.data.voided).toBeGreaterThan(0);
    expect(await tallyDrift(act)).toEqual(EXACT);

    // More readers vote while a void runs beside them: nobody waits crosswise, the tallies stay exact.
    const more = await Promise.all(Array.from({ length: 3 }, () => signedInReader(t, org)));
    const beside = await Promise.all([
      t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { source_id: ids[2], reason: '复核作废' } }),
      ...more.flatMap((r, i) => Array.from({ length: 3 }, (_, n) => ballot(r.token, act, [ids[(i + n) % 4], ids[(i + n + 2) % 4]], {}, { 'x-forwarded-for': '10.9.0.0' }))),
    ]);
    for (const a of beside) expect([200, 403], a.message).toContain(a.status);
    expect(await tallyDrift(act)).toEqual(EXACT);

    // The results' figures are the tallies: the day's votes are the sources' totals, every reader a voter.
    const now = await t.db.select().from(votes).where(eq(votes.act_id, act));
    const results = (await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su())).data;
    const valid = now.filter((v) => v.status === 'valid').length;
    const suspect = now.filter((v) => v.status === 'suspect').length;
    expect(results.totals).toMatchObject({ valid, suspect, void: now.length - valid - suspect, voters: 9 });
    expect(results.days).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), valid, suspect, voters: 9 }]);
  });
});

describe('the downloads of a voting activity (page actCountEvaDownload)', () => {
  const sheet = (raw: Buffer) => {
    const book = XLSX.read(raw);
    return XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true });
  };
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('exports the results as an .xlsx: rank, source, group, valid/suspect/void votes, reached time; the frozen version and hash after the end', async () => {
    const act = await voting({ ...OPEN, votes_per_day: 3, max_select: 3 });
    const [a, b] = await sources(act, 2, org, { group_name: '小学组' });
    const [x, y] = [await signedInReader(t, org), await signedInReader(t, org)];
    expect((await ballot(x.token, act, [a, b])).status).toBe(200);
    expect((await ballot(y.token, act, [b])).status).toBe(200);
    await t.call('POST', `/v1/${org.key}/evaluation/${act}/votes/void`, { ...su(), body: { reader_id: x.id, source_id: a, reason: '复核作废' } });

    const live = await get(`/v1/${org.key}/export/evaluationresults?act=${act}`, t.superToken);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.headers['content-type']).toContain('spreadsheetml');
    expect(String(live.headers['content-disposition'])).toContain(encodeURIComponent('投票结果_'));
    let rows = sheet(live.rawPayload);
    expect(rows[0]).toEqual(['名次', '投票对象ID', '投票对象', '分组', '有效票', '存疑票', '作废票', '达到票数时间', '结果版本', '结果哈希（SHA-256）']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      [1, b, '对象2', '小学组', 2, 0, 0],
      [2, a, '对象1', '小学组', 0, 0, 1],
    ]);
    expect(String(rows[1][7])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rows[2][7]).toBeUndefined();
    // Live: no snapshot yet.
    expect([rows[1][8], rows[1][9]]).toEqual([undefined, undefined]);

    // Voting ended: the frozen snapshot, the same version and hash as the results page reads.
    await t.db.update(activities).set({ config: { ...OPEN, votes_per_day: 3, max_select: 3, vote_end_at: now() - 1 } }).where(eq(activities.id, act));
    const results = (await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su())).data;
    rows = sheet((await get(`/v1/${org.key}/export/evaluationresults?act=${act}`, t.superToken)).rawPayload);
    expect(rows.slice(1).map((r) => [r[1], r[8], r[9]])).toEqual([
      [b, results.snapshot.version, results.snapshot.hash],
      [a, results.snapshot.version, results.snapshot.hash],
    ]);

    // The page's other downloads of the same activity: the votes list and the sources.
    const votesFile = await get(`/v1/${org.key}/export/evaluationvotes?act=${act}`, t.superToken);
    expect(votesFile.statusCode).toBe(200);
    expect(sheet(votesFile.rawPayload).length).toBe(1 + 3);
    const sourcesFile = await get(`/v1/${org.key}/export/evaluationsource?act=${act}`, t.superToken);
    expect(sourcesFile.statusCode).toBe(200);
    expect(sheet(sourcesFile.rawPayload).length).toBe(1 + 2);
  });

  it('another organisation\'s activity, another type or no activity: a JSON refusal, never a file', async () => {
    const foreign = await voting(OPEN, other);
    await sources(foreign, 1, other);
    await t.manager(org.id, 'voteexport');
    const token = await t.login('voteexport', 'Manager#Pass1', org.key);
    const crossed = await get(`/v1/${org.key}/export/evaluationresults?act=${foreign}`, token);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.headers['content-type']).toContain('application/json');
    expect((await get(`/v1/${other.key}/export/evaluationresults?act=${foreign}`, token)).statusCode).toBe(403);
    const works = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '作品活动', start_at: now() - DAY, end_at: now() + DAY } });
    expect(works.status, works.message).toBe(200);
    expect((await get(`/v1/${org.key}/export/evaluationresults?act=${works.data.id}`, token)).statusCode).toBe(404);
    expect((await get(`/v1/${org.key}/export/evaluationresults`, token)).statusCode).toBe(422);
    // Its own activity is a file for the organisation's manager.
    const mine = await voting();
    expect((await get(`/v1/${org.key}/export/evaluationresults?act=${mine}`, token)).statusCode).toBe(200);
  });
});

describe('sources from works and from readers', () => {
  it('imports the approved works of a works activity once each', async () => {
    const act = await voting();
    const ori = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '征文', start_at: now() - DAY, end_at: now() + DAY } });
    expect(ori.status, ori.message).toBe(200);
    const r = await signedInReader(t, org);
    const base = { org_id: org.id, act_id: ori.data.id, reader_id: r.id, creation_type_id: 1, author: { real_name: '张三' } };
    await t.db.insert(works).values([
      { ...base, title: '通过的作品', status: 'approved', work_no: `${ori.data.id}-0001` },
      { ...base, title: '获奖作品', status: 'awarded', work_no: `${ori.data.id}-0002` },
      { ...base, title: '草稿', status: 'draft' },
      { ...base, title: '驳回', status: 'rejected' },
    ]);
    const first = await t.call('POST', `/v1/${org.key}/evaluation/${act}/source/import`, { ...su(), body: { from_act_id: ori.data.id } });
    expect(first.data).toEqual({ imported: 2, skipped: 0 });
    expect((await t.call('POST', `/v1/${org.key}/evaluation/${act}/source/import`, { ...su(), body: { from_act_id: ori.data.id } })).data).toEqual({ imported: 0, skipped: 2 });
    const list = await t.call('GET', `/v1/${org.key}/evaluation/${act}/source?origin=work`, su());
    expect(list.data.items.map((s: { title: string; author: string }) => [s.title, s.author]).sort()).toEqual([['获奖作品', '张三'], ['通过的作品', '张三']]);
    const wrong = await t.call('POST', `/v1/${org.key}/evaluation/${act}/source/import`, { ...su(), body: { from_act_id: act } });
    expect([wrong.status, wrong.message]).toEqual([422, '请选择本机构的原创作品活动']);
  });

  it('a reader signs up once when the activity allows it; shown after approval; a source with votes is not deleted', async () => {
    const act = await voting({ ...OPEN, source_signup: 1 });
    const closed = await voting(OPEN);
    const r = await signedInReader(t, org);
    const signup = (id: number) => t.call('POST', `/v1/${org.key}/client/activities/${id}/sources`, { token: r.token, body: { request_id: randomUUID(), title: '我的作品' } });
    expect((await signup(closed)).message).toBe('本活动未开放读者报名');
    const made = await signup(act);
    expect(made.data).toMatchObject({ title: '我的作品', status: 0 });
    expect((await signup(act)).message).toBe('您已报名，请勿重复报名');
    let list = await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources`, { token: r.token });
    expect(list.data.items).toEqual([]);
    expect(list.data.mine).toMatchObject([{ id: made.data.id, status: 0 }]);
    await t.call('POST', `/v1/${org.key}/evaluation/${act}/source/${made.data.id}/show`, su());
    list = await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources`, { token: r.token });
    expect(list.data.items.map((s: { id: number }) => s.id)).toEqual([made.data.id]);
    await ballot(r.token, act, [made.data.id]);
    const del = await t.call('DELETE', `/v1/${org.key}/evaluation/${act}/source/${made.data.id}`, su());
    expect([del.status, del.message]).toEqual([422, '已有投票的对象不能删除，可将其隐藏']);
  });
});

describe('comments', () => {
  const post = (token: string, act: number, body: Record<string, unknown>) => t.call('POST', `/v1/${org.key}/client/activities/${act}/comments`, { token, body: { request_id: randomUUID(), ...body } });

  it('one reply level, likes once, three reports hide, a moderator keeps it, official replies first', async () => {
    const act = await voting({ ...OPEN, comments: { min_interval_sec: 0 } });
    const [s] = await sources(act, 1);
    const [a, b, c, d] = [await signedInReader(t, org), await signedInReader(t, org), await signedInReader(t, org), await signedInReader(t, org)];
    const top = await post(a.token, act, { source_id: s, content: '写得真好' });
    expect(top.status, top.message).toBe(200);
    const reply = await post(b.token, act, { source_id: s, parent_id: top.data.id, content: '同意' });
    const nested = await post(c.token, act, { source_id: s, parent_id: reply.data.id, content: '我也同意' });
    expect(nested.data.parent_id).toBe(top.data.id);
    // the official reply comes first among the replies
    expect((await t.call('POST', `/v1/${org.key}/check/${act}/comment/${top.data.id}/reply`, { ...su(), body: { reply: '感谢支持' } })).status).toBe(200);
    const like = () => t.call('POST', `/v1/${org.key}/client/comments/${top.data.id}/like`, { token: b.token, body: { request_id: randomUUID() } });
    expect((await like()).data).toEqual({ liked: true, like_count: 1 });
    expect((await like()).data).toEqual({ liked: true, like_count: 1 });
    let page = await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources/${s}/comments`, { token: d.token });
    expect(page.data.items).toHaveLength(1);
    expect(page.data.items[0].replies.map((x: { content: string }) => x.content)).toEqual(['感谢支持', '同意', '我也同意']);
    expect(page.data.items[0].replies[2].reply_to).toBe('读者');
    // pinning a reply is refused
    const pin = await t.call('POST', `/v1/${org.key}/check/${act}/comment/${reply.data.id}/top`, su());
    expect([pin.status, pin.message]).toEqual([422, '只能置顶或精选一级评论']);

    const report = (token: string) => t.call('POST', `/v1/${org.key}/client/comments/${top.data.id}/report`, { token, body: { request_id: randomUUID(), reason: '广告' } });
    await report(b.token);
    await report(b.token);
    await report(c.token);
    expect((await t.call('GET', `/v1/${org.key}/check/${act}/comment/${top.data.id}`, su())).data).toMatchObject({ status: 1, report_count: 2 });
    await report(d.token);
    expect((await t.call('GET', `/v1/${org.key}/check/${act}/comment/${top.data.id}`, su())).data).toMatchObject({ status: 3, report_count: 3 });
    page = await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources/${s}/comments`, { token: d.token });
    expect(page.data.items).toEqual([]);
    // the author still sees it
    page = await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources/${s}/comments`, { token: a.token });
    expect(page.data.items[0]).toMatchObject({ id: top.data.id, mine: true, status: 3 });
    // approved by a moderator: a later report no longer hides it
    await t.call('POST', `/v1/${org.key}/check/${act}/comment/${top.data.id}/approve`, su());
    const e = await signedInReader(t, org);
    await report(e.token);
    expect((await t.call('GET', `/v1/${org.key}/check/${act}/comment/${top.data.id}`, su())).data).toMatchObject({ status: 1, report_count: 4, kept: 1 });
  });

  it('举报详情: the reports on a comment, newest first, with each reporter\'s name and reason; another activity\'s or organisation\'s is 404', async () => {
    const act = await voting({ ...OPEN, comments: { min_interval_sec: 0 } });
    const [s] = await sources(act, 1);
    const author = await signedInReader(t, org);
    const [b, c] = [await signedInReader(t, org, { real_name: '举报人乙' }), await signedInReader(t, org, { real_name: '举报人丙' })];
    const top = await post(author.token, act, { source_id: s, content: '广告链接请点这里' });
    const path = `/v1/${org.key}/check/${act}/comment/${top.data.id}/reports`;
    expect((await t.call('GET', path, su())).data).toEqual({ items: [] });
    const report = (token: string, reason: string) => t.call('POST', `/v1/${org.key}/client/comments/${top.data.id}/report`, { token, body: { request_id: randomUUID(), reason } });
    await report(b.token, '广告');
    await report(c.token, '人身攻击：评论里有对作者的嘲讽');
    const { items } = (await t.call('GET', path, su())).data;
    expect(items.map((x: { real_name: string; account: string; reason: string }) => [x.real_name, x.account, x.reason])).toEqual([
      ['举报人丙', c.account, '人身攻击：评论里有对作者的嘲讽'],
      ['举报人乙', b.account, '广告'],
    ]);
    expect(items[0].created_at).toBeGreaterThanOrEqual(items[1].created_at);
    // likes are not reports
    await t.call('POST', `/v1/${org.key}/client/comments/${top.data.id}/like`, { token: b.token, body: { request_id: randomUUID() } });
    expect((await t.call('GET', path, su())).data.items).toHaveLength(2);
    const elsewhere = await voting(OPEN);
    expect((await t.call('GET', `/v1/${org.key}/check/${elsewhere}/comment/${top.data.id}/reports`, su())).status).toBe(404);
    const foreign = await voting(OPEN, other);
    expect((await t.call('GET', `/v1/${other.key}/check/${foreign}/comment/${top.data.id}/reports`, su())).status).toBe(404);
  });

  it('per-reader daily limit and interval, closed comments, pre moderation, the queue\'s filters', async () => {
    const act = await voting({ ...OPEN, comments: { per_day: 2, min_interval_sec: 0, moderation: 'pre' } });
    const [s] = await sources(act, 1);
    const r = await signedInReader(t, org);
    const other = await signedInReader(t, org);
    expect((await post(r.token, act, { source_id: s, content: '一' })).data.status).toBe(0);
    await post(r.token, act, { source_id: s, content: '二' });
    const third = await post(r.token, act, { source_id: s, content: '三' });
    expect([third.status, third.data.gate, third.message]).toEqual([403, 40008, '今日评论次数已用完（每天2条）']);
    expect((await post(r.token, act, { source_id: s, content: '' })).message).toBe('请输入评论内容');
    // pending comments are not shown to others under pre moderation
    expect((await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources/${s}/comments`, { token: other.token })).data.items).toEqual([]);
    const queue = await t.call('GET', `/v1/${org.key}/check/${act}/comment?status=0`, su());
    expect(queue.data.items).toHaveLength(2);
    const approved = await t.call('POST', `/v1/${org.key}/check/${act}/comment/batchApprove`, { ...su(), body: { ids: queue.data.items.map((c: { id: number }) => c.id) } });
    expect(approved.data).toEqual({ updated: 2 });
    expect((await t.call('GET', `/v1/${org.key}/client/activities/${act}/sources/${s}/comments`, { token: other.token })).data.items).toHaveLength(2);
    const interval = await voting({ ...OPEN, comments: { min_interval_sec: 30 } });
    const [s2] = await sources(interval, 1);
    await post(r.token, interval, { source_id: s2, content: '先' });
    const soon = await post(r.token, interval, { source_id: s2, content: '后' });
    expect([soon.status, soon.data.gate]).toEqual([403, 40011]);
    const closed = await voting({ ...OPEN, comments: { enabled: 0 } });
    const [s3] = await sources(closed, 1);
    expect((await post(r.token, closed, { source_id: s3, content: '关' })).message).toBe('本活动未开放评论');
  });
});
