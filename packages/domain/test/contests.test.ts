import { describe, expect, it } from 'vitest';
import {
  analyseItem,
  analysisGroupSize,
  attemptDeadline,
  attemptRefusal,
  bucketOf,
  CONTEST_REFUSAL,
  contestConfigOf,
  contestConfigSchema,
  drawPaper,
  gradeOf,
  isOverdue,
  levelPassed,
  levelStates,
  levelsInOrder,
  paperTotal,
  passScoreOf,
  poolShortfall,
  PoolShortError,
  rankContest,
  rankLevels,
  reviewShown,
  rulesProblems,
  shortfallWarning,
  type ContestRule,
  type PoolQuestion,
} from '../src/rules/contests.js';

/** A seeded random source (mulberry32): draws are repeatable in a test. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let nextId = 1;
const q = (type: 1 | 2 | 3 | 4 | 5, extra: Partial<PoolQuestion> = {}): PoolQuestion => ({
  id: nextId++,
  type,
  difficulty: 3,
  category_id: null,
  score: 5,
  sort: nextId,
  is_must: 0,
  option_keys: type === 1 ? ['A', 'B', 'C', 'D'] : type === 2 ? ['A', 'B', 'C', 'D', 'E'] : [],
  ...extra,
});
const rule = (r: Partial<ContestRule> & Pick<ContestRule, 'type' | 'count'>): ContestRule => ({ score_each: 5, category_ids: [], difficulty_min: 1, difficulty_max: 5, ...r });

describe('contest settings', () => {
  it('fills the design defaults and reads a bad stored value as its default', () => {
    const c = contestConfigSchema.parse({});
    expect(c).toMatchObject({ contest_type: 1, shuffle_questions: 1, shuffle_options: 1, grade_method: 'highest', partial_multiple: 0, tab_switch_max: 3, show_answer: 'after_end', pass_score: null });
    expect(contestConfigOf({ grade_method: 'best', tab_switch_max: 5 })).toMatchObject({ grade_method: 'highest', tab_switch_max: 5 });
  });

  it('names the field of a bad rule', () => {
    const r = contestConfigSchema.safeParse({ rules: [{ type: 1, count: 0, score_each: 5 }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['rules', 0, 'count']);
    const d = contestConfigSchema.safeParse({ rules: [{ type: 1, count: 2, score_each: 5, difficulty_min: 4, difficulty_max: 2 }] });
    expect(d.error!.issues[0].message).toBe('最高难度不能低于最低难度');
  });

  it('refuses rules of one type whose categories and difficulties overlap', () => {
    expect(rulesProblems([rule({ type: 1, count: 2 }), rule({ type: 1, count: 2, category_ids: [3] })])).toEqual([{ field: 'config.rules.1', message: expect.stringContaining('第2条规则与第1条规则') }]);
    expect(rulesProblems([rule({ type: 1, count: 2, difficulty_max: 2 }), rule({ type: 1, count: 2, difficulty_min: 3 })])).toEqual([]);
    expect(rulesProblems([rule({ type: 1, count: 2, category_ids: [1] }), rule({ type: 1, count: 2, category_ids: [2] }), rule({ type: 2, count: 1 })])).toEqual([]);
  });

  it('passes at 60 % of the total unless a pass score is set', () => {
    expect(passScoreOf(null, 100)).toBe(60);
    expect(passScoreOf(75, 100)).toBe(75);
  });
});

describe('random paper', () => {
  const pool = [
    ...Array.from({ length: 12 }, (_, i) => q(1, { category_id: i % 2 ? 10 : 20 })),
    ...Array.from({ length: 6 }, () => q(2)),
    ...Array.from({ length: 6 }, () => q(3, { difficulty: 1 })),
    q(1, { is_must: 1, category_id: 10 }),
    q(3, { is_must: 1, difficulty: 5 }),
  ];
  const settings = {
    contest_type: 2 as const,
    rules: [rule({ type: 1, count: 5, score_each: 5, category_ids: [10] }), rule({ type: 2, count: 3, score_each: 6 }), rule({ type: 3, count: 4, score_each: 4, difficulty_max: 2 })],
    shuffle_questions: 1 as const,
    shuffle_options: 1 as const,
  };

  it('honours every rule, includes every must question in its type quota, never twice', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const paper = drawPaper(settings, pool, seeded(seed));
      const byId = new Map(pool.map((p) => [p.id, p]));
      const picked = paper.map((p) => byId.get(p.id)!);
      expect(new Set(paper.map((p) => p.id)).size).toBe(paper.length);
      expect(picked.filter((p) => p.type === 1)).toHaveLength(5);
      expect(picked.filter((p) => p.type === 1).every((p) => p.category_id === 10)).toBe(true);
      expect(picked.filter((p) => p.type === 2)).toHaveLength(3);
      // The true/false must question (difficulty 5, outside the rule's range) still counts in the type's quota.
      expect(picked.filter((p) => p.type === 3)).toHaveLength(4);
      for (const must of pool.filter((p) => p.is_must)) expect(paper.map((p) => p.id)).toContain(must.id);
      expect(paperTotal(paper)).toBe(5 * 5 + 3 * 6 + 4 * 4);
      for (const item of paper) {
        const src = byId.get(item.id)!;
        expect([...item.options].sort()).toEqual([...src.option_keys].sort());
      }
    }
  });

  it('shuffles per attempt: different seeds give different orders', () => {
    const a = drawPaper(settings, pool, seeded(1)).map((p) => p.id);
    const b = drawPaper(settings, pool, seeded(2)).map((p) => p.id);
    expect(a).not.toEqual(b);
  });

  it('lists the shortfall per rule and refuses to draw', () => {
    const short = { ...settings, rules: [...settings.rules, rule({ type: 4, count: 2 })] };
    const problems = poolShortfall(short, pool);
    expect(problems).toEqual([{ rule: 3, need: 2, have: 0, message: '第4条规则（填空题）需要2题，可抽题目只有0题，还差2题' }]);
    expect(shortfallWarning(problems)).toBe('第4条规则（填空题）需要2题，可抽题目只有0题，还差2题。');
    expect(() => drawPaper(short, pool)).toThrow(PoolShortError);
  });

  it('names must questions beyond their rule and must questions without a rule of their type', () => {
    const musts = [q(1, { is_must: 1 }), q(1, { is_must: 1 }), q(5, { is_must: 1 })];
    const problems = poolShortfall({ contest_type: 2, rules: [rule({ type: 1, count: 1 })] }, musts);
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('简答题没有抽题规则'), '第1条规则（单选题）只抽1题，但有2道必答题']);
  });

  it('a fixed paper is every question in order, unshuffled when asked', () => {
    const fixed = [q(1, { sort: 2 }), q(3, { sort: 1 }), q(5, { sort: 3, score: 10 })];
    const paper = drawPaper({ contest_type: 1, rules: [], shuffle_questions: 0, shuffle_options: 0 }, fixed);
    expect(paper.map((p) => p.id)).toEqual([fixed[1].id, fixed[0].id, fixed[2].id]);
    expect(paper[1].options).toEqual(['A', 'B', 'C', 'D']);
    expect(paperTotal(paper)).toBe(20);
    expect(poolShortfall({ contest_type: 1, rules: [] }, [])).toHaveLength(1);
  });
});

describe('time and limits', () => {
  it('the deadline is the time limit from the start, never after the end; overdue after 30 s of grace', () => {
    expect(attemptDeadline(1000, 600, 5000)).toBe(1600);
    expect(attemptDeadline(4800, 600, 5000)).toBe(5000);
    expect(attemptDeadline(1000, 0, 5000)).toBe(5000);
    expect(isOverdue(1600, 1630)).toBe(false);
    expect(isOverdue(1600, 1631)).toBe(true);
  });

  it('refuses by total, then per day, then the delay', () => {
    const limits = { total: 3, per_day: 2, delay_sec: 60 };
    expect(attemptRefusal({ total: 3, today: 0, last_started_at: null }, limits, 1000)).toBe(CONTEST_REFUSAL.attemptsUsed);
    expect(attemptRefusal({ total: 2, today: 2, last_started_at: 0 }, limits, 1000)).toBe(CONTEST_REFUSAL.attemptsToday);
    expect(attemptRefusal({ total: 1, today: 1, last_started_at: 980 }, limits, 1000)?.message).toBe('请40秒后再开始答题');
    expect(attemptRefusal({ total: 1, today: 1, last_started_at: 900 }, limits, 1000)).toBeNull();
    expect(attemptRefusal({ total: 99, today: 99, last_started_at: 999 }, { total: 0, per_day: 0, delay_sec: 0 }, 1000)).toBeNull();
  });
});

describe('grades and review', () => {
  const attempts = [
    { id: 1, score: 60, duration_sec: 300, submitted_at: 100, correct_count: 6 },
    { id: 2, score: 90, duration_sec: 500, submitted_at: 200, correct_count: 9 },
    { id: 3, score: 90, duration_sec: 400, submitted_at: 300, correct_count: 9 },
    { id: 4, score: 71, duration_sec: 200, submitted_at: 400, correct_count: 7 },
  ];
  it('takes the highest (faster on a tie), the first, the last or the average', () => {
    expect(gradeOf(attempts, 'highest')!.id).toBe(3);
    expect(gradeOf(attempts, 'first')!.id).toBe(1);
    expect(gradeOf(attempts, 'last')!.id).toBe(4);
    expect(gradeOf(attempts, 'average')).toMatchObject({ score: 77.75, duration_sec: 350, submitted_at: 400 });
    expect(gradeOf([], 'highest')).toBeNull();
  });

  it('shows each part immediately, after the end, or never', () => {
    expect(reviewShown('immediately', 10, 100)).toBe(true);
    expect(reviewShown('after_end', 99, 100)).toBe(false);
    expect(reviewShown('after_end', 100, 100)).toBe(true);
    expect(reviewShown('never', 1000, 100)).toBe(false);
  });
});

describe('rankings', () => {
  it('orders by score, then time, then submission; full ties share a rank (1, 1, 3)', () => {
    const ranked = rankContest([
      { reader_id: 1, score: 80, duration_sec: 100, submitted_at: 10 },
      { reader_id: 2, score: 90, duration_sec: 300, submitted_at: 20 },
      { reader_id: 3, score: 90, duration_sec: 300, submitted_at: 20 },
      { reader_id: 4, score: 80, duration_sec: 100, submitted_at: 5 },
      { reader_id: 5, score: 90, duration_sec: 200, submitted_at: 30 },
    ]);
    expect(ranked.map((r) => [r.reader_id, r.rank])).toEqual([
      [5, 1],
      [2, 2],
      [3, 2],
      [4, 4],
      [1, 5],
    ]);
  });

  it('ranks levelled contests by levels passed, best scores, times, then who finished first', () => {
    const ranked = rankLevels([
      { reader_id: 1, passed: 2, score: 180, duration_sec: 400, finished_at: 50 },
      { reader_id: 2, passed: 3, score: 150, duration_sec: 900, finished_at: 90 },
      { reader_id: 3, passed: 2, score: 180, duration_sec: 400, finished_at: 40 },
      { reader_id: 4, passed: 0, score: 0, duration_sec: 0, finished_at: null },
      { reader_id: 5, passed: 2, score: 180, duration_sec: 400, finished_at: 40 },
    ]);
    expect(ranked.map((r) => [r.reader_id, r.rank])).toEqual([
      [2, 1],
      [3, 2],
      [5, 2],
      [1, 4],
      [4, 5],
    ]);
  });
});

describe('levels', () => {
  const levels = [
    { id: 11, sort: 1, attempts_per_level: 2, unlock_after_previous: 1, open_at: null },
    { id: 12, sort: 2, attempts_per_level: 0, unlock_after_previous: 1, open_at: null },
    { id: 13, sort: 3, attempts_per_level: 0, unlock_after_previous: 0, open_at: 500 },
  ];
  it('unlocks the first level, the next once the previous is passed, a timed one at its time', () => {
    expect(levelStates(levels, new Map(), 100)).toEqual(['unlocked', 'locked', 'locked']);
    expect(levelStates(levels, new Map(), 600)).toEqual(['unlocked', 'locked', 'unlocked']);
    expect(levelStates(levels, new Map([[11, { attempts: 1, passed: true, in_progress: false }]]), 100)).toEqual(['passed', 'unlocked', 'locked']);
  });

  it('a failed level is retried while attempts remain, then exhausted; an open attempt is in progress', () => {
    expect(levelStates(levels, new Map([[11, { attempts: 1, passed: false, in_progress: false }]]), 100)[0]).toBe('failed');
    expect(levelStates(levels, new Map([[11, { attempts: 2, passed: false, in_progress: false }]]), 100)[0]).toBe('exhausted');
    expect(levelStates(levels, new Map([[11, { attempts: 1, passed: false, in_progress: true }]]), 100)[0]).toBe('in_progress');
  });

  it('passes by score, by questions right or by accuracy', () => {
    const result = { score: 70, correct_count: 7, questions: 10 };
    expect(levelPassed({ pass_mode: 'score', pass_value: 70 }, result)).toBe(true);
    expect(levelPassed({ pass_mode: 'correct_count', pass_value: 8 }, result)).toBe(false);
    expect(levelPassed({ pass_mode: 'accuracy', pass_value: 70 }, result)).toBe(true);
    expect(levelPassed({ pass_mode: 'accuracy', pass_value: 71 }, result)).toBe(false);
  });

  it('level sorts are contiguous from 1', () => {
    expect(levelsInOrder([2, 1, 3])).toBe(true);
    expect(levelsInOrder([1, 3])).toBe(false);
  });
});

describe('item analysis', () => {
  it('gives difficulty, discrimination and flags', () => {
    expect(analyseItem({ answered: 100, right: 80, upper_n: 27, upper_right: 27, lower_n: 27, lower_right: 10, picks: { A: 80, B: 20, C: 0, D: 0 }, option_keys: ['A', 'B', 'C', 'D'], answer_keys: ['A'] })).toEqual({
      difficulty: 0.8,
      discrimination: 0.63,
      unused: ['C', 'D'],
      flags: ['unused_distractor'],
    });
    expect(analyseItem({ answered: 100, right: 10, upper_n: 27, upper_right: 1, lower_n: 27, lower_right: 5 }).flags).toEqual(['low_correct', 'negative_discrimination']);
    expect(analyseItem({ answered: 5, right: 0, upper_n: 1, upper_right: 0, lower_n: 1, lower_right: 0 }).flags).toEqual(['nobody_right']);
    expect(analyseItem({ answered: 0, right: 0, upper_n: 0, upper_right: 0, lower_n: 0, lower_right: 0 })).toEqual({ difficulty: null, discrimination: null, unused: [], flags: [] });
    expect(analysisGroupSize(100)).toBe(27);
    expect(analysisGroupSize(1)).toBe(0);
  });

  it('puts a score in its histogram bucket, the full score in the last', () => {
    expect(bucketOf(0, 100)).toBe(0);
    expect(bucketOf(59.5, 100)).toBe(5);
    expect(bucketOf(100, 100)).toBe(9);
  });
});
