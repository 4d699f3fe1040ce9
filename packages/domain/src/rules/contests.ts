import { z } from 'zod';
import { idRef, requiredText } from '../resources/fields.js';
import type { GateRefusal } from './gate.js';
import { QUESTION_TYPES, questionTypeSchema, type QuestionType } from './questions.js';
import { competitionRanks } from './ranking.js';
import { choiceOf, flagSchema, round2, wholeNumber, type FieldProblem } from './ruleSchemas.js';

/**
 * Knowledge contests, single round (type 3, design §4) and with pass levels (type 6, design §5):
 * the settings with their defaults, the random paper drawn by rules (must questions counted in
 * their type's quota), pool sufficiency per rule, the deadline, attempt limits, grade methods,
 * what a reader sees after submitting, rankings, level states and pass rules, and item analysis.
 *
 * A contest's questions are its own copies of bank questions (or questions added to it), each with
 * its score, order and must flag. A fixed paper (`contest_type` 1) is every question in order; a
 * random paper (2) draws from the contest's questions by `rules`. Rules of the same type must not
 * overlap (categories and difficulty), so each question belongs to at most one rule and the pool
 * check is exact. A bank question is in at most one level of a contest, so levels never repeat a
 * question.
 */

export const CONTEST_PAPER_MODES = { 1: '固定试卷', 2: '随机组卷' } as const;
export const GRADE_METHODS = { highest: '最高分', first: '首次成绩', last: '最后一次', average: '平均分' } as const;
export type GradeMethod = keyof typeof GRADE_METHODS;
export const REVIEW_WHEN = { immediately: '提交后', after_end: '活动结束后', never: '不显示' } as const;
export type ReviewWhen = keyof typeof REVIEW_WHEN;
export const PASS_MODES = { score: '得分', correct_count: '答对题数', accuracy: '正确率(%)' } as const;
export type PassMode = keyof typeof PASS_MODES;
export const ATTEMPT_STATES = { inprogress: '答题中', pending_grading: '待批改', finished: '已完成' } as const;
export type AttemptState = keyof typeof ATTEMPT_STATES;
export const LEVEL_STATES = { locked: '未解锁', unlocked: '可挑战', in_progress: '挑战中', passed: '已通过', failed: '未通过', exhausted: '次数已用完' } as const;
export type LevelState = keyof typeof LEVEL_STATES;

/** Seconds after the deadline during which a submission still counts; then the server submits (Moodle `graceperiod`). */
export const GRACE_SECONDS = 30;
export const TIME_LIMIT_MAX = 6 * 3600;
export const RULES_MAX = 20;
export const PAPER_MAX = 200;
export const LEVELS_MAX = 50;
/** Default pass score: 60 % of the paper's total. */
export const DEFAULT_PASS_RATIO = 0.6;
/** Item analysis: the top and bottom 27 % of attempts by score; a question under 15 % correct is flagged. */
export const ANALYSIS_GROUP = 0.27;
export const LOW_CORRECT_RATE = 0.15;

// ---- Settings ---------------------------------------------------------------------------------------

/** One rule of a random paper: `count` questions of `type` (within categories and a difficulty range), `score_each` points each. */
export const contestRuleSchema = z
  .object({
    type: questionTypeSchema,
    count: wholeNumber('抽题数量', 1, PAPER_MAX),
    score_each: z.number({ error: '每题分值必须是数字' }).min(0.5, '每题分值不能小于0.5').max(100, '每题分值不能超过100'),
    category_ids: z.array(idRef('题目分类'), { error: '题目分类不正确' }).max(50, '题目分类最多50个').default([]),
    difficulty_min: wholeNumber('最低难度', 1, 5).default(1),
    difficulty_max: wholeNumber('最高难度', 1, 5).default(5),
  })
  .refine((r) => r.difficulty_min <= r.difficulty_max, { path: ['difficulty_max'], message: '最高难度不能低于最低难度' });
export type ContestRule = z.output<typeof contestRuleSchema>;

const review = (label: string, dflt: ReviewWhen) => choiceOf(label, ['immediately', 'after_end', 'never']).default(dflt);

/**
 * The contest's own settings (`activities.config`), design §4 defaults. The attempt limit in total
 * and the time limit are the spec's activity columns `answer_limit` and `time_limit`.
 */
