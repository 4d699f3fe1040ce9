import { describe, expect, it } from 'vitest';
import { rewardStatusText } from '../src/rules/index.js';

describe('rewardStatusText (spec §4 table)', () => {
  it.each([
    [{ reward_status: 2, wepay_status: 'REFUND' }, '未到账，24小时内未领取'],
    [{ reward_status: 2, wepay_status: 'RECEIVED' }, '已到账'],
    [{ reward_status: 2, wepay_status: 'SENDING' }, '发放中'],
    [{ reward_status: 2 }, '发放中'],
    [{ reward_status: 2, wepay_status: null, return_code: 'NO_AUTH' }, '发放中'],
    [{ reward_status: 3, return_code: 'NO_AUTH' }, '发放失败，微信支付账户异常'],
    [{ reward_status: 3, return_code: 'NO_OPENID' }, '发放失败，未知状态'],
    [{ reward_status: 3 }, '发放失败，未知状态'],
    [{ reward_status: 3, wepay_status: 'RECEIVED' }, '发放失败，未知状态'],
    [{ reward_status: 4, return_code: 'NO_OPENID' }, '发放失败，24小时内未领取'],
    [{ reward_status: 4, return_code: 'NO_AUTH' }, '发放失败，未知状态'],
    [{ reward_status: 4 }, '发放失败，未知状态'],
    [{ reward_status: 1 }, '待发放'],
    [{ reward_status: 0, wepay_status: 'RECEIVED' }, '待发放'],
    [{ reward_status: 5, return_code: 'NO_OPENID' }, '待发放'],
    [{ reward_status: null }, '待发放'],
    [{}, '待发放'],
  ])('%j → %s', (receipt, text) => {
    expect(rewardStatusText(receipt)).toBe(text);
  });

  it('accepts reward_status as a numeric string', () => {
    expect(rewardStatusText({ reward_status: '2', wepay_status: 'RECEIVED' })).toBe('已到账');
    expect(rewardStatusText({ reward_status: '4', return_code: 'NO_OPENID' })).toBe('发放失败，24小时内未领取');
  });

  it('matches wepay_status and return_code exactly (case-sensitive)', () => {
    expect(rewardStatusText({ reward_status: 2, wepay_status: 'received' })).toBe('发放中');
    expect(rewardStatusText({ reward_status: 3, return_code: 'no_auth' })).toBe('发放失败，未知状态');
  });
});
