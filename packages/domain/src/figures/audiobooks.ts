import { defineFigures } from './define.js';

/**
 * 有声书统计 (`adminCount/adminAudiobookCount`, spec §7 `/audiobook/count`, issue 25): the
 * organisation's listening to its audiobooks (digital resources of kind 有声书), read from
 * `GET /v1/{org}/audiobook/count?unit_id=&from=&to=` — plays, listeners, hours, per China day, the top
 * titles and per unit. Not one activity's: an organisation-wide page (`wide`).
 */
export const audiobookCountFigures = defineFigures({
  name: 'audiobookCount',
  path: 'adminCount/adminAudiobookCount',
  source: '/v1/{org}/audiobook/count',
  heading: '有声书统计',
  testId: 'audiobook-count',
  wide: true,
  backTo: { resource: 'digitalResources', text: '返回数字资源' },
  filters: [
    { kind: 'unit', title: '单位', param: 'unit_id' },
    { kind: 'dateRange', title: '收听日期', from: 'from', to: 'to' },
  ],
  cards: [
    { key: 'titles', title: '有声书数', value: 'totals.titles' },
    { key: 'plays', title: '播放次数', value: 'totals.plays' },
    { key: 'listeners', title: '收听人数', value: 'totals.listeners' },
    { key: 'hours', title: '收听时长（小时）', value: 'totals.hours' },
    { key: 'today', title: '今日播放', value: 'totals.today_plays' },
  ],
  charts: [
    {
      key: 'daily',
      title: '每日收听',
      kind: 'daily',
      rows: 'days',
      label: 'day',
      series: [{ field: 'plays', title: '播放次数' }, { field: 'listeners', title: '收听人数', type: 'line' }],
      empty: '暂无收听',
    },
  ],
  tables: [
    {
      key: 'audiobook-top',
      title: '热门有声书',
      rows: 'top',
      chart: { kind: 'bars', label: 'title', series: [{ field: 'plays', title: '播放次数' }] },
      columns: [
        { field: 'title', title: '有声书' },
        { field: 'artist', title: '作者', width: 120 },
        { field: 'plays', title: '播放次数', width: 100 },
        { field: 'listeners', title: '收听人数', width: 100 },
        { field: 'hours', title: '收听时长（小时）', width: 140 },
      ],
    },
    {
      key: 'audiobook-units',
      title: '按单位统计',
      rows: 'units',
      columns: [
        { field: 'unit_name', title: '单位', blank: { text: '未填写单位' } },
        { field: 'plays', title: '播放次数', width: 100 },
        { field: 'listeners', title: '收听人数', width: 100 },
        { field: 'hours', title: '收听时长（小时）', width: 140 },
      ],
    },
  ],
});
