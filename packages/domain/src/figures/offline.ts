import { defineFigures, type FigureCard, type FigureColumn } from './define.js';

/**
 * The statistics pages of offline activities (type 5, issue 23, design §7b "Stats"), read from
 * `GET /v1/{org}/offline/{act}/count` (totals, sessions, units, days), one session's
 * `GET …/session/{sessionID}/count` and the readers' `GET …/count/readers`.
 */
const SINGLE_PAGE = 'adminCount/adminActCount/actCountOffline';
const SERIES_PAGE = 'adminCount/adminActCount/actCountOffineS';
const TRAIN_PAGE = 'adminCount/adminActCount/actCountTrain';
export const OFFLINE_SESSION_PAGE = 'adminCount/adminActCount/actCountOfflineMore';
const TRAIN_READERS_PAGE = 'adminCount/adminActCount/actCountTrain/actCountTrainPaper';
const SOURCE = '/v1/{org}/offline/{act}/count';
const NEED = '请从线下活动列表进入';

const BOOKED = '预约人数';
const SEATS = '预约座位';
const FILL = '满座率';
const ATTENDED = '到场人数';
const ATTENDANCE = '到场率';
const NO_SHOWS = '未到场';
const NO_SHOW_RATE = '爽约率';
const WAITING = '候补中';
const CONVERSION = '候补转化率';
const LATE = '临近取消（<24小时）';
const SIGNED_OUT = '签退人数';

const cards = (at: string): FigureCard[] => [
  { key: 'booked', title: BOOKED, value: `${at}.booked` },
  { key: 'seats', title: SEATS, value: `${at}.booked_seats` },
  { key: 'capacity', title: '座位数', value: `${at}.capacity` },
  { key: 'fill', title: FILL, value: `${at}.fill_rate`, show: 'percent2' },
  { key: 'waiting', title: WAITING, value: `${at}.waiting` },
  { key: 'conversion', title: CONVERSION, value: `${at}.conversion_rate`, show: 'percent2' },
  { key: 'attended', title: ATTENDED, value: `${at}.attended` },
  { key: 'attendance', title: ATTENDANCE, value: `${at}.attendance_rate`, show: 'percent2' },
  { key: 'no_shows', title: NO_SHOWS, value: `${at}.no_shows` },
  { key: 'no_show_rate', title: NO_SHOW_RATE, value: `${at}.no_show_rate`, show: 'percent2' },
  { key: 'late', title: LATE, value: `${at}.late_cancellations` },
];

