import { createRequire } from 'node:module';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROUTES, SUPER_SCOPE, isBuilt, routeFitsScope } from '@huodong/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/server/src/seed/families/platform';
import {
  SUPER_ACCOUNT,
  SUPER_PASSWORD,
  browserSuite,
  describePage,
  dialogWith,
  launchBrowser,
  loginViaPage,
  newPage,
  settled,
  startServer,
  type PageLogin,
  type Server,
} from './harness';

/**
 * What the shared page machinery gives every declared page (issue 10): the menu becomes a drawer
 * on narrow screens, nothing overflows sideways, axe (WCAG 2 A/AA) finds nothing serious, and the
 * create form of an account carries no placeholder meant for editing.
 */
const ORG = 'szlib';
const ORG_ADMIN: PageLogin = { org: ORG, account: DEMO_ACCOUNTS.orgAdmins.find((a) => a.org === ORG)!.account, password: DEMO_PASSWORD };
const SUPER: PageLogin = { account: SUPER_ACCOUNT, password: SUPER_PASSWORD };
const EDIT_PLACEHOLDER = '编辑时留空则不修改';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe's WCAG 2 A/AA rules on the page as it is now. The script goes in through the DevTools
 * protocol (page.evaluate), which the page's Content-Security-Policy does not govern.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const report = (where: string, violations: AxeViolation[]) =>
  violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
  );

/** Wait until the page's requests and spinners are done and its animations have ended. */
async function quiet(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  await settled(page);
}

/** Built pages behind the login of a scope (super or an organisation), as the route table declares them. */
const builtPages = (scope: string) => ROUTES.filter((r) => r.login && isBuilt(r) && routeFitsScope(r, scope)).map((r) => r.path);

browserSuite('pages every family inherits', () => {
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ seed: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = async (login: PageLogin, viewport = { width: 1280, height: 800 }) => {
    const page = await newPage(browser, server.url);
    await page.setViewportSize(viewport);
    await loginViaPage(page, login);
    await page.waitForURL(`**/${login.org ?? SUPER_SCOPE}/functionIndex`);
    return page;
  };

  it('axe finds no serious or critical violation on the login pages, every built page and a create dialog', { timeout: 300_000 }, async () => {
    const found: string[] = [];
    const check = async (page: Page, where: string) => {
      await quiet(page);
      found.push(...report(where, await axeViolations(page)));
    };

    for (const scope of [SUPER_SCOPE, ORG]) {
      const page = await newPage(browser, server.url);
      await page.goto(`/${scope}/login`);
      await page.getByRole('button', { name: '登录', exact: true }).waitFor();
      await check(page, `/${scope}/login`);
      await page.context().close();
    }

    for (const login of [SUPER, ORG_ADMIN]) {
      const scope = login.org ?? SUPER_SCOPE;
      const page = await signedIn(login);
      for (const path of ['errorPage', ...builtPages(scope)]) {
        await page.goto(`/${scope}/${path}`);
        await page.waitForURL(`**/${scope}/${path}`);
        await check(page, `/${scope}/${path}`);
        const create = page.getByRole('button', { name: '新增', exact: true });
        if (await create.count()) {
          await create.first().click();
          const dialog = await dialogWith(page, '新增');
          await check(page, `/${scope}/${path} (新增 dialog)`);
          await dialog.getByRole('button', { name: '取消', exact: true }).click();
          await dialog.waitFor({ state: 'hidden' });
        }
      }
      await page.context().close();
    }
    if (found.length) console.error(found.join('\n'));
    expect(found).toEqual([]);
  });

  /** How far the page, or the layout's scrolling content area, reaches past the window's width. */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const content = document.getElementById('app-content');
      return Math.max(document.scrollingElement!.scrollWidth - window.innerWidth, content ? content.scrollWidth - content.clientWidth : 0);
    });
  /** How many lines the header title takes (distinct tops of its text's line boxes). */
  const titleLines = (page: Page) =>
    page.getByTestId('header-title').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`at ${viewport.width}×${viewport.height} the page fits the width, the title takes one line and the menu is reachable`, { timeout: 120_000 }, async () => {
      const narrow = viewport.width < 992;
      const login = await newPage(browser, server.url);
      await login.setViewportSize(viewport);
      await login.goto('/super/login');
      await login.getByRole('button', { name: '登录', exact: true }).waitFor();
      expect(await overflow(login)).toBeLessThanOrEqual(0);
      await login.context().close();

      for (const [login, path] of [
        [SUPER, 'orgManage'],
        [SUPER, 'manage/superManage'],
        [ORG_ADMIN, 'adminCount/adminUserCount'],
      ] as const) {
        const scope = login.org ?? SUPER_SCOPE;
        const page = await signedIn(login, viewport);
        await page.goto(`/${scope}/${path}`);
        await quiet(page);
        try {
          expect(await overflow(page)).toBeLessThanOrEqual(0);
          expect(await titleLines(page)).toBe(1);
          // the table scrolls inside itself; its 操作 column stays in sight
          const actions = (await page.getByRole('columnheader', { name: '操作', exact: true }).boundingBox())!;
          expect(actions.x).toBeGreaterThanOrEqual(0);
          expect(actions.x + actions.width).toBeLessThanOrEqual(viewport.width);
          // the search form stacks on narrow screens: its keyword field spans the form
          const form = (await page.locator('form').first().boundingBox())!;
          const keyword = (await page.getByLabel('关键词').first().boundingBox())!;
          if (narrow) expect(keyword.width).toBeGreaterThan(form.width * 0.8);
          else expect(keyword.width).toBeLessThan(form.width * 0.5);

          const menuButton = page.getByRole('button', { name: '打开菜单', exact: true });
          if (narrow) {
            // The side menu is a drawer: closed, it takes no room; a menu link navigates and closes it.
            await menuButton.click();
            const drawer = await dialogWith(page, '首页');
            expect(report('menu drawer', await axeViolations(page))).toEqual([]);
            await drawer.getByRole('menuitem', { name: '首页' }).click();
            await drawer.getByRole('link', { name: '功能导航', exact: true }).click();
            await page.waitForURL(`**/${scope}/functionIndex`);
            await drawer.waitFor({ state: 'hidden' });
            expect(await overflow(page)).toBeLessThanOrEqual(0);
          } else {
            expect(await menuButton.count()).toBe(0);
            await page.getByRole('menuitem', { name: '首页' }).click();
            await page.getByRole('menu').getByRole('link', { name: '功能导航', exact: true }).click();
            await page.waitForURL(`**/${scope}/functionIndex`);
          }
        } catch (err) {
          throw new Error(`${(err as Error).message}\n${await describePage(page)}`, { cause: err });
        }
        await page.context().close();
      }
    });
  }

  it('the password placeholder for editing shows in the edit dialog of an account, not in its create dialog', async () => {
    const page = await signedIn(SUPER);
    await page.goto('/super/manage/superManage');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const create = await dialogWith(page, '新增');
    expect(await create.getByLabel('密码').getAttribute('placeholder')).toBeNull();
    await create.getByRole('button', { name: '取消', exact: true }).click();
    await create.waitFor({ state: 'hidden' });

    await page.getByRole('row').filter({ hasText: DEMO_ACCOUNTS.superAdmins[0].account }).getByRole('button', { name: '编辑', exact: true }).click();
    const edit = await dialogWith(page, '编辑');
    expect(await edit.getByLabel('密码').getAttribute('placeholder')).toBe(EDIT_PLACEHOLDER);
    await page.context().close();
  });
});
