/**
 * The demo data's original works (issue 12): an essay contest in `szlib` and a picture contest in
 * the school `gzsyxx`, made through the API with readers submitting real files; reviewed (all but
 * one approved and numbered, one rejected with its reason); a second run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_NO_PATTERN, WORK_PASSED_STATUSES } from '@huodong/domain';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, testApp, type TestApp } from './helpers.js';

/** Only the demo families this file checks (platform.test.ts runs the whole demo twice). */
const steps = demoStepsOf('judging');

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });
/** Polls until `read` answers something (the certificates are issued by a background job). */
async function waitFor<T>(read: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const got = await read();
    if (got) return got;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not there after 10 s');
}

interface Work {
  id: number;
  title: string;
  status: string;
  work_no: string | null;
  reason: string;
  media: string[];
  content: string;
  group_name?: string;
  author_name: string;
}

const CONTESTS = [
  { org: 'szlib', title: '“书香姑苏”读者征文大赛', rejected: '我的周末计划', pictures: false },
  { org: 'gzsyxx', title: '“我爱读书”绘画作品征集', rejected: '涂鸦', pictures: true },
];

describe('demo data: original works', () => {
  it('an essay contest and a school picture contest with reviewed works from real files; a re-run adds nothing', { timeout: 120_000 }, async () => {
    const first = await seedDemo(t.app, steps);
    expect(first.works).toBe(8);

    const snapshot: Record<string, unknown> = {};
    for (const c of CONTESTS) {
      const acts = (await ok(t.call('GET', `/v1/${c.org}/original?page_size=100`, su()))).items as { id: number; title: string; is_tmp: number; act_state: number }[];
      const act = acts.find((a) => a.title === c.title)!;
      expect(act, c.title).toBeDefined();
      expect([act.is_tmp, act.act_state]).toEqual([0, 2]);
      expect((await ok(t.call('GET', `/v1/${c.org}/original/work/config?act=${act.id}`, su()))).saved).toBe(true);

      const works = (await ok(t.call('GET', `/v1/${c.org}/original/${act.id}/work?page_size=100&sort=id`, su()))).items as Work[];
      expect(works).toHaveLength(4);
      const rejected = works.filter((w) => w.status === 'rejected');
      expect(rejected.map((w) => w.title)).toEqual([c.rejected]);
      expect(rejected[0].reason.length).toBeGreaterThan(5);
      expect(rejected[0].work_no).toBeNull();
      // Passed review, then judged by the experts (shortlisted, then awarded or not).
      const approved = works.filter((w) => (WORK_PASSED_STATUSES as readonly string[]).includes(w.status));
      expect(approved).toHaveLength(3);
      for (const w of approved) expect(w.work_no, w.title).toMatch(WORK_NO_PATTERN);
      expect(new Set(approved.map((w) => w.work_no)).size).toBe(3);
      expect(works.every((w) => w.author_name)).toBe(true);
      // nothing left waiting in the review queue
      const queue = await ok(t.call('GET', `/v1/${c.org}/check/activity`, su()));
      expect(queue.items.find((a: { id: number }) => a.id === act.id)).toBeUndefined();

      if (c.pictures) {
        // grouped by the students' grades, numbered within their group; each picture served as a PNG
        expect(new Set(works.map((w) => w.group_name))).toEqual(new Set(['低年级组', '高年级组']));
        for (const w of approved) expect(w.work_no).toMatch(new RegExp(`^${act.id}-[DG]-\\d{4}$`));
        for (const w of works) {
          expect(w.media).toHaveLength(1);
          const file = await t.app.inject({ method: 'GET', url: w.media[0] });
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-type']).toBe('image/png');
          expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
        }
        // the media zip names them title plus index
        const zip = await t.app.inject({ method: 'POST', url: `/v1/${c.org}/original/download`, headers: { authorization: `Bearer ${t.superToken}` }, payload: { act: act.id, ids: approved.map((w) => w.id) } });
        expect(zip.statusCode).toBe(200);
        for (const w of approved) expect(zip.rawPayload.includes(Buffer.from(`${w.title}-1.png`))).toBe(true);
      } else {
        for (const w of works) expect([w.media.length, w.content.length > 30]).toEqual([0, true]);
      }
      snapshot[c.org] = { act: act.id, works: works.map((w) => [w.id, w.status, w.work_no, w.reason]) };
    }

    // Judged by experts through the expert API, results published, certificates issued by rule.
    expect(first.judging).toBeGreaterThanOrEqual(10);
    for (const c of CONTESTS) {
      const { act } = snapshot[c.org] as { act: number };
      const judged = (await ok(t.call('GET', `/v1/${c.org}/expert/act?page=1&page_size=10`, su()))).items as { id: number; act_id: number; published_at: number | null }[];
      const expertAct = judged.find((a) => a.act_id === act)!;
      expect(expertAct.published_at, c.org).toBeGreaterThan(0);
      const results = await ok(t.call('GET', `/v1/${c.org}/expert/act/${expertAct.id}/results`, su()));
      expect(results.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(results.items.every((r: { n: number }) => r.n === 2)).toBe(true);
      const issued = await waitFor(async () => {
        const certs = await ok(t.call('GET', `/v1/${c.org}/cert/${act}/index?page=1&page_size=20`, su()));
        return certs.items.length > 0 ? certs.items : null;
      });
      if (c.pictures) expect(issued).toHaveLength(3); // one for each work that passed review
      // szlib's quotas: one 一等奖, then two 二等奖 for the three works
      else expect(issued.map((x: { award_level: string }) => x.award_level).sort()).toEqual(['一等奖', '二等奖', '二等奖']);
      const verified = await ok(t.call('GET', `/v1/cert/verify?code=${issued[0].verify_code}`));
      expect(verified.status).toBe('valid');
    }

    const again = await seedDemo(t.app, steps);
    expect(again.works).toBe(0);
    expect(again.judging).toBe(0);
    for (const c of CONTESTS) {
      const acts = (await ok(t.call('GET', `/v1/${c.org}/original?page_size=100`, su()))).items as { id: number; title: string }[];
      expect(acts.filter((a) => a.title === c.title)).toHaveLength(1);
      const { act } = snapshot[c.org] as { act: number };
      const works = (await ok(t.call('GET', `/v1/${c.org}/original/${act}/work?page_size=100&sort=id`, su()))).items as Work[];
      expect({ act, works: works.map((w) => [w.id, w.status, w.work_no, w.reason]) }).toEqual(snapshot[c.org]);
    }
  });
});
