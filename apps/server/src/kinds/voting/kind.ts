import { evaluationPublishProblem } from '@huodong/domain';
import type { ActivityKind } from '../kind.js';
import { preparedEvaluationConfig } from './configFamily.js';
import { commentChecksBinding, commentsCheckKind, evaluationSourcesBinding, evaluationVotesBinding } from './family.js';
import { votingRoutes } from './readerRoutes.js';
import { votingFiguresRoutes } from './figures.js';

/** Voting and comments (type 2 投票评论): sources, ballots with limits, comments under moderation. */
export const votingKind: ActivityKind = {
  name: 'voting',
  types: [2],
  prepare({ values, existing }) {
    values.config = preparedEvaluationConfig(values, existing);
  },
  publishProblem: (_tx, row) => evaluationPublishProblem(row),
  checkKinds: [commentsCheckKind],
  bindings: [evaluationSourcesBinding, evaluationVotesBinding, commentChecksBinding],
  routes: [votingRoutes],
  figures: votingFiguresRoutes,
};
