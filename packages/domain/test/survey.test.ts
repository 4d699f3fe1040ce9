import { describe, expect, it } from 'vitest';
import {
  answerProblems,
  answerRows,
  crossTab,
  keptAnswers,
  logicProblems,
  normalisedQuestion,
  npsSummary,
  optionShares,
  questionProblems,
  reachedQuestions,
  scoreSummary,
  validIdCard,
  type SurveyQuestion,
} from '../src/index.js';

const q = (id: number, over: Partial<SurveyQuestion>): SurveyQuestion => ({ id, type: 'single', title: `题${id}`, is_required: 1, options: [], rows: [], settings: {}, show_logic: null, jump_logic: [], revision: 1, ...over });
const opts = (...texts: string[]) => texts.map((text, i) => ({ id: `o${i + 1}`, text }));

describe('a question', () => {
  it('names the field of each structural problem', () => {
    expect(questionProblems(q(1, { options: opts('甲') }))).toEqual([{ field: 'options', message: '至少需要2个选项' }]);
    expect(questionProblems(q(1, { type: 'multiple', options: opts('甲', '乙'), settings: { max_select: 3 } }))[0]).toEqual({ field: 'settings.max_select', message: '最多选择数不能超过选项数（2）' });
    expect(questionProblems(q(1, { type: 'text', options: opts('甲', '乙') }))[0].field).toBe('options');
    expect(questionProblems(q(1, { options: [...opts('甲', '乙'), { id: 'o3', text: '甲', hidden: 1 }] }))).toEqual([]);
    expect(questionProblems(q(1, { type: 'cascader', options: [{ id: 'a', text: 'A', children: [{ id: 'b', text: 'B', children: [{ id: 'c', text: 'C', children: [{ id: 'd', text: 'D' }] }] }] }] }))[0].message).toBe('级联最多3级');
  });

  it('keeps only what its type has', () => {
    const n = normalisedQuestion(q(1, { type: 'description', is_required: 1, options: opts('甲', '乙'), settings: { max_select: 2, rating_max: 5 } }));
    expect([n.is_required, n.options, n.settings]).toEqual([0, [], {}]);
    expect(normalisedQuestion(q(1, { type: 'rating', settings: { rating_max: 10, max_select: 2 } })).settings).toEqual({ rating_max: 10 });
  });
});

describe('logic', () => {
  const q1 = q(1, { options: opts('是', '否') });
  const q2 = q(2, { type: 'text', show_logic: { combine: 'all', conditions: [{ qid: 1, op: 'in', option_ids: ['o1'] }] } });
  const q3 = q(3, { type: 'rating', jump_logic: [{ combine: 'all', conditions: [{ qid: 1, op: 'in', option_ids: ['o2'] }], target: 'end' }] });
  const q4 = q(4, { type: 'text' });

  it('shows a question only when its conditions hold on earlier answers, and a jump skips to its target', () => {
    expect(reachedQuestions([q1, q2, q3, q4], { 1: { option: 'o1' } }).map((x) => x.id)).toEqual([1, 2, 3, 4]);
    expect(reachedQuestions([q1, q2, q3, q4], { 1: { option: 'o2' } }).map((x) => x.id)).toEqual([1, 3]);
    const skip = q(1, { options: opts('是', '否'), jump_logic: [{ combine: 'any', conditions: [{ qid: 1, op: 'in', option_ids: ['o2'] }], target: 4 }] });
    expect(reachedQuestions([skip, q2, q3, q4], { 1: { option: 'o2' } }).map((x) => x.id)).toEqual([1, 4]);
  });

  it('refuses a condition on a later question and a jump backwards: no cycle can be written', () => {
    expect(logicProblems([q1, q2, q3, q4])).toEqual([]);
    expect(logicProblems([q2, q1]).map((p) => p.field)).toEqual(['questions.2.show_logic']);
    const back = q(4, { type: 'text', jump_logic: [{ combine: 'all', conditions: [{ qid: 4, op: 'answered' }], target: 1 }] });
    expect(logicProblems([q1, back])[0]).toEqual({ field: 'questions.4.jump_logic', message: '第2题只能跳转到后面的题目或结束' });
  });
});

