/**
 * Sensitive words (issue 12, design §1.5): the platform's and each organisation's list, the batch
 * add, and the screen of reader text — comments (risky rejected at once and counted as the
 * reader's offence, review held from the public whatever the mode, pass by the mode) and works
 * (flagged titles and texts held for review with the words shown in the queue). The screen's
 * compiled lists are remembered reads: a word added is seen by the next screen at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_BLACKLIST_CONFIG, SCREEN_REJECT_REASON } from '@huodong/domain';
import { readerOffences } from '../src/db/schema.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let t: TestApp;
const su = () => ({ token: t.superToken });
/** The organisation whose list is written, and one whose readers it must not screen. */
let org: { id: number; key: string };
let other: { id: number; key: string };

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('wordlib', { activity_types: [1, 2] });
  other = await t.org('wordother', { activity_types: [1, 2] });
});
afterAll(() => t.close());

const addWord = (word: string, level: 'risky' | 'review', o: { key: string } | null = org) =>
  t.call('POST', o ? `/v1/${o.key}/sensitiveWords` : '/v1/sensitiveWords', { ...su(), body: { word, level } });

async function votingWithSource(o = org, comments: Record<string, unknown> = {}): Promise<{ act: number; source: number }> {
  const made = await t.call('POST', `/v1/${o.key}/evaluation`, { ...su(), body: { title: `评论${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config: { captcha: 'off', comments: { min_interval_sec: 0, ...comments } } } });
  expect(made.status, made.message).toBe(200);
  expect((await t.call('POST', `/v1/${o.key}/evaluation/${made.data.id}/publish`, su())).status).toBe(200);
  const source = await t.call('POST', `/v1/${o.key}/evaluation/${made.data.id}/source`, { ...su(), body: { title: '对象' } });
  return { act: made.data.id, source: source.data.id };
}
const comment = (token: string, act: number, source: number, content: string, o = org) =>
  t.call('POST', `/v1/${o.key}/client/activities/${act}/comments`, { token, body: { request_id: randomUUID(), source_id: source, content } });
const shown = async (token: string, act: number, source: number, o = org) =>
  ((await t.call('GET', `/v1/${o.key}/client/activities/${act}/sources/${source}/comments`, { token })).data.items as { id: number }[]).map((c) => c.id);
const queueRow = async (act: number, id: number) => (await t.call('GET', `/v1/${org.key}/check/${act}/comment/${id}`, su())).data;

describe('the lists', () => {
  it('batch add: one word per line at one level, words already listed skipped; a bad line is refused naming the field and nothing is added', async () => {
    expect((await addWord('批量甲', 'review')).status).toBe(200);
    const res = await t.call('POST', `/v1/${org.key}/sensitiveWords/batchCreate`, { ...su(), body: { words: '批量甲\n批量乙\n\n批量丙，批量乙', level: 'risky' } });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toEqual({ added: 2, skipped: 1 });
    const list = await t.call('GET', `/v1/${org.key}/sensitiveWords?keyword=批量&page_size=40`, su());
    expect(list.data.items.map((w: { word: string; level: string }) => `${w.word}:${w.level}`).sort()).toEqual(['批量丙:risky', '批量乙:risky', '批量甲:review']);
    const bad = await t.call('POST', `/v1/${org.key}/sensitiveWords/batchCreate`, { ...su(), body: { words: '批量丁\n * ', level: 'risky' } });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('“*”：敏感词不能只有空格或符号');
    expect((await t.call('GET', `/v1/${org.key}/sensitiveWords?keyword=批量丁`, su())).data.items).toEqual([]);
    const level = await t.call('POST', '/v1/sensitiveWords/batchCreate', { ...su(), body: { words: '某词', level: 'forbidden' } });
    expect(level.status).toBe(422);
    expect(level.message).toBe('请选择有效的级别');
  });

  it('a manager writes the own organisation\'s list, not another\'s and not the platform\'s', async () => {
    const m = await t.manager(org.id, 'wordadmin');
    const token = await t.login(m.account, 'Manager#Pass1', org.key);
    expect((await t.call('POST', `/v1/${org.key}/sensitiveWords/batchCreate`, { token, body: { words: '管理员词', level: 'review' } })).status).toBe(200);
    expect((await t.call('POST', `/v1/${other.key}/sensitiveWords/batchCreate`, { token, body: { words: '越权词', level: 'review' } })).status).toBe(403);
    expect((await t.call('POST', '/v1/sensitiveWords/batchCreate', { token, body: { words: '越权词', level: 'review' } })).status).toBe(403);
    expect((await t.call('GET', `/v1/${other.key}/sensitiveWords?keyword=越权词`, su())).data.items).toEqual([]);
  });
});

describe('comments', () => {
  it('pass: shown at once under post moderation; review: held from others whatever the mode, in the queue with the words; risky: rejected with the reason', async () => {
    await addWord('待审词', 'review');
    await addWord('高危词', 'risky', null);
    const { act, source } = await votingWithSource(org, { moderation: 'none' });
    const author = await signedInReader(t, org);
    const viewer = await signedInReader(t, org);

    const clean = await comment(author.token, act, source, '写得真好');
    expect(clean.data).toMatchObject({ status: 1, reason: '' });
    const held = await comment(author.token, act, source, '这里有 待 审 词');
    expect(held.status, held.message).toBe(200);
    expect(held.data.status).toBe(0);
    const risky = await comment(author.token, act, source, '高危词出现');
    expect(risky.data).toMatchObject({ status: 2, reason: SCREEN_REJECT_REASON });

    expect(await shown(viewer.token, act, source)).toEqual([clean.data.id]);
    expect((await shown(author.token, act, source)).sort()).toEqual([clean.data.id, held.data.id, risky.data.id].sort());
    // The held comment cannot be replied to, liked or reported by another reader: it is not there for them.
    expect((await t.call('POST', `/v1/${org.key}/client/comments/${held.data.id}/like`, { token: viewer.token, body: { request_id: randomUUID() } })).status).toBe(404);

    expect(await queueRow(act, held.data.id)).toMatchObject({ status: 0, auto_result: 'review', auto_words: '待审词' });
    expect(await queueRow(act, risky.data.id)).toMatchObject({ status: 2, auto_result: 'risky', auto_words: '高危词', reason: SCREEN_REJECT_REASON });
    expect(await queueRow(act, clean.data.id)).toMatchObject({ status: 1, auto_result: 'pass', auto_words: '' });
    const pending = await t.call('GET', `/v1/${org.key}/check/${act}/comment?auto_result=review`, su());
    expect(pending.data.items.map((c: { id: number }) => c.id)).toEqual([held.data.id]);
    // The queue's activities list the one held comment (the rejected one waits for nobody), opening the comment page.
    const waiting = await t.call('GET', `/v1/${org.key}/check/activity?kind=comment`, su());
    expect(waiting.data.items.filter((a: { id: number }) => a.id === act)).toEqual([expect.objectContaining({ kind: 'comment', pending: 1, moderation: 'none' })]);
    // Comments are a queue of their own (作品审核 lists the works kinds): it names the comment page.
    const comments = await t.call('GET', `/v1/${org.key}/check/comment/activity`, su());
    expect(comments.data.items.filter((a: { id: number }) => a.id === act)).toEqual([expect.objectContaining({ kind: 'comment', pending: 1 })]);
    expect(comments.data.kinds).toEqual([expect.objectContaining({ kind: 'comment', label: '评论', page: 'adminAct/adminEvaComment' })]);

    // Approved by a person: shown to everyone.
    expect((await t.call('POST', `/v1/${org.key}/check/${act}/comment/${held.data.id}/approve`, su())).status).toBe(200);
    expect((await shown(viewer.token, act, source)).sort()).toEqual([clean.data.id, held.data.id].sort());
    expect((await t.call('GET', `/v1/${org.key}/check/activity?kind=comment`, su())).data.items.find((a: { id: number }) => a.id === act)).toBeUndefined();
  });

  it('a risky comment is the reader\'s offence: with the organisation\'s rule at one offence the reader is blacklisted from commenting', async () => {
    await addWord('违禁词', 'risky');
    const rules = DEFAULT_BLACKLIST_CONFIG.rules.map((r) => (r.kind === 'comment_rejected_risky' ? { ...r, enabled: true, count: 1 } : r));
    expect((await t.call('POST', `/v1/${org.key}/blacklist/config`, { ...su(), body: { ...DEFAULT_BLACKLIST_CONFIG, warn_first: false, rules } })).status).toBe(200);
    const { act, source } = await votingWithSource();
    const r = await signedInReader(t, org);
    const first = await comment(r.token, act, source, '含违禁词的评论');
    expect(first.data.status).toBe(2);
    const offences = await t.db.select().from(readerOffences).where(and(eq(readerOffences.reader_id, r.id), eq(readerOffences.kind, 'comment_rejected_risky')));
    expect(offences.map((o) => o.ref)).toEqual([`comment:${first.data.id}`]);
    const next = await comment(r.token, act, source, '正常评论');
    expect(next.status, JSON.stringify(next.data)).toBe(403);
    expect(next.data.gate).toBe(40005);
    const list = await t.call('GET', `/v1/${org.key}/blacklist?page_size=40`, su());
    expect(list.data.items.filter((b: { reader_id: number; is_auto: number }) => b.reader_id === r.id && b.is_auto === 1)).toHaveLength(1);
    // A clean comment of another reader records nothing.
    const clean = await signedInReader(t, org);
    expect((await comment(clean.token, act, source, '正常评论')).data.status).toBe(1);
    expect(await t.db.select().from(readerOffences).where(eq(readerOffences.reader_id, clean.id))).toEqual([]);
  });

  it('the screen sees a word as soon as it is added, and no longer once it is deleted', async () => {
    const { act, source } = await votingWithSource();
    const r = await signedInReader(t, org);
    expect((await comment(r.token, act, source, '新出现的黑话')).data.status).toBe(1);
    const word = await addWord('黑话', 'review');
    expect((await comment(r.token, act, source, '新出现的黑话')).data.status).toBe(0);
    expect((await t.call('DELETE', `/v1/${org.key}/sensitiveWords/${word.data.id}`, su())).status).toBe(200);
    expect((await comment(r.token, act, source, '新出现的黑话')).data.status).toBe(1);
    // The platform's list likewise.
    const platform = await addWord('平台新词', 'risky', null);
    expect((await comment(r.token, act, source, '平台新词')).data.status).toBe(2);
    expect((await t.call('DELETE', `/v1/sensitiveWords/${platform.data.id}`, su())).status).toBe(200);
  });

  it('an organisation\'s own words do not screen another organisation\'s readers; the platform\'s words screen every organisation', async () => {
    await addWord('本馆专用词', 'risky');
    await addWord('全平台词', 'review', null);
    const { act, source } = await votingWithSource(other);
    const r = await signedInReader(t, other);
    expect((await comment(r.token, act, source, '本馆专用词', other)).data.status).toBe(1);
    expect((await comment(r.token, act, source, '全平台词', other)).data.status).toBe(0);
  });
});

describe('works', () => {
  const TEXT_TYPE = { id: 1, name: '征文', media: 'text', text_min_words: 2, text_max_words: 200 };
  async function workActivity(moderation: string): Promise<number> {
    const made = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: `征文${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + DAY } });
    expect((await t.call('PUT', `/v1/${org.key}/original/work/config?act=${made.data.id}`, { ...su(), body: { creation_types: [TEXT_TYPE], moderation, author_fields: { phone: 'optional', unit: 'optional' } } })).status).toBe(200);
    expect((await t.call('POST', `/v1/${org.key}/original/${made.data.id}/publish`, su())).status).toBe(200);
    return made.data.id;
  }
  const essay = (title: string, content: string) => ({ request_id: randomUUID(), creation_type_id: 1, title, content, pledge: true, author: { real_name: '张三' }, submit: true });

  it('under post moderation a clean work is approved at once; a flagged title or text waits for review, and the queue shows the words', async () => {
    await addWord('作弊', 'review');
    await addWord('赌钱', 'risky', null);
    const act = await workActivity('post');
    const r = await signedInReader(t, org);
    const clean = await t.call('POST', `/v1/${org.key}/client/activities/${act}/works`, { token: r.token, body: essay('我的阅读', '读书使人明智。') });
    expect(clean.data.status, clean.message).toBe("approved");
    const flagged = await t.call('POST', `/v1/${org.key}/client/activities/${act}/works`, { token: (await signedInReader(t, org)).token, body: essay('考试作 弊记', '读书使人明智。') });
    expect(flagged.status, flagged.message).toBe(200);
    expect(flagged.data.status).toBe('submitted');
    expect(flagged.data.auto_words).toBeUndefined();
    const risky = await t.call('POST', `/v1/${org.key}/client/activities/${act}/works`, { token: (await signedInReader(t, org)).token, body: essay('一篇文章', '里面写着赌钱的事') });
    expect(risky.data.status).toBe('submitted');

    const queue = await t.call('GET', `/v1/${org.key}/check/${act}/creation`, su());
    const byId = new Map(queue.data.items.map((w: { id: number; auto_result: string; auto_words: string[] }) => [w.id, w]));
    expect(byId.get(flagged.data.id)).toMatchObject({ auto_result: 'review', auto_words: ['作弊'] });
    expect(byId.get(risky.data.id)).toMatchObject({ auto_result: 'risky', auto_words: ['赌钱'] });
    // The clean one waits only for a look (post moderation), without words.
    expect(byId.get(clean.data.id)).toMatchObject({ auto_result: 'pass', auto_words: [], status: 'approved' });
    // Not on the public wall until approved.
    const wall = await t.call('GET', `/v1/${org.key}/client/activities/${act}/works`, { token: r.token });
    expect(wall.data.items.map((w: { id: number }) => w.id)).toEqual([clean.data.id]);
  });

  it('an approved work edited with a flagged word goes back to review (post moderation); edited clean again it is approved', async () => {
    await addWord('抄袭', 'review');
    const act = await workActivity('none');
    const r = await signedInReader(t, org);
    const made = await t.call('POST', `/v1/${org.key}/client/activities/${act}/works`, { token: r.token, body: essay('原创作品', '读书使人明智。') });
    expect(made.data.status).toBe('approved');
    const edited = await t.call('PUT', `/v1/${org.key}/client/works/${made.data.id}`, { token: r.token, body: essay('原创作品', '这段是抄 袭来的') });
    expect(edited.status, edited.message).toBe(200);
    expect(edited.data.status).toBe('submitted');
    expect(edited.data.work_no).toBe(made.data.work_no);
    const queue = await t.call('GET', `/v1/${org.key}/check/${act}/creation`, su());
    expect(queue.data.items.find((w: { id: number }) => w.id === made.data.id)).toMatchObject({ auto_result: 'review', auto_words: ['抄袭'] });
    const approved = await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: [made.data.id], status: 1 } });
    expect(approved.status, approved.message).toBe(200);
    const again = await t.call('PUT', `/v1/${org.key}/client/works/${made.data.id}`, { token: r.token, body: essay('原创作品', '全部重写了。') });
    expect(again.data.status).toBe('approved');
  });
});
