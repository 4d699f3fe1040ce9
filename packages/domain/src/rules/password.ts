import { COMMON_PASSWORDS } from './commonPasswords.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const PASSWORD_REQUIRED = '请输入密码';
export const PASSWORD_TOO_SHORT = `密码至少${PASSWORD_MIN}位`;
export const PASSWORD_TOO_LONG = `密码不能超过${PASSWORD_MAX}个字符`;
export const PASSWORD_ONE_CHARACTER = '密码不能由同一个字符组成';
export const PASSWORD_TOO_COMMON = '密码过于常见，请换一个';
export const PASSWORD_IS_ACCOUNT = '密码不能与账号相同';

/**
 * Why a new password is refused, or undefined when it is acceptable: the one rule of every account
 * (create, edit, ADMIN_PASSWORD). Length counts characters, not UTF-16 units. The account is
 * compared case-insensitively when it is known.
 */
export function passwordProblem(password: string, account?: string): string | undefined {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  if (chars.every((c) => c === chars[0])) return PASSWORD_ONE_CHARACTER;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return PASSWORD_TOO_COMMON;
  if (account !== undefined && sameAsAccount(password, account)) return PASSWORD_IS_ACCOUNT;
  return undefined;
}

/** The password is the account name, case ignored. */
export const sameAsAccount = (password: string, account: string): boolean => password.toLowerCase() === account.trim().toLowerCase();
