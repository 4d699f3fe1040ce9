import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { png } from './png';
import { api, browserSuite, dialogWith, expectText, launchBrowser, newPage, startServer, superToken, type ApiClient, type Server, signedInPage, signedInReaderApi } from './harness';

/**
 * Expert judging and certificates (issue 12) in the browser. Set up through the API: an
 * organisation authorised for works activities, an essay contest (type 1) whose works are approved
 * on submission and whose quota awards 一等奖 and 二等奖, two readers who upload a picture through the
 * reader API and submit a work each, an expert of another unit, an expert activity with a
 * two-criterion rubric taking both works, assigned automatically, and an award certificate
 * template. Then the expert signs in on 专家评审 (`/{org}/expertJudge`, no administrator login),
 * opens each blind work (its number, picture and content; no author, unit or phone anywhere on
 * the page), scores every criterion and submits; each review is checked through the API. Last the
 * administrator publishes the results on 评审作品 and, on the activity's 证书 tab, sets the
 * certificate (template, automatic issue of awarded works, number pattern), sends them (the job's
 * progress), downloads one PDF (its bytes start with %PDF), reissues one and revokes it with a
 * reason; each step checked through the API.
 */
const KEY = 'judgelib';
const ADMIN = { account: 'judge_admin', real_name: '韩馆长', password: 'Judge#Admin12' };
const TITLE = '“书香校园”摄影征集';
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
const EXPERT = { name: '许评审', unit: '市摄影家协会', account: 'judge_expert', password: 'Expert#Pass1' };
const RUBRIC = [
  { name: '主题', weight: 60 },
  { name: '技法', weight: 40, max: 20 },
];
/** The works, best first: who submits, and the scores the expert gives (主题 of 10, 技法 of 20). */
const WORKS = [
  { account: 'R40000001', name: '宋知遥', unit: '星河小学', phone: '13911112222', title: '晨读时光', colour: [30, 120, 200], scores: { 主题: 9, 技法: 18 }, total: 90 },
  { account: 'R40000002', name: '顾南枝', unit: '明德中学', phone: '13933334444', title: '书架一角', colour: [200, 150, 60], scores: { 主题: 7, 技法: 12 }, total: 66 },
] as const;

const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
/** antd writes two-character button texts with a space between (确 定). */
const OK = /^确\s?定$/;
const SIGN_IN = /^登\s?录$/;


interface JudgedWork {
  id: number;
  title: string;
  status: string;
  work_no: string | null;
  award_level?: string | null;
  assignments: { id: number; expert_id: number; total: number | null; submitted_at: number | null }[];
}
interface Cert {
  id: number;
  holder: string;
  cert_no: string;
  kind: string;
  award_level: string;
  status: string;
  revoked_at: number | null;
  revoke_reason: string | null;
  replaced_by: number | null;
  rendered: boolean;
}

