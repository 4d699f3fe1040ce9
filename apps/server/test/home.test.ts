/**
 * The organisation's home and content settings (issue 25) through HTTP: the reader's home in one
 * call, seen again after an administrator's change; the rules text sanitised on the server; albums
 * and reading show items only of the path's organisation; quick replies of the platform and the
 * organisation in its review queue; audiobook listens counted once per request_id, summed per
 * reader and China day, and their figures.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIO_ARTIST, HOME_MODULE, LISTEN_BEAT_MAX_SEC } from '@huodong/domain';
import { MANAGER_PASSWORD, ok, publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('hhome', { activity_types: [7] });
  other = await t.org('hhomeb', { activity_types: [7] });
});
afterAll(() => t.close());

const post = (path: string, body: unknown = {}, o = org) => ok(t.call('POST', `/v1/${o.key}${path}`, { ...su(), body }));

/** An audiobook (digital resource of kind 有声书) of `o`, without an author unless given. */
const audiobook = (title: string, o = org, extra: Record<string, unknown> = {}) => post('/digitalresource', { title, kind: 2, ...extra }, o);

describe('the reader home', () => {
  it('serves carousel, modules with albums, reading show and rules in one call, and again after an administrator changes one', async () => {
    const slide = await post('/carousel', { image: '/v1/files/hhome/cover/2026/a.png', title: '读书月', sort: 1 });
    const act = await publishedThird(t, org, { title: '春季读书会' });
    const group = await post('/actcate', { name: '热门活动' });
    await post(`/actcate/${group.id}/acts`, { act_id: act.id });
    const books = await post('/digitalgroup', { name: '有声专区' });
    const book = await audiobook('西游记（有声）');
    await post(`/digitalgroup/${books.id}/resource`, { resource_id: book.id });
    const ebook = await post('/digitalresource', { title: '电子书一本', kind: 1 });
    await post(`/digitalgroup/${books.id}/resource`, { resource_id: ebook.id });
    const acts = await post('/indexConfig', { title: '精选活动', kind: HOME_MODULE.activities, sort: 2 });
    await post(`/indexConfig/${acts.id}/sort_albums`, { ids: [group.id] });
    const listen = await post('/indexConfig', { title: '听书', kind: HOME_MODULE.audiobooks, sort: 3 });
    await post(`/indexConfig/${listen.id}/sort_albums`, { ids: [books.id] });
    await post(`/indexConfig/${listen.id}/choose_style`, { style: 4 });
    await post('/indexConfig', { title: '轮播', kind: HOME_MODULE.carousel, sort: 1 });
    await ok(t.call('POST', `/v1/yuedu/${org.key}/choose`, { ...su(), body: { item_id: act.id } }));
    await post('/rule', { content: '<p>每人每天可参加一次活动</p>' });

    const reader = await signedInReader(t, org);
    const home = await ok(t.call('GET', `/v1/${org.key}/client/home`, { token: reader.token }));
    expect(home.carousel.map((c: { title: string }) => c.title)).toEqual(['读书月']);
    expect(home.modules.map((m: { title: string }) => m.title)).toEqual(['轮播', '精选活动', '听书']);
    expect(home.modules[1].albums[0]).toMatchObject({ id: group.id, name: '热门活动', items: [{ id: act.id, title: '春季读书会' }] });
    // An audiobook module lists audiobooks only, each with the player's labels (spec §9: 管理员 without an author).
    expect(home.modules[2]).toMatchObject({ style: 4, albums: [{ id: books.id, items: [{ id: book.id, audio: { title: '西游记（有声）', artist: AUDIO_ARTIST } }] }] });
    expect(home.modules[2].albums[0].items).toHaveLength(1);
    expect(home.reading_show.map((s: { id: number }) => s.id)).toEqual([act.id]);
    expect(home.rules).toBe('<p>每人每天可参加一次活动</p>');

    // Each change by an administrator is in the next call.
    await ok(t.call('POST', `/v1/${org.key}/carousel/${slide.id}`, { ...su(), body: { title: '世界读书日' } }));
    await post(`/indexConfig/${listen.id}/disable`);
    await post('/rule', { content: '<p>规则已更新</p>' });
    const again = await ok(t.call('GET', `/v1/${org.key}/client/home`, { token: reader.token }));
    expect(again.carousel[0].title).toBe('世界读书日');
    expect(again.modules.map((m: { title: string }) => m.title)).toEqual(['轮播', '精选活动']);
    expect(again.rules).toBe('<p>规则已更新</p>');
    await ok(t.call('POST', `/v1/${org.key}/third/${act.id}/disable`, su()));
    const paused = await ok(t.call('GET', `/v1/${org.key}/client/home`, { token: reader.token }));
    expect(paused.reading_show).toEqual([]);
    expect(paused.modules[1].albums[0].items).toEqual([]);
  });

  it('is remembered: a second call with nothing written reads nothing', async () => {
    const reader = await signedInReader(t, org);
    const first = await ok(t.call('GET', `/v1/${org.key}/client/home`, { token: reader.token }));
    const reads = vi.spyOn(t.db, 'select');
    try {
      const second = await ok(t.call('GET', `/v1/${org.key}/client/home`, { token: reader.token }));
      expect(second).toEqual(first);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('is a reader call of its own organisation only', async () => {
    const reader = await signedInReader(t, other);
    expect((await t.call('GET', `/v1/${org.key}/client/home`, { token: reader.token })).status).toBe(403);
    // An administrator's token never acts as a reader.
    expect((await t.call('GET', `/v1/${org.key}/client/home`, su())).status).toBe(403);
    expect((await t.call('GET', `/v1/${org.key}/client/home`)).status).toBe(401);
  });
});

describe('albums and the reading show', () => {
  it('a module takes albums of its kind of its own organisation only, in the order given', async () => {
    const mod = await post('/indexConfig', { title: '资源', kind: HOME_MODULE.digital });
    const a = await post('/digitalgroup', { name: '绘本' });
    const b = await post('/digitalgroup', { name: '期刊' });
    const foreign = await post('/digitalgroup', { name: '他人分组' }, other);
    const actGroup = await post('/actcate', { name: '活动分类' });
    await post(`/indexConfig/${mod.id}/sort_albums`, { ids: [b.id, a.id] });
    const list = await ok(t.call('GET', `/v1/${org.key}/indexConfig/${mod.id}/albums_list`, su()));
    expect(list.source).toBe('digitalGroups');
    expect(list.chosen.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(list.candidates.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(list.candidates.map((x: { id: number }) => x.id)).not.toContain(foreign.id);
    const refused = await t.call('POST', `/v1/${org.key}/indexConfig/${mod.id}/sort_albums`, { ...su(), body: { ids: [a.id, foreign.id] } });
    expect(refused.status).toBe(422);
    expect(refused.data.errors[0]).toEqual({ field: 'ids', message: '专辑不存在' });
    // A module of a kind without albums (the carousel) takes none.
    const slides = await post('/indexConfig', { title: '轮播', kind: HOME_MODULE.carousel });
    const none = await t.call('POST', `/v1/${org.key}/indexConfig/${slides.id}/sort_albums`, { ...su(), body: { ids: [actGroup.id] } });
    expect(none.status).toBe(422);
    expect(none.data.errors[0]).toEqual({ field: 'ids', message: '该模块类型没有专辑' });
    const twice = await t.call('POST', `/v1/${org.key}/indexConfig/${mod.id}/sort_albums`, { ...su(), body: { ids: [a.id, a.id] } });
    expect(twice.status).toBe(422);
    expect((await ok(t.call('GET', `/v1/${org.key}/indexConfig/${mod.id}`, su()))).albums).toEqual([b.id, a.id]);
    // Another organisation's manager cannot read or set this module's albums.
    await t.manager(other.id, 'hhomebadmin');
    const foreignToken = await t.login('hhomebadmin', MANAGER_PASSWORD, other.key);
    expect((await t.call('GET', `/v1/${org.key}/indexConfig/${mod.id}/albums_list`, { token: foreignToken })).status).toBe(403);
    expect((await t.call('POST', `/v1/${other.key}/indexConfig/${mod.id}/sort_albums`, { token: foreignToken, body: { ids: [] } })).status).toBe(404);
    const rules = await t.call('POST', `/v1/${org.key}/rule`, { token: foreignToken, body: { content: '<p>改别人的规则</p>' } });
    expect(rules.status).toBe(403);
  });

  it('shows published activities of its own organisation only, each once', async () => {
    const mine = await publishedThird(t, org);
    const theirs = await publishedThird(t, other);
    const draft = await ok(t.call('POST', `/v1/${org.key}/third`, { ...su(), body: { title: '草稿活动', start_at: Math.floor(Date.now() / 1000), end_at: Math.floor(Date.now() / 1000) + 86_400, config: { link: 'https://p.example.org/x' } } }));
    const choose = (item_id: number) => t.call('POST', `/v1/yuedu/${org.key}/choose`, { ...su(), body: { item_id } });
    for (const id of [theirs.id, draft.id]) {
      const refused = await choose(id);
      expect(refused.status).toBe(422);
      expect(refused.data.errors[0]).toEqual({ field: 'item_id', message: '活动不存在或未发布' });
    }
    const candidates = await ok(t.call('GET', `/v1/yuedu/${org.key}/chooseList`, su()));
    const ids = candidates.items.map((i: { id: number }) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(draft.id);
    expect((await choose(mine.id)).status).toBe(200);
    expect((await choose(mine.id)).status).toBe(422);
    const after = await ok(t.call('GET', `/v1/yuedu/${org.key}/chooseList`, su()));
    expect(after.items.find((i: { id: number }) => i.id === mine.id).chosen).toBe(true);
  });
});

describe('rules text', () => {
  it('is sanitised on the server: scripts, handlers and javascript: links go, the text stays', async () => {
    const saved = await post('/rule', {
      content: '<h2 onclick="steal()">活动规则</h2><script>alert(1)</script><p style="color:red">按时参加<a href="javascript:alert(1)">详情</a></p><iframe src="https://x.example"></iframe><img src="x" onerror="alert(2)">',
    });
    expect(saved.content).toBe('<h2>活动规则</h2><p>按时参加<a rel="noopener noreferrer" target="_blank">详情</a></p>');
    expect((await ok(t.call('GET', `/v1/${org.key}/rule`, su()))).content).toBe(saved.content);
  });

  it('refuses text that is empty once sanitised, naming the field', async () => {
    const before = await ok(t.call('GET', `/v1/${org.key}/rule`, su()));
    const refused = await t.call('POST', `/v1/${org.key}/rule`, { ...su(), body: { content: '<script>alert(1)</script><p> </p>' } });
    expect(refused.status).toBe(422);
    expect(refused.data.errors[0]).toEqual({ field: 'content', message: '请填写规则内容' });
    expect((await ok(t.call('GET', `/v1/${org.key}/rule`, su()))).content).toBe(before.content);
  });
});

describe('quick replies', () => {
  it("the review queue offers the platform's and the organisation's own, not another organisation's", async () => {
    await ok(t.call('POST', '/v1/quickReplies', { ...su(), body: { content: '平台：请补充说明' } }));
    await post('/quick', { content: '本馆：请上传清晰照片' });
    await post('/quick', { content: '他馆：不应出现' }, other);
    const paused = await post('/quick', { content: '本馆：已停用' });
    await post(`/quick/${paused.id}/disable`);
    const quick = await ok(t.call('GET', `/v1/${org.key}/check/quick`, su()));
    const texts = quick.items.map((q: { content: string }) => q.content);
    expect(texts).toEqual(expect.arrayContaining(['平台：请补充说明', '本馆：请上传清晰照片']));
    expect(texts).not.toContain('他馆：不应出现');
    expect(texts).not.toContain('本馆：已停用');
  });
});

describe('audiobook listening', () => {
  const listen = (token: string, id: number, body: Record<string, unknown>, o = org) =>
    t.call('POST', `/v1/${o.key}/client/audiobooks/${id}/listen`, { token, body: { request_id: randomUUID(), ...body } });

  it('counts a beat once per request_id under parallel replays, sums a reader’s day, and caps a beat', async () => {
    const book = await audiobook('三国演义（有声）', org, { author: '罗贯中' });
    const reader = await signedInReader(t, org);
    const request_id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 12 }, () => listen(reader.token, book.id, { request_id, play: true, seconds: 30 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const a of answers) expect(a.data).toEqual(answers[0].data);
    expect(answers[0].data).toEqual({ resource_id: book.id, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), plays: 1, seconds: 30 });
    const next = await ok(listen(reader.token, book.id, { seconds: 30 }));
    expect(next).toMatchObject({ plays: 1, seconds: 60, day: answers[0].data.day });
    const tooLong = await listen(reader.token, book.id, { seconds: LISTEN_BEAT_MAX_SEC + 1 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.data.errors[0].field).toBe('seconds');
    // The same request id for another body is refused.
    expect((await listen(reader.token, book.id, { request_id, play: true, seconds: 10 })).status).toBe(409);
  });

  it('parallel beats of one reader all count, in one row of the day', async () => {
    const book = await audiobook('水浒传（并发）');
    const reader = await signedInReader(t, org);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => listen(reader.token, book.id, { play: i % 2 === 0, seconds: 30 })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const count = await ok(t.call('GET', `/v1/${org.key}/audiobook/count`, su()));
    expect(count.top.find((x: { id: number }) => x.id === book.id)).toMatchObject({ plays: 10, listeners: 1, hours: 0.17 });
  });

  it('listens only to a shown audiobook of the reader’s organisation', async () => {
    const reader = await signedInReader(t, org);
    const ebook = await post('/digitalresource', { title: '不是有声书', kind: 1 });
    const theirs = await audiobook('他馆有声书', other);
    const paused = await audiobook('停用有声书');
    await post(`/digitalresource/${paused.id}/disable`);
    for (const id of [ebook.id, theirs.id, paused.id]) {
      const refused = await listen(reader.token, id, { play: true, seconds: 0 });
      expect(refused.status).toBe(404);
      expect(refused.message).toBe('有声书不存在');
    }
  });

  it('figures: plays, listeners, hours, per day, top titles and per unit', async () => {
    const o = await t.org('hhomec');
    const a = await audiobook('红楼梦（有声）', o);
    const b = await audiobook('水浒传（有声）', o);
    const [r1, r2] = [await signedInReader(t, o), await signedInReader(t, o)];
    for (const r of [r1, r2]) await ok(listen(r.token, a.id, { play: true, seconds: 60 }, o));
    await ok(listen(r1.token, a.id, { seconds: 60 }, o));
    await ok(listen(r1.token, b.id, { play: true, seconds: 30 }, o));
    const count = await ok(t.call('GET', `/v1/${o.key}/audiobook/count`, su()));
    expect(count.totals).toEqual({ titles: 2, plays: 3, listeners: 2, hours: 0.06, today_plays: 3 });
    expect(count.days).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), plays: 3, listeners: 2 }]);
    expect(count.top.map((x: { title: string; plays: number; listeners: number }) => [x.title, x.plays, x.listeners])).toEqual([
      ['红楼梦（有声）', 2, 2],
      ['水浒传（有声）', 1, 1],
    ]);
    expect(count.top[0].artist).toBe(AUDIO_ARTIST);
    expect(count.units).toEqual([{ unit_id: null, unit_name: '', plays: 3, listeners: 2, hours: 0.06 }]);
    // A range before the listens has none; another organisation's figures do not see them.
    const before = await ok(t.call('GET', `/v1/${o.key}/audiobook/count?to=${Math.floor(Date.now() / 1000) - 3 * 86_400}`, su()));
    expect(before.totals.plays).toBe(0);
    expect((await ok(t.call('GET', `/v1/${other.key}/audiobook/count`, su()))).top.map((x: { title: string }) => x.title)).not.toContain('红楼梦（有声）');
  });

  it('figures of a unit: its readers and those of the units below it; a unit outside the organisation is refused by name', async () => {
    const o = await t.org('hhomeu');
    const [unitA, unitB] = [await t.org('hhomeua', { parent_id: o.id }), await t.org('hhomeub', { parent_id: o.id })];
    const belowA = await t.org('hhomeua2', { parent_id: unitA.id });
    const book = await audiobook('西游记（单位）', o);
    const [ra, ra2, rb] = [await signedInReader(t, o, { unit_id: unitA.id }), await signedInReader(t, o, { unit_id: belowA.id }), await signedInReader(t, o, { unit_id: unitB.id })];
    for (const r of [ra, ra2, rb]) await ok(listen(r.token, book.id, { play: true, seconds: 36 }, o));
    const ofA = await ok(t.call('GET', `/v1/${o.key}/audiobook/count?unit_id=${unitA.id}`, su()));
    expect(ofA.totals).toMatchObject({ plays: 2, listeners: 2, hours: 0.02 });
    expect(ofA.units.map((u: { unit_id: number }) => u.unit_id).sort()).toEqual([unitA.id, belowA.id].sort());
    expect((await ok(t.call('GET', `/v1/${o.key}/audiobook/count?unit_id=${unitB.id}`, su()))).totals).toMatchObject({ plays: 1, listeners: 1 });
    expect((await ok(t.call('GET', `/v1/${o.key}/audiobook/count?unit_id=${o.id}`, su()))).totals).toMatchObject({ plays: 3, listeners: 3 });
    const outside = await t.call('GET', `/v1/${o.key}/audiobook/count?unit_id=${other.id}`, su());
    expect(outside.status).toBe(422);
    expect(outside.data.errors[0]).toEqual({ field: 'unit_id', message: '所选单位不属于本机构' });
  });
});
