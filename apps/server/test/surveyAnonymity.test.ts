/**
 * An anonymous questionnaire (issue 20, item 18): answering joins the reader, and the participants
 * list names them; no administrator surface may link an answer to its reader. The join carries
 * its China day only (never the second of the answer), and the response surfaces (list, one
 * question's answers, the paper, the export) show no account, name, unit or unit id. A named
 * questionnaire keeps the exact join time and the reader columns.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { chinaDayStart, formatSeconds } from '@huodong/domain';
import { activityJoins } from '../src/db/schema.js';
import { ok, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let unit: { id: number };
const UNIT_NAME = '匿名测试分馆';
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const get = (url: string) => ok(t.call('GET', `/v1/${org.key}${url}`, su()));
const sheet = async (url: string): Promise<string[][]> => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/${org.key}${url}`, headers: { authorization: `Bearer ${t.superToken}` } });
  expect(res.statusCode).toBe(200);
  const book = XLSX.read(res.rawPayload);
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
};

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('suranon', { activity_types: [4] });
  unit = await t.org('suranonunit', { parent_id: org.id, name: UNIT_NAME });
});
afterAll(() => t.close());

/** A published questionnaire with one text question, answered by four readers of the unit: the question and the readers. */
async function answered(anonymous: number) {
  const act = (await ok(t.call('POST', `/v1/${org.key}/survey`, { ...su(), body: { title: `问卷${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + DAY, config: { anonymous } } }))).id as number;
  const q = (await ok(t.call('POST', `/v1/${org.key}/survey/${act}/question`, { ...su(), body: { type: 'text', title: '建议' } }))).id as number;
  await ok(t.call('POST', `/v1/${org.key}/survey/${act}/publish`, su()));
  const texts = ['多开讲座', '延长开放', '增加座位', '更新图书'];
  const readers = [];
  for (const text of texts) readers.push(await signedInReader(t, org, { unit_id: unit.id, real_name: `读者${text}` }));
  // They answer in another order than their accounts', so join ids and reader ids differ.
  for (const i of [1, 3, 0, 2]) {
    const r = readers[i];
    const { version } = await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/survey`, { token: r.token }));
    await ok(t.call('POST', `/v1/${org.key}/client/activities/${act}/responses`, { token: r.token, body: { request_id: randomUUID(), version, answers: { [q]: texts[i] } } }));
  }
  return { act, q, readers };
}

describe('an anonymous questionnaire', () => {
  it('its joins carry the day only: no join time equals an answer\'s, and the time filter cannot narrow below the day', async () => {
    const { act, readers } = await answered(1);
    const responses = (await get(`/survey/${act}/responses?page_size=50`)).items as { submitted_at: number }[];
    const joins = (await get(`/activity/${act}/participants?page_size=50`)).items as { id: number; account: string; created_at: number; updated_at: number; real_name: string }[];
    expect(joins.map((j) => j.account).sort()).toEqual(readers.map((r) => r.account).sort());
    for (const j of joins) {
      expect(j.created_at).toBe(chinaDayStart(responses[0].submitted_at));
      expect(j.updated_at).toBe(j.created_at);
    }
    const answeredAt = new Set(responses.map((r) => r.submitted_at));
    expect(joins.some((j) => answeredAt.has(j.created_at) || answeredAt.has(j.updated_at))).toBe(false);
    // Within the day the list goes by account, not by when they answered.
    expect(joins.map((j) => j.account)).toEqual(readers.map((r) => r.account).sort());
    const s = responses[0].submitted_at;
    expect((await get(`/activity/${act}/participants?created_at=${s - 1},${s + 1}`)).items).toEqual([]);
    // Join ids follow the answers, as response ids do: the rows go by the reader's id, and a join is not read by its id.
    const joinOf = new Map((await t.db.select().from(activityJoins).where(eq(activityJoins.act_id, act))).map((j) => [j.reader_id, j.id]));
    expect(readers.some((r) => joinOf.get(r.id) !== r.id)).toBe(true);
    expect(Object.fromEntries(joins.map((j) => [j.account, j.id]))).toEqual(Object.fromEntries(readers.map((r) => [r.account, r.id])));
    expect((await t.call('GET', `/v1/${org.key}/activity/${act}/participants/${joinOf.get(readers[0].id)}`, su())).status).toBe(404);
    // The export shows the same day start.
    const rows = await sheet(`/export/participants?act=${act}`);
    const at = rows[0].indexOf('参与时间');
    expect(rows.slice(1).map((r) => r[at])).toEqual(joins.map(() => formatSeconds(chinaDayStart(s))));
  });

  it('no response surface shows the account, name, unit or unit id', async () => {
    const { act, q, readers } = await answered(1);
    const names = readers.flatMap((r) => [r.account, `读者`]);
    const list = await get(`/survey/${act}/responses?page_size=50`);
    const answers = await get(`/survey/${act}/question/${q}/answers?page_size=50`);
    const paper = await get(`/survey/${act}/responses/${list.items[0].id}/paper`);
    for (const data of [list, answers, paper]) {
      const text = JSON.stringify(data);
      for (const n of [...names, UNIT_NAME]) expect(text).not.toContain(n);
      expect(text).not.toContain('"unit_id"');
      expect(text).not.toContain('"reader_id"');
    }
    const exported = await sheet(`/export/surveyresponses?act=${act}`);
    expect(exported[0]).not.toContain('单位');
    const text = JSON.stringify(exported);
    for (const n of [...names, UNIT_NAME]) expect(text).not.toContain(n);
  });
});

describe('a named questionnaire', () => {
  it('keeps the exact join time and the reader columns', async () => {
    const { act, readers } = await answered(0);
    const responses = (await get(`/survey/${act}/responses?page_size=50`)).items as { submitted_at: number; unit_name: string; account: string }[];
    const joins = (await get(`/activity/${act}/participants?page_size=50`)).items as { id: number; created_at: number }[];
    expect(joins.map((j) => j.created_at).sort()).toEqual(responses.map((r) => r.submitted_at).sort());
    expect((await t.call('GET', `/v1/${org.key}/activity/${act}/participants/${joins[0].id}`, su())).status).toBe(200);
    expect(responses.map((r) => r.unit_name)).toEqual(readers.map(() => UNIT_NAME));
    expect((await sheet(`/export/surveyresponses?act=${act}`))[0]).toContain('单位');
  });
});
