import { describe, expect, it } from 'vitest';
import {
  countsTowardLimit,
  groupChangeRefusal,
  isPublicWork,
  newWorkRefusal,
  readerChangeRefusal,
  statusAfterReaderEdit,
  submitWindowRefusal,
  WORK_ACTIONS,
  WORK_STATUS,
  WORK_STATUS_KEYS,
  workAwardBody,
  workConfigSchema,
  workReasonBody,
  workTransition,
  type WorkActor,
  type WorkCommand,
  type WorkStatus,
  type WorkTransitionContext,
  type WorkWindows,
} from '../src/index.js';

const cst = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h - 8, mi, s) / 1000;

const windows: WorkWindows = { submit_start_at: cst(2024, 3, 1), submit_end_at: cst(2024, 5, 1), edit_until: cst(2024, 5, 10) };
const during = cst(2024, 4, 1, 12);
const ctx = (over: Partial<WorkTransitionContext> = {}): WorkTransitionContext => ({ now: during, windows, moderation: 'pre', award_levels: ['一等奖', '二等奖'], ...over });

const COMMANDS: WorkCommand[] = [
  { action: 'submit' },
  { action: 'approve' },
  { action: 'reject', reason: '内容与主题无关' },
  { action: 'withdraw' },
  { action: 'shortlist' },
  { action: 'unshortlist' },
  { action: 'complete_review' },
  { action: 'award', level: '一等奖' },
  { action: 'not_award' },
  { action: 'disqualify', reason: '抄袭' },
];
const ACTORS: WorkActor[] = ['reader', 'admin', 'system'];

/**
 * The allowed moves written out independently of WORK_ACTIONS (design §2b), pre moderation,
 * inside every window: `from action actor → to`.
 */
const ALLOWED = `
draft submit reader → submitted
draft submit admin → submitted
rejected submit reader → submitted
rejected submit admin → submitted
submitted approve admin → approved
submitted approve system → approved
rejected approve admin → approved
rejected approve system → approved
submitted reject admin → rejected
submitted reject system → rejected
approved reject admin → rejected
approved reject system → rejected
draft withdraw reader → withdrawn
submitted withdraw reader → withdrawn
approved withdraw reader → withdrawn
rejected withdraw reader → withdrawn
approved shortlist admin → shortlisted
shortlisted unshortlist admin → approved
shortlisted complete_review admin → reviewed
shortlisted complete_review system → reviewed
reviewed award admin → awarded
reviewed award system → awarded
awarded award admin → awarded
awarded award system → awarded
not_awarded award admin → awarded
not_awarded award system → awarded
reviewed not_award admin → not_awarded
reviewed not_award system → not_awarded
awarded not_award admin → not_awarded
awarded not_award system → not_awarded
submitted disqualify admin → disqualified
approved disqualify admin → disqualified
rejected disqualify admin → disqualified
shortlisted disqualify admin → disqualified
reviewed disqualify admin → disqualified
awarded disqualify admin → disqualified
not_awarded disqualify admin → disqualified
`
  .trim()
  .split('\n')
  .map((line) => line.split(/\s+/));

describe('every state × action × actor (design §2b)', () => {
  const expected = new Map(ALLOWED.map(([from, action, actor, , to]) => [`${from} ${action} ${actor}`, to]));
  for (const status of WORK_STATUS_KEYS) {
    for (const command of COMMANDS) {
      for (const actor of ACTORS) {
        const key = `${status} ${command.action} ${actor}`;
        const to = expected.get(key);
        it(`${key} → ${to ?? 'refused'}`, () => {
          const r = workTransition({ status, work_no: null }, command, actor, ctx());
          if (to) expect(r).toMatchObject({ ok: true, to });
          else {
            expect(r.ok).toBe(false);
            if (!r.ok) {
              const actorAllowed = WORK_ACTIONS[command.action].actors.includes(actor);
              // A wrong actor is a 403; a right actor in a wrong state a 409 naming both.
              expect(r.refusal).toEqual(
                actorAllowed
                  ? { gate: 40021, status: 409, message: `作品${WORK_STATUS[status]}，不能${WORK_ACTIONS[command.action].label}` }
                  : { gate: 40020, status: 403, message: '您没有权限执行此操作' },
              );
            }
          }
        });
      }
    }
  }
  it('withdrawn and disqualified are final', () => {
    for (const status of ['withdrawn', 'disqualified'] as WorkStatus[]) {
      for (const command of COMMANDS) for (const actor of ACTORS) expect(workTransition({ status, work_no: '1-0001' }, command, actor, ctx()).ok).toBe(false);
    }
  });
});

