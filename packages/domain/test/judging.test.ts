import { describe, expect, it } from 'vitest';
import {
  aggregateMethod,
  assignmentProblem,
  autoAssign,
  awardByQuota,
  canSeeOtherReviews,
  combinedFinal,
  conflictOf,
  expertActSchema,
  expertWorkView,
  rankWorks,
  reviewBodySchema,
  reviewProblems,
  reviewTotal,
  reviewWindowRefusal,
  rubricSchema,
  summarizeScores,
  type Criterion,
  type ExpertProfile,
  type JudgedWork,
  type WorkParty,
} from '../src/index.js';

const rubric: Criterion[] = rubricSchema.parse([
  { name: '思想内涵', weight: 30 },
  { name: '语言表达', weight: 30 },
  { name: '创新', weight: 20 },
  { name: '规范', weight: 20, max: 5, required: false },
]);

describe('the rubric and the expert activity', () => {
  it('weights add to 100 and names are unique', () => {
    expect(rubricSchema.safeParse([{ name: 'a', weight: 50 }, { name: 'b', weight: 49 }]).error?.issues.map((i) => i.message)).toEqual(['评分项权重之和必须为100（当前为99）']);
    expect(rubricSchema.safeParse([{ name: 'a', weight: 50 }, { name: 'a', weight: 50 }]).error?.issues[0]).toMatchObject({ path: [1, 'name'], message: '评分项名称重复' });
    expect(rubric[0]).toEqual({ name: '思想内涵', weight: 30, max: 10, required: true });
  });
  const act = { act_id: 5, rubric: [{ name: '总分', weight: 100 }], start_at: 1_714_500_000, end_at: 1_715_000_000 };
  it('defaults as designed', () => {
    expect(expertActSchema.parse(act)).toMatchObject({
      round: 1,
      reviewers_per_work: 3,
      assignment: 'auto',
      blind: 1,
      can_see_other_reviews: 'never',
      text_required: 0,
      expire_at: null,
      aggregate: 'auto',
      disagreement_threshold: 25,
      weights: { expert: 100, popular: 0 },
    });
  });
  it('windows in order and weights adding to 100', () => {
    const msgs = (over: object) => expertActSchema.safeParse({ ...act, ...over }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(msgs({ end_at: act.start_at })).toEqual(['end_at: 评审结束时间必须晚于开始时间']);
    expect(msgs({ expire_at: act.end_at - 1 })).toEqual(['expire_at: 评审截止宽限时间不能早于评审结束时间']);
    expect(msgs({ expire_at: act.end_at })).toEqual([]);
    expect(msgs({ weights: { expert: 80, popular: 10 } })).toEqual(['weights: 专家评分与网络人气权重之和必须为100']);
    expect(msgs({ weights: { expert: 80, popular: 20 } })).toEqual([]);
    expect(msgs({ reviewers_per_work: 10 })).toEqual(['reviewers_per_work: 每件作品评审专家数不能超过9']);
  });
  it('reviews are taken until 30 minutes after the end unless an expiry is set', () => {
    const a = { start_at: 1000, end_at: 5000, expire_at: null };
    expect(reviewWindowRefusal(a, 999)).toEqual({ gate: 40001, status: 403, message: '评审未开始' });
    expect(reviewWindowRefusal(a, 1000)).toBeNull();
    expect(reviewWindowRefusal(a, 5000 + 1799)).toBeNull();
    expect(reviewWindowRefusal(a, 5000 + 1800)).toEqual({ gate: 40002, status: 403, message: '评审已结束' });
    expect(reviewWindowRefusal({ ...a, expire_at: 5000 }, 5000)).toMatchObject({ gate: 40002 });
  });
  it('who sees the other experts’ scores', () => {
    expect(canSeeOtherReviews('never', true)).toBe(false);
    expect(canSeeOtherReviews('after_review', false)).toBe(false);
    expect(canSeeOtherReviews('after_review', true)).toBe(true);
    expect(canSeeOtherReviews('always', false)).toBe(true);
  });
});

describe('a review', () => {
  const problems = (scores: Record<string, number>, comment = '', textRequired = false) =>
    reviewProblems(rubric, reviewBodySchema.parse({ scores, comment }), textRequired).map((p) => `${p.field}: ${p.message}`);
  const full = { 思想内涵: 8, 语言表达: 7, 创新: 9 };
  it('needs every required criterion; an optional one may be left', () => {
    expect(problems(full)).toEqual([]);
    expect(problems({ 思想内涵: 8, 创新: 9 })).toEqual(['scores.语言表达: 请为“语言表达”评分']);
  });
  it('scores from 0 to the maximum, one decimal at most', () => {
    expect(problems({ ...full, 思想内涵: 0, 规范: 5 })).toEqual([]);
    expect(problems({ ...full, 思想内涵: 10 })).toEqual([]);
    expect(problems({ ...full, 思想内涵: 10.5 })).toEqual(['scores.思想内涵: “思想内涵”的分数必须在0到10之间']);
    expect(problems({ ...full, 思想内涵: -1 })).toEqual(['scores.思想内涵: “思想内涵”的分数必须在0到10之间']);
    expect(problems({ ...full, 规范: 5.5 })).toEqual(['scores.规范: “规范”的分数必须在0到5之间']);
    expect(problems({ ...full, 思想内涵: 8.5 })).toEqual([]);
    expect(problems({ ...full, 思想内涵: 8.55 })).toEqual(['scores.思想内涵: “思想内涵”的分数最多保留1位小数']);
    expect(problems({ ...full, 文采: 3 })).toEqual(['scores.文采: 评分项“文采”不存在']);
  });
  it('a comment when required', () => {
    expect(problems(full, '  ', true)).toEqual(['comment: 请填写评语']);
    expect(problems(full, '立意深刻', true)).toEqual([]);
  });
  it('the total is Σ score / max × weight on 100', () => {
    expect(reviewTotal(rubric, { ...full, 规范: 5 })).toBe(24 + 21 + 18 + 20);
    expect(reviewTotal(rubric, full)).toBe(63);
    expect(reviewTotal([{ name: 'x', weight: 100, max: 3, required: true }], { x: 1 })).toBe(33.33);
  });
});

describe('scores of a work', () => {
  it('none yet: no final', () => {
    expect(summarizeScores([], 'auto', 25)).toMatchObject({ n: 0, final: null, method: null, needs_arbitration: false });
  });
  it('auto: the mean below 5 reviews, the mean without the highest and lowest from 5 on', () => {
    expect(aggregateMethod('auto', 4)).toBe('mean');
    expect(aggregateMethod('auto', 5)).toBe('trimmed_mean');
    expect(summarizeScores([70, 80, 90, 100], 'auto', 100)).toMatchObject({ final: 85, method: 'mean' });
    expect(summarizeScores([50, 80, 82, 84, 100], 'auto', 100)).toMatchObject({ n: 5, mean: 79.2, median: 82, final: 82, method: 'trimmed_mean', min: 50, max: 100, range: 50 });
  });
  it('trimming drops one highest and one lowest only, even when repeated', () => {
    expect(summarizeScores([60, 60, 70, 90, 90], 'auto', 100).final).toBe(73.33);
  });
  it('an explicit trimmed mean needs 3 reviews; median', () => {
    expect(summarizeScores([70, 90], 'trimmed_mean', 100)).toMatchObject({ final: 80, method: 'mean' });
    expect(summarizeScores([70, 75, 90], 'trimmed_mean', 100)).toMatchObject({ final: 75, method: 'trimmed_mean' });
    expect(summarizeScores([70, 75, 80, 90], 'median', 100)).toMatchObject({ final: 77.5, method: 'median' });
  });
  it('population standard deviation', () => {
    expect(summarizeScores([2, 4, 4, 4, 5, 5, 7, 9], 'mean', 100).stdev).toBe(2);
  });
  it('arbitration when the range exceeds the threshold (not at it)', () => {
    expect(summarizeScores([60, 85], 'auto', 25).needs_arbitration).toBe(false);
    expect(summarizeScores([60, 85.01], 'auto', 25).needs_arbitration).toBe(true);
    expect(summarizeScores([99], 'auto', 0).needs_arbitration).toBe(false);
  });
  it('online popularity weighted in', () => {
    expect(combinedFinal(80, 50, 100, { expert: 80, popular: 20 })).toBe(74);
    expect(combinedFinal(80, 0, 0, { expert: 80, popular: 20 })).toBe(64);
    expect(combinedFinal(80, 7, 100, { expert: 100, popular: 0 })).toBe(80);
  });
});

describe('ranks and awards', () => {
  it('finals descending, ties share a rank, unscored last without a rank', () => {
    const ranked = rankWorks([
      { id: 1, final: 85 },
      { id: 2, final: null },
      { id: 3, final: 90 },
      { id: 4, final: 85 },
      { id: 5, final: 80 },
    ]);
    expect(ranked.map((w) => `${w.id}:${w.rank}`)).toEqual(['3:1', '1:2', '4:2', '5:4', '2:null']);
  });
  const quota = [
    { level: '一等奖', places: 1 },
    { level: '二等奖', places: 2 },
    { level: '三等奖', places: 3 },
  ];
  it('levels by quota in rank order; a tie takes places from the levels below', () => {
    const ranked = [1, 1, 3, 4, 5, 6, 7].map((rank, i) => ({ id: i + 1, rank }));
    expect([...awardByQuota(ranked, quota).values()]).toEqual(['一等奖', '一等奖', '二等奖', '三等奖', '三等奖', '三等奖', null]);
  });
  it('a tie across a boundary all get the higher level', () => {
    expect([...awardByQuota([1, 2, 2].map((rank, id) => ({ id, rank })), [{ level: '一等奖', places: 1 }, { level: '二等奖', places: 1 }]).values()]).toEqual(['一等奖', '二等奖', '二等奖']);
    expect([...awardByQuota([1, 1].map((rank, id) => ({ id, rank })), [{ level: '一等奖', places: 1 }]).values()]).toEqual(['一等奖', '一等奖']);
  });
  it('a level without places is skipped; unranked works get nothing', () => {
    const m = awardByQuota([{ id: 1, rank: 1 }, { id: 2, rank: null }], [{ level: '一等奖', places: 0 }, { level: '二等奖', places: 1 }]);
    expect(m.get(1)).toBe('二等奖');
    expect(m.get(2)).toBeNull();
  });
});

describe('blind review', () => {
  const work: JudgedWork = {
    id: 9,
    work_no: '37-A-0001',
    title: '我的外婆',
    content: '外婆的手……',
    creation_type_id: 1,
    group_id: 1,
    media: [{ url: '/v1/files/szlib/public/2024/ab12.jpg', ext: 'jpg', size_kb: 300 }],
    author: { real_name: '张小明', unit: '实验小学', grade: '三年级二班', phone: '13800000000', instructor: '王芳' },
  };
  it('hides every author field and names files by the work number', () => {
    const view = expertWorkView(work, true);
    expect(view).not.toHaveProperty('author');
    expect(view.media[0].name).toBe('37-A-0001-1.jpg');
    const text = JSON.stringify(view);
    for (const secret of ['张小明', '实验小学', '三年级二班', '13800000000', '王芳']) expect(text).not.toContain(secret);
  });
  it('does not pass unknown fields of the stored work through', () => {
    const view = expertWorkView({ ...work, user_id: 77, reject_reason: '张小明抄袭' } as JudgedWork, true);
    expect(JSON.stringify(view)).not.toContain('张小明');
    expect(view).not.toHaveProperty('user_id');
  });
  it('without blind review: the author but never the phone', () => {
    const view = expertWorkView(work, false);
    expect(view.author).toEqual({ real_name: '张小明', unit: '实验小学', grade: '三年级二班', instructor: '王芳' });
    expect(JSON.stringify(view)).not.toContain('13800000000');
    expect(view.media[0].name).toBe('我的外婆-1.jpg');
  });
});

describe('conflicts of interest', () => {
  const expert = (id: number, over: Partial<ExpertProfile> = {}): ExpertProfile => ({ id, name: `专家${id}`, unit_id: 100 + id, unit: `单位${id}`, specialties: [], ...over });
  it('same unit by id, or by name when either has no id', () => {
    expect(conflictOf(expert(1, { unit_id: 5 }), { id: 1, unit_id: 5 })).toBe('same_unit');
    expect(conflictOf(expert(1, { unit_id: 5, unit: '实验小学' }), { id: 1, unit_id: 6, unit: '实验小学' })).toBeNull();
    expect(conflictOf(expert(1, { unit_id: null, unit: '实验 小学' }), { id: 1, unit_id: 6, unit: '实验小学' })).toBe('same_unit');
    expect(conflictOf(expert(1, { unit_id: null, unit: '' }), { id: 1, unit: '' })).toBeNull();
  });
  it('the expert named among the instructors', () => {
    expect(conflictOf(expert(1, { name: '李明' }), { id: 1, instructor: '王芳、李 明' })).toBe('instructor');
    expect(conflictOf(expert(1, { name: '李明' }), { id: 1, instructor: '王芳，李明华' })).toBeNull();
    expect(conflictOf(expert(1, { name: '李明' }), { id: 1, instructor: null })).toBeNull();
  });
  it('manual assignment is refused for a conflict, a paused expert or a repeat', () => {
    const work: WorkParty = { id: 3, unit_id: 101, instructor: '' };
    expect(assignmentProblem(expert(1), work, [])).toBe('该专家与作者同单位，需回避');
    expect(assignmentProblem(expert(2, { name: '王芳' }), { ...work, instructor: '王芳' }, [])).toBe('该专家是作品的指导老师，需回避');
    expect(assignmentProblem(expert(2, { is_pause: 1 }), work, [])).toBe('该专家已暂停');
    expect(assignmentProblem(expert(2), work, [2])).toBe('该专家已分配此作品');
    expect(assignmentProblem(expert(2), work, [1])).toBeNull();
  });
});

describe('automatic assignment', () => {
  const e = (id: number, load = 0, over: Partial<ExpertProfile> = {}) => ({ id, name: `专家${id}`, unit_id: 100 + id, specialties: [] as string[], load, ...over });
  it('tops each work up to k experts, lowest load first, skipping conflicts', () => {
    const r = autoAssign(
      [
        { id: 1, unit_id: 101, assigned: [] },
        { id: 2, unit_id: 500, assigned: [] },
      ],
      [e(1), e(2), e(3)],
      2,
    );
    expect(r.assignments).toEqual([
      { work_id: 1, expert_id: 2 },
      { work_id: 1, expert_id: 3 },
      { work_id: 2, expert_id: 1 },
      { work_id: 2, expert_id: 2 },
    ]);
    expect(r.short).toEqual([]);
  });
  it('counts those already assigned and existing loads; reports works short of experts', () => {
    const r = autoAssign([{ id: 1, unit_id: 101, assigned: [2] }], [e(1), e(2, 5), e(3, 9, { is_pause: 1 })], 3);
    expect(r.assignments).toEqual([]);
    expect(r.short).toEqual([{ work_id: 1, missing: 2 }]);
  });
  it('prefers a specialty match between equal loads', () => {
    const r = autoAssign([{ id: 1, creation_type_name: '书画', assigned: [] }], [e(1), e(2, 0, { specialties: ['摄影'] }), e(3, 0, { specialties: ['书画'] }), e(4, 1, { specialties: ['书画'] })], 1);
    expect(r.assignments).toEqual([{ work_id: 1, expert_id: 3 }]);
  });
  it('never assigns a conflicted expert, never twice, and balances loads (many works)', () => {
    // A fixed pseudo-random set: 60 works of 6 units with instructors, 9 experts of those units.
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const experts = Array.from({ length: 9 }, (_, i) => e(i + 1, 0, { name: `专家${i + 1}`, unit_id: 200 + (i % 6) }));
    const works = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, unit_id: 200 + rnd(6), instructor: rnd(3) === 0 ? `专家${rnd(9) + 1}` : '', assigned: [] as number[] }));
    const { assignments, short } = autoAssign(works, experts, 3);
    expect(short).toEqual([]);
    expect(assignments).toHaveLength(180);
    const seen = new Set<string>();
    for (const a of assignments) {
      const work = works.find((w) => w.id === a.work_id)!;
      const expert = experts.find((x) => x.id === a.expert_id)!;
      expect(conflictOf(expert, work)).toBeNull();
      expect(seen.has(`${a.work_id}:${a.expert_id}`)).toBe(false);
      seen.add(`${a.work_id}:${a.expert_id}`);
    }
    const loads = experts.map((x) => assignments.filter((a) => a.expert_id === x.id).length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(2);
    // The same input gives the same assignment.
    expect(autoAssign(works, experts, 3)).toEqual({ assignments, short });
  });
});
