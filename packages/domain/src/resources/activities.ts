import { z } from 'zod';
import { BATCH_DELETE, pauseToggle, REC_TOGGLE, toggle, type CreatedLink, type ResourceAction, type ResourceDef, type ResourceField, type RowLink } from '../resource.js';
import { defineResource } from '../define.js';
import { ACTIVITY_STATE_LABEL, ACTIVITY_TYPES } from '../rules/activityState.js';
import type { RowRules } from '../rules/rowRules.js';
import { IDENTITY_CATEGORIES, UNLIMITED } from '../rules/constants.js';
import { CHECK_STATUS } from '../rules/checkStatus.js';
import { workConfigSchema } from '../rules/works.js';
import { choiceField, createdField, field, fileField, idRef, intField, optionsOf, plainText, recField, statusField, textField } from './fields.js';
import { EVALUATION_CONFIG_FIELDS, evaluationConfigProblems } from './evaluationConfig.js';
import { CONTEST_CONFIG_FIELDS, CONTEST_PRO_CONFIG_FIELDS } from './contests.js';
import { SURVEY_CONFIG_FIELDS, SURVEY_LINKS } from './survey.js';
import { OFFLINE_SETTING_FIELDS, OFFLINES_SETTING_FIELDS } from './offline.js';
import { OFFLINE_VARIANT } from '../rules/offline.js';
import { READ_CLOCK_SETTING_FIELDS } from './readClock.js';
import { readClockConfigProblems } from '../rules/readClock.js';
import { LECTURE_SETTING_FIELDS } from './lecture.js';

/**
 * Activities (spec §1 types, §3 promotion item, §4 states): one table for every type, one
 * declaration per type on the spec's path with its `type` fixed. Every type shares the common
 * fields below; a type adds its own settings as `config.*` fields (its issue declares them).
 */

export { ACTIVITY_KINDS, type ActivityType } from '../rules/activityState.js';
import type { ActivityType } from '../rules/activityState.js';
import { ACTIVITY_KINDS } from '../rules/activityState.js';


/** `HH:MM`, 00:00–23:59; blank = no daily window. */
const clock = (label: string) =>
  plainText(label)
    .trim()
    .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), `${label}必须是“时:分”，如 08:30`)
    .optional();

/** At most this many tags on one activity. */
export const ACTIVITY_TAGS_MAX = 20;
/** The tags an activity may carry: the platform's and its organisation's enabled ones. */
export const ACTIVITY_TAG_CHOICES_PATH = '/v1/{org}/tags/choices';

/** At most this many units and named readers in an activity's scope. */
export const SCOPE_UNITS_MAX = 100;
export const SCOPE_READERS_MAX = 5000;

/** Seconds since 1970 within a sane range (2000–2100). */
const seconds = (label: string) => z.number({ error: `请选择${label}` }).int(`${label}必须是整数秒`).min(946684800, `${label}不正确`).max(4102444800, `${label}不正确`);

export const ACTIVITY_DRAFT = { 0: '已发布', 1: '草稿' } as const;

