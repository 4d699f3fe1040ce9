import { SURVEY_COUNT_PAGE, SURVEY_PAPER_PAGE, SURVEY_QUESTIONS_PAGE, SURVEY_SUBQUES_PAGE } from '../rules/surveyQuestionTypes.js';
import { defineFigures } from './define.js';

const BACK_TO_COUNT = { path: SURVEY_COUNT_PAGE, text: '返回问卷统计' };
const UNIT = '单位';
const SUBMITTED_AT = '提交时间';
const RESPONSE_ID = '答卷ID';

/**
 * 问卷统计 (`actCountSurvey?actID=`, design §6): responses, readers, mean duration and today's
 * responses, responses per day, filtered by unit and submission date (both sent with the stats
 * query); the per-question cards and the cross-tab are the feature page's own slots
 * (features/survey/SurveyCountPage.tsx); 答卷 opens the responses tab, 导出答卷 the spreadsheet.
 */
export const surveyCountFigures = defineFigures({
  name: 'surveyCount',
  path: SURVEY_COUNT_PAGE,
  source: '/v1/{org}/survey/{act}/stats',
  heading: '统计',
  testId: 'survey-count',
  needActivity: '请从问卷列表进入（缺少活动ID）',
  backTo: { resource: 'survey', text: '返回问卷列表' },
  filters: [
    { kind: 'unit', title: UNIT, param: 'unit_id' },
    { kind: 'dateRange', title: '提交日期', from: 'from', to: 'to' },
  ],
  cards: [
    { key: 'responses', title: '答卷数', value: 'totals.responses' },
    { key: 'readers', title: '参与读者', value: 'totals.readers' },
    { key: 'mean_duration', title: '平均用时（秒）', value: 'totals.mean_duration' },
    { key: 'today', title: '今日答卷', value: 'totals.today' },
  ],
  charts: [{ key: 'daily', title: '每日答卷', kind: 'daily', rows: 'days', label: 'day', series: [{ field: 'responses', title: '答卷数' }], empty: '暂无数据' }],
  links: [{ title: '答卷', path: SURVEY_QUESTIONS_PAGE, query: { tab: 'responses' } }],
  headerDownloads: [{ key: 'responses', title: '导出答卷', path: '/v1/{org}/export/surveyresponses' }],
});

const NEED_QUESTION = '请从问卷统计进入（缺少题目ID）';

/**
 * 问卷主观题 (`actCountSurveySubQues?actID=&quesID=`): one question's written answers, newest
 * first, searchable, read page by page; each opens its response. The heading names the question
 * (from the stats the count page read).
 */
export const surveySubQuesFigures = defineFigures({
  name: 'surveySubQues',
  path: SURVEY_SUBQUES_PAGE,
  source: '/v1/{org}/survey/{act}/stats',
  heading: '题目答案',
  testId: 'survey-subques',
  needActivity: NEED_QUESTION,
  params: [{ name: 'quesID', need: NEED_QUESTION }],
  headingFrom: { rows: 'questions', match: 'id', param: 'quesID', text: { pieces: ['第{no}题 ', '{title}'] } },
  backTo: BACK_TO_COUNT,
  pagedTable: {
    key: 'answers',
    source: '/v1/{org}/survey/{act}/question/{quesID}/answers',
    rowKey: ['response_id', 'option_text', 'text'],
    search: { placeholder: '搜索答案内容', param: 'keyword', testId: 'answers-search' },
    columns: [
      { field: 'response_id', title: RESPONSE_ID, width: 90, link: { path: SURVEY_PAPER_PAGE, query: { paperID: 'response_id' } } },
      { field: 'account', title: '读者', width: 120 },
      { field: 'unit_name', title: UNIT, width: 140 },
      { field: 'option_text', title: '选项', width: 160 },
      { field: 'text', title: '答案', fallback: 'num' },
      { field: 'submitted_at', title: SUBMITTED_AT, width: 170, show: 'time' },
    ],
  },
});

const NEED_PAPER = '请从答卷列表进入（缺少答卷ID）';

/**
 * 问卷答卷 (`actCountSurveyPaper?actID=&paperID=`): one response (the reader only when the
 * questionnaire is not anonymous) and, as the feature page's slot, the questions of the version it
 * answered (an answer given before a type change reads as given).
 */
export const surveyPaperFigures = defineFigures({
  name: 'surveyPaper',
  path: SURVEY_PAPER_PAGE,
  source: '/v1/{org}/survey/{act}/responses/{paperID}/paper',
  heading: '答卷详情',
  testId: 'survey-paper',
  needActivity: NEED_PAPER,
  params: [{ name: 'paperID', need: NEED_PAPER }],
  backTo: BACK_TO_COUNT,
  record: [
    { label: RESPONSE_ID, value: 'id' },
    { label: '读者', value: { pieces: ['{account}', '（{real_name}）'], instead: { when: 'anonymous', text: '匿名答卷' } } },
    { label: UNIT, value: 'unit_name' },
    { label: SUBMITTED_AT, value: 'submitted_at', show: 'time' },
    { label: '用时（秒）', value: 'duration_sec' },
    { label: '问卷版本', value: 'version' },
    { label: '修改次数', value: 'edit_count' },
    { label: '渠道', value: 'channel', hideEmpty: true },
  ],
});
