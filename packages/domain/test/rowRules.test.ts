import { describe, expect, it } from 'vitest';
import {
  cellText,
  originalWorksResource,
  QUESTION_IN_PAPERS,
  RESOURCES,
  ROW_RULES,
  rowActionNames,
  rowRefusal,
  rowsRefusal,
  SOURCE_HAS_VOTES,
  UNLIMITED,
  UNPUBLISH_AFTER_JOINS,
  WORK_ACTIONS,
  WORK_STATUS_KEYS,
  workTransition,
  type ResourceDef,
  type WorkStatus,
} from '@huodong/domain';

const ctx = { now: 0, windows: { submit_start_at: null, submit_end_at: null, edit_until: null }, moderation: 'pre' as const };

describe('row rules: the state table the server applies and the page offers its controls by', () => {
  it('an awarded work refuses 驳回 with the reason and keeps it shown (disabled); an approved work leaves 通过 out', () => {
    expect(rowRefusal(originalWorksResource, 'reject', { status: 'awarded' })).toEqual({ message: '作品已获奖，不能驳回', status: 409, gate: 40021, hide: false });
    expect(rowRefusal(originalWorksResource, 'approve', { status: 'approved', check_pending: 0 })).toMatchObject({ message: '作品已通过，不能审核通过', hide: true });
    expect(rowRefusal(originalWorksResource, 'reject', { status: 'rejected' })).toMatchObject({ hide: true });
  });

  it('通过 on an approved work still waiting for a look (post moderation) is allowed: it is the look', () => {
    expect(rowRefusal(originalWorksResource, 'approve', { status: 'approved', check_pending: 1 })).toBeNull();
  });

  it("every work state: 通过 and 驳回 are allowed exactly where the works' transition lets an administrator move the work", () => {
    for (const status of WORK_STATUS_KEYS) {
      for (const action of ['approve', 'reject'] as const) {
        const t = workTransition({ status, work_no: null }, action === 'reject' ? { action, reason: 'x' } : { action }, 'admin', ctx);
        const refusal = rowRefusal(originalWorksResource, action, { status, check_pending: 0 });
        expect(refusal === null, `${action} on ${status}`).toBe(t.ok);
        if (!t.ok) expect(refusal?.message).toBe(t.refusal.message);
      }
    }
    expect(WORK_ACTIONS.reject.from.filter((s: WorkStatus) => rowRefusal(originalWorksResource, 'reject', { status: s }) !== null)).toEqual([]);
  });

  it('activities, contest questions, voting sources and comments refuse by their state', () => {
    const def = (name: string) => RESOURCES.find((d) => d.name === name)!;
    expect(rowRefusal(def('contest'), 'unpublish', { join_num: 2 })?.message).toBe(UNPUBLISH_AFTER_JOINS);
    expect(rowRefusal(def('contest'), 'unpublish', { join_num: 0 })).toBeNull();
    expect(rowRefusal(def('contestQuestions'), 'delete', { used_count: 1 })?.message).toBe(QUESTION_IN_PAPERS);
    expect(rowsRefusal(def('evaluationSources'), 'delete', [{ vote_count: 0, suspect_count: 0, void_count: 0 }, { vote_count: 0, suspect_count: 1, void_count: 0 }])?.message).toBe(SOURCE_HAS_VOTES);
    expect(rowRefusal(def('commentChecks'), 'top', { parent_id: 4, status: 1 })?.message).toBe('只能置顶或精选一级评论');
    expect(rowRefusal(def('commentChecks'), 'untop', { parent_id: 4, status: 1 })).toBeNull();
  });

  it('every rule a declaration names exists and belongs to one of its row actions (or delete)', () => {
    for (const d of RESOURCES as ResourceDef[]) {
      const names = new Set([...rowActionNames(d), 'delete', ...d.actions.flatMap((a) => (a.kind === 'batch' ? [a.name] : []))]);
      for (const [action, rule] of Object.entries(d.rowRules ?? {})) {
        expect(names.has(action), `${d.name}.${action}`).toBe(true);
        expect(ROW_RULES[rule!], `${d.name}.${action}`).toBeTypeOf('function');
      }
    }
  });
});

describe('0 means no limit', () => {
  it('人数上限 0 reads 不限, other numbers as they are', () => {
    const field = RESOURCES.find((d) => d.name === 'contest')!.fields.find((f) => f.name === 'person_limit')!;
    expect(cellText(field, 0)).toBe(UNLIMITED);
    expect(cellText(field, 30)).toBe('30');
    const joins = RESOURCES.find((d) => d.name === 'contest')!.fields.find((f) => f.name === 'join_num')!;
    expect(cellText(joins, 0)).toBe('0');
  });
});
