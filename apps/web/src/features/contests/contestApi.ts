import { PAGE_SIZE_MAX, type ListData } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import * as T from './texts';

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

/** A category a rule may name: the organisation's question categories (`/v1/{org}/category`). */
export interface RuleCategory {
  id: number;
  name: string;
}
/** The organisation's question categories, in their order: the rules editor's picker and the rules table's names. */
export const useRuleCategories = (org: string, enabled = true) =>
  useApiQuery<ListData<RuleCategory>>(['contestRuleCategories', org], `/v1/${org}/category`, { page_size: PAGE_SIZE_MAX }, { enabled });

/** Names of a rule's categories; an id that is not one of the organisation's (a public bank's category) by its id. */
export const categoryNames = (ids: readonly number[], categories: readonly RuleCategory[]): string =>
  ids.map((id) => categories.find((c) => c.id === id)?.name ?? T.CATEGORY_BY_ID(id)).join('、');

/**
 * The picker's tree: the organisation's categories under one node (checking it takes them all), and
 * the ids a stored rule names that are not among them under another, so they stay visible and removable.
 */
export function categoryTree(categories: readonly RuleCategory[], chosen: readonly number[]) {
  const own = new Set(categories.map((c) => c.id));
  const others = [...new Set(chosen.filter((id) => !own.has(id)))];
  return [
    { title: T.OWN_CATEGORIES, value: 'own', key: 'own', children: categories.map((c) => ({ title: c.name, value: c.id, key: c.id })) },
    ...(others.length ? [{ title: T.OTHER_CATEGORIES, value: 'other', key: 'other', children: others.map((id) => ({ title: T.CATEGORY_BY_ID(id), value: id, key: id })) }] : []),
  ];
}

/** How many questions a paper of this mode gives a reader: all of a fixed paper, the rules' counts of a random one. */
export const drawnCount = (p: Pick<PaperView, 'contest_type' | 'rules' | 'question_count'>): number =>
  p.contest_type === 2 ? p.rules.reduce((s, r) => s + r.count, 0) : p.question_count;
