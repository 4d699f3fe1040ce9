import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PAGE_NOT_FOUND, ROUTES, ROUTE_PLACES, SUPER_SCOPE, findRoute, isBuilt, routeFitsScope } from '@huodong/domain';
import { APP_NAME } from '../apps/web/src/shared/texts';
import { NEED_ACTIVITY_LIST } from '../apps/web/src/app/layout/texts';
import { PAGE_MISSING_DESCRIPTION } from '../apps/web/src/features/errors/texts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/server/src/seed/families/platform';
import {
  SUPER_ACCOUNT,
  SUPER_PASSWORD,
  api,
  browserSuite,
  describePage,
  dialogWith,
  expectText,
  launchBrowser,
  loginApi,
  loginViaPage,
  newPage,
  startServer,
  type PageLogin,
  type Server,
} from './harness';
import { axeViolations, quiet, report } from './axe';

/**
 * What the shared page machinery gives every declared page (issue 10): the menu becomes a drawer
 * on narrow screens, nothing overflows sideways, axe (WCAG 2 A/AA) finds nothing serious, and the
 * create form of an account carries no placeholder meant for editing.
 */
const ORG = 'szlib';
const ORG_ADMIN: PageLogin = { org: ORG, account: DEMO_ACCOUNTS.orgAdmins.find((a) => a.org === ORG)!.account, password: DEMO_PASSWORD };
const SUPER: PageLogin = { account: SUPER_ACCOUNT, password: SUPER_PASSWORD };
const EDIT_PLACEHOLDER = '编辑时留空则不修改';

/** Built pages behind the login of a scope (super or an organisation), as the route table declares them. */
const builtPages = (scope: string) => ROUTES.filter((r) => r.login && isBuilt(r) && routeFitsScope(r, scope)).map((r) => r.path);

