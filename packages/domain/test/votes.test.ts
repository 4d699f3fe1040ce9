import { describe, expect, it } from 'vitest';
import {
  ballotBodySchema,
  ballotProblems,
  countDisplay,
  decideBallot,
  defaultVoteRules,
  rankSources,
  suspectShare,
  velocityAlert,
  velocityThreshold,
  voidVotesBody,
  voteQuota,
  voteResultsSnapshot,
  voteRulesSchema,
  voteWindow,
  votingEnded,
  type SourceTally,
  type VoteFacts,
  type VoteRules,
  type VoteWindow,
} from '../src/index.js';

const cst = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h - 8, mi, s) / 1000;
const DAY = 86_400;

const window: VoteWindow = { start: cst(2024, 5, 1), end: cst(2024, 5, 8) };
const now = cst(2024, 5, 3, 12);
const rules = (over: Partial<VoteRules> = {}): VoteRules => ({ ...defaultVoteRules(), ...over });
const facts = (over: Partial<VoteFacts> = {}): VoteFacts => ({
  now,
  account_created_at: now - 365 * DAY,
  reader_today: 1,
  reader_total: 1,
  reader_source_today: {},
  last_vote_at: now - 3600,
  address_today: 0,
  address_source_today: {},
  captcha_passed: false,
  ...over,
});
const refusalOf = (d: ReturnType<typeof decideBallot>) => (d.outcome === 'refuse' ? d.refusal : null);

