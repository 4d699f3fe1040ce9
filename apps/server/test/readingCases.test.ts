import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_NOT_FOUND, CASE_PDF_NOT_PDF, formatsMessage, UPLOAD_RULES } from '@huodong/domain';
import { SEED_TIME_HEADER } from '../src/participation/clock.js';
import { multipartBody } from '../src/seed/step.js';
import { randomUUID } from 'node:crypto';
import { CASE_FOLD_JOB } from '../src/resources/families/cases.js';
import { MANAGER_PASSWORD, ok, testApp, type TestApp } from './helpers.js';
import { TINY_PDF } from './fixtures/caseFixture.js';

let t: TestApp;
let orgA: { id: number; key: string };
let adminA: string;
const su = () => ({ token: t.superToken });

async function upload(path: string, name: string, bytes: Buffer, token = t.superToken) {
  const { body, contentType } = multipartBody(name, bytes, 'application/pdf');
  return t.call('POST', path, { token, body, headers: { 'content-type': contentType } });
}

async function newCase(org: string | null, over: Record<string, unknown> = {}) {
  const file = await ok(upload(org ? `/v1/${org}/upload/public` : '/v1/upload/public', 'case.pdf', TINY_PDF));
  const body = { title: '共读一本书', cover: '/v1/files/x/cover/a.png', category: 1, address: file.url, ...over };
  return ok(t.call('POST', org ? `/v1/${org}/readingCase/case` : '/v1/readingCase/case', { ...su(), body }));
}

/** A public page's call from one address (no token). */
const fromAddress = (url: string, ip: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: body ? 'POST' : 'GET', url, remoteAddress: ip, payload: body as never, headers });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  orgA = await t.org('casea');
  await t.org('caseb');
  await t.manager(orgA.id, 'caseadmin', 'admin');
  adminA = await t.login('caseadmin', MANAGER_PASSWORD, 'casea');
});
afterAll(() => t.close());

describe('a case document is told by its bytes', () => {
  it('a file named .pdf that is no PDF is refused at upload, and a picture is refused as the document, naming the field', async () => {
    const fake = await upload('/v1/casea/upload/public', 'report.pdf', Buffer.from('not a pdf at all, just text'), adminA);
    expect(fake.status).toBe(422);
    expect(fake.message).toContain(formatsMessage(UPLOAD_RULES.public.exts, UPLOAD_RULES.public.noun));
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const picture = await ok(upload('/v1/casea/upload/public', 'report.pdf', png, adminA));
    const refused = await t.call('POST', '/v1/casea/readingCase/case', { token: adminA, body: { title: '图片冒充', cover: picture.url, category: 1, address: picture.url } });
    expect(refused.status).toBe(422);
    expect(refused.message).toContain(CASE_PDF_NOT_PDF);
    expect(refused.data.errors[0].field).toBe('address');
    const count = await ok(t.call('GET', '/v1/casea/readingCase/case', { token: adminA }));
    expect(count.items.map((c: { title: string }) => c.title)).not.toContain('图片冒充');
    // an address outside the stored files is no document either
    const outside = await t.call('POST', '/v1/casea/readingCase/case', { token: adminA, body: { title: '外链', cover: picture.url, category: 1, address: 'https://example.org/a.pdf' } });
    expect(outside.status).toBe(422);
    expect(outside.data.errors[0]).toEqual({ field: 'address', message: CASE_PDF_NOT_PDF });
  });
});

