import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@huodong/domain';
import { DECLARATIONS } from '../src/resources/declarations.data';
import { batchRefused, MAX_VISIBLE_CONTROLS, rowControlState, splitControls } from '../src/resources/rowControls';

const declared = (name: string) => DECLARATIONS.find((d) => d.name === name)!;

describe('row controls by the row state (the domain row rules, read from the declarations as data)', () => {
  it('the declarations the list pages read keep the rules the server applies', () => {
    for (const def of RESOURCES) expect(declared(def.name).rowRules, def.name).toEqual(def.rowRules);
  });

  it('an awarded work shows 驳回 disabled with the reason; an approved one leaves 通过 out and keeps 驳回', () => {
    const works = declared('originalWorks');
    expect(rowControlState(works, 'reject', { status: 'awarded' })).toEqual({ action: 'reject', refused: '作品已获奖，不能驳回' });
    expect(rowControlState(works, 'approve', { status: 'approved', check_pending: 0 })).toBeNull();
    expect(rowControlState(works, 'reject', { status: 'approved' })).toEqual({ action: 'reject' });
    expect(rowControlState(works, 'approve', { status: 'submitted' })).toEqual({ action: 'approve' });
    // an action without a rule is always offered
    expect(rowControlState(works, 'recommend', { status: 'awarded' })).toEqual({ action: 'recommend' });
  });

  it('批量删除 is refused for a selection holding a contest question already in a paper', () => {
    const questions = declared('contestQuestions');
    expect(batchRefused(questions, 'delete', [{ used_count: 0 }, { used_count: 2 }])).toBe('题目已被抽入读者的试卷，不能删除');
    expect(batchRefused(questions, 'delete', [{ used_count: 0 }])).toBeUndefined();
  });

  it('at most three controls in the row, the rest under 更多', () => {
    expect(MAX_VISIBLE_CONTROLS).toBe(3);
    expect(splitControls(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: [] });
    expect(splitControls(['编辑', '发布', '暂停', '推荐', '结束', '复制', '详情', '删除'])).toEqual({ shown: ['编辑', '发布', '暂停'], more: ['推荐', '结束', '复制', '详情', '删除'] });
  });
});
