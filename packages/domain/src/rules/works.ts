import { z } from 'zod';
import { fileUrl, optionalText, phoneSchema, plainText, requiredText } from '../resources/fields.js';
import { CREATION_TYPES } from './activityKinds.js';
import { durationText } from './chinaTime.js';
import { MODERATION_MODE_KEYS } from './moderation.js';
import { choiceOf, duplicateIndexes, flagSchema, timestampSchema, wholeNumber, type FieldProblem } from './ruleSchemas.js';
import { AUDIO_EXTS, DOCUMENT_EXTS, formatsMessage, IMAGE_EXTS, sizeLabel, UPLOAD_RULES, VIDEO_EXTS, VIDEO_UPLOAD, type FileExt } from './uploads.js';

/**
 * Original works, types 1 (single creation type) and 9 (several): the work configuration of
 * `/v1/{org}/original/work/config` (design §2b "Config"), the rules a submitted work must meet
 * against it (words, files, author fields, pledge), the work number, and the names of files in a
 * download. States and who may change them are in workStates.ts.
 */

// ---------------------------------------------------------------- media kinds

/** What a creation type's works are made of (the values of `CREATION_TYPES`). */
export const MEDIA_KINDS = ['text', 'image', 'audio', 'video', 'file', 'link'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_LABEL = Object.fromEntries(CREATION_TYPES.map((c) => [c.value, c.label])) as Readonly<Record<MediaKind, string>>;

export interface MediaRule {
  /** Accepted file types (checked on the file's bytes); empty: this kind carries no files. */
  exts: readonly FileExt[];
  /** The file in messages (请上传图片) and its measure word (最多上传9张图片). */
  noun: string;
  measure: string;
  /** Defaults of a new creation type of this kind. */
  files: readonly [min: number, max: number];
  fileMaxKb: number;
  /** The largest `file_max_kb` an administrator may set (the storage's own limit). */
  fileMaxKbCap: number;
  /** Default longest audio or video in seconds; null: the kind has no duration. */
  durationMaxSec: number | null;
  /** Default word limits: of the body for text, of the description (作品简介) otherwise. */
  words: readonly [min: number, max: number];
}

/** Most files one work may carry, whatever its configuration. */
export const WORK_FILES_CAP = 20;
/** Largest word limit of a text body, and of a description. */
export const TEXT_WORDS_CAP = 50_000;
export const DESCRIPTION_WORDS_CAP = 5_000;
/** Hard cap on the characters of `content` (spaces included), before words are counted. */
export const WORK_CONTENT_MAX_CHARS = 100_000;
export const DURATION_MAX_CAP_SEC = 7_200;

const PUBLIC_CAP_KB = UPLOAD_RULES.public.maxMB * 1024;

export const MEDIA_RULES: Readonly<Record<MediaKind, MediaRule>> = {
  text: { exts: [], noun: '文件', measure: '个', files: [0, 0], fileMaxKb: 0, fileMaxKbCap: 0, durationMaxSec: null, words: [0, 5000] },
  image: { exts: IMAGE_EXTS, noun: '图片', measure: '张', files: [1, 9], fileMaxKb: 10_240, fileMaxKbCap: 20_480, durationMaxSec: null, words: [0, 500] },
  audio: { exts: AUDIO_EXTS, noun: '音频', measure: '个', files: [1, 1], fileMaxKb: 51_200, fileMaxKbCap: PUBLIC_CAP_KB, durationMaxSec: 600, words: [0, 500] },
  video: { exts: VIDEO_EXTS, noun: '视频', measure: '个', files: [1, 1], fileMaxKb: 512_000, fileMaxKbCap: VIDEO_UPLOAD.maxMB * 1024, durationMaxSec: 600, words: [0, 500] },
  file: { exts: DOCUMENT_EXTS, noun: '文档', measure: '个', files: [1, 5], fileMaxKb: 20_480, fileMaxKbCap: PUBLIC_CAP_KB, durationMaxSec: null, words: [0, 500] },
  link: { exts: [], noun: '文件', measure: '个', files: [0, 0], fileMaxKb: 0, fileMaxKbCap: 0, durationMaxSec: null, words: [0, 500] },
};

const ALL_EXTS = [...IMAGE_EXTS, ...AUDIO_EXTS, ...VIDEO_EXTS, ...DOCUMENT_EXTS] as unknown as readonly [FileExt, ...FileExt[]];
const carriesFiles = (media: MediaKind) => MEDIA_RULES[media].exts.length > 0;

// ---------------------------------------------------------------- word count

/*
 * One counted unit each: a Han character, kana or Hangul syllable; a Chinese or full-width
 * punctuation mark (。，、“”《》…… — Word's 字数 counts them too); a run of letters and digits of
 * other scripts, with inner ' ’ - . kept inside (don't, e-mail, 3.14 are one word each). Spaces,
 * ASCII punctuation and emoji are not counted.
 */
const CJK = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]';
const ALNUM = '[\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}\\p{Nd}]';
const CJK_PUNCT = '[\\u3001-\\u303F\\uFF01-\\uFF0F\\uFF1A-\\uFF20\\uFF3B-\\uFF40\\uFF5B-\\uFF65\\uFE30-\\uFE4F\\u2018-\\u201F\\u2014\\u2026\\u00B7]';
const WORD_UNIT = new RegExp(`${CJK}|${ALNUM}+(?:['’\\-.]${ALNUM}+)*|${CJK_PUNCT}`, 'gu');

