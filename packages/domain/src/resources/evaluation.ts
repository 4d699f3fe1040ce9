import { z } from 'zod';
import { defineResource, rowUpdate } from '../define.js';
import { BATCH_DELETE, batch, SORT, toggle, type ResourceField, type RowList } from '../resource.js';
import { requestIdSchema } from '../client.js';
import { commentBodySchema } from '../rules/comments.js';
import { CHECK_ITEM_STATUS } from '../rules/moderation.js';
import { SCREEN_RESULTS } from '../rules/sensitiveWords.js';
import { ballotBodySchema, VOTE_STATUS } from '../rules/votes.js';
import { ACTIVITY_KINDS } from './activities.js';
import { QUICK_REPLIES_PATH } from './works.js';
import { createdField, fileField, fileUrl, idField, idRef, optionsOf, plainText, requiredText, sortField, textField } from './fields.js';

/**
 * Voting and comments, type 2 (design §3): the sources of a voting activity, its votes (read
 * only, made by readers' ballots), and the review queue of its comments (`/check/{act}/comment`,
 * the queue's path shape of spec §7). The activity's own settings are evaluationConfig.ts.
 */

const EVALUATION = ACTIVITY_KINDS[2].name;
const ofActivity = { param: 'act', resource: EVALUATION, column: 'act_id', query: 'actID' } as const;

/** Where a source came from. */
export const SOURCE_ORIGINS = { admin: '管理员添加', work: '作品导入', reader: '读者报名' } as const;
/** A source's status: the moderation item statuses (a reader's sign-up waits as 待审核). */
export const SOURCE_STATUS = { 0: '待审核', 1: '已展示', 2: '未通过', 3: '已隐藏' } as const;
const stringOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const reasonField = (label: string): ResourceField => ({
  name: 'reason',
  label,
  kind: 'textarea',
  schema: plainText(label, `请输入${label}`).trim().min(1, `请输入${label}`).max(500, `${label}不能超过500个字符`),
  optionsFrom: { path: QUICK_REPLIES_PATH, value: 'content', label: 'content' },
});

/**
 * The entries to vote on (spec §7 `/evaluation` + `/source`, page adminAct/adminEvaWork?actID=):
 * added here, imported from approved works (`POST …/source/import`), or signed up by readers and
 * shown once approved (通过). Sources with votes are hidden, not deleted.
 */
export const evaluationSourcesResource = defineResource({
  name: 'evaluationSources',
  title: '投票对象',
  scope: 'org',
  path: '/v1/{org}/evaluation/{act}/source',
  parent: ofActivity,
  fields: [
    idField,
    fileField('cover', '封面', 'image', 'cover'),
    textField('title', '名称', 100, { required: true, width: 180 }),
    textField('author', '作者', 100, { width: 110 }),
    textField('group_name', '分组', 50, { width: 100, filter: true, placeholder: '如 小学组，留空不分组' }),
    textField('intro', '简介', 5000, { kind: 'textarea', list: false }),
    // A list of stored files: given through the API and by imports (the form edits the cover).
    { name: 'media', label: '作品文件', kind: 'file', schema: z.array(fileUrl('作品文件').refine((v) => !!v, '请上传作品文件'), { error: '作品文件不正确' }).max(20, '作品文件最多20个').optional(), list: false, form: false },
    sortField,
    { name: 'vote_count', label: '有效票', kind: 'number', sortable: true, width: 90 },
    { name: 'suspect_count', label: '存疑票', kind: 'number', sortable: true, width: 90 },
    { name: 'void_count', label: '作废票', kind: 'number', width: 90 },
    { name: 'comment_count', label: '评论数', kind: 'number', width: 90 },
    { name: 'origin', label: '来源', kind: 'select', options: stringOptions(SOURCE_ORIGINS), filter: true, width: 100 },
    { name: 'status', label: '状态', kind: 'select', options: optionsOf(SOURCE_STATUS), filter: true, width: 90 },
    { name: 'reason', label: '未通过原因', kind: 'text', list: false },
    createdField,
  ],
  keywordFields: ['title', 'author'],
  actions: [
    toggle('status', [
      { name: 'show', label: '通过', value: 1 },
      { name: 'hide', label: '隐藏', value: 3, confirm: true },
    ]),
    rowUpdate({ name: 'reject', label: '不通过', title: '报名不通过', fields: [reasonField('未通过原因')] }),
    batch('batchShow', '批量通过', { status: 1 }),
    SORT,
    BATCH_DELETE,
  ],
  rowRules: { delete: 'sourceWithoutVotes' },
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
  exports: [{ name: 'evaluationsource', title: '投票对象' }],
});

