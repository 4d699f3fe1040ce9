import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { figureTableCsv, orgActCountFigures, orgCountFigures, staticLikeFigures } from '@huodong/domain/figures';
import FiguresPage, { FiguresBody, figureBack, figureLinkPath } from '../src/figures/FiguresPage';
import { columnLinkPath } from '../src/figures/figureParts';
import { declaredChartOption } from '../src/figures/figureCharts';

/** The statistics pages of the platform and the organisation (issue 26): pages of the whole (`wide`), drill-down links, exports. */
const render = (el: ReturnType<typeof createElement>, url = '/super/x') =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(MemoryRouter, { initialEntries: [url] }, el)));

const likes = {
  totals: { total: 3, this_month: 1, last_month: 2, active_month: 1 },
  months: [{ month: '2026-10', n: 2, total: 2 }, { month: '2026-11', n: 1, total: 3 }],
  types: [{ type: 2, name: '投票评论活动', n: 3, percent: 100 }],
  organizations: [{ id: 1, key: 'lib', name: '市图书馆', n: 2, percent: 66.67 }, { id: 2, key: 'sch', name: '一中', n: 1, percent: 33.33 }],
};

describe('statistics pages', () => {
  it('a page of the whole needs no activity: it reads its source at once, with no 请先从活动列表进入', () => {
    const html = render(createElement(FiguresPage, { def: orgCountFigures }));
    expect(html).not.toContain('请先从活动列表进入');
    expect(html).toContain('data-testid="stat-org-count"');
  });

  it('renders the cards, tables with their export and shares with 2 decimals', () => {
    const html = render(createElement(FiguresBody, { def: staticLikeFigures, data: likes, org: 'super', act: 0 }));
    expect(html).toContain('点赞总数');
    expect(html).toContain('66.67%');
    expect(html).toContain('100.00%');
    expect(html).toContain('aria-label="导出：按机构统计"');
  });

  it('exports a table as its columns show it, link columns left out', () => {
    const orgTable = staticLikeFigures.tables.find((t) => t.rows === 'organizations')!;
    expect(figureTableCsv(orgTable.columns, likes.organizations)).toBe('\uFEFF机构名称,点赞,占比\r\n市图书馆,2,66.67%\r\n一中,1,33.33%\r\n');
    expect(figureTableCsv([{ field: 'name', title: '名称' }], [{ name: '甲,"乙"' }])).toBe('\uFEFF名称\r\n"甲,""乙"""\r\n');
  });

  it('drills down: an organisation row opens its 活动统计 in its back office, an activity row its own statistics page', () => {
    const orgLink = orgCountFigures.tables.find((t) => t.key === 'stat-org-list')!.columns.find((c) => c.link)!.link!;
    expect(orgLink.scopeFrom).toBe('org_key');
    expect(columnLinkPath(orgLink, undefined, { org_key: 'lib' })).toBe('adminCount/adminActCount');
    const actLinks = orgActCountFigures.tables.find((t) => t.key === 'org-act-list')!.columns.filter((c) => c.link).map((c) => c.link!);
    const row = { id: 7, count_page: 'adminCount/adminActCount/actCountEva' };
    expect(actLinks.map((l) => columnLinkPath(l, undefined, row))).toEqual(['adminCount/adminActCount/actCountMore?actID=7', 'adminCount/adminActCount/actCountEva?actID=7']);
    expect(columnLinkPath(actLinks[1], undefined, { id: 8, count_page: '' })).toBe(''); // a type without a statistics page: no link
  });

  it('a running total on the right gets an axis of its own (ECharts refuses a series on a missing axis)', () => {
    const months = staticLikeFigures.charts.find((c) => c.rows === 'months')!;
    const option = declaredChartOption(months, likes.months) as { yAxis: unknown[]; series: { yAxisIndex?: number }[] };
    expect(option.yAxis).toHaveLength(2);
    expect(option.series.map((s) => s.yAxisIndex ?? 0)).toEqual([0, 1]);
  });

  it('links and the way back of a page of the whole carry no activity', () => {
    expect(figureLinkPath('statistics/ActCount/staticLike', undefined)).toBe('statistics/ActCount/staticLike');
    expect(figureBack(staticLikeFigures, undefined)).toEqual({ path: 'statistics/ActCount', text: '返回活动统计' });
    expect(figureBack(orgCountFigures, undefined)).toBeUndefined();
  });
});
