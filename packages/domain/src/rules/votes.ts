import { z } from 'zod';
import { idRef, plainText, requiredText } from '../resources/fields.js';
import { chinaDayKey, DAY_SECONDS } from './chinaTime.js';
import type { GateRefusal } from './gate.js';
import { canonicalJson, competitionRanks } from './ranking.js';
import { choiceOf, round2, timestampSchema, wholeNumber, type FieldProblem } from './ruleSchemas.js';
import type { ActivityWindow } from './works.js';

/**
 * Voting on sources, type 2 (design §3): the rules an administrator sets, the decision on one
 * ballot from the facts the server reads (in one statement, under a per-reader lock so parallel
 * ballots see each other), the reader's quota, voiding by rule, and results.
 *
 * Three outcomes (design §1.6): refuse (a hard limit, gate codes 40001/40002 window, 40004 account
 * too new, 40007 total used, 40008 today's or the source's daily votes used, 40011 too soon,
 * 40010 captcha), accept, or accept as suspect — stored with status `suspect` and a reason,
 * excluded from public counts — when an address gave more votes than its limits.
 */

export const CAPTCHA_POLICIES = { off: '不需要验证', first_vote_daily: '每天首次投票验证', every_vote: '每次投票验证', risk_based: '有风险时验证' } as const;
export type CaptchaPolicy = keyof typeof CAPTCHA_POLICIES;
export const SHOW_COUNTS = { realtime: '实时显示', cached_300s: '每5分钟更新', hidden_until_end: '投票结束后公布' } as const;
export type ShowCounts = keyof typeof SHOW_COUNTS;
/** How long a cached count may be shown under `cached_300s`. */
export const VOTE_COUNT_CACHE_SECONDS = 300;
export const VOTE_STATUS = { valid: '有效', suspect: '存疑', void: '已作废' } as const;
export type VoteStatus = keyof typeof VOTE_STATUS;
/** Most sources one ballot may name (the `max_select` cap). */
export const BALLOT_MAX = 20;
/** Under `risk_based`, an account younger than this is asked for a captcha. */
export const RISK_NEW_ACCOUNT_SECONDS = DAY_SECONDS;

const voteRulesObject = z.object({
  /** Null: the activity's start and end. */
  vote_start_at: timestampSchema('投票开始时间').nullable().default(null),
  vote_end_at: timestampSchema('投票结束时间').nullable().default(null),
  min_select: wholeNumber('每次最少选择', 1, BALLOT_MAX).default(1),
  max_select: wholeNumber('每次最多选择', 1, BALLOT_MAX).default(1),
  votes_per_day: wholeNumber('每人每天票数', 1, 100).default(3),
  /** 0: no limit over the whole activity. */
  votes_total: wholeNumber('每人总票数', 0, 10_000).default(0),
  per_source_per_day: wholeNumber('每天为同一对象投票数', 1, 100).default(1),
  account_min_age_days: wholeNumber('账号注册满天数', 0, 365).default(0),
  captcha: choiceOf('验证方式', Object.keys(CAPTCHA_POLICIES) as [CaptchaPolicy, ...CaptchaPolicy[]]).default('first_vote_daily'),
  /** Valid votes an address gives a day (all sources / one source) before further votes are suspect; 0: no limit. */
  ip_per_day: wholeNumber('同一IP每天有效票数', 0, 100_000).default(50),
  ip_per_source_per_day: wholeNumber('同一IP每天为同一对象有效票数', 0, 100_000).default(10),
  /** A reader's ballots closer than this are refused. */
  min_interval_sec: wholeNumber('投票最小间隔（秒）', 0, 3600).default(2),
  show_counts: choiceOf('票数显示', Object.keys(SHOW_COUNTS) as [ShowCounts, ...ShowCounts[]]).default('realtime'),
});
export type VoteRules = z.output<typeof voteRulesObject>;
export type VoteRulesInput = z.input<typeof voteRulesObject>;

