import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ROUTES, isBuilt } from '@huodong/domain';
import { FIGURES, columnText, defineFigures, figureTextOf, figuresAt, fillFigurePath, percentText, surveyCountFigures } from '@huodong/domain/figures';
import { pageOf } from '../src/app/pages';
import FiguresPage, { FiguresBody, figureBack, figureLinkPath, figuresSourcePath } from '../src/figures/FiguresPage';
import { figureChartOption } from '../src/figures/figureCharts';
import { FiguresExtras, figureHeadingTitle, figureParams } from '../src/figures/FiguresExtras';
import FigureRecord from '../src/figures/FigureRecord';
import { filterValues } from '../src/figures/FiguresFilters';
import { columnLinkPath, figureColumns } from '../src/figures/PagedTable';

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

/** The abilities statistics pages beyond the first ones need (the questionnaire's three pages). */
const detail = defineFigures({
  name: 'detail',
  path: 'adminCount/adminActCount/detail',
  source: '/v1/{org}/sample/{act}/item/{itemID}',
  heading: '详情',
  needActivity: '缺少活动',
  backTo: { resource: 'original', text: '返回列表' },
  params: [{ name: 'itemID', need: '请从统计进入（缺少题目ID）' }],
  filters: [
    { kind: 'unit', title: '单位', param: 'unit_id' },
    { kind: 'dateRange', title: '日期', from: 'from', to: 'to' },
  ],
  headingFrom: { rows: 'items', match: 'id', param: 'itemID', text: { pieces: ['第{no}题 ', '{title}'] } },
  record: [
    { label: '读者', value: { pieces: ['{account}', '（{real_name}）'], instead: { when: 'anonymous', text: '匿名' } } },
    { label: '提交时间', value: 'at', format: 'time' },
    { label: '渠道', value: 'channel', hideEmpty: true },
  ],
  headerDownloads: [{ key: 'x', title: '导出', path: '/v1/{org}/export/x' }],
  slots: ['mine', 'absent'],
});

describe('FiguresPage: parameters, filters, texts, formats, records, slots', () => {
  it('reads the declared parameters as ids and names the first missing one', () => {
    expect(figureParams(detail, new URLSearchParams('actID=1&itemID=7'))).toEqual({ values: { itemID: 7 } });
    expect(figureParams(detail, new URLSearchParams('actID=1&itemID=x')).missing?.need).toBe('请从统计进入（缺少题目ID）');
    expect(figureParams(sample, new URLSearchParams(''))).toEqual({ values: {} });
    expect(fillFigurePath(detail.source!, { org: 'lib', act: 5, itemID: 7 })).toBe('/v1/lib/sample/5/item/7');
    expect(fillFigurePath('/v1/{org}/{missing}', { org: 'a b' })).toBe('/v1/a%20b/{missing}');
  });

  it('shows the missing parameter’s words, and a resource way back with its declared text', () => {
    const html = render(createElement(FiguresPage, { def: detail }), '/lib/x?actID=3');
    expect(html).toContain('请从统计进入（缺少题目ID）');
    expect(html).toContain('返回列表');
    expect(html).not.toContain('figures-filters'); // no filters without the page's parameters
  });

  it('fills texts from row fields, leaving out pieces whose fields are empty', () => {
    const text = { pieces: ['第{no}题 ', '{title}'] };
    expect(figureTextOf(text, { no: 2, title: '爱读什么' })).toBe('第2题 爱读什么');
    expect(figureTextOf(text, { no: 0, title: '说明' })).toBe('说明');
    expect(figureTextOf({ pieces: ['{a}'], instead: { when: 'anon', text: '匿名' } }, { a: 'x', anon: true })).toBe('匿名');
    expect(figureHeadingTitle(detail.headingFrom!, { items: [{ id: 7, no: 3, title: '题' }] }, { itemID: 7 })).toBe('第3题 题');
    expect(figureHeadingTitle(detail.headingFrom!, { items: [] }, { itemID: 7 })).toBe('');
  });

  it('formats columns: percent with 2 decimals, China time, a fallback field, link cells from row fields', () => {
    expect(percentText(12.5)).toBe('12.50%');
    expect(percentText(null)).toBe('0.00%');
    expect(columnText({ p: 33.333 }, { field: 'p', format: 'percent2' })).toBe('33.33%');
    expect(columnText({ at: 0 }, { field: 'at', format: 'time' })).toBe('');
    expect(columnText({ at: 1_700_000_000 }, { field: 'at', format: 'time' })).toBe('2023-11-15 06:13');
    expect(columnText({ text: '', num: 4 }, { field: 'text', fallback: 'num' })).toBe('4');
    const link = { path: 'adminCount/adminActCount/paper', query: { paperID: 'response_id' } };
    expect(columnLinkPath(link, 5, { response_id: 9 })).toBe('adminCount/adminActCount/paper?actID=5&paperID=9');
    const opened: string[] = [];
    const [col] = figureColumns([{ field: 'response_id', title: 'ID', link }], 5, (p) => opened.push(p));
    const html = renderToStaticMarkup(col.render!(undefined, { response_id: 9 }, 0) as ReturnType<typeof createElement>);
    expect(html).toContain('<button');
    expect(html).toContain('9');
  });

  it('turns picked filters into query parameters', () => {
    expect(filterValues(detail.filters!, { unit: { unit_id: 4 }, range: { from: [100, null] } })).toEqual({ unit_id: 4, from: 100, to: undefined });
    expect(filterValues(detail.filters!, { unit: {}, range: {} })).toEqual({ unit_id: undefined, from: undefined, to: undefined });
  });

  it('renders a record (an empty item declared hideEmpty left out) and the feature’s slots in order', () => {
    const paper = { account: 'S1', real_name: '张三', at: 1_700_000_000, channel: '' };
    const html = render(createElement(FigureRecord, { items: detail.record!, data: paper }));
    expect(html).toContain('S1（张三）');
    expect(html).toContain('2023-11-15 06:13');
    expect(html).not.toContain('渠道');
    expect(render(createElement(FigureRecord, { items: detail.record!, data: { ...paper, anonymous: true } }))).toContain('匿名');
    const slots = { mine: (c: { act: number; params: Record<string, number> }) => createElement('p', { 'data-testid': 'mine' }, `slot ${c.act} ${c.params.itemID}`) };
    const extras = render(createElement(FiguresExtras, { def: detail, slots, context: { data: {}, org: 'lib', act: 5, params: { itemID: 7 }, filters: {} } }));
    expect(extras).toContain('slot 5 7'); // a slot the page does not give ('absent') is left out
  });

  it('the questionnaire’s count page declares its filters, cards, daily chart, 答卷 link, export and slots', () => {
    expect(surveyCountFigures.filters?.map((f) => f.kind)).toEqual(['unit', 'dateRange']);
    expect(surveyCountFigures.slots).toEqual(['questions', 'cross']);
    const html = render(createElement(FiguresBody, { def: surveyCountFigures, data: { activity: { title: '问卷' }, totals: { responses: 3, readers: 2, mean_duration: 40, today: 1 }, days: [] }, org: 'lib', act: 5 }));
    expect(html).toContain('平均用时（秒）');
    expect(html).toContain('data-testid="chart-daily"');
  });
});
