/**
 * Automatic blacklist rules (issue 11, design §14, page adminBlacklist/adminBlackconfig): the
 * organisation's rules, and `recordOffence`, which the kinds producing offences (no-shows, voided
 * votes, rejected comments, plagiarism) call in their own transaction. Until those kinds exist it
 * is called here against the real database; the reader then meets the gate's 40005.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_BLACKLIST_CONFIG, type BlacklistConfig, type OffenceKind } from '@huodong/domain';
import { blacklists, readerOffences } from '../src/db/schema.js';
import { recordOffence } from '../src/participation/offences.js';
import { MANAGER_PASSWORD, publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('ruleslib', { activity_types: [7, 5] });
  other = await t.org('rulesother');
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });
const reader = () => signedInReader(t, org);
const setConfig = (config: BlacklistConfig, token = t.superToken, o = org) => t.call('POST', `/v1/${o.key}/blacklist/config`, { token, body: config });
/** The defaults with one rule changed. */
const withRule = (kind: OffenceKind, over: Partial<BlacklistConfig['rules'][number]>, top: Partial<BlacklistConfig> = {}): BlacklistConfig => ({
  ...DEFAULT_BLACKLIST_CONFIG,
  ...top,
  rules: DEFAULT_BLACKLIST_CONFIG.rules.map((r) => (r.kind === kind ? { ...r, ...over } : r)),
});
const offend = (readerId: number, kind: OffenceKind, ref = '') => t.db.transaction((tx) => recordOffence(tx, { org_id: org.id, reader_id: readerId, kind, ref }));
const autoEntries = (readerId: number) => t.db.select().from(blacklists).where(and(eq(blacklists.reader_id, readerId), eq(blacklists.is_auto, 1)));

describe('the automatic rules (GET/POST /v1/{org}/blacklist/config)', () => {
  it('answers the design rules, all off, until the organisation saves its own', async () => {
    const res = await t.call('GET', `/v1/${org.key}/blacklist/config`, su());
    expect(res.status).toBe(200);
    expect(res.data).toEqual(DEFAULT_BLACKLIST_CONFIG);
    expect(res.data.rules.map((r: { kind: string }) => r.kind)).toEqual(['no_show', 'vote_void', 'comment_rejected_risky', 'plagiarism']);
  });

  it('saves a configuration; a missing kind reads as off; bad values are refused naming the field', async () => {
    const saved = await setConfig({ rules: [{ kind: 'no_show', enabled: true, count: 2, within_days: 30, ban_days: 7, actions: ['reserve', 'join'], types: [5] }], warn_first: false, clear_counter_after_ban: true });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.rules[0]).toMatchObject({ kind: 'no_show', enabled: true, count: 2 });
    expect(saved.data.rules.slice(1).every((r: { enabled: boolean }) => !r.enabled)).toBe(true);
    expect(saved.data.warn_first).toBe(false);
    const bad = await setConfig(withRule('no_show', { count: 0 }));
    expect([bad.status, bad.message]).toEqual([422, '次数不能小于1']);
    const twice = await setConfig({ ...DEFAULT_BLACKLIST_CONFIG, rules: [DEFAULT_BLACKLIST_CONFIG.rules[0], DEFAULT_BLACKLIST_CONFIG.rules[0]] });
    expect([twice.status, twice.message]).toEqual([422, '「预约未到场」的规则重复']);
    expect((await setConfig(withRule('no_show', { actions: ['dance' as never] }))).message).toBe('限制的操作不正确');
  });

  it('is each organisation its own: another organisation is refused, and an ordinary manager may save', async () => {
    await t.manager(other.id, 'rulesadmin');
    const token = await t.login('rulesadmin', MANAGER_PASSWORD, other.key);
    expect((await t.call('GET', `/v1/${org.key}/blacklist/config`, { token })).status).toBe(403);
    expect((await setConfig(DEFAULT_BLACKLIST_CONFIG, token)).status).toBe(403);
    await t.manager(other.id, 'rulesclerk', 'normal');
    const clerk = await t.login('rulesclerk', MANAGER_PASSWORD, other.key);
    expect((await setConfig(withRule('plagiarism', { enabled: true }), clerk, other)).status).toBe(200);
    expect((await t.call('GET', `/v1/${org.key}/blacklist/config`, su())).data.rules[3].enabled).toBe(false);
  });
});