/** The voting rules of a type 2 activity, checked for consistency and against the activity's window. */
export function voteRulesSchema(activity: ActivityWindow = {}) {
  return voteRulesObject.superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.min_select > v.max_select) issue('min_select', '每次最少选择不能大于最多选择');
    if (v.max_select > v.votes_per_day) issue('max_select', '每次最多选择不能大于每人每天票数');
    if (v.per_source_per_day > v.votes_per_day) issue('per_source_per_day', '每天为同一对象投票数不能大于每人每天票数');
    if (v.votes_total > 0 && v.votes_total < v.max_select) issue('votes_total', '每人总票数不能小于每次最多选择');
    if (v.vote_start_at !== null && v.vote_end_at !== null && v.vote_end_at <= v.vote_start_at) issue('vote_end_at', '投票结束时间必须晚于开始时间');
    if (activity.start_at && v.vote_start_at !== null && v.vote_start_at < activity.start_at) issue('vote_start_at', '投票开始时间不能早于活动开始时间');
    if (activity.end_at && v.vote_end_at !== null && v.vote_end_at > activity.end_at) issue('vote_end_at', '投票结束时间不能晚于活动结束时间');
  });
}

export const defaultVoteRules = (): VoteRules => voteRulesObject.parse({});

export interface VoteWindow {
  start: number | null;
  end: number | null;
}
/** The voting window with the activity's standing in for an unset end (start inclusive, end exclusive). */
export const voteWindow = (rules: Pick<VoteRules, 'vote_start_at' | 'vote_end_at'>, activity: ActivityWindow): VoteWindow => ({
  start: rules.vote_start_at ?? (activity.start_at || null),
  end: rules.vote_end_at ?? (activity.end_at || null),
});
/** Results are frozen once voting has ended (design §3: frozen at `vote_end_at`). */
export const votingEnded = (w: VoteWindow, now: number): boolean => w.end !== null && now >= w.end;

// ---------------------------------------------------------------- a ballot

/** `POST /activities/{id}/votes`: the chosen sources (the server adds its own captcha fields). */
export const ballotBodySchema = z.object({
  source_ids: z.array(idRef('投票对象'), { error: '请选择投票对象' }).min(1, '请选择投票对象').max(BALLOT_MAX, `每次最多选择${BALLOT_MAX}项`),
});

/** What is wrong with the chosen sources: repeated, too few or too many, not a source of the activity. */
export function ballotProblems(rules: Pick<VoteRules, 'min_select' | 'max_select'>, sourceIds: readonly number[], known?: Iterable<number>): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (new Set(sourceIds).size !== sourceIds.length) out.push({ field: 'source_ids', message: '不能重复选择同一对象' });
  if (sourceIds.length < rules.min_select) out.push({ field: 'source_ids', message: rules.min_select === 1 ? '请选择投票对象' : `每次至少选择${rules.min_select}项` });
  if (sourceIds.length > rules.max_select) out.push({ field: 'source_ids', message: `每次最多选择${rules.max_select}项` });
  if (known) {
    const set = new Set(known);
    const i = sourceIds.findIndex((id) => !set.has(id));
    if (i >= 0) out.push({ field: `source_ids.${i}`, message: '投票对象不存在' });
  }
  return out;
}

/** What the server reads for one ballot (counts exclude nothing but what the field says). */
export interface VoteFacts {
  now: number;
  account_created_at: number;
  /** The reader's votes in this activity today (China day of `now`), whatever their status. */
  reader_today: number;
  /** The reader's votes in this activity in all, whatever their status. */
  reader_total: number;
  /** The reader's votes today for each chosen source (absent = 0). */
  reader_source_today: Readonly<Record<number, number>>;
  /** The reader's last vote in this activity. */
  last_vote_at: number | null;
  /** Valid votes from the ballot's address today, in all and for each chosen source. */
  address_today: number;
  address_source_today: Readonly<Record<number, number>>;
  /** The server verified a captcha answer with this ballot. */
  captcha_passed: boolean;
  /** Titles for messages (optional). */
  source_titles?: Readonly<Record<number, string>>;
}

