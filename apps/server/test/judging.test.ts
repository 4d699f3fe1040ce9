/**
 * Expert judging and certificates through HTTP (issue 12): works come from readers through the
 * reader API, experts sign in with their own accounts, and every answer an expert gets is
 * checked for the authors' identities.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../src/seed/step.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let actId = 0;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

/** Authors: name, unit, instructor — none of these may reach an expert in blind review. */
const AUTHORS = [
  { real_name: '赵雨桐', unit: '第一实验小学', instructor: '钱老师' },
  { real_name: '孙嘉怡', unit: '第二实验小学', instructor: '周明远' },
  { real_name: '吴子涵', unit: '育才中学', instructor: '' },
  { real_name: '郑思远', unit: '第一实验小学', instructor: '' },
];
const EXPERT_PASSWORD = 'Expert#Pass1';
const experts: { id: number; account: string; name: string; unit: string; token?: string }[] = [];
const workIds: number[] = [];
let expertActId = 0;

/** A photo whose EXIF names its author (what blind review must strip). */
const photoOf = (author: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#88aacc' } })
    .jpeg()
    .withExif({ IFD0: { Artist: author, Copyright: author, ImageDescription: author } })
    .toBuffer();

/** A reader's submission through the reader API (the works routes own the works table): a photo uploaded first, named after its author. */
async function submitWork(author: (typeof AUTHORS)[number], i: number): Promise<number> {
  const reader = await signedInReader(t, org, { real_name: author.real_name, unit: author.unit });
  const m = multipartBody(`${author.real_name}.jpg`, await photoOf(`${author.real_name} ${author.unit}`), 'image/jpeg');
  const up = await t.app.inject({ method: 'POST', url: `/v1/${org.key}/client/upload`, payload: m.body, headers: { 'content-type': m.contentType, authorization: `Bearer ${reader.token}` } });
  if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
  const res = await t.call('POST', `/v1/${org.key}/client/activities/${actId}/works`, {
    token: reader.token,
    body: { request_id: randomUUID(), creation_type_id: 1, title: `我的家乡${i}`, content: '家乡的河水清又清。', media: [up.json().data.url], author: { ...author, phone: '13900000000' }, pledge: true },
  });
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${res.message}`);
  return res.data.id;
}

async function expertLogin(account: string): Promise<string> {
  const res = await t.call('POST', `/v1/${org.key}/client/expert/login`, { body: { account, password: EXPERT_PASSWORD } });
  if (res.status !== 200) throw new Error(`expert login: ${res.message}`);
  return res.data.access_token;
}

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-judging-')) });
  org = await t.org('jdg');
  await t.call('POST', `/v1/organizations/${org.id}/authorize`, { ...su(), body: { module_ids: [], activity_types: [1, 9] } });
  const act = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '征文比赛', start_at: now() - DAY, end_at: now() + 30 * DAY, config: {} } });
  expect(act.status, act.message).toBe(200);
  actId = act.data.id;
  const cfg = await t.call('PUT', `/v1/${org.key}/original/work/config?act=${actId}`, {
    ...su(),
    body: { creation_types: [{ id: 1, name: '摄影', media: 'image', files_min: 1, files_max: 3 }], award_quota: { 一等奖: 1, 二等奖: 1 }, moderation: 'none' },
  });
  expect(cfg.status, cfg.message).toBe(200);
  const published = await t.call('POST', `/v1/${org.key}/original/${actId}/publish`, su());
  expect(published.status, published.message).toBe(200);
  for (const [i, a] of AUTHORS.entries()) workIds.push(await submitWork(a, i + 1));
  // Experts: one of 第一实验小学 (conflicts with two works), one named as an instructor.
  const people = [
    { name: '李评审', unit: '第一实验小学' },
    { name: '周明远', unit: '市教研室' },
    { name: '王评审', unit: '市作协' },
    { name: '陈评审', unit: '师范大学' },
  ];
  for (const [i, p] of people.entries()) {
    const account = `expert${i + 1}`;
    const res = await t.call('POST', `/v1/${org.key}/expert`, { ...su(), body: { ...p, account, password: EXPERT_PASSWORD, specialties: ['摄影'] } });
    expect(res.status, res.message).toBe(200);
    expect(res.data).not.toHaveProperty('password_hash');
    experts.push({ id: res.data.id, account, ...p });
  }
});
afterAll(() => t?.close());

describe('expert accounts', () => {
  it('an expert token acts only on the expert calls of its own organisation', async () => {
    const token = await expertLogin('expert3');
    expect((await t.call('GET', `/v1/${org.key}/client/expert/me`, { token })).data.name).toBe('王评审');
    expect((await t.call('GET', `/v1/${org.key}/expert`, { token })).status).toBe(403);
    expect((await t.call('GET', `/v1/${org.key}/client/me`, { token })).status).toBe(403);
    const other = await t.org('jdgother');
    expect((await t.call('GET', `/v1/${other.key}/client/expert/assignments`, { token })).status).toBe(403);
    // and no other token is an expert
    expect((await t.call('GET', `/v1/${org.key}/client/expert/assignments`, su())).status).toBe(403);
  });

  it('a wrong password and a paused expert are refused', async () => {
    expect((await t.call('POST', `/v1/${org.key}/client/expert/login`, { body: { account: 'expert1', password: 'Wrong#Pass1' } })).status).toBe(422);
  });
});

describe('an expert activity', () => {
  it('is created for a works activity only, with a rubric whose weights add to 100', async () => {
    const base = { title: '初评', act_id: actId, start_at: now() - 60, end_at: now() + DAY, reviewers_per_work: 2, disagreement_threshold: 30 };
    const bad = await t.call('POST', `/v1/${org.key}/expert/act`, { ...su(), body: { ...base, rubric: [{ name: '内容', weight: 60 }, { name: '语言', weight: 30 }] } });
    expect(bad.status).toBe(422);
    expect(bad.message).toMatch(/^评分标准：/);
    expect(bad.data.errors.map((e: { field: string }) => e.field)).toContain('rubric');
    const made = await t.call('POST', `/v1/${org.key}/expert/act`, { ...su(), body: { ...base, rubric: [{ name: '内容', weight: 60 }, { name: '语言', weight: 40, max: 20 }] } });
    expect(made.status, made.message).toBe(200);
    expect(made.data).toMatchObject({ blind: 1, assignment: 'auto', round: 1, reviewers_per_work: 2 });
    expertActId = made.data.id;
    const list = await t.call('GET', `/v1/${org.key}/expert/act?page=1&page_size=10&keyword=${encodeURIComponent('初评')}`, su());
    expect(list.data.items.map((x: { id: number }) => x.id)).toContain(expertActId);
  });

  it('takes the approved works (shortlisting them) and never assigns a conflicted expert', async () => {
    const added = await t.call('POST', `/v1/${org.key}/expert/act/${expertActId}/works`, { ...su(), body: { work_ids: workIds } });
    expect(added.status, added.message).toBe(200);
    const manual = await t.call('POST', `/v1/${org.key}/expert/act/${expertActId}/assign`, { ...su(), body: { work_id: workIds[0], expert_id: experts[0].id } });
    expect(manual.status).toBe(422);
    expect(manual.message).toContain('同单位');
    const instructor = await t.call('POST', `/v1/${org.key}/expert/act/${expertActId}/assign`, { ...su(), body: { work_id: workIds[1], expert_id: experts[1].id } });
    expect(instructor.status).toBe(422);
    expect(instructor.message).toContain('指导老师');

    const auto = await t.call('POST', `/v1/${org.key}/expert/act/${expertActId}/autoAssign`, su());
    expect(auto.status, auto.message).toBe(200);
    expect(auto.data.short).toEqual([]);
    const list = await t.call('GET', `/v1/${org.key}/expert/act/${expertActId}/works`, su());
    expect(list.data).toHaveLength(4);
    for (const w of list.data) {
      expect(w.status).toBe('shortlisted');
      expect(w.assignments).toHaveLength(2);
      const author = AUTHORS[workIds.indexOf(w.id)];
      for (const a of w.assignments) {
        const e = experts.find((x) => x.id === a.expert_id)!;
        expect(e.unit === author.unit || e.name === author.instructor, `${e.name} on ${author.real_name}`).toBe(false);
      }
    }
    // running it again adds nothing
    expect((await t.call('POST', `/v1/${org.key}/expert/act/${expertActId}/autoAssign`, su())).data.assigned).toBe(0);
  });

  it('blind review: no answer to an expert names the author, unit or instructor', async () => {
    for (const e of experts) {
      e.token = await expertLogin(e.account);
      const res = await t.call('GET', `/v1/${org.key}/client/expert/assignments`, { token: e.token });
      expect(res.status).toBe(200);
      const text = res.res.body;
      for (const a of AUTHORS) for (const v of [a.real_name, a.unit, a.instructor, '13900000000']) if (v) expect(text, `${e.name} sees ${v}`).not.toContain(v);
      for (const item of res.data) {
        expect(item.work).not.toHaveProperty('author');
        expect(item.work).not.toHaveProperty('reader_id');
        expect(item.work.work_no).toMatch(/^\d+-\d{4}$/);
        expect(item.work.media).toHaveLength(1);
        const one = await t.call('GET', `/v1/${org.key}/client/expert/assignments/${item.id}`, { token: e.token });
        for (const a of AUTHORS) expect(one.res.body).not.toContain(a.real_name);
        // the photo: named by the work number, re-encoded without its EXIF (which named the author)
        expect(item.work.media[0].name).toBe(`${item.work.work_no}-1.jpg`);
        const file = await t.app.inject({ method: 'GET', url: item.work.media[0].url, headers: { authorization: `Bearer ${e.token}` } });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-disposition']).toContain(`${item.work.work_no}-1.jpg`);
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.exif).toBeUndefined();
        for (const a of AUTHORS) expect(file.rawPayload.includes(Buffer.from(a.real_name))).toBe(false);
        // nobody else fetches it
        expect((await t.app.inject({ method: 'GET', url: item.work.media[0].url, headers: { authorization: `Bearer ${t.superToken}` } })).statusCode).toBe(403);
      }
    }
    // another expert's assignment reads as missing
    const mine = await t.call('GET', `/v1/${org.key}/client/expert/assignments`, { token: experts[2].token });
    const theirs = await t.call('GET', `/v1/${org.key}/client/expert/assignments`, { token: experts[3].token });
    const foreign = theirs.data.find((x: { id: number }) => !mine.data.some((m: { id: number }) => m.id === x.id));
    if (foreign) expect((await t.call('GET', `/v1/${org.key}/client/expert/assignments/${foreign.id}`, { token: experts[2].token })).status).toBe(404);
  });

  it('an incomplete review cannot be submitted', async () => {
    const e = experts[2];
    const [a] = (await t.call('GET', `/v1/${org.key}/client/expert/assignments`, { token: e.token })).data;
    const missing = await t.call('PUT', `/v1/${org.key}/client/expert/assignments/${a.id}/review`, { token: e.token, body: { scores: { 内容: 8 } } });
    expect(missing.status).toBe(422);
    expect(missing.message).toContain('语言');
    const over = await t.call('PUT', `/v1/${org.key}/client/expert/assignments/${a.id}/review`, { token: e.token, body: { scores: { 内容: 11, 语言: 10 } } });
    expect(over.status).toBe(422);
    expect(over.message).toContain('0到10');
  });

  it('reviews give results, awards by quota, and publishing freezes a hashed snapshot', async () => {
    // Scores by work: work 0 best, then 1, 2, 3.
    const byWork = [
      { 内容: 10, 语言: 20 },
      { 内容: 9, 语言: 16 },
      { 内容: 7, 语言: 12 },
      { 内容: 5, 语言: 8 },
    ];
    for (const e of experts) {
      const items = (await t.call('GET', `/v1/${org.key}/client/expert/assignments`, { token: e.token })).data;
      for (const item of items) {
        const scores = byWork[workIds.indexOf(item.work.id)];
        const res = await t.call('PUT', `/v1/${org.key}/client/expert/assignments/${item.id}/review`, { token: e.token, body: { scores, comment: '好' } });
        expect(res.status, res.message).toBe(200);
        expect(res.data.review.submitted_at).toBeGreaterThan(0);
        expect(res.res.body).not.toContain(AUTHORS[workIds.indexOf(item.work.id)].real_name);
      }
    }
    const results = await t.call('GET', `/v1/${org.key}/expert/act/${expertActId}/results`, su());
    expect(results.status).toBe(200);
    const byId = new Map(results.data.items.map((r: { work_id: number }) => [r.work_id, r]));
    expect(byId.get(workIds[0])).toMatchObject({ n: 2, final: 100, rank: 1, award_level: '一等奖', needs_arbitration: false });
    expect(byId.get(workIds[1])).toMatchObject({ final: 86, rank: 2, award_level: '二等奖' });
    expect(byId.get(workIds[3])).toMatchObject({ final: 46, rank: 4, award_level: null });

    const published = await t.call('POST', `/v1/${org.key}/expert/act/${expertActId}/publish`, su());
    expect(published.status, published.message).toBe(200);
    expect(published.data.hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await t.call('GET', `/v1/${org.key}/expert/act/${expertActId}/results`, su());
    expect(again.data.hash).toBe(published.data.hash);
    // frozen: no more reviews, assignments or republishing
    const e = experts[2];
    const [item] = (await t.call('GET', `/v1/${org.key}/client/expert/assignments`, { token: e.token })).data;
    expect((await t.call('PUT', `/v1/${org.key}/client/expert/assignments/${item.id}/review`, { token: e.token, body: { scores: { 内容: 1, 语言: 1 } } })).status).toBe(409);
    expect((await t.call('POST', `/v1/${org.key}/expert/act/${expertActId}/publish`, su())).status).toBe(409);
    const worksList = await t.call('GET', `/v1/${org.key}/expert/act/${expertActId}/works`, su());
    const status = new Map(worksList.data.map((w: { id: number; status: string }) => [w.id, w.status]));
    expect(status.get(workIds[0])).toBe('awarded');
    expect(status.get(workIds[3])).toBe('not_awarded');
  });
});

describe('certificates', () => {
  let certId = 0;
  let code = '';
  it('are issued by rule in a background job, numbered by pattern, and rendered as PDFs', async () => {
    const template = await t.call('POST', `/v1/${org.key}/cert/templates`, {
      ...su(),
      body: {
        name: '获奖证书',
        kind: 'award',
        elements: [
          { type: 'text', text: '荣誉证书', x_mm: 148, y_mm: 30, size_pt: 36 },
          { type: 'field', field_key: 'real_name', x_mm: 148, y_mm: 80 },
          { type: 'field', field_key: 'award_level', x_mm: 148, y_mm: 100 },
          { type: 'qrcode', x_mm: 250, y_mm: 160, width_mm: 30 },
          { type: 'date', x_mm: 200, y_mm: 190, font: 'serif' },
        ],
      },
    });
    expect(template.status, template.message).toBe(200);
    const badCfg = await t.call('POST', `/v1/${org.key}/cert/${actId}/config`, { ...su(), body: { template_id: template.data.id, issue_mode: 'auto', auto_rule: { kind: 'work_approved' } } });
    expect(badCfg.status).toBe(422);
    const cfg = await t.call('POST', `/v1/${org.key}/cert/${actId}/config`, { ...su(), body: { template_id: template.data.id, issue_mode: 'auto', auto_rule: { kind: 'award_level' }, cert_no_pattern: 'ZS{YYYY}-{SEQ4}' } });
    expect(cfg.status, cfg.message).toBe(200);
    const send = await t.call('POST', `/v1/${org.key}/cert/${actId}/send`, su());
    expect(send.status, send.message).toBe(200);
    expect(send.data.issued).toBe(2);
    await t.app.jobs.idle();
    const job = await t.call('GET', `/v1/${org.key}/cert/${actId}/send`, su());
    expect(job.data).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    // safe to run again: nothing new issued, nothing rendered twice
    expect((await t.call('POST', `/v1/${org.key}/cert/${actId}/send`, su())).data.issued).toBe(0);
    await t.app.jobs.idle();
    const index = await t.call('GET', `/v1/${org.key}/cert/${actId}/index?page=1&page_size=10`, su());
    expect(index.data._meta.totalCount).toBe(2);
    for (const c of index.data.items) {
      expect(c.cert_no).toMatch(new RegExp(`^ZS${new Date().getFullYear()}-\\d{4}$`));
      expect(c.rendered).toBe(true);
    }
    const first = index.data.items.find((c: { holder: string }) => c.holder === AUTHORS[0].real_name);
    certId = first.id;
    code = first.verify_code;
    const pdf = await t.call('GET', `/v1/${org.key}/cert/file/${certId}`, su());
    expect(pdf.res.headers['content-type']).toBe('application/pdf');
    expect(pdf.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the Chinese text is set in an embedded subset of a CJK font
    expect(pdf.res.rawPayload.toString('latin1')).toMatch(/FontFile3|FontFile2/);
  });

  it('verification is public: masked holder, level and a valid status; revoked after revoking', async () => {
    const ok = await t.call('GET', `/v1/cert/verify?code=${code.toLowerCase()}`);
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ holder: '赵*桐', award_level: '一等奖', status: 'valid', act_title: '征文比赛' });
    expect(ok.res.body).not.toContain(AUTHORS[0].real_name);
    expect((await t.call('GET', '/v1/cert/verify?code=ABCDEFGHJKLM')).status).toBe(404);
    const revoked = await t.call('POST', `/v1/${org.key}/cert/${actId}/delete`, { ...su(), body: { ids: [certId], reason: '信息有误' } });
    expect(revoked.data.revoked).toBe(1);
    expect((await t.call('GET', `/v1/cert/verify?code=${code}`)).data.status).toBe('revoked');
  });

  it('a tenant cannot read another organisation’s certificates or expert activities', async () => {
    const other = await t.org('jdgtwo');
    await t.manager(other.id, 'jdgtwoadmin');
    const token = await t.login('jdgtwoadmin', 'Manager#Pass1', other.key);
    expect((await t.call('GET', `/v1/${other.key}/cert/${actId}/index`, { token })).status).toBe(404);
    expect((await t.call('GET', `/v1/${other.key}/cert/file/${certId}`, { token })).status).toBe(404);
    expect((await t.call('GET', `/v1/${other.key}/expert/act/${expertActId}/results`, { token })).status).toBe(404);
    expect((await t.call('GET', `/v1/${org.key}/expert/act/${expertActId}/results`, { token })).status).toBe(403);
  });
});
