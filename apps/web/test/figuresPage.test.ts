import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ROUTES, isBuilt } from '@huodong/domain';
import { FIGURES, defineFigures, figuresAt } from '@huodong/domain/figures';
import { pageOf } from '../src/app/pages';
import FiguresPage, { FiguresBody, figureBack, figureLinkPath, figuresSourcePath } from '../src/figures/FiguresPage';
import { figureChartOption } from '../src/figures/figureCharts';

/** The one figures page (issue 21 §3): a declaration renders its cards, charts, tables and downloads. */
const sample = defineFigures({
  name: 'sample',
  path: 'adminCount/adminActCount/sample',
  source: '/v1/{org}/sample/{act}/count',
  heading: '样例统计',
  backTo: { path: 'adminCount/adminActCount/actCountOri', text: '返回作品统计' },
  cards: [
    { key: 'joins', title: '参与人数', value: 'totals.joins' },
    { key: 'rate', title: '通过率', value: 'totals.rate', format: 'percent' },
  ],
  charts: [{ key: 'daily', title: '每日参与', kind: 'daily', rows: 'days', label: 'day', series: [{ field: 'joins', title: '参与' }], empty: '暂无数据' }],
  tables: [{ key: 'by-unit', title: '按单位', rows: 'units', columns: [{ field: 'name', title: '单位', blank: { text: '（未填写）' } }, { field: 'joins', title: '参与' }] }],
  downloads: [{ key: 'list', title: '参与名单', hint: '全部参与者（Excel）。', path: '/v1/{org}/export/sample' }],
});

const answer = { activity: { title: '读书月' }, totals: { joins: 7, rate: null }, days: [], units: [{ name: '', joins: 3 }, { name: '一中', joins: 4 }] };

const render = (el: ReturnType<typeof createElement>, url = '/lib/x') =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(MemoryRouter, { initialEntries: [url] }, el)));

describe('FiguresPage', () => {
  it('renders a declaration’s cards, charts, tables and downloads from one answer', () => {
    const html = render(createElement(FiguresBody, { def: sample, data: answer, org: 'lib', act: 5 }));
    expect(html).toContain('data-testid="total-joins"');
    expect(html).toContain('参与人数');
    expect(html).toContain('—'); // a percent without a value
    expect(html).toContain('data-testid="chart-daily"');
    expect(html).toContain('暂无数据'); // no days: the declared empty text instead of the chart
    expect(html).toContain('data-testid="by-unit"');
    expect(html).toContain('（未填写）');
    expect(html).toContain('一中');
    expect(html).toContain('data-testid="download-list"');
    expect(html).toContain('aria-label="下载：参与名单"');
  });

  it('fills the source, the links and the way back with the activity', () => {
    expect(figuresSourcePath(sample.source!, 'lib', 5)).toBe('/v1/lib/sample/5/count');
    expect(figureLinkPath('adminCount/adminActCount/actCountOriProgramload', 5, { type: '9' })).toBe('adminCount/adminActCount/actCountOriProgramload?actID=5&type=9');
    expect(figureBack(sample, 5)).toEqual({ path: 'adminCount/adminActCount/actCountOri?actID=5', text: '返回作品统计' });
    expect(figureBack({ backTo: { resource: 'original' } }, 5)?.text).toMatch(/^返回/);
  });

  it('draws each chart kind from rows', () => {
    const rows = [{ name: '甲', n: 2 }, { name: '乙', n: 1 }];
    const series = [{ field: 'n', title: '人数' }];
    for (const kind of ['pie', 'funnel'] as const) {
      const o = figureChartOption({ kind, label: 'name', series }, rows);
      expect((o.series as { type: string; data: unknown }[])[0]).toMatchObject({ type: kind, data: [{ name: '甲', value: 2 }, { name: '乙', value: 1 }] });
    }
    const h = figureChartOption({ kind: 'histogram', label: 'name', series }, rows);
    expect((h.series as { type: string; data: number[] }[])[0]).toMatchObject({ type: 'bar', data: [2, 1] });
  });

  it('without an activity asks for one, with the declaration’s words', () => {
    const html = render(createElement(FiguresPage, { def: sample }));
    expect(html).toContain('请先从活动列表进入');
    expect(html).toContain('返回作品统计');
  });

  it('every figures route has the declaration of its path, routed by the one page', () => {
    const routes = ROUTES.filter((r) => r.figures);
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      expect(figuresAt(r.path)?.path, r.path).toBe(r.path);
      expect(isBuilt(r) && pageOf(r), r.path).toBeTypeOf('function');
    }
    for (const f of FIGURES) expect(ROUTES.some((r) => r.path === f.path), f.name).toBe(true);
    expect(new Set(FIGURES.map((f) => f.name)).size).toBe(FIGURES.length);
  });
});
