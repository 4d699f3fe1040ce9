import { z } from 'zod';
import { chinaDate, chinaSeconds } from './chinaTime.js';

/**
 * Points (积分, design §10, issue 24): the organisation's earning rules and the ledger's settings.
 * Every kind posts a reader's points through one ledger (server `points/ledger.ts`) under a rule
 * key of this list; the organisation changes a rule's points, caps, validity and whether it is on
 * (`adminIntRule`, `/config`, `/config/save`), never the list itself.
 */

export interface PointRuleDefaults {
  name: string;
  /** Points per trigger (negative: a spend). 0 for a rule whose points come with the trigger (a scan code's batch). */
  points: number;
  /** Triggers counted per reader per China day (0: no cap). */
  cap_per_day: number;
  /** Triggers counted per reader per activity (0: no cap). */
  cap_per_activity: number;
  /** At most once per reader ever. */
  once_per_account: boolean;
}

/** The built-in rules with the design's default points (§10 b). */
export const POINT_RULES = {
  daily_sign: { name: '每日签到', points: 5, cap_per_day: 1, cap_per_activity: 0, once_per_account: false },
  join_activity: { name: '参加活动', points: 2, cap_per_day: 0, cap_per_activity: 1, once_per_account: false },
  work_submitted: { name: '提交作品', points: 5, cap_per_day: 0, cap_per_activity: 1, once_per_account: false },
  work_approved: { name: '作品审核通过', points: 10, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  work_awarded: { name: '作品获奖', points: 50, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  vote: { name: '投票', points: 1, cap_per_day: 3, cap_per_activity: 0, once_per_account: false },
  comment_approved: { name: '评论审核通过', points: 1, cap_per_day: 5, cap_per_activity: 0, once_per_account: false },
  contest_pass: { name: '答题及格', points: 10, cap_per_day: 0, cap_per_activity: 1, once_per_account: false },
  level_pass: { name: '闯关通过', points: 0, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  checkin_mark: { name: '阅读打卡', points: 5, cap_per_day: 1, cap_per_activity: 0, once_per_account: false },
  checkin_streak_7: { name: '连续打卡7天', points: 40, cap_per_day: 0, cap_per_activity: 1, once_per_account: false },
  checkin_streak_21: { name: '连续打卡21天', points: 160, cap_per_day: 0, cap_per_activity: 1, once_per_account: false },
  makeup_cost: { name: '补卡消耗', points: 0, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  lecture_complete: { name: '完成讲座', points: 10, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  offline_attend: { name: '线下活动签到', points: 10, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  scan_code: { name: '扫码积分', points: 0, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  share_scanned: { name: '分享被扫码', points: 5, cap_per_day: 2, cap_per_activity: 0, once_per_account: false },
  manual: { name: '人工调整', points: 0, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
  expiry: { name: '积分过期', points: 0, cap_per_day: 0, cap_per_activity: 0, once_per_account: false },
} as const satisfies Record<string, PointRuleDefaults>;
export type PointRuleKey = keyof typeof POINT_RULES;
export const POINT_RULE_KEYS = Object.keys(POINT_RULES) as [PointRuleKey, ...PointRuleKey[]];

/**
 * Rules whose points are not the organisation's to set: they move what the trigger says (a scan
 * code's batch, a make-up's cost, an administrator's adjustment, an expiry) and no cap stops them.
 */
export const TRIGGER_POINT_RULES: readonly PointRuleKey[] = ['level_pass', 'makeup_cost', 'scan_code', 'manual', 'expiry'];

/** A ledger row's state (`point_txns.status`). */
export { POINT_TXN_STATUS, type PointTxnStatus } from './pointStatus.js';

export const POINTS_MAX = 100_000;
export const POINT_CAP_MAX = 10_000;

const points = (label: string) =>
  z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(-POINTS_MAX, `${label}不能小于${-POINTS_MAX}`).max(POINTS_MAX, `${label}不能超过${POINTS_MAX}`);
const cap = (label: string) =>
  z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(0, `${label}不能小于0`).max(POINT_CAP_MAX, `${label}不能超过${POINT_CAP_MAX}`);
const stamp = (label: string) => z.number({ error: `${label}必须是时间` }).int(`${label}必须是时间`).min(0, `${label}必须是时间`).nullable();

/** One rule as the organisation sets it. */
export const pointRuleSchema = z
  .object({
    points: points('积分'),
    cap_per_day: cap('每日次数上限'),
    cap_per_activity: cap('每个活动次数上限'),
    once_per_account: z.boolean({ error: '每人仅一次只能是是或否' }),
    enabled: z.boolean({ error: '是否启用只能是是或否' }),
    /** Unix seconds; null: from always / for ever. */
    valid_from: stamp('生效时间'),
    valid_to: stamp('失效时间'),
  })
  .refine((r) => r.valid_from == null || r.valid_to == null || r.valid_from < r.valid_to, { path: ['valid_to'], message: '失效时间必须晚于生效时间' });
export type PointRule = z.infer<typeof pointRuleSchema>;

/** How earned points expire (design §10): never; rolling n months valid through the end of that month; at the end of the year after the one they were earned. */
export const POINT_EXPIRY_MODES = { none: '永久有效', rolling: '滚动有效期', yearly: '次年年底清零' } as const;
export type PointExpiryMode = keyof typeof POINT_EXPIRY_MODES;

export const pointsConfigSchema = z
  .object({
    /** Points a reader can earn per China day across every rule (0: no cap). */
    daily_cap: cap('每人每日积分上限'),
    /** A manual adjustment of more than this many points (either way) waits for a second administrator. */
    approval_threshold: z.number({ error: '人工调整审批阈值必须是数字' }).int('人工调整审批阈值必须是整数').min(1, '人工调整审批阈值不能小于1').max(POINTS_MAX, `人工调整审批阈值不能超过${POINTS_MAX}`),
    expiry: z.object({
      mode: z.enum(Object.keys(POINT_EXPIRY_MODES) as [PointExpiryMode, ...PointExpiryMode[]], { error: '请选择积分有效期方式' }),
      /** For `rolling`: points earned in month m are valid through the end of month m + months. */
      months: z.number({ error: '有效月数必须是数字' }).int('有效月数必须是整数').min(1, '有效月数不能小于1').max(120, '有效月数不能超过120'),
    }),
    rules: z.partialRecord(z.enum(POINT_RULE_KEYS, { error: '积分规则不存在' }), pointRuleSchema),
  });
export type PointsConfig = z.infer<typeof pointsConfigSchema>;

/** A rule as the ledger applies it: the organisation's setting or the default. */
export type EffectivePointRule = PointRule & { key: PointRuleKey; name: string };

export const DEFAULT_POINTS_CONFIG = {
  daily_cap: 200,
  approval_threshold: 500,
  expiry: { mode: 'none' as PointExpiryMode, months: 12 },
};

const defaultRule = (key: PointRuleKey): EffectivePointRule => {
  const d: PointRuleDefaults = POINT_RULES[key];
  return { key, name: d.name, points: d.points, cap_per_day: d.cap_per_day, cap_per_activity: d.cap_per_activity, once_per_account: d.once_per_account, enabled: true, valid_from: null, valid_to: null };
};

/** A stored configuration (`org_settings` `points`) as the ledger applies it: every rule once, the defaults where not set. */
export function pointsConfigOf(stored: unknown): Omit<PointsConfig, 'rules'> & { rules: Record<PointRuleKey, EffectivePointRule> } {
  const parsed = pointsConfigSchema.safeParse(stored);
  const value = parsed.success ? parsed.data : { ...DEFAULT_POINTS_CONFIG, rules: {} };
  const rules = Object.fromEntries(
    POINT_RULE_KEYS.map((key) => {
      const own = value.rules[key];
      const base = defaultRule(key);
      // The trigger's own points and no caps, whatever is stored, for the rules whose points the trigger names.
      if (TRIGGER_POINT_RULES.includes(key)) return [key, { ...base, enabled: own?.enabled ?? true }];
      return [key, own ? { ...base, ...own } : base];
    }),
  ) as Record<PointRuleKey, EffectivePointRule>;
  return { daily_cap: value.daily_cap, approval_threshold: value.approval_threshold, expiry: value.expiry, rules };
}

/** Whether a rule gives points at a moment (on, inside its validity). */
export const ruleInForce = (rule: EffectivePointRule, now: number): boolean =>
  rule.enabled && (rule.valid_from == null || rule.valid_from <= now) && (rule.valid_to == null || now < rule.valid_to);

/** Why a trigger earned nothing (the ledger's answer other than posted). */
export const POINT_REFUSALS = {
  duplicate: '该事件已记过积分',
  disabled: '该积分规则未启用',
  capped: '已达积分上限',
  insufficient: '积分不足',
} as const;
export type PointRefusal = keyof typeof POINT_REFUSALS;

/**
 * When points earned at `earnedAt` stop counting under an expiry policy (null: never): rolling n
 * months are valid through the end of the n-th month after the one they were earned in (Square's
 * P12M through month end); yearly clearing ends them with the year after the one they were earned
 * in (醒购). The moment returned is the first second after, China time.
 */
export function pointsExpireAt(earnedAt: number, expiry: PointsConfig['expiry']): number | null {
  if (expiry.mode === 'none') return null;
  const [y, m] = chinaDate(earnedAt).split('-').map(Number) as [number, number];
  return expiry.mode === 'rolling' ? chinaSeconds(y, m + expiry.months, 1) : chinaSeconds(y + 2, 0, 1);
}
