import { z } from 'zod';
import { idRef, plainText, requiredText } from '../resources/fields.js';
import type { GateRefusal } from './gate.js';
import { competitionRanks } from './ranking.js';
import { choiceOf, duplicateIndexes, flagSchema, round2, timestampSchema, wholeNumber, type FieldProblem } from './ruleSchemas.js';
import { mediaFileName, type AuthorField } from './works.js';

/**
 * Expert judging of works (design §2b "Expert activity", "Assignment", "Review", "Result"): the
 * expert activity's settings and rubric, a review's checks and total, the aggregate per work with
 * arbitration, ranks and awards by quota, what an expert may see of a work (blind review), and
 * who may judge which work (conflicts, balanced automatic assignment).
 */

export const REVIEW_ROUNDS = { 1: '初评', 2: '终评' } as const;
export const ASSIGNMENT_MODES = { manual: '手动分配', auto: '自动分配' } as const;
export const OTHER_REVIEWS_VISIBILITY = { never: '不可见', after_review: '提交自己的评审后可见', always: '始终可见' } as const;
export type OtherReviewsVisibility = keyof typeof OTHER_REVIEWS_VISIBILITY;
export const REVIEW_AGGREGATES = {
  auto: '自动（5位及以上专家时去掉最高分和最低分）',
  mean: '平均分',
  trimmed_mean: '去掉最高分和最低分后的平均分',
  median: '中位数',
} as const;
export type ReviewAggregate = keyof typeof REVIEW_AGGREGATES;
/** `auto` trims the highest and lowest total from this many reviews on (design §2b); fewer: the mean. */
export const TRIMMED_MEAN_MIN_REVIEWS = 5;
/** An explicit trimmed mean needs this many reviews to drop two; fewer: the mean. */
export const TRIMMED_MEAN_FLOOR = 3;
/** Reviews are still accepted this long after `end_at` unless `expire_at` says otherwise (OpenReview's hidden expiration). */
export const REVIEW_GRACE_SECONDS = 1800;

const criterionSchema = z.object(
  {
    name: requiredText('评分项名称', 20),
    weight: wholeNumber('权重', 1, 100),
    /** The highest score an expert gives this criterion; it contributes `score / max × weight`. */
    max: wholeNumber('满分', 1, 100).default(10),
    required: z.boolean({ error: '必评只能是是或否' }).default(true),
  },
  { error: '评分项不正确' },
);
export type Criterion = z.output<typeof criterionSchema>;

/** Weighted criteria (design §2b: Σ weight = 100), names unique. */
export const rubricSchema = z
  .array(criterionSchema, { error: '请设置评分项' })
  .min(1, '请设置评分项')
  .max(20, '评分项最多20个')
  .superRefine((list, ctx) => {
    const sum = list.reduce((s, c) => s + c.weight, 0);
    if (sum !== 100) ctx.addIssue({ code: 'custom', path: [], message: `评分项权重之和必须为100（当前为${sum}）` });
    for (const i of duplicateIndexes(list, (c) => c.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: '评分项名称重复' });
  });

export const expertActSchema = z
  .object({
    act_id: idRef('活动'),
    round: z.union([z.literal(1), z.literal(2)], { error: '请选择有效的评审轮次' }).default(1),
    rubric: rubricSchema,
    reviewers_per_work: wholeNumber('每件作品评审专家数', 1, 9).default(3),
    assignment: choiceOf('分配方式', ['manual', 'auto']).default('auto'),
    blind: flagSchema('匿名评审').default(1),
    can_see_other_reviews: choiceOf('查看其他专家评分', ['never', 'after_review', 'always']).default('never'),
    text_required: flagSchema('评语必填').default(0),
    start_at: timestampSchema('评审开始时间'),
    end_at: timestampSchema('评审结束时间'),
    /** Null: `end_at` + REVIEW_GRACE_SECONDS. */
    expire_at: timestampSchema('评审截止宽限时间').nullable().default(null),
    aggregate: choiceOf('计分方式', ['auto', 'mean', 'trimmed_mean', 'median']).default('auto'),
    /** Range of totals (0–100 scale) above which a work goes to arbitration. */
    disagreement_threshold: wholeNumber('分差阈值', 0, 100).default(25),
    weights: z
      .object({ expert: wholeNumber('专家评分权重', 0, 100).default(100), popular: wholeNumber('网络人气权重', 0, 100).default(0) }, { error: '权重不正确' })
      .default({ expert: 100, popular: 0 }),
  })
  .superRefine((v, ctx) => {
    if (v.end_at <= v.start_at) ctx.addIssue({ code: 'custom', path: ['end_at'], message: '评审结束时间必须晚于开始时间' });
    if (v.expire_at !== null && v.expire_at < v.end_at) ctx.addIssue({ code: 'custom', path: ['expire_at'], message: '评审截止宽限时间不能早于评审结束时间' });
    if (v.weights.expert + v.weights.popular !== 100) ctx.addIssue({ code: 'custom', path: ['weights'], message: '专家评分与网络人气权重之和必须为100' });
  });