/** The 字数 of a text, as word processors count Chinese (see the rule above). */
export function countWords(text: string): number {
  return text.match(WORD_UNIT)?.length ?? 0;
}

// ---------------------------------------------------------------- configuration

export const AUTHOR_FIELDS = { real_name: '真实姓名', unit: '学校/单位', grade: '年级班级', phone: '联系电话', instructor: '指导老师' } as const;
export type AuthorField = keyof typeof AUTHOR_FIELDS;
export const AUTHOR_FIELD_KEYS = Object.keys(AUTHOR_FIELDS) as AuthorField[];
/** Whether a form asks a field: 必填, 选填 or 不收集. */
export const AUTHOR_FIELD_MODES = { required: '必填', optional: '选填', hidden: '不收集' } as const;
export type AuthorFieldMode = keyof typeof AUTHOR_FIELD_MODES;
const AUTHOR_MODE_KEYS = Object.keys(AUTHOR_FIELD_MODES) as [AuthorFieldMode, ...AuthorFieldMode[]];
export const DEFAULT_AUTHOR_FIELDS: Readonly<Record<AuthorField, AuthorFieldMode>> = { real_name: 'required', unit: 'required', grade: 'optional', phone: 'required', instructor: 'optional' };

export const ORIGINALITY_PLEDGE =
  '本人承诺所提交作品为本人原创，未抄袭、剽窃他人作品，不侵犯他人知识产权；如有违反，主办方有权取消参赛资格并收回所获奖项及证书。';
export const DEFAULT_AWARD_LEVELS: readonly string[] = ['一等奖', '二等奖', '三等奖', '优秀奖'];

/** A group code: 1–4 capital letters or digits, starting with a letter (used in work numbers). */
export const GROUP_CODE = /^[A-Z][A-Z0-9]{0,3}$/;

const creationTypeInput = z.object(
  {
    id: wholeNumber('创作类型编号', 1, 999),
    name: requiredText('创作类型名称', 20),
    media: choiceOf('作品形式', MEDIA_KINDS),
    text_min_words: wholeNumber('最少字数', 0, TEXT_WORDS_CAP).optional(),
    text_max_words: wholeNumber('最多字数', 1, TEXT_WORDS_CAP).optional(),
    files_min: wholeNumber('最少文件数', 0, WORK_FILES_CAP).optional(),
    files_max: wholeNumber('最多文件数', 0, WORK_FILES_CAP).optional(),
    /** 0 (what a kind without files stores) or absent: the kind's default. */
    file_max_kb: wholeNumber('单个文件大小上限（KB）', 0, VIDEO_UPLOAD.maxMB * 1024).optional(),
    formats: z.array(choiceOf('文件格式', ALL_EXTS), { error: '文件格式不正确' }).max(ALL_EXTS.length).optional(),
    duration_max_sec: wholeNumber('时长上限（秒）', 0, DURATION_MAX_CAP_SEC).optional(),
    max_per_user: wholeNumber('每人该类型作品数', 0, 20).default(0),
  },
  { error: '创作类型不正确' },
);

