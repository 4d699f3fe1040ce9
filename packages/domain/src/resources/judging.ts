import { z } from 'zod';
import { BATCH_DELETE, PAUSE_TOGGLE, pauseToggle } from '../resource.js';
import { defineResource } from '../define.js';
import { ASSIGNMENT_MODES, expertActSchema, OTHER_REVIEWS_VISIBILITY, REVIEW_AGGREGATES, REVIEW_ROUNDS } from '../rules/judging.js';
import { CERT_KINDS, certTemplateSchema } from '../rules/certificates.js';
import { accountSchema, changedPassword, createdField, field, idField, idRef, newPassword, passwordNotAccount, phoneField, plainText, refField, statusField, textField } from './fields.js';

/**
 * Expert judging (issue 12, design §2b) and certificate templates (§12b): the declarations the
 * machinery serves. An expert activity's works, assignments, reviews and results, and an
 * activity's certificate configuration and certificates, are routes of their own
 * (apps/server/src/routes/judging.ts, certificates.ts).
 */

/** Experts (`/v1/{org}/expert`, page `review/adminExpertAdmin`): they sign in with their own account. */
export const expertsResource = defineResource({
  name: 'experts',
  title: '评审专家',
  scope: 'org',
  path: '/v1/{org}/expert',
  fields: [
    idField,
    textField('name', '姓名', 50, { required: true, width: 110 }),
    phoneField(),
    textField('title', '职称', 50, { width: 110 }),
    textField('unit', '工作单位', 100, { width: 160 }),
    field('unit_id', '所在单位', 'unit', (l) => idRef(l).nullable().optional(), { list: false, placeholder: '本机构下属单位（用于回避）' }),
    field('specialties', '专业领域', 'select', (l) => z.array(plainText(l).trim().min(1, `请输入${l}`).max(20, `${l}不能超过20个字符`), { error: `${l}不正确` }).max(10, `${l}最多10个`).optional(), {
      multiple: true,
      placeholder: '输入后回车，如 征文、书画、摄影',
      width: 160,
    }),
    { name: 'account', label: '登录账号', kind: 'text', schema: accountSchema, width: 130 },
    { name: 'password', label: '登录密码', kind: 'password', schema: newPassword, updateSchema: changedPassword, list: false, editPlaceholder: '留空则不修改' },
    { name: 'last_login_at', label: '最近登录', kind: 'datetime', width: 150 },
    statusField,
    createdField,
  ],
  refine: passwordNotAccount,
  keywordFields: ['name', 'account', 'phone', 'unit'],
  actions: [pauseToggle({ disable: true }), BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'name',
});

const shape = expertActSchema.shape;

/** A schema's update form: its default dropped, so a field left out of an edit keeps its value. */
const noDefault = (s: z.ZodType): z.ZodType => (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : s);
const opts = (labels: Readonly<Record<string | number, string>>) => Object.entries(labels).map(([value, label]) => ({ value: /^\d+$/.test(value) ? Number(value) : value, label }));
/** A field whose schema is the rule's own member (`expertActSchema`, `certTemplateSchema`). */
const ruleField = (schema: z.ZodType, name: string, label: string, kind: Parameters<typeof field>[2], flags: Parameters<typeof field>[4] = {}) =>
  field(name, label, kind, () => schema, { updateSchema: noDefault(schema), ...flags });

/**
 * Expert activities (`/v1/{org}/expert/act`, page `review/adminExpertAct`): the judging of one
 * original-works activity (types 1, 9) — round, rubric, reviewers per work, assignment, blind
 * review, visibility of others' scores, comment required, window, aggregate and threshold.
 * Its works, assignments and results: `review/adminExpertAct/worksManage?id=`.
 */
export const expertActsResource = defineResource({
  name: 'expertActs',
  title: '评审活动',
  scope: 'org',
  path: '/v1/{org}/expert/act',
  fields: [
    idField,
    textField('title', '评审名称', 50, { required: true, width: 160 }),
    refField('act_id', '作品征集活动', { path: '/v1/{org}/expert/act/activities', value: 'id', label: 'title' }, { required: true, form: 'create', filter: true, width: 160 }),
    ruleField(shape.round, 'round', '评审轮次', 'select', { options: opts(REVIEW_ROUNDS), filter: true, width: 90 }),
    ruleField(shape.rubric, 'rubric', '评分标准', 'textarea', { list: false }),
    ruleField(shape.reviewers_per_work, 'reviewers_per_work', '每件作品专家数', 'number', { width: 120 }),
    ruleField(shape.assignment, 'assignment', '分配方式', 'select', { options: opts(ASSIGNMENT_MODES), width: 100 }),
    ruleField(shape.blind, 'blind', '匿名评审', 'switch', { width: 90 }),
    ruleField(shape.can_see_other_reviews, 'can_see_other_reviews', '查看其他专家评分', 'select', { options: opts(OTHER_REVIEWS_VISIBILITY), list: false }),
    ruleField(shape.text_required, 'text_required', '评语必填', 'switch', { list: false }),
    ruleField(shape.start_at, 'start_at', '评审开始时间', 'datetime', { width: 150, sortable: true }),
    ruleField(shape.end_at, 'end_at', '评审结束时间', 'datetime', { width: 150 }),
    ruleField(shape.expire_at, 'expire_at', '截止宽限时间', 'datetime', { list: false, placeholder: '留空为结束后30分钟' }),
    ruleField(shape.aggregate, 'aggregate', '计分方式', 'select', { options: opts(REVIEW_AGGREGATES), list: false }),
    ruleField(shape.disagreement_threshold, 'disagreement_threshold', '分差阈值（仲裁）', 'number', { list: false }),
    { name: 'published_at', label: '结果发布时间', kind: 'datetime', width: 150 },
    statusField,
    createdField,
  ],
  refine: (v, ctx) => {
    if (typeof v.start_at === 'number' && typeof v.end_at === 'number' && v.end_at <= v.start_at) ctx.addIssue({ code: 'custom', path: ['end_at'], message: '评审结束时间必须晚于开始时间' });
    if (typeof v.expire_at === 'number' && typeof v.end_at === 'number' && v.expire_at < v.end_at) ctx.addIssue({ code: 'custom', path: ['expire_at'], message: '评审截止宽限时间不能早于评审结束时间' });
  },
  keywordFields: ['title'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'title',
  links: [{ label: '作品与评审', page: 'review/adminExpertAct/worksManage', query: 'id' }],
});

const tshape = certTemplateSchema.shape;

/** Certificate templates (`/v1/{org}/cert/templates`): background, page size and positioned elements. */
export const certTemplatesResource = defineResource({
  name: 'certTemplates',
  title: '证书模板',
  scope: 'org',
  path: '/v1/{org}/cert/templates',
  fields: [
    idField,
    textField('name', '模板名称', 50, { required: true, width: 160 }),
    ruleField(tshape.kind, 'kind', '证书类型', 'select', { options: opts(CERT_KINDS), filter: true, width: 110 }),
    ruleField(tshape.bg_image, 'bg_image', '背景图', 'image', { upload: 'cover', width: 90 }),
    ruleField(tshape.width_mm, 'width_mm', '页面宽度（毫米）', 'number', { width: 110 }),
    ruleField(tshape.height_mm, 'height_mm', '页面高度（毫米）', 'number', { width: 110 }),
    ruleField(tshape.elements, 'elements', '版面元素', 'textarea', { list: false }),
    statusField,
    createdField,
  ],
  refine: (v, ctx) => {
    // The template's own checks (elements on the page, required parts of each element) when the body has them all.
    if (!Array.isArray(v.elements)) return;
    const r = certTemplateSchema.safeParse({ name: 'x', kind: v.kind ?? 'participation', width_mm: v.width_mm, height_mm: v.height_mm, elements: v.elements });
    if (!r.success) for (const i of r.error.issues.filter((i) => i.path[0] === 'elements')) ctx.addIssue({ code: 'custom', path: i.path as (string | number)[], message: i.message });
  },
  keywordFields: ['name'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'name',
});
