import { passwordProblem } from './password.js';
import { rowPrefix } from './messages.js';

/**
 * First passwords in batch (issue 11): an organisation administrator gives many imported users or
 * students a first password at once, by a rule the organisation chooses. Every password a rule
 * makes must pass the one password rule (`passwordProblem`, the account included); a row whose
 * password would not is refused and named, and then nothing is changed.
 */

export const FIRST_PASSWORD_RULES = {
  fixed: '统一密码',
  account_tail: '前缀 + 账号后几位数字',
  phone_tail: '前缀 + 手机号后几位',
} as const;
export type FirstPasswordRuleKind = keyof typeof FIRST_PASSWORD_RULES;

export type FirstPasswordRule =
  | { kind: 'fixed'; password: string }
  | { kind: 'account_tail' | 'phone_tail'; prefix: string; digits: number };

/** How many rows one batch may set (each password is hashed on its own). */
export const FIRST_PASSWORD_BATCH_MAX = 1000;
export const FIRST_PASSWORD_TAIL_MIN = 4;
export const FIRST_PASSWORD_TAIL_MAX = 11;

export const FIRST_PASSWORD_NO_PHONE = '没有手机号（读者尚未填写）';
export const firstPasswordShortDigits = (what: '账号' | '手机号', n: number) => `${what}不足${n}位数字`;
export const FIRST_PASSWORD_TOO_MANY = `一次最多为${FIRST_PASSWORD_BATCH_MAX}个用户设置初始密码，请缩小范围`;
export const FIRST_PASSWORD_NONE = '没有符合条件的用户';

/** The last `n` digits of a text's digits, or null when it has fewer. */
function tailDigits(text: string, n: number): string | null {
  const digits = text.replace(/\D/g, '');
  return digits.length >= n ? digits.slice(-n) : null;
}

/** One person of the batch: the account (学号 / student account) and the phone the reader gave, if any. */
export interface FirstPasswordPerson {
  account: string;
  phone: string;
}

/** The password the rule gives a person, or why it cannot. */
export function passwordByRule(rule: FirstPasswordRule, person: FirstPasswordPerson): { password: string } | { problem: string } {
  let password: string;
  if (rule.kind === 'fixed') password = rule.password;
  else {
    const source = rule.kind === 'account_tail' ? person.account : person.phone;
    if (rule.kind === 'phone_tail' && !source.trim()) return { problem: FIRST_PASSWORD_NO_PHONE };
    const tail = tailDigits(source, rule.digits);
    if (tail === null) return { problem: firstPasswordShortDigits(rule.kind === 'account_tail' ? '账号' : '手机号', rule.digits) };
    password = rule.prefix + tail;
  }
  const problem = passwordProblem(password, person.account);
  return problem ? { problem } : { password };
}

/** 第N行: 学号 2021003，密码不能与账号相同 — a refused row, numbered from 1 in the batch's order. */
export const firstPasswordRowError = (row: number, account: string, problem: string): string => `${rowPrefix(row)}学号 ${account}，${problem}`;

/** Every row's password, or the refused rows in the row-numbered style (then nothing is set). */
export function passwordsByRule(rule: FirstPasswordRule, people: readonly FirstPasswordPerson[]): { ok: true; passwords: string[] } | { ok: false; errors: string[] } {
  const passwords: string[] = [];
  const errors: string[] = [];
  people.forEach((person, i) => {
    const made = passwordByRule(rule, person);
    if ('problem' in made) errors.push(firstPasswordRowError(i + 1, person.account, made.problem));
    else passwords.push(made.password);
  });
  return errors.length ? { ok: false, errors } : { ok: true, passwords };
}
