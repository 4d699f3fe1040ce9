/**
 * Questionnaires, type 4 (design activities §6), without zod (pages and the server share it): the
 * question types, a question's structural checks, the show/jump logic (on earlier answers only,
 * to later questions only: no cycles), a response's checks against the version answered, the
 * rows the statistics group by, and the statistics themselves. The request schemas are survey.ts.
 */
export * from './surveyQuestionTypes.js';
export * from './surveyQuestionChecks.js';
export * from './surveyLogic.js';
export * from './surveyAnswers.js';
export * from './surveyStatistics.js';
export * from './surveyCountPages.js';
