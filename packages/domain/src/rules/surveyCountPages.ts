import type { SurveyQuestionType } from './surveyQuestionTypes.js';
import type { CrossTab, NpsSummary, OptionShare, SurveyScoreSummary } from './surveyStatistics.js';

/** Questionnaires: what the count pages read. Part of surveyKinds.ts, split along its sections. */

// ---- what the count pages read ------------------------------------------------------------------

export interface SurveyQuestionStats {
  id: number;
  /** 第N题 (null for a description). */
  no: number | null;
  type: SurveyQuestionType;
  title: string;
  revision: number;
  /** Responses that answered it (in its current revision). */
  respondents: number;
  /** Responses that answered an earlier revision (before a type change): readable on their papers, not counted here. */
  earlier: number;
  /** Choice, dropdown, cascader (by path): each option's count and %. */
  options?: OptionShare[];
  /** Multiple choice: all choices made. */
  choices?: number;
  /** Ranking: each option's mean rank (2 decimals, lower is better), best first. */
  ranking?: { id: string; text: string; mean_rank: number; count: number }[];
  /** Rating. */
  score?: SurveyScoreSummary;
  nps?: NpsSummary;
  /** Matrix: per row, each column option's count and % of the row's respondents. */
  matrix?: CrossTab;
  /** Written answers (open text, "other" texts, dates, uploads): how many, read on actCountSurveySubQues. */
  texts?: number;
}

export interface SurveyStats {
  activity: { id: number; title: string; act_state: number; anonymous: number };
  version: number;
  totals: { responses: number; readers: number; mean_duration: number; today: number };
  days: { day: string; responses: number }[];
  questions: SurveyQuestionStats[];
}

export interface SurveyAnswerItem {
  response_id: number;
  submitted_at: number;
  account: string;
  unit_name: string;
  option_text: string;
  text: string;
  num: number | null;
}

export interface SurveyPaper {
  id: number;
  version: number;
  anonymous: number;
  account: string;
  real_name: string;
  unit_name: string;
  started_at: number | null;
  submitted_at: number | null;
  duration_sec: number;
  edit_count: number;
  channel: string;
  items: { id: number; no: number | null; type: SurveyQuestionType; title: string; description: string; answered: boolean; text: string }[];
}
