import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { settled } from './harness';

/** axe (WCAG 2 A/AA) on a page, for the every-page sweep (pageShell.test.ts) and a family's own pages. */
const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe's WCAG 2 A/AA rules on the page as it is now. The script goes in through the DevTools
 * protocol (page.evaluate), which the page's Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: ['wcag2a', 'wcag2aa'] };
  const result = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { runOnly: only, resultTypes: ['violations'] });
  }, runOnly);
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const report = (where: string, violations: AxeViolation[]) =>
  violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
  );

/** Wait until the page's requests and spinners are done and its animations have ended. */
export async function quiet(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0 && !document.getElementById('nprogress'));
  await settled(page);
  // A transition the last render started (the side menu's newly selected item) begins a frame later.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled(page);
}


/**
 * What a page of the reader app (issue 27) must not have, as it is now: an axe (WCAG 2 A/AA)
 * violation, other than one h1, a touch target under 44 px high. `where` names the page in the lines.
 */
export async function phonePageProblems(page: Page, where: string): Promise<string[]> {
  await quiet(page);
  const found = report(where, await axeViolations(page));
  const h1 = await page.locator('h1').allInnerTexts();
  if (h1.length !== 1) found.push(`${where}: h1 ${JSON.stringify(h1)}`);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('a, button, input, textarea, select')].map((el) => [el.textContent?.trim() || el.tagName, el.getBoundingClientRect().height] as const).filter(([, h]) => h > 0 && h < 44),
  );
  for (const [what, h] of small) found.push(`${where}: ${what} is ${h}px high`);
  return found;
}
