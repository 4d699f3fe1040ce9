import { formatSeconds, type VoteResultsAnswer } from '@huodong/domain';
import type { Cell } from '../../exports/xlsxStream.js';

/** The results download's name and sheet (page actCountEvaDownload). */
export const RESULTS_EXPORT_TITLE = '投票结果';

/** Columns of the results download: the ranking as the results page shows it, with the frozen snapshot it comes from. */
export const RESULTS_EXPORT_HEADERS = ['名次', '投票对象ID', '投票对象', '分组', '有效票', '存疑票', '作废票', '达到票数时间', '结果版本', '结果哈希（SHA-256）'] as const;

/**
 * The rows of the results download. Before the end the ranking is live and the snapshot columns
 * are empty; after the end every row names the frozen version and its hash (the same ranking the
 * page and `GET …/results` answer).
 */
export function resultsExportRows(results: Pick<VoteResultsAnswer, 'rows' | 'snapshot'>): Cell[][] {
  const version = results.snapshot?.version ?? null;
  const hash = results.snapshot?.hash ?? null;
  return results.rows.map((r) => [r.rank, r.id, r.title, r.group_name, r.votes, r.suspect, r.void, formatSeconds(r.reached_at), version, hash]);
}
