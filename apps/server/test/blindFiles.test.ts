/**
 * Blind review of documents (issue 12, design §2c): what an expert downloads of a PDF or an
 * Office file carries no author — the served bytes are read back (pdf-lib, the zip's parts) and
 * searched for the names the reader's files held.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { multipartBody } from '../src/seed/step.js';
import { NOT_CLEANABLE } from '../src/kinds/judging/expertRoutes.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let t: TestApp;
let org: { id: number; key: string };
const su = () => ({ token: t.superToken });
const EXPERT_PASSWORD = 'Expert#Pass1';
/** What the reader's files say about their author: none of it may reach the expert. */
const NAMES = ['Zhao Yutong', 'First Primary School', 'zhaoyt@example.com'];

/** A PDF whose document information and XMP metadata name the author. */
async function pdfWithAuthor(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('My hometown', { x: 20, y: 100, size: 12 });
  doc.setTitle(`Essay by ${NAMES[0]}`);
  doc.setAuthor(NAMES[0]);
  doc.setSubject(NAMES[1]);
  doc.setKeywords([NAMES[2]]);
  doc.setCreator(`Word - ${NAMES[0]}.docx`);
  doc.setProducer(`${NAMES[1]} PDF printer`);
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${NAMES[0]}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
  const stream = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function zipOf(parts: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream.pipe(new PassThrough())) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function partsOf(zip: Buffer): Promise<Map<string, string>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const out = new Map<string, string>();
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await file.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  return out;
}

const CORE = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Essay</dc:title><dc:creator>${NAMES[0]}</dc:creator><cp:lastModifiedBy>${NAMES[2]}</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">2024-05-01T08:00:00Z</dcterms:created></cp:coreProperties>`;
const APP = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Template>C:\\Users\\${NAMES[0]}\\Normal.dotm</Template><Pages>1</Pages><Company>${NAMES[1]}</Company><Manager>${NAMES[0]}</Manager><Application>Microsoft Office Word</Application></Properties>`;
const BODY = '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>家乡的河水清又清。</w:t></w:r></w:p>' +
  `<w:ins w:id="1" w:author="${NAMES[0]}" w:date="2024-05-01T08:00:00Z"><w:r><w:t>新增</w:t></w:r></w:ins></w:body></w:document>`;
const COMMENTS = `<w:comments xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:comment w:id="0" w:author="${NAMES[0]}" w:initials="ZY"><w:p><w:r><w:t>请老师指正</w:t></w:r></w:p></w:comment></w:comments>`;
const docx = () =>
  zipOf({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    'word/document.xml': BODY,
    'word/comments.xml': COMMENTS,
    'docProps/core.xml': CORE,
    'docProps/app.xml': APP,
    'docProps/custom.xml': `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"><property name="Owner"><vt:lpwstr xmlns:vt="x">${NAMES[0]}</vt:lpwstr></property></Properties>`,
  });
const xlsx = () =>
  zipOf({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
    'xl/comments1.xml': `<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>${NAMES[0]}</author></authors></comments>`,
    'docProps/core.xml': CORE,
    'docProps/app.xml': APP,
  });
const pptx = () =>
  zipOf({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'ppt/presentation.xml': '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
    'ppt/commentAuthors.xml': `<p:cmAuthorLst xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cmAuthor id="0" name="${NAMES[0]}" initials="ZY"/></p:cmAuthorLst>`,
    'docProps/core.xml': CORE,
    'docProps/app.xml': APP,
  });

/** A document work with these files, through the reader API; answers nothing (the expert finds it by assignment). */
async function submit(actId: number, files: { name: string; bytes: Buffer }[]): Promise<number> {
  const reader = await signedInReader(t, org, { real_name: '赵雨桐' });
  const urls: string[] = [];
  for (const f of files) {
    const m = multipartBody(f.name, f.bytes, 'application/octet-stream');
    const up = await t.app.inject({ method: 'POST', url: `/v1/${org.key}/client/upload`, payload: m.body, headers: { 'content-type': m.contentType, authorization: `Bearer ${reader.token}` } });
    expect(up.statusCode, up.body).toBe(200);
    urls.push(up.json().data.url);
  }
  const res = await t.call('POST', `/v1/${org.key}/client/activities/${actId}/works`, {
    token: reader.token,
    body: { request_id: randomUUID(), creation_type_id: 1, title: '我的家乡', content: '', media: urls, author: { real_name: '赵雨桐', unit: '第一实验小学', phone: '13900000000' }, pledge: true, submit: true },
  });
  expect(res.status, res.message).toBe(200);
  return res.data.id;
}

/** An expert activity over the works, blind or not, each work assigned to one expert; answers the expert's token. */
async function judged(actId: number, workIds: number[], blind: 0 | 1): Promise<string> {
  const account = `blind${blind}${randomUUID().slice(0, 4)}`;
  const expert = await t.call('POST', `/v1/${org.key}/expert`, { ...su(), body: { name: '评审', unit: '师范大学', account, password: EXPERT_PASSWORD } });
  expect(expert.status, expert.message).toBe(200);
  const made = await t.call('POST', `/v1/${org.key}/expert/act`, {
    ...su(),
    body: { title: `评审${blind}`, act_id: actId, start_at: now() - 60, end_at: now() + DAY, reviewers_per_work: 1, assignment: 'manual', blind, rubric: [{ name: '内容', weight: 100 }] },
  });
  expect(made.status, made.message).toBe(200);
  expect((await t.call('POST', `/v1/${org.key}/expert/act/${made.data.id}/works`, { ...su(), body: { work_ids: workIds } })).status).toBe(200);
  for (const id of workIds) {
    const assigned = await t.call('POST', `/v1/${org.key}/expert/act/${made.data.id}/assign`, { ...su(), body: { work_id: id, expert_id: expert.data.id } });
    expect(assigned.status, assigned.message).toBe(200);
  }
  const login = await t.call('POST', `/v1/${org.key}/client/expert/login`, { body: { account, password: EXPERT_PASSWORD } });
  return login.data.access_token;
}

