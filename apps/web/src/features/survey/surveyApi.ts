import { ACTIVITY_KINDS, SURVEY_COUNT_PAGE, SURVEY_PAPER_PAGE, SURVEY_QUESTIONS_PAGE, SURVEY_SUBQUES_PAGE } from '@huodong/domain';
import type { SurveyQuestion } from '@huodong/domain';
import { resourceQueryKey } from '../../resources/resourcePaths';

/** The questionnaire's declaration (type 4): its key refreshes these pages after a write. */
export const SURVEY = ACTIVITY_KINDS[4];
export const surveyKey = (actId: number) => [...resourceQueryKey(SURVEY), 'survey', actId];

export const activityPath = (org: string, act: number) => `/v1/${org}/survey/${act}`;
export const questionsPath = (org: string, act: number) => `/v1/${org}/survey/${act}/question`;
export const crossPath = (org: string, act: number) => `/v1/${org}/survey/${act}/crosstab`;
export const exportPath = (org: string) => `/v1/${org}/export/surveyresponses`;

export { SURVEY_COUNT_PAGE, SURVEY_PAPER_PAGE, SURVEY_QUESTIONS_PAGE, SURVEY_SUBQUES_PAGE };
export { idFromQuery as idOf } from '../../resources/listModel';

/** A question as the questionnaire's pages read it: its place and how many answered it. */
export type StoredQuestion = SurveyQuestion & { sort: number; answer_count: number };
