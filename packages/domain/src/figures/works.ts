/**
 * The two works kinds as these pages need them (resources/works.ts WORK_KINDS, whose module carries
 * zod: the figures load without it; apps/web/test/workCount.test.ts keeps the two equal).
 */
const WORK_KINDS = {
  1: { name: 'originalWorks', parent: 'original', count: 'adminCount/adminActCount/actCountOri' },
  9: { name: 'originalMixWorks', parent: 'originalmix', count: 'adminCount/adminActCount/actCountOriMix' },
} as const;
type WorkActivityType = keyof typeof WORK_KINDS;
import { defineFigures, type BlankLabel, type FigureTable } from './define.js';

/** 节目下载 (`actCountOriProgramload?actID=&type=`): one route for both types; its page picks the declaration by `type` (a mixed one unless `type=1`). */
export const PROGRAM_DOWNLOAD_PAGE = 'adminCount/adminActCount/actCountOriProgramload';

const SUBMITTED = '提交作品';
const PASSED = '审核通过';
const REMOVED: BlankLabel = { text: '（已删除）' };
const bars = [
  { field: 'works', title: SUBMITTED },
  { field: 'passed', title: PASSED },
];

/** A breakdown of the works (types, groups, units): submitted and passed per row, as bars above the table when `chart`. */
function partTable(key: string, title: string, rows: string, name: string, blank: BlankLabel, chart: boolean, hideEmpty = false): FigureTable {
  return {
    key,
    title,
    rows,
    columns: [{ field: 'name', title: name, blank }, ...bars],
    ...(chart ? { chart: { kind: 'bars', label: 'name', blank, series: bars } } : {}),
    ...(hideEmpty ? { hideEmpty } : {}),
  };
}

/**
 * 原创作品统计 / 多类型原创统计 (`actCountOri?actID=`, `actCountOriMix`; design activities §2
 * "Stats"): the totals as cards, the submissions per China-time day as a line, and the works per
 * creation type, group and author unit (apps/server/src/works/workCount.ts answers).
 */
function worksFigures(type: WorkActivityType) {
  const kind = WORK_KINDS[type];
  return defineFigures({
    name: type === 1 ? 'originalCount' : 'originalMixCount',
    path: kind.count,
    source: `/v1/{org}/${kind.parent}/{act}/count`,
    heading: '作品统计',
    testId: 'work-count',
    backTo: { resource: kind.parent },
    cards: [
      { key: 'submitted', title: SUBMITTED, value: 'totals.submitted' },
      { key: 'passed', title: PASSED, value: 'totals.passed' },
      { key: 'rejected', title: '未通过', value: 'totals.rejected' },
      { key: 'pending', title: '待审核', value: 'totals.pending' },
      { key: 'readers', title: '投稿读者', value: 'totals.readers' },
      { key: 'approval_rate', title: '通过率', value: 'totals.approval_rate', show: 'percent' },
      { key: 'today', title: '今日提交', value: 'totals.today' },
      { key: 'drafts', title: '草稿', value: 'totals.by_status.draft' },
    ],
    charts: [{ key: 'daily', title: '每日提交趋势', kind: 'daily', rows: 'days', label: 'day', series: [{ field: 'works', title: SUBMITTED }], empty: '暂无提交数据' }],
    tables: [
      partTable('count-by-type', '按创作类型', 'by_type', '名称', REMOVED, true),
      partTable('count-by-group', '按组别', 'by_group', '名称', { ...REMOVED, noId: '（无组别）' }, true, true),
      partTable('count-by-unit', '按单位', 'by_unit', '单位', { text: '（未填写）' }, false),
    ],
    links: [
      ...(type === 1 ? [{ title: '统计详情', path: 'adminCount/adminActCount/actCountOriMore' }] : []),
      { title: '下载', path: type === 1 ? 'adminCount/adminActCount/actCountOriDownload' : 'adminCount/adminActCount/actCountOriMixDownload' },
      { title: '节目下载', path: PROGRAM_DOWNLOAD_PAGE, query: { type: String(type) } },
    ],
  });
}

export const originalCountFigures = worksFigures(1);
export const originalMixCountFigures = worksFigures(9);

const zip = (part: 'passed' | 'program') => ({ query: { part }, filename: 'works.zip', retries: true });

/**
 * 原创作品下载 / 多类型原创下载 (`actCountOriDownload`, `actCountOriMixDownload` `?actID=`): the
 * works list as a spreadsheet, and the files of every work that passed review, or of its
 * performances, as one zip streamed by the server with the spec's retries (§8).
 */
function worksDownloads(type: WorkActivityType, programsOnly: boolean) {
  const kind = WORK_KINDS[type];
  const program = { key: 'program', title: '节目文件', hint: '审核通过的节目（音频、视频作品）文件，按“标题+序号”命名打包为 zip。', path: `/v1/{org}/${kind.parent}/download`, ...zip('program') };
  const base = type === 1 ? 'original' : 'originalMix';
  return defineFigures({
    name: programsOnly ? `${base}ProgramDownload` : `${base}Download`,
    path: programsOnly ? PROGRAM_DOWNLOAD_PAGE : type === 1 ? 'adminCount/adminActCount/actCountOriDownload' : 'adminCount/adminActCount/actCountOriMixDownload',
    heading: programsOnly ? '节目下载' : '作品下载',
    testId: 'work-download',
    backTo: { path: kind.count, text: '返回作品统计' },
    downloads: programsOnly
      ? [program]
      : [
          { key: 'list', title: '作品信息表', hint: '全部作品的作者、创作类型、组别、状态、编号与提交时间（Excel）。', path: `/v1/{org}/export/${kind.name}`, filename: '作品信息表.xlsx' },
          { key: 'passed', title: '审核通过的作品', hint: '审核通过的全部作品文件，按“标题+序号”命名打包为 zip。', path: `/v1/{org}/${kind.parent}/download`, ...zip('passed') },
          program,
        ],
  });
}

export const originalDownloadFigures = worksDownloads(1, false);
export const originalMixDownloadFigures = worksDownloads(9, false);
export const originalProgramDownloadFigures = worksDownloads(1, true);
export const originalMixProgramDownloadFigures = worksDownloads(9, true);