describe('voting rules (design §3)', () => {
  it('defaults as designed', () => {
    expect(defaultVoteRules()).toEqual({
      vote_start_at: null,
      vote_end_at: null,
      min_select: 1,
      max_select: 1,
      votes_per_day: 3,
      votes_total: 0,
      per_source_per_day: 1,
      account_min_age_days: 0,
      captcha: 'first_vote_daily',
      ip_per_day: 50,
      ip_per_source_per_day: 10,
      min_interval_sec: 2,
      show_counts: 'realtime',
    });
  });
  const issues = (input: unknown, activity = {}) => {
    const r = voteRulesSchema(activity).safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('limits must be reachable together', () => {
    expect(issues({ min_select: 3, max_select: 2 })).toEqual(['min_select: 每次最少选择不能大于最多选择']);
    expect(issues({ max_select: 3, votes_per_day: 3 })).toEqual([]);
    expect(issues({ max_select: 4, votes_per_day: 3 })).toEqual(['max_select: 每次最多选择不能大于每人每天票数']);
    expect(issues({ per_source_per_day: 4, votes_per_day: 3 })).toEqual(['per_source_per_day: 每天为同一对象投票数不能大于每人每天票数']);
    expect(issues({ votes_total: 2, max_select: 3, votes_per_day: 3 })).toEqual(['votes_total: 每人总票数不能小于每次最多选择']);
    expect(issues({ max_select: 21, votes_per_day: 30 })).toEqual(['max_select: 每次最多选择不能超过20']);
    expect(issues({ captcha: 'always' })).toEqual(['captcha: 请选择有效的验证方式']);
  });
  it('the voting window lies inside the activity', () => {
    const act = { start_at: cst(2024, 5, 1), end_at: cst(2024, 5, 31) };
    expect(issues({ vote_start_at: act.start_at, vote_end_at: act.end_at }, act)).toEqual([]);
    expect(issues({ vote_start_at: act.start_at - 1 }, act)).toEqual(['vote_start_at: 投票开始时间不能早于活动开始时间']);
    expect(issues({ vote_end_at: act.end_at + 1 }, act)).toEqual(['vote_end_at: 投票结束时间不能晚于活动结束时间']);
    expect(issues({ vote_start_at: cst(2024, 5, 2), vote_end_at: cst(2024, 5, 2) }, act)).toEqual(['vote_end_at: 投票结束时间必须晚于开始时间']);
    expect(voteWindow(rules(), act)).toEqual({ start: act.start_at, end: act.end_at });
    expect(voteWindow(rules({ vote_end_at: cst(2024, 5, 20) }), act)).toEqual({ start: act.start_at, end: cst(2024, 5, 20) });
  });
});

describe('a ballot’s sources', () => {
  it('distinct, between min and max, all of the activity', () => {
    const r = rules({ min_select: 2, max_select: 3, votes_per_day: 5 });
    expect(ballotProblems(r, [1, 2], [1, 2, 3])).toEqual([]);
    expect(ballotProblems(r, [1, 2, 3], [1, 2, 3])).toEqual([]);
    expect(ballotProblems(r, [1])).toEqual([{ field: 'source_ids', message: '每次至少选择2项' }]);
    expect(ballotProblems(r, [1, 2, 3, 4])).toEqual([{ field: 'source_ids', message: '每次最多选择3项' }]);
    expect(ballotProblems(r, [1, 1])).toEqual([{ field: 'source_ids', message: '不能重复选择同一对象' }]);
    expect(ballotProblems(r, [1, 9], [1, 2])).toEqual([{ field: 'source_ids.1', message: '投票对象不存在' }]);
    expect(ballotProblems(rules(), [])).toEqual([{ field: 'source_ids', message: '请选择投票对象' }]);
  });
  it('the body takes 1–20 ids', () => {
    expect(ballotBodySchema.safeParse({ source_ids: [] }).error?.issues[0].message).toBe('请选择投票对象');
    expect(ballotBodySchema.safeParse({ source_ids: ['3'] }).error?.issues[0].message).toBe('投票对象必须是数字');
    expect(ballotBodySchema.safeParse({ source_ids: Array.from({ length: 21 }, (_, i) => i + 1) }).error?.issues[0].message).toBe('每次最多选择20项');
    expect(ballotBodySchema.parse({ source_ids: [3] })).toEqual({ source_ids: [3] });
  });
});

describe('the decision on a ballot', () => {
  it('accepts a vote inside every limit and stamps the China day', () => {
    expect(decideBallot(rules(), window, [7], facts())).toEqual({ outcome: 'accept', day: '20240503', votes: [{ source_id: 7, status: 'valid', reason: '' }] });
    expect(decideBallot(rules(), { start: null, end: null }, [7], facts({ now: cst(2024, 5, 3, 23, 59, 59), last_vote_at: null }))).toMatchObject({ day: '20240503' });
    expect(decideBallot(rules(), { start: null, end: null }, [7], facts({ now: cst(2024, 5, 4), last_vote_at: null }))).toMatchObject({ day: '20240504' });
  });
  it('the window: from its start (inclusive) to its end (exclusive)', () => {
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ now: window.start! - 1 })))).toEqual({ gate: 40001, status: 403, message: '投票未开始' });
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ now: window.start!, last_vote_at: null, reader_today: 1 })))).toBeNull();
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ now: window.end! - 1, last_vote_at: null })))).toBeNull();
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ now: window.end! })))).toEqual({ gate: 40002, status: 403, message: '投票已结束' });
  });
  it('the account’s minimum age, to the second', () => {
    const r = rules({ account_min_age_days: 7 });
    expect(refusalOf(decideBallot(r, window, [7], facts({ account_created_at: now - 7 * DAY })))).toBeNull();
    expect(refusalOf(decideBallot(r, window, [7], facts({ account_created_at: now - 7 * DAY + 1 })))).toEqual({ gate: 40004, status: 403, message: '注册满7天的账号才能投票' });
  });
  it('the total over the activity (40007)', () => {
    const r = rules({ votes_total: 5, max_select: 2 });
    expect(refusalOf(decideBallot(r, window, [7], facts({ reader_total: 4 })))).toBeNull();
    expect(refusalOf(decideBallot(r, window, [7], facts({ reader_total: 5 })))).toEqual({ gate: 40007, status: 403, message: '投票次数已用完（每人共5票）' });
    expect(refusalOf(decideBallot(r, window, [7, 8], facts({ reader_total: 4 })))).toEqual({ gate: 40007, status: 403, message: '本活动您仅剩1票，本次选择了2项' });
  });
  it('today’s votes, each source counting one (40008)', () => {
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_today: 2 })))).toBeNull();
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_today: 3 })))).toEqual({ gate: 40008, status: 403, message: '今日投票次数已用完（每天3票）' });
    const multi = rules({ max_select: 3 });
    expect(refusalOf(decideBallot(multi, window, [7, 8], facts({ reader_today: 1 })))).toBeNull();
    expect(refusalOf(decideBallot(multi, window, [7, 8], facts({ reader_today: 2 })))).toEqual({ gate: 40008, status: 403, message: '今日您仅剩1票，本次选择了2项' });
  });
  it('each source’s votes today (40008)', () => {
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_source_today: { 8: 1 } })))).toBeNull();
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_source_today: { 7: 1 } })))).toEqual({ gate: 40008, status: 403, message: '今日已为该对象投过票' });
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_source_today: { 7: 1 }, source_titles: { 7: '春天' } })))?.message).toBe('今日已为“春天”投过票');
    const two = rules({ per_source_per_day: 2 });
    expect(refusalOf(decideBallot(two, window, [7], facts({ reader_source_today: { 7: 1 } })))).toBeNull();
    expect(refusalOf(decideBallot(two, window, [7], facts({ reader_source_today: { 7: 2 } })))?.message).toBe('今日为该对象最多投2票');
  });
  it('the interval since the reader’s last vote (40011)', () => {
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ last_vote_at: now - 1 })))).toEqual({ gate: 40011, status: 403, message: '操作过于频繁，请1秒后再试' });
    expect(refusalOf(decideBallot(rules(), window, [7], facts({ last_vote_at: now - 2 })))).toBeNull();
    expect(refusalOf(decideBallot(rules({ min_interval_sec: 0 }), window, [7], facts({ last_vote_at: now })))).toBeNull();
  });
  describe('captcha (40010)', () => {
    const captcha = { gate: 40010, status: 403, message: '请完成验证' };
    it('first vote of the day', () => {
      expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_today: 0 })))).toEqual(captcha);
      expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_today: 0, captcha_passed: true })))).toBeNull();
      expect(refusalOf(decideBallot(rules(), window, [7], facts({ reader_today: 1 })))).toBeNull();
    });
    it('every vote, or never', () => {
      expect(refusalOf(decideBallot(rules({ captcha: 'every_vote' }), window, [7], facts({ reader_today: 2 })))).toEqual(captcha);
      expect(refusalOf(decideBallot(rules({ captcha: 'off' }), window, [7], facts({ reader_today: 0 })))).toBeNull();
    });
    it('risk based: a new account or a vote that would be suspect', () => {
      const r = rules({ captcha: 'risk_based' });
      expect(refusalOf(decideBallot(r, window, [7], facts({ reader_today: 0 })))).toBeNull();
      expect(refusalOf(decideBallot(r, window, [7], facts({ account_created_at: now - DAY + 1 })))).toEqual(captcha);
      expect(refusalOf(decideBallot(r, window, [7], facts({ account_created_at: now - DAY })))).toBeNull();
      expect(refusalOf(decideBallot(r, window, [7], facts({ address_today: 50 })))).toEqual(captcha);
      expect(decideBallot(r, window, [7], facts({ address_today: 50, captcha_passed: true })).outcome).toBe('suspect');
    });
    it('is asked only after the hard limits, so a reader without votes is not asked', () => {
      expect(refusalOf(decideBallot(rules({ captcha: 'every_vote' }), window, [7], facts({ reader_today: 3 })))?.gate).toBe(40008);
      expect(refusalOf(decideBallot(rules({ captcha: 'every_vote' }), window, [7], facts({ last_vote_at: now })))?.gate).toBe(40011);
    });
  });
  describe('suspect votes: counted apart, not refused', () => {
    const multi = rules({ max_select: 3, votes_per_day: 5 });
    it('beyond the address’s valid votes today', () => {
      expect(decideBallot(multi, window, [7, 8], facts({ address_today: 49 }))).toEqual({
        outcome: 'suspect',
        day: '20240503',
        votes: [
          { source_id: 7, status: 'valid', reason: '' },
          { source_id: 8, status: 'suspect', reason: '同一IP今日有效票已达50票' },
        ],
      });
      expect(decideBallot(multi, window, [7, 8], facts({ address_today: 48 })).outcome).toBe('accept');
    });
    it('beyond the address’s valid votes for one source today', () => {
      const d = decideBallot(multi, window, [7, 8], facts({ address_source_today: { 7: 10, 8: 9 } }));
      expect(d).toMatchObject({ outcome: 'suspect', votes: [{ source_id: 7, status: 'suspect', reason: '同一IP今日为同一对象的有效票已达10票' }, { source_id: 8, status: 'valid' }] });
    });
    it('no address limits: never suspect', () => {
      const d = decideBallot(rules({ ip_per_day: 0, ip_per_source_per_day: 0 }), window, [7], facts({ address_today: 1e6, address_source_today: { 7: 1e6 } }));
      expect(d.outcome).toBe('accept');
    });
  });
});

