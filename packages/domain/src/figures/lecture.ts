import { defineFigures } from './define.js';

/**
 * The statistics page of a lecture on demand (type 19, issue 25, design §11b "Counts"), read from
 * `GET /v1/{org}/lecture/{act}/count`: plays, learners, completions, completion rate, mean watched
 * share, learning hours; per day, the drop-off per item (learners who started and finished each
 * item, in the lecture's order) and per unit.
 */
export const lectureCountFigures = defineFigures({
  name: 'lectureCount',
  path: 'adminCount/adminActCount/actCountLecture',
  source: '/v1/{org}/lecture/{act}/count',
  heading: '讲座统计',
  testId: 'lecture-count',
  needActivity: '请从点播讲座列表进入',
  backTo: { resource: 'lecture' },
  cards: [
    { key: 'plays', title: '播放次数', value: 'totals.plays' },
    { key: 'learners', title: '学习人数', value: 'totals.learners' },
    { key: 'completions', title: '完成人数', value: 'totals.completions' },
    { key: 'completion', title: '完成率', value: 'totals.completion_rate', show: 'percent2' },
    { key: 'watched', title: '平均观看比例', value: 'totals.mean_watched_pct', show: 'percent2' },
    { key: 'hours', title: '学习时长（小时）', value: 'totals.learn_hours' },
  ],
  charts: [
    {
      key: 'daily',
      title: '每日学习人数',
      kind: 'daily',
      rows: 'days',
      label: 'day',
      series: [{ field: 'learners', title: '新增学习人数' }, { field: 'completions', title: '完成人数' }],
      empty: '暂无学习记录',
    },
    {
      key: 'dropoff',
      title: '各内容学习与完成人数（流失）',
      kind: 'bars',
      rows: 'items',
      label: 'title',
      rightAxis: 'percent',
      series: [
        { field: 'learners', title: '开始学习' },
        { field: 'finished', title: '完成' },
        { field: 'retention', title: '完成人数占首项学习人数', type: 'line', right: true },
      ],
      empty: '暂无讲座内容',
    },
  ],
  tables: [
    {
      key: 'lecture-items',
      title: '按内容统计',
      rows: 'items',
      columns: [
        { field: 'title', title: '内容' },
        { field: 'media_label', title: '类型', width: 90 },
        { field: 'plays', title: '播放次数', width: 100 },
        { field: 'learners', title: '学习人数', width: 100 },
        { field: 'finished', title: '完成人数', width: 100 },
        { field: 'mean_watched_pct', title: '平均观看比例', width: 120, show: 'percent2' },
      ],
    },
    {
      key: 'lecture-units',
      title: '按单位统计',
      rows: 'units',
      columns: [
        { field: 'unit_name', title: '单位', blank: { text: '未填写单位' } },
        { field: 'learners', title: '学习人数', width: 100 },
        { field: 'completions', title: '完成人数', width: 100 },
        { field: 'completion_rate', title: '完成率', width: 100, show: 'percent2' },
        { field: 'learn_hours', title: '学习时长（小时）', width: 130 },
      ],
    },
  ],
  links: [
    { title: '学习记录', path: 'adminAct/adminLectureWork' },
    { title: '讲座内容', path: 'adminAct/adminLectureItem' },
  ],
  headerDownloads: [{ key: 'lecture', title: '导出学习记录', path: '/v1/{org}/export/lecture' }],
});
