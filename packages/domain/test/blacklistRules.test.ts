/** The organisation's automatic blacklist rules (issue 11, design §14): schema, defaults, reasons. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BLACKLIST_CONFIG, OFFENCE_KINDS, autoBlacklistReason, blacklistConfigOf, blacklistConfigSchema } from '../src/rules/blacklistRules.js';

describe('blacklist rules', () => {
  it('default to the design rules, every one off', () => {
    expect(blacklistConfigSchema.safeParse(DEFAULT_BLACKLIST_CONFIG).success).toBe(true);
    expect(DEFAULT_BLACKLIST_CONFIG.rules.map((r) => [r.kind, r.enabled, r.count, r.within_days, r.ban_days, r.actions, r.types])).toEqual([
      ['no_show', false, 3, 90, 30, ['reserve'], [5]],
      ['vote_void', false, 1, null, 30, ['vote'], []],
      ['comment_rejected_risky', false, 3, 30, 7, ['comment'], []],
      ['plagiarism', false, 1, null, null, ['submit'], []],
    ]);
    expect(DEFAULT_BLACKLIST_CONFIG).toMatchObject({ warn_first: true, clear_counter_after_ban: true });
  });

  it('read a stored value with every kind once, missing kinds off, anything unreadable as the defaults', () => {
    const stored = { rules: [{ ...DEFAULT_BLACKLIST_CONFIG.rules[1], enabled: true }], warn_first: false, clear_counter_after_ban: false };
    const read = blacklistConfigOf(stored);
    expect(read.rules.map((r) => [r.kind, r.enabled])).toEqual([
      ['no_show', false],
      ['vote_void', true],
      ['comment_rejected_risky', false],
      ['plagiarism', false],
    ]);
    expect(read.warn_first).toBe(false);
    expect(blacklistConfigOf({ rules: 'x' })).toEqual(DEFAULT_BLACKLIST_CONFIG);
    expect(blacklistConfigOf(undefined)).toEqual(DEFAULT_BLACKLIST_CONFIG);
  });

  it('refuse bad values naming the field', () => {
    const bad = blacklistConfigSchema.safeParse({ ...DEFAULT_BLACKLIST_CONFIG, rules: [{ ...DEFAULT_BLACKLIST_CONFIG.rules[0], ban_days: 0, types: [42] }] });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rules.0.ban_days', '限制天数不能小于1'],
      ['rules.0.types.0', '活动类型不正确'],
    ]);
  });

  it('give an automatic entry its reason', () => {
    expect(autoBlacklistReason({ kind: 'no_show', count: 3 })).toBe('预约未到场3次');
    expect(autoBlacklistReason({ kind: 'plagiarism', count: 1 })).toBe(OFFENCE_KINDS.plagiarism.label);
  });
});
