/**
 * Browser-test harness: the BUILT app (apps/web/dist served by the real server) in Chromium.
 *
 *   const server = await startServer({ seed?: boolean, env?: {...} })
 *       → { url, dataDir, logs(), stop() }
 *     Starts the built server (`node apps/server/dist/main.js`, as `npm start` does) on a free port (PORT=0, HOST=127.0.0.1)
 *     with a fresh copy of the migrated PGlite template (made once by globalSetup.ts),
 *     LOGIN_CAPTCHA=off, the super account SUPER_ACCOUNT / SUPER_PASSWORD, no demo data unless
 *     seed: true. Waits for /readyz. stop() sends SIGTERM, waits, deletes the data dir.
 *   const client = api(server.url, token?)
 *     client.request(method, path, body?) → { status, code, message, data } (never throws on HTTP errors)
 *     client.get/post/put/del(path, body?) → data, throws unless the body code is 200.
 *   await superToken(server.url), await loginApi(server.url, account, password, org?)
 *     Sign in through POST /v1/login or /v1/{org}/login (captcha off) → access_token.
 *   const browser = await launchBrowser({ camera? })  // playwright-core Browser, fresh profile; camera: a .y4m the fake camera films
 *   const page = await newPage(browser, server.url, { timezoneId? })  // own context (own localStorage), baseURL set
 *   await fillPicker(page, input, pickerText(seconds))  // type a time into a date-time picker (China time)
 *   await loginViaPage(page, { org?, account, password })  // fills 账号/密码/验证码, clicks 登录
 *   await expectText(page, '请先进行登录')
 *   browserSuite('name', () => { ... })  // describe() that skips (printing why) when Chromium is
 *     missing, or FAILS when E2E_REQUIRED=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/server/src/nodeFlags.js';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** The server bundle `npm run build` writes and `npm start` runs. */
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** Sources the server bundle is built from: a bundle older than any of them is not the code under test. */
const SERVER_SOURCES = ['apps/server/src', 'packages/domain/src'].map((d) => path.join(ROOT, d));

/** Throws unless the web app and an up-to-date server bundle are built (`npm run build`). */
export function assertBuilt(): void {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} is missing: the browser tests run against the built app (npm run build)`);
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: the browser tests run the built server (npm run build)`);
  const built = fs.statSync(SERVER_MAIN).mtimeMs;
  const newer = SERVER_SOURCES.flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f))).find(
    (f) => fs.statSync(f).mtimeMs > built,
  );
  if (newer) throw new Error(`${path.relative(ROOT, newer)} is newer than ${path.relative(ROOT, SERVER_MAIN)}: run \`npm run build\` first`);
}

/** How long a seeded start (the whole demo through the API) may take: minutes when the machine is busy. */
const SEEDED_START_MS = 900_000;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SUPER_ACCOUNT = 'admin';
export const SUPER_PASSWORD = 'E2e#Super123';

export interface Server {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  logs(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment variables for the server (e.g. TOKEN_TTL_MS). */
  env?: Record<string, string>;
  /** Seed the demo data on start (default false: tests create their rows through the API). */
  seed?: boolean;
}

function templateDir(): string | undefined {
  try {
    return inject('e2eTemplate') || undefined;
  } catch {
    return undefined; // used outside vitest: the server migrates a fresh directory itself
  }
}

/** Start the built server as a child process on a free port with a fresh data directory. */
export async function startServer(opts: StartOptions = {}): Promise<Server> {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-e2e-'));
  const tpl = templateDir();
  if (tpl) fs.cpSync(tpl, path.join(dataDir, 'pglite'), { recursive: true });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOGIN_CAPTCHA: 'off',
    ADMIN_ACCOUNT: SUPER_ACCOUNT,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    SEED: opts.seed ? 'on' : 'off',
    WEB_DIST,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...opts.env,
  };
  delete env.DATABASE_URL; // the browser tests always use their own PGlite directory
  delete env.INIT_CWD; // DATA_DIR is absolute anyway; do not let npm's cwd leak in