/**
 * Every vote of the activity (page actCountEvaMore?actID=, export = actCountEvaDownload): read
 * only — readers' ballots make them, administrators void them by rule (`POST …/votes/void`).
 */
export const evaluationVotesResource = defineResource({
  name: 'evaluationVotes',
  title: '投票记录',
  scope: 'org',
  path: '/v1/{org}/evaluation/{act}/votes',
  parent: ofActivity,
  fields: [
    idField,
    { name: 'source_id', label: '投票对象ID', kind: 'number', filter: true, width: 100 },
    { name: 'source_title', label: '投票对象', kind: 'text', width: 160 },
    { name: 'account', label: '读者账号', kind: 'text', filter: true, width: 130 },
    { name: 'reader_id', label: '读者ID', kind: 'number', filter: true, list: false },
    { name: 'ip', label: 'IP', kind: 'text', filter: true, width: 130 },
    { name: 'device_id', label: '设备', kind: 'text', list: false },
    { name: 'status', label: '状态', kind: 'select', options: stringOptions(VOTE_STATUS), filter: true, width: 80 },
    { name: 'reason', label: '原因', kind: 'text', width: 200 },
    { name: 'created_at', label: '投票时间', kind: 'datetime', sortable: true, filter: 'range', width: 170 },
  ],
  keywordFields: [],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'id',
  exports: [{ name: 'evaluationvotes', title: '投票明细' }],
});

/**
 * 举报详情: the reports on a comment (`GET /v1/{org}/check/{act}/comment/{id}/reports`), newest
 * first, each with its reader's name and account, the reason as the reader gave it (the chosen
 * reason and its note as one text) and its time. Reports are keyed by comment and reader: a row
 * list of the comment, read through the queue's scope.
 */
export const COMMENT_REPORTS = { name: 'reports', title: '举报详情' } as const satisfies RowList;

/**
 * The review queue of a voting activity's comments (spec §7 `/v1/{org}/check/{id}/comment`, page
 * adminAct/adminEvaComment?actID=): readers write them (moderation post by default: shown at once,
 * reviewed here), three reports hide one; administrators approve, reject with a reason, hide, pin,
 * feature and reply (an official reply under the comment).
 */
export const commentChecksResource = defineResource({
  name: 'commentChecks',
  title: '评论',
  scope: 'org',
  path: '/v1/{org}/check/{act}/comment',
  parent: ofActivity,
  fields: [
    idField,
    { name: 'source_title', label: '投票对象', kind: 'text', width: 140 },
    { name: 'source_id', label: '投票对象ID', kind: 'number', filter: true, list: false },
    { name: 'account', label: '读者账号', kind: 'text', width: 120 },
    { name: 'content', label: '评论内容', kind: 'text', width: 260 },
    { name: 'parent_id', label: '回复的评论', kind: 'number', width: 90 },
    { name: 'is_official', label: '官方回复', kind: 'select', options: optionsOf({ 0: '否', 1: '是' }), filter: true, width: 90 },
    { name: 'status', label: '审核状态', kind: 'select', options: optionsOf(CHECK_ITEM_STATUS), filter: true, width: 90 },
    { name: 'reason', label: '审核意见', kind: 'text', width: 140 },
    { name: 'auto_result', label: '敏感词检测', kind: 'select', options: stringOptions(SCREEN_RESULTS), filter: true, width: 100 },
    { name: 'auto_words', label: '命中敏感词', kind: 'text', width: 140 },
    { name: 'report_count', label: '举报数', kind: 'number', sortable: true, width: 80 },
    { name: 'like_count', label: '点赞数', kind: 'number', sortable: true, width: 80 },
    { name: 'is_top', label: '置顶', kind: 'select', options: optionsOf({ 0: '否', 1: '是' }), filter: true, width: 70 },
    { name: 'is_featured', label: '精选', kind: 'select', options: optionsOf({ 0: '否', 1: '是' }), filter: true, width: 70 },
    { name: 'reply', label: '官方回复内容', kind: 'text', list: false },
    { ...createdField, label: '评论时间', filter: 'range' },
  ],
  keywordFields: ['content'],
  readOnly: true,
  actions: [
    toggle('status', [
      { name: 'approve', label: '通过', value: 1 },
      { name: 'hide', label: '隐藏', value: 3, confirm: true },
    ]),
    toggle('is_top', [
      { name: 'untop', label: '取消置顶', value: 0 },
      { name: 'top', label: '置顶', value: 1 },
    ]),
    toggle('is_featured', [
      { name: 'unfeature', label: '取消精选', value: 0 },
      { name: 'feature', label: '精选', value: 1 },
    ]),
    rowUpdate({ name: 'reject', label: '驳回', title: '驳回评论', fields: [reasonField('驳回原因')] }),
    rowUpdate({
      name: 'reply',
      label: '回复',
      title: '官方回复',
      fields: [{ name: 'reply', label: '回复内容', kind: 'textarea', schema: requiredText('回复内容', 500) }],
    }),
    batch('batchApprove', '批量通过', { status: 1 }),
    batch('batchReject', '批量驳回', { status: 2 }, { confirm: true, danger: true }),
  ],
  rowRules: { top: 'commentHighlight', feature: 'commentHighlight' },
  rowLists: [COMMENT_REPORTS],
  writeRole: 'manager',
  nameField: 'content',
  defaultSort: '-id',
});