/** The fields every type shares, in the order of the list and the form. */
export const activityFields: ResourceField[] = [
  { name: 'id', label: 'ID', kind: 'number', form: false, sortable: true, width: 80 },
  fileField('cover', '封面', 'image', 'cover'),
  textField('title', '活动名称', 100, { required: true, width: 200 }),
  field('start_at', '开始时间', 'datetime', seconds, { sortable: true, width: 150, filter: 'range' }),
  field('end_at', '结束时间', 'datetime', seconds, { sortable: true, width: 150 }),
  { name: 'act_state', label: '活动状态', kind: 'select', options: optionsOf(ACTIVITY_STATE_LABEL), filter: true, width: 90 },
  { name: 'is_tmp', label: '发布状态', kind: 'select', options: optionsOf(ACTIVITY_DRAFT), filter: true, width: 90 },
  { name: 'check_status', label: '平台审核', kind: 'select', options: optionsOf(CHECK_STATUS), width: 90 },
  { name: 'check_reason', label: '审核意见', kind: 'text', width: 160 },
  { name: 'join_num', label: '参与人数', kind: 'number', sortable: true, width: 90 },
  { name: 'view_count', label: '浏览量', kind: 'number', sortable: true, width: 90 },
  field('tag_ids', '标签', 'select', (l) => z.array(idRef(l), { error: `${l}不正确` }).max(ACTIVITY_TAGS_MAX, `${l}最多选择${ACTIVITY_TAGS_MAX}个`).optional(), {
    multiple: true,
    filter: true,
    width: 160,
    placeholder: '平台标签与本机构标签',
    optionsFrom: { path: ACTIVITY_TAG_CHOICES_PATH, value: 'id', label: 'name' },
  }),
  intField('person_limit', '人数上限', 0, 1_000_000, { list: false, zeroText: UNLIMITED, placeholder: '0 表示不限' }),
  field('need_real', '需要实名', 'switch', (l) => z.union([z.literal(0), z.literal(1)], { error: `${l}只能是是或否` }).optional(), { list: false }),
  textField('address', '活动地点', 255, { list: false }),
  textField('profile', '活动介绍', 20000, { kind: 'textarea', list: false }),
  field('scope.unit_ids', '参与单位', 'unit', (l) => z.array(idRef(l), { error: `${l}不正确` }).max(SCOPE_UNITS_MAX, `${l}最多选择${SCOPE_UNITS_MAX}个`).optional(), {
    multiple: true,
    list: false,
    placeholder: '不选表示不限；选中单位含其下级单位',
  }),
  field('scope.identities', '参与身份类别', 'select', (l) => z.array(z.number({ error: `${l}不正确` }).int().min(1).max(14, `${l}不正确`), { error: `${l}不正确` }).max(14).optional(), {
    options: optionsOf(IDENTITY_CATEGORIES),
    multiple: true,
    list: false,
    placeholder: '不选表示不限',
  }),
  field('scope.grades', '参与年级', 'select', (l) => z.array(z.number({ error: `${l}不正确` }).int().min(1).max(12, `${l}不正确`), { error: `${l}不正确` }).max(12).optional(), {
    options: Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `${i + 1}年级` })),
    multiple: true,
    list: false,
    placeholder: '不选表示不限',
  }),
  field('scope.reader_ids', '指定读者名单', 'readers', (l) => z.array(idRef(l), { error: `${l}不正确` }).max(SCOPE_READERS_MAX, `${l}最多${SCOPE_READERS_MAX}人`).optional(), {
    multiple: true,
    list: false,
    placeholder: '不选表示不限；选择后仅名单内的读者可参与',
    optionsFrom: { path: '/v1/{org}/activity/{id}/readers', value: 'id', label: 'account' },
  }),
  textField('access_code', '参与口令', 32, { list: false, placeholder: '留空表示无需口令' }),
  field('daily_from', '每日开始时段', 'text', clock, { list: false, placeholder: '如 08:00，留空表示全天' }),
  field('daily_to', '每日结束时段', 'text', clock, { list: false, placeholder: '如 21:30' }),
  recField,
  statusField,
  createdField,
];

/** Cross-field checks of every type: the end after the start, a daily window with both ends in order. */
export function refineActivity(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const start = v.start_at as number | undefined;
  const end = v.end_at as number | undefined;
  if (start !== undefined && end !== undefined && end <= start) ctx.addIssue({ code: 'custom', path: ['end_at'], message: '结束时间必须晚于开始时间' });
  const from = (v.daily_from as string | undefined) ?? undefined;
  const to = (v.daily_to as string | undefined) ?? undefined;
  if (from !== undefined && to !== undefined && (from === '') !== (to === '')) ctx.addIssue({ code: 'custom', path: [from ? 'daily_to' : 'daily_from'], message: '每日时段需同时填写开始和结束' });
  if (from && to && from >= to) ctx.addIssue({ code: 'custom', path: ['daily_to'], message: '每日结束时段必须晚于开始时段' });
}

/** 发布 (publishing runs the type's own checks) and 撤回为草稿. */
export const PUBLISH_TOGGLE = toggle('is_tmp', [
  { name: 'publish', label: '发布', value: 0 },
  { name: 'unpublish', label: '撤回', value: 1, confirm: true },
]);
/** 结束 sets the explicit state to finished (spec §4: it wins); 重新开放 clears it. */
export const END_TOGGLE = toggle('state', [
  { name: 'reopen', label: '重新开放', value: 0 },
  { name: 'end', label: '结束', value: 3, confirm: true },
]);
export const COPY_COMMAND: ResourceAction = { kind: 'command', name: 'copy', label: '复制', path: '/v1/{org}/activity/{id}/copy', confirm: '复制为一个新的草稿活动？' };