describe('the public readPromotion calls', () => {
  it('show only the enabled, undeleted cases of the organisation of the path (the platform\'s on request)', async () => {
    const shown = await newCase('casea', { title: '启用的案例' });
    const paused = await newCase('casea', { title: '暂停的案例' });
    await ok(t.call('POST', `/v1/casea/readingCase/case/${paused.id}/disable`, su()));
    const deleted = await newCase('casea', { title: '删除的案例' });
    await ok(t.call('DELETE', `/v1/casea/readingCase/case/${deleted.id}`, su()));
    const other = await newCase('caseb', { title: '别的机构的案例' });
    const platform = await newCase(null, { title: '平台案例' });

    const list = (await fromAddress('/v1/casea/readingCase/list', '10.0.0.1')).json().data;
    expect(list.items.map((c: { title: string }) => c.title)).toEqual(['启用的案例']);
    expect(list.items[0].pdf_size).toBe(TINY_PDF.length);
    expect(list.items[0].org_name).toBe('casea机构');
    for (const id of [paused.id, deleted.id, other.id, platform.id]) {
      const res = await fromAddress(`/v1/casea/readingCase/detail/${id}`, '10.0.0.1');
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe(CASE_NOT_FOUND);
    }
    expect((await fromAddress(`/v1/casea/readingCase/detail/${shown.id}`, '10.0.0.1')).json().data.title).toBe('启用的案例');
    // the platform's cases through any organisation, and never an organisation's as the platform's
    expect((await fromAddress(`/v1/casea/readingCase/detail/${platform.id}?source=platform`, '10.0.0.1')).json().data.title).toBe('平台案例');
    expect((await fromAddress(`/v1/casea/readingCase/detail/${shown.id}?source=platform`, '10.0.0.1')).statusCode).toBe(404);
    const platformList = (await fromAddress('/v1/caseb/readingCase/list?source=platform', '10.0.0.1')).json().data;
    expect(platformList.items.map((c: { title: string }) => c.title)).toEqual(['平台案例']);
    // an unknown organisation, and counting a case that is not shown
    expect((await fromAddress('/v1/nosuchorg/readingCase/list', '10.0.0.1')).statusCode).toBe(404);
    expect((await fromAddress('/v1/casea/readingCase/add/count', '10.0.0.1', { id: paused.id, type: 'view' })).statusCode).toBe(404);
    const bad = await fromAddress('/v1/casea/readingCase/add/count', '10.0.0.1', { id: shown.id, type: 'like' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('view and download counters', () => {
  it('count once per address per China day, exactly under 50 parallel views', async () => {
    const c = await newCase('casea', { title: '并发浏览' });
    const view = (ip: string, headers: Record<string, string> = {}) => fromAddress('/v1/casea/readingCase/add/count', ip, { id: c.id, type: 'view' }, headers);
    // 50 parallel views of one address: one view
    const same = await Promise.all(Array.from({ length: 50 }, () => view('10.1.0.1')));
    expect(same.every((r) => r.statusCode === 200)).toBe(true);
    expect(same.filter((r) => r.json().data.counted).length).toBe(1);
    // 50 parallel views of 50 addresses, each twice: 50 more
    await Promise.all(Array.from({ length: 100 }, (_, i) => view(`10.2.0.${i % 50}`)));
    const row = await ok(t.call('GET', `/v1/casea/readingCase/case/${c.id}`, su()));
    expect(row.views).toBe(51);
    expect(row.download).toBe(0);
    // a download is its own counter; the next China day counts the same address again
    const dl = (await fromAddress('/v1/casea/readingCase/add/count', '10.1.0.1', { id: c.id, type: 'download' })).json().data;
    expect([dl.views, dl.download, dl.counted]).toEqual([51, 1, true]);
    const tomorrow = String(Math.floor(Date.now() / 1000) + 86_400);
    expect((await view('10.1.0.1', { [SEED_TIME_HEADER]: tomorrow })).json().data).toEqual({ views: 52, download: 1, counted: true });
    expect((await view('10.1.0.1', { [SEED_TIME_HEADER]: tomorrow })).json().data.counted).toBe(false);
    // The counts live in shards beside the case's row (issue 25); the sweep folds them into the row, keeping the sums.
    await t.app.jobs.enqueue(t.db, CASE_FOLD_JOB, {}, { key: `test-fold-${randomUUID()}` });
    await t.app.jobs.idle();
    const [after] = rowsOf<{ views: number; download: number }>(await t.db.execute(sql`select views, download from reading_cases where id = ${c.id}`));
    expect([after.views, after.download]).toEqual([52, 1]);
    const [left] = rowsOf<{ n: number }>(await t.db.execute(sql`select coalesce(sum(views + download), 0)::int as n from reading_case_shards where case_id = ${c.id}`));
    expect(left.n).toBe(0);
    const listed = (await ok(t.call('GET', '/v1/casea/readingCase/case?page_size=100', su()))).items.find((x: { id: number }) => x.id === c.id);
    expect([listed.views, listed.download]).toEqual([52, 1]);
    expect((await view('10.3.0.1')).json().data).toEqual({ views: 53, download: 1, counted: true });
    const shown = (await fromAddress(`/v1/casea/readingCase/detail/${c.id}`, '10.3.0.1')).json().data;
    expect([shown.views, shown.download]).toEqual([53, 1]);
  });

  it('an administrator\'s views count once a day per administrator, on the platform\'s and the organisation\'s cases', async () => {
    const platform = await newCase(null, { title: '平台计数' });
    const views = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', `/v1/readingCase/case/${platform.id}/view`, su())));
    expect(views.filter((v) => v.data.counted).length).toBe(1);
    const own = await newCase('casea', { title: '机构计数' });
    expect((await ok(t.call('POST', `/v1/casea/readingCase/case/${own.id}/download`, { token: adminA }))).download).toBe(1);
    expect((await ok(t.call('POST', `/v1/casea/readingCase/case/${own.id}/download`, su()))).download).toBe(2);
    // another organisation's case is not found by its administrators, and the platform's list is the platform's alone
    expect((await t.call('POST', `/v1/caseb/readingCase/case/${own.id}/view`, su())).status).toBe(404);
    expect((await t.call('GET', `/v1/casea/readingCase/case/${platform.id}/detail`, { token: adminA })).status).toBe(404);
    const titles = (await ok(t.call('GET', '/v1/readingCase/case?page_size=100', su()))).items.map((c: { title: string }) => c.title);
    expect(titles).toContain('平台计数');
    expect(titles).not.toContain('机构计数');
    const detail = await ok(t.call('GET', `/v1/readingCase/case/${platform.id}/detail`, su()));
    expect([detail.views, detail.org_name, detail.pdf_size]).toEqual([1, '', TINY_PDF.length]);
  });
});
