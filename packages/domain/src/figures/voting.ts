import { defineFigures } from './define.js';

const RESULTS_PAGE = 'adminCount/adminActCount/actCountEva';

/**
 * 投票评论下载 (`actCountEvaDownload?actID=`, spec §2 adminCount): the spreadsheets of a voting
 * activity — its results (with the frozen version and hash once voting ended), every vote, and its
 * sources. The title is read from the results the page before read.
 */
export const evaluationDownloadFigures = defineFigures({
  name: 'evaluationDownload',
  path: 'adminCount/adminActCount/actCountEvaDownload',
  source: '/v1/{org}/evaluation/{act}/results',
  heading: '投票评论下载',
  testId: 'eva-download',
  backTo: { path: RESULTS_PAGE, text: '返回投票结果' },
  downloadAction: '下载 Excel',
  downloads: [
    { key: 'results', title: '投票结果', hint: '名次、投票对象、分组、有效票、存疑票、作废票、达到票数时间；投票结束后附冻结结果的版本和哈希', path: '/v1/{org}/export/evaluationresults' },
    { key: 'votes', title: '投票明细', hint: '每一票的投票对象、读者账号、IP、状态、作废原因和投票时间', path: '/v1/{org}/export/evaluationvotes' },
    { key: 'sources', title: '投票对象', hint: '全部投票对象：名称、作者、分组、来源、状态', path: '/v1/{org}/export/evaluationsource' },
  ],
});

const VALID = '有效票';
const SUSPECT = '存疑票';
const VOID = '作废票';
const VOTES = '票数';
const NO_DATA = '暂无数据';
const NEED_VOTING = '请从投票评论活动列表进入（缺少活动ID）';

/**
 * 投票评论统计 (`actCountEva?actID=`, design §3): a voting activity's results — valid votes, then
 * who reached the count first, then sort; frozen with its hash once voting ended — its totals and
 * votes per day, each source's evidence one click away. Its page adds what is voting's own (the
 * frozen/live notice, voiding by rule, importing works: features/voting/EvaResultsPage.tsx).
 */
export const evaluationResultsFigures = defineFigures({
  name: 'evaluationResults',
  path: RESULTS_PAGE,
  source: '/v1/{org}/evaluation/{act}/results',
  heading: '投票结果',
  testId: 'eva-results',
  needActivity: NEED_VOTING,
  backTo: { resource: 'evaluation' },
  cards: [
    { key: 'valid', title: VALID, value: 'totals.valid' },
    { key: 'suspect', title: SUSPECT, value: 'totals.suspect' },
    { key: 'void', title: VOID, value: 'totals.void' },
    { key: 'voters', title: '投票人数', value: 'totals.voters' },
    { key: 'sources', title: '投票对象', value: 'totals.sources' },
  ],
  charts: [
    {
      key: 'daily',
      title: '每日投票',
      kind: 'daily',
      rows: 'days',
      label: 'day',
      series: [
        { field: 'valid', title: VALID, type: 'bar', stack: 'votes' },
        { field: 'suspect', title: SUSPECT, type: 'bar', stack: 'votes' },
        { field: 'voters', title: '投票人数', type: 'line' },
      ],
      empty: NO_DATA,
    },
  ],
  tables: [
    {
      key: 'eva-rank',
      title: '投票排名',
      rows: 'rows',
      pageSize: 50,
      columns: [
        { field: 'rank', title: '名次', width: 70 },
        { field: 'title', title: '名称' },
        { field: 'group_name', title: '分组', width: 100 },
        { field: 'votes', title: VALID, width: 90 },
        { field: 'suspect', title: SUSPECT, width: 90 },
        { field: 'void', title: VOID, width: 90 },
        { field: 'reached_at', title: '达到票数时间', width: 170, show: 'time' },
        { field: 'id', title: '证据', width: 80, link: { path: 'adminCount/adminActCount/actCountEvaSourceMore', query: { sourceID: 'id' }, text: '证据' } },
      ],
    },
  ],
  links: [
    { title: '投票对象管理', path: 'adminAct/adminEvaWork' },
    { title: '投票明细', path: 'adminCount/adminActCount/actCountEvaMore' },
    { title: '评论管理', path: 'adminAct/adminEvaComment' },
    { title: '下载', path: 'adminCount/adminActCount/actCountEvaDownload' },
  ],
});

/**
 * 评选来源统计 (`actCountEvaSourceMore?actID=&sourceID=`, design §3c): one source's evidence for
 * disputes — votes per hour with velocity alerts, the spread over addresses, the suspect share and
 * reasons, and the voids with their reasons.
 */
export const sourceEvidenceFigures = defineFigures({
  name: 'sourceEvidence',
  path: 'adminCount/adminActCount/actCountEvaSourceMore',
  source: '/v1/{org}/evaluation/{act}/source/{sourceID}/evidence',
  params: [{ name: 'sourceID', need: '请从投票结果进入（缺少投票对象ID）' }],
  heading: '投票证据',
  titleFrom: 'source.title',
  testId: 'eva-evidence',
  needActivity: NEED_VOTING,
  backTo: { path: RESULTS_PAGE, text: '返回投票结果' },
  cards: [
    { key: 'valid', title: VALID, value: 'source.vote_count' },
    { key: 'suspect', title: SUSPECT, value: 'source.suspect_count' },
    { key: 'void', title: VOID, value: 'source.void_count' },
    { key: 'suspect_share', title: '存疑比例', value: 'suspect_share', show: 'percent' },
    { key: 'distinct_ips', title: '来源IP数', value: 'addresses.distinct' },
  ],
  charts: [
    {
      key: 'hourly',
      title: '每小时投票',
      kind: 'bars',
      rows: 'hours',
      label: 'hour',
      series: [
        { field: 'valid', title: VALID, stack: 'h' },
        { field: 'suspect', title: SUSPECT, stack: 'h' },
        { field: 'void', title: VOID, stack: 'h' },
      ],
      empty: NO_DATA,
    },
  ],
  tables: [
    {
      key: 'eva-hours',
      title: '每小时投票',
      rows: 'hours',
      side: 'left',
      pageSize: 24,
      columns: [
        { field: 'hour', title: '时段' },
        { field: 'valid', title: VALID },
        { field: 'suspect', title: SUSPECT },
        { field: 'void', title: VOID },
        { field: 'alert', title: '增速预警', show: 'tag', tag: { text: '异常', color: 'red' } },
      ],
    },
    { key: 'eva-ips', title: '投票最多的IP', rows: 'addresses.top', side: 'right', columns: [{ field: 'ip', title: 'IP' }, { field: 'votes', title: VOTES }, { field: 'valid', title: VALID }] },
    { key: 'eva-reasons', title: '存疑原因', rows: 'suspect_reasons', side: 'right', columns: [{ field: 'reason', title: '存疑原因' }, { field: 'votes', title: VOTES }] },
    {
      key: 'eva-voids',
      title: '作废记录',
      rows: 'voids',
      side: 'right',
      columns: [
        { field: 'reason', title: '作废原因' },
        { field: 'votes', title: VOTES },
        { field: 'created_at', title: '作废时间', show: 'time' },
      ],
    },
  ],
});
