import { z } from 'zod';
import { defineResource } from '../define.js';
import { rowUpdate } from '../define.js';
import { BATCH_DELETE, batch, PAUSE_TOGGLE, SORT, toggle, type ResourceDef, type ResourceField } from '../resource.js';
import { flagSchema } from '../rules/ruleSchemas.js';
import { CHECK_ITEM_STATUS, MODERATION_MODES } from '../rules/moderation.js';
import {
  READ_CLOCK_SCHEDULES,
  READ_CLOCK_SOURCE_TYPES,
  READ_CLOCK_UNLOCK,
  READ_CLOCK_VISIBILITY,
  readClockConfigSchemas as C,
  WEEKDAY_LABELS,
} from '../rules/readClock.js';
import { ACTIVITY_KINDS } from '../rules/activityState.js';
import { createdField, field, idField, intField, optionsOf, plainText, sortField, statusField, textField } from './fields.js';
import { QUICK_REPLIES_PATH } from './works.js';

/**
 * Reading check-in, type 8 (design activities §9, issue 24): the settings on the activity
 * (`config.*`), its resources (spec `mark` resource add/edit/delete/sort, page adminReadClockSource),
 * and the readers' marks (spec `markRecords`, page adminReadClockRecord; the review queue
 * `/check/{id}/mark`, page adminCheckMarkIndex), made through `/v1/{org}/client/activities/{id}/marks`.
 */

const labels = (l: Readonly<Record<string, string>>) => Object.entries(l).map(([value, label]) => ({ value, label }));
const notListed = { list: false } as const;
const setting = (name: keyof typeof C, label: string, kind: 'number' | 'select' | 'switch' | 'checkboxes' = 'number', extra: Partial<ResourceField> = {}) =>
  field(`config.${name}`, label, kind, () => (C[name] as z.ZodType).optional(), { ...notListed, ...extra });

/** The settings of the activity form (design §9b, defaults in `READ_CLOCK_DEFAULTS`). */
export const READ_CLOCK_SETTING_FIELDS: ResourceField[] = [
  setting('schedule', '打卡周期', 'select', { options: labels(READ_CLOCK_SCHEDULES), section: '打卡周期与资源', placeholder: '默认每天' }),
  setting('weekdays', '打卡日', 'checkboxes', { options: optionsOf(WEEKDAY_LABELS), multiple: true, placeholder: '每周指定日时生效，默认周一至周五' }),
  setting('course_days', '课程天数', 'number', { placeholder: '课程时生效，默认21' }),
  setting('unlock', '资源解锁方式', 'select', { options: labels(READ_CLOCK_UNLOCK), placeholder: '默认按天解锁（第n天解锁第n个资源）' }),
  setting('target_days', '目标天数', 'number', { placeholder: '0 表示全部打卡日' }),
  setting('min_words', '最少字数', 'number', { section: '打卡内容', placeholder: '默认10' }),
  setting('max_words', '最多字数', 'number', { placeholder: '默认2000' }),
  setting('required_images', '至少图片数', 'number', { placeholder: '默认0' }),
  setting('max_images', '最多图片数', 'number', { placeholder: '默认9' }),
  setting('audio_max_sec', '音频最长秒数', 'number', { placeholder: '默认180，0 表示不能上传音频' }),
  setting('reading_minutes', '需填写阅读时长', 'switch'),
  setting('require_book', '需选择数字资源图书', 'switch'),
  setting('moderation', '审核方式', 'select', { options: labels(MODERATION_MODES), section: '审核与可见范围', placeholder: '默认先审后发' }),
  setting('visibility', '打卡可见范围', 'select', { options: labels(READ_CLOCK_VISIBILITY) }),
  setting('makeup_enabled', '允许补卡', 'switch', { section: '补卡' }),
  setting('makeup_max', '补卡次数上限', 'number', { placeholder: '默认3' }),
  setting('makeup_within_days', '可补几天内', 'number', { placeholder: '默认3天内，不早于活动开始，不能补未来' }),
  setting('makeup_needs_approval', '补卡需审核', 'switch'),
  setting('makeup_cost', '补卡消耗积分', 'number', { placeholder: '默认0' }),
  // Rows of days → points (default 7 days 40 points, 21 days 160 points; the web's own input); the points ledger posts them.
  field('config.milestones', '连续打卡奖励', 'text', () => C.milestones.optional(), { ...notListed, section: '连续打卡奖励' }),
];

const ofMark = { param: 'act', resource: ACTIVITY_KINDS[8].name, column: 'act_id', query: 'actID' } as const;

