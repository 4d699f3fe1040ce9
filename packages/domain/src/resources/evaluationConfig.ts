import { UNLIMITED } from '../rules/constants.js';
import { z } from 'zod';
import type { ResourceField } from '../resource.js';
import { commentRulesSchema } from '../rules/comments.js';
import { MODERATION_MODES } from '../rules/moderation.js';
import { flagSchema } from '../rules/ruleSchemas.js';
import { CAPTCHA_POLICIES, SHOW_COUNTS, voteRulesSchema } from '../rules/votes.js';
import type { ActivityWindow } from '../rules/works.js';
import { field } from './fields.js';

/**
 * The settings of a voting activity (type 2) as fields of its declaration: the vote rules of
 * rules/votes.ts flat in `config`, reader sign-up of sources, and the comment rules of
 * rules/comments.ts under `config.comments`. The field schemas are the rules' own members without
 * their defaults (an update leaves an absent key as stored); the whole stored config is checked
 * by `evaluationConfigProblems` on every write and on publishing.
 */

type Shape = Record<string, z.ZodType>;
/** A rule member without its default (so a partial body never writes defaults over stored values). */
const bare = (shape: Shape, key: string): z.ZodType => {
  const m = shape[key] as z.ZodType & { unwrap?: () => z.ZodType; _zod: { def: { type: string } } };
  return m._zod.def.type === 'default' && m.unwrap ? m.unwrap() : m;
};
const voteShape = voteRulesSchema().shape as unknown as Shape;
const commentShape = commentRulesSchema.shape as unknown as Shape;
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const vote = (key: string, label: string, kind: ResourceField['kind'], flags: Partial<ResourceField> = {}): ResourceField =>
  field(`config.${key}`, label, kind, () => bare(voteShape, key).optional(), { list: false, ...flags });
const comment = (key: string, label: string, kind: ResourceField['kind'], flags: Partial<ResourceField> = {}): ResourceField =>
  field(`config.comments.${key}`, label, kind, () => bare(commentShape, key).optional(), { list: false, ...flags });

export const EVALUATION_CONFIG_FIELDS: ResourceField[] = [
  vote('vote_start_at', '投票开始时间', 'datetime', { placeholder: '留空为活动开始时间' }),
  vote('vote_end_at', '投票结束时间', 'datetime', { placeholder: '留空为活动结束时间' }),
  vote('min_select', '每次最少选择', 'number', { placeholder: '默认1' }),
  vote('max_select', '每次最多选择', 'number', { placeholder: '默认1' }),
  vote('votes_per_day', '每人每天票数', 'number', { placeholder: '默认3' }),
  vote('votes_total', '每人总票数', 'number', { zeroText: UNLIMITED, placeholder: '0 表示不限' }),
  vote('per_source_per_day', '每天为同一对象投票数', 'number', { placeholder: '默认1' }),
  vote('account_min_age_days', '账号注册满天数', 'number', { zeroText: UNLIMITED, placeholder: '0 表示不限' }),
  vote('captcha', '验证方式', 'select', { options: options(CAPTCHA_POLICIES) }),
  vote('ip_per_day', '同一IP每天有效票数', 'number', { zeroText: UNLIMITED, placeholder: '默认50，超出计为存疑；0 表示不限' }),
  vote('ip_per_source_per_day', '同一IP每天为同一对象有效票数', 'number', { zeroText: UNLIMITED, placeholder: '默认10，超出计为存疑；0 表示不限' }),
  vote('min_interval_sec', '投票最小间隔（秒）', 'number', { placeholder: '默认2' }),
  vote('show_counts', '票数显示', 'select', { options: options(SHOW_COUNTS) }),
  field('config.source_signup', '读者报名参选', 'switch', (l) => flagSchema(l).optional(), { list: false }),
  comment('enabled', '开放评论', 'switch'),
  comment('moderation', '评论审核方式', 'select', { options: options(MODERATION_MODES) }),
  comment('per_day', '每人每天评论数', 'number', { placeholder: '默认20' }),
  comment('min_interval_sec', '评论最小间隔（秒）', 'number', { placeholder: '默认30' }),
  comment('max_chars', '评论字数上限', 'number', { placeholder: '默认500' }),
  comment('max_images', '评论图片数上限', 'number', { placeholder: '默认3' }),
];

/** The problems of a voting activity's stored config (vote rules against the activity's window, comment rules), named `config.<key>`. */
export function evaluationConfigProblems(config: unknown, activity: ActivityWindow): { field: string; message: string }[] {
  const c = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const out: { field: string; message: string }[] = [];
  const votes = voteRulesSchema(activity).safeParse(c);
  if (!votes.success) for (const i of votes.error.issues) out.push({ field: ['config', ...i.path].join('.'), message: i.message });
  const comments = commentRulesSchema.safeParse(c.comments ?? {});
  if (!comments.success) for (const i of comments.error.issues) out.push({ field: ['config', 'comments', ...i.path].join('.'), message: i.message });
  return out;
}