browserSuite('pages every family inherits, and every page knows its place', () => {
  let server: Server;
  let browser: Browser;

  let orgName: string;
  /** Seeded szlib records by title. */
  let contest: number;
  let expertAct: number;
  let survey: number;
  let vote: number;

  // One seeded server for the whole file (a seeded start is the costliest step of a browser test).
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ seed: true }), launchBrowser()]);
    const client = api(server.url, await loginApi(server.url, ORG_ADMIN.account, ORG_ADMIN.password, ORG));
    orgName = (await client.get<{ name: string }>(`/v1/${ORG}/orgInfo`)).name;
    const idOf = async (path: string, title: string) => {
      const rows = (await client.get<{ items: { id: number; title: string }[] }>(`${path}?page_size=100`)).items;
      const row = rows.find((r) => r.title === title);
      if (!row) throw new Error(`${title} is not in ${path}: ${rows.map((r) => r.title).join(', ')}`);
      return row.id;
    };
    contest = await idOf(`/v1/${ORG}/contest`, '“书香苏州”阅读知识竞赛');
    expertAct = await idOf(`/v1/${ORG}/expert/act`, '“书香姑苏”征文大赛专家评审');
    survey = await idOf(`/v1/${ORG}/survey`, '2026年苏州图书馆读者满意度调查');
    vote = await idOf(`/v1/${ORG}/evaluation`, '“我最喜爱的苏州好书”读者投票');
  }, 300_000);
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

  // One visit per page for both checks (each visit waits for the network to be idle): the sweep
  // was two, and the slowest part of the browser suite.
  it('every built page of both scopes has exactly one h1, its title, the document title 页面名 - 机构名, and axe finds no serious or critical violation on it, its create dialog and the login pages', { timeout: 900_000 }, async () => {
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
      const site = login.org ? orgName : APP_NAME;
      const page = await signedIn(login);
      for (const path of builtPages(scope)) {
        const title = findRoute(path)!.title;
        // Through the router, as a click in the menu would go: the shell stays, only the page changes
        // (a full load per page made the sweep the slowest part of the browser suite).
        await page.evaluate((url) => {
          window.history.pushState(null, '', url);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/${scope}/${path}`);
        await page.waitForURL(`**/${scope}/${path}`);
        await page.getByTestId('page-title').filter({ hasText: title }).waitFor();
        await check(page, `/${scope}/${path}`);
        const h1 = await page.locator('h1').allInnerTexts();
        if (h1.length !== 1 || h1[0] !== title) found.push(`/${scope}/${path}: h1 ${JSON.stringify(h1)}`);
        const documentTitle = await page.title();
        if (documentTitle !== `${title} - ${site}`) found.push(`/${scope}/${path}: title ${documentTitle}`);
        const create = page.getByRole('button', { name: '新增', exact: true });
        if (await create.count()) {
          await create.first().click();
          const dialog = await dialogWith(page, '新增');
          await check(page, `/${scope}/${path} (新增 dialog)`);
          await dialog.getByRole('button', { name: '取消', exact: true }).click();
          await dialog.waitFor({ state: 'hidden' });
        }
      }
      await page.goto(`/${scope}/errorPage`);
      await page.getByTestId('error-page').waitFor();
      await check(page, `/${scope}/errorPage`);
      expect(await page.locator('h1').count()).toBe(1);
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

  it('a system asking for less motion gets dialogs without animation; one that does not gets them animated', async () => {
    /** The names of the CSS animations that start while the create dialog of 超级管理员 opens. */
    const openingAnimations = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await newPage(browser, server.url, { reducedMotion });
      await loginViaPage(page, SUPER);
      await page.waitForURL('**/super/functionIndex');
      await page.goto('/super/manage/superManage');
      await page.getByRole('button', { name: '新增', exact: true }).waitFor();
      await page.evaluate(() => {
        const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
        document.addEventListener('animationstart', (e) => seen.push(e.animationName), true);
      });
      await page.getByRole('button', { name: '新增', exact: true }).click();
      await dialogWith(page, '新增');
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      await page.context().close();
      return seen;
    };
    const dialogMotion = (names: string[]) => names.filter((n) => /zoom|fade/i.test(n));
    expect(dialogMotion(await openingAnimations('reduce'))).toEqual([]);
    expect(dialogMotion(await openingAnimations('no-preference')).length).toBeGreaterThan(0);
  });

  // Every page knows its place (issue 20, items 6, 7, 12): the breadcrumb from the route table with
  // the activity's name, the parent's menu item kept open, `页面名 - 机构名` as document title, one
  // `<h1>`, a way back from a sub page opened without its `?actID=`, the content scrolled to the top
  // after a navigation, status tags and selects that pass axe, and a page-does-not-exist message.
  const crumbs = (page: Page) => page.getByTestId('breadcrumb').locator('li:not([aria-hidden])').allInnerTexts();
  /** The side menu's link to a page: visible only when its group is open. */
  const menuLink = (page: Page, title: string) => page.getByRole('menu').getByRole('link', { name: title, exact: true });
  const selected = (page: Page, title: string) => menuLink(page, title).evaluate((a) => !!a.closest('.ant-menu-item-selected'));

  it('a contest sub page and 评审作品 show where they belong: breadcrumb with the name, the parent menu item open and selected, the title', async () => {
    const page = await signedIn(ORG_ADMIN);
    try {
      await page.goto(`/${ORG}/adminAct/adminContestWork?actID=${contest}`);
      await page.getByTestId('breadcrumb').getByText('「“书香苏州”阅读知识竞赛」').waitFor();
      expect(await crumbs(page)).toEqual(['活动管理', '知识竞赛', '「“书香苏州”阅读知识竞赛」', '竞赛题目']);
      await menuLink(page, '知识竞赛').waitFor();
      expect(await selected(page, '知识竞赛')).toBe(true);
      await expect.poll(() => page.title()).toBe(`竞赛题目 - ${orgName}`);
      expect(await page.locator('h1').allInnerTexts()).toEqual(['竞赛题目']);

      // 评审作品 names its review activity; the list's crumb leads back to it
      await page.goto(`/${ORG}/review/adminExpertAct/worksManage?id=${expertAct}`);
      await page.getByTestId('breadcrumb').getByText('「“书香姑苏”征文大赛专家评审」').waitFor();
      expect(await crumbs(page)).toEqual(['专家评审', '评审活动', '「“书香姑苏”征文大赛专家评审」', '评审作品']);
      expect(await selected(page, '评审活动')).toBe(true);
      await expect.poll(() => page.title()).toBe(`评审作品 - ${orgName}`);
      await page.getByTestId('breadcrumb').getByRole('link', { name: '评审活动', exact: true }).click();
      await page.waitForURL(`**/${ORG}/review/adminExpertAct`);
      await expect.poll(() => page.title()).toBe(`评审活动 - ${orgName}`);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${await describePage(page)}`, { cause: err });
    }
    await page.context().close();
  });

  it('a sub page opened without what it shows links to its list', { timeout: 180_000 }, async () => {
    const page = await signedIn(ORG_ADMIN);
    // Sub pages that show a record of their query (a sub page of a whole-organisation page has none).
    const subPages = ROUTES.filter((r) => r.login && isBuilt(r) && ROUTE_PLACES[r.path]?.query && routeFitsScope(r, ORG));
    expect(subPages.length).toBeGreaterThan(25);
    for (const route of subPages) {
      const place = ROUTE_PLACES[route.path];
      await page.goto(`/${ORG}/${route.path}`);
      const missing = page.getByTestId('missing-query');
      await missing.waitFor();
      if (place.record === 'activity') expect(await missing.innerText()).toContain(NEED_ACTIVITY_LIST);
      const parent = findRoute(place.parent)!;
      expect(await missing.getByRole('link').getAttribute('href'), route.path).toBe(`/${ORG}/${parent.path}`);
    }
    await page.goto(`/${ORG}/adminAct/adminContestWork`);
    await expectText(page, NEED_ACTIVITY_LIST);
    try {
      await page.getByTestId('missing-query').getByRole('link', { name: '返回知识竞赛', exact: true }).click();
      await page.waitForURL(`**/${ORG}/adminAct/adminContest`);
      await page.getByTestId('page-title').filter({ hasText: '知识竞赛' }).waitFor();
      expect(await selected(page, '知识竞赛')).toBe(true);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${await describePage(page)}`, { cause: err });
    }
    await page.context().close();
  });

  it('after a navigation from the side menu the new page opens scrolled to the top', async () => {
    const page = await signedIn(ORG_ADMIN, { width: 1280, height: 480 });
    const content = page.locator('#app-content');
    const scrollTop = () => content.evaluate((el) => el.scrollTop);
    // a long page: the questionnaire's figures, one card per question
    await page.goto(`/${ORG}/adminCount/adminActCount/actCountSurvey?actID=${survey}`);
    await page.getByTestId('cross-row').waitFor();
    await quiet(page);
    await content.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(scrollTop).toBeGreaterThan(100);
    try {
      await menuLink(page, '问卷调查').click();
      await page.waitForURL(`**/${ORG}/adminAct/adminSurvey`);
      await page.getByTestId('page-title').filter({ hasText: '问卷调查' }).waitFor();
      await quiet(page);
      expect(await scrollTop()).toBe(0);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${await describePage(page)}`, { cause: err });
    }
    await page.context().close();
  });

  it('知识竞赛统计, 评审作品 and 问卷统计 pass axe color-contrast and label, status tags included', { timeout: 120_000 }, async () => {
    const page = await signedIn(ORG_ADMIN);
    const found: string[] = [];
    const rules = ['color-contrast', 'label', 'select-name', 'aria-input-field-name', 'page-has-heading-one', 'document-title'];
    for (const [path, tag] of [
      [`adminCount/adminActCount/actCountContest?actID=${contest}`, '.ant-tag-orange'],
      [`review/adminExpertAct/worksManage?id=${expertAct}`, '.ant-tag-green'],
      [`adminCount/adminActCount/actCountSurvey?actID=${survey}`, '[data-testid="cross-row"]'],
    ] as const) {
      await page.goto(`/${ORG}/${path}`);
      // the coloured status tags (or the cross-tab selects) are on the page
      await page.locator(tag).first().waitFor();
      await quiet(page);
      found.push(...report(path, await axeViolations(page, rules)));
    }
    if (found.length) console.error(found.join('\n'));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('the figures declarations of voting and contests: results with the live notice and 证据 to a source, the contest figures and its attempts', { timeout: 120_000 }, async () => {
    const page = await signedIn(ORG_ADMIN);
    try {
      await page.goto(`/${ORG}/adminCount/adminActCount/actCountEva?actID=${vote}`);
      await page.getByTestId('count-title').filter({ hasText: '投票结果：“我最喜爱的苏州好书”读者投票' }).waitFor();
      await page.getByText('投票进行中，排名实时变化').waitFor();
      // the seed's readers voted
      expect((await page.getByTestId('total-valid').innerText()).replace(/\s+/g, ' ')).toMatch(/有效票 [1-9]/);
      await page.getByRole('img', { name: '每日投票：“我最喜爱的苏州好书”读者投票' }).waitFor();
      // voting's own: 作废投票 opens its dialog
      await page.getByRole('button', { name: '作废投票' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const first = page.getByTestId('eva-rank').locator('tbody tr.ant-table-row').first();
      const title = (await first.locator('td').nth(1).innerText()).trim();
      await first.getByRole('button', { name: '证据' }).click();
      await page.waitForURL(new RegExp(`actCountEvaSourceMore\\?actID=${vote}&sourceID=\\d+`));
      await page.getByTestId('count-title').filter({ hasText: `投票证据：${title}` }).waitFor();
      await page.getByTestId('eva-hours').waitFor();
      await page.getByRole('button', { name: '返回投票结果' }).click();
      await page.waitForURL(`**/${ORG}/adminCount/adminActCount/actCountEva?actID=${vote}`);
      // without the source: the declared need
      await page.goto(`/${ORG}/adminCount/adminActCount/actCountEvaSourceMore?actID=${vote}`);
      await page.getByText('请从投票结果进入（缺少投票对象ID）').waitFor();

      await page.goto(`/${ORG}/adminCount/adminActCount/actCountContest?actID=${contest}`);
      await page.getByTestId('count-title').filter({ hasText: '知识竞赛统计：“书香苏州”阅读知识竞赛' }).waitFor();
      await page.getByTestId('contest-questions').locator('.ant-tag-orange').first().waitFor();
      await page.getByRole('img', { name: /^成绩分布（得分占总分）：/ }).waitFor();
      await page.getByRole('button', { name: '答题记录' }).click();
      await page.waitForURL(`**/${ORG}/adminCount/adminActCount/actCountContestMore?actID=${contest}`);
      await page.getByTestId('count-title').filter({ hasText: '答题记录：“书香苏州”阅读知识竞赛' }).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      await page.getByRole('button', { name: '返回知识竞赛统计' }).click();
      await page.getByRole('button', { name: '返回知识竞赛', exact: true }).click();
      await page.waitForURL(`**/${ORG}/adminAct/adminContest`);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${await describePage(page)}`, { cause: err });
    }
    await page.context().close();
  });

  it('an address without a page says the page does not exist, with the way home', async () => {
    const page = await signedIn(ORG_ADMIN);
    // unknown, and (while one is left) in the route table but not built
    const unbuilt = ROUTES.find((r) => r.login && !isBuilt(r) && routeFitsScope(r, ORG));
    for (const path of ['no/such/page', ...(unbuilt ? [unbuilt.path] : [])]) {
      await page.goto(`/${ORG}/${path}`);
      await page.waitForURL((url) => url.pathname === `/${ORG}/errorPage`);
      await page.getByRole('heading', { level: 1, name: PAGE_NOT_FOUND }).waitFor();
      await expectText(page, PAGE_MISSING_DESCRIPTION);
    }
    await page.getByRole('button', { name: '返回首页', exact: true }).click();
    await page.waitForURL(`**/${ORG}/functionIndex`);
    await page.context().close();
  });
});