/** Defaults of the media kind filled in, then the cross-field checks of one creation type. */
const creationTypeSchema = creationTypeInput.transform((v, ctx) => {
  const rule = MEDIA_RULES[v.media];
  const label = MEDIA_LABEL[v.media];
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const files = carriesFiles(v.media);
  if (!files) {
    if (v.files_min || v.files_max) issue(v.files_max ? 'files_max' : 'files_min', `${label}作品不能上传文件`);
    if (v.formats?.length) issue('formats', `${label}作品不能上传文件`);
  }
  const formats = files ? (v.formats?.length ? [...new Set(v.formats)] : [...rule.exts]) : [];
  const wrong = formats.find((f) => !rule.exts.includes(f));
  if (wrong) issue('formats', `${label}作品不能使用${wrong}格式`);
  const files_min = files ? (v.files_min ?? rule.files[0]) : 0;
  const files_max = files ? (v.files_max ?? Math.max(rule.files[1], files_min)) : 0;
  if (files && files_max < 1) issue('files_max', `${label}作品至少允许上传1个文件`);
  if (files_min > files_max) issue('files_min', '最少文件数不能大于最多文件数');
  const file_max_kb = files ? v.file_max_kb || rule.fileMaxKb : 0;
  if (files && file_max_kb > rule.fileMaxKbCap) issue('file_max_kb', `单个${rule.noun}大小上限不能超过${sizeLabel(rule.fileMaxKbCap)}`);
  const wordsCap = v.media === 'text' ? TEXT_WORDS_CAP : DESCRIPTION_WORDS_CAP;
  const text_min_words = v.text_min_words ?? rule.words[0];
  const text_max_words = v.text_max_words ?? Math.max(rule.words[1], text_min_words);
  if (text_max_words > wordsCap) issue('text_max_words', `最多字数不能超过${wordsCap}`);
  if (text_min_words > text_max_words) issue('text_min_words', '最少字数不能大于最多字数');
  const duration_max_sec = rule.durationMaxSec === null ? 0 : (v.duration_max_sec ?? rule.durationMaxSec);
  return { id: v.id, name: v.name, media: v.media, text_min_words, text_max_words, files_min, files_max, file_max_kb, formats, duration_max_sec, max_per_user: v.max_per_user };
});
export type CreationType = z.output<typeof creationTypeSchema>;

const awardQuotaSchema = (label: string) =>
  z.record(z.string(), wholeNumber(label, 0, 10_000), { error: `${label}不正确` }).default({});

const groupSchema = z.object(
  {
    id: wholeNumber('组别编号', 1, 999),
    code: plainText('组别代码', '请输入组别代码').trim().regex(GROUP_CODE, '组别代码为1-4位大写字母或数字，以字母开头'),
    name: requiredText('组别名称', 20),
    /** Grades (1–12) the group is for; empty = any. */
    grades: z.array(wholeNumber('参与年级', 1, 12), { error: '参与年级不正确' }).max(12).default([]),
    /** Overrides of the text creation types' word limits for this group; null = the type's own. */
    text_min_words: wholeNumber('本组最少字数', 0, TEXT_WORDS_CAP).nullable().default(null),
    text_max_words: wholeNumber('本组最多字数', 1, TEXT_WORDS_CAP).nullable().default(null),
    award_quota: awardQuotaSchema('获奖名额'),
  },
  { error: '组别不正确' },
);
export type WorkGroup = z.output<typeof groupSchema>;

const authorMode = (key: AuthorField) => choiceOf(AUTHOR_FIELDS[key], AUTHOR_MODE_KEYS).default(DEFAULT_AUTHOR_FIELDS[key]);

