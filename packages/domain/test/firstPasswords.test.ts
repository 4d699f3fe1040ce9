/** First passwords in batch by a rule (issue 11): every password the rule makes passes the password rule. */
import { describe, expect, it } from 'vitest';
import { batchFirstPasswordSchema } from '../src/client.js';
import { FIRST_PASSWORD_NO_PHONE, passwordByRule, passwordsByRule } from '../src/rules/firstPasswords.js';
import { PASSWORD_IS_ACCOUNT, PASSWORD_ONE_CHARACTER, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../src/rules/password.js';

describe('passwordByRule', () => {
  it('one fixed password for everyone, refused where it is the account', () => {
    expect(passwordByRule({ kind: 'fixed', password: 'Start#2024' }, { account: '2024001', phone: '' })).toEqual({ password: 'Start#2024' });
    expect(passwordByRule({ kind: 'fixed', password: 'Start#2024' }, { account: 'start#2024', phone: '' })).toEqual({ problem: PASSWORD_IS_ACCOUNT });
  });

  it('a prefix and the last digits of the account', () => {
    expect(passwordByRule({ kind: 'account_tail', prefix: 'Hd@', digits: 6 }, { account: 'S2024-000123', phone: '' })).toEqual({ password: 'Hd@000123' });
    expect(passwordByRule({ kind: 'account_tail', prefix: 'Hd@', digits: 6 }, { account: 'S12', phone: '' })).toEqual({ problem: '账号不足6位数字' });
    // the whole account again is refused, and so is one repeated character
    expect(passwordByRule({ kind: 'account_tail', prefix: '', digits: 8 }, { account: '20240001', phone: '' })).toEqual({ problem: PASSWORD_IS_ACCOUNT });
    expect(passwordByRule({ kind: 'account_tail', prefix: '', digits: 8 }, { account: 'X11111111', phone: '' })).toEqual({ problem: PASSWORD_ONE_CHARACTER });
    expect(passwordByRule({ kind: 'account_tail', prefix: '', digits: 8 }, { account: 'A12345678', phone: '' })).toEqual({ problem: PASSWORD_TOO_COMMON });
  });

  it('a prefix and the last digits of the phone the reader gave', () => {
    expect(passwordByRule({ kind: 'phone_tail', prefix: 'Lib', digits: 6 }, { account: '2024001', phone: '139 0011 2233' })).toEqual({ password: 'Lib112233' });
    expect(passwordByRule({ kind: 'phone_tail', prefix: 'Lib', digits: 6 }, { account: '2024001', phone: '' })).toEqual({ problem: FIRST_PASSWORD_NO_PHONE });
    expect(passwordByRule({ kind: 'phone_tail', prefix: 'L', digits: 4 }, { account: '2024001', phone: '13900112233' })).toEqual({ problem: PASSWORD_TOO_SHORT });
  });
});

describe('passwordsByRule', () => {
  it('names every refused row in the row-numbered style', () => {
    const result = passwordsByRule({ kind: 'account_tail', prefix: '', digits: 8 }, [
      { account: 'A20240001', phone: '' },
      { account: '20240002', phone: '' },
      { account: 'A1', phone: '' },
    ]);
    expect(result).toEqual({ ok: false, errors: ['第2行: 学号 20240002，密码不能与账号相同', '第3行: 学号 A1，账号不足8位数字'] });
  });
});

describe('batchFirstPasswordSchema', () => {
  it('takes selected ids or a filter, never both or neither, and a rule whose passwords can be long enough', () => {
    expect(batchFirstPasswordSchema.safeParse({ ids: [1, 2], rule: { kind: 'fixed', password: 'Start#2024' } }).success).toBe(true);
    expect(batchFirstPasswordSchema.safeParse({ filter: { identity: 1 }, rule: { kind: 'account_tail', prefix: 'Hd@', digits: 6 } }).success).toBe(true);
    const neither = batchFirstPasswordSchema.safeParse({ rule: { kind: 'fixed', password: 'Start#2024' } });
    expect(neither.error?.issues[0]).toMatchObject({ path: ['ids'] });
    const short = batchFirstPasswordSchema.safeParse({ ids: [1], rule: { kind: 'phone_tail', prefix: 'a', digits: 4 } });
    expect(short.error?.issues[0]).toMatchObject({ path: ['rule', 'prefix'], message: '密码前缀与后几位合计至少8位' });
    expect(batchFirstPasswordSchema.safeParse({ ids: [1], rule: { kind: 'fixed', password: '12345678' } }).error?.issues[0].path).toEqual(['rule', 'password']);
  });
});
