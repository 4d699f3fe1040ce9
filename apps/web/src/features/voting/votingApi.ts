import type { VoidAnswer } from '@huodong/domain';

export const voidPath = (org: string, act: number) => `/v1/${org}/evaluation/${act}/votes/void`;
export const importPath = (org: string, act: number) => `/v1/${org}/evaluation/${act}/source/import`;

export type { VoidAnswer };

/** The reports on a comment (举报详情: commentChecks' declared row list COMMENT_REPORTS, `rowListPath`), newest first. */
export const commentReportsPath = (org: string, act: number, comment: number) => `/v1/${org}/check/${act}/comment/${comment}/reports`;
export interface CommentReport {
  reader_id: number;
  real_name: string;
  account: string;
  /** As the reader gave it: the chosen reason and its note (`人身攻击：…`). */
  reason: string;
  created_at: number;
}
