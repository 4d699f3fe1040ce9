import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ROUTES, WORK_KINDS, isBuilt, originalMixResource, originalResource, rowLinkPath, type WorkCount } from '@huodong/domain';
import {
  cardText,
  figuresAt,
  fillFigurePath,
  originalCountFigures,
  originalDownloadFigures,
  originalMixCountFigures,
  originalMixDownloadFigures,
  originalMixProgramDownloadFigures,
  rowLabel,
} from '@huodong/domain/figures';
import { PAGES, pageOf } from '../src/app/pages';
import { COUNT_PAGE, DETAIL_PAGE, DOWNLOAD_PAGE, PROGRAM_DOWNLOAD_PAGE } from '../src/features/works/workApi';
import FiguresPage from '../src/figures/FiguresPage';
import { figureChartOption } from '../src/figures/figureCharts';

/** 原创作品统计 / 多类型原创统计 (figures declarations): the figures' path, cards, charts, routes and the list's 统计 link. */
const totals: WorkCount['totals'] = { submitted: 4, by_status: { approved: 2, rejected: 1, submitted: 1, draft: 1 }, passed: 2, rejected: 1, pending: 1, readers: 4, approval_rate: 66.67, today: 4 };

describe('works figures', () => {
  it('calls the type’s count of one activity', () => {
    expect(fillFigurePath(originalCountFigures.source!, { org: 'szlib', act: 12 })).toBe('/v1/szlib/original/12/count');
    expect(fillFigurePath(originalMixCountFigures.source!, { org: 'szlib', act: 3 })).toBe('/v1/szlib/originalmix/3/count');
  });

  it('shows the totals as cards; no rate before a decision is —', () => {
    const data = { totals };
    expect(originalCountFigures.cards.map((c) => [c.key, cardText(c, data)])).toEqual([
      ['submitted', 4],
      ['passed', 2],
      ['rejected', 1],
      ['pending', 1],
      ['readers', 4],
      ['approval_rate', '66.67%'],
      ['today', 4],
      ['drafts', 1],
    ]);
    expect(cardText({ value: 'rate', show: 'percent' }, { rate: null })).toBe('—');
  });

  it('draws the days as a line and the types or groups as bars; unnamed rows get a label', () => {
    const [dailyChart] = originalCountFigures.charts;
    const daily = figureChartOption(dailyChart, [{ day: '2026-01-01', works: 2 }, { day: '2026-01-02', works: 0 }]);
    expect((daily.series as { type: string; data: number[] }[])[0]).toMatchObject({ type: 'line', data: [2, 0] });
    const [byType, byGroup, byUnit] = originalCountFigures.tables;
    const bars = figureChartOption(byGroup.chart!, [{ id: 1, name: '小学组', works: 3, passed: 1 }, { id: null, name: '', works: 1, passed: 0 }]);
    expect((bars.xAxis as { data: string[] }).data).toEqual(['小学组', '（无组别）']);
    expect((bars.series as { data: number[] }[]).map((s) => s.data)).toEqual([[3, 1], [1, 0]]);
    expect(rowLabel({ id: 7, name: '' }, 'name', byType.columns[0].blank)).toBe('（已删除）');
    expect(rowLabel({ id: null, name: '' }, 'name', byUnit.columns[0].blank)).toBe('（未填写）');
  });

  it('both count pages are figures declarations, built and routed; the type 1 and 9 lists link to them', () => {
    for (const def of [originalCountFigures, originalMixCountFigures]) {
      const route = ROUTES.find((r) => r.path === def.path)!;
      expect(route.figures, def.path).toBe(true);
      expect(isBuilt(route), def.path).toBe(true);
      expect(pageOf(route), def.path).toBeTypeOf('function');
    }
    expect(Object.values(COUNT_PAGE)).toEqual([originalCountFigures.path, originalMixCountFigures.path]);
    // The declarations' own copy of WORK_KINDS (they load without zod) says the same.
    expect([originalCountFigures.path, originalMixCountFigures.path]).toEqual([WORK_KINDS[1].count, WORK_KINDS[9].count]);
    expect([originalDownloadFigures.downloads[0].path, originalMixDownloadFigures.downloads[0].path]).toEqual([`/v1/{org}/export/${WORK_KINDS[1].name}`, `/v1/{org}/export/${WORK_KINDS[9].name}`]);
    expect([originalCountFigures.source, originalMixCountFigures.source]).toEqual([`/v1/{org}/${WORK_KINDS[1].parent}/{act}/count`, `/v1/{org}/${WORK_KINDS[9].parent}/{act}/count`]);
    expect(originalResource.links?.map((l) => rowLinkPath(l, 5))).toContain('adminCount/adminActCount/actCountOri?actID=5');
    expect(originalMixResource.links?.map((l) => rowLinkPath(l, 5))).toContain('adminCount/adminActCount/actCountOriMix?actID=5');
  });

  it('the count page links to the detail (type 1 only), the downloads and the program download of its type', () => {
    expect(originalCountFigures.links.map((l) => l.path)).toEqual([DETAIL_PAGE, DOWNLOAD_PAGE[1], PROGRAM_DOWNLOAD_PAGE]);
    expect(originalMixCountFigures.links.map((l) => [l.path, l.query])).toEqual([
      [DOWNLOAD_PAGE[9], undefined],
      [PROGRAM_DOWNLOAD_PAGE, { type: '9' }],
    ]);
  });

  it('the download pages are declarations; the program download a page of its own picking one by type; the detailed figures are the declared works list', () => {
    for (const [path, name] of [[DOWNLOAD_PAGE[1], originalDownloadFigures.name], [DOWNLOAD_PAGE[9], originalMixDownloadFigures.name]]) {
      const route = ROUTES.find((r) => r.path === path)!;
      expect(route.figures && figuresAt(path)?.name, path).toBe(name);
      expect(isBuilt(route) && pageOf(route), path).toBeTypeOf('function');
    }
    expect(PAGES[PROGRAM_DOWNLOAD_PAGE]).toBeTypeOf('function');
    expect(originalDownloadFigures.downloads.map((d) => [d.path, d.query, d.retries])).toEqual([
      ['/v1/{org}/export/originalWorks', undefined, undefined],
      ['/v1/{org}/original/download', { part: 'passed' }, true],
      ['/v1/{org}/original/download', { part: 'program' }, true],
    ]);
    expect(originalMixProgramDownloadFigures.downloads.map((d) => [d.path, d.query])).toEqual([['/v1/{org}/originalmix/download', { part: 'program' }]]);
    expect(ROUTES.find((r) => r.path === DETAIL_PAGE)?.resource).toBe('originalWorks');
    expect(Object.values(COUNT_PAGE).every((p) => ROUTES.some((r) => r.path === p))).toBe(true);
  });

  it('without an activity asks to come from the list', () => {
    const html = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(MemoryRouter, { initialEntries: ['/lib/adminCount/adminActCount/actCountOri'] }, createElement(FiguresPage, { def: originalCountFigures })),
      ),
    );
    expect(html).toContain('请先从活动列表进入');
    expect(html).toContain('返回');
  });
});
