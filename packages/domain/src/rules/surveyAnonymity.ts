import { chinaDayStart } from './chinaTime.js';
import { surveyConfigOf } from './survey.js';

/**
 * An anonymous questionnaire (issue 20, item 18): no administrator surface may link an answer to
 * the reader who gave it. Answering joins the reader, and the participants list names them, so
 * the join must not carry the answer's moment: a join of an anonymous questionnaire is recorded
 * with the start of its China-time day (created and updated), and the participants list orders a
 * day's joins by account, not by when they came. The response surfaces show no account, name or
 * unit (`respondentsOf`).
 */
export const isAnonymousSurvey = (act: { type: number; config: unknown }): boolean => act.type === 4 && !!surveyConfigOf(act.config).anonymous;

/** The time a join is recorded with: now, or the start of today (China time) for an anonymous questionnaire. */
export const joinTimeOf = (act: { type: number; config: unknown }, now: number): number => (isAnonymousSurvey(act) ? chinaDayStart(now) : now);