browserSuite('judging: an expert scores blind works; results published; certificates issued and downloaded', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  let expertAct: number;
  let templateId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城北图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [1, 9] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    const token = (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token;
    adminApi = api(server.url, token);

    // The contest: pictures, approved on submission (no moderation), one 一等奖 and one 二等奖
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/original`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, address: '线上', profile: '拍下校园里读书的样子。' })).id;
    await adminApi.put(`/v1/${KEY}/original/work/config?act=${act}`, {
      creation_types: [{ id: 1, name: '摄影', media: 'image', files_min: 1, files_max: 1, file_max_kb: 1024 }],
      author_fields: { real_name: 'required', unit: 'optional', phone: 'optional' },
      award_quota: { 一等奖: 1, 二等奖: 1 },
      moderation: 'none',
    });
    await adminApi.post(`/v1/${KEY}/original/${act}/publish`);

    // The readers: a first password changed at the first sign-in, a picture, a work each
    for (const w of WORKS) {
      const reader = await signedInReaderApi(server.url, adminApi, KEY, { account: w.account, real_name: w.name, first: READER_FIRST, password: READER_PASSWORD });
      const form = new FormData();
      // the file is named after its author: blind review must not pass the name on
      form.append('file', new Blob([new Uint8Array(png(w.colour, 48, 32))], { type: 'image/png' }), `${w.name}.png`);
      const res = await fetch(`${server.url}/v1/${KEY}/client/upload`, { method: 'POST', headers: { authorization: `Bearer ${reader.token}` }, body: form });
      const up = (await res.json()) as { code: number; message: string; data: { url: string } };
      expect(up.code, up.message).toBe(200);
      const made = await reader.post<{ id: number; status: string }>(`/v1/${KEY}/client/activities/${act}/works`, {
        request_id: randomUUID(),
        creation_type_id: 1,
        title: w.title,
        content: `${w.title}：清晨的阅览室里，阳光落在书页上。`,
        media: [up.data.url],
        pledge: true,
        author: { real_name: w.name, unit: w.unit, phone: w.phone },
      });
      expect(made.status).toBe('approved');
      ids[w.title] = made.id;
    }

    // The expert, the expert activity (one expert per work, blind by default) and its works, assigned
    const expert = await adminApi.post<{ id: number }>(`/v1/${KEY}/expert`, { ...EXPERT, specialties: ['摄影'] });
    expertAct = (
      await adminApi.post<{ id: number; blind: number }>(`/v1/${KEY}/expert/act`, {
        title: '摄影初评',
        act_id: act,
        start_at: now - 60,
        end_at: now + DAY,
        reviewers_per_work: 1,
        rubric: RUBRIC,
      })
    ).id;
    await adminApi.post(`/v1/${KEY}/expert/act/${expertAct}/works`, { work_ids: Object.values(ids) });
    const assigned = await adminApi.post<{ assigned: number; short: unknown[] }>(`/v1/${KEY}/expert/act/${expertAct}/autoAssign`);
    expect(assigned).toMatchObject({ assigned: 2, short: [] });
    const judged = await adminApi.get<JudgedWork[]>(`/v1/${KEY}/expert/act/${expertAct}/works`);
    for (const w of judged) expect(w.assignments.map((a) => a.expert_id)).toEqual([expert.id]);

    // The award certificate's template
    templateId = (
      await adminApi.post<{ id: number }>(`/v1/${KEY}/cert/templates`, {
        name: '摄影获奖证书',
        kind: 'award',
        elements: [
          { type: 'text', text: '荣誉证书', x_mm: 148, y_mm: 30, size_pt: 36 },
          { type: 'field', field_key: 'real_name', x_mm: 148, y_mm: 80 },
          { type: 'field', field_key: 'award_level', x_mm: 148, y_mm: 100 },
          { type: 'qrcode', x_mm: 250, y_mm: 160, width_mm: 30 },
          { type: 'date', x_mm: 200, y_mm: 190 },
        ],
      })
    ).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const judgedWorks = async () => adminApi.get<JudgedWork[]>(`/v1/${KEY}/expert/act/${expertAct}/works`);
  const certs = async () => (await adminApi.get<{ items: Cert[] }>(`/v1/${KEY}/cert/${act}/index?page=1&page_size=50`)).items;

  it('the expert signs in on the expert page, sees each work blind, scores every criterion and submits', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, server.url);
    await page.goto(`/${KEY}/expertJudge`);
    await expectText(page, '评审专家登录');
    await page.getByLabel('账号', { exact: true }).fill(EXPERT.account);
    await page.getByLabel('密码', { exact: true }).fill(EXPERT.password);
    await button(page, SIGN_IN).click();
    await expectText(page, '我的评审任务');
    // the expert's token is kept apart from the administrators' (sessionStorage, by organisation)
    expect(await page.evaluate((org) => !!sessionStorage.getItem(`expertToken:${org}`), KEY)).toBe(true);

    const judged = await judgedWorks();
    const numberOf = (title: string) => judged.find((w) => w.id === ids[title])!.work_no!;
    for (const w of WORKS) await expectText(page, `${numberOf(w.title)} ${w.title}`);

    for (const w of WORKS) {
      const item = page.getByRole('listitem').filter({ hasText: `${numberOf(w.title)} ${w.title}` });
      await button(item, /^评\s?分$/).click();
      const card = page.locator('.ant-card').filter({ hasText: `${numberOf(w.title)} ${w.title}` });
      await card.getByText(`${w.title}：清晨的阅览室里`).waitFor();
      // the picture, fetched with the expert's token and re-encoded by the server, named by the work number
      const img = card.getByRole('img', { name: new RegExp(`^${numberOf(w.title)}-1\\.`) });
      await img.waitFor();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // blind: neither author's name, unit or phone anywhere on the page
      const text = await page.locator('body').innerText();
      const html = await page.content();
      for (const a of WORKS) for (const v of [a.name, a.unit, a.phone]) {
        expect(text, `the page shows ${v}`).not.toContain(v);
        expect(html, `the page's markup holds ${v}`).not.toContain(v);
      }
      // every criterion of the rubric
      for (const [name, score] of Object.entries(w.scores)) await card.getByLabel(new RegExp(`^${name}（权重`)).fill(String(score));
      await card.getByLabel(/^评语/).fill('构图完整，主题鲜明。');
      await button(card, '提交评审').click();
      await expectText(page, '评审已提交');
      await card.getByText(`总分：${w.total}`).waitFor();
      await button(card, /^返回列表$/).click();
      await page.getByRole('listitem').filter({ hasText: `${numberOf(w.title)} ${w.title}` }).getByText(`已评 ${w.total}`).waitFor();
    }

    // Through the API: both reviews stored with their totals
    for (const w of await judgedWorks()) {
      const expected = WORKS.find((x) => ids[x.title] === w.id)!;
      expect(w.assignments).toHaveLength(1);
      expect(w.assignments[0].submitted_at).toBeGreaterThan(0);
      expect(w.assignments[0].total).toBe(expected.total);
    }
    await page.context().close();
  });

  it('the administrator publishes the results, then sets, sends, downloads, reissues and revokes the certificates on the activity’s 证书 tab', { timeout: 240_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    // 评审作品 → 评审结果 → 发布结果 (confirmed)
    await page.goto(`/${KEY}/review/adminExpertAct/worksManage?id=${expertAct}`);
    await page.getByRole('tab', { name: '评审结果' }).click();
    await page.getByRole('cell', { name: '一等奖', exact: true }).waitFor();
    await button(page, '发布结果').click();
    const confirm = await dialogWith(page, '确定发布？');
    await button(confirm, OK).click();
    await expectText(page, /结果已于 .* 发布/);
    const published = await judgedWorks();
    expect(Object.fromEntries(published.map((w) => [w.id, w.status]))).toEqual({ [ids[WORKS[0].title]]: 'awarded', [ids[WORKS[1].title]]: 'awarded' });

    // 活动详情 → 证书: not set yet
    await page.goto(`/${KEY}/adminAct/adminActDetail?actID=${act}`);
    await page.getByRole('tab', { name: '证书', exact: true }).click();
    await page.waitForURL(/tab=certificates/);
    const config = page.getByTestId('cert-config');
    await config.getByText('本活动尚未设置证书').waitFor();
    // automatic issue to awarded works (the rule asks for an award template), the number pattern
    await config.getByText('按条件自动发放', { exact: true }).click();
    await config.getByLabel('证书模板', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '摄影获奖证书' }).click();
    const pattern = config.getByLabel('证书编号规则', { exact: true });
    await pattern.fill('SY{YYYY}-{SEQ4}');
    await button(config, '保存设置').click();
    await expectText(page, '证书设置已保存');
    const saved = await adminApi.get<{ template_id: number; issue_mode: string; auto_rule: { kind: string; levels: string[] }; cert_no_pattern: string }>(`/v1/${KEY}/cert/${act}/config`);
    expect(saved).toMatchObject({ template_id: templateId, issue_mode: 'auto', auto_rule: { kind: 'award_level', levels: [] }, cert_no_pattern: 'SY{YYYY}-{SEQ4}' });

    // 批量发放: the job issues both and renders their PDFs; the progress shows it done
    const issue = page.getByTestId('cert-issue');
    await button(issue, '批量发放').click();
    await expectText(page, '已颁发2张证书');
    await issue.getByTestId('cert-job').getByText('已完成：已生成 2/2').waitFor({ timeout: 60_000 });
    const list = page.getByTestId('cert-list');
    const year = new Date().getFullYear();
    for (const w of WORKS) await list.getByRole('row').filter({ hasText: w.name }).getByText(new RegExp(`^SY${year}-\\d{4}$`)).waitFor();
    let issued = await certs();
    expect(issued.map((c) => [c.holder, c.kind, c.award_level, c.status, c.rendered]).sort()).toEqual([
      [WORKS[0].name, 'award', '一等奖', 'valid', true],
      [WORKS[1].name, 'award', '二等奖', 'valid', true],
    ]);

    // 下载PDF: the browser saves the certificate's PDF
    const first = issued.find((c) => c.holder === WORKS[0].name)!;
    const firstRow = list.getByRole('row').filter({ hasText: first.cert_no });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button(firstRow, /下载PDF/).click()]);
    expect(download.suggestedFilename()).toBe(`${first.cert_no}.pdf`);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);

    // 重新颁发 (confirmed): the old one revoked and replaced by a new number
    const second = issued.find((c) => c.holder === WORKS[1].name)!;
    await button(list.getByRole('row').filter({ hasText: second.cert_no }), /重新颁发/).click();
    const again = await dialogWith(page, `将撤销证书 ${second.cert_no}`);
    await button(again, OK).click();
    await expectText(page, '已重新颁发');
    issued = await certs();
    const old = issued.find((c) => c.id === second.id)!;
    const replacement = issued.find((c) => c.id === old.replaced_by)!;
    expect(old).toMatchObject({ status: 'revoked', revoke_reason: '重新颁发' });
    expect(replacement).toMatchObject({ holder: WORKS[1].name, award_level: '二等奖', status: 'valid' });
    expect(replacement.cert_no).not.toBe(second.cert_no);
    await list.getByRole('row').filter({ hasText: replacement.cert_no }).getByText('有效').waitFor();

    // 撤销 with a reason, confirmed in its dialog
    await button(firstRow, /撤\s?销/).click();
    const revoke = await dialogWith(page, `撤销证书 ${first.cert_no}`);
    await button(revoke, /撤\s?销/).click();
    await revoke.getByText('请输入撤销原因').waitFor();
    await revoke.getByLabel('撤销原因', { exact: true }).fill('获奖信息有误');
    await button(revoke, /撤\s?销/).click();
    await expectText(page, '证书已撤销');
    await revoke.waitFor({ state: 'hidden' });
    await firstRow.getByText('已撤销').waitFor();
    expect((await certs()).find((c) => c.id === first.id)).toMatchObject({ status: 'revoked', revoke_reason: '获奖信息有误' });
    // a revoked certificate is no longer downloadable from the page
    expect(await button(firstRow, /下载PDF/).isDisabled()).toBe(true);
  });
});