describe('windows of the reader’s moves', () => {
  const submit = (now: number, status: WorkStatus = 'draft') => workTransition({ status, work_no: null }, { action: 'submit' }, 'reader', ctx({ now }));
  it('a first submit is taken from the submission start (inclusive) to its end (exclusive)', () => {
    expect(submit(windows.submit_start_at! - 1)).toEqual({ ok: false, refusal: { gate: 40001, status: 403, message: '作品征集未开始' } });
    expect(submit(windows.submit_start_at!)).toMatchObject({ ok: true, to: 'submitted' });
    expect(submit(windows.submit_end_at! - 1)).toMatchObject({ ok: true });
    expect(submit(windows.submit_end_at!)).toEqual({ ok: false, refusal: { gate: 40002, status: 403, message: '作品征集已结束' } });
  });
  it('a rejected work may be submitted again after the submission end, until the edit deadline', () => {
    expect(submit(windows.submit_end_at! + 60, 'rejected')).toMatchObject({ ok: true, to: 'submitted' });
    expect(submit(windows.edit_until! - 1, 'rejected')).toMatchObject({ ok: true });
    expect(submit(windows.edit_until!, 'rejected')).toEqual({ ok: false, refusal: { gate: 40002, status: 403, message: '作品修改已截止（2024-05-10 00:00）' } });
  });
  it('withdrawing closes at the edit deadline', () => {
    const withdraw = (now: number) => workTransition({ status: 'approved', work_no: '1-0001' }, { action: 'withdraw' }, 'reader', ctx({ now }));
    expect(withdraw(windows.edit_until! - 1)).toMatchObject({ ok: true, to: 'withdrawn' });
    expect(withdraw(windows.edit_until!)).toMatchObject({ ok: false, refusal: { gate: 40002 } });
  });
  it('administrators are not bound by the reader’s windows', () => {
    expect(workTransition({ status: 'draft', work_no: null }, { action: 'submit' }, 'admin', ctx({ now: windows.edit_until! + 86400 }))).toMatchObject({ ok: true });
    expect(workTransition({ status: 'submitted', work_no: null }, { action: 'approve' }, 'admin', ctx({ now: windows.edit_until! + 86400 }))).toMatchObject({ ok: true });
  });
  it('no windows set: always open', () => {
    const open: WorkWindows = { submit_start_at: null, submit_end_at: null, edit_until: null };
    expect(submitWindowRefusal(open, 0)).toBeNull();
    expect(readerChangeRefusal('submitted', 'edit', open, 4_000_000_000)).toBeNull();
  });
});

describe('effects of a move', () => {
  it('the number is given at the first approval only', () => {
    expect(workTransition({ status: 'submitted', work_no: null }, { action: 'approve' }, 'admin', ctx())).toMatchObject({ ok: true, assign_number: true });
    expect(workTransition({ status: 'rejected', work_no: '5-A-0003' }, { action: 'approve' }, 'admin', ctx())).toMatchObject({ ok: true, assign_number: false });
    expect(workTransition({ status: 'submitted', work_no: null }, { action: 'reject', reason: 'x' }, 'admin', ctx())).toMatchObject({ ok: true, assign_number: false });
  });
  it('under post or no moderation a submit is approved at once, and numbered', () => {
    for (const moderation of ['post', 'none'] as const) {
      expect(workTransition({ status: 'draft', work_no: null }, { action: 'submit' }, 'reader', ctx({ moderation }))).toMatchObject({ ok: true, to: 'approved', assign_number: true });
    }
  });
  it('leaving an award clears it; disqualifying revokes the certificates', () => {
    expect(workTransition({ status: 'awarded', work_no: '1-0001' }, { action: 'not_award' }, 'admin', ctx())).toMatchObject({ ok: true, clear_award: true, revoke_certificates: false });
    expect(workTransition({ status: 'awarded', work_no: '1-0001' }, { action: 'award', level: '二等奖' }, 'admin', ctx())).toMatchObject({ ok: true, clear_award: false });
    expect(workTransition({ status: 'awarded', work_no: '1-0001' }, { action: 'disqualify', reason: '抄袭' }, 'admin', ctx())).toMatchObject({ ok: true, clear_award: true, revoke_certificates: true });
    expect(workTransition({ status: 'approved', work_no: '1-0001' }, { action: 'disqualify', reason: '抄袭' }, 'admin', ctx())).toMatchObject({ ok: true, clear_award: false, revoke_certificates: true });
  });
  it('an award names a configured level', () => {
    expect(workTransition({ status: 'reviewed', work_no: '1-0001' }, { action: 'award', level: '特等奖' }, 'admin', ctx())).toEqual({
      ok: false,
      refusal: { gate: 40021, status: 409, message: '获奖等级不存在' },
    });
  });
  it('unshortlisting is refused once an expert submitted a review', () => {
    expect(workTransition({ status: 'shortlisted', work_no: '1-0001' }, { action: 'unshortlist' }, 'admin', ctx({ reviews_submitted: 1 }))).toEqual({
      ok: false,
      refusal: { gate: 40021, status: 409, message: '已有专家提交评审，不能取消入围' },
    });
    expect(workTransition({ status: 'shortlisted', work_no: '1-0001' }, { action: 'unshortlist' }, 'admin', ctx({ reviews_submitted: 0 }))).toMatchObject({ ok: true, to: 'approved' });
  });
});

