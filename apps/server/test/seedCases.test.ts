/**
 * The demo data's reading cases: a dozen of the platform, szlib and gzsyxx, each with a cover and
 * a PDF of several pages whose Chinese text is readable; some recommended, one paused (not shown
 * on the public pages); a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, testApp, type TestApp } from './helpers.js';
import { pdfText } from './pdfText.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });

describe('demo data: reading cases', () => {
  it('makes a dozen cases with real PDFs through the API, once', { timeout: 300_000 }, async () => {
    const first = await seedDemo(t.app, demoStepsOf('cases'));
    expect(first.readingCases).toBe(12);
    const platform = (await ok(t.call('GET', '/v1/readingCase/case?page_size=100', su()))).items;
    const szlib = (await ok(t.call('GET', '/v1/szlib/readingCase/case?page_size=100', su()))).items;
    const gzsyxx = (await ok(t.call('GET', '/v1/gzsyxx/readingCase/case?page_size=100', su()))).items;
    expect([platform.length, szlib.length, gzsyxx.length]).toEqual([4, 5, 3]);
    expect([...platform, ...szlib, ...gzsyxx].filter((c: { is_rec: number }) => c.is_rec === 1).length).toBe(4);
    const shown = (await ok(t.call('GET', '/v1/szlib/readingCase/list?source=platform'))).items;
    expect(shown.length).toBe(3);

    const one = szlib.find((c: { title: string }) => c.title.includes('悦读妈妈'));
    const detail = await ok(t.call('GET', `/v1/szlib/readingCase/case/${one.id}/detail`, su()));
    const res = await t.app.inject({ method: 'GET', url: detail.address });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(detail.pdf_size);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(4);
    expect(pdfText(res.rawPayload)).toContain('亲子共读');

    expect((await seedDemo(t.app, demoStepsOf('cases'))).readingCases).toBe(0);
  });
});
