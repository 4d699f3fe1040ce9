import { describe, expect, it } from 'vitest';
import { boundQuestions, versionedAnswerProblems, type SurveyQuestion } from '../src/index.js';

const q = (over: Partial<SurveyQuestion>): SurveyQuestion => ({ id: 1, type: 'single', title: '题', is_required: 0, options: [], rows: [], settings: {}, show_logic: null, jump_logic: [], revision: 1, ...over });

describe('the current version binds a response to an earlier one', () => {
  const v1 = [q({ id: 1, options: [{ id: 'a', text: '甲' }, { id: 'b', text: '乙' }] }), q({ id: 2, type: 'text', title: '备注' }), q({ id: 3, type: 'text', is_required: 1 })];
  const v2 = [q({ id: 2, type: 'text', is_required: 1, settings: { max_length: 2 } }), q({ id: 1, options: [{ id: 'a', text: '甲', quota: 1 }, { id: 'b', text: '乙', hidden: 1 }] }), q({ id: 3, type: 'rating' })];

  it('takes the current rules of questions both have with the same type, keeping the named version\'s order', () => {
    const bound = boundQuestions(v1, v2);
    expect(bound.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(bound[0].options[0].quota).toBe(1);
    expect(bound[1]).toMatchObject({ is_required: 1, settings: { max_length: 2 } });
    // type changed: the named version's rules
    expect(bound[2]).toBe(v1[2]);
  });

  it('answers must fit both versions, one problem per question', () => {
    expect(versionedAnswerProblems(v1, v2, { 1: { option: 'b' }, 3: 'x' }).map((p) => p.field)).toEqual(['answers.1', 'answers.2']);
    expect(versionedAnswerProblems(v1, v2, { 1: { option: 'a' }, 2: '好', 3: 'x' })).toEqual([]);
    expect(versionedAnswerProblems(v1, v2, { 1: { option: 'a' }, 2: '好' }).map((p) => p.field)).toEqual(['answers.3']);
  });
});