export interface DecidedVote {
  source_id: number;
  status: 'valid' | 'suspect';
  /** Why a vote is suspect (shown to administrators, and to the reader as "why it did not count"). */
  reason: string;
}

export type VoteDecision =
  | { outcome: 'refuse'; refusal: GateRefusal }
  /** `suspect` when at least one vote is. Store every vote with `day`. */
  | { outcome: 'accept' | 'suspect'; day: string; votes: DecidedVote[] };

const refusal = (gate: number, message: string): GateRefusal => ({ gate, status: 403, message });
export const VOTE_REFUSAL = {
  notStarted: refusal(40001, '投票未开始'),
  ended: refusal(40002, '投票已结束'),
  captcha: refusal(40010, '请完成验证'),
} as const;
export const accountTooNewRefusal = (days: number) => refusal(40004, `注册满${days}天的账号才能投票`);
export const tooSoonRefusal = (waitSeconds: number) => refusal(40011, `操作过于频繁，请${waitSeconds}秒后再试`);

/** Suspect reasons. */
export const addressDayReason = (n: number) => `同一IP今日有效票已达${n}票`;
export const addressSourceReason = (n: number) => `同一IP今日为同一对象的有效票已达${n}票`;

/** The votes of a ballot in order, marked suspect where the address has passed its limits. */
function markVotes(rules: Pick<VoteRules, 'ip_per_day' | 'ip_per_source_per_day'>, sourceIds: readonly number[], facts: Pick<VoteFacts, 'address_today' | 'address_source_today'>): DecidedVote[] {
  let day = facts.address_today;
  return sourceIds.map((source_id) => {
    const perSource = facts.address_source_today[source_id] ?? 0;
    if (rules.ip_per_day > 0 && day >= rules.ip_per_day) return { source_id, status: 'suspect', reason: addressDayReason(rules.ip_per_day) };
    if (rules.ip_per_source_per_day > 0 && perSource >= rules.ip_per_source_per_day) return { source_id, status: 'suspect', reason: addressSourceReason(rules.ip_per_source_per_day) };
    day++;
    return { source_id, status: 'valid', reason: '' };
  });
}

/** Whether this ballot must carry a passed captcha. */
export function captchaRequired(rules: Pick<VoteRules, 'captcha'>, facts: Pick<VoteFacts, 'now' | 'account_created_at' | 'reader_today'>, anySuspect: boolean): boolean {
  switch (rules.captcha) {
    case 'off':
      return false;
    case 'every_vote':
      return true;
    case 'first_vote_daily':
      return facts.reader_today === 0;
    case 'risk_based':
      return anySuspect || facts.now - facts.account_created_at < RISK_NEW_ACCOUNT_SECONDS;
  }
}

/**
 * The decision on a ballot whose sources passed `ballotProblems`, after the participation gate.
 * Checks in order: window, account age, total votes, today's votes, each source's votes today,
 * interval since the reader's last vote, captcha; then marks each vote valid or suspect. A ballot
 * is all or nothing: one refusal refuses every source in it.
 */
