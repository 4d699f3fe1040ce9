import { z } from 'zod';
import { BATCH_DELETE, PAUSE_TOGGLE, REC_TOGGLE, type ResourceField, type ResourceInput } from '../resource.js';
import { defineResource } from '../define.js';
import { choiceField, createdField, fileField, idField, idRef, optionsOf, recField, statusField, textField } from './fields.js';

/**
 * Reading cases (spec §2 caseManage, adminCase and their pdfDetail pages; §3 the reading case
 * fields; §4 the view and download counters; §7 `/v1/readingCase/case`): a library's write-up of
 * a reading promotion it ran, with a cover and a PDF document, shown to readers on the login-free
 * readPromotion pages while it is enabled. The platform's cases (`org_id` null) and each
 * organisation's share one table and one field list (docs/decisions.md).
 */

/** 案例类别: what a case is about. */
export const CASE_CATEGORIES: Readonly<Record<number, string>> = {
  1: '阅读推广活动',
  2: '阅读品牌建设',
  3: '阅读空间营造',
  4: '数字阅读服务',
  5: '特殊群体服务',
  6: '其他',
};

/** The document of a case must be a PDF: the stored file's bytes said so at upload. */
export const CASE_PDF_LABEL = 'PDF文档';
export const CASE_PDF_NOT_PDF = `${CASE_PDF_LABEL}必须是PDF文件`;
export const CASE_PDF_MISSING = `${CASE_PDF_LABEL}不存在，请重新上传`;
/** A public page asked for a case that is not enabled or not of its organisation. */
export const CASE_NOT_FOUND = '案例不存在或未启用';

/** The counters a reader's visit moves (spec §4): once per reader or address per China day each. */
export const CASE_COUNTERS = { view: 'views', download: 'download' } as const;
export type CaseCounter = keyof typeof CASE_COUNTERS;

const caseFields: ResourceField[] = [
  idField,
  fileField('cover', '封面', 'image', 'cover', { required: true }),
  textField('title', '案例名称', 100, { required: true, width: 220 }),
  choiceField('category', '案例类别', optionsOf(CASE_CATEGORIES), { required: true, filter: true, width: 130 }),
  textField('origination', '案例来源', 100, { width: 160, placeholder: '报送单位或作者' }),
  textField('awardSituation', '获奖情况', 200, { width: 160 }),
  fileField('certificate', '获奖证书', 'image', 'cover', { list: false }),
  fileField('address', CASE_PDF_LABEL, 'file', 'public', { required: true, list: false }),
  textField('profile', '案例简介', 1000, { kind: 'textarea', list: false }),
  { name: 'views', label: '浏览量', kind: 'number', form: false, sortable: true, width: 90 },
  { name: 'download', label: '下载量', kind: 'number', form: false, sortable: true, width: 90 },
  recField,
  statusField,
  createdField,
];

/** A declaration of cases: one field list and set of actions, a scope, its path and the page 查看 opens. */
const casesOf = (name: string, scope: ResourceInput['scope'], path: string, detailPage: string) =>
  defineResource({
    name,
    title: '阅读案例',
    scope,
    path,
    fields: caseFields,
    keywordFields: ['title', 'origination'],
    actions: [PAUSE_TOGGLE, REC_TOGGLE, BATCH_DELETE],
    writeRole: scope === 'super' ? 'super' : 'manager',
    nameField: 'title',
    defaultSort: '-created_at',
    links: [{ label: '查看', page: detailPage, query: 'id' }],
    exports: [{ name: 'readingCase', title: '阅读案例' }],
  });

/** The platform's cases (spec §2 caseManage, §7 `/v1/readingCase/case`). */
export const platformCasesResource = casesOf('platformCases', 'super', '/v1/readingCase/case', 'caseManage/pdfDetail');

/** The organisation's own cases (spec §2 adminCase): the same fields under the organisation. */
export const orgCasesResource = casesOf('orgCases', 'org', '/v1/{org}/readingCase/case', 'adminCase/adminpdfDetail');

export const CASE_RESOURCES = [platformCasesResource, orgCasesResource];

/**
 * Whose cases a public page shows: the organisation's own (`readPromotion/pdfDetail`) or the
 * platform's, which every organisation's readers may read (`readPromotion/adminPdfDetail`).
 */
export const CASE_SOURCES = ['org', 'platform'] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];
const caseSource = z.enum(CASE_SOURCES, { error: '请选择有效的案例来源' }).default('org');

/** The query of the public list and detail (`GET /v1/{org}/readingCase/list`, `…/detail/{id}`). */
export const caseSourceQuery = z.object({ source: caseSource });

/** `POST /v1/{org}/readingCase/add/count`: a reader's view or download of a case on the public pages. */
export const caseCountBody = z.object({
  id: idRef('案例'),
  type: z.enum(Object.keys(CASE_COUNTERS) as [CaseCounter, ...CaseCounter[]], { error: '请选择有效的计数类型' }),
  source: caseSource,
});

/** What the pdfDetail pages show of a case (`…/detail`): its fields and its document's size. */
export interface CaseDetail {
  id: number;
  title: string;
  cover: string;
  category: number;
  origination: string;
  awardSituation: string;
  certificate: string;
  address: string;
  profile: string;
  views: number;
  download: number;
  is_rec: number;
  is_pause: number;
  created_at: number;
  org_name: string;
  /** The document's size in bytes (0 when unknown). */
  pdf_size: number;
}
