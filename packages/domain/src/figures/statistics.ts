import { defineFigures, type FigureChart, type FigureColumn, type FigureRowLink, type FigureTable } from './define.js';

/**
 * The statistics of the platform (`statistics/*`, super) and of the organisation (`adminCount/*`),
 * issue 26: pages of the whole (`wide`), read from the rollups (GET /v1/count/… and
 * /v1/{org}/count/…). Drill-down: the platform's organisation rows open the organisation's
 * 活动统计 in its back office, whose activity rows open each activity's own statistics page.
 */

const ACT_COUNT = 'statistics/ActCount';
const USER_COUNT = 'statistics/userCount';
const ORG_ACT_COUNT = 'adminCount/adminActCount';
const ORG_USER_COUNT = 'adminCount/adminUserCount';
const ORG_USER_MORE = 'adminCount/adminUserCount/adminUserCountMore';
const QUES_COUNT = 'statistics/quesCount';

/** The organisation's 活动统计 in its own back office (the platform's drill-down). */
const TO_ORG: FigureRowLink = { path: ORG_ACT_COUNT, query: {}, scopeFrom: 'org_key', text: '活动统计' };
const TO_ORG_USERS: FigureRowLink = { path: ORG_USER_MORE, query: {}, scopeFrom: 'org_key', text: '用户统计' };

const METRIC_TITLES = { activity: '活动数', work: '作品数', like: '点赞数', comment: '评论数', join: '参与人次', answer: '答题数', reader: '新增读者', active: '活跃读者' } as const;
type MetricField = keyof typeof METRIC_TITLES;
const col = (field: MetricField, width = 90): FigureColumn => ({ field, title: METRIC_TITLES[field], width });

/** Monthly bars of some metrics (a line of readers so far with `reader_total`). */
const monthsChart = (key: string, title: string, fields: MetricField[], totalLine?: { field: string; title: string }): FigureChart => ({
  key,
  title,
  kind: 'bars',
  rows: 'months',
  label: 'month',
  series: [...fields.map((f) => ({ field: f, title: METRIC_TITLES[f] })), ...(totalLine ? [{ ...totalLine, type: 'line' as const, right: true }] : [])],
  empty: '暂无数据',
});

const monthsTable = (key: string, fields: MetricField[], exportName: string): FigureTable => ({
  key,
  title: '按月统计',
  rows: 'months',
  pageSize: 12,
  exportName,
  columns: [{ field: 'month', title: '月份', width: 100 }, ...fields.map((f) => col(f))],
});

/** Every activity metric, with the shares of activities and works (spec §9: 2 decimals). */
const WITH_SHARES: FigureColumn[] = [
  col('activity'),
  { field: 'activity_percent', title: '活动占比', width: 100, show: 'percent2' },
  col('work'),
  { field: 'work_percent', title: '作品占比', width: 100, show: 'percent2' },
  col('like'),
  col('comment'),
  col('join'),
  col('answer'),
];

const typesTable = (key: string, exportName: string): FigureTable => ({
  key,
  title: '按活动类型统计',
  rows: 'types',
  exportName,
  hideEmpty: true,
  columns: [
    { field: 'name', title: '活动类型' },
    ...WITH_SHARES,
  ],
});

const ALL_ACTIVITY_METRICS: MetricField[] = ['activity', 'work', 'like', 'comment', 'join', 'answer'];
const totalsCards = (fields: MetricField[], at = 'totals') => fields.map((f) => ({ key: f, title: METRIC_TITLES[f], value: `${at}.${f}` }));

// ---- The platform ---------------------------------------------------------------------------------