export function decideBallot(rules: VoteRules, window: VoteWindow, sourceIds: readonly number[], facts: VoteFacts): VoteDecision {
  const refuse = (r: GateRefusal): VoteDecision => ({ outcome: 'refuse', refusal: r });
  const { now } = facts;
  const k = sourceIds.length;
  if (window.start !== null && now < window.start) return refuse(VOTE_REFUSAL.notStarted);
  if (window.end !== null && now >= window.end) return refuse(VOTE_REFUSAL.ended);
  if (rules.account_min_age_days > 0 && now - facts.account_created_at < rules.account_min_age_days * DAY_SECONDS) return refuse(accountTooNewRefusal(rules.account_min_age_days));
  if (rules.votes_total > 0 && facts.reader_total + k > rules.votes_total) {
    const left = Math.max(0, rules.votes_total - facts.reader_total);
    return refuse(refusal(40007, left === 0 ? `投票次数已用完（每人共${rules.votes_total}票）` : `本活动您仅剩${left}票，本次选择了${k}项`));
  }
  if (facts.reader_today + k > rules.votes_per_day) {
    const left = Math.max(0, rules.votes_per_day - facts.reader_today);
    return refuse(refusal(40008, left === 0 ? `今日投票次数已用完（每天${rules.votes_per_day}票）` : `今日您仅剩${left}票，本次选择了${k}项`));
  }
  for (const id of sourceIds) {
    if ((facts.reader_source_today[id] ?? 0) + 1 > rules.per_source_per_day) {
      const title = facts.source_titles?.[id];
      const what = title ? `“${title}”` : '该对象';
      return refuse(refusal(40008, rules.per_source_per_day === 1 ? `今日已为${what}投过票` : `今日为${what}最多投${rules.per_source_per_day}票`));
    }
  }
  if (rules.min_interval_sec > 0 && facts.last_vote_at !== null && now - facts.last_vote_at < rules.min_interval_sec) {
    return refuse(tooSoonRefusal(rules.min_interval_sec - Math.max(0, now - facts.last_vote_at)));
  }
  const votes = markVotes(rules, sourceIds, facts);
  const anySuspect = votes.some((v) => v.status === 'suspect');
  if (captchaRequired(rules, facts, anySuspect) && !facts.captcha_passed) return refuse(VOTE_REFUSAL.captcha);
  return { outcome: anySuspect ? 'suspect' : 'accept', day: chinaDayKey(now), votes };
}

export interface VoteQuota {
  state: 'not_started' | 'open' | 'ended';
  /** Votes the reader may still give today (the total limit included). */
  today_left: number;
  /** Votes left over the activity; null: no total limit. */
  total_left: number | null;
  /** Seconds until the next ballot is allowed by the interval. */
  wait_seconds: number;
  /** The next ballot will ask for a captcha (under `risk_based`: as far as known before the ballot). */
  captcha: boolean;
  /** Account younger than the minimum age. */
  account_too_new: boolean;
}

/** `GET /activities/{id}/vote-quota`: what the reader can still do, from the same facts. */
export function voteQuota(rules: VoteRules, window: VoteWindow, facts: Omit<VoteFacts, 'captcha_passed' | 'reader_source_today' | 'address_source_today' | 'source_titles'>): VoteQuota {
  const { now } = facts;
  const state = window.start !== null && now < window.start ? 'not_started' : votingEnded(window, now) ? 'ended' : 'open';
  const total_left = rules.votes_total > 0 ? Math.max(0, rules.votes_total - facts.reader_total) : null;
  const day_left = Math.max(0, rules.votes_per_day - facts.reader_today);
  const wait = rules.min_interval_sec > 0 && facts.last_vote_at !== null ? rules.min_interval_sec - (now - facts.last_vote_at) : 0;
  return {
    state,
    today_left: total_left === null ? day_left : Math.min(day_left, total_left),
    total_left,
    wait_seconds: Math.max(0, wait),
    captcha: captchaRequired(rules, facts, rules.ip_per_day > 0 && facts.address_today >= rules.ip_per_day),
    account_too_new: rules.account_min_age_days > 0 && now - facts.account_created_at < rules.account_min_age_days * DAY_SECONDS,
  };
}

// ---------------------------------------------------------------- voiding

const IP_TEXT = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * `POST …/votes/void`: void every vote matching all the given criteria (reader, address, device,
 * source, time range `[from, to)`), with a reason; `blacklist_days` > 0 also bars the matched
 * readers from voting for that many days (the blacklist of the activities issue).
 */
