/**
 * Benchmark: spreadsheet import of 50,000 rows.
 *
 *   npx tsx bench/imports.ts            # PGlite; PostgreSQL too when DATABASE_URL is set or --pg is given
 *   npx tsx bench/imports.ts --pg       # PostgreSQL: a temporary database on DATABASE_URL or
 *                                       # postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards
 *   npx tsx bench/imports.ts --browser  # also in Chromium (needs /usr/bin/chromium and apps/web/dist)
 *
 * 1. Parse + validation in Node with the very code the browser's Web Worker runs
 *    (apps/web/src/shared/spreadsheet/parseWorkbook.ts), for .xlsx and .xls files made by SheetJS.
 * 2. Upload size: the `{data: JSON}` body of 50,000 rows (the import route's body limit is sized on it).
 * 3. Server import through the real buildApp (inject): 50,000 new rows, then the same file again
 *    (every row updated), for organisation users and students, on PGlite and PostgreSQL.
 * 4. Optionally the browser: file chosen in the import dialog → upload request sent (parse +
 *    validation in the worker), and → 导入用户信息成功！ shown (including the server import).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { IMPORT_MAX_ROWS, IMPORT_SUCCESS, ORG_USER_IMPORT, STUDENT_IMPORT, importTemplate } from '@huodong/domain';
import { validateWorkbook } from '../apps/web/src/shared/spreadsheet/parseWorkbook.js';
import { onEachDatabase, wantPostgres } from './databases.js';
import { buildApp, DEFAULT_WEB_DIST } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';

const args = process.argv.slice(2);
const wantPg = wantPostgres(args);
const wantBrowser = args.includes('--browser');
const N = IMPORT_MAX_ROWS;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = ['子涵', '欣怡', '浩然', '梓萱', '宇轩', '诗琪', '俊杰', '雨桐', '博文', '思远', '建国', '秀英'];
const DEPARTMENTS = ['计算机科学与技术学院', '文学院', '外国语学院', '数学与统计学院', '物理与电子工程学院', '经济管理学院'];
const name = (i: number) => SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length];

/** Realistic rows in template column order. */
const userCells = (i: number) => [`2024${String(i).padStart(6, '0')}`, name(i), i % 3, DEPARTMENTS[i % DEPARTMENTS.length], 1 + (i % 14)];
const studentCells = (i: number) => [name(i), `S2024${String(i).padStart(6, '0')}`, i % 2 ? '男' : '女', 1 + (i % 6), 1 + (i % 9), String(2019 + (i % 6)), '第一实验小学'];

function workbook(kind: 'user' | 'student', bookType: 'xlsx' | 'biff8'): Buffer {
  const tpl = importTemplate(kind === 'user' ? ORG_USER_IMPORT : STUDENT_IMPORT);
  const rows = Array.from({ length: N }, (_, i) => (kind === 'user' ? userCells(i + 1) : studentCells(i + 1)));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([tpl.headers, tpl.hintRow, ...rows]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType });
}

const ms = (t0: number) => Math.round(performance.now() - t0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ---- 1 and 2: parse + validation in Node, payload size ------------------------------------------------
const files = {
  'users.xlsx': workbook('user', 'xlsx'),
  'users.xls': workbook('user', 'biff8'),
  'students.xlsx': workbook('student', 'xlsx'),
};
const payloads: Record<'org_user' | 'student', string> = { org_user: '', student: '' };
const parseTable: Record<string, unknown>[] = [];
for (const [file, buf] of Object.entries(files)) {
  const kind = file.startsWith('users') ? 'org_user' : 'student';
  const times: number[] = [];
  let rows: Record<string, unknown>[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const result = validateWorkbook(new Uint8Array(buf), kind, 1);
    times.push(ms(t0));
    if (!result.ok) throw new Error(`${file}: ${result.errors.slice(0, 3).join('; ')}`);
    rows = result.rows;
  }
  if (rows.length !== N) throw new Error(`${file}: ${rows.length} rows`);
  payloads[kind] = JSON.stringify({ data: JSON.stringify(rows) });
  parseTable.push({ file, size: mb(buf.length), rows: rows.length, 'parse+validate ms (median of 3)': median(times), 'upload body': mb(Buffer.byteLength(payloads[kind])) });
}
console.log(`\n== Parse + validation in Node (the worker's code), ${N} rows ==`);
console.table(parseTable);

// ---- 3: server import --------------------------------------------------------------------------------
async function serverImport(label: string, database: Database): Promise<void> {
  const config = { ...loadConfig({}), dataDir: os.tmpdir(), logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false };
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const [org] = await database.query<{ id: number }>(`insert into organizations (key, name) values ('benchimp', '导入基准学校') returning id`);
  const [su] = await database.query<{ id: number }>(`insert into supers (account, password_hash) values ('benchroot', $1) returning id`, [await hashPassword('Bench#123')]);
  const { access_token } = await issueToken(database.db, { kind: 'super', id: su.id, orgId: null, scope: 'super' }, 3_600_000);
  const figures: Record<string, unknown>[] = [];
  for (const [kind, url] of [['org_user', '/v1/benchimp/users/import'], ['student', '/v1/benchimp/students/import']] as const) {
    for (const pass of ['all new', 'all updated']) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, payload: payloads[kind] });
      const took = ms(t0);
      const body = res.json() as { code: number; message: string; data: { created: number; updated: number } };
      if (body.code !== 200) throw new Error(`${url}: ${res.statusCode} ${body.message}`);
      figures.push({ kind, pass, created: body.data.created, updated: body.data.updated, 'ms (request to answer)': took });
    }
  }
  const [{ n }] = await database.query<{ n: string }>(`select count(*) n from org_users where org_id = $1`, [org.id]);
  console.log(`\n== Server import, ${label} (${database.driver}); org_users now ${n} ==`);
  console.table(figures);
  await app.close();
}

