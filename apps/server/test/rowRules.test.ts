/**
 * The row rules (domain rules/rowRules.ts) are what the server applies: for every state of a work,
 * 通过 and 驳回 through the works' routes are refused exactly where the table refuses, with its
 * message and status, and carried out where it allows; an activity with readers refuses 撤回.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { originalWorksResource, rowRefusal, UNPUBLISH_AFTER_JOINS, WORK_STATUS_KEYS, type WorkStatus } from '@huodong/domain';
import { activities, works } from '../src/db/schema.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const su = () => ({ token: t.superToken });
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('rowrules', { activity_types: [1] });
});
afterAll(() => t.close());

async function publishedWorkActivity(): Promise<number> {
  const made = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '征文', start_at: now() - DAY, end_at: now() + DAY } });
  expect(made.status, made.message).toBe(200);
  const types = [{ id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 200 }];
  expect((await t.call('PUT', `/v1/${org.key}/original/work/config?act=${made.data.id}`, { ...su(), body: { creation_types: types, author_fields: { phone: 'optional', unit: 'optional' } } })).status).toBe(200);
  expect((await t.call('POST', `/v1/${org.key}/original/${made.data.id}/publish`, su())).status).toBe(200);
  return made.data.id;
}

describe('the server refuses exactly what the row rules refuse', () => {
  it('通过 and 驳回 of a work in every state (and waiting for a look or not)', async () => {
    const act = await publishedWorkActivity();
    const reader = await signedInReader(t, org);
    const body = { request_id: randomUUID(), creation_type_id: 1, title: '我的阅读', content: '读书使人明智，读史使人明智。', pledge: true, author: { real_name: '张三' } };
    const submitted = await t.call('POST', `/v1/${org.key}/client/activities/${act}/works`, { token: reader.token, body });
    expect(submitted.status, submitted.message).toBe(200);
    const id = submitted.data.id as number;
    const base = `/v1/${org.key}/original/${act}/work/${id}`;
    let checked = 0;
    for (const status of WORK_STATUS_KEYS) {
      for (const pending of [0, 1]) {
        for (const action of ['approve', 'reject'] as const) {
          await t.db.update(works).set({ status, check_pending: pending }).where(eq(works.id, id));
          const expected = rowRefusal(originalWorksResource, action, { status, check_pending: pending });
          const res = await t.call('POST', `${base}/${action}`, { ...su(), body: action === 'reject' ? { reason: '不符合要求' } : undefined });
          const what = `${action} on ${status} (check_pending ${pending})`;
          if (expected) {
            expect([res.status, res.message], what).toEqual([expected.status, expected.message]);
            const [after] = await t.db.select().from(works).where(eq(works.id, id));
            expect(after.status as WorkStatus, what).toBe(status);
          } else {
            expect(res.status, `${what}: ${res.message}`).toBe(200);
          }
          checked++;
        }
      }
    }
    expect(checked).toBe(WORK_STATUS_KEYS.length * 4);
    await t.db.update(works).set({ status: 'awarded', check_pending: 0 }).where(eq(works.id, id));
    expect((await t.call('POST', `${base}/reject`, { ...su(), body: { reason: '不符合要求' } })).message).toBe('作品已获奖，不能驳回');
  });

  it('an activity a reader joined refuses 撤回 with the rule\'s message; without readers it is withdrawn', async () => {
    const act = await publishedWorkActivity();
    await t.db.update(activities).set({ join_num: 1 }).where(eq(activities.id, act));
    const refused = await t.call('POST', `/v1/${org.key}/original/${act}/unpublish`, su());
    expect([refused.status, refused.message]).toEqual([422, UNPUBLISH_AFTER_JOINS]);
    await t.db.update(activities).set({ join_num: 0 }).where(eq(activities.id, act));
    expect((await t.call('POST', `/v1/${org.key}/original/${act}/unpublish`, su())).status).toBe(200);
  });
});
