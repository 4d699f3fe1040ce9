import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ROUTES, isBuilt, originalMixResource, originalResource, rowLinkPath, type WorkCount } from '@huodong/domain';
import { PAGES } from '../src/app/pages';
import { COUNT_PAGE, DETAIL_PAGE, DOWNLOAD_PAGE, PROGRAM_DOWNLOAD_PAGE } from '../src/features/works/workApi';
import { dailyWorksOption, partName, partsOption, rateText, workCountPath, workTotalCards } from '../src/features/works/workCount';
import { WorkCountPage } from '../src/features/works/WorkCountPage';

/** 原创作品统计 / 多类型原创统计: the figures' path, cards, charts, routes and the list's 统计 link. */
const totals: WorkCount['totals'] = { submitted: 4, by_status: { approved: 2, rejected: 1, submitted: 1, draft: 1 }, passed: 2, rejected: 1, pending: 1, readers: 4, approval_rate: 66.67, today: 4 };

describe('works figures', () => {
  it('calls the type’s count of one activity', () => {
    expect(workCountPath('szlib', 1, 12)).toBe('/v1/szlib/original/12/count');
    expect(workCountPath('szlib', 9, 3)).toBe('/v1/szlib/originalmix/3/count');
  });

  it('shows the totals as cards; no rate before a decision is —', () => {
    expect(workTotalCards(totals).map((c) => [c.key, c.value])).toEqual([
      ['submitted', 4],
      ['passed', 2],
      ['rejected', 1],
      ['pending', 1],
      ['readers', 4],
      ['approval_rate', '66.67%'],
      ['today', 4],
      ['drafts', 1],
    ]);
    expect(rateText(null)).toBe('—');
  });

  it('draws the days as a line and the types or groups as bars; unnamed rows get a label', () => {
    const daily = dailyWorksOption([{ day: '2026-01-01', works: 2 }, { day: '2026-01-02', works: 0 }]);
    expect((daily.series as { type: string; data: number[] }[])[0]).toMatchObject({ type: 'line', data: [2, 0] });
    const bars = partsOption([{ id: 1, name: '小学组', works: 3, passed: 1 }, { id: null, name: '', works: 1, passed: 0 }], 'group');
    expect((bars.xAxis as { data: string[] }).data).toEqual(['小学组', '（无组别）']);
    expect((bars.series as { data: number[] }[]).map((s) => s.data)).toEqual([[3, 1], [1, 0]]);
    expect(partName({ id: 7, name: '', works: 1, passed: 0 }, 'type')).toBe('（已删除）');
    expect(partName({ id: null, name: '', works: 1, passed: 0 }, 'unit')).toBe('（未填写）');
  });

  it('both count pages are built and routed; the type 1 and 9 lists link to them', () => {
    for (const path of ['adminCount/adminActCount/actCountOri', 'adminCount/adminActCount/actCountOriMix']) {
      expect(isBuilt(ROUTES.find((r) => r.path === path)!), path).toBe(true);
      expect(PAGES[path], path).toBeTypeOf('function');
    }
    expect(originalResource.links?.map((l) => rowLinkPath(l, 5))).toContain('adminCount/adminActCount/actCountOri?actID=5');
    expect(originalMixResource.links?.map((l) => rowLinkPath(l, 5))).toContain('adminCount/adminActCount/actCountOriMix?actID=5');
  });

  it('the download pages and the program download are built with pages of their own; the detailed figures are the declared works list', () => {
    for (const path of [DOWNLOAD_PAGE[1], DOWNLOAD_PAGE[9], PROGRAM_DOWNLOAD_PAGE]) {
      expect(isBuilt(ROUTES.find((r) => r.path === path)!), path).toBe(true);
      expect(PAGES[path], path).toBeTypeOf('function');
    }
    expect(ROUTES.find((r) => r.path === DETAIL_PAGE)?.resource).toBe('originalWorks');
    expect(Object.values(COUNT_PAGE).every((p) => ROUTES.some((r) => r.path === p))).toBe(true);
  });

  it('without an activity asks to come from the list', () => {
    const html = renderToStaticMarkup(
      createElement(QueryClientProvider, { client: new QueryClient() }, createElement(MemoryRouter, { initialEntries: ['/lib/adminCount/adminActCount/actCountOri'] }, createElement(WorkCountPage, { type: 1 }))),
    );
    expect(html).toContain('请先从活动列表进入');
    expect(html).toContain('返回');
  });
});
