import { describe, expect, it } from 'vitest';
import { ROUTES, isBuilt } from '@huodong/domain';
import { PAGES, pageOf } from '../src/app/pages';
import { cardText, figureShown, fillFigurePath, thirdPartyCountFigures } from '@huodong/domain/figures';
import { declaredChartOption } from '../src/figures/figureCharts';
import { activityCards, activityCountPath, cumulative, joinsOption } from '../src/features/activities/activityCount';
import { actIdOf } from '../src/features/activities/actId';
import { publicActivityPath, publicState, publicStateLabel, timeRange } from '../src/features/activities/publicActivity';

/** The activity pages' own code (issue 11): the third-party figures and the public page. */
describe('third-party figures (a figures declaration)', () => {
  const days = [
    { day: '2025-03-01', launches: 3, readers: 2, joined: 1, completed: 1, scored: 1, average_score: 87.5 },
    { day: '2025-03-02', launches: 1, readers: 1, joined: 0, completed: 0, scored: 0, average_score: null },
  ];
  const def = thirdPartyCountFigures;

  it('calls the count of one activity', () => {
    expect(fillFigurePath(def.source!, { org: 'szlib', act: 12 })).toBe('/v1/szlib/third/12/count');
  });

  it('shows the totals as cards, a missing score as —', () => {
    const totals = { launches: 4, readers: 3, joins: 2, views: 9, completed: 1, average_score: null };
    expect(def.cards.map((c) => [c.title, cardText(c, { totals })])).toEqual([
      ['启动次数', 4],
      ['启动人数', 3],
      ['参与人数', 2],
      ['浏览量', 9],
      ['完成人数', 1],
      ['平均得分率', '—'],
    ]);
    expect(figureShown(87.5, 'percent')).toBe('87.5%');
    expect(figureShown(0, 'percent')).toBe('0%');
  });

  it('charts every day: launches and readers as bars, events as lines, the score on the percent axis', () => {
    const option = declaredChartOption(def.charts[0]!, days);
    expect((option.xAxis as { data: string[] }).data).toEqual(['2025-03-01', '2025-03-02']);
    const series = option.series as { name: string; type: string; data: (number | null)[]; yAxisIndex?: number }[];
    expect(series.map((s) => [s.name, s.type])).toEqual([
      ['启动次数', 'bar'],
      ['启动人数', 'bar'],
      ['参与回调', 'line'],
      ['完成回调', 'line'],
      ['得分回调', 'line'],
      ['平均得分率', 'line'],
    ]);
    expect(series[0].data).toEqual([3, 1]);
    expect(series[5]).toMatchObject({ yAxisIndex: 1, data: [87.5, null] });
    expect((option.yAxis as { max?: number }[])[1]).toMatchObject({ min: 0, max: 100 });
    // the chart label rule of spec §9 formats the day labels
    const formatter = (option.xAxis as { axisLabel: { formatter: (s: string) => string } }).axisLabel.formatter;
    expect(formatter('2025-03-01')).toBe('2025-03-01');
    expect(formatter('一二三四五六七八九十十一')).toBe('一二三四五六七八九...');
  });
});

describe('the public figures page', () => {
  it('reads actID as a positive whole number', () => {
    expect(actIdOf('7')).toBe(7);
    for (const v of [null, '', '0', '-1', '1.5', 'x', '99999999999']) expect(actIdOf(v)).toBeUndefined();
    expect(publicActivityPath('szlib', 7)).toBe('/v1/szlib/activity/7/public');
  });

  it("takes the server's state, else computes it (an explicit state wins)", () => {
    const now = 1_700_000_000;
    expect(publicState({ act_state: 3, start_at: now - 10, end_at: now + 10 }, now)).toBe(3);
    expect(publicStateLabel({ start_at: now - 10, end_at: now + 10 }, now)).toBe('进行中');
    expect(publicStateLabel({ start_at: now + 10, end_at: now + 20 }, now)).toBe('未开始');
    expect(publicStateLabel({ start_at: now - 10, end_at: now + 10, state: 3 }, now)).toBe('已结束');
  });

  it('shows the time in China time', () => {
    // 2024-01-01 00:00 UTC = 08:00 in China
    expect(timeRange({ start_at: 1704067200, end_at: 1704070800 })).toBe('2024-01-01 08:00 至 2024-01-01 09:00');
  });
});

describe("an activity's figures (detail page)", () => {
  it('calls the count of any type and shows the share of views that joined, two decimals at most', () => {
    expect(activityCountPath('szlib', 12)).toBe('/v1/szlib/activity/12/count');
    const cards = activityCards({ joins: 1, views: 3, today: 1, cancelled: 0, disqualified: 0 });
    expect(cards.map((c) => [c.title, c.value])).toEqual([
      ['参与人数', 1],
      ['浏览量', 3],
      ['参与率', '33.33%'],
      ['今日参与', 1],
      ['已取消', 0],
    ]);
    expect(activityCards({ joins: 0, views: 0, today: 0, cancelled: 0, disqualified: 0 })[2].value).toBe('0%');
  });

  it("charts each day's joins as bars and the running total as a line", () => {
    const days = [
      { day: '2025-03-01', joins: 2 },
      { day: '2025-03-02', joins: 0 },
      { day: '2025-03-03', joins: 3 },
    ];
    expect(cumulative(days)).toEqual([2, 2, 5]);
    const option = joinsOption(days);
    expect((option.xAxis as { data: string[] }).data).toEqual(['2025-03-01', '2025-03-02', '2025-03-03']);
    const series = option.series as { name: string; type: string; data: number[]; yAxisIndex?: number }[];
    expect(series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['新增参与', 'bar', [2, 0, 3]],
      ['累计参与', 'line', [2, 2, 5]],
    ]);
    expect(series[1].yAxisIndex).toBe(1);
  });
});

describe('routes of the activity pages', () => {
  it('are built and have a page', () => {
    for (const path of ['alter/viewCount', 'adminAct/adminActDetail', 'adminCount/adminActCount/thirdPartyCount']) {
      const route = ROUTES.find((r) => r.path === path)!;
      expect(isBuilt(route), path).toBe(true);
      expect(pageOf(route), path).toBeTypeOf('function');
    }
    // the third-party list is its declaration's page: its 详情 and 统计 links are declared
    expect(ROUTES.find((r) => r.path === 'adminAct/adminThirdParty')?.resource).toBe('third');
    expect(PAGES['adminAct/adminThirdParty']).toBeUndefined();
    expect(ROUTES.find((r) => r.path === 'alter/viewCount')?.login).toBe(false);
    expect(ROUTES.find((r) => r.path === 'adminBlacklist/adminDisabledlist')?.resource).toBe('blacklists');
    expect(ROUTES.find((r) => r.path === 'actManage')?.resource).toBe('platformActivities');
  });
});
