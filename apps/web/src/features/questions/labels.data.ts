/**
 * The question types and difficulties of the domain (rules/questions.ts) and the fill-in answer's
 * text, as data computed at build time (`*.data.ts`, see apps/web/vite.config.ts): the module that
 * declares them builds the questions' zod schemas at load, which the lists and figures do not need.
 */
export { DIFFICULTY_LEVELS, QUESTION_TYPES, DEFAULT_PAPER_TOTAL } from '@huodong/domain';
