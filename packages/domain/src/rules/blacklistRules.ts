import { z } from 'zod';
import { ACTIVITY_TYPES } from './activityState.js';

/**
 * Blacklists (design §14): what an entry stops, why it was made, and the organisation's automatic
 * rules (`adminBlacklist/adminBlackconfig`, `GET/POST /v1/{org}/blacklist/config`). A rule counts
 * one kind of offence per reader; when the count within its window is reached, the reader gets an
 * automatic entry (`is_auto`) stopping the rule's actions in its activity types for `ban_days`
 * (null: until lifted). With `warn_first`, the first time a reader reaches a rule only warns; with
 * `clear_counter_after_ban`, offences before a warning or an automatic entry no longer count.
 */

/** What a blacklist entry stops. */
export const BLACKLIST_ACTIONS = { join: '报名参与', vote: '投票', comment: '评论', reserve: '预约', submit: '提交作品', scan: '扫码' } as const;
export type BlacklistAction = keyof typeof BLACKLIST_ACTIONS;
export const BLACKLIST_REASONS = { manual: '管理员设置', no_show: '预约未到场', vote_fraud: '刷票', plagiarism: '抄袭', abusive: '不当言论' } as const;
export type BlacklistReason = keyof typeof BLACKLIST_REASONS;

/** The offences the kinds report (offline no-shows, voided votes, rejected comments, plagiarism) and the reason of the entry they lead to. */
export const OFFENCE_KINDS = {
  no_show: { label: '预约未到场', reason_type: 'no_show' },
  vote_void: { label: '投票被判无效', reason_type: 'vote_fraud' },
  comment_rejected_risky: { label: '评论违规被驳回', reason_type: 'abusive' },
  plagiarism: { label: '作品抄袭', reason_type: 'plagiarism' },
} as const satisfies Record<string, { label: string; reason_type: BlacklistReason }>;
export type OffenceKind = keyof typeof OFFENCE_KINDS;
export const OFFENCE_KIND_VALUES = Object.keys(OFFENCE_KINDS) as [OffenceKind, ...OffenceKind[]];

export const RULE_COUNT_MAX = 100;
export const RULE_DAYS_MAX = 3650;

const days = (label: string) =>
  z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(1, `${label}不能小于1`).max(RULE_DAYS_MAX, `${label}不能超过${RULE_DAYS_MAX}`);

export const blacklistRuleSchema = z.object({
  kind: z.enum(OFFENCE_KIND_VALUES, { error: '请选择违规类型' }),
  enabled: z.boolean({ error: '是否启用只能是是或否' }),
  /** Offences that lead to an entry. */
  count: z.number({ error: '次数必须是数字' }).int('次数必须是整数').min(1, '次数不能小于1').max(RULE_COUNT_MAX, `次数不能超过${RULE_COUNT_MAX}`),
  /** Counted within this many days before the offence; null: every offence counts. */
  within_days: days('统计天数').nullable(),
  /** How long the entry lasts; null: until an administrator lifts it. */
  ban_days: days('限制天数').nullable(),
  /** What the entry stops; empty: every action. */
  actions: z.array(z.enum(Object.keys(BLACKLIST_ACTIONS) as [BlacklistAction, ...BlacklistAction[]], { error: '限制的操作不正确' }), { error: '限制的操作不正确' }).max(6, '限制的操作不正确'),
  /** In which activity types; empty: every type. */
  types: z
    .array(z.number({ error: '活动类型不正确' }).int().refine((v) => v in ACTIVITY_TYPES, '活动类型不正确'), { error: '活动类型不正确' })
    .max(11, '活动类型不正确'),
});
export type BlacklistRule = z.infer<typeof blacklistRuleSchema>;

export const blacklistConfigSchema = z
  .object({
    rules: z.array(blacklistRuleSchema, { error: '规则必须是列表' }).max(OFFENCE_KIND_VALUES.length, '每种违规只能有一条规则'),
    warn_first: z.boolean({ error: '首次违规仅警告只能是是或否' }),
    clear_counter_after_ban: z.boolean({ error: '限制后清零计数只能是是或否' }),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.rules.forEach((r, i) => {
      if (seen.has(r.kind)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'kind'], message: `「${OFFENCE_KINDS[r.kind].label}」的规则重复` });
      seen.add(r.kind);
    });
  });
export type BlacklistConfig = z.infer<typeof blacklistConfigSchema>;

/**
 * The design's rules (§14), each off until the organisation turns it on: an organisation that has
 * not looked at this page never blacklists anyone automatically.
 */
export const DEFAULT_BLACKLIST_CONFIG: BlacklistConfig = {
  rules: [
    { kind: 'no_show', enabled: false, count: 3, within_days: 90, ban_days: 30, actions: ['reserve'], types: [5] },
    { kind: 'vote_void', enabled: false, count: 1, within_days: null, ban_days: 30, actions: ['vote'], types: [] },
    { kind: 'comment_rejected_risky', enabled: false, count: 3, within_days: 30, ban_days: 7, actions: ['comment'], types: [] },
    { kind: 'plagiarism', enabled: false, count: 1, within_days: null, ban_days: null, actions: ['submit'], types: [] },
  ],
  warn_first: true,
  clear_counter_after_ban: true,
};

/** A stored configuration as the rules apply it: every kind once, missing kinds off (with the defaults' numbers). */
export function blacklistConfigOf(stored: unknown): BlacklistConfig {
  const parsed = blacklistConfigSchema.safeParse(stored);
  if (!parsed.success) return DEFAULT_BLACKLIST_CONFIG;
  const byKind = new Map(parsed.data.rules.map((r) => [r.kind, r]));
  return { ...parsed.data, rules: DEFAULT_BLACKLIST_CONFIG.rules.map((d) => byKind.get(d.kind) ?? d) };
}

/** The reason an automatic entry gives (the gate says 因{reason}，您已被限制参与该功能，至{date}). */
export const autoBlacklistReason = (rule: Pick<BlacklistRule, 'kind' | 'count'>): string =>
  `${OFFENCE_KINDS[rule.kind].label}${rule.count > 1 ? `${rule.count}次` : ''}`;

/** What an offence led to (`reader_offences.outcome`). */
export const OFFENCE_OUTCOME = { counted: 0, warned: 1, banned: 2 } as const;
export type OffenceOutcome = keyof typeof OFFENCE_OUTCOME;