/** 机构统计 (`statistics/orgCount`): organisations made per month and per type, and every organisation's figures. */
export const orgCountFigures = defineFigures({
  name: 'orgCount',
  path: 'statistics/orgCount',
  wide: true,
  source: '/v1/count/organization',
  heading: '机构统计',
  testId: 'stat-org-count',
  cards: [
    { key: 'organizations', title: '机构总数', value: 'totals.organizations' },
    { key: 'this-month', title: '本月新增机构', value: 'totals.this_month' },
    { key: 'types', title: '机构类型', value: 'totals.types' },
  ],
  charts: [
    { key: 'org-months', title: '每月新增机构', kind: 'bars', rows: 'months', label: 'month', series: [{ field: 'organizations', title: '新增机构' }, { field: 'total', title: '机构总数', type: 'line', right: true }], empty: '暂无机构', span: 14 },
    { key: 'org-types', title: '机构类型分布', kind: 'pie', rows: 'types', label: 'name', blank: { text: '未分类' }, series: [{ field: 'organizations', title: '机构数' }], empty: '暂无机构', span: 10 },
  ],
  tables: [
    {
      key: 'stat-org-types',
      title: '按机构类型统计',
      rows: 'types',
      exportName: '机构类型统计',
      columns: [{ field: 'name', title: '机构类型', blank: { text: '未分类' } }, { field: 'organizations', title: '机构数', width: 100 }, { field: 'percent', title: '占比', width: 100, show: 'percent2' }],
    },
    {
      key: 'stat-org-list',
      title: '机构列表',
      rows: 'organizations',
      exportName: '机构统计',
      columns: [
        { field: 'name', title: '机构名称' },
        { field: 'type_name', title: '机构类型', blank: { text: '未分类' } },
        { field: 'created_at', title: '创建时间', show: 'time', width: 150 },
        col('activity'),
        col('reader'),
        { field: 'org', title: '查看', width: 100, link: TO_ORG },
      ],
    },
  ],
  links: [{ title: '机构数据', path: 'statistics/orgstatistics' }],
});

/** 机构数据 (`statistics/orgstatistics`): every organisation's figures side by side with their shares, opening the organisation's pages. */
export const orgStatisticsFigures = defineFigures({
  name: 'orgStatistics',
  path: 'statistics/orgstatistics',
  wide: true,
  source: '/v1/count/organization',
  heading: '机构数据',
  testId: 'stat-org-statistics',
  charts: [{ key: 'org-activities', title: '各机构活动数', kind: 'bars', rows: 'organizations', label: 'name', series: [{ field: 'activity', title: '活动数' }, { field: 'work', title: '作品数' }], empty: '暂无机构' }],
  tables: [
    {
      key: 'stat-org-data',
      title: '机构数据',
      rows: 'organizations',
      exportName: '机构数据',
      columns: [
        { field: 'name', title: '机构名称' },
        ...WITH_SHARES,
        col('reader'),
        { field: 'reader_percent', title: '读者占比', width: 100, show: 'percent2' },
        { field: 'active_month', title: '本月活跃', width: 90 },
        { field: 'org', title: '活动统计', width: 100, link: TO_ORG },
        { field: 'users', title: '用户统计', width: 100, link: TO_ORG_USERS },
      ],
    },
  ],
});

/** 活动统计 (`statistics/ActCount`): activities, works, likes, comments… of every organisation by month, type and organisation. */
export const platformActCountFigures = defineFigures({
  name: 'platformActCount',
  path: ACT_COUNT,
  wide: true,
  source: '/v1/count/overview',
  heading: '活动统计',
  testId: 'stat-act-count',
  cards: totalsCards(ALL_ACTIVITY_METRICS),
  charts: [monthsChart('act-months', '每月活动数据', ['activity', 'work', 'like', 'comment'])],
  tables: [
    typesTable('stat-act-types', '活动类型统计'),
    {
      key: 'stat-act-orgs',
      title: '按机构统计',
      rows: 'organizations',
      exportName: '机构活动统计',
      columns: [{ field: 'name', title: '机构名称' }, ...ALL_ACTIVITY_METRICS.map((f) => col(f)), { field: 'org', title: '查看', width: 100, link: TO_ORG }],
    },
  ],
  links: [
    { title: '活动数量统计', path: `${ACT_COUNT}/staticActivity` },
    { title: '作品统计', path: `${ACT_COUNT}/staticCreation` },
    { title: '点赞统计', path: `${ACT_COUNT}/staticLike` },
    { title: '评论统计', path: `${ACT_COUNT}/staticComment` },
  ],
});