/** 撤回 waits for no reader: once one joined, the activity stays published. */
export const ACTIVITY_ROW_RULES: RowRules = { unpublish: 'activityUnpublish' };
export const ACTIVITY_ACTIONS: ResourceAction[] = [PUBLISH_TOGGLE, pauseToggle({ disable: true }), REC_TOGGLE, END_TOGGLE, COPY_COMMAND, BATCH_DELETE];

/** Every activity's detail page (settings, participants, statistics; later issues add tabs), by `?actID=` (spec §2). */
export const ACTIVITY_DETAIL_LINK: RowLink = { label: '详情', page: 'adminAct/adminActDetail', query: 'actID' };

/** A type's declaration: the common fields, then its own `config.*` fields. */
export function defineActivity(
  type: ActivityType,
  own: {
    fields?: ResourceField[];
    refine?: (v: Record<string, unknown>, ctx: z.RefinementCtx) => void;
    links?: RowLink[];
    afterCreate?: CreatedLink;
    /** A second form of the type on the same table (type 5's series): its own name, title, path and `variant`. */
    variant?: { value: number; name: string; title: string; path: string };
  } = {},
): ResourceDef {
  const kind = own.variant ?? ACTIVITY_KINDS[type];
  const title = own.variant?.title ?? ACTIVITY_TYPES[type];
  return defineResource({
    name: kind.name,
    title,
    scope: 'org',
    path: kind.path,
    fields: [...activityFields.slice(0, -3), ...(own.fields ?? []), ...activityFields.slice(-3)],
    refine: (v, ctx) => {
      refineActivity(v, ctx);
      own.refine?.(v, ctx);
    },
    keywordFields: ['title'],
    actions: ACTIVITY_ACTIONS,
    rowRules: ACTIVITY_ROW_RULES,
    writeRole: 'manager',
    fixed: own.variant ? { type, variant: own.variant.value } : type === 5 ? { type, variant: 0 } : { type },
    nameField: 'title',
    exports: [{ name: `${kind.name}/activities`, title: `${title}列表` }],
    links: [ACTIVITY_DETAIL_LINK, ...(own.links ?? [])],
    ...(own.afterCreate ? { afterCreate: own.afterCreate } : {}),
  });
}

// ---- Type 7: third party (design §8) ------------------------------------------------------------

export const THIRD_OPEN_MODES = { webview: '内嵌网页', browser: '新窗口打开' } as const;

const httpsLink = (label: string) =>
  plainText(label, `请输入${label}`)
    .trim()
    .max(500, `${label}不能超过500个字符`)
    .refine((v) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), `${label}必须是 https:// 开头的地址`);

/**
 * Type 7: a partner's activity opened by the readers from here. Publishing needs a valid https
 * link; with `pass_identity` the launch carries a signed, short-lived token naming the reader by a
 * pseudonym, and the partner reports joined/completed/scored through the signed callback.
 */
export const thirdResource = defineActivity(7, {
  fields: [
    field('config.link', '活动链接', 'text', httpsLink, { list: false, placeholder: 'https://' }),
    choiceField('config.open_mode', '打开方式', Object.entries(THIRD_OPEN_MODES).map(([value, label]) => ({ value, label })), { list: false }),
    textField('config.partner_name', '合作方', 100, { width: 140 }),
    field('config.pass_identity', '传递读者身份', 'switch', (l) => z.union([z.literal(0), z.literal(1)], { error: `${l}只能是是或否` }).optional(), { list: false }),
    field(
      'config.callback_secret',
      '回调密钥',
      'text',
      (l) =>
        plainText(l)
          .trim()
          .refine((v) => v === '' || /^[A-Za-z0-9_-]{16,64}$/.test(v), `${l}为16-64位字母、数字、_或-，留空则自动生成`)
          .optional(),
      { list: false, placeholder: '留空自动生成' },
    ),
  ],
  links: [{ label: '统计', page: 'adminCount/adminActCount/thirdPartyCount', query: 'actID' }],
});