describe('recordOffence', () => {
  it('bans when the count within the window is reached; the gate then refuses with 40005 until the end', async () => {
    await setConfig(withRule('no_show', { enabled: true, count: 3, within_days: 90, ban_days: 30, actions: ['join'], types: [7] }, { warn_first: false }));
    const r = await reader();
    const act = await publishedThird(t, org);

    expect((await offend(r.id, 'no_show', 'reservation-1')).outcome).toBe('counted');
    // the same evidence counts once
    expect(await offend(r.id, 'no_show', 'reservation-1')).toMatchObject({ recorded: false });
    expect((await offend(r.id, 'no_show', 'reservation-2')).outcome).toBe('counted');
    const third = await offend(r.id, 'no_show', 'reservation-3');
    expect(third).toMatchObject({ recorded: true, outcome: 'banned' });
    expect(third.end_at).toBeGreaterThanOrEqual(now() + 30 * DAY - 5);

    const [entry] = await autoEntries(r.id);
    expect(entry).toMatchObject({ id: third.blacklist_id, is_auto: 1, offence_kind: 'no_show', reason_type: 'no_show', reason: '预约未到场3次', types: [7], actions: ['join'], end_at: third.end_at });
    const refused = await t.call('POST', `/v1/${org.key}/client/activities/${act.id}/join`, { token: r.token, body: { request_id: `ban-${Date.now()}` } });
    expect([refused.status, refused.data.gate]).toEqual([403, 40005]);
    expect(refused.message).toMatch(/^因预约未到场3次，您已被限制参与该功能，至\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // the administrator's list shows it as automatic
    const list = await t.call('GET', `/v1/${org.key}/blacklist?is_auto=1`, su());
    expect(list.data.items.map((x: { id: number }) => x.id)).toContain(entry.id);

    // while it is in force, more offences add no second entry
    expect((await offend(r.id, 'no_show', 'reservation-4')).outcome).toBe('counted');
    expect(await autoEntries(r.id)).toHaveLength(1);
  });

  it('counts only offences within the window, and none while the rule is off', async () => {
    await setConfig(withRule('comment_rejected_risky', { enabled: true, count: 2, within_days: 30, ban_days: 7, actions: ['comment'] }, { warn_first: false }));
    const r = await reader();
    const old = await offend(r.id, 'comment_rejected_risky');
    await t.db.update(readerOffences).set({ created_at: now() - 31 * DAY }).where(eq(readerOffences.id, old.offence_id!));
    expect((await offend(r.id, 'comment_rejected_risky')).outcome).toBe('counted');
    expect((await offend(r.id, 'comment_rejected_risky')).outcome).toBe('banned');
    // vote_void is off: counted, never banned
    for (let i = 0; i < 3; i++) expect((await offend(r.id, 'vote_void')).outcome).toBe('counted');
    expect((await autoEntries(r.id)).map((e) => e.offence_kind)).toEqual(['comment_rejected_risky']);
  });

  it('warn_first: the first time only warns; the counter restarts after a warning or a ban when cleared', async () => {
    await setConfig(withRule('vote_void', { enabled: true, count: 2, within_days: null, ban_days: 1, actions: ['vote'] }, { warn_first: true, clear_counter_after_ban: true }));
    const r = await reader();
    expect((await offend(r.id, 'vote_void')).outcome).toBe('counted');
    expect((await offend(r.id, 'vote_void')).outcome).toBe('warned');
    expect(await autoEntries(r.id)).toHaveLength(0);
    // cleared after the warning: two more before the ban
    expect((await offend(r.id, 'vote_void')).outcome).toBe('counted');
    const banned = await offend(r.id, 'vote_void');
    expect(banned.outcome).toBe('banned');
    // the ban ends (moved into the past): the counter was cleared, so one offence is not enough
    await t.db.update(blacklists).set({ start_at: now() - 3 * DAY, end_at: now() - DAY }).where(eq(blacklists.id, banned.blacklist_id!));
    expect((await offend(r.id, 'vote_void')).outcome).toBe('counted');
    expect((await offend(r.id, 'vote_void')).outcome).toBe('banned');
  });

  it('without clearing, every offence past the count bans again once the last entry ended; a permanent rule has no end', async () => {
    await setConfig(withRule('plagiarism', { enabled: true, count: 1, within_days: null, ban_days: null, actions: ['submit'] }, { warn_first: false, clear_counter_after_ban: false }));
    const r = await reader();
    const first = await offend(r.id, 'plagiarism', 'work-1');
    expect(first).toMatchObject({ outcome: 'banned', end_at: null });
    const [entry] = await autoEntries(r.id);
    expect(entry).toMatchObject({ end_at: null, reason: '作品抄袭', reason_type: 'plagiarism', actions: ['submit'] });
    await t.db.update(blacklists).set({ end_at: now() - 1 }).where(eq(blacklists.id, entry.id));
    expect((await offend(r.id, 'plagiarism', 'work-2')).outcome).toBe('banned');
    expect(await autoEntries(r.id)).toHaveLength(2);
  });

  it('20 offences of one reader at the same time make exactly one entry', async () => {
    await setConfig(withRule('no_show', { enabled: true, count: 3, within_days: 90, ban_days: 30, actions: ['reserve'], types: [5] }, { warn_first: false }));
    const r = await reader();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => offend(r.id, 'no_show', `parallel-${i}`)));
    expect(results.filter((x) => x.outcome === 'banned')).toHaveLength(1);
    expect(results.filter((x) => x.outcome === 'counted')).toHaveLength(19);
    expect(await autoEntries(r.id)).toHaveLength(1);
    expect(await t.db.select().from(readerOffences).where(eq(readerOffences.reader_id, r.id))).toHaveLength(20);
  });
});
