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
