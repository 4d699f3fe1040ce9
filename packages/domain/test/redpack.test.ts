import { describe, expect, it } from 'vitest';
import { billNoOf, receiptOfTransfer, redpackAmount, redpackAmountProblems, redpackConfigsResource, rewardStatusText, REWARD_TEXT, type TransferState } from '../src/index.js';

const base = { mode: 'fixed' as const, amount_fen: 500, min_fen: 100, max_fen: 300, rank_table: [{ from: 1, to: 1, amount_fen: 8800 }, { from: 2, to: 3, amount_fen: 5000 }] };

describe('red-packet amounts', () => {
  it('fixed, random within the range in whole fen, by rank (nothing outside the table)', () => {
    expect(redpackAmount(base)).toBe(500);
    expect(redpackAmount({ ...base, mode: 'random' }, { random: 0 })).toBe(100);
    expect(redpackAmount({ ...base, mode: 'random' }, { random: 0.999999 })).toBe(300);
    expect(Number.isInteger(redpackAmount({ ...base, mode: 'random' }, { random: 0.5 }))).toBe(true);
    expect(redpackAmount({ ...base, mode: 'by_rank' }, { rank: 1 })).toBe(8800);
    expect(redpackAmount({ ...base, mode: 'by_rank' }, { rank: 3 })).toBe(5000);
    expect(redpackAmount({ ...base, mode: 'by_rank' }, { rank: 4 })).toBe(0);
  });

  it('problems name their field; the rank table is written as text and read as bands', () => {
    expect(redpackAmountProblems({ mode: 'random', min_fen: 300, max_fen: 100 })).toEqual([{ field: 'max_fen', message: '最高金额不能低于最低金额' }]);
    expect(redpackAmountProblems({ mode: 'fixed', budget_fen: 100, daily_budget_fen: 200, amount_fen: 50 })[0]!.field).toBe('daily_budget_fen');
    const parsed = redpackConfigsResource.create.safeParse({ act_id: 1, mode: 'by_rank', trigger: 'rank', budget_fen: 10_000, rank_table: '1-1:8800,2-3:5000' });
    expect(parsed.success && parsed.data.rank_table).toEqual(base.rank_table);
    const overlapping = redpackConfigsResource.create.safeParse({ act_id: 1, mode: 'by_rank', trigger: 'rank', budget_fen: 10_000, rank_table: '1-3:8800,2-4:5000' });
    expect(overlapping.success).toBe(false);
  });
});

describe('a transfer bill read as the spec’s receipt (§3 fields, §4 texts)', () => {
  it('every state gives the text of its row', () => {
    const text = (s: TransferState, reason?: string) => rewardStatusText(receiptOfTransfer(s, reason));
    expect(text('SUCCESS')).toBe(REWARD_TEXT.RECEIVED);
    expect(text('CANCELLED')).toBe(REWARD_TEXT.REFUNDED);
    for (const s of ['ACCEPTED', 'PROCESSING', 'WAIT_USER_CONFIRM', 'TRANSFERING', 'CANCELING'] as const) expect(text(s)).toBe(REWARD_TEXT.PAYING);
    expect(text('FAIL', 'NO_AUTH')).toBe(REWARD_TEXT.NO_AUTH);
    expect(text('FAIL', 'ACCOUNT_NOT_EXIST')).toBe(REWARD_TEXT.UNKNOWN_FAILURE);
    expect(rewardStatusText({ reward_status: 4, return_code: 'NO_OPENID' })).toBe(REWARD_TEXT.NOT_CLAIMED);
    expect(rewardStatusText({ reward_status: 4, return_code: 'OTHER' })).toBe(REWARD_TEXT.UNKNOWN_FAILURE);
  });

  it('a bill number is letters and digits, at most 32, one per payout and generation', () => {
    expect(billNoOf(12, 1)).toMatch(/^[A-Za-z0-9]{1,32}$/);
    expect(billNoOf(12, 1)).not.toBe(billNoOf(12, 2));
    expect(billNoOf(2_147_483_647, 99).length).toBeLessThanOrEqual(32);
  });
});