const workConfigObject = z.object({
  creation_types: z.array(creationTypeSchema, { error: '请设置创作类型' }).min(1, '请设置创作类型').max(10, '创作类型最多10个'),
  groups: z.array(groupSchema, { error: '组别不正确' }).max(20, '组别最多20个').default([]),
  award_levels: z
    .array(requiredText('获奖等级', 20), { error: '获奖等级不正确' })
    .min(1, '请设置获奖等级')
    .max(10, '获奖等级最多10个')
    .default([...DEFAULT_AWARD_LEVELS]),
  /** Places per level when the activity has no groups (with groups, each group's own quota). */
  award_quota: awardQuotaSchema('获奖名额'),
  per_user_max_works: wholeNumber('每人作品数', 1, 20).default(1),
  /** Null: the activity's start, end; `edit_until` null: the submission end. */
  submit_start_at: timestampSchema('征集开始时间').nullable().default(null),
  submit_end_at: timestampSchema('征集结束时间').nullable().default(null),
  edit_until: timestampSchema('修改截止时间').nullable().default(null),
  author_fields: z
    .object(
      {
        real_name: authorMode('real_name'),
        unit: authorMode('unit'),
        grade: authorMode('grade'),
        phone: authorMode('phone'),
        instructor: authorMode('instructor'),
      },
      { error: '作者信息设置不正确' },
    )
    .default({ ...DEFAULT_AUTHOR_FIELDS }),
  pledge: z
    .object(
      { required: flagSchema('原创承诺').default(1), text: plainText('承诺内容').trim().max(500, '承诺内容不能超过500个字符').default(ORIGINALITY_PLEDGE) },
      { error: '原创承诺设置不正确' },
    )
    .default({ required: 1, text: ORIGINALITY_PLEDGE }),
  /** Spec `user_upload`: 1 readers submit their works, 0 administrators upload on their behalf. */
  user_upload: flagSchema('读者自行上传').default(1),
  moderation: choiceOf('审核方式', MODERATION_MODE_KEYS).default('pre'),
});
export type WorkConfig = z.output<typeof workConfigObject>;

/**
 * Performances (节目): the works of a creation type whose form is audio or video. A multi-type
 * activity (9) reviews them in a queue of their own (`/check/{id}/program`, page
 * adminCheck/adminCheckAct/adminCheckProgramIndex), its other works in `originalmix`.
 */
export const PROGRAM_MEDIA: readonly MediaKind[] = ['audio', 'video'];
/** The creation types of a configuration whose works are performances. */
export const programTypeIds = (config: Pick<WorkConfig, 'creation_types'>): number[] =>
  config.creation_types.filter((t) => PROGRAM_MEDIA.includes(t.media)).map((t) => t.id);
export type WorkConfigInput = z.input<typeof workConfigObject>;

/** The activity's own window, against which the work windows are checked and resolved. */
export interface ActivityWindow {
  start_at?: number | null;
  end_at?: number | null;
}
const bound = (v: number | null | undefined) => (v ? v : null);

/**
 * The body of `/original/work/config` (and `/originalmix`): type 1 exactly one creation type,
 * type 9 two or more; ids, names and group codes unique; quotas name existing levels; windows
 * in order and inside `activity` when given.
 */