export const contestConfigShape = {
  contest_type: z.union([z.literal(1), z.literal(2)], { error: '组卷方式只能是固定试卷或随机组卷' }).default(1),
  rules: z.array(contestRuleSchema, { error: '抽题规则不正确' }).max(RULES_MAX, `抽题规则最多${RULES_MAX}条`).default([]),
  shuffle_questions: flagSchema('题目乱序').default(1),
  shuffle_options: flagSchema('选项乱序').default(1),
  attempts_per_day: wholeNumber('每日答题次数', 0, 100).default(0),
  delay_between_sec: wholeNumber('两次答题间隔（秒）', 0, 30 * 86_400).default(0),
  grade_method: choiceOf('成绩计算方式', ['highest', 'first', 'last', 'average']).default('highest'),
  partial_multiple: flagSchema('多选题少选得分').default(0),
  strict_blanks: flagSchema('填空题严格匹配').default(0),
  pass_score: z.number({ error: '及格分必须是数字' }).min(0, '及格分不能小于0').max(10_000, '及格分不能超过10000').nullable().default(null),
  show_score: review('成绩公布', 'immediately'),
  show_correctness: review('对错公布', 'immediately'),
  show_answer: review('答案公布', 'after_end'),
  show_analysis: review('解析公布', 'after_end'),
  tab_switch_max: wholeNumber('切屏次数上限', 0, 100).default(3),
};
export const contestConfigSchema = z.object(contestConfigShape);
export type ContestConfig = z.output<typeof contestConfigSchema>;

/** The stored config read back: every key present, a bad value read as its default. */
export function contestConfigOf(config: unknown): ContestConfig {
  const c = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(contestConfigShape)) {
    const parsed = (schema as z.ZodType).safeParse(c[key]);
    out[key] = parsed.success ? parsed.data : (schema as z.ZodType).parse(undefined);
  }
  return out as ContestConfig;
}

/** Does a question fall under a rule (type, categories — none = all —, difficulty)? */
export function ruleMatches(rule: Pick<ContestRule, 'type' | 'category_ids' | 'difficulty_min' | 'difficulty_max'>, q: { type: number; category_id: number | null; difficulty: number }): boolean {
  return (
    q.type === rule.type &&
    (rule.category_ids.length === 0 || (q.category_id !== null && rule.category_ids.includes(q.category_id))) &&
    q.difficulty >= rule.difficulty_min &&
    q.difficulty <= rule.difficulty_max
  );
}

/** Rules of the same type overlap when their categories (none = all) and difficulty ranges meet. */
export function rulesProblems(rules: readonly ContestRule[], path = 'config.rules'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  rules.forEach((b, j) => {
    for (let i = 0; i < j; i++) {
      const a = rules[i];
      if (a.type !== b.type) continue;
      const cats = a.category_ids.length === 0 || b.category_ids.length === 0 || a.category_ids.some((c) => b.category_ids.includes(c));
      const diff = a.difficulty_min <= b.difficulty_max && b.difficulty_min <= a.difficulty_max;
      if (cats && diff) {
        problems.push({ field: `${path}.${j}`, message: `第${j + 1}条规则与第${i + 1}条规则的${QUESTION_TYPES[b.type]}范围重叠，请用不同的分类或难度区分` });
        break;
      }
    }
  });
  return problems;
}

/** The total of a random paper: Σ count × score each. */
export const rulesTotal = (rules: readonly Pick<ContestRule, 'count' | 'score_each'>[]): number => round2(rules.reduce((s, r) => s + r.count * r.score_each, 0));

/**
 * A pass score above the paper's total can never be reached (a pass rate of 0 % whatever the
 * readers score): refused on saving and publishing, naming the field and both numbers.
 */
export function passScoreProblem(passScore: number | null | undefined, total: number, field = 'config.pass_score'): FieldProblem | null {
  if (passScore === null || passScore === undefined || passScore <= total) return null;
  return { field, message: `及格分${round2(passScore)}分不能超过试卷总分${round2(total)}分` };
}

/** The pass score of a paper: the configured one, else 60 % of the total. */
export const passScoreOf = (configured: number | null, total: number): number => (configured ?? round2(total * DEFAULT_PASS_RATIO));

// ---- Pool and paper ---------------------------------------------------------------------------------

/** A contest question as the draw sees it. */
export interface PoolQuestion {
  id: number;
  type: QuestionType;
  difficulty: number;
  category_id: number | null;
  score: number;
  sort: number;
  is_must: number;
  /** Option keys in stored order (choice questions). */
  option_keys: readonly string[];
}