/** One metric of the platform by month, type and organisation (GET /v1/count/{metric}). */
function metricPage(name: string, page: string, metric: string, heading: string, unit: string) {
  return defineFigures({
    name,
    path: `${ACT_COUNT}/${page}`,
    wide: true,
    source: `/v1/count/${metric}`,
    heading,
    testId: `stat-${page}`,
    backTo: { path: ACT_COUNT, text: '返回活动统计' },
    cards: [
      { key: 'total', title: `${unit}总数`, value: 'totals.total' },
      { key: 'this-month', title: `本月${unit}`, value: 'totals.this_month' },
      { key: 'last-month', title: `上月${unit}`, value: 'totals.last_month' },
    ],
    charts: [
      { key: `${page}-months`, title: `每月${unit}`, kind: 'bars', rows: 'months', label: 'month', series: [{ field: 'n', title: unit }, { field: 'total', title: '累计', type: 'line', right: true }], empty: '暂无数据' },
      { key: `${page}-types`, title: '活动类型分布', kind: 'pie', rows: 'types', label: 'name', series: [{ field: 'n', title: unit }], empty: '暂无数据', span: 12 },
      { key: `${page}-orgs`, title: '机构分布', kind: 'pie', rows: 'organizations', label: 'name', series: [{ field: 'n', title: unit }], empty: '暂无数据', span: 12 },
    ],
    tables: [
      { key: `${page}-month-table`, title: '按月统计', rows: 'months', pageSize: 12, exportName: `${heading}-按月`, columns: [{ field: 'month', title: '月份', width: 100 }, { field: 'n', title: unit, width: 100 }, { field: 'total', title: '累计', width: 100 }] },
      { key: `${page}-type-table`, title: '按活动类型统计', rows: 'types', exportName: `${heading}-按类型`, side: 'left', columns: [{ field: 'name', title: '活动类型' }, { field: 'n', title: unit, width: 90 }, { field: 'percent', title: '占比', width: 90, show: 'percent2' }] },
      {
        key: `${page}-org-table`,
        title: '按机构统计',
        rows: 'organizations',
        exportName: `${heading}-按机构`,
        side: 'right',
        columns: [{ field: 'name', title: '机构名称' }, { field: 'n', title: unit, width: 90 }, { field: 'percent', title: '占比', width: 90, show: 'percent2' }, { field: 'org', title: '查看', width: 90, link: TO_ORG }],
      },
    ],
  });
}

export const staticActivityFigures = metricPage('staticActivity', 'staticActivity', 'activity', '活动数量统计', '活动');
export const staticCreationFigures = metricPage('staticCreation', 'staticCreation', 'creation', '作品统计', '作品');
export const staticLikeFigures = metricPage('staticLike', 'staticLike', 'like', '点赞统计', '点赞');
export const staticCommentFigures = metricPage('staticComment', 'staticComment', 'comment', '评论统计', '评论');

const USER_CARDS = [
  { key: 'total', title: '读者总数', value: 'totals.total' },
  { key: 'this-month', title: '本月新增读者', value: 'totals.this_month' },
  { key: 'last-month', title: '上月新增读者', value: 'totals.last_month' },
  { key: 'active-month', title: '本月活跃读者', value: 'totals.active_month' },
];