  const child = spawn(process.execPath, ['--enable-source-maps', ...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let url: string;
  try {
    // The demo seed (through the API, covers drawn with sharp) takes much longer than an empty start on a busy
    // machine: in CI it runs beside another browser file and the PostgreSQL suite (4 minutes were too few there).
    url = await waitForUrl(child, () => output, exited, opts.seed ? SEEDED_START_MS : 90_000);
    await waitReady(url, 30_000);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    cleanup();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`);
  }

  let stopped: Promise<void> | undefined;
  return {
    url,
    dataDir,
    logs: () => output,
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        cleanup();
      })()),
  };
}

/** main.ts prints `huodong 已启动: http://127.0.0.1:<port>/` once it listens. */
async function waitForUrl(child: ChildProcess, output: () => string, exited: Promise<number | null>, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((c) => (exitCode = c));
  for (;;) {
    const m = /已启动: (http:\/\/[^/\s]+)\//.exec(output());
    if (m) return m[1];
    if (exitCode !== undefined || child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode ?? exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await sleep(50);
  }
}

async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('/readyz did not answer 200 in time');
    await sleep(100);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ApiResult<T = any> {
  status: number;
  code: number;
  message: string;
  data: T;
}

export interface ApiClient {
  /** The bearer token it sends (null: none). */
  readonly token: string | null;
  request<T = any>(method: string, path: string, body?: unknown): Promise<ApiResult<T>>;
  get<T = any>(path: string): Promise<T>;
  post<T = any>(path: string, body?: unknown): Promise<T>;
  put<T = any>(path: string, body?: unknown): Promise<T>;
  del<T = any>(path: string, body?: unknown): Promise<T>;
}

/** The HTTP API of a started server, optionally with a bearer token. */
export function api(url: string, token?: string | null): ApiClient {
  const request = async <T>(method: string, p: string, body?: unknown): Promise<ApiResult<T>> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = { code: res.status, message: text, data: null };
    }
    return { status: res.status, code: json.code, message: json.message, data: json.data };
  };
  const ok = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const r = await request<T>(method, p, body);
    if (r.code !== 200) throw new Error(`${method} ${p}: ${r.status} ${r.code} ${r.message}`);
    return r.data;
  };
  return {
    token: token ?? null,
    request,
    get: (p) => ok('GET', p),
    post: (p, body) => ok('POST', p, body ?? {}),
    put: (p, body) => ok('PUT', p, body ?? {}),
    del: (p, body) => ok('DELETE', p, body),
  };
}

/** Sign in through the API (the harness starts the server with LOGIN_CAPTCHA=off). */
export async function loginApi(url: string, account: string, password: string, org?: string): Promise<string> {
  const data = await api(url).post<{ access_token: string }>(org ? `/v1/${org}/login` : '/v1/login', { account, password });
  return data.access_token;
}

export const superToken = (url: string): Promise<string> => loginApi(url, SUPER_ACCOUNT, SUPER_PASSWORD);

/**
 * An organisation authorised for `types`, with its administrator, made by the super administrator
 * through the API: the administrator's signed-in client.
 */
export async function orgWithAdmin(url: string, org: { key: string; name: string; types: number[] }, admin: { account: string; password: string } & Record<string, unknown>): Promise<ApiClient> {
  const superApi = api(url, await superToken(url));
  const made = await superApi.post<{ id: number }>('/v1/organizations', { key: org.key, name: org.name });
  await superApi.post(`/v1/organizations/${made.id}/authorize`, { module_ids: [], activity_types: org.types });
  await superApi.post(`/v1/org/${org.key}/managers`, { ...admin, type: 'admin' });
  return api(url, await loginApi(url, admin.account, admin.password, org.key));
}

/**
 * A reader of `key` added by an administrator with a first password, signed in through the reader
 * API and the first password changed to `password`: the reader's client.
 */
export async function signedInReaderApi(
  url: string,
  adminApi: ApiClient,
  key: string,
  reader: { account: string; real_name: string; first: string; password: string } & Record<string, unknown>,
): Promise<ApiClient> {
  const { first, password, ...fields } = reader;
  await adminApi.post(`/v1/${key}/readers`, { ...fields, password: first });
  const login = await api(url).post<{ access_token: string }>(`/v1/${key}/client/login`, { account: reader.account, password: first, key: '', code: '' });
  const client = api(url, login.access_token);
  await client.put(`/v1/${key}/client/me/password`, { old_password: first, password });
  return client;
}

/** A phone (390 × 844, touch, zh-CN) of the reader app; downloads kept. */
export const phoneContext = (browser: Browser, baseURL: string) =>
  browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, acceptDownloads: true });

/**
 * The reader app on a phone (390 × 844, touch, zh-CN) with the reader's token kept as the app keeps
 * it after signing in (`readerToken:{org}`): a page that opens signed in.
 */
export async function readerPhonePage(browser: Browser, baseURL: string, org: string, token: string): Promise<Page> {
  const phone = await phoneContext(browser, baseURL);
  await phone.addInitScript(([key, value]) => localStorage.setItem(`readerToken:${key}`, value), [org, token] as const);
  return phone.newPage();
}

export const chromiumAvailable = (): boolean => fs.existsSync(CHROMIUM_PATH);
export const e2eRequired = (): boolean => process.env.E2E_REQUIRED === '1';

/**
 * describe() for tests that need Chromium. Missing Chromium: the suite is skipped with a printed
 * reason, or fails when E2E_REQUIRED=1 (CI).
 */
export function browserSuite(name: string, fn: () => void): void {
  if (chromiumAvailable()) {
    describe(name, fn);
    return;
  }
  const reason = `${CHROMIUM_PATH} not found (apt-get install -y chromium fonts-noto-cjk)`;
  if (e2eRequired()) {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`E2E_REQUIRED=1 but ${reason}`);
      });
    });
    return;
  }
  console.warn(`[e2e] skipping "${name}": ${reason}`);
  describe.skip(name, fn);
}

export interface LaunchOptions {
  /**
   * A camera that films this video (a .y4m, e.g. `ffmpeg -loop 1 -i qr.png -t 3 -pix_fmt yuv420p qr.y4m`,
   * played in a loop), granted to every page without asking.
   */
  camera?: string;
}

