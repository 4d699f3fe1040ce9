/** Where the contest pages read and write (the server's contest routes). */
export type ContestType = 3 | 6;
export const BASE = { 3: 'contest', 6: 'contestpro' } as const;

export interface ContestRule {
  type: number;
  count: number;
  score_each: number;
  category_ids: number[];
  difficulty_min: number;
  difficulty_max: number;
}
export interface Shortfall {
  rule: number;
  need: number;
  have: number;
  message: string;
}
export interface PaperView {
  level_id: number | null;
  contest_type: 1 | 2;
  rules: ContestRule[];
  question_count: number;
  must_count: number;
  total: number;
  shortfalls: Shortfall[];
  warning: string;
}

export const paperPath = (org: string, type: ContestType, act: number) => `/v1/${org}/${BASE[type]}/${act}/paper`;
export const rulesPath = (org: string, type: ContestType, act: number, level?: number) =>
  type === 3 ? `/v1/${org}/contest/${act}/rules` : `/v1/${org}/contestpro/${act}/pass/${level}/rules`;
export const questionPath = (org: string, type: ContestType, act: number) => `/v1/${org}/${BASE[type]}/${act}/question`;
export const paperKey = (act: number | undefined, level?: number) => ['contestPaper', act, level ?? 0];
export const QUESTION_TYPES: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };
export const DIFFICULTIES: Record<number, string> = { 1: '容易', 2: '较易', 3: '中等', 4: '较难', 5: '困难' };
export const options = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));