export type ExpertActConfig = z.output<typeof expertActSchema>;

/** Reviews are taken from `start_at` until the grace end (`expire_at`, default `end_at` + 30 min). */
export function reviewWindowRefusal(act: Pick<ExpertActConfig, 'start_at' | 'end_at' | 'expire_at'>, now: number): GateRefusal | null {
  if (now < act.start_at) return { gate: 40001, status: 403, message: '评审未开始' };
  if (now >= (act.expire_at ?? act.end_at + REVIEW_GRACE_SECONDS)) return { gate: 40002, status: 403, message: '评审已结束' };
  return null;
}

/** Whether an expert sees the other experts' scores of a work (never their names). */
export function canSeeOtherReviews(mode: OtherReviewsVisibility, ownSubmitted: boolean): boolean {
  return mode === 'always' || (mode === 'after_review' && ownSubmitted);
}

// ---------------------------------------------------------------- a review

/** `PUT /expert/assignments/{aid}/review`: scores by criterion name, and the comment. */
export const reviewBodySchema = z.object({
  scores: z.record(z.string(), z.number({ error: '分数必须是数字' }), { error: '请评分' }).default({}),
  comment: plainText('评语').trim().max(20_000, '评语不能超过20000个字符').default(''),
});
export type ReviewBody = z.output<typeof reviewBodySchema>;

const oneDecimal = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;

/**
 * A review can be submitted only when every required criterion has a score from 0 to its maximum
 * (at most one decimal), no unknown criterion is scored, and the comment is there when required.
 */
export function reviewProblems(rubric: readonly Criterion[], body: ReviewBody, textRequired: boolean | 0 | 1): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const c of rubric) {
    const v = body.scores[c.name];
    const field = `scores.${c.name}`;
    if (v === undefined) {
      if (c.required) out.push({ field, message: `请为“${c.name}”评分` });
    } else if (!Number.isFinite(v) || v < 0 || v > c.max) out.push({ field, message: `“${c.name}”的分数必须在0到${c.max}之间` });
    else if (!oneDecimal(v)) out.push({ field, message: `“${c.name}”的分数最多保留1位小数` });
  }
  for (const name of Object.keys(body.scores)) if (!rubric.some((c) => c.name === name)) out.push({ field: `scores.${name}`, message: `评分项“${name}”不存在` });
  if (textRequired && !body.comment.trim()) out.push({ field: 'comment', message: '请填写评语' });
  return out;
}

/** A review's total on a 0–100 scale: Σ score / max × weight (an unscored optional criterion adds 0), 2 decimals. */
export function reviewTotal(rubric: readonly Criterion[], scores: Readonly<Record<string, number>>): number {
  return round2(rubric.reduce((sum, c) => sum + ((scores[c.name] ?? 0) / c.max) * c.weight, 0));
}

// ---------------------------------------------------------------- results

export interface ScoreSummary {
  n: number;
  mean: number;
  median: number;
  /** Population standard deviation. */
  stdev: number;
  min: number;
  max: number;
  range: number;
  /** The aggregate the activity chose; null without reviews. */
  final: number | null;
  method: 'mean' | 'trimmed_mean' | 'median' | null;
  /** Range above the threshold (design: 待仲裁 — an extra reviewer or the chair decides). */
  needs_arbitration: boolean;
}

const meanOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
function medianOf(sorted: readonly number[]): number {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/** Which aggregate applies to `n` reviews. */
export function aggregateMethod(aggregate: ReviewAggregate, n: number): 'mean' | 'trimmed_mean' | 'median' {
  if (aggregate === 'median') return 'median';
  if (aggregate === 'auto') return n >= TRIMMED_MEAN_MIN_REVIEWS ? 'trimmed_mean' : 'mean';
  if (aggregate === 'trimmed_mean') return n >= TRIMMED_MEAN_FLOOR ? 'trimmed_mean' : 'mean';
  return 'mean';
}

/** The submitted totals of one work summarised; the trimmed mean drops exactly one highest and one lowest. */
export function summarizeScores(totals: readonly number[], aggregate: ReviewAggregate, threshold: number): ScoreSummary {
  const n = totals.length;
  if (n === 0) return { n: 0, mean: 0, median: 0, stdev: 0, min: 0, max: 0, range: 0, final: null, method: null, needs_arbitration: false };
  const sorted = [...totals].sort((a, b) => a - b);
  const mean = meanOf(sorted);
  const median = medianOf(sorted);
  const stdev = Math.sqrt(meanOf(sorted.map((x) => (x - mean) ** 2)));
  const method = aggregateMethod(aggregate, n);
  const final = method === 'median' ? median : method === 'trimmed_mean' ? meanOf(sorted.slice(1, -1)) : mean;
  const range = round2(sorted[n - 1] - sorted[0]);
  return { n, mean: round2(mean), median: round2(median), stdev: round2(stdev), min: sorted[0], max: sorted[n - 1], range, final: round2(final), method, needs_arbitration: n >= 2 && range > threshold };
}

/**
 * The final with online popularity (design §2b `weights`, e.g. 80/20): popularity is the work's
 * valid votes as a share of the most-voted work's, on 0–100.
 */
export function combinedFinal(expertFinal: number, votes: number, maxVotes: number, weights: { expert: number; popular: number }): number {
  const popular = maxVotes > 0 ? (votes / maxVotes) * 100 : 0;
  return round2((expertFinal * weights.expert + popular * weights.popular) / 100);
}

export interface ScoredWork {
  id: number;
  /** Null: not (fully) reviewed — unranked. */
  final: number | null;
}

/** Works by final descending (competition ranks on the 2-decimal final); unscored works last, rank null. */
export function rankWorks<T extends ScoredWork>(rows: readonly T[]): (T & { rank: number | null })[] {
  const scored = rows.filter((r) => r.final !== null).sort((a, b) => b.final! - a.final! || a.id - b.id);
  const ranks = competitionRanks(scored, (a, b) => a.final === b.final);
  return [...scored.map((r, i) => ({ ...r, rank: ranks[i] as number | null })), ...rows.filter((r) => r.final === null).map((r) => ({ ...r, rank: null }))];
}

/**
 * Levels by quota in rank order (design §2b "awards per group by award_quota; equal finals share
 * a level"): a work of competition rank r gets the first level whose cumulative places reach r,
 * so a tie takes places from the levels below it, and a tie across a boundary all get the higher
 * level. Ranks beyond every place (or unranked) get null.
 */
export function awardByQuota(ranked: readonly { id: number; rank: number | null }[], quota: readonly { level: string; places: number }[]): Map<number, string | null> {
  const cumulative: { level: string; upTo: number }[] = [];
  let total = 0;
  for (const q of quota) {
    total += Math.max(0, q.places);
    if (q.places > 0) cumulative.push({ level: q.level, upTo: total });
  }
  return new Map(ranked.map((w) => [w.id, w.rank === null ? null : (cumulative.find((c) => w.rank! <= c.upTo)?.level ?? null)]));
}

// ---------------------------------------------------------------- what an expert sees

export interface WorkMediaRef {
  url: string;
  ext: string;
  size_kb?: number;
  duration_sec?: number | null;
}

/** The stored work as the judging code reads it. */
export interface JudgedWork {
  id: number;
  work_no: string | null;
  title: string;
  content: string;
  link?: string;
  creation_type_id: number;
  group_id: number | null;
  cover?: string;
  media: readonly WorkMediaRef[];
  author: Partial<Record<AuthorField, string>>;
}

export interface ExpertWorkView {
  id: number;
  work_no: string;
  title: string;
  content: string;
  link: string;
  creation_type_id: number;
  group_id: number | null;
  cover: string;
  media: { url: string; ext: string; name: string; size_kb?: number; duration_sec?: number | null }[];
  /** Absent in blind review. */
  author?: Partial<Record<Exclude<AuthorField, 'phone'>, string>>;
}

/** Author fields an expert sees: none in blind review; without it, all but the phone (never shown). */
export const expertAuthorFields = (blind: boolean): readonly Exclude<AuthorField, 'phone'>[] => (blind ? [] : ['real_name', 'unit', 'grade', 'instructor']);

/**
 * The work as an expert receives it, built field by field (a field added to works later never
 * leaks by default). Blind review: no author at all, files named `{work_no}-{n}.{ext}`; the
 * server strips file metadata (EXIF, document properties) when it serves them.
 */
export function expertWorkView(work: JudgedWork, blind: boolean): ExpertWorkView {
  const workNo = work.work_no ?? '';
  const view: ExpertWorkView = {
    id: work.id,
    work_no: workNo,
    title: work.title,
    content: work.content,
    link: work.link ?? '',
    creation_type_id: work.creation_type_id,
    group_id: work.group_id,
    cover: work.cover ?? '',
    media: work.media.map((m, i) => ({
      url: m.url,
      ext: m.ext,
      name: blind ? `${workNo || 'work'}-${i + 1}.${m.ext}` : mediaFileName(work.title, i + 1, m.ext),
      ...(m.size_kb !== undefined ? { size_kb: m.size_kb } : {}),
      ...(m.duration_sec !== undefined ? { duration_sec: m.duration_sec } : {}),
    })),
  };
  const fields = expertAuthorFields(blind);
  if (fields.length) {
    view.author = {};
    for (const f of fields) if (work.author[f]) view.author[f] = work.author[f];
  }
  return view;
}

// ---------------------------------------------------------------- who judges what

export interface ExpertProfile {
  id: number;
  name: string;
  unit_id?: number | null;
  unit?: string | null;
  specialties?: readonly string[];
  is_pause?: number;
}

/** What a conflict check needs of a work's author. */
export interface WorkParty {
  id: number;
  unit_id?: number | null;
  unit?: string | null;
  /** Instructor names as entered (several separated by 、，, ; /). */
  instructor?: string | null;
  /** The creation type's name, matched against specialties. */
  creation_type_name?: string | null;
}

export const CONFLICTS = { same_unit: '该专家与作者同单位，需回避', instructor: '该专家是作品的指导老师，需回避' } as const;
export type Conflict = keyof typeof CONFLICTS;

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toLowerCase();

/**
 * Why an expert must not judge a work: the same unit (by id when both have one, else by name),
 * or the expert named as the work's instructor. Names are compared without spaces; a namesake
 * counts as a conflict (an unnecessary recusal is cheaper than a biased score).
 */
export function conflictOf(expert: Pick<ExpertProfile, 'name' | 'unit_id' | 'unit'>, work: WorkParty): Conflict | null {
  if (expert.unit_id != null && work.unit_id != null) {
    if (expert.unit_id === work.unit_id) return 'same_unit';
  } else if (squash(expert.unit) && squash(expert.unit) === squash(work.unit)) return 'same_unit';
  const name = squash(expert.name);
  if (name && (work.instructor ?? '').split(/[、,，;；/]+/).some((n) => squash(n) === name)) return 'instructor';
  return null;
}

/** Why an administrator's manual assignment is refused, or null. */
export function assignmentProblem(expert: ExpertProfile, work: WorkParty, assignedExpertIds: readonly number[]): string | null {
  if (expert.is_pause) return '该专家已暂停';
  if (assignedExpertIds.includes(expert.id)) return '该专家已分配此作品';
  const conflict = conflictOf(expert, work);
  return conflict ? CONFLICTS[conflict] : null;
}

export interface AutoAssignment {
  assignments: { work_id: number; expert_id: number }[];
  /** Works that could not get enough experts without a conflict. */
  short: { work_id: number; missing: number }[];
}

/**
 * Balanced automatic assignment (design §2b): works in id order, each topped up to `perWork`
 * experts, choosing among active experts without a conflict and not yet on the work the one with
 * the lowest load (current assignments in this expert activity), then one whose specialties name
 * the work's creation type, then the lowest id. Deterministic for the same input.
 */
export function autoAssign(works: readonly (WorkParty & { assigned: readonly number[] })[], experts: readonly (ExpertProfile & { load: number })[], perWork: number): AutoAssignment {
  const load = new Map(experts.map((e) => [e.id, e.load]));
  const assignments: AutoAssignment['assignments'] = [];
  const short: AutoAssignment['short'] = [];
  for (const work of [...works].sort((a, b) => a.id - b.id)) {
    const need = perWork - work.assigned.length;
    if (need <= 0) continue;
    const matches = (e: ExpertProfile) => !!work.creation_type_name && (e.specialties ?? []).some((s) => squash(s) === squash(work.creation_type_name));
    const chosen = experts
      .filter((e) => !e.is_pause && !work.assigned.includes(e.id) && conflictOf(e, work) === null)
      .sort((a, b) => load.get(a.id)! - load.get(b.id)! || Number(matches(b)) - Number(matches(a)) || a.id - b.id)
      .slice(0, need);
    for (const e of chosen) {
      assignments.push({ work_id: work.id, expert_id: e.id });
      load.set(e.id, load.get(e.id)! + 1);
    }
    if (chosen.length < need) short.push({ work_id: work.id, missing: need - chosen.length });
  }
  return { assignments, short };
}