/** 用户统计 (`statistics/userCount`): readers new and active per month, and per organisation. */
export const platformUserCountFigures = defineFigures({
  name: 'platformUserCount',
  path: USER_COUNT,
  wide: true,
  source: '/v1/count/user',
  heading: '用户统计',
  testId: 'stat-user-count',
  cards: USER_CARDS,
  charts: [
    { key: 'user-months', title: '每月新增与活跃读者', kind: 'bars', rows: 'months', label: 'month', series: [{ field: 'n', title: '新增读者' }, { field: 'active', title: '活跃读者' }, { field: 'total', title: '读者总数', type: 'line', right: true }], empty: '暂无读者' },
    { key: 'user-orgs', title: '读者机构分布', kind: 'pie', rows: 'organizations', label: 'name', series: [{ field: 'n', title: '读者' }], empty: '暂无读者' },
  ],
  links: [{ title: '用户数量统计', path: `${USER_COUNT}/staticUsers` }],
});

/** 用户数量统计 (`statistics/userCount/staticUsers`): the same figures as tables, by month and by organisation. */
export const staticUsersFigures = defineFigures({
  name: 'staticUsers',
  path: `${USER_COUNT}/staticUsers`,
  wide: true,
  source: '/v1/count/user',
  heading: '用户数量统计',
  testId: 'stat-static-users',
  backTo: { path: USER_COUNT, text: '返回用户统计' },
  cards: USER_CARDS,
  tables: [
    { key: 'users-months', title: '按月统计', rows: 'months', pageSize: 12, exportName: '用户数量-按月', columns: [{ field: 'month', title: '月份', width: 100 }, { field: 'n', title: '新增读者', width: 100 }, { field: 'active', title: '活跃读者', width: 100 }, { field: 'total', title: '读者总数', width: 100 }] },
    {
      key: 'users-orgs',
      title: '按机构统计',
      rows: 'organizations',
      exportName: '用户数量-按机构',
      columns: [{ field: 'name', title: '机构名称' }, { field: 'n', title: '读者数', width: 100 }, { field: 'percent', title: '占比', width: 100, show: 'percent2' }, { field: 'active_month', title: '本月活跃', width: 100 }, { field: 'users', title: '查看', width: 100, link: TO_ORG_USERS }],
    },
  ],
});

const pie = (key: string, title: string, rows: string, series: string): FigureChart => ({ key, title, kind: 'pie', rows, label: 'name', series: [{ field: 'value', title: series }], empty: '暂无数据', span: 12 });
const shareTable = (key: string, title: string, rows: string, what: string, side: 'left' | 'right'): FigureTable => ({
  key,
  title,
  rows,
  side,
  exportName: title,
  columns: [{ field: 'name', title: what }, { field: 'value', title: '数量', width: 90 }, { field: 'percent', title: '占比', width: 90, show: 'percent2' }],
});

/** 分布图 (`statistics/pieChart`): the platform's distributions, each as a pie and its table. */
export const pieChartFigures = defineFigures({
  name: 'pieChart',
  path: 'statistics/pieChart',
  wide: true,
  source: '/v1/count/pie',
  heading: '分布图',
  testId: 'stat-pie-chart',
  charts: [
    pie('pie-activity-types', '活动类型分布', 'activity_types', '活动数'),
    pie('pie-work-types', '作品活动类型分布', 'work_types', '作品数'),
    pie('pie-org-activities', '机构活动分布', 'org_activities', '活动数'),
    pie('pie-org-readers', '机构读者分布', 'org_readers', '读者数'),
    pie('pie-org-types', '机构类型分布', 'org_types', '机构数'),
  ],
  tables: [
    shareTable('pie-table-activity-types', '活动类型分布', 'activity_types', '活动类型', 'left'),
    shareTable('pie-table-work-types', '作品活动类型分布', 'work_types', '活动类型', 'right'),
    shareTable('pie-table-org-activities', '机构活动分布', 'org_activities', '机构', 'left'),
    shareTable('pie-table-org-readers', '机构读者分布', 'org_readers', '机构', 'right'),
    shareTable('pie-table-org-types', '机构类型分布', 'org_types', '机构类型', 'left'),
  ],
});

// ---- The organisation ---------------------------------------------------------------------------