/** Every file the expert is served, with its name. */
async function served(token: string): Promise<{ name: string; ext: string; status: number; body: Buffer; message?: string }[]> {
  const list = await t.call('GET', `/v1/${org.key}/client/expert/assignments`, { token });
  const out = [];
  for (const a of list.data) {
    for (const m of a.work.media) {
      const res = await t.app.inject({ method: 'GET', url: m.url, headers: { authorization: `Bearer ${token}` } });
      out.push({ name: m.name, ext: m.ext, status: res.statusCode, body: res.rawPayload, message: res.statusCode === 200 ? undefined : res.json().message });
    }
  }
  return out;
}

const holdsAName = (bytes: Buffer | string) => NAMES.some((n) => (typeof bytes === 'string' ? bytes : bytes.toString('latin1')).includes(n));

let actId = 0;
beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-blind-')) });
  org = await t.org('blindlib');
  await t.call('POST', `/v1/organizations/${org.id}/authorize`, { ...su(), body: { module_ids: [], activity_types: [1] } });
  const act = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '文档作品', start_at: now() - DAY, end_at: now() + 30 * DAY } });
  actId = act.data.id;
  const cfg = await t.call('PUT', `/v1/${org.key}/original/work/config?act=${actId}`, {
    ...su(),
    body: { creation_types: [{ id: 1, name: '文档', media: 'file', files_min: 1, files_max: 4, text_min_words: 0 }], moderation: 'none', author_fields: { phone: 'optional', unit: 'optional' } },
  });
  expect(cfg.status, cfg.message).toBe(200);
  expect((await t.call('POST', `/v1/${org.key}/original/${actId}/publish`, su())).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('blind review of documents', () => {
  it('the test files do name their author (else the checks below could not fail)', async () => {
    expect(holdsAName(await pdfWithAuthor())).toBe(true);
    for (const parts of [await partsOf(await docx()), await partsOf(await xlsx()), await partsOf(await pptx())]) expect(holdsAName([...parts.values()].join())).toBe(true);
  });

  it('an expert\'s PDF has no document information and no XMP metadata, and still opens with its page', async () => {
    const work = await submit(actId, [{ name: `${NAMES[0]}.pdf`, bytes: await pdfWithAuthor() }]);
    const [file] = await served(await judged(actId, [work], 1));
    expect(file.status).toBe(200);
    expect(file.name).toMatch(/^\d+-\d{4}-1\.pdf$/);
    expect(holdsAName(file.body)).toBe(false);
    const doc = await PDFDocument.load(file.body, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect([doc.getTitle(), doc.getAuthor(), doc.getSubject(), doc.getKeywords(), doc.getCreator(), doc.getProducer()]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    const metadataStreams = doc.context.enumerateIndirectObjects().filter(([, o]) => (o instanceof PDFStream ? o.dict : o instanceof PDFDict ? o : null)?.get(PDFName.of('Type')) === PDFName.of('Metadata'));
    expect(metadataStreams).toEqual([]);
  });

  it('an expert\'s docx, xlsx and pptx have empty properties and nameless comments and revisions; the other parts are unchanged', async () => {
    const files = [
      { name: '作文.docx', bytes: await docx() },
      { name: '表格.xlsx', bytes: await xlsx() },
      { name: '演示.pptx', bytes: await pptx() },
    ];
    const work = await submit(actId, files);
    const got = await served(await judged(actId, [work], 1));
    expect(got.map((f) => [f.ext, f.status])).toEqual([
      ['docx', 200],
      ['xlsx', 200],
      ['pptx', 200],
    ]);
    for (const [i, f] of got.entries()) {
      const parts = await partsOf(f.body);
      const before = await partsOf(files[i].bytes);
      expect([...parts.keys()]).toEqual([...before.keys()]);
      expect(holdsAName([...parts.values()].join()), f.ext).toBe(false);
      expect(parts.get('docProps/core.xml')).not.toContain('lastModifiedBy');
      expect(parts.get('docProps/app.xml')).toContain('<Application>Microsoft Office Word</Application>');
      expect(parts.get('docProps/app.xml')).not.toContain('Company');
    }
    const word = await partsOf(got[0].body);
    expect(word.get('word/document.xml')).toContain('家乡的河水清又清。');
    expect(word.get('word/document.xml')).toContain('w:author=""');
    expect(word.get('word/comments.xml')).toContain('请老师指正');
  });

  it('an encrypted PDF is refused to the expert rather than sent with its author', async () => {
    // A PDF whose trailer says it is encrypted: pdf-lib cannot rewrite it.
    const plain = (await pdfWithAuthor()).toString('latin1');
    const encrypted = Buffer.from(plain.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>\n'), 'latin1');
    const work = await submit(actId, [{ name: 'locked.pdf', bytes: encrypted }]);
    const [file] = await served(await judged(actId, [work], 1));
    expect(file.status).toBe(409);
    expect(file.message).toBe(NOT_CLEANABLE);
  });

  it('without blind review the expert gets the file as the reader uploaded it', async () => {
    const original = await docx();
    const work = await submit(actId, [{ name: '作文.docx', bytes: original }]);
    const [file] = await served(await judged(actId, [work], 0));
    expect(file.status).toBe(200);
    expect(file.body.equals(original)).toBe(true);
  });
});