// ---- Calls of their own ---------------------------------------------------------------------

/** `POST /v1/{org}/evaluation/{act}/source/import`: approved works of a type 1/9 activity of the organisation (all, or the ones named). */
export const importSourcesSchema = z.object({
  from_act_id: idRef('作品活动'),
  work_ids: z.array(idRef('作品'), { error: '作品不正确' }).min(1, '请选择作品').max(1000, '一次最多导入1000个作品').optional(),
});

/** Reader: `POST /client/activities/{id}/ballots`. */
export const ballotRequestSchema = ballotBodySchema.extend({
  request_id: requestIdSchema,
  captcha_key: plainText('验证码标识').max(64, '验证码不正确').optional(),
  captcha_code: plainText('验证码').max(16, '验证码不正确').optional(),
});

/** Reader: `POST /client/activities/{id}/sources` — a sign-up, shown after review. */
export const sourceSignupSchema = z.object({
  request_id: requestIdSchema,
  title: requiredText('名称', 100),
  author: plainText('作者').trim().max(100, '作者不能超过100个字符').optional(),
  cover: fileUrl('封面'),
  intro: plainText('简介').trim().max(5000, '简介不能超过5000个字符').optional(),
  media: z.array(fileUrl('作品文件').refine((v) => !!v, '请上传作品文件'), { error: '作品文件不正确' }).max(20, '作品文件最多20个').optional(),
});

/** Reader: `POST /client/activities/{id}/comments`. */
export const commentRequestSchema = commentBodySchema.extend({ request_id: requestIdSchema });
/** Reader: like (`POST /client/comments/{cid}/like`) and report (`…/report`). */
export const likeRequestSchema = z.object({ request_id: requestIdSchema });
export const reportRequestSchema = z.object({ request_id: requestIdSchema, reason: plainText('举报原因').trim().max(200, '举报原因不能超过200个字符').optional() });

/** One source in the results (`GET /v1/{org}/evaluation/{act}/results`). */
export interface ResultRow {
  id: number;
  title: string;
  group_name: string;
  rank: number;
  votes: number;
  suspect: number;
  void: number;
  reached_at: number | null;
  sort: number;
}

export interface VoteResultsAnswer {
  activity: { id: number; title: string };
  window: { start: number | null; end: number | null };
  /** Voting has ended: the ranking is the frozen snapshot below. */
  ended: boolean;
  snapshot: { version: number; hash: string; created_at: number } | null;
  totals: { valid: number; suspect: number; void: number; voters: number; sources: number };
  /** Groups in the order of their first source (one unnamed group when sources have no group). */
  rows: ResultRow[];
  days: { day: string; valid: number; suspect: number; voters: number }[];
}

/** `GET /v1/{org}/evaluation/{act}/source/{id}/evidence`: the evidence of one source for disputes (design §3c). */
export interface SourceEvidence {
  source: { id: number; title: string; vote_count: number; suspect_count: number; void_count: number };
  suspect_share: number;
  /** Votes per China-time hour (`YYYY-MM-DD HH`). */
  hours: { hour: string; valid: number; suspect: number; void: number; alert: boolean }[];
  addresses: { distinct: number; top: { ip: string; votes: number; valid: number }[] };
  voids: { id: number; reason: string; votes: number; created_at: number }[];
  suspect_reasons: { reason: string; votes: number }[];
}

/** `POST /v1/{org}/evaluation/{act}/votes/void` answer. */
export interface VoidAnswer {
  void_id: number | null;
  voided: number;
  readers: number;
  blacklisted: number;
}
