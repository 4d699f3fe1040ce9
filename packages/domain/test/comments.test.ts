import { describe, expect, it } from 'vitest';
import {
  commentBodySchema,
  commentProblems,
  commentRefusal,
  commentRulesSchema,
  compareComments,
  compareReplies,
  defaultCommentRules,
  highlightProblem,
  ITEM_APPROVED,
  ITEM_HIDDEN,
  ITEM_PENDING,
  replyTarget,
  statusAfterReport,
  type CommentRef,
} from '../src/index.js';

const now = 1_714_700_000;
const rules = defaultCommentRules();

describe('comment rules', () => {
  it('defaults as designed: post moderation, 20 a day, 30 s apart, 500 characters, 3 pictures', () => {
    expect(rules).toEqual({ enabled: 1, moderation: 'post', per_day: 20, min_interval_sec: 30, max_chars: 500, max_images: 3 });
    expect(commentRulesSchema.safeParse({ per_day: 0 }).error?.issues[0].message).toBe('每人每天评论数不能小于1');
    expect(commentRulesSchema.safeParse({ max_images: 10 }).error?.issues[0].message).toBe('评论图片数上限不能超过9');
  });
});

describe('a comment’s body', () => {
  it('fills defaults and checks its shape', () => {
    expect(commentBodySchema.parse({ source_id: 3, content: ' 好 ' })).toEqual({ source_id: 3, parent_id: null, content: '好', images: [] });
    expect(commentBodySchema.safeParse({ content: 'x' }).error?.issues[0]).toMatchObject({ path: ['source_id'], message: '评论对象必须是数字' });
  });
  it('some text or a picture, within the activity’s limits (characters are code points)', () => {
    expect(commentProblems(rules, { content: '', images: [] })).toEqual([{ field: 'content', message: '请输入评论内容' }]);
    expect(commentProblems(rules, { content: ' ', images: ['/v1/files/a/public/2024/x.jpg'] })).toEqual([]);
    expect(commentProblems(rules, { content: '好'.repeat(500), images: [] })).toEqual([]);
    expect(commentProblems(rules, { content: '好'.repeat(501), images: [] })).toEqual([{ field: 'content', message: '评论内容不能超过500个字（当前501字）' }]);
    expect(commentProblems(rules, { content: '👍'.repeat(500), images: [] })).toEqual([]);
    expect(commentProblems(rules, { content: 'x', images: ['a', 'b', 'c'] })).toEqual([]);
    expect(commentProblems(rules, { content: 'x', images: ['a', 'b', 'c', 'd'] })).toEqual([{ field: 'images', message: '评论图片最多3张' }]);
    expect(commentProblems({ max_chars: 500, max_images: 0 }, { content: 'x', images: ['a'] })).toEqual([{ field: 'images', message: '评论不能上传图片' }]);
  });
});

describe('whether a reader may comment now', () => {
  it('comments must be open', () => {
    expect(commentRefusal({ ...rules, enabled: 0 }, { now, today: 0, last_at: null })).toEqual({ gate: 40022, status: 403, message: '本活动未开放评论' });
  });
  it('per day: the 20th passes, the 21st is refused (40008)', () => {
    expect(commentRefusal(rules, { now, today: 19, last_at: null })).toBeNull();
    expect(commentRefusal(rules, { now, today: 20, last_at: null })).toEqual({ gate: 40008, status: 403, message: '今日评论次数已用完（每天20条）' });
  });
  it('30 seconds apart (40011)', () => {
    expect(commentRefusal(rules, { now, today: 1, last_at: now - 29 })).toEqual({ gate: 40011, status: 403, message: '评论过于频繁，请1秒后再试' });
    expect(commentRefusal(rules, { now, today: 1, last_at: now - 30 })).toBeNull();
  });
});

describe('one reply level', () => {
  const top: CommentRef = { id: 10, parent_id: null, source_id: 3, user_id: 100, status: ITEM_APPROVED };
  const reply: CommentRef = { id: 11, parent_id: 10, source_id: 3, user_id: 101, status: ITEM_APPROVED };
  it('a reply to a comment hangs under it', () => {
    expect(replyTarget(top, 3, true)).toEqual({ parent_id: 10, reply_to_user_id: 100 });
  });
  it('a reply to a reply hangs under the same top-level comment and names whom it answers', () => {
    expect(replyTarget(reply, 3, true)).toEqual({ parent_id: 10, reply_to_user_id: 101 });
  });
  it('the parent must exist, be on the same source and be visible', () => {
    const missing = { gate: 40400, status: 404, message: '回复的评论不存在' };
    expect(replyTarget(undefined, 3, true)).toEqual(missing);
    expect(replyTarget(top, 4, true)).toEqual(missing);
    expect(replyTarget(top, 3, false)).toEqual(missing);
  });
});

describe('ordering and highlighting', () => {
  const c = (id: number, is_top: number, is_featured: number, created_at: number, is_official = 0) => ({ id, is_top, is_featured, created_at, is_official });
  it('pinned, then featured, then newest', () => {
    const list = [c(1, 0, 0, 500), c(2, 0, 1, 100), c(3, 1, 0, 50), c(4, 0, 0, 900), c(5, 0, 1, 200), c(6, 0, 0, 900)];
    expect([...list].sort(compareComments).map((x) => x.id)).toEqual([3, 5, 2, 6, 4, 1]);
  });
  it('replies: administrator replies first, then oldest first', () => {
    const list = [c(1, 0, 0, 300), c(2, 0, 0, 100), c(3, 0, 0, 900, 1), c(4, 0, 0, 100)];
    expect([...list].sort(compareReplies).map((x) => x.id)).toEqual([3, 2, 4, 1]);
  });
  it('only approved top-level comments are pinned or featured', () => {
    expect(highlightProblem({ parent_id: null, status: ITEM_APPROVED })).toBeNull();
    expect(highlightProblem({ parent_id: 3, status: ITEM_APPROVED })).toBe('只能置顶或精选一级评论');
    expect(highlightProblem({ parent_id: null, status: ITEM_PENDING })).toBe('只能置顶或精选已通过的评论');
  });
  it('the third report hides a comment', () => {
    let status = ITEM_APPROVED as typeof ITEM_APPROVED | typeof ITEM_HIDDEN;
    for (let reports = 1; reports <= 3; reports++) status = statusAfterReport(status, reports, false) as typeof status;
    expect(status).toBe(ITEM_HIDDEN);
  });
});