/** The other types: the common part now; their own settings arrive with their issues. */
/**
 * Types 1 and 9: the work configuration (`config.work`, rules/works.ts) may come with the
 * activity's body; it is edited on the works page (`/original/work/config`), which opens from the
 * row by `?actID=` with the works, uploads and downloads.
 */
const workConfigField = (type: 1 | 9) => field('config.work', '作品设置', 'text', () => workConfigSchema(type).optional(), { list: false, form: false });
export const originalResource = defineActivity(1, { fields: [workConfigField(1)], links: [{ label: '作品', page: 'adminAct/adminOriWork', query: 'actID' }, { label: '统计', page: 'adminCount/adminActCount/actCountOri', query: 'actID' }] });
export const originalMixResource = defineActivity(9, { fields: [workConfigField(9)], links: [{ label: '作品', page: 'adminAct/adminOriMixWork', query: 'actID' }, { label: '统计', page: 'adminCount/adminActCount/actCountOriMix', query: 'actID' }] });
/** Type 2: voting and comments (design §3); its sources, votes, results and comments: evaluation.ts. */
export const evaluationResource = defineActivity(2, {
  fields: EVALUATION_CONFIG_FIELDS,
  links: [
    { label: '投票对象', page: 'adminAct/adminEvaWork', query: 'actID' },
    { label: '投票结果', page: 'adminCount/adminActCount/actCountEva', query: 'actID' },
    { label: '评论管理', page: 'adminAct/adminEvaComment', query: 'actID' },
  ],
});
/**
 * A new contest's paper is made on another page (its questions, and the rules of a random paper; an
 * advanced contest's per level): the create dialog says so and, saved, opens that page.
 */
export const CONTEST_AFTER_CREATE: CreatedLink = {
  label: '题目',
  page: 'adminAct/adminContestWork',
  query: 'actID',
  hint: '保存后将打开本竞赛的“题目”页：在那里选题，并设置组卷方式和随机组卷的抽题规则。',
  message: '竞赛已保存，请在本页选题并设置组卷规则',
};
export const CONTEST_PRO_AFTER_CREATE: CreatedLink = {
  label: '关卡',
  page: 'adminAct/adminContestProWork',
  query: 'actID',
  hint: '保存后将打开本竞赛的“关卡”页：在那里添加关卡，并为每一关选题、设置组卷规则。',
  message: '竞赛已保存，请在本页添加关卡，并为每一关选题、设置组卷规则',
};
/** Types 3 and 6: knowledge contests (design §4–5); their questions, levels and attempts: contests.ts. */
export const contestResource = defineActivity(3, {
  fields: CONTEST_CONFIG_FIELDS,
  afterCreate: CONTEST_AFTER_CREATE,
  links: [
    { label: '题目', page: 'adminAct/adminContestWork', query: 'actID' },
    { label: '统计', page: 'adminCount/adminActCount/actCountContest', query: 'actID' },
  ],
});
export const contestProResource = defineActivity(6, {
  fields: CONTEST_PRO_CONFIG_FIELDS,
  afterCreate: CONTEST_PRO_AFTER_CREATE,
  links: [
    { label: '关卡', page: 'adminAct/adminContestProWork', query: 'actID' },
    { label: '统计', page: 'adminCount/adminActCount/actCountContest', query: 'actID' },
  ],
});
/** Type 4: questionnaires (design §6); their questions and responses: survey.ts. */
export const surveyResource = defineActivity(4, { fields: SURVEY_CONFIG_FIELDS, links: SURVEY_LINKS });
/**
 * Type 5 (design §7, issue 23): one offline activity with its one session (kept from the activity's
 * time, place and `person_limit` seats), or a series of sessions (`/offlines`, `activities.variant` 1).
 */
