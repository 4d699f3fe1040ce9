/**
 * Each review queue lists only its own kinds (issue 20): 作品审核 (`/check/activity`) the works
 * waiting, never a contest's short answers; 竞赛审核 (`/check/contest/activity`) the contests with
 * short answers to mark, never works.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const su = () => ({ token: t.superToken });
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('queues', { activity_types: [1, 3] });
});
afterAll(() => t.close());

describe('the review queues', () => {
  it('作品审核 lists the works waiting and no contest; 竞赛审核 the contest with a short answer and no works', async () => {
    // A works activity (pre moderation) with one submitted work
    const works = (await ok(t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '征文', start_at: now() - DAY, end_at: now() + DAY } }))).id as number;
    const types = [{ id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 200 }];
    await ok(t.call('PUT', `/v1/${org.key}/original/work/config?act=${works}`, { ...su(), body: { creation_types: types, author_fields: { phone: 'optional', unit: 'optional' }, moderation: 'pre' } }));
    await ok(t.call('POST', `/v1/${org.key}/original/${works}/publish`, su()));
    const reader = await signedInReader(t, org);
    await ok(t.call('POST', `/v1/${org.key}/client/activities/${works}/works`, { token: reader.token, body: { request_id: randomUUID(), creation_type_id: 1, title: '我的阅读', content: '读书使人明智，读史使人明智。', pledge: true, author: { real_name: '张三' } } }));

    // A contest whose one short answer waits for its marks
    const contest = (await ok(t.call('POST', `/v1/${org.key}/contest`, { ...su(), body: { title: '竞赛', start_at: now() - DAY, end_at: now() + DAY, config: { contest_type: 1, shuffle_questions: 0 } } }))).id as number;
    const question = (await ok(t.call('POST', `/v1/${org.key}/contest/${contest}/question`, { ...su(), body: { type: 5, stem: '谈谈你最喜欢的一本书', answer: '言之有理即可', score: 10 } }))).id as number;
    await ok(t.call('POST', `/v1/${org.key}/contest/${contest}/publish`, su()));
    const attempt = (await ok(t.call('POST', `/v1/${org.key}/client/activities/${contest}/attempts`, { token: reader.token, body: { request_id: randomUUID() } }))).id as number;
    await ok(t.call('PUT', `/v1/${org.key}/client/attempts/${attempt}/answers`, { token: reader.token, body: { request_id: randomUUID(), items: [{ question_id: question, answer: '《红楼梦》' }] } }));
    await ok(t.call('POST', `/v1/${org.key}/client/attempts/${attempt}/submit`, { token: reader.token, body: { request_id: randomUUID() } }));

    const workQueue = await ok(t.call('GET', `/v1/${org.key}/check/activity`, su()));
    expect(workQueue.items.map((a: { id: number; kind: string }) => [a.id, a.kind])).toEqual([[works, 'creation']]);
    expect(workQueue.kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(['creation', 'mark', 'originalmix', 'program']);
    const contestQueue = await ok(t.call('GET', `/v1/${org.key}/check/contest/activity`, su()));
    expect(contestQueue.items.map((a: { id: number; kind: string; pending: number }) => [a.id, a.kind, a.pending])).toEqual([[contest, 'contest', 1]]);
    // a queue's kind filter takes only its own kinds
    expect((await t.call('GET', `/v1/${org.key}/check/contest/activity?kind=creation`, su())).status).toBe(422);
  });
});

