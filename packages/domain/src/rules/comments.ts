import { z } from 'zod';
import { fileUrl, idRef, plainText } from '../resources/fields.js';
import type { GateRefusal } from './gate.js';
import { MODERATION_MODE_KEYS, type CheckItemStatus } from './moderation.js';
import { choiceOf, flagSchema, wholeNumber, type FieldProblem } from './ruleSchemas.js';

/**
 * Comments on sources (type 2) and works (design §3 "Comment"): one reply level, daily limits
 * per reader, likes, reports (hidden automatically at REPORTS_BEFORE_HIDING, moderation.ts),
 * administrator replies, featured and pinned comments.
 */

export const COMMENT_CONTENT_CAP = 2000;
export const COMMENT_IMAGES_CAP = 9;

const commentRulesObject = z.object({
  enabled: flagSchema('开放评论').default(1),
  /** Post moderation by default (design §1.5): visible at once, reviewed afterwards. */
  moderation: choiceOf('评论审核方式', MODERATION_MODE_KEYS).default('post'),
  per_day: wholeNumber('每人每天评论数', 1, 100).default(20),
  min_interval_sec: wholeNumber('评论最小间隔（秒）', 0, 3600).default(30),
  max_chars: wholeNumber('评论字数上限', 1, COMMENT_CONTENT_CAP).default(500),
  max_images: wholeNumber('评论图片数上限', 0, COMMENT_IMAGES_CAP).default(3),
});
export const commentRulesSchema = commentRulesObject;
export type CommentRules = z.output<typeof commentRulesObject>;
export const defaultCommentRules = (): CommentRules => commentRulesObject.parse({});

/** `POST /activities/{id}/comments`: shape only; the limits of the rules are `commentProblems`. */
export const commentBodySchema = z.object({
  source_id: idRef('评论对象'),
  parent_id: idRef('回复的评论').nullable().default(null),
  content: plainText('评论内容').trim().max(COMMENT_CONTENT_CAP, `评论内容不能超过${COMMENT_CONTENT_CAP}个字符`).default(''),
  images: z
    .array(fileUrl('评论图片').refine((v) => !!v, '请上传评论图片'), { error: '评论图片不正确' })
    .max(COMMENT_IMAGES_CAP, `评论图片最多${COMMENT_IMAGES_CAP}张`)
    .default([]),
});
export type CommentBody = z.output<typeof commentBodySchema>;

/** Characters as a reader counts them (a code point each, so an emoji is one). */
export const charCount = (s: string): number => [...s].length;

/** The body against the activity's limits: some text or a picture, not too long, not too many pictures. */
export function commentProblems(rules: Pick<CommentRules, 'max_chars' | 'max_images'>, body: Pick<CommentBody, 'content' | 'images'>): FieldProblem[] {
  const out: FieldProblem[] = [];
  const n = charCount(body.content.trim());
  if (n === 0 && body.images.length === 0) out.push({ field: 'content', message: '请输入评论内容' });
  if (n > rules.max_chars) out.push({ field: 'content', message: `评论内容不能超过${rules.max_chars}个字（当前${n}字）` });
  if (body.images.length > rules.max_images) out.push({ field: 'images', message: rules.max_images === 0 ? '评论不能上传图片' : `评论图片最多${rules.max_images}张` });
  return out;
}

export const COMMENT_REFUSAL = {
  closed: { gate: 40022, status: 403, message: '本活动未开放评论' },
  parentMissing: { gate: 40400, status: 404, message: '回复的评论不存在' },
} as const satisfies Record<string, GateRefusal>;

/**
 * Whether a reader may comment now, after the participation gate: comments open, fewer than
 * `per_day` comments today (China day; replies count, every status counts), and at least
 * `min_interval_sec` since the reader's last comment in the activity.
 */
export function commentRefusal(rules: CommentRules, facts: { now: number; today: number; last_at: number | null }): GateRefusal | null {
  if (!rules.enabled) return COMMENT_REFUSAL.closed;
  if (facts.today >= rules.per_day) return { gate: 40008, status: 403, message: `今日评论次数已用完（每天${rules.per_day}条）` };
  if (rules.min_interval_sec > 0 && facts.last_at !== null && facts.now - facts.last_at < rules.min_interval_sec) {
    return { gate: 40011, status: 403, message: `评论过于频繁，请${rules.min_interval_sec - Math.max(0, facts.now - facts.last_at)}秒后再试` };
  }
  return null;
}

/** A comment as the reply rule sees it. */
export interface CommentRef {
  id: number;
  parent_id: number | null;
  source_id: number;
  user_id: number;
  status: CheckItemStatus;
}

/**
 * One reply level: a reply to a reply is attached to the top-level comment and remembers whom it
 * answers (`reply_to_user_id`), as messaging apps show it. The parent must be a comment on the
 * same source that the replier can see (approved, or still pending under post moderation).
 */
export function replyTarget(parent: CommentRef | undefined, sourceId: number, parentVisible: boolean): { parent_id: number; reply_to_user_id: number } | GateRefusal {
  if (!parent || parent.source_id !== sourceId || !parentVisible) return COMMENT_REFUSAL.parentMissing;
  return { parent_id: parent.parent_id ?? parent.id, reply_to_user_id: parent.user_id };
}

/** Order of top-level comments: pinned, then featured, then newest first. */
export interface CommentOrderKey {
  id: number;
  is_top: number;
  is_featured: number;
  created_at: number;
}
export const compareComments = (a: CommentOrderKey, b: CommentOrderKey): number =>
  b.is_top - a.is_top || b.is_featured - a.is_featured || b.created_at - a.created_at || b.id - a.id;

/** Order of replies under a comment: administrator replies first, then oldest first (a conversation reads down). */
export const compareReplies = (a: CommentOrderKey & { is_official: number }, b: CommentOrderKey & { is_official: number }): number =>
  b.is_official - a.is_official || a.created_at - b.created_at || a.id - b.id;

/** Only approved top-level comments are pinned or featured: a row rule (rowRules.ts). */
export { highlightProblem } from './rowRules.js';