/** Chromium with a fresh temporary profile (playwright creates and deletes its user-data-dir). */
export async function launchBrowser(opts: LaunchOptions = {}): Promise<Browser> {
  if (!chromiumAvailable()) throw new Error(`${CHROMIUM_PATH} not found`);
  const camera = opts.camera ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${opts.camera}`] : [];
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...camera],
  });
}

/**
 * A page in its own browser context (own localStorage / sessionStorage) with baseURL = the server;
 * `timezoneId` sets the browser's zone (default: the machine's). The system asks for less motion
 * unless `reducedMotion` says otherwise: the back office then switches antd's animations off
 * (app/providers.tsx), and a test waits for none of them.
 */
export async function newPage(browser: Browser, baseURL: string, opts: { timezoneId?: string; reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce', ...opts });
  return context.newPage();
}

/** `YYYY-MM-DD HH:mm:ss` in the organisation's zone (Asia/Shanghai, UTC+8): what a date-time picker shows and takes. */
export const pickerText = (seconds: number) => new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** Type a time into an antd DatePicker (showTime) and confirm it with Enter. */
export async function fillPicker(page: Page, input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  // the panel closes once the value is taken
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
}

export interface PageLogin {
  /** Organisation key; absent = super. */
  org?: string;
  account: string;
  password: string;
}

/** A new page signed in through the login form, on the organisation's (or the platform's) home page. */
export async function signedInPage(browser: Browser, baseURL: string, login: PageLogin): Promise<Page> {
  const page = await newPage(browser, baseURL);
  await loginViaPage(page, login);
  await page.waitForURL(`**/${login.org ?? 'super'}/functionIndex`);
  return page;
}

/**
 * Fill and submit the login form. Opens /{org|super}/login unless the page is already on a login
 * page (e.g. after a redirect that carries `redirect`). The code field is required by the form but
 * ignored by the server (LOGIN_CAPTCHA=off).
 */
export async function loginViaPage(page: Page, login: PageLogin): Promise<void> {
  const scope = login.org ?? 'super';
  const onLogin = new URL(page.url(), 'http://x').pathname === `/${scope}/login`;
  if (!onLogin) await page.goto(`/${scope}/login`);
  await page.getByLabel('账号').fill(login.account);
  await page.getByLabel('密码').fill(login.password);
  await page.getByLabel('验证码').fill('0000');
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Tick a checkbox and wait until it reads as checked. Playwright's check() reads the state right
 * after its click; antd's form fields may commit the new value a task later, which on a loaded
 * machine made check() fail although the box did become ticked.
 */
export async function tick(box: Locator, timeout = 10_000): Promise<void> {
  if (await box.isChecked()) return;
  await box.click();
  const until = Date.now() + timeout;
  while (!(await box.isChecked())) {
    if (Date.now() > until) throw new Error(`checkbox ${box.toString()} did not become checked\n${await describePage(box.page())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Wait until the page's finite animations have ended (antd's dialog zoom, drawer slides). A click
 * on a dialog button while it still zooms in can press on one spot and release on another, and
 * the click is lost: seen in CI, where the confirm dialog stayed open.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The dialog whose text contains `text`, once visible and done opening (see settled). */
export async function dialogWith(page: Page, text: string): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor({ state: 'visible' });
  await settled(page);
  return dialog;
}

/** Wait until some element showing `text` is visible. */
export async function expectText(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout });
  } catch (err) {
    throw new Error(`${String(text)} did not show on ${page.url()}.\n${await describePage(page)}`, { cause: err });
  }
}

/**
 * What the page showed when a wait failed: its visible text (dialogs first) and a screenshot under
 * E2E_ARTIFACTS (default the OS temp directory), so a failure in CI can be read from its log.
 */
export async function describePage(page: Page): Promise<string> {
  const dir = process.env.E2E_ARTIFACTS ?? os.tmpdir();
  const shot = path.join(dir, `e2e-failure-${Date.now()}.png`);
  const [dialogs, body] = await Promise.all([
    page.getByRole('dialog').allInnerTexts().catch(() => []),
    page.locator('body').innerText().catch(() => ''),
  ]);
  await page.screenshot({ path: shot }).catch(() => undefined);
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 1500);
  return [`dialogs: ${squash(dialogs.join(' | ')) || '(none)'}`, `page: ${squash(body)}`, `screenshot: ${shot}`].join('\n');
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated PGlite data directory the servers copy. */
    e2eTemplate: string;
  }
}

/** A phone (390 × 844, touch) signed in to the reader app (`/{org}/h5`) with a reader's changed password, on the home. */
export async function readerPhone(browser: Browser, baseURL: string, org: string, reader: { account: string; password: string }): Promise<Page> {
  const phone = await phoneContext(browser, baseURL);
  const page = await phone.newPage();
  await page.goto(`/${org}/h5`);
  await page.getByLabel('账号').fill(reader.account);
  await page.getByLabel('密码').fill(reader.password);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await page.getByTestId('h5-home').waitFor();
  return page;
}