/** A question of an attempt's paper: which one, its points, the order its options are shown in. */
export interface PaperItem {
  id: number;
  score: number;
  /** Option keys in the order shown (empty for non-choice questions). */
  options: string[];
}

/** A rule the pool cannot satisfy. */
export interface Shortfall {
  /** Rule index (random paper), or -1 for the paper as a whole. */
  rule: number;
  need: number;
  have: number;
  message: string;
}

interface Allocation {
  musts: PoolQuestion[];
  eligible: PoolQuestion[];
  need: number;
}

/**
 * Which questions each rule draws from: a must question goes to the first rule of its type it
 * matches, else to the first rule of its type (counted in its type's quota); every other question
 * to the rule it matches (rules do not overlap).
 */
function allocate(rules: readonly ContestRule[], pool: readonly PoolQuestion[]): { per: Allocation[]; problems: Shortfall[] } {
  const per: Allocation[] = rules.map(() => ({ musts: [], eligible: [], need: 0 }));
  const problems: Shortfall[] = [];
  for (const q of pool) {
    const at = rules.findIndex((r) => ruleMatches(r, q));
    if (q.is_must) {
      const owner = at >= 0 ? at : rules.findIndex((r) => r.type === q.type);
      if (owner < 0) problems.push({ rule: -1, need: 0, have: 0, message: `必答题（ID:${q.id}）的题型${QUESTION_TYPES[q.type]}没有抽题规则` });
      else per[owner].musts.push(q);
    } else if (at >= 0) per[at].eligible.push(q);
  }
  rules.forEach((r, i) => {
    const a = per[i];
    if (a.musts.length > r.count) problems.push({ rule: i, need: r.count, have: a.musts.length, message: `第${i + 1}条规则（${QUESTION_TYPES[r.type]}）只抽${r.count}题，但有${a.musts.length}道必答题` });
    a.need = Math.max(0, r.count - a.musts.length);
    if (a.eligible.length < a.need)
      problems.push({ rule: i, need: a.need, have: a.eligible.length, message: `第${i + 1}条规则（${QUESTION_TYPES[r.type]}）需要${r.count}题，可抽题目只有${a.eligible.length + a.musts.length}题，还差${a.need - a.eligible.length}题` });
  });
  return { per, problems };
}

/** Why a paper cannot be made from the pool (empty = it can), per rule: the question page lists these and publishing is refused. */
export function poolShortfall(settings: Pick<ContestConfig, 'contest_type' | 'rules'>, pool: readonly PoolQuestion[]): Shortfall[] {
  if (settings.contest_type === 1) return pool.length === 0 ? [{ rule: -1, need: 1, have: 0, message: '试卷还没有题目，请先选题或添加题目' }] : [];
  if (settings.rules.length === 0) return [{ rule: -1, need: 1, have: 0, message: '随机组卷还没有抽题规则' }];
  return allocate(settings.rules, pool).problems;
}

/** The leave warning of a question page (spec §2): the shortfalls joined, or empty. */
export const shortfallWarning = (shortfalls: readonly Shortfall[]): string => (shortfalls.length ? `${shortfalls.map((s) => s.message).join('；')}。` : '');

/** Fisher–Yates on a copy, with the given random source. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export class PoolShortError extends Error {
  constructor(readonly shortfalls: Shortfall[]) {
    super(shortfalls.map((s) => s.message).join('；'));
  }
}

/**
 * An attempt's paper: the fixed paper in its order, or per rule its must questions plus a random
 * draw of the rest; question and option order shuffled when the settings say so. The result is
 * stored on the attempt, so a reload shows the same paper.
 */
export function drawPaper(
  settings: Pick<ContestConfig, 'contest_type' | 'rules' | 'shuffle_questions' | 'shuffle_options'>,
  pool: readonly PoolQuestion[],
  random: () => number = Math.random,
): PaperItem[] {
  const short = poolShortfall(settings, pool);
  if (short.length) throw new PoolShortError(short);
  const bySort = (a: PoolQuestion, b: PoolQuestion) => a.sort - b.sort || a.id - b.id;
  let chosen: { q: PoolQuestion; score: number }[];
  if (settings.contest_type === 1) chosen = [...pool].sort(bySort).map((q) => ({ q, score: q.score }));
  else {
    const { per } = allocate(settings.rules, pool);
    chosen = settings.rules.flatMap((r, i) => [...per[i].musts, ...shuffled(per[i].eligible, random).slice(0, per[i].need)].sort(bySort).map((q) => ({ q, score: r.score_each })));
  }
  if (settings.shuffle_questions) chosen = shuffled(chosen, random);
  return chosen.map(({ q, score }) => ({
    id: q.id,
    score,
    options: q.type === 1 || q.type === 2 ? (settings.shuffle_options ? shuffled(q.option_keys, random) : [...q.option_keys]) : [],
  }));
}