describe('what a reader may still change', () => {
  it('edits and withdrawals in draft, submitted, approved and rejected only', () => {
    for (const status of WORK_STATUS_KEYS) {
      const r = readerChangeRefusal(status, 'edit', windows, during);
      if (['draft', 'submitted', 'approved', 'rejected'].includes(status)) expect(r).toBeNull();
      else expect(r).toEqual({ gate: 40021, status: 409, message: `作品${WORK_STATUS[status]}，不能修改` });
    }
    expect(readerChangeRefusal('shortlisted', 'withdraw', windows, during)?.message).toBe('作品已入围，不能撤回');
  });
  it('until the edit deadline (exclusive)', () => {
    expect(readerChangeRefusal('approved', 'edit', windows, windows.edit_until! - 1)).toBeNull();
    expect(readerChangeRefusal('approved', 'edit', windows, windows.edit_until!)).toEqual({ gate: 40002, status: 403, message: '作品修改已截止（2024-05-10 00:00）' });
  });
  it('a numbered work keeps its group', () => {
    expect(groupChangeRefusal({ work_no: null, group_id: 1 }, 2)).toBeNull();
    expect(groupChangeRefusal({ work_no: '5-A-0001', group_id: 1 }, 1)).toBeNull();
    expect(groupChangeRefusal({ work_no: '5-A-0001', group_id: 1 }, 2)).toEqual({ gate: 40021, status: 409, message: '作品已编号，不能更换组别' });
  });
  it('the state after an edit', () => {
    expect(statusAfterReaderEdit('draft', 'pre', false)).toBe('draft');
    expect(statusAfterReaderEdit('draft', 'pre', true)).toBe('submitted');
    expect(statusAfterReaderEdit('draft', 'post', true)).toBe('approved');
    expect(statusAfterReaderEdit('rejected', 'pre', false)).toBe('draft');
    expect(statusAfterReaderEdit('rejected', 'pre', true)).toBe('submitted');
    expect(statusAfterReaderEdit('submitted', 'pre', true)).toBe('submitted');
    expect(statusAfterReaderEdit('approved', 'pre', true)).toBe('submitted');
    expect(statusAfterReaderEdit('approved', 'post', false)).toBe('approved');
    expect(statusAfterReaderEdit('approved', 'none', true)).toBe('approved');
  });
});

describe('works per reader', () => {
  const config = workConfigSchema(9).parse({
    creation_types: [
      { id: 1, name: '征文', media: 'text' },
      { id: 2, name: '书画', media: 'image', max_per_user: 1 },
    ],
    per_user_max_works: 2,
  });
  it('counts every work but a withdrawn one', () => {
    expect(newWorkRefusal(config, [{ creation_type_id: 1, status: 'draft' }], 1)).toBeNull();
    expect(newWorkRefusal(config, [{ creation_type_id: 1, status: 'draft' }, { creation_type_id: 1, status: 'rejected' }], 1)).toEqual({ gate: 40007, status: 403, message: '每人最多提交2件作品' });
    expect(newWorkRefusal(config, [{ creation_type_id: 1, status: 'withdrawn' }, { creation_type_id: 1, status: 'approved' }], 1)).toBeNull();
    expect(newWorkRefusal(config, [{ creation_type_id: 1, status: 'disqualified' }, { creation_type_id: 1, status: 'approved' }], 1)?.gate).toBe(40007);
    expect(countsTowardLimit('withdrawn')).toBe(false);
    expect(countsTowardLimit('disqualified')).toBe(true);
  });
  it('and a creation type’s own limit', () => {
    expect(newWorkRefusal(config, [{ creation_type_id: 2, status: 'submitted' }], 2)).toEqual({ gate: 40007, status: 403, message: '每人最多提交1件“书画”作品' });
    expect(newWorkRefusal(config, [{ creation_type_id: 2, status: 'submitted' }], 1)).toBeNull();
    expect(newWorkRefusal(config, [{ creation_type_id: 2, status: 'withdrawn' }], 2)).toBeNull();
  });
});

describe('the public wall and administrators’ bodies', () => {
  it('shows passed works marked shown', () => {
    expect(isPublicWork({ status: 'approved', is_show: 1 })).toBe(true);
    expect(isPublicWork({ status: 'awarded', is_show: 1 })).toBe(true);
    expect(isPublicWork({ status: 'approved', is_show: 0 })).toBe(false);
    for (const status of ['draft', 'submitted', 'rejected', 'withdrawn', 'disqualified'] as WorkStatus[]) expect(isPublicWork({ status, is_show: 1 })).toBe(false);
  });
  it('a reason is required; a level must be configured', () => {
    expect(workReasonBody.safeParse({ reason: ' ' }).error?.issues[0].message).toBe('请输入原因');
    expect(workReasonBody.parse({ reason: ' 抄袭 ' })).toEqual({ reason: '抄袭' });
    const award = workAwardBody(['一等奖']);
    expect(award.parse({ level: '一等奖' })).toEqual({ level: '一等奖' });
    expect(award.safeParse({ level: '金奖' }).error?.issues[0].message).toBe('请选择有效的获奖等级');
    expect(award.safeParse({}).error?.issues[0].message).toBe('请选择获奖等级');
  });
});