export function workConfigSchema(type: 1 | 9, activity: ActivityWindow = {}) {
  return workConfigObject.superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (type === 1 && v.creation_types.length > 1) issue(['creation_types'], '单类型原创作品只能设置1个创作类型');
    if (type === 9 && v.creation_types.length === 1) issue(['creation_types'], '多类型原创作品至少设置2个创作类型');
    for (const i of duplicateIndexes(v.creation_types, (t) => t.id)) issue(['creation_types', i, 'id'], '创作类型编号重复');
    for (const i of duplicateIndexes(v.creation_types, (t) => t.name)) issue(['creation_types', i, 'name'], '创作类型名称重复');
    v.creation_types.forEach((t, i) => {
      if (t.max_per_user > v.per_user_max_works) issue(['creation_types', i, 'max_per_user'], `每人该类型作品数不能超过每人作品数（${v.per_user_max_works}）`);
    });
    for (const i of duplicateIndexes(v.groups, (g) => g.id)) issue(['groups', i, 'id'], '组别编号重复');
    for (const i of duplicateIndexes(v.groups, (g) => g.code)) issue(['groups', i, 'code'], '组别代码重复');
    for (const i of duplicateIndexes(v.groups, (g) => g.name)) issue(['groups', i, 'name'], '组别名称重复');
    for (const i of duplicateIndexes(v.award_levels, (l) => l)) issue(['award_levels', i], '获奖等级重复');
    const unknownLevels = (quota: Record<string, number>, path: (string | number)[]) => {
      for (const level of Object.keys(quota)) if (!v.award_levels.includes(level)) issue([...path, level], `获奖等级“${level}”不存在`);
    };
    unknownLevels(v.award_quota, ['award_quota']);
    v.groups.forEach((g, i) => {
      unknownLevels(g.award_quota, ['groups', i, 'award_quota']);
      if (g.text_min_words !== null && g.text_max_words !== null && g.text_min_words > g.text_max_words) issue(['groups', i, 'text_min_words'], '本组最少字数不能大于最多字数');
    });
    const start = bound(activity.start_at);
    const end = bound(activity.end_at);
    if (v.submit_start_at !== null && v.submit_end_at !== null && v.submit_end_at <= v.submit_start_at) issue(['submit_end_at'], '征集结束时间必须晚于开始时间');
    if (start !== null && v.submit_start_at !== null && v.submit_start_at < start) issue(['submit_start_at'], '征集开始时间不能早于活动开始时间');
    if (end !== null && v.submit_end_at !== null && v.submit_end_at > end) issue(['submit_end_at'], '征集结束时间不能晚于活动结束时间');
    const submitEnd = v.submit_end_at ?? end;
    if (v.edit_until !== null) {
      if (submitEnd !== null && v.edit_until < submitEnd) issue(['edit_until'], '修改截止时间不能早于征集结束时间');
      if (end !== null && v.edit_until > end) issue(['edit_until'], '修改截止时间不能晚于活动结束时间');
    }
  });
}

/** A complete configuration with every default, for a new activity of the type. */
export function defaultWorkConfig(type: 1 | 9): WorkConfig {
  const types: WorkConfigInput['creation_types'] =
    type === 1
      ? [{ id: 1, name: '征文', media: 'text' }]
      : [
          { id: 1, name: '征文', media: 'text' },
          { id: 2, name: '书画', media: 'image' },
        ];
  return workConfigSchema(type).parse({ creation_types: types });
}

/** The moments that bound submitting and editing; null = unbounded. */
export interface WorkWindows {
  submit_start_at: number | null;
  submit_end_at: number | null;
  edit_until: number | null;
}

/** The configuration's windows with the activity's window standing in for those not set. */
export function workWindows(config: Pick<WorkConfig, 'submit_start_at' | 'submit_end_at' | 'edit_until'>, activity: ActivityWindow): WorkWindows {
  const submit_end_at = config.submit_end_at ?? bound(activity.end_at);
  return { submit_start_at: config.submit_start_at ?? bound(activity.start_at), submit_end_at, edit_until: config.edit_until ?? submit_end_at };
}

/** The award places of a group (or of the activity, without groups), in level order. */
export function awardQuotaOf(config: Pick<WorkConfig, 'award_levels' | 'award_quota' | 'groups'>, groupId: number | null): { level: string; places: number }[] {
  const quota = groupId === null ? config.award_quota : (config.groups.find((g) => g.id === groupId)?.award_quota ?? {});
  return config.award_levels.map((level) => ({ level, places: quota[level] ?? 0 }));
}

// ---------------------------------------------------------------- a work

export const WORK_TITLE_MAX = 50;

const mediaUrl = fileUrl('作品文件').refine((v) => !!v, '请上传作品文件');
const httpLink = (label: string) =>
  plainText(label)
    .trim()
    .max(500, `${label}不能超过500个字符`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), `${label}必须以http://或https://开头`);

/** Author fields as sent; which are asked and required is the configuration's (`workProblems`). */
export const workAuthorSchema = z
  .object(
    {
      real_name: optionalText(AUTHOR_FIELDS.real_name, 50),
      unit: optionalText(AUTHOR_FIELDS.unit, 100),
      grade: optionalText(AUTHOR_FIELDS.grade, 50),
      phone: phoneSchema,
      instructor: optionalText(AUTHOR_FIELDS.instructor, 100),
    },
    { error: '作者信息必须是对象' },
  )
  .default({});