export const paperTotal = (paper: readonly Pick<PaperItem, 'score'>[]): number => round2(paper.reduce((s, p) => s + p.score, 0));

// ---- Time and limits --------------------------------------------------------------------------------

/** The server's deadline: the time limit from the start, never after the activity's end. */
export const attemptDeadline = (startedAt: number, timeLimit: number, endAt: number): number => (timeLimit > 0 ? Math.min(startedAt + timeLimit, endAt) : endAt);

/** Past the deadline and its grace: the server submits the attempt itself. */
export const isOverdue = (deadlineAt: number, now: number): boolean => now > deadlineAt + GRACE_SECONDS;

export const CONTEST_REFUSAL = {
  attemptsUsed: { gate: 40007, status: 409, message: '答题次数已用完' },
  attemptsToday: { gate: 40008, status: 409, message: '今日答题次数已用完' },
  wait: (seconds: number): GateRefusal => ({ gate: 40015, status: 409, message: `请${seconds}秒后再开始答题` }),
  finished: { gate: 40016, status: 409, message: '本次答题已提交' },
  attemptMissing: { gate: 40400, status: 404, message: '答题记录不存在' },
  levelLocked: { gate: 40017, status: 403, message: '该关卡尚未解锁' },
  levelPassed: { gate: 40018, status: 409, message: '该关卡已通过' },
  levelMissing: { gate: 40400, status: 404, message: '关卡不存在' },
  levelRequired: { gate: 40019, status: 403, message: '请选择关卡' },
  notReady: { gate: 40020, status: 403, message: '试卷尚未准备好，请稍后再试' },
  notInPaper: (id: number): GateRefusal => ({ gate: 40021, status: 409, message: `题目${id}不在本次试卷中` }),
} as const satisfies Record<string, GateRefusal | ((n: number) => GateRefusal)>;

/** What a reader's earlier attempts (of the contest or level) allow now. */
export interface AttemptHistory {
  total: number;
  today: number;
  /** When the latest attempt started (null: none). */
  last_started_at: number | null;
}

/** Why a new attempt may not start (null: it may): total, per day, delay between attempts. */
export function attemptRefusal(history: AttemptHistory, limits: { total: number; per_day: number; delay_sec: number }, now: number): GateRefusal | null {
  if (limits.total > 0 && history.total >= limits.total) return CONTEST_REFUSAL.attemptsUsed;
  if (limits.per_day > 0 && history.today >= limits.per_day) return CONTEST_REFUSAL.attemptsToday;
  if (limits.delay_sec > 0 && history.last_started_at !== null && now < history.last_started_at + limits.delay_sec) return CONTEST_REFUSAL.wait(history.last_started_at + limits.delay_sec - now);
  return null;
}

// ---- Grades and what readers see -----------------------------------------------------------------------

export interface GradedAttempt {
  id: number;
  score: number;
  duration_sec: number;
  submitted_at: number;
  correct_count: number;
}

/**
 * The result of a reader by the grade method, over finished attempts in submission order: highest
 * (the earliest of the best), first, last, or average (score and time averaged, the last submission).
 */
export function gradeOf(attempts: readonly GradedAttempt[], method: GradeMethod): GradedAttempt | null {
  if (attempts.length === 0) return null;
  const ordered = [...attempts].sort((a, b) => a.submitted_at - b.submitted_at || a.id - b.id);
  if (method === 'first') return ordered[0];
  if (method === 'last') return ordered[ordered.length - 1];
  if (method === 'average') {
    const n = ordered.length;
    const last = ordered[n - 1];
    return {
      id: last.id,
      score: round2(ordered.reduce((s, a) => s + a.score, 0) / n),
      duration_sec: Math.round(ordered.reduce((s, a) => s + a.duration_sec, 0) / n),
      submitted_at: last.submitted_at,
      correct_count: Math.round(ordered.reduce((s, a) => s + a.correct_count, 0) / n),
    };
  }
  return ordered.reduce((best, a) => (a.score > best.score || (a.score === best.score && a.duration_sec < best.duration_sec) ? a : best));
}

