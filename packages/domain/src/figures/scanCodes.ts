import { defineFigures } from './define.js';

const SCANS = '扫码次数';
const OK_SCANS = '成功扫码';
const READERS = '扫码人数';
const POINTS = '发放积分';

/**
 * 扫码积分统计 (`adminCount/adminActCount/actCountIntegral?actID=`, design §10, issue 24): a scan
 * campaign's scans, readers, points issued against its budget and codes used, per China-time day,
 * per result and per batch (`GET /v1/{org}/integral/{act}/count`).
 */
export const integralCountFigures = defineFigures({
  name: 'actCountIntegral',
  path: 'adminCount/adminActCount/actCountIntegral',
  source: '/v1/{org}/integral/{act}/count',
  heading: '扫码积分统计',
  testId: 'integral-count',
  needActivity: '请先从扫码积分活动列表进入',
  backTo: { resource: 'integral' },
  cards: [
    { key: 'scans', title: SCANS, value: 'totals.scans' },
    { key: 'ok', title: OK_SCANS, value: 'totals.ok' },
    { key: 'readers', title: READERS, value: 'totals.readers' },
    { key: 'points', title: POINTS, value: 'totals.points' },
    { key: 'budget', title: '积分预算', value: 'totals.budget', show: 'dash' },
    { key: 'budget_used', title: '预算使用率', value: 'totals.budget_used', show: 'percent' },
    { key: 'codes_used', title: '已扫二维码', value: 'totals.codes_used' },
    { key: 'codes', title: '二维码总数', value: 'totals.codes' },
  ],
  charts: [
    {
      key: 'daily',
      title: '每日扫码趋势',
      kind: 'daily',
      rows: 'days',
      label: 'day',
      series: [
        { field: 'scans', title: SCANS, type: 'bar' },
        { field: 'ok', title: OK_SCANS, type: 'bar' },
        { field: 'readers', title: READERS },
        { field: 'points', title: POINTS },
      ],
      empty: '暂无扫码数据',
    },
  ],
  tables: [
    {
      key: 'integral-results',
      title: '扫码结果',
      rows: 'results',
      columns: [
        { field: 'label', title: '结果' },
        { field: 'scans', title: SCANS },
      ],
      side: 'left',
    },
    {
      key: 'integral-batches',
      title: '各批次',
      rows: 'batches',
      columns: [
        { field: 'name', title: '批次' },
        { field: 'codes', title: '二维码数' },
        { field: 'codes_used', title: '已扫二维码' },
        { field: 'ok', title: OK_SCANS },
        { field: 'points', title: POINTS },
        { field: 'status', title: '状态' },
      ],
      side: 'right',
    },
    {
      key: 'integral-days',
      title: '每日明细',
      rows: 'days',
      columns: [
        { field: 'day', title: '日期' },
        { field: 'scans', title: SCANS },
        { field: 'ok', title: OK_SCANS },
        { field: 'readers', title: READERS },
        { field: 'points', title: POINTS },
      ],
    },
  ],
  links: [{ title: '二维码与记录', path: 'adminAct/adminIntegralWork' }],
});