describe('the reader’s quota', () => {
  const q = (r: VoteRules, over: Partial<VoteFacts> = {}) => voteQuota(r, window, facts(over));
  it('what is left today, the total included', () => {
    expect(q(rules(), { reader_today: 1 })).toMatchObject({ state: 'open', today_left: 2, total_left: null, wait_seconds: 0, captcha: false, account_too_new: false });
    expect(q(rules({ votes_total: 5 }), { reader_today: 1, reader_total: 4 })).toMatchObject({ today_left: 1, total_left: 1 });
    expect(q(rules(), { reader_today: 5 })).toMatchObject({ today_left: 0 });
  });
  it('waits, captcha and age', () => {
    expect(q(rules({ min_interval_sec: 10 }), { last_vote_at: now - 3 })).toMatchObject({ wait_seconds: 7 });
    expect(q(rules(), { reader_today: 0 })).toMatchObject({ captcha: true });
    expect(q(rules({ account_min_age_days: 30 }), { account_created_at: now - DAY })).toMatchObject({ account_too_new: true });
  });
  it('the state of the window', () => {
    expect(voteQuota(rules(), window, facts({ now: window.start! - 1 })).state).toBe('not_started');
    expect(voteQuota(rules(), window, facts({ now: window.end! })).state).toBe('ended');
    expect(votingEnded(window, window.end! - 1)).toBe(false);
    expect(votingEnded({ start: null, end: null }, 4e9)).toBe(false);
  });
});