/** Is a part of the result (score, correctness, answer, analysis) shown now? */
export const reviewShown = (when: ReviewWhen, now: number, endAt: number): boolean => when === 'immediately' || (when === 'after_end' && now >= endAt);

// ---- Rankings ---------------------------------------------------------------------------------------------

export interface RankEntry {
  reader_id: number;
  score: number;
  duration_sec: number;
  submitted_at: number;
}

/** Score desc → time asc → submission asc; entries equal on all three share a rank (1, 1, 3). */
export function rankContest<T extends RankEntry>(entries: readonly T[]): (T & { rank: number })[] {
  const ordered = [...entries].sort((a, b) => b.score - a.score || a.duration_sec - b.duration_sec || a.submitted_at - b.submitted_at || a.reader_id - b.reader_id);
  const ranks = competitionRanks(ordered, (a, b) => a.score === b.score && a.duration_sec === b.duration_sec && a.submitted_at === b.submitted_at);
  return ordered.map((e, i) => ({ ...e, rank: ranks[i] }));
}

export interface LevelRankEntry {
  reader_id: number;
  passed: number;
  score: number;
  duration_sec: number;
  /** When the reader passed the last level they passed (null: none). */
  finished_at: number | null;
}

/** Levels passed desc → sum of best scores desc → sum of best durations asc → finished at asc; full ties share a rank. */
export function rankLevels<T extends LevelRankEntry>(entries: readonly T[]): (T & { rank: number })[] {
  const fin = (e: LevelRankEntry) => e.finished_at ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...entries].sort((a, b) => b.passed - a.passed || b.score - a.score || a.duration_sec - b.duration_sec || fin(a) - fin(b) || a.reader_id - b.reader_id);
  const ranks = competitionRanks(ordered, (a, b) => a.passed === b.passed && a.score === b.score && a.duration_sec === b.duration_sec && fin(a) === fin(b));
  return ordered.map((e, i) => ({ ...e, rank: ranks[i] }));
}

// ---- Levels -----------------------------------------------------------------------------------------------

/** A level's settings (design §5). */
export const levelFields = {
  name: requiredText('关卡名称', 50),
  contest_type: contestConfigShape.contest_type,
  rules: contestConfigShape.rules,
  time_limit: wholeNumber('答题时长（秒）', 0, TIME_LIMIT_MAX).default(0),
  pass_mode: choiceOf('过关条件', ['score', 'correct_count', 'accuracy']).default('accuracy'),
  pass_value: z.number({ error: '过关标准必须是数字' }).min(0, '过关标准不能小于0').max(10_000, '过关标准不能超过10000').default(60),
  attempts_per_level: wholeNumber('每关挑战次数', 0, 100).default(0),
  attempts_per_day: wholeNumber('每日挑战次数', 0, 100).default(0),
  unlock_after_previous: flagSchema('通过上一关后解锁').default(1),
  open_at: z.number({ error: '开放时间不正确' }).int('开放时间不正确').min(0).max(4_102_444_800, '开放时间不正确').nullable().default(null),
  reward_points: wholeNumber('过关积分', 0, 100_000).default(0),
};

export interface LevelRule {
  pass_mode: PassMode;
  pass_value: number;
}

/** Does an attempt pass its level? By score, by questions right, or by accuracy in percent. */
export function levelPassed(rule: LevelRule, result: { score: number; correct_count: number; questions: number }): boolean {
  if (rule.pass_mode === 'score') return result.score >= rule.pass_value;
  if (rule.pass_mode === 'correct_count') return result.correct_count >= rule.pass_value;
  return result.questions > 0 && (result.correct_count * 100) / result.questions >= rule.pass_value;
}

export interface LevelView {
  id: number;
  sort: number;
  attempts_per_level: number;
  unlock_after_previous: number;
  open_at: number | null;
}

export interface LevelProgressView {
  attempts: number;
  passed: boolean;
  in_progress: boolean;
}

/**
 * A reader's state of each level, in level order: passed; in progress (an open attempt);
 * exhausted (failed with no attempt left); failed (the last try failed, attempts remain);
 * unlocked (open: the first level or the previous one passed when that is required, and the
 * opening time reached); else locked.
 */
