import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ROUTES, isBuilt } from '@huodong/domain';
import { FIGURES, chosenBy, columnText, contestCountFigures, defineFigures, evaluationResultsFigures, figureTextOf, figuresAt, fillFigurePath, percentText, sourceEvidenceFigures, surveyCountFigures } from '@huodong/domain/figures';
import { pageOf } from '../src/app/pages';
import FiguresPage, { FiguresBody, figureBack, figureLinkPath } from '../src/figures/FiguresPage';
import { declaredChartOption, figureChartOption } from '../src/figures/figureCharts';
import { chartRows, columnLinkPath, figureColumns } from '../src/figures/figureParts';
import { figureHeadingTitle, figureParams } from '../src/figures/FiguresExtras';
import FigureRecord from '../src/figures/FigureRecord';
import { filterValues } from '../src/figures/FiguresFilters';

/** The one figures page (issue 21 §3): a declaration renders its cards, charts, tables and downloads. */
const sample = defineFigures({
  name: 'sample',
  path: 'adminCount/adminActCount/sample',
  source: '/v1/{org}/sample/{act}/count',
  heading: '样例统计',
  backTo: { path: 'adminCount/adminActCount/actCountOri', text: '返回作品统计' },
  cards: [
    { key: 'joins', title: '参与人数', value: 'totals.joins' },
    { key: 'rate', title: '通过率', value: 'totals.rate', show: 'percent' },
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
    expect(fillFigurePath(sample.source!, { org: 'lib', act: 5 })).toBe('/v1/lib/sample/5/count');
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

  it('shows cells by their declared format: percent, dash, time, tag, tags, pairs and row links', () => {
    const def = defineFigures({
      name: 'cells',
      path: 'adminCount/adminActCount/cells',
      source: '/v1/{org}/cells/{act}',
      heading: '格式',
      backTo: { path: 'adminCount/adminActCount/actCountOri', text: '返回' },
      cards: [{ key: 'mean', title: '平均分', value: 'totals.mean', show: 'dash' }],
      tables: [
        {
          key: 'cells',
          title: '题目',
          rows: 'rows',
          pageSize: 1,
          columns: [
            { field: 'rate', title: '正确率', show: 'percent' },
            { field: 'p', title: '难度', show: 'dash' },
            { field: 'at', title: '时间', show: 'time' },
            { field: 'alert', title: '预警', show: 'tag', tag: { text: '异常', color: 'red' } },
            { field: 'flags', title: '提示', show: 'tags', tag: { color: 'orange' } },
            { field: 'options', title: '选项分布', show: 'pairs', pairs: { key: 'key', value: 'picks' } },
            { field: 'id', title: '证据', link: { path: 'adminCount/adminActCount/actCountEvaSourceMore', query: { sourceID: 'id' }, text: '证据' } },
          ],
        },
      ],
    });
    const data = {
      activity: { title: '竞赛' },
      totals: { mean: null },
      rows: [
        { id: 4, rate: 50, p: null, at: 1767225600, alert: true, flags: ['太难', '区分度低'], options: [{ key: 'A', picks: 3 }, { key: 'B', picks: 1 }] },
        { id: 5, rate: null, p: 0.4, at: null, alert: false, flags: [], options: [] },
      ],
    };
    const html = render(createElement(FiguresBody, { def, data, org: 'lib', act: 5 }));
    expect(html).toMatch(/data-testid="total-mean".*—/);
    expect(html).toContain('50%');
    expect(html).toContain('2026-01-01 08:00'); // China time
    expect(html).toMatch(/ant-tag-red[^>]*>异常/);
    expect(html).toMatch(/ant-tag-orange[^>]*>太难/);
    expect(html).toContain('A:3 B:1');
    expect(html).toContain('证据');
    // one row a page: the second row is on page 2
    expect(html).toContain('ant-pagination');
    expect(html).not.toContain('>0.4<');
  });

  it('reads extra query parameters into the source, the title from another path, and the way back by a value of the answer', () => {
    expect(figureParams(sourceEvidenceFigures, new URLSearchParams('actID=3&sourceID=9'))).toEqual({ values: { sourceID: 9 } });
    expect(figureParams(sourceEvidenceFigures, new URLSearchParams('actID=3&sourceID=x')).missing?.name).toBe('sourceID');
    expect(fillFigurePath(sourceEvidenceFigures.source!, { org: 'lib', act: 3, sourceID: 9 })).toBe('/v1/lib/evaluation/3/source/9/evidence');
    const html = render(createElement(FiguresPage, { def: sourceEvidenceFigures }), '/lib/x?actID=3');
    expect(html).toContain('请从投票结果进入（缺少投票对象ID）');
    const body = render(createElement(FiguresBody, { def: sourceEvidenceFigures, data: { source: { title: '作品甲', vote_count: 3 }, hours: [], addresses: { distinct: 2, top: [] }, voids: [], suspect_reasons: [], suspect_share: 0 }, org: 'lib', act: 3 }));
    expect(body).toContain('data-testid="chart-hourly"'); // no hours: the declared empty text
    expect(body).toContain('data-testid="eva-ips"'); // side-by-side tables
    expect(figureBack(contestCountFigures, 7, { activity: { type: 6 } })?.text).toBe('返回进阶知识竞赛');
    expect(figureBack(contestCountFigures, 7, { activity: { type: 3 } })?.text).toBe('返回知识竞赛');
    expect(figureBack(contestCountFigures, 7)?.text).toBe('返回知识竞赛');
    expect(chosenBy({ by: 'activity.type', choices: { 6: 'contestProAttempts' }, otherwise: 'contestAttempts' }, { activity: { type: 3 } })).toBe('contestAttempts');
  });

  it('draws series of their own type and stack, a right percent axis, slices, a pass line and marked labels', () => {
    const daily = evaluationResultsFigures.charts[0]!;
    const o = declaredChartOption(daily, [{ day: '2026-01-01', valid: 3, suspect: 1, voters: 2 }]);
    expect((o.series as { type: string; stack?: string }[]).map((s) => [s.type, s.stack])).toEqual([['bar', 'votes'], ['bar', 'votes'], ['line', undefined]]);
    const pass = contestCountFigures.charts.find((c) => c.key === 'pass')!;
    expect(chartRows(pass, { totals: { passed: 3, finished: 5 } })).toEqual([{ name: '及格/过关', value: 3 }, { name: '未及格/未过关', value: 2 }]);
    const hist = contestCountFigures.charts.find((c) => c.key === 'histogram')!;
    const h = declaredChartOption(hist, [{ label: '0-10%', count: 1 }], { pass_line: { score: 6, total: 10, percent: 60 } });
    expect(JSON.stringify(h.series)).toContain('及格线 6/10分');
    expect(declaredChartOption(hist, [{ label: '0-10%', count: 1 }], { pass_line: null }).series).toHaveLength(1);
    const picks = contestCountFigures.tables[0]!.expand!.chart;
    const p = declaredChartOption(picks, [{ key: 'A', picks: 2, right: true }, { key: 'B', picks: 1, right: false }]);
    expect((p.xAxis as { data: string[] }).data).toEqual(['A✓', 'B']);
  });

  it('renders the contest figures: cards with —, the funnel hidden without levels, the question table with its tags', () => {
    const data = {
      activity: { title: '竞赛', type: 3 },
      totals: { attempts: 2, readers: 2, finished: 2, pending: 0, passed: 1, pass_rate: null, mean_score: null, mean_duration: 30 },
      days: [{ day: '2026-01-01', attempts: 2 }],
      histogram: [{ label: '0-10%', count: 1 }],
      funnel: [],
      pass_line: null,
      questions: [{ id: 1, type_name: '单选', stem: '题', answered: 2, correct_rate: 50, difficulty: null, discrimination: 0.3, options: [{ key: 'A', picks: 1, right: true }], flag_labels: ['太难'] }],
    };
    const html = render(createElement(FiguresBody, { def: contestCountFigures, data, org: 'lib', act: 7 }));
    expect(html).toMatch(/data-testid="total-pass".*?—/);
    expect(html).not.toContain('data-testid="chart-funnel"');
    expect(html).toContain('data-testid="chart-pass"');
    expect(html).toContain('A:1');
    expect(html).toMatch(/ant-tag-orange[^>]*>太难/);
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
    { label: '提交时间', value: 'at', show: 'time' },
    { label: '渠道', value: 'channel', hideEmpty: true },
  ],
  headerDownloads: [{ key: 'x', title: '导出', path: '/v1/{org}/export/x' }],
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
    expect(columnText({ p: 33.333 }, { field: 'p', show: 'percent2' })).toBe('33.33%');
    expect(columnText({ at: 0 }, { field: 'at', show: 'time' })).toBe('');
    expect(columnText({ at: 1_700_000_000 }, { field: 'at', show: 'time' })).toBe('2023-11-15 06:13');
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

  it('renders a record (an empty item declared hideEmpty left out) and the feature’s slots with the page’s parameters', () => {
    const paper = { account: 'S1', real_name: '张三', at: 1_700_000_000, channel: '' };
    const html = render(createElement(FigureRecord, { items: detail.record!, data: paper }));
    expect(html).toContain('S1（张三）');
    expect(html).toContain('2023-11-15 06:13');
    expect(html).not.toContain('渠道');
    expect(render(createElement(FigureRecord, { items: detail.record!, data: { ...paper, anonymous: true } }))).toContain('匿名');
    const context = { data: paper, org: 'lib', act: 5, params: { itemID: 7 }, filters: {} };
    const slots = { top: (c: { act: number; params: Record<string, number> }) => createElement('p', { 'data-testid': 'mine' }, `slot ${c.act} ${c.params.itemID}`) };
    expect(render(createElement(FiguresBody, { def: detail, data: paper, org: 'lib', act: 5, slots, context }))).toContain('slot 5 7');
  });

  it('the questionnaire’s count page declares its filters, cards, daily chart, 答卷 link and export', () => {
    expect(surveyCountFigures.filters?.map((f) => f.kind)).toEqual(['unit', 'dateRange']);
    const html = render(createElement(FiguresBody, { def: surveyCountFigures, data: { activity: { title: '问卷' }, totals: { responses: 3, readers: 2, mean_duration: 40, today: 1 }, days: [] }, org: 'lib', act: 5 }));
    expect(html).toContain('平均用时（秒）');
    expect(html).toContain('data-testid="chart-daily"');
  });
});
