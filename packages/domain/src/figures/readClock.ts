import { defineFigures } from './define.js';

/**
 * The statistics pages of reading check-in (type 8, issue 24, design §9b "Stats"), read from
 * `GET /v1/{org}/mark/{act}/count` (totals, days, retention, streaks, units) and the readers'
 * `GET /v1/{org}/mark/{act}/count/readers`.
 */
const COUNT_PAGE = 'adminCount/adminActCount/actCountRead';
const READERS_PAGE = 'adminCount/adminActCount/actCountReadRecord';
const NEED = '请从阅读打卡列表进入';

/** 阅读打卡统计 (`actCountRead?actID=`): daily participants, retention (day n ÷ day 1), completion, streak distribution, per unit. */
export const readClockCountFigures = defineFigures({
  name: 'readClockCount',
  path: COUNT_PAGE,
  source: '/v1/{org}/mark/{act}/count',
  heading: '阅读打卡统计',
  testId: 'read-clock-count',
  needActivity: NEED,
  backTo: { resource: 'mark' },
  cards: [
    { key: 'participants', title: '参与人数', value: 'totals.participants' },
    { key: 'marks', title: '打卡次数', value: 'totals.marks' },
    { key: 'makeups', title: '补卡次数', value: 'totals.makeups' },
    { key: 'pending', title: '待审核', value: 'totals.pending' },
    { key: 'target', title: '目标天数', value: 'totals.target_days' },
    { key: 'completed', title: '完成人数', value: 'totals.completed' },
    { key: 'completion', title: '完成率', value: 'totals.completion_rate', show: 'percent2' },
  ],
  charts: [
    {
      key: 'daily',
      title: '每日打卡人数',
      kind: 'daily',
      rows: 'days',
      label: 'day',
      series: [{ field: 'participants', title: '打卡人数' }, { field: 'makeups', title: '补卡' }],
      empty: '暂无打卡',
    },
    {
      key: 'retention',
      title: '留存（第n天打卡人数 ÷ 第1天）',
      kind: 'bars',
      rows: 'retention',
      label: 'label',
      rightAxis: 'percent',
      series: [{ field: 'participants', title: '打卡人数' }, { field: 'rate', title: '留存率', type: 'line', right: true }],
      empty: '暂无打卡',
      span: 12,
    },
    { key: 'streaks', title: '当前连续打卡天数分布', kind: 'bars', rows: 'streaks', label: 'label', series: [{ field: 'readers', title: '人数' }], empty: '暂无打卡', span: 12 },
  ],
  tables: [
    {
      key: 'read-clock-units',
      title: '按单位统计',
      rows: 'units',
      columns: [
        { field: 'unit_name', title: '单位', blank: { text: '未填写单位' } },
        { field: 'participants', title: '参与人数', width: 100 },
        { field: 'marks', title: '打卡次数', width: 100 },
        { field: 'completed', title: '完成人数', width: 100 },
        { field: 'completion_rate', title: '完成率', width: 100, show: 'percent2' },
      ],
    },
  ],
  links: [
    { title: '打卡记录统计', path: READERS_PAGE },
    { title: '打卡记录', path: 'adminAct/adminReadClockRecord' },
  ],
  headerDownloads: [{ key: 'mark', title: '导出打卡记录', path: '/v1/{org}/export/mark' }],
});

/** 打卡记录统计 (`actCountReadRecord?actID=`): per reader, days checked in, current and longest streak, make-ups, completion. */
export const readClockReadersFigures = defineFigures({
  name: 'readClockReaders',
  path: READERS_PAGE,
  source: '/v1/{org}/mark/{act}/count/readers',
  heading: '打卡记录统计',
  testId: 'read-clock-readers',
  needActivity: NEED,
  backTo: { path: COUNT_PAGE, text: '返回阅读打卡统计' },
  cards: [
    { key: 'readers', title: '参与人数', value: 'totals.readers' },
    { key: 'target', title: '目标天数', value: 'totals.target_days' },
  ],
  tables: [
    {
      key: 'read-clock-readers',
      title: '读者打卡',
      rows: 'readers',
      pageSize: 50,
      columns: [
        { field: 'account', title: '读者账号', width: 140 },
        { field: 'real_name', title: '姓名', width: 100 },
        { field: 'unit_name', title: '单位', blank: { text: '未填写单位' } },
        { field: 'total_days', title: '打卡天数', width: 90 },
        { field: 'current_streak', title: '当前连续', width: 90 },
        { field: 'longest_streak', title: '最长连续', width: 90 },
        { field: 'makeups', title: '补卡', width: 70 },
        { field: 'completed', title: '完成', width: 70, show: 'tag', tag: { text: '已完成', color: 'green' } },
      ],
    },
  ],
});
