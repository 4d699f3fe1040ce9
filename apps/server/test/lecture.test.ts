/**
 * Lectures on demand (type 19, issue 25) through HTTP: a play through the gate, heartbeats credited
 * at most the wall time since the last beat and only for plausible progress (too fast, seek ahead,
 * gaps, paused), a repeated beat a no-op, resume, completion of an item and of the lecture posting
 * `lecture_complete` once (also under parallel beats), items' rules, another organisation's reader
 * and the figures.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LECTURE_TEXTS } from '@huodong/domain';
import { lectureProgress, pointTxns, readers as readerRows } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { pointsAccountOf } from '../src/points/ledger.js';
import { ok, pointRulesOff, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('lect', { activity_types: [3, 19] });
  other = await t.org('lectb', { activity_types: [19] });
  // A lecture's own points are tested here; a join's points have their own test (pointsKinds).
  await pointRulesOff(t, org, 'join_activity');
});
afterAll(() => t.close());

type Item = Record<string, unknown>;
const video = (n: number, duration: number, extra: Item = {}): Item => ({ title: `第${n}讲`, media_type: 'video', video: `https://media.example.org/${n}.mp4`, duration_sec: duration, sort: n, ...extra });

/** A published lecture with `items`; answers its id and its items' ids. */
async function lecture(items: Item[], config: Record<string, unknown> = {}, o = org): Promise<{ id: number; items: number[] }> {
  const made = await ok(t.call('POST', `/v1/${o.key}/lecture`, { ...su(), body: { title: `讲座${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 30 * DAY, config } }));
  const ids: number[] = [];
  for (const item of items) ids.push((await ok(t.call('POST', `/v1/${o.key}/lecture/${made.id}/creation`, { ...su(), body: item }))).id);
  await ok(t.call('POST', `/v1/${o.key}/lecture/${made.id}/publish`, su()));
  return { id: made.id, items: ids };
}
let readerSeq = 0;
async function reader(o = org): Promise<{ id: number; token: string }> {
  const [r] = await t.db
    .insert(readerRows)
    .values({ org_id: o.id, account: `lc${++readerSeq}`, password_hash: 'x', real_name: `读者${readerSeq}`, phone: '13900000000', source: 'register' })
    .returning({ id: readerRows.id });
  return { id: r.id, token: (await issueToken(t.db, { kind: 'reader', id: r.id, orgId: o.id, scope: o.key }, 3_600_000)).access_token };
}
const path = (act: number, o = org) => `/v1/${o.key}/client/activities/${act}/lecture`;
const play = (token: string, act: number, item: number, at?: number, o = org) =>
  t.call('POST', `${path(act, o)}/play`, { token, body: { request_id: randomUUID(), item_id: item }, ...(at ? { headers: { 'x-seed-time': String(at) } } : {}) });
const beat = (token: string, act: number, body: Item, at: number) => t.call('POST', `${path(act)}/heartbeat`, { token, body: { rate: 1, playing: true, ...body }, headers: { 'x-seed-time': String(at) } });
const progressOf = async (item: number, readerId: number) => (await t.db.select().from(lectureProgress).where(and(eq(lectureProgress.item_id, item), eq(lectureProgress.reader_id, readerId))))[0];

describe('heartbeats', () => {
  it('credits the wall time since the last beat; too fast credits nothing; a repeated beat is a no-op; a gap credits at most 10.5 s', async () => {
    const lec = await lecture([video(1, 600)], { ban_seek_forward: 0 });
    const a = await reader();
    const t0 = now() - 3600;
    const started = await ok(play(a.token, lec.id, lec.items[0], t0));
    expect(started).toMatchObject({ play: 1, resume_at: 0, finished: 0 });
    const item = lec.items[0];
    // 12 s after the play (more than the 10.5 s a beat may credit, whatever second the play was written in).
    expect(await ok(beat(a.token, lec.id, { item_id: item, play: 1, seq: 1, position: 10 }, t0 + 12))).toMatchObject({ duplicate: false, credited: 10.5, watched_sec: 10 });
    // The same beat again (a retry): nothing more.
    expect(await ok(beat(a.token, lec.id, { item_id: item, play: 1, seq: 1, position: 10 }, t0 + 13))).toMatchObject({ duplicate: true, credited: 0, learn_sec: 10.5 });
    // 50 s of media in 12 s at rate 4 (the maximum is 2): a skip, not watching.
    expect(await ok(beat(a.token, lec.id, { item_id: item, play: 1, seq: 2, position: 60, rate: 4 }, t0 + 24))).toMatchObject({ credited: 0, watched_sec: 10, resume_at: 60 });
    // Two minutes without a beat: 10.5 s credited, the stretch covered no more than that.
    const gap = await ok(beat(a.token, lec.id, { item_id: item, play: 1, seq: 3, position: 180 }, t0 + 150));
    expect(gap).toMatchObject({ credited: 10.5, watched_sec: 10 + 12.5 });
    // Paused: the beat moves nothing on.
    expect(await ok(beat(a.token, lec.id, { item_id: item, play: 1, seq: 4, position: 180, playing: false }, t0 + 160))).toMatchObject({ credited: 0 });
    const p = await progressOf(item, a.id);
    expect([p.real_sec, p.last_seq, p.ranges]).toEqual([21, 4, [[0, 10], [60, 72.5]]]);
    // A new play makes the old play's beats stale; the reader resumes where they were.
    expect(await ok(play(a.token, lec.id, item, t0 + 200))).toMatchObject({ play: 2, resume_at: 180 });
    expect(await ok(beat(a.token, lec.id, { item_id: item, play: 1, seq: 9, position: 190 }, t0 + 210))).toMatchObject({ duplicate: true, play: 2 });
  });

  it('seeking ahead before the item is finished is refused naming the position; the reader resumes at the last position', async () => {
    const lec = await lecture([video(1, 600)]);
    const a = await reader();
    const t0 = now() - 3600;
    await ok(play(a.token, lec.id, lec.items[0], t0));
    await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1, position: 10 }, t0 + 10));
    const res = await beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 2, position: 300 }, t0 + 20);
    expect([res.status, res.message, res.data.errors[0].field, res.data.resume_at]).toEqual([422, LECTURE_TEXTS.seekAhead, 'position', 10]);
    expect((await progressOf(lec.items[0], a.id)).last_position).toBe(10);
  });

  it('a beat without a play, of another organisation or of a paused lecture is refused', async () => {
    const lec = await lecture([video(1, 600)]);
    const a = await reader();
    const none = await beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1, position: 1 }, now());
    expect([none.status, none.data.errors[0].field, none.data.errors[0].message]).toEqual([422, 'item_id', LECTURE_TEXTS.notPlaying]);
    const b = await reader(other);
    const foreign = await t.call('POST', `/v1/${other.key}/client/activities/${lec.id}/lecture/play`, { token: b.token, body: { request_id: randomUUID(), item_id: lec.items[0] } });
    expect([foreign.status, foreign.message]).toEqual([404, '活动不存在']);
    expect((await t.call('GET', `/v1/${other.key}/client/activities/${lec.id}/lecture`, { token: b.token })).status).toBe(404);
    // A reader of another organisation on this organisation's path: refused by the access hook.
    expect((await t.call('POST', `${path(lec.id)}/play`, { token: b.token, body: { request_id: randomUUID(), item_id: lec.items[0] } })).status).toBeGreaterThanOrEqual(403);
    const t0 = now() - 600;
    await ok(play(a.token, lec.id, lec.items[0], t0));
    // A beat this instance wrote is remembered; the next one skips the read, yet sees the pause made since.
    await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1, position: 10 }, t0 + 12));
    await ok(t.call('POST', `/v1/${org.key}/lecture/${lec.id}/disable`, su()));
    const paused = await beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 2, position: 20 }, t0 + 24);
    expect([paused.status, paused.message]).toEqual([403, '活动已暂停']);
    await ok(t.call('POST', `/v1/${org.key}/lecture/${lec.id}/enable`, su()));
    expect(await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 2, position: 20 }, t0 + 24))).toMatchObject({ credited: 10.5, watched_sec: 20 });
    // A setting changed since the remembered beat applies to the next: 1× at most now, so 10 s of media in 5 s is a skip.
    await ok(t.call('PUT', `/v1/${org.key}/lecture/${lec.id}`, { ...su(), body: { config: { max_rate: 1, ban_seek_forward: 0 } } }));
    expect(await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 3, position: 30, rate: 2 }, t0 + 29))).toMatchObject({ credited: 0, watched_sec: 20 });
  });
});

describe('completion', () => {
  it('an item is finished at the threshold, the lecture with its required items; lecture_complete is posted once', async () => {
    const lec = await lecture([video(1, 20), video(2, 600, { is_required: 0 }), { title: '讲义', media_type: 'link', link: 'https://example.org/notes', sort: 3 }], { threshold_pct: 90 });
    const a = await reader();
    const t0 = now() - 3600;
    // The link is finished by opening it; the lecture still needs the first video.
    expect(await ok(play(a.token, lec.id, lec.items[2], t0))).toMatchObject({ finished: 1, lecture: { finished: false, finished_items: 1 } });
    await ok(play(a.token, lec.id, lec.items[0], t0));
    expect(await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1, position: 10 }, t0 + 10))).toMatchObject({ finished: 0 });
    const last = await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 2, position: 20 }, t0 + 20));
    expect(last).toMatchObject({ finished: 1, watched_pct: 100, lecture: { finished: true, finished_items: 2, progress_pct: 100, points: { rule: 'lecture_complete', status: 'posted', delta: 10 } } });
    // Watching again posts nothing more.
    await ok(play(a.token, lec.id, lec.items[0], t0 + 30));
    expect(await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 2, seq: 1, position: 10 }, t0 + 40))).not.toHaveProperty('lecture');
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(10);
    const mine = await ok(t.call('GET', path(lec.id), { token: a.token }));
    expect(mine.progress).toMatchObject({ finished: 1, finished_items: 2, progress_pct: 100 });
    expect(mine.items.map((i: { progress: { finished: number } }) => i.progress.finished)).toEqual([1, 0, 1]);
  });

  it('parallel beats finishing the item (the same beat and successive ones) finish it once and post the points once', async () => {
    const lec = await lecture([video(1, 10)], { threshold_pct: 90 });
    const a = await reader();
    const t0 = now() - 3600;
    await ok(play(a.token, lec.id, lec.items[0], t0));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1 + (i % 3), position: 10 }, t0 + 10 + (i % 3))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.data.lecture?.points)).toHaveLength(1);
    const rows = await t.db.select().from(pointTxns).where(and(eq(pointTxns.org_id, org.id), eq(pointTxns.reader_id, a.id)));
    expect(rows).toHaveLength(1);
    const p = await progressOf(lec.items[0], a.id);
    expect([p.finished, p.watched_sec]).toEqual([1, 10]);
  });
});

describe('certificate on completion', () => {
  /** A lecture whose certificate is issued automatically on completion (a 结业证书 template, rule lecture_complete). */
  async function certified(items: Item[]) {
    const lec = await lecture(items, { threshold_pct: 90 });
    const template = await ok(t.call('POST', `/v1/${org.key}/cert/templates`, { ...su(), body: { name: `结业${lec.id}`, kind: 'completion', elements: [{ type: 'field', field_key: 'real_name', x_mm: 148, y_mm: 80 }, { type: 'field', field_key: 'hours', x_mm: 148, y_mm: 100 }] } }));
    const bad = await t.call('POST', `/v1/${org.key}/cert/${lec.id}/config`, { ...su(), body: { template_id: template.id, issue_mode: 'auto', auto_rule: { kind: 'award_level' } } });
    expect(bad.status).toBe(422);
    expect(bad.data.errors[0]).toMatchObject({ field: 'auto_rule', message: '该类型活动不能使用“作品获奖”' });
    await ok(t.call('POST', `/v1/${org.key}/cert/${lec.id}/config`, { ...su(), body: { template_id: template.id, issue_mode: 'auto', auto_rule: { kind: 'lecture_complete' } } }));
    return lec;
  }
  const certsOf = async (act: number) => (await ok(t.call('GET', `/v1/${org.key}/cert/${act}/index?page=1&page_size=50`, su()))).items as { reader_id: number; kind: string; status: string }[];

  it('a lecture completed through heartbeats issues exactly one 结业证书; watching again and a send issue no second', async () => {
    const lec = await certified([video(1, 20)]);
    const a = await reader();
    const t0 = now() - 3600;
    await ok(play(a.token, lec.id, lec.items[0], t0));
    await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1, position: 10 }, t0 + 10));
    await t.app.jobs.idle();
    expect(await certsOf(lec.id)).toEqual([]);
    expect(await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 2, position: 20 }, t0 + 20))).toMatchObject({ lecture: { finished: true } });
    await t.app.jobs.idle();
    const certs = await certsOf(lec.id);
    expect(certs).toMatchObject([{ reader_id: a.id, kind: 'completion', status: 'valid' }]);
    await ok(play(a.token, lec.id, lec.items[0], t0 + 30));
    await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 2, seq: 1, position: 10 }, t0 + 40));
    expect((await ok(t.call('POST', `/v1/${org.key}/cert/${lec.id}/send`, su()))).issued).toBe(0);
    await t.app.jobs.idle();
    expect(await certsOf(lec.id)).toHaveLength(1);
    const mine = await ok(t.call('GET', `/v1/${org.key}/client/certificates`, { token: a.token }));
    expect(JSON.stringify(mine)).toContain('结业证书');
  });

  it('parallel final heartbeats of two items issue one certificate; a send issues those who completed before the rule', async () => {
    const early = await lecture([video(1, 10)], { threshold_pct: 90 });
    const b = await reader();
    const t0 = now() - 3600;
    await ok(play(b.token, early.id, early.items[0], t0));
    await ok(beat(b.token, early.id, { item_id: early.items[0], play: 1, seq: 1, position: 10 }, t0 + 10));
    await t.app.jobs.idle();

    const lec = await certified([video(1, 10), video(2, 10)]);
    const a = await reader();
    await ok(play(a.token, lec.id, lec.items[0], t0));
    await ok(play(a.token, lec.id, lec.items[1], t0));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => beat(a.token, lec.id, { item_id: lec.items[i % 2], play: 1, seq: 1 + (i % 3), position: 10 }, t0 + 10 + (i % 3))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.data.lecture?.points)).toHaveLength(1);
    await t.app.jobs.idle();
    expect(await certsOf(lec.id)).toMatchObject([{ reader_id: a.id, kind: 'completion' }]);

    // The rule set after a reader completed: the send issues theirs, once.
    const template = await ok(t.call('POST', `/v1/${org.key}/cert/templates`, { ...su(), body: { name: `结业补发${early.id}`, kind: 'completion', elements: [] } }));
    await ok(t.call('POST', `/v1/${org.key}/cert/${early.id}/config`, { ...su(), body: { template_id: template.id, issue_mode: 'auto', auto_rule: { kind: 'lecture_complete' } } }));
    const sends = await Promise.all([1, 2].map(() => t.call('POST', `/v1/${org.key}/cert/${early.id}/send`, su())));
    expect(sends.map((r) => r.data.issued).sort()).toEqual([0, 1]);
    await t.app.jobs.idle();
    expect(await certsOf(early.id)).toMatchObject([{ reader_id: b.id, kind: 'completion' }]);
  });
});

describe('items and figures', () => {
  it('an item needs the source of its type; an audio gets 音频 and 管理员; the quiz must be a contest of the organisation', async () => {
    const lec = await lecture([video(1, 60)]);
    const base = `/v1/${org.key}/lecture/${lec.id}/creation`;
    const missing = await t.call('POST', base, { ...su(), body: { title: '无文件', media_type: 'audio' } });
    expect([missing.status, missing.data.errors[0].field]).toEqual([422, 'audio']);
    const noFile = await t.call('POST', base, { ...su(), body: { title: '未上传', media_type: 'video', video: '/v1/files/lect/video/nothing.mp4' } });
    expect([noFile.status, noFile.data.errors[0].field]).toEqual([422, 'video']);
    const audio = await ok(t.call('POST', base, { ...su(), body: { title: '音频', media_type: 'audio', audio: 'https://media.example.org/a.mp3', duration_sec: 30 } }));
    expect([audio.audio_title, audio.artist]).toEqual(['音频', '管理员']);
    const quiz = await t.call('PUT', `/v1/${org.key}/lecture/${lec.id}`, { ...su(), body: { config: { quiz_act_id: lec.id } } });
    expect([quiz.status, quiz.data.errors[0].field]).toEqual([422, 'config.quiz_act_id']);
    const noItems = await ok(t.call('POST', `/v1/${org.key}/lecture`, { ...su(), body: { title: '空讲座', start_at: now() - DAY, end_at: now() + DAY } }));
    const publish = await t.call('POST', `/v1/${org.key}/lecture/${noItems.id}/publish`, su());
    expect([publish.status, publish.message]).toEqual([422, '发布前请至少添加一个讲座内容']);
  });

  it('the figures count plays, learners, completions, watched share, learning time, per item and unit; learners list their progress', async () => {
    const lec = await lecture([video(1, 20), video(2, 100)], { require_all_required: 0 });
    const t0 = now() - 3600;
    const [a, b] = [await reader(), await reader()];
    for (const r of [a, b]) await ok(play(r.token, lec.id, lec.items[0], t0));
    await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1, position: 10 }, t0 + 10));
    await ok(beat(a.token, lec.id, { item_id: lec.items[0], play: 1, seq: 2, position: 20 }, t0 + 20));
    await ok(play(a.token, lec.id, lec.items[1], t0 + 30));
    for (let s = 1; s <= 10; s++) await ok(beat(a.token, lec.id, { item_id: lec.items[1], play: 1, seq: s, position: s * 10 }, t0 + 30 + s * 10));
    await ok(beat(b.token, lec.id, { item_id: lec.items[0], play: 1, seq: 1, position: 10 }, t0 + 10));
    const f = await ok(t.call('GET', `/v1/${org.key}/lecture/${lec.id}/count`, su()));
    expect(f.totals).toMatchObject({ plays: 3, learners: 2, completions: 1, completion_rate: 50, learn_hours: 0.04 });
    // (1 + 1 + 0.5 + 0) of 2 learners × 2 items.
    expect(f.totals.mean_watched_pct).toBe(62.5);
    expect(f.items.map((i: Item) => [i.learners, i.finished, i.retention])).toEqual([[2, 1, 50], [1, 1, 50]]);
    expect(f.units).toEqual([expect.objectContaining({ learners: 2, completions: 1 })]);
    const list = await ok(t.call('GET', `/v1/${org.key}/lecture/${lec.id}/learners?finished=1`, su()));
    expect(list.items.map((r: Item) => [r.reader_id, r.progress_pct, r.watched_pct, r.learn_minutes])).toEqual([[a.id, 100, 100, 2]]);
    expect((await t.call('GET', `/v1/${other.key}/lecture/${lec.id}/count`, su())).status).toBe(404);
  });
});