/** The columns every row of figures shares (a session, a unit). */
const FIGURE_COLUMNS: FigureColumn[] = [
  { field: 'booked', title: BOOKED, width: 90 },
  { field: 'booked_seats', title: SEATS, width: 90 },
  { field: 'waiting', title: WAITING, width: 80 },
  { field: 'waitlisted', title: '曾候补', width: 80 },
  { field: 'offered', title: '候补获位', width: 90 },
  { field: 'conversion_rate', title: CONVERSION, width: 100, show: 'percent2' },
  { field: 'attended', title: ATTENDED, width: 90 },
  { field: 'attendance_rate', title: ATTENDANCE, width: 90, show: 'percent2' },
  { field: 'no_shows', title: NO_SHOWS, width: 80 },
  { field: 'no_show_rate', title: NO_SHOW_RATE, width: 90, show: 'percent2' },
  { field: 'cancelled', title: '已取消', width: 80 },
  { field: 'late_cancellations', title: LATE, width: 130 },
];
const UNITS_TABLE = {
  key: 'offline-units',
  title: '按单位统计',
  rows: 'units',
  columns: [{ field: 'unit_name', title: '单位', blank: { text: '未填写单位' } }, ...FIGURE_COLUMNS],
  chart: { kind: 'bars' as const, label: 'unit_name', blank: { text: '未填写单位' }, series: [{ field: 'booked', title: BOOKED }, { field: 'attended', title: ATTENDED }], height: 240 },
};
const SESSION_LINK = { path: OFFLINE_SESSION_PAGE, query: { sessionID: 'id' }, text: '详情' };
const sessionsTable = (signOut: boolean) => ({
  key: 'offline-sessions',
  title: '按场次统计',
  rows: 'sessions',
  chart: {
    kind: 'bars' as const,
    label: 'title',
    rightAxis: 'percent' as const,
    series: signOut
      ? [{ field: 'attended', title: '签到人数' }, { field: 'signed_out', title: SIGNED_OUT }, { field: 'attendance_rate', title: ATTENDANCE, type: 'line' as const, right: true }]
      : [{ field: 'booked_seats', title: SEATS }, { field: 'capacity', title: '座位数' }, { field: 'fill_rate', title: FILL, type: 'line' as const, right: true }],
    height: 260,
  },
  columns: [
    { field: 'title', title: '场次', ellipsis: true },
    { field: 'start_at', title: '开始时间', width: 150, show: 'time' as const },
    { field: 'capacity', title: '座位数', width: 80 },
    { field: 'fill_rate', title: FILL, width: 90, show: 'percent2' as const },
    ...(signOut ? [{ field: 'signed_out', title: SIGNED_OUT, width: 90 }] : []),
    ...FIGURE_COLUMNS,
    { field: 'id', title: '详情', width: 70, link: SESSION_LINK },
  ],
  pageSize: 50,
});
const DAILY = {
  key: 'daily',
  title: '每日预约',
  kind: 'daily' as const,
  rows: 'days',
  label: 'day',
  series: [{ field: 'reservations', title: '预约（含候补）' }, { field: 'waitlisted', title: '进入候补' }],
  empty: '暂无预约',
};
const BACK = { by: 'activity.variant', choices: { 0: { resource: 'offline' }, 1: { resource: 'offlines' } } };

/** 线下活动统计 (`actCountOffline?actID=`): one offline activity's bookings, waiting list, attendance, per day and unit. */
export const offlineCountFigures = defineFigures({
  name: 'offlineCount',
  path: SINGLE_PAGE,
  source: SOURCE,
  heading: '线下活动统计',
  testId: 'offline-count',
  needActivity: NEED,
  backTo: { resource: 'offline' },
  backBy: BACK,
  cards: cards('totals'),
  charts: [DAILY],
  tables: [sessionsTable(false), UNITS_TABLE],
  links: [{ title: '报名名单', path: 'adminAct/adminOfflineWork' }],
  headerDownloads: [{ key: 'train', title: '导出签到记录', path: '/v1/{org}/export/train' }],
});

/** 系列线下活动统计 (`actCountOffineS?actID=`): a series' totals and every session's figures (each opening its detail), per unit. */
export const offlineSeriesCountFigures = defineFigures({
  name: 'offlineSeriesCount',
  path: SERIES_PAGE,
  source: SOURCE,
  heading: '系列线下活动统计',
  testId: 'offline-series-count',
  needActivity: NEED,
  backTo: { resource: 'offlines' },
  backBy: BACK,
  cards: [{ key: 'sessions', title: '场次数', value: 'totals.sessions' }, ...cards('totals')],
  charts: [DAILY],
  tables: [sessionsTable(false), UNITS_TABLE],
  links: [
    { title: '培训统计', path: TRAIN_PAGE },
    { title: '场次报名', path: 'adminAct/adminOfflinesListWork' },
  ],
  headerDownloads: [{ key: 'train', title: '导出签到记录', path: '/v1/{org}/export/train' }],
});

