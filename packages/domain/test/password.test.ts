import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../src/rules/commonPasswords.js';
import { PASSWORD_MIN, passwordProblem } from '../src/rules/password.js';

describe('the password rule (issue 9)', () => {
  it.each([
    ['', '密码至少8位'],
    ['123456', '密码至少8位'],
    ['Ab#1234', '密码至少8位'],
    ['        ', '密码不能由同一个字符组成'],
    ['11111111', '密码不能由同一个字符组成'],
    ['哈哈哈哈哈哈哈哈', '密码不能由同一个字符组成'],
    ['PassWord1', '密码过于常见，请换一个'],
    ['1qaz2wsx', '密码过于常见，请换一个'],
    ['x'.repeat(65) + 'y', '密码不能超过64个字符'],
  ])('%j → %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀1234')).toBeUndefined(); // 8 characters
    expect(passwordProblem('😀😀😀1234')).toBe('密码至少8位'); // 7 characters, 10 units
  });

  it('refuses the account name, case and surrounding spaces ignored', () => {
    expect(passwordProblem('Operator1', ' operator1 ')).toBe('密码不能与账号相同');
    expect(passwordProblem('Operator1!', 'operator1')).toBeUndefined();
  });

  it('accepts the passwords the demo data, the tests and the benchmarks use', () => {
    for (const p of ['Super#Pass1', 'Manager#Pass1', 'Demo#2024', 'Secret#123', 'Another#456', 'Changed#999', 'E2e#Super123', 'Bench#Load123', 'Ops2#Pass', 'East#Admin1', 'East#Staff1', 'Mgr#Pass123', 'Imp#Admin123', 'Sig#term123']) {
      expect([p, passwordProblem(p)]).toEqual([p, undefined]);
    }
  });

  it('the list has a few hundred lower-case entries, each one that the other checks would let through', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const p of COMMON_PASSWORDS) {
      expect(p).toBe(p.toLowerCase());
      expect([...p].length).toBeGreaterThanOrEqual(PASSWORD_MIN);
    }
  });
});