export const voidVotesBody = z
  .object({
    reader_id: idRef('读者').optional(),
    ip: plainText('IP').trim().regex(IP_TEXT, 'IP不正确').optional(),
    device_id: plainText('设备').trim().min(1, '设备不正确').max(100, '设备不能超过100个字符').optional(),
    source_id: idRef('投票对象').optional(),
    from: timestampSchema('开始时间').optional(),
    to: timestampSchema('结束时间').optional(),
    reason: requiredText('作废原因', 200),
    blacklist_days: wholeNumber('限制投票天数', 0, 3650).default(0),
  })
  .superRefine((v, ctx) => {
    const any = v.reader_id !== undefined || v.ip !== undefined || v.device_id !== undefined || v.source_id !== undefined || v.from !== undefined || v.to !== undefined;
    if (!any) ctx.addIssue({ code: 'custom', path: [], message: '请至少指定一个作废条件（读者、IP、设备、投票对象或时间段）' });
    if (v.from !== undefined && v.to !== undefined && v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: '结束时间必须晚于开始时间' });
  });
export type VoidVotesBody = z.output<typeof voidVotesBody>;

/** A source gaining more than max(100, 5 × its trailing 24 h hourly mean) in one hour raises an alert (design §3). */
export const VELOCITY_FLOOR = 100;
export const VELOCITY_FACTOR = 5;
export const velocityThreshold = (trailingHourlyMean: number): number => Math.max(VELOCITY_FLOOR, VELOCITY_FACTOR * trailingHourlyMean);
export const velocityAlert = (votesThisHour: number, trailingHourlyMean: number): boolean => votesThisHour > velocityThreshold(trailingHourlyMean);

/** Share of suspect votes in percent, 2 decimals (evidence view). */
export const suspectShare = (valid: number, suspect: number): number => (valid + suspect === 0 ? 0 : round2((suspect * 100) / (valid + suspect)));

// ---------------------------------------------------------------- counts and results

/**
 * What the public sees of counts now: live, the cached count (at most VOTE_COUNT_CACHE_SECONDS
 * old), or nothing until voting ends. After the end every policy shows the final count.
 */
export function countDisplay(rules: Pick<VoteRules, 'show_counts'>, window: VoteWindow, now: number): 'realtime' | 'cached' | 'hidden' {
  if (votingEnded(window, now)) return 'realtime';
  return rules.show_counts === 'hidden_until_end' ? 'hidden' : rules.show_counts === 'cached_300s' ? 'cached' : 'realtime';
}

/** A source's standing: valid votes, when it reached that count (its latest valid vote), its sort. */
export interface SourceTally {
  id: number;
  votes: number;
  /** Time of the latest valid vote; null when it has none. */
  reached_at: number | null;
  /** Administrator's order, smaller first. */
  sort: number;
  group_id?: number | null;
}

const bySourceStanding = (a: SourceTally, b: SourceTally): number =>
  b.votes - a.votes || (a.reached_at ?? Infinity) - (b.reached_at ?? Infinity) || a.sort - b.sort || a.id - b.id;
const sameStanding = (a: SourceTally, b: SourceTally): boolean => a.votes === b.votes && a.reached_at === b.reached_at && a.sort === b.sort;

/**
 * Results (design §3): valid votes descending, then the source that reached its count first,
 * then `sort`; competition ranks where a tie remains after all three (the id only orders the
 * list). `perGroup` ranks within each `group_id`, groups in the order of their first appearance.
 */
export function rankSources<T extends SourceTally>(rows: readonly T[], opts: { perGroup?: boolean } = {}): (T & { rank: number })[] {
  const rank = (list: T[]) => {
    const ordered = [...list].sort(bySourceStanding);
    const ranks = competitionRanks(ordered, sameStanding);
    return ordered.map((r, i) => ({ ...r, rank: ranks[i] }));
  };
  if (!opts.perGroup) return rank([...rows]);
  const groups = new Map<number | null, T[]>();
  for (const r of rows) {
    const g = r.group_id ?? null;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push(r);
  }
  return [...groups.values()].flatMap(rank);
}

/** The canonical text of ranked results, which the server hashes (SHA-256) into the frozen snapshot. */
export const voteResultsSnapshot = (ranked: readonly (SourceTally & { rank: number })[]): string =>
  canonicalJson(ranked.map((r) => ({ group_id: r.group_id ?? null, id: r.id, rank: r.rank, votes: r.votes })));