describe('voiding votes by rule', () => {
  const messages = (body: unknown) => {
    const r = voidVotesBody.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('needs a criterion and a reason', () => {
    expect(messages({ reason: '刷票' })).toEqual([': 请至少指定一个作废条件（读者、IP、设备、投票对象或时间段）']);
    expect(messages({ ip: '10.0.0.1' })).toEqual(['reason: 请输入作废原因']);
    expect(messages({ ip: '10.0.0.1', reason: '刷票' })).toEqual([]);
    expect(messages({ ip: '2001:db8::1', reason: '刷票' })).toEqual([]);
    expect(messages({ ip: '10.0.0.1; drop', reason: '刷票' })).toEqual(['ip: IP不正确']);
  });
  it('a time range in order', () => {
    expect(messages({ from: cst(2024, 5, 2), to: cst(2024, 5, 2), reason: '刷票' })).toEqual(['to: 结束时间必须晚于开始时间']);
    expect(voidVotesBody.parse({ source_id: 3, from: cst(2024, 5, 2), to: cst(2024, 5, 2, 1), reason: '刷票' })).toMatchObject({ blacklist_days: 0 });
  });
});

describe('evidence figures', () => {
  it('a velocity alert above max(100, 5 × the trailing hourly mean)', () => {
    expect(velocityThreshold(10)).toBe(100);
    expect(velocityThreshold(30)).toBe(150);
    expect(velocityAlert(100, 10)).toBe(false);
    expect(velocityAlert(101, 10)).toBe(true);
    expect(velocityAlert(150, 30)).toBe(false);
    expect(velocityAlert(151, 30)).toBe(true);
  });
  it('suspect share in percent', () => {
    expect(suspectShare(2, 1)).toBe(33.33);
    expect(suspectShare(0, 0)).toBe(0);
    expect(suspectShare(0, 4)).toBe(100);
  });
});

describe('counts shown to the public', () => {
  it('live, cached, or hidden until the end; everything shown after the end', () => {
    expect(countDisplay({ show_counts: 'realtime' }, window, now)).toBe('realtime');
    expect(countDisplay({ show_counts: 'cached_300s' }, window, now)).toBe('cached');
    expect(countDisplay({ show_counts: 'hidden_until_end' }, window, window.end! - 1)).toBe('hidden');
    expect(countDisplay({ show_counts: 'hidden_until_end' }, window, window.end!)).toBe('realtime');
    expect(countDisplay({ show_counts: 'cached_300s' }, window, window.end!)).toBe('realtime');
    expect(countDisplay({ show_counts: 'hidden_until_end' }, { start: null, end: null }, now)).toBe('hidden');
  });
});

describe('results (design §3)', () => {
  const s = (id: number, votes: number, reached_at: number | null, sort = 0, group_id: number | null = null): SourceTally => ({ id, votes, reached_at, sort, group_id });
  const order = (rows: SourceTally[], opts?: { perGroup?: boolean }) => rankSources(rows, opts).map((r) => `${r.id}:${r.rank}`);
  it('valid votes first', () => {
    expect(order([s(1, 5, 100), s(2, 9, 200), s(3, 7, 50)])).toEqual(['2:1', '3:2', '1:3']);
  });
  it('equal votes: the one that reached the count first', () => {
    expect(order([s(1, 5, 300), s(2, 5, 200), s(3, 5, 250)])).toEqual(['2:1', '3:2', '1:3']);
  });
  it('equal votes reached at the same second: sort, smaller first', () => {
    expect(order([s(1, 5, 300, 9), s(2, 5, 300, 1)])).toEqual(['2:1', '1:2']);
  });
  it('a tie on all three shares the rank (1, 1, 3); the id only orders the list', () => {
    expect(order([s(4, 5, 300, 1), s(2, 5, 300, 1), s(3, 1, 10)])).toEqual(['2:1', '4:1', '3:3']);
  });
  it('sources without votes come last, by sort', () => {
    expect(order([s(1, 0, null, 3), s(2, 0, null, 1), s(3, 1, 999)])).toEqual(['3:1', '2:2', '1:3']);
    expect(order([s(1, 0, null, 0), s(2, 0, null, 0)])).toEqual(['1:1', '2:1']);
  });
  it('per group, ranks restart', () => {
    expect(order([s(1, 5, 1, 0, 10), s(2, 9, 1, 0, 20), s(3, 7, 1, 0, 10), s(4, 1, 1, 0, 20)], { perGroup: true })).toEqual(['3:1', '1:2', '2:1', '4:2']);
  });
  it('the snapshot text does not depend on input order and changes with a count', () => {
    const rows = [s(1, 5, 100), s(2, 9, 200)];
    const a = voteResultsSnapshot(rankSources(rows));
    expect(voteResultsSnapshot(rankSources([...rows].reverse()))).toBe(a);
    expect(voteResultsSnapshot(rankSources([s(1, 6, 100), s(2, 9, 200)]))).not.toBe(a);
    expect(a).toBe('[{"group_id":null,"id":2,"rank":1,"votes":9},{"group_id":null,"id":1,"rank":2,"votes":5}]');
  });
});
