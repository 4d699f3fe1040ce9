import { UNLIMITED } from '../rules/constants.js';
import { z } from 'zod';
import { defineResource } from '../define.js';
import { BATCH_DELETE, SORT, type ResourceField } from '../resource.js';
import { flagSchema } from '../rules/ruleSchemas.js';
import { surveyConfigSchemas, surveyQuestionSchemas as Q } from '../rules/survey.js';
import { SURVEY_COUNT_PAGE, SURVEY_PER_USER, SURVEY_QUESTION_TYPES, SURVEY_QUESTIONS_PAGE, TEXT_VALIDATIONS } from '../rules/surveyKinds.js';
import { ACTIVITY_KINDS } from '../rules/activityState.js';
import { choiceField, createdField, field, idField, sortField, textField } from './fields.js';

/**
 * Questionnaires, type 4 (design activities §6): the settings on the activity (`config.*`), its
 * questions (spec §7 `/survey` + `/question`, a sub-resource with sort) and its submitted
 * responses (read only: readers make them through `/v1/{org}/client/activities/{id}/responses`).
 */

const SURVEY = ACTIVITY_KINDS[4].name;
const ofSurvey = { param: 'act', resource: SURVEY, column: 'act_id', query: 'actID' } as const;
const labels = (l: Record<string, string>) => Object.entries(l).map(([value, label]) => ({ value, label }));
const hidden = { list: false, form: false } as const;


/** The questionnaire's own settings on the activity form (the window, daily window, password and scope are the common fields). */
export const SURVEY_CONFIG_FIELDS: ResourceField[] = [
  choiceField('config.per_user', '每人提交次数', labels(SURVEY_PER_USER), { list: false, placeholder: '默认每人一次' }),
  field('config.per_user_n', '每人限定次数', 'number', () => surveyConfigSchemas.per_user_n.optional(), { list: false, placeholder: '选择“每人限定次数”时填写' }),
  field('config.total_limit', '答卷总数上限', 'number', () => surveyConfigSchemas.total_limit.optional(), { list: false, zeroText: UNLIMITED, placeholder: '0 表示不限' }),
  field('config.edit_after_submit', '提交后可修改', 'switch', (l) => flagSchema(l).optional(), { list: false }),
  field('config.resume_draft', '保存草稿续答', 'switch', (l) => flagSchema(l).optional(), { list: false }),
  field('config.anonymous', '匿名答卷', 'switch', (l) => flagSchema(l).optional(), { list: false }),
];

export const SURVEY_LINKS = [
  { label: '题目', page: SURVEY_QUESTIONS_PAGE, query: 'actID' },
  { label: '统计', page: SURVEY_COUNT_PAGE, query: 'actID' },
];

/**
 * A questionnaire's questions (page adminAct/adminSurveyWork?actID=): ordered by `sort`, checked
 * as a whole (rules/surveyKinds.ts `questionProblems`, `logicProblems`) on every write. Changing
 * the type of a question with answers needs `confirm_type_change: 1` (spec §5); an option with
 * answers left out of an update is kept hidden.
 */
export const surveyQuestionsResource = defineResource({
  name: 'surveyQuestions',
  title: '问卷题目',
  scope: 'org',
  path: '/v1/{org}/survey/{act}/question',
  parent: ofSurvey,
  fields: [
    idField,
    sortField,
    choiceField('type', '题型', labels(SURVEY_QUESTION_TYPES), { required: true, filter: true, width: 100 }),
    textField('title', '题目', 500, { required: true, width: 260 }),
    textField('description', '题目说明', 2000, { kind: 'textarea', list: false }),
    field('is_required', '必答', 'switch', (l) => flagSchema(l).optional(), { width: 70 }),
    field('options', '选项', 'text', () => Q.options.optional(), hidden),
    field('rows', '矩阵行', 'text', () => Q.rows.optional(), hidden),
    field('settings.min_select', '最少选择数', 'number', () => Q.min_select.optional(), hidden),
    field('settings.max_select', '最多选择数', 'number', () => Q.max_select.optional(), hidden),
    choiceField('settings.validate', '文本校验', labels(TEXT_VALIDATIONS), hidden),
    field('settings.min_length', '最少字数', 'number', () => Q.min_length.optional(), hidden),
    field('settings.max_length', '最多字数', 'number', () => Q.max_length.optional(), hidden),
    field('settings.rating_max', '评分满分', 'number', () => Q.rating_max.optional(), hidden),
    field('settings.nps_low_label', '0分说明', 'text', (l) => Q.nps_label(l).optional(), hidden),
    field('settings.nps_high_label', '10分说明', 'text', (l) => Q.nps_label(l).optional(), hidden),
    field('settings.random_order', '选项随机排序', 'switch', (l) => flagSchema(l).optional(), hidden),
    field('settings.upload_max', '最多上传文件数', 'number', () => Q.upload_max.optional(), hidden),
    field('settings.placeholder', '输入提示', 'text', () => Q.placeholder.optional(), hidden),
    field('show_logic', '显示逻辑', 'text', () => Q.show_logic.optional(), hidden),
    field('jump_logic', '跳转逻辑', 'text', () => Q.jump_logic.optional(), hidden),
    // Written only with an update that changes the type of a question with answers (no column).
    field('confirm_type_change', '确认修改题型', 'switch', (l) => flagSchema(l).optional(), hidden),
    { name: 'revision', label: '题型版本', kind: 'number', list: false },
    { name: 'answer_count', label: '答卷数', kind: 'number', width: 80 },
    createdField,
  ],
  keywordFields: ['title'],
  actions: [SORT, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
});

/**
 * The submitted responses of a questionnaire (tab 答卷 of adminSurveyWork, a response opens
 * actCountSurveyPaper): read only. In an anonymous questionnaire the reader's account and name
 * are never shown and never exported (`GET /v1/{org}/export/surveyresponses?act=`).
 */
export const surveyResponsesResource = defineResource({
  name: 'surveyResponses',
  title: '答卷',
  scope: 'org',
  path: '/v1/{org}/survey/{act}/responses',
  parent: ofSurvey,
  fields: [
    idField,
    { name: 'account', label: '读者账号', kind: 'text', width: 130 },
    { name: 'real_name', label: '姓名', kind: 'text', width: 100 },
    { name: 'unit_name', label: '单位', kind: 'text', width: 150 },
    { name: 'version', label: '问卷版本', kind: 'number', filter: true, width: 90 },
    { name: 'submitted_at', label: '提交时间', kind: 'datetime', sortable: true, filter: 'range', width: 170 },
    { name: 'duration_sec', label: '用时（秒）', kind: 'number', sortable: true, width: 100 },
    { name: 'edit_count', label: '修改次数', kind: 'number', width: 90 },
    { name: 'channel', label: '渠道', kind: 'text', list: false },
  ],
  keywordFields: [],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'id',
  defaultSort: '-id',
});

/** The body of a question as the editor sends it (a partial update carries only what changed). */
export type SurveyQuestionBody = z.input<typeof surveyQuestionsResource.create>;