export function levelStates(levels: readonly LevelView[], progress: ReadonlyMap<number, LevelProgressView>, now: number): LevelState[] {
  const ordered = [...levels].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const byId = new Map<number, LevelState>();
  let previousPassed = true;
  for (const l of ordered) {
    const p = progress.get(l.id);
    let state: LevelState;
    if (p?.passed) state = 'passed';
    else if (p?.in_progress) state = 'in_progress';
    else {
      const open = (!l.unlock_after_previous || previousPassed) && (l.open_at === null || now >= l.open_at);
      if (!open) state = 'locked';
      else if (p && p.attempts > 0) state = l.attempts_per_level > 0 && p.attempts >= l.attempts_per_level ? 'exhausted' : 'failed';
      else state = 'unlocked';
    }
    byId.set(l.id, state);
    previousPassed = state === 'passed';
  }
  return levels.map((l) => byId.get(l.id)!);
}

/** Level sorts are contiguous 1…n (passsort keeps them so). */
export const levelsInOrder = (sorts: readonly number[]): boolean => [...sorts].sort((a, b) => a - b).every((s, i) => s === i + 1);

// ---- Item analysis -------------------------------------------------------------------------------------

/** Aggregates of one question over finished attempts (the server counts them in SQL). */
export interface ItemCounts {
  answered: number;
  /** Σ credit: 1 per right answer, the fraction of partial credit. */
  right: number;
  upper_n: number;
  upper_right: number;
  lower_n: number;
  lower_right: number;
  /** Picks per option key (choice questions). */
  picks?: Readonly<Record<string, number>>;
  /** The option keys and the right ones (choice questions). */
  option_keys?: readonly string[];
  answer_keys?: readonly string[];
}

export const ITEM_FLAGS = { low_correct: '正确率低于15%', nobody_right: '无人答对', unused_distractor: '有无人选择的干扰项', negative_discrimination: '区分度为负' } as const;
export type ItemFlag = keyof typeof ITEM_FLAGS;

export interface ItemAnalysis {
  /** Difficulty index p: mean credit (0…1, 2 decimals); null when nobody answered. */
  difficulty: number | null;
  /** Discrimination D = p(top 27 %) − p(bottom 27 %), 2 decimals; null without both groups. */
  discrimination: number | null;
  /** Distractors (wrong options) nobody picked. */
  unused: string[];
  flags: ItemFlag[];
}

/** Difficulty, discrimination and flags of a question (design §4 go beyond). */
export function analyseItem(c: ItemCounts): ItemAnalysis {
  const difficulty = c.answered > 0 ? round2(c.right / c.answered) : null;
  const discrimination = c.upper_n > 0 && c.lower_n > 0 ? round2(c.upper_right / c.upper_n - c.lower_right / c.lower_n) : null;
  const right = new Set(c.answer_keys ?? []);
  const unused = c.answered > 0 && c.picks ? (c.option_keys ?? []).filter((k) => !right.has(k) && !(c.picks![k] > 0)) : [];
  const flags: ItemFlag[] = [];
  if (difficulty !== null) {
    if (c.right === 0) flags.push('nobody_right');
    else if (c.right / c.answered < LOW_CORRECT_RATE) flags.push('low_correct');
  }
  if (unused.length) flags.push('unused_distractor');
  if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
  return { difficulty, discrimination, unused, flags };
}

/** How many attempts form the top and the bottom group of n (27 %, at least 1 when n ≥ 2). */
export const analysisGroupSize = (n: number): number => (n < 2 ? 0 : Math.max(1, Math.round(n * ANALYSIS_GROUP)));

/** Score histogram buckets of a paper's total: `bins` equal ranges, the last closed. */
export function scoreBuckets(total: number, bins = 10): { from: number; to: number; label: string }[] {
  const width = total > 0 ? total / bins : 1;
  return Array.from({ length: bins }, (_, i) => {
    const from = round2(i * width);
    const to = round2((i + 1) * width);
    return { from, to, label: `${from}-${to}` };
  });
}

/** The bucket index of a score (0…bins-1). */
export const bucketOf = (score: number, total: number, bins = 10): number => (total > 0 ? Math.min(bins - 1, Math.max(0, Math.floor((score / total) * bins))) : 0);

export type { QuestionType };