describe('answers', () => {
  const single = q(1, { options: [...opts('甲', '乙'), { id: 'o3', text: '其他', is_other: 1, other_required: 1 }] });
  const multi = q(2, { type: 'multiple', options: [...opts('甲', '乙'), { id: 'x', text: '都不', is_exclusive: 1 }], settings: { max_select: 2 } });
  const matrix = q(3, { type: 'matrix_single', options: opts('好', '差'), rows: [{ id: 'r1', text: '环境' }, { id: 'r2', text: '服务' }] });
  const text = q(4, { type: 'text', is_required: 0, settings: { validate: 'id_card' } });

  it('checks every answer against its question, named by question', () => {
    const bad = answerProblems([single, multi, matrix, text], { 1: { option: 'o3' }, 2: { options: ['o1', 'x'] }, 3: { r1: 'o1' }, 4: '123' });
    expect(bad).toEqual([
      { field: 'answers.1', message: '第1题：请填写“其他”的内容' },
      { field: 'answers.2', message: '第2题：选项“都不”不能与其他选项同时选择' },
      { field: 'answers.3', message: '第3题：请回答“服务”' },
      { field: 'answers.4', message: '第4题：请填写正确的身份证号' },
    ]);
    expect(answerProblems([single, multi, matrix, text], { 1: { option: 'o3', other: '自填' }, 2: { options: ['x'] }, 3: { r1: 'o1', r2: 'o2' } })).toEqual([]);
    expect(answerProblems([single], { 9: 'x' })[0]).toEqual({ field: 'answers.9', message: '答案包含不存在的题目：9' });
    expect(answerProblems([single, multi], {}, { partial: true })).toEqual([]);
  });

  it('an id card number is checked with its check digit', () => {
    expect(validIdCard('11010519491231002X')).toBe(true);
    expect(validIdCard('110105194912310021')).toBe(false);
  });

  it('keeps the answers of the questions met, and turns them into rows', () => {
    const shown = q(5, { type: 'text', show_logic: { combine: 'all', conditions: [{ qid: 1, op: 'in', option_ids: ['o1'] }] } });
    expect(keptAnswers([single, shown], { 1: { option: 'o2' }, 5: '不该留下' })).toEqual({ 1: { option: 'o2' } });
    expect(answerRows(multi, { options: ['o1', 'o2'] }).map((r) => r.option_id)).toEqual(['o1', 'o2']);
    expect(answerRows(matrix, { r1: 'o1', r2: 'o2' }).map((r) => [r.row_id, r.option_id])).toEqual([['r1', 'o1'], ['r2', 'o2']]);
    expect(answerRows(single, { option: 'o3', other: ' 自填 ' })[0].text).toBe('自填');
  });
});

describe('statistics', () => {
  it('percentages with 2 decimals, of respondents and of choices', () => {
    const shares = optionShares(opts('甲', '乙', '丙'), new Map([['o1', 2], ['o2', 1]]), 3, 4);
    expect(shares.map((s) => [s.count, s.percent, s.share])).toEqual([[2, 66.67, 50], [1, 33.33, 25], [0, 0, 0]]);
  });

  it('rating mean, median and distribution; NPS', () => {
    const s = scoreSummary(new Map([[5, 1], [4, 2], [1, 1]]), 1, 5);
    expect([s.count, s.mean, s.median]).toEqual([4, 3.5, 4]);
    expect(s.distribution.map((d) => d.percent)).toEqual([25, 0, 0, 50, 25]);
    const n = npsSummary(new Map([[10, 3], [8, 1], [2, 2]]));
    expect([n.promoters, n.passives, n.detractors, n.nps]).toEqual([3, 1, 2, 16.67]);
  });

  it('a cross-tab cell is a share of its row', () => {
    const t = crossTab(opts('男', '女'), opts('是', '否'), [{ row: 'o1', col: 'o1', count: 1 }, { row: 'o1', col: 'o2', count: 2 }], new Map([['o1', 3]]));
    expect(t.rows[0].cells.map((c) => c.percent)).toEqual([33.33, 66.67]);
    expect(t.rows[1].cells.map((c) => c.percent)).toEqual([0, 0]);
  });
});
