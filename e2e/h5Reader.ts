import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { expectText } from './harness';

const SIGN_IN = /^登\s?录$/;

/** A reader's first sign-in in the reader app (the page opened at a reader page): the first password, then the new one. */
export async function firstReaderSignIn(page: Page, reader: { account: string; first: string; password: string }): Promise<void> {
  await expectText(page, '读者登录');
  await page.getByLabel('账号').fill(reader.account);
  await page.getByLabel('密码').fill(reader.first);
  await page.getByRole('button', { name: SIGN_IN }).click();
  await expectText(page, '首次登录请修改密码');
  await page.getByLabel('新密码').fill(reader.password);
  await page.getByRole('button', { name: /^保存并继续$/ }).click();
}

/** A reader page on the phone with nothing wrong (axe.ts phoneProblems). */
export async function expectPhonePageClean(page: Page, what: string): Promise<void> {
  expect(await phoneProblems(page, what)).toEqual([]);
}