/**
 * The body of a reader's submit or edit and of an administrator's upload on a reader's behalf:
 * its shape only. The server resolves `media` (stored file URLs) to the stored files' type, size
 * and duration and then checks the work against the configuration with `workProblems`.
 * `submit: false` saves a draft.
 */
export const workBodySchema = z.object({
  creation_type_id: z.number({ error: '请选择创作类型' }).int('请选择创作类型').min(1, '请选择创作类型').max(999, '请选择有效的创作类型'),
  group_id: z.number({ error: '请选择组别' }).int('请选择组别').min(1, '请选择组别').max(999, '请选择有效的组别').nullable().default(null),
  title: requiredText('作品名称', WORK_TITLE_MAX),
  content: plainText('作品内容').max(WORK_CONTENT_MAX_CHARS, `作品内容不能超过${WORK_CONTENT_MAX_CHARS}个字符`).default(''),
  link: httpLink('作品链接').default(''),
  media: z.array(mediaUrl, { error: '作品文件不正确' }).max(WORK_FILES_CAP, `作品文件最多${WORK_FILES_CAP}个`).default([]),
  cover: fileUrl('封面'),
  author: workAuthorSchema,
  pledge: z.boolean({ error: '原创承诺只能是是或否' }).default(false),
  submit: z.boolean({ error: 'submit只能是true或false' }).default(true),
});
export type WorkBody = z.output<typeof workBodySchema>;

/** A stored file of a work as the server knows it (type by bytes, size, duration when known). */
export interface WorkFile {
  ext: string;
  size_kb: number;
  /** Audio and video only, when the server could read it; unknown durations are not checked. */
  duration_sec?: number | null;
}

/** What `workProblems` checks: the body with its files resolved. */
export interface WorkSubmission {
  creation_type_id: number;
  group_id: number | null;
  content: string;
  link?: string;
  files: readonly WorkFile[];
  author: Partial<Record<AuthorField, string | undefined>>;
  pledge: boolean;
}

/** The word limits of a creation type for a group: the body's for text, the description's otherwise. */
export function wordLimitsOf(type: CreationType, group: WorkGroup | null | undefined): { min: number; max: number; label: string } {
  if (type.media !== 'text') return { min: type.text_min_words, max: type.text_max_words, label: '作品简介' };
  return { min: group?.text_min_words ?? type.text_min_words, max: group?.text_max_words ?? type.text_max_words, label: '正文' };
}

/**
 * Everything wrong with a work against the configuration, each named by its body field. A draft
 * (`draft: true`) is checked only for what can never become right by adding to it (too many
 * words or files, a wrong format, a file too large or too long, an unknown type or group); a
 * submission also for what is missing. `reader_grade` (1–12), when known, must fit the group.
 */
