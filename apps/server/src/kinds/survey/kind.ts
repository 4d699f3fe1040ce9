import type { ActivityKind } from '../kind.js';
import { surveyQuestionsBinding, surveyResponsesBinding } from './family.js';
import { assertAnonymityKept, surveyPublishProblem } from './store.js';
import { surveyFiguresRoutes } from './figures.js';

/** Questionnaires (type 4 问卷): versioned questions with logic, responses with quotas, statistics. */
export const surveyKind: ActivityKind = {
  name: 'survey',
  types: [4],
  prepare: ({ tx, existing, values }) => assertAnonymityKept(tx, existing, values),
  publishProblem: (tx, row) => surveyPublishProblem(tx, row.id),
  bindings: [surveyQuestionsBinding, surveyResponsesBinding],
  figures: surveyFiguresRoutes,
};
