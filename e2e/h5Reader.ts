import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, quiet, report } from './axe';
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

/** What a reader page breaks: axe (WCAG 2 A/AA), not exactly one h1, touch targets under 44 px. */
export async function phonePageProblems(page: Page, what: string): Promise<string[]> {
  await quiet(page);
  const found = report(what, await axeViolations(page));
  const h1 = await page.locator('h1').allInnerTexts();
  if (h1.length !== 1) found.push(`${what}: h1 ${JSON.stringify(h1)}`);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('a, button, input, textarea')].map((el) => [el.textContent?.trim() || el.tagName, el.getBoundingClientRect().height] as const).filter(([, h]) => h > 0 && h < 44),
  );
  for (const [el, h] of small) found.push(`${what}: ${el} is ${h}px high`);
  return found;
}

export async function expectPhonePageClean(page: Page, what: string): Promise<void> {
  expect(await phonePageProblems(page, what)).toEqual([]);
}
