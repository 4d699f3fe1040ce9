import { z } from 'zod';
import { defineResource } from '../define.js';
import { BATCH_DELETE, PAUSE_TOGGLE, SORT, type ResourceField } from '../resource.js';
import { flagSchema } from '../rules/ruleSchemas.js';
import { ACTIVITY_KINDS } from '../rules/activityState.js';
import { LECTURE_AUDIO_DEFAULTS, LECTURE_MEDIA_TYPES, lectureConfigSchemas as C } from '../rules/lecture.js';
import { createdField, field, fileField, idField, intField, linkField, sortField, statusField, textField } from './fields.js';

/**
 * Lectures on demand, type 19 (design activities §11, issue 25): the settings on the activity
 * (`config.*`), its items (spec `lecture` creation update/sort/batch delete, page
 * adminLectureItem), and the learners with their progress (page adminLectureWork, export),
 * made through `/v1/{org}/client/activities/{id}/lecture/*`.
 */

const labels = (l: Readonly<Record<string, string>>) => Object.entries(l).map(([value, label]) => ({ value, label }));
const setting = (name: keyof typeof C, label: string, kind: 'number' | 'switch' | 'select', extra: Partial<ResourceField> = {}) =>
  field(`config.${name}`, label, kind, () => (C[name] as z.ZodType).optional(), { list: false, ...extra });

/** The settings of the activity form (design §11b, defaults in `LECTURE_DEFAULTS`). */
export const LECTURE_SETTING_FIELDS: ResourceField[] = [
  textField('config.speaker', '主讲人', 50, { section: '讲座设置', width: 100 }),
  setting('threshold_pct', '完成比例（%）', 'number', { placeholder: '观看达到时长的该比例即完成，默认90，50-100' }),
  setting('require_all_required', '须完成全部必修内容', 'switch', { placeholder: '默认是；否则须完成全部内容' }),
  setting('ban_seek_forward', '完成前禁止快进', 'switch', { placeholder: '默认是' }),
  setting('max_rate', '最高播放倍速', 'number', { placeholder: '默认2，1-3' }),
  setting('quiz_act_id', '课后测验', 'select', { optionsFrom: { path: ACTIVITY_KINDS[3].path, value: 'id', label: 'title' }, placeholder: '可选：本机构的一个知识竞赛' }),
];

const ofLecture = { param: 'act', resource: ACTIVITY_KINDS[19].name, column: 'act_id', query: 'actID' } as const;

/** 讲座内容 (`adminLectureItem?actID=`, spec `lecture` creation): a video, an audio, a PDF or a link, sorted, batch deleted. */
export const lectureItemsResource = defineResource({
  name: 'lectureItems',
  title: '讲座内容',
  scope: 'org',
  path: '/v1/{org}/lecture/{act}/creation',
  parent: ofLecture,
  fields: [
    idField,
    textField('title', '标题', 100, { required: true, width: 220 }),
    field('media_type', '类型', 'select', (l) => z.enum(Object.keys(LECTURE_MEDIA_TYPES) as [string, ...string[]], { error: `请选择有效的${l}` }), { options: labels(LECTURE_MEDIA_TYPES), filter: true, width: 90 }),
    fileField('video', '视频', 'video', 'video', { list: false }),
    fileField('audio', '音频', 'audio', 'public', { width: 220, audio: { title: 'audio_title', artist: 'artist' } }),
    textField('audio_title', '音频标题', 100, { list: false, placeholder: `默认“${LECTURE_AUDIO_DEFAULTS.audio_title}”` }),
    textField('artist', '演播者', 50, { list: false, placeholder: `默认“${LECTURE_AUDIO_DEFAULTS.artist}”` }),
    fileField('pdf', 'PDF文档', 'file', 'public', { list: false }),
    linkField('link', '链接', { list: false, placeholder: 'https://' }),
    intField('duration_sec', '时长（秒）', 0, 86_400, { width: 100, placeholder: '视频、音频按文件时长；文档、链接留空表示打开即完成' }),
    textField('speaker', '主讲人', 50, { width: 100 }),
    textField('intro', '简介', 2000, { kind: 'textarea', list: false }),
    field('is_required', '必修', 'switch', (l) => flagSchema(l).optional(), { width: 70 }),
    sortField,
    statusField,
    createdField,
  ],
  refine: (v, ctx) => {
    const type = v.media_type as string | undefined;
    const source = type === 'video' ? 'video' : type === 'audio' ? 'audio' : type === 'pdf' ? 'pdf' : type === 'link' ? 'link' : null;
    if (source && v[source] !== undefined && !v[source]) ctx.addIssue({ code: 'custom', path: [source], message: type === 'link' ? '请填写链接' : `请上传${LECTURE_MEDIA_TYPES[type as keyof typeof LECTURE_MEDIA_TYPES]}` });
  },
  keywordFields: ['title'],
  actions: [PAUSE_TOGGLE, SORT, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
});

const yesNo = [
  { value: 0, label: '否' },
  { value: 1, label: '是' },
];

/** 学习记录 (`adminLectureWork?actID=`): every learner of the lecture with the progress, filters by unit and completion, the export `lecture`. */
export const lectureLearnersResource = defineResource({
  name: 'lectureLearners',
  title: '学习记录',
  scope: 'org',
  path: '/v1/{org}/lecture/{act}/learners',
  parent: ofLecture,
  fields: [
    idField,
    { name: 'account', label: '读者账号', kind: 'text', width: 120 },
    { name: 'real_name', label: '姓名', kind: 'text', width: 90 },
    { name: 'unit_name', label: '单位', kind: 'text', width: 140 },
    { name: 'unit_id', label: '单位', kind: 'unit', filter: true, list: false },
    { name: 'finished_items', label: '已完成内容', kind: 'number', width: 100 },
    { name: 'progress_pct', label: '进度（%）', kind: 'number', sortable: true, width: 90 },
    { name: 'watched_pct', label: '平均观看（%）', kind: 'number', width: 110 },
    { name: 'learn_minutes', label: '学习时长（分钟）', kind: 'number', width: 110 },
    { name: 'finished', label: '已完成', kind: 'select', options: yesNo, filter: true, width: 80 },
    { name: 'finished_at', label: '完成时间', kind: 'datetime', sortable: true, width: 150 },
    { name: 'last_at', label: '最近学习', kind: 'datetime', sortable: true, width: 150 },
    { name: 'created_at', label: '开始学习', kind: 'datetime', sortable: true, width: 150 },
  ],
  keywordFields: [],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'id',
  defaultSort: '-last_at',
  exports: [{ name: 'lecture', title: '讲座学习记录' }],
});

export const LECTURE_RESOURCES = [lectureItemsResource, lectureLearnersResource];