/** 线下活动统计详情 (`actCountOfflineMore?actID=&sessionID=`): one session's figures, per unit and by check-in method. */
export const offlineSessionFigures = defineFigures({
  name: 'offlineSessionCount',
  path: OFFLINE_SESSION_PAGE,
  source: '/v1/{org}/offline/{act}/session/{sessionID}/count',
  params: [{ name: 'sessionID', need: '请从线下活动统计进入（缺少场次ID）' }],
  heading: '场次统计',
  titleFrom: 'session.title',
  testId: 'offline-session-count',
  needActivity: NEED,
  backTo: { path: SERIES_PAGE, text: '返回系列线下活动统计' },
  backBy: { by: 'activity.variant', choices: { 0: { path: SINGLE_PAGE, text: '返回线下活动统计' }, 1: { path: SERIES_PAGE, text: '返回系列线下活动统计' } } },
  record: [
    { label: '场次', value: 'session.title' },
    { label: '主讲人', value: 'session.speaker', hideEmpty: true },
    { label: '开始时间', value: 'session.start_at', show: 'time' },
    { label: '结束时间', value: 'session.end_at', show: 'time' },
    { label: '地点', value: 'session.address', hideEmpty: true },
  ],
  cards: [...cards('totals'), { key: 'signed_out', title: SIGNED_OUT, value: 'totals.signed_out' }],
  charts: [
    {
      key: 'methods',
      title: '签到方式',
      kind: 'pie',
      rows: 'methods',
      label: 'name',
      series: [{ field: 'n', title: '签到人数' }],
      empty: '暂无签到',
      span: 12,
    },
  ],
  tables: [UNITS_TABLE],
});

/** 培训统计 (`actCountTrain?actID=`): a training series' sign-in and sign-out per session and unit, with the per-reader attendance. */
export const trainCountFigures = defineFigures({
  name: 'trainCount',
  path: TRAIN_PAGE,
  source: SOURCE,
  heading: '培训统计',
  testId: 'train-count',
  needActivity: NEED,
  backTo: { resource: 'offlines' },
  backBy: BACK,
  cards: [
    { key: 'sessions', title: '场次数', value: 'totals.sessions' },
    { key: 'confirmed', title: '应到人次', value: 'totals.confirmed' },
    { key: 'attended', title: '签到人次', value: 'totals.attended' },
    { key: 'signed_out', title: '签退人次', value: 'totals.signed_out' },
    { key: 'attendance', title: ATTENDANCE, value: 'totals.attendance_rate', show: 'percent2' },
    { key: 'no_shows', title: NO_SHOWS, value: 'totals.no_shows' },
    { key: 'no_show_rate', title: NO_SHOW_RATE, value: 'totals.no_show_rate', show: 'percent2' },
  ],
  tables: [sessionsTable(true), UNITS_TABLE],
  links: [{ title: '学员出勤', path: TRAIN_READERS_PAGE }],
  headerDownloads: [{ key: 'train', title: '导出签到记录', path: '/v1/{org}/export/train' }],
});

/**
 * 培训答卷 (`actCountTrain/actCountTrainPaper?actID=`): per reader, the sessions booked, attended,
 * signed out of and missed, the attendance rate, and whether every session was attended.
 */
export const trainReadersFigures = defineFigures({
  name: 'trainReaders',
  path: TRAIN_READERS_PAGE,
  source: '/v1/{org}/offline/{act}/count/readers',
  heading: '学员出勤',
  testId: 'train-readers',
  needActivity: NEED,
  backTo: { path: TRAIN_PAGE, text: '返回培训统计' },
  cards: [{ key: 'sessions', title: '场次数', value: 'sessions' }],
  tables: [
    {
      key: 'train-readers',
      title: '学员出勤',
      rows: 'readers',
      columns: [
        { field: 'account', title: '读者账号', width: 140 },
        { field: 'real_name', title: '姓名', width: 100 },
        { field: 'unit_name', title: '单位', blank: { text: '未填写单位' } },
        { field: 'confirmed', title: '已预约场次', width: 100 },
        { field: 'attended', title: '签到场次', width: 90 },
        { field: 'signed_out', title: '签退场次', width: 90 },
        { field: 'no_shows', title: NO_SHOWS, width: 80 },
        { field: 'attendance_rate', title: ATTENDANCE, width: 90, show: 'percent2' },
        { field: 'completed', title: '全勤', width: 70, show: 'tag', tag: { text: '全勤', color: 'green' } },
      ],
      pageSize: 50,
    },
  ],
  headerDownloads: [{ key: 'train', title: '导出签到记录', path: '/v1/{org}/export/train' }],
});
