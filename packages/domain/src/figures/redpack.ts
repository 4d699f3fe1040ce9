import { defineFigures, type FigureColumn } from './define.js';

/**
 * 红包统计 (`adminCount/adminRedpackCount`, issue 26): the organisation's payouts from
 * `GET /v1/amount/{org}/count` — sent, received, refunded, failed, waiting and the cost (fen shown
 * as yuan), per China day and per activity. The merchant's state and the batches waiting for a
 * second administrator are the page's own part (features/redpack).
 */
const MEASURES: FigureColumn[] = [
  { field: 'payouts', title: '发放笔数', width: 90 },
  { field: 'received', title: '已到账', width: 90 },
  { field: 'refunded', title: '已退回', width: 90 },
  { field: 'failed', title: '发放失败', width: 90 },
  { field: 'pending', title: '待发放', width: 90 },
  { field: 'cost_fen', title: '实际支出（元）', width: 120, show: 'yuan' },
  { field: 'refunded_fen', title: '退回金额（元）', width: 120, show: 'yuan' },
];

export const redpackCountFigures = defineFigures({
  name: 'redpackCount',
  path: 'adminCount/adminRedpackCount',
  wide: true,
  source: '/v1/amount/{org}/count',
  heading: '红包统计',
  testId: 'redpack-count',
  cards: [
    { key: 'sent', title: '已发放', value: 'totals.sent' },
    { key: 'received', title: '已到账', value: 'totals.received' },
    { key: 'refunded', title: '已退回', value: 'totals.refunded' },
    { key: 'failed', title: '发放失败', value: 'totals.failed' },
    { key: 'pending', title: '待发放', value: 'totals.pending' },
    { key: 'cost', title: '实际支出（元）', value: 'totals.cost_fen', show: 'yuan' },
  ],
  charts: [
    {
      key: 'redpack-days',
      title: '每日发放',
      kind: 'daily',
      rows: 'days',
      label: 'day',
      series: [
        { field: 'received', title: '已到账', type: 'bar', stack: 'n' },
        { field: 'refunded', title: '已退回', type: 'bar', stack: 'n' },
        { field: 'failed', title: '发放失败', type: 'bar', stack: 'n' },
        { field: 'cost_yuan', title: '实际支出（元）', type: 'line', right: true },
      ],
      empty: '暂无红包发放',
    },
  ],
  tables: [
    { key: 'redpack-day-table', title: '每日发放', rows: 'days', pageSize: 31, exportName: '红包每日发放', columns: [{ field: 'day', title: '日期', width: 110 }, ...MEASURES] },
    { key: 'redpack-act-table', title: '各活动发放', rows: 'activities', exportName: '红包各活动发放', columns: [{ field: 'title', title: '活动' }, ...MEASURES] },
  ],
  links: [
    { title: '红包配置', path: 'adminCount/adminRedpackCount/adminRedpackConfig' },
    { title: '发放记录', path: 'adminCount/adminRedpackCount/adminRedpackList' },
  ],
});