/** 活动统计 (`adminCount/adminActCount`): the organisation's figures by month and type, and each activity's, opening its own statistics page. */
export const orgActCountFigures = defineFigures({
  name: 'orgActCount',
  path: ORG_ACT_COUNT,
  wide: true,
  source: '/v1/{org}/count/activity',
  heading: '活动统计',
  titleFrom: 'organization.name',
  testId: 'org-act-count',
  cards: totalsCards(ALL_ACTIVITY_METRICS),
  charts: [monthsChart('org-act-months', '每月活动数据', ['activity', 'work', 'like', 'comment', 'join'])],
  tables: [
    typesTable('org-act-types', '活动类型统计'),
    {
      key: 'org-act-list',
      title: '活动列表',
      rows: 'activities',
      exportName: '活动统计',
      columns: [
        { field: 'title', title: '活动名称', ellipsis: true },
        { field: 'type_name', title: '活动类型', width: 120 },
        { field: 'created_at', title: '创建时间', show: 'time', width: 150 },
        col('work'),
        col('like'),
        col('comment'),
        col('join'),
        col('answer'),
        { field: 'more', title: '统计详情', width: 90, link: { path: `${ORG_ACT_COUNT}/actCountMore`, query: { actID: 'id' }, text: '详情' } },
        { field: 'count', title: '活动统计', width: 90, link: { path: '', pathFrom: 'count_page', query: { actID: 'id' }, text: '查看' } },
      ],
    },
  ],
  links: [{ title: '用户统计详情', path: ORG_USER_MORE }],
});

/** 活动统计详情 (`adminCount/adminActCount/actCountMore?actID=`): one activity's figures by month. */
export const actCountMoreFigures = defineFigures({
  name: 'actCountMore',
  path: `${ORG_ACT_COUNT}/actCountMore`,
  source: '/v1/{org}/count/activity/{act}',
  heading: '活动统计详情',
  testId: 'act-count-more',
  needActivity: '请从活动统计进入',
  backTo: { path: ORG_ACT_COUNT, text: '返回活动统计' },
  cards: totalsCards(['work', 'like', 'comment', 'join', 'answer']),
  charts: [monthsChart('act-more-months', '每月数据', ['work', 'like', 'comment', 'join', 'answer'])],
  tables: [monthsTable('act-more-table', ['work', 'like', 'comment', 'join', 'answer'], '活动统计详情')],
});

/** 用户统计详情 (`adminCount/adminUserCount/adminUserCountMore`): the organisation's readers, new and active, per month. */
export const adminUserCountMoreFigures = defineFigures({
  name: 'adminUserCountMore',
  path: ORG_USER_MORE,
  wide: true,
  source: '/v1/{org}/count/user',
  heading: '用户统计详情',
  titleFrom: 'organization.name',
  testId: 'org-user-count-more',
  backTo: { path: ORG_USER_COUNT, text: '返回用户统计' },
  cards: [
    { key: 'readers', title: '读者总数', value: 'totals.reader' },
    { key: 'this-month', title: '本月新增读者', value: 'this_month.reader' },
    { key: 'last-month', title: '上月新增读者', value: 'last_month.reader' },
    { key: 'active-month', title: '本月活跃读者', value: 'this_month.active' },
  ],
  charts: [monthsChart('org-user-months', '每月新增与活跃读者', ['reader', 'active'], { field: 'reader_total', title: '读者总数' })],
  tables: [{ ...monthsTable('org-user-table', ['reader', 'active'], '用户统计详情'), columns: [{ field: 'month', title: '月份', width: 100 }, col('reader', 100), col('active', 100), { field: 'reader_total', title: '读者总数', width: 100 }] }],
});

// ---- The questions series (statistics/quesCount, staticOrgQuestion, adminCount/adminQuesCount) -----

/**
 * The questions series over GET /v1/count/question/months and /v1/{org}/count/question/months:
 * questions added to the banks, contest answers and the right ones by China month and question
 * type (the platform's also by organisation, opening staticOrgQuestion). Drawn inside the
 * questions pages, above their bank figures (not routes of their own: not in FIGURES).
 */