await onEachDatabase({ postgres: wantPg }, serverImport);

// ---- 4: the browser ----------------------------------------------------------------------------------
if (wantBrowser) {
  if (!fs.existsSync(CHROMIUM) || !fs.existsSync(path.join(DEFAULT_WEB_DIST, 'index.html'))) {
    console.log(`\nbrowser: skipped (${CHROMIUM} or ${DEFAULT_WEB_DIST} missing; run npm run build)`);
  } else {
    const { chromium } = await import('playwright-core');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-bench-imp-'));
    const database = await openDatabase({ dataDir: dir });
    const config = { ...loadConfig({}), dataDir: dir, logLevel: 'silent', webDist: DEFAULT_WEB_DIST, loginCaptcha: false };
    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await database.query(`insert into organizations (key, name) values ('benchimp', '导入基准学校')`);
    const [su] = await database.query<{ id: number }>(`insert into supers (account, password_hash) values ('benchroot', $1) returning id`, [await hashPassword('Bench#123')]);
    const token = await issueToken(database.db, { kind: 'super', id: su.id, orgId: null, scope: 'super' }, 3_600_000);
    const file = path.join(dir, 'users.xlsx');
    fs.writeFileSync(file, files['users.xlsx']);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ baseURL: base, viewport: { width: 1366, height: 800 } });
      await page.goto('/uploadMore');
      await page.evaluate(`localStorage.setItem('adminToken', ${JSON.stringify(JSON.stringify({ super: { access_token: token.access_token, endTime: token.endTime } }))})`);
      await page.goto('/benchimp/adminCount/adminUserCount');
      await page.getByRole('button', { name: '导入用户' }).click();
      const dialog = page.getByRole('dialog', { name: '导入用户' });
      await dialog.waitFor();
      // The main thread keeps answering while the worker parses: count animation frames meanwhile.
      // (String scripts: tsx would wrap functions with a helper the page does not have.)
      await page.evaluate(`window.frames_ = 0; window.stop_ = false;
        (function tick() { window.frames_++; if (!window.stop_) requestAnimationFrame(tick); })();`);
      // Page-side clock: when the file was chosen, and when the upload call started.
      await page.evaluate(`const f = window.fetch; window.fetchAt_ = 0;
        window.fetch = (...a) => { if (String(a[0]).includes('/import')) window.fetchAt_ = performance.now(); return f(...a); };`);
      const t0 = performance.now();
      const answered = page.waitForResponse((r) => r.url().endsWith('/users/import'), { timeout: 120_000 });
      await page.evaluate('window.t0_ = performance.now()');
      await dialog.locator('input[type=file]').setInputFiles(file);
      await answered;
      const parsed = Math.round((await page.evaluate('window.fetchAt_ - window.t0_')) as number);
      const frames = (await page.evaluate('window.frames_')) as number;
      const server = ms(t0) - parsed;
      await page.getByText(IMPORT_SUCCESS).waitFor({ timeout: 120_000 });
      const total = ms(t0);
      const [{ n }] = await database.query<{ n: string }>(`select count(*) n from org_users`);
      if (Number(n) !== N) throw new Error(`browser import wrote ${n} rows`);
      console.log(`\n== Browser (Chromium, built app, PGlite server) ==`);
      console.table([{ file: 'users.xlsx', rows: N, 'choose → upload starts ms (read + parse + validate in the worker)': parsed, 'animation frames until the answer': frames, 'upload → answer ms': server, 'choose → 导入用户信息成功！ ms': total }]);
    } finally {
      await browser.close();
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