export function workProblems(config: WorkConfig, work: WorkSubmission, opts: { draft?: boolean; reader_grade?: number | null } = {}): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  const draft = !!opts.draft;
  const type = config.creation_types.find((t) => t.id === work.creation_type_id);
  if (!type) add('creation_type_id', '请选择有效的创作类型');
  let group: WorkGroup | undefined;
  if (config.groups.length) {
    group = work.group_id === null ? undefined : config.groups.find((g) => g.id === work.group_id);
    if (work.group_id === null) {
      if (!draft) add('group_id', '请选择组别');
    } else if (!group) add('group_id', '请选择有效的组别');
    else if (group.grades.length && opts.reader_grade != null && !group.grades.includes(opts.reader_grade)) add('group_id', `${group.name}仅限${gradesText(group.grades)}参加`);
  } else if (work.group_id !== null) add('group_id', '本活动未设组别');
  if (!type) return out;

  const rule = MEDIA_RULES[type.media];
  const words = wordLimitsOf(type, group);
  const n = countWords(work.content);
  if (type.media === 'text' && !draft && n === 0) add('content', '请输入正文');
  else if (n > words.max) add('content', `${words.label}不能超过${words.max}字（当前${n}字）`);
  else if (!draft && n < words.min) add('content', `${words.label}不能少于${words.min}字（当前${n}字）`);

  if (type.media === 'link' && !draft && !work.link?.trim()) add('link', '请输入作品链接');

  if (!carriesFiles(type.media)) {
    if (work.files.length) add('media', `${MEDIA_LABEL[type.media]}作品不能上传文件`);
  } else {
    const count = work.files.length;
    if (count > type.files_max) add('media', `最多上传${type.files_max}${rule.measure}${rule.noun}`);
    else if (!draft && count < type.files_min) add('media', count === 0 ? `请上传${rule.noun}` : `至少上传${type.files_min}${rule.measure}${rule.noun}`);
    work.files.forEach((f, i) => {
      const ext = f.ext.toLowerCase();
      if (!(type.formats as readonly string[]).includes(ext)) add(`media.${i}`, formatsMessage(type.formats, rule.noun));
      else if (f.size_kb > type.file_max_kb) add(`media.${i}`, `${rule.noun}大小不能超过${sizeLabel(type.file_max_kb)}`);
      else if (type.duration_max_sec > 0 && f.duration_sec != null && f.duration_sec > type.duration_max_sec) add(`media.${i}`, `${rule.noun}时长不能超过${durationText(type.duration_max_sec)}`);
    });
  }

  if (!draft) {
    for (const key of AUTHOR_FIELD_KEYS) {
      if (config.author_fields[key] === 'required' && !work.author[key]?.trim()) add(`author.${key}`, `请输入${AUTHOR_FIELDS[key]}`);
    }
    if (config.pledge.required && !work.pledge) add('pledge', '请阅读并勾选原创承诺');
  }
  return out;
}

/** Author fields the configuration does not collect are dropped, the others trimmed. */
export function collectedAuthor(config: Pick<WorkConfig, 'author_fields'>, author: Partial<Record<AuthorField, string | undefined>>): Partial<Record<AuthorField, string>> {
  const out: Partial<Record<AuthorField, string>> = {};
  for (const key of AUTHOR_FIELD_KEYS) if (config.author_fields[key] !== 'hidden' && author[key]?.trim()) out[key] = author[key]!.trim();
  return out;
}

function gradesText(grades: readonly number[]): string {
  const sorted = [...grades].sort((a, b) => a - b);
  const contiguous = sorted.every((g, i) => i === 0 || g === sorted[i - 1] + 1);
  return contiguous && sorted.length > 1 ? `${sorted[0]}-${sorted[sorted.length - 1]}年级` : `${sorted.join('、')}年级`;
}

// ---------------------------------------------------------------- work number and file names

/** Digits of the sequence in a work number (more when a sequence outgrows them). */
export const WORK_NO_DIGITS = 4;

/**
 * The work number given at a work's first approval and never reused (design §2b):
 * `{act_id}-{group code}-{seq}` with groups, `{act_id}-{seq}` without — `37-A-0001`, `37-0012`.
 * The sequence counts per activity and group from 1; it is all blind review shows of a work.
 */
export function workNumber(actId: number, seq: number, groupCode?: string | null): string {
  const n = String(seq).padStart(WORK_NO_DIGITS, '0');
  return groupCode ? `${actId}-${groupCode}-${n}` : `${actId}-${n}`;
}
export const WORK_NO_PATTERN = /^\d+-(?:[A-Z][A-Z0-9]{0,3}-)?\d{4,}$/;

const UNSAFE_NAME = /[\\/:*?"<>|\u0000-\u001F\u007F]/g;

/**
 * The name of a work's file in a zip (spec §9: title plus index): `{title}-{index}.{ext}`, index
 * from 1 in the work's file order; characters a file system refuses become `_`, the title is cut
 * to 60 characters, a blank title reads 作品.
 */
export function mediaFileName(title: string, index: number, ext: string): string {
  const safe = [...title.replace(UNSAFE_NAME, '_').trim().replace(/^\.+/, '')].slice(0, 60).join('').trim() || '作品';
  return `${safe}-${index}.${ext.toLowerCase()}`;
}

/** Names made unique in order: a repeated `a-1.jpg` becomes `a-1(2).jpg`, `a-1(3).jpg`… */
export function uniqueFileNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let k = 2; used.has(candidate); k++) candidate = `${stem}(${k})${ext}`;
    used.add(candidate);
    return candidate;
  });
}
