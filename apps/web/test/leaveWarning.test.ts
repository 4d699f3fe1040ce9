import { describe, expect, it } from 'vitest';
import { clearLeaveWarning, getLeaveWarning, isLeaveGuarded, setLeaveWarning, shouldConfirmLeave } from '../src/shared/leaveWarning';

describe('leave warning of contest pages', () => {
  it('guards the contest question pages only', () => {
    expect(isLeaveGuarded('/org1/adminAct/adminContestWork')).toBe(true);
    expect(isLeaveGuarded('/org1/adminAct/adminContestQuestion')).toBe(true);
    expect(isLeaveGuarded('/org1/adminAct/adminContest')).toBe(false);
  });

  it('asks only with a non-empty message and a different page', () => {
    const from = '/org1/adminAct/adminContestWork';
    expect(shouldConfirmLeave(from, '/org1/index', '还需添加2道题目，')).toBe(true);
    expect(shouldConfirmLeave(from, '/org1/index', '')).toBe(false);
    expect(shouldConfirmLeave(from, from, '还需添加2道题目，')).toBe(false);
    expect(shouldConfirmLeave('/org1/index', from, '还需添加2道题目，')).toBe(false);
  });

  it('is a value pages set and confirmation clears', () => {
    setLeaveWarning('题目不足');
    expect(getLeaveWarning()).toBe('题目不足');
    clearLeaveWarning();
    expect(getLeaveWarning()).toBe('');
  });
});