const QUESTION_TITLES = { question: '新增题目', public_question: '公共题库新增', answer: '答题数', correct: '答对数', correct_rate: '正确率' } as const;
type QuestionField = keyof typeof QUESTION_TITLES;
const qcol = (field: QuestionField): FigureColumn => ({ field, title: QUESTION_TITLES[field], width: 100, ...(field === 'correct_rate' ? { show: 'percent2' as const } : {}) });

function questionSeriesFigures(name: string, heading: string, platform: boolean) {
  const monthFields: QuestionField[] = platform ? ['question', 'public_question', 'answer', 'correct', 'correct_rate'] : ['question', 'answer', 'correct', 'correct_rate'];
  const tables: FigureTable[] = [
    { key: `${name}-month-table`, title: '按月统计', rows: 'months', pageSize: 12, exportName: `${heading}-按月`, columns: [{ field: 'month', title: '月份', width: 100 }, ...monthFields.map(qcol)] },
    {
      key: `${name}-type-table`,
      title: '按题型统计',
      rows: 'types',
      exportName: `${heading}-按题型`,
      side: platform ? 'left' : undefined,
      columns: [{ field: 'name', title: '题型' }, qcol('question'), { field: 'percent', title: '占比', width: 90, show: 'percent2' }],
    },
  ];
  if (platform)
    tables.push({
      key: `${name}-org-table`,
      title: '按机构统计',
      rows: 'organizations',
      exportName: `${heading}-按机构`,
      side: 'right',
      columns: [
        { field: 'name', title: '机构名称' },
        qcol('question'),
        { field: 'question_percent', title: '占比', width: 90, show: 'percent2' },
        qcol('answer'),
        qcol('correct_rate'),
        { field: 'org', title: '查看', width: 90, link: { path: `${QUES_COUNT}/staticOrgQuestion`, query: { org: 'org_key' }, text: '机构统计' } },
      ],
    });
  return defineFigures({
    name,
    path: '',
    wide: true,
    heading,
    testId: name,
    cards: [
      { key: 'question', title: '题目总数', value: 'totals.question' },
      { key: 'question-month', title: '本月新增题目', value: 'this_month.question' },
      { key: 'answer', title: '答题总数', value: 'totals.answer' },
      { key: 'correct-rate', title: '总正确率', value: 'totals.correct_rate', show: 'percent2' },
    ],
    charts: [
      {
        key: `${name}-months`,
        title: '每月新增题目与答题',
        kind: 'bars',
        rows: 'months',
        label: 'month',
        series: [{ field: 'question', title: QUESTION_TITLES.question }, { field: 'answer', title: QUESTION_TITLES.answer }, { field: 'correct', title: QUESTION_TITLES.correct }, { field: 'correct_rate', title: QUESTION_TITLES.correct_rate, type: 'line', right: true }],
        rightAxis: 'percent',
        empty: '暂无数据',
      },
    ],
    tables,
  });
}

/** The platform's (statistics/quesCount). */
export const platformQuestionSeriesFigures = questionSeriesFigures('stat-ques-series', '题目与答题统计', true);
/** An organisation's (staticOrgQuestion for the platform, adminQuesCount for the organisation). */
export const orgQuestionSeriesFigures = questionSeriesFigures('org-ques-series', '题目与答题统计', false);

/** Every statistics page of the platform and the organisation (listed in FIGURES). */
export const STATISTICS_FIGURES = [
  orgCountFigures,
  orgStatisticsFigures,
  platformActCountFigures,
  staticActivityFigures,
  staticCreationFigures,
  staticLikeFigures,
  staticCommentFigures,
  platformUserCountFigures,
  staticUsersFigures,
  pieChartFigures,
  orgActCountFigures,
  actCountMoreFigures,
  adminUserCountMoreFigures,
];