export const offlineResource = defineActivity(5, {
  fields: OFFLINE_SETTING_FIELDS,
  links: [
    { label: '报名', page: 'adminAct/adminOfflineWork', query: 'actID' },
    { label: '统计', page: 'adminCount/adminActCount/actCountOffline', query: 'actID' },
  ],
});
export const offlinesResource = defineActivity(5, {
  fields: [...OFFLINES_SETTING_FIELDS, ...OFFLINE_SETTING_FIELDS],
  variant: { value: OFFLINE_VARIANT.series, name: 'offlines', title: '系列线下活动', path: '/v1/{org}/offlines' },
  links: [
    { label: '场次', page: 'adminAct/adminOfflinesList', query: 'actID' },
    { label: '统计', page: 'adminCount/adminActCount/actCountOffineS', query: 'actID' },
  ],
  afterCreate: { label: '场次', page: 'adminAct/adminOfflinesList', query: 'actID', hint: '保存后将打开本系列的“场次”页：在那里添加场次，或按每周规律批量生成。', message: '系列活动已保存，请在本页添加场次' },
});
/** Type 8 (design §9, issue 24): reading check-in; its resources and marks: readClock.ts. */
export const markResource = defineActivity(8, {
  fields: READ_CLOCK_SETTING_FIELDS,
  refine: (v, ctx) => {
    for (const p of readClockConfigProblems(v.config)) ctx.addIssue({ code: 'custom', path: p.field.split('.'), message: p.message });
  },
  links: [
    { label: '打卡资源', page: 'adminAct/adminReadClockSource', query: 'actID' },
    { label: '打卡记录', page: 'adminAct/adminReadClockRecord', query: 'actID' },
    { label: '统计', page: 'adminCount/adminActCount/actCountRead', query: 'actID' },
  ],
});
/**
 * Type 16 (design §10, issue 24): a scan-code-for-points campaign. Its batches of codes, the scan
 * log and the leaderboard are on 积分记录 (`adminIntegralWork`); `config.budget` is the points it
 * may give out (统计 compares the points issued with it).
 */
export const integralResource = defineActivity(16, {
  fields: [field('config.budget', '积分预算', 'number', (l) => z.number({ error: `${l}必须是数字` }).int(`${l}必须是整数`).min(0, `${l}不能小于0`).max(1_000_000_000, `${l}过大`).optional(), { list: false })],
  links: [
    { label: '二维码与记录', page: 'adminAct/adminIntegralWork', query: 'actID' },
    { label: '统计', page: 'adminCount/adminActCount/actCountIntegral', query: 'actID' },
  ],
});
/** Type 19 (design §11, issue 25): lectures on demand; their items and learners: lecture.ts. */
export const lectureResource = defineActivity(19, {
  fields: LECTURE_SETTING_FIELDS,
  links: [
    { label: '讲座内容', page: 'adminAct/adminLectureItem', query: 'actID' },
    { label: '学习记录', page: 'adminAct/adminLectureWork', query: 'actID' },
    { label: '统计', page: 'adminCount/adminActCount/actCountLecture', query: 'actID' },
  ],
  afterCreate: { label: '讲座内容', page: 'adminAct/adminLectureItem', query: 'actID', hint: '保存后将打开本讲座的“讲座内容”页：在那里上传视频、音频、PDF文档或添加链接。', message: '讲座已保存，请在本页添加讲座内容' },
});

export const ACTIVITY_RESOURCES: ResourceDef[] = [
  originalResource,
  originalMixResource,
  evaluationResource,
  contestResource,
  contestProResource,
  surveyResource,
  offlineResource,
  offlinesResource,
  thirdResource,
  markResource,
  integralResource,
  lectureResource,
];

type PublishedRow = { config?: unknown; start_at?: unknown; end_at?: unknown; [column: string]: unknown };

/** Why a third-party activity (type 7) may not be published: its link (design §1.2); null = it may. */
export function thirdPublishProblem(row: PublishedRow): string | null {
  const link = (row.config as { link?: unknown } | undefined)?.link;
  return typeof link !== 'string' || !httpsLink('活动链接').safeParse(link).success ? '发布前请填写 https:// 开头的活动链接' : null;
}

/** Why a voting activity (type 2) may not be published: the first problem of its settings, naming the setting (never a path). */
export function evaluationPublishProblem(row: PublishedRow): string | null {
  return evaluationConfigProblems(row.config, row as { start_at?: number; end_at?: number })[0]?.message ?? null;
}

/** Why a works activity (types 1, 9) may not be published: readers need its configuration (creation types, limits, windows). */
export function worksPublishProblem(type: 1 | 9, row: PublishedRow): string | null {
  const work = (row.config as { work?: unknown } | undefined)?.work;
  if (work === undefined) return '发布前请完成作品设置';
  const checked = workConfigSchema(type, { start_at: row.start_at as number | undefined, end_at: row.end_at as number | undefined }).safeParse(work);
  return checked.success ? null : `作品设置不正确：${checked.error.issues[0].message}`;
}
