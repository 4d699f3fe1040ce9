import { ACTIVITY_KINDS, type SourceEvidence, type VoidAnswer, type VoteResultsAnswer } from '@huodong/domain';
import { resourceQueryKey } from '../../resources/resourcePaths';

/** The voting activity's declaration (type 2): its key refreshes these pages after a write. */
export const EVALUATION = ACTIVITY_KINDS[2];
export const votingKey = (actId: number) => [...resourceQueryKey(EVALUATION), 'voting', actId];

export const resultsPath = (org: string, act: number) => `/v1/${org}/evaluation/${act}/results`;
export const evidencePath = (org: string, act: number, source: number) => `/v1/${org}/evaluation/${act}/source/${source}/evidence`;
export const voidPath = (org: string, act: number) => `/v1/${org}/evaluation/${act}/votes/void`;
export const importPath = (org: string, act: number) => `/v1/${org}/evaluation/${act}/source/import`;

export const RESULTS_PAGE = 'adminCount/adminActCount/actCountEva';
export const EVIDENCE_PAGE = 'adminCount/adminActCount/actCountEvaSourceMore';
export const DOWNLOAD_PAGE = 'adminCount/adminActCount/actCountEvaDownload';
export const VOTES_PAGE = 'adminCount/adminActCount/actCountEvaMore';
export const SOURCES_PAGE = 'adminAct/adminEvaWork';
export const COMMENTS_PAGE = 'adminAct/adminEvaComment';

/** An id from the page's query (spec §2 `?actID=`). */
export { idFromQuery as idOf } from '../../resources/listModel';

export type { SourceEvidence, VoidAnswer, VoteResultsAnswer };