/** 打卡资源 (`adminReadClockSource?actID=`): a course's day k unlocks the resource of day k; without a day, from the start. */
export const readClockSourcesResource = defineResource({
  name: 'readClockSources',
  title: '打卡资源',
  scope: 'org',
  path: '/v1/{org}/mark/{act}/resource',
  parent: ofMark,
  fields: [
    idField,
    intField('day_no', '第几天', 1, 366, { width: 80, placeholder: '课程第n天解锁；留空表示开始即解锁' }),
    textField('title', '资源名称', 100, { required: true, width: 200 }),
    field('type', '资源类型', 'select', (l) => z.enum(Object.keys(READ_CLOCK_SOURCE_TYPES) as [string, ...string[]], { error: `请选择有效的${l}` }), {
      options: labels(READ_CLOCK_SOURCE_TYPES),
      filter: true,
      width: 90,
    }),
    field('ref_id', '数字资源', 'select', (l) => z.number({ error: `${l}不正确` }).int(`${l}不正确`).positive(`${l}不正确`).max(2_147_483_647, `${l}不存在`).nullable().optional(), {
      list: false,
      optionsFrom: { path: '/v1/{org}/digitalresource', value: 'id', label: 'title' },
      placeholder: '图书、章节可选自数字资源',
    }),
    field('url', '链接', 'text', (l) => plainText(l).trim().max(500, `${l}不能超过500个字符`).refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), `${l}必须是 http(s):// 开头的地址`).optional(), {
      list: false,
      placeholder: 'https://',
    }),
    textField('content', '内容', 20000, { kind: 'textarea', list: false }),
    field('is_required', '必读', 'switch', (l) => flagSchema(l).optional(), { width: 70 }),
    sortField,
    statusField,
    createdField,
  ],
  keywordFields: ['title'],
  actions: [PAUSE_TOGGLE, SORT, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
});

const yesNo = optionsOf({ 0: '否', 1: '是' });
/** A text of the administrator's (点评, 驳回原因) with the quick replies offered. */
const quickReplyText = (name: string, label: string, max: number): ResourceField => ({
  name,
  label,
  kind: 'textarea',
  schema: plainText(label, `请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`),
  optionsFrom: { path: QUICK_REPLIES_PATH, value: 'content', label: 'content' },
});
const commentField = quickReplyText('teacher_comment', '点评内容', 500);
const rejectField = quickReplyText('reason', '驳回原因', 255);

/** A mark as the records and the review queue show it. */
export const MARK_FIELDS: ResourceField[] = [
  idField,
  { name: 'day', label: '打卡日期', kind: 'text', filter: true, sortable: true, width: 110, placeholder: 'YYYY-MM-DD' },
  { name: 'account', label: '读者账号', kind: 'text', width: 120 },
  { name: 'real_name', label: '姓名', kind: 'text', width: 90 },
  { name: 'unit_name', label: '单位', kind: 'text', width: 140 },
  { name: 'unit_id', label: '单位', kind: 'unit', filter: true, list: false },
  { name: 'content', label: '打卡内容', kind: 'text', width: 260 },
  { name: 'image_count', label: '图片', kind: 'number', width: 60 },
  { name: 'reading_minutes', label: '阅读时长（分钟）', kind: 'number', width: 90 },
  { name: 'resource_title', label: '打卡资源', kind: 'text', width: 140 },
  { name: 'is_makeup', label: '补卡', kind: 'select', options: yesNo, filter: true, width: 70 },
  { name: 'makeup_reason', label: '补卡原因', kind: 'text', list: false },
  { name: 'status', label: '审核状态', kind: 'select', options: optionsOf(CHECK_ITEM_STATUS), filter: true, width: 90 },
  { name: 'reason', label: '驳回原因', kind: 'text', width: 140 },
  { name: 'is_featured', label: '精选', kind: 'select', options: yesNo, filter: true, width: 70 },
  { name: 'teacher_comment', label: '点评', kind: 'text', width: 160 },
  { name: 'created_at', label: '打卡时间', kind: 'datetime', sortable: true, width: 150 },
];

const markActions = [
  toggle('is_featured', [
    { name: 'unfeature', label: '取消精选', value: 0 },
    { name: 'feature', label: '精选', value: 1 },
  ]),
  rowUpdate({ name: 'comment', label: '点评', title: '点评打卡', fields: [commentField] }),
  rowUpdate({ name: 'reject', label: '驳回', title: '驳回打卡', fields: [rejectField], hint: '驳回后该日不计入打卡天数，读者当天可重新打卡，之后只能补卡。' }),
  batch('batchApprove', '批量通过', { status: 1 }),
];

const marks = (name: string, title: string, path: string, exported: boolean): ResourceDef =>
  defineResource({
    name,
    title,
    scope: 'org',
    path,
    parent: ofMark,
    fields: MARK_FIELDS,
    keywordFields: ['content'],
    actions: markActions,
    rowRules: { feature: 'markFeature' },
    writeRole: 'manager',
    readOnly: true,
    nameField: 'day',
    defaultSort: '-id',
    ...(exported ? { exports: [{ name: 'mark', title: '打卡记录' }] } : {}),
  });

/** 打卡记录 (`adminReadClockRecord?actID=`, spec `markRecords`, export `mark`): every mark of the activity. */
export const readClockMarksResource = marks('readClockMarks', '打卡记录', '/v1/{org}/mark/{act}/markRecords', true);
/** 打卡审核详情 (`adminCheck/adminCheckAct/adminCheckMarkIndex?actID=`, spec `/check/{id}/mark`): the same marks in the review queue. */
export const markChecksResource = marks('markChecks', '打卡审核', '/v1/{org}/check/{act}/mark', false);

export const READ_CLOCK_RESOURCES = [readClockSourcesResource, readClockMarksResource, markChecksResource];
