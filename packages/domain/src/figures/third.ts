import { defineFigures } from './define.js';

const LAUNCHES = '启动次数';
const LAUNCH_READERS = '启动人数';
const JOINED_EVENTS = '参与回调';
const COMPLETED_EVENTS = '完成回调';
const SCORED_EVENTS = '得分回调';
const AVERAGE_SCORE = '平均得分率';

/**
 * 第三方活动统计 (`adminCount/adminActCount/thirdPartyCount?actID=`, design §8): a third-party
 * activity's launches, unique readers, joins, views, completions and average score, then per
 * China-time day as a chart — launches and readers as bars, the partner's events as lines, the
 * average score in percent on the right axis — and a table (`GET /v1/{org}/third/{id}/count`).
 */
export const thirdPartyCountFigures = defineFigures({
  name: 'thirdPartyCount',
  path: 'adminCount/adminActCount/thirdPartyCount',
  source: '/v1/{org}/third/{act}/count',
  heading: '第三方活动统计',
  testId: 'third-count',
  needActivity: '请先从第三方活动列表进入',
  backTo: { resource: 'third' },
  cards: [
    { key: 'launches', title: LAUNCHES, value: 'totals.launches' },
    { key: 'readers', title: LAUNCH_READERS, value: 'totals.readers' },
    { key: 'joins', title: '参与人数', value: 'totals.joins' },
    { key: 'views', title: '浏览量', value: 'totals.views' },
    { key: 'completed', title: '完成人数', value: 'totals.completed' },
    { key: 'average_score', title: AVERAGE_SCORE, value: 'totals.average_score', show: 'percent' },
  ],
  charts: [
    {
      key: 'daily',
      title: '每日参与趋势',
      kind: 'daily',
      rows: 'days',
      label: 'day',
      rightAxis: 'percent',
      series: [
        { field: 'launches', title: LAUNCHES, type: 'bar' },
        { field: 'readers', title: LAUNCH_READERS, type: 'bar' },
        { field: 'joined', title: JOINED_EVENTS },
        { field: 'completed', title: COMPLETED_EVENTS },
        { field: 'scored', title: SCORED_EVENTS },
        { field: 'average_score', title: AVERAGE_SCORE, right: true },
      ],
      empty: '暂无参与数据',
    },
  ],
  tables: [
    {
      key: 'third-days',
      title: '每日明细',
      rows: 'days',
      columns: [
        { field: 'day', title: '日期' },
        { field: 'launches', title: LAUNCHES },
        { field: 'readers', title: LAUNCH_READERS },
        { field: 'joined', title: JOINED_EVENTS },
        { field: 'completed', title: COMPLETED_EVENTS },
        { field: 'scored', title: SCORED_EVENTS },
        { field: 'average_score', title: AVERAGE_SCORE, show: 'percent' },
      ],
      pageSize: 366,
    },
  ],
});
