import { defineFigures } from './define.js';

/**
 * 知识竞赛下载 (`actCountContestDownload?actID=`): the ranking, the objective questions' figures
 * and the short answers as spreadsheets, and the zip of answers.
 */
export const contestDownloadFigures = defineFigures({
  name: 'contestDownload',
  path: 'adminCount/adminActCount/actCountContestDownload',
  heading: '知识竞赛下载',
  testId: 'contest-download',
  needActivity: '请从知识竞赛列表进入',
  backTo: { path: 'adminCount/adminActCount/actCountContest', text: '返回知识竞赛统计' },
  downloads: [
    { key: 'rank', title: '成绩排名', hint: '每位读者的名次、成绩、用时和交卷时间（活动结束后为冻结的排名）。', path: '/v1/{org}/export/rank' },
    { key: 'objective', title: '客观题统计', hint: '每道题的作答人次、正确率、难度、区分度和选项分布。', path: '/v1/{org}/export/objective' },
    { key: 'subjective', title: '主观题答案', hint: '简答题的全部答案、得分和批改状态。', path: '/v1/{org}/export/subjective' },
    { key: 'answers', title: '答案压缩包', hint: '每份简答题答案一个文本文件（类型、标题、内容），按“标题+序号”命名。', path: '/v1/{org}/export/answers', filename: 'answers.zip' },
  ],
});

const COUNT_PAGE = 'adminCount/adminActCount/actCountContest';
const ATTEMPTS = '答题次数';
const PASSED = '及格/过关';
const CORRECT_RATE = '正确率';
/** Back to the list of the activity's type (3 知识竞赛, 6 进阶知识竞赛). */
const CONTEST_LISTS = { by: 'activity.type', choices: { 3: { resource: 'contest' }, 6: { resource: 'contestpro' } } };

/**
 * 知识竞赛统计 (`actCountContest?actID=`, types 3 and 6; `GET /v1/{org}/count/contest/{id}`):
 * totals, attempts per day, the score histogram with the pass line, the pass rate, for an advanced
 * contest the funnel per level, each question's correct rate, option distribution and item
 * analysis (difficulty, discrimination, flags); links to the attempts and the downloads.
 */
export const contestCountFigures = defineFigures({
  name: 'contestCount',
  path: COUNT_PAGE,
  source: '/v1/{org}/count/contest/{act}',
  heading: '知识竞赛统计',
  testId: 'contest-count',
  needActivity: '请从知识竞赛列表进入',
  backTo: { resource: 'contest' },
  backBy: CONTEST_LISTS,
  cards: [
    { key: 'attempts', title: ATTEMPTS, value: 'totals.attempts' },
    { key: 'readers', title: '参与人数', value: 'totals.readers' },
    { key: 'finished', title: '已完成', value: 'totals.finished' },
    { key: 'pending', title: '待批改', value: 'totals.pending' },
    { key: 'pass', title: '及格/过关率', value: 'totals.pass_rate', show: 'percent' },
    { key: 'mean', title: '平均分', value: 'totals.mean_score', show: 'dash' },
    { key: 'duration', title: '平均用时（秒）', value: 'totals.mean_duration', show: 'dash' },
  ],
  charts: [
    { key: 'daily', title: '每日答题次数', kind: 'daily', rows: 'days', label: 'day', series: [{ field: 'attempts', title: ATTEMPTS }], empty: '暂无答题', span: 12 },
    {
      key: 'histogram',
      title: '成绩分布（得分占总分）',
      kind: 'histogram',
      rows: 'histogram',
      label: 'label',
      series: [{ field: 'count', title: ATTEMPTS }],
      markLine: { at: 'pass_line', value: 'percent', text: '及格线 {score}/{total}分' },
      empty: '暂无答题',
      span: 6,
    },
    {
      key: 'pass',
      title: '及格情况',
      kind: 'pie',
      rows: 'totals',
      label: 'name',
      series: [{ field: 'value', title: '及格情况' }],
      slices: [
        { title: PASSED, value: 'totals.passed' },
        { title: '未及格/未过关', value: 'totals.finished', minus: 'totals.passed' },
      ],
      span: 6,
    },
    {
      key: 'funnel',
      title: '关卡漏斗',
      kind: 'bars',
      rows: 'funnel',
      label: 'name',
      series: [
        { field: 'unlocked', title: '已解锁' },
        { field: 'attempted', title: '已挑战' },
        { field: 'passed', title: PASSED },
      ],
    },
  ],
  tables: [
    {
      key: 'contest-questions',
      title: '题目分析',
      rows: 'questions',
      chart: { kind: 'bars', label: 'id', series: [{ field: 'correct_rate', title: CORRECT_RATE }], height: 240 },
      expand: { rows: 'options', title: '选项分布', chart: { kind: 'bars', label: 'key', labelMark: { field: 'right', text: '✓' }, series: [{ field: 'picks', title: '选项分布' }], height: 200 } },
      columns: [
        { field: 'id', title: 'ID', width: 70 },
        { field: 'type_name', title: '题型', width: 80 },
        { field: 'stem', title: '题干', ellipsis: true },
        { field: 'answered', title: '作答人次', width: 90 },
        { field: 'correct_rate', title: CORRECT_RATE, width: 80, show: 'percent' },
        { field: 'difficulty', title: '难度（答对率）', width: 110, show: 'dash' },
        { field: 'discrimination', title: '区分度', width: 80, show: 'dash' },
        { field: 'options', title: '选项分布', width: 180, show: 'pairs', pairs: { key: 'key', value: 'picks' } },
        { field: 'flag_labels', title: '提示', width: 200, show: 'tags', tag: { color: 'orange' } },
      ],
    },
  ],
  links: [
    { title: '答题记录', path: 'adminCount/adminActCount/actCountContestMore' },
    { title: '知识竞赛下载', path: 'adminCount/adminActCount/actCountContestDownload' },
  ],
});

/** 知识竞赛统计详情 (`actCountContestMore?actID=`): every attempt of the contest, the declared list of its type with its export. */
export const contestCountMoreFigures = defineFigures({
  name: 'contestCountMore',
  path: 'adminCount/adminActCount/actCountContestMore',
  // The figures tell the activity's type (and are cached from the page before).
  source: '/v1/{org}/count/contest/{act}',
  heading: '答题记录',
  testId: 'contest-count-more',
  needActivity: '请从知识竞赛列表进入',
  backTo: { path: COUNT_PAGE, text: '返回知识竞赛统计' },
  list: { by: 'activity.type', choices: { 3: 'contestAttempts', 6: 'contestProAttempts' } },
});
