/**
 * Scan-code-for-points campaigns through HTTP (type 16, issue 24): a batch made with its codes in
 * one transaction, the reader's scan (signature, window, limits, place, blacklist, idempotent by
 * nonce), limits under parallel scans, the per-day limit across the China-day boundary, another
 * organisation's code, void, the codes' sheet and QR zip, the leaderboard and the figures.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { chinaSeconds, SCAN_RESULTS } from '@huodong/domain';
import { blacklists, orgSettings, pointAccounts, pointTxns, readers as readerRows, scanBatches, scanCodes, scanLogs } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { codeSign } from '../src/kinds/scanCodes/codes.js';
import { ok, pointRulesOff, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const nonce = () => `n-${randomUUID()}`;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('scanorg', { activity_types: [16] });
  other = await t.org('scanorgx', { activity_types: [16] });
  // The scans' own crediting is tested here; a join's points have their own test (pointsKinds).
  await pointRulesOff(t, org, 'join_activity');
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let readerSeq = 0;
async function readers(n: number, o = org): Promise<{ id: number; token: string }[]> {
  const rows = await t.db
    .insert(readerRows)
    .values(Array.from({ length: n }, () => ({ org_id: o.id, account: `sc${++readerSeq}`, password_hash: 'x', real_name: `读者${readerSeq}`, phone: '13900000000', source: 'register' })))
    .returning({ id: readerRows.id });
  return Promise.all(rows.map(async (r) => ({ id: r.id, token: (await issueToken(t.db, { kind: 'reader', id: r.id, orgId: o.id, scope: o.key }, 30 * 86_400_000)).access_token })));
}

/** A published campaign (running from a day ago for 30 days) with one batch; its ids and the batch's codes with their signs. */
async function campaign(batch: Record<string, unknown> = {}, o = org, act: Record<string, unknown> = {}) {
  const made = await ok(t.call('POST', `/v1/${o.key}/integral`, { ...su(), body: { title: `扫码${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 30 * DAY, ...act } }));
  await ok(t.call('POST', `/v1/${o.key}/integral/${made.id}/publish`, su()));
  const b = await ok(t.call('POST', `/v1/${o.key}/integral/${made.id}/batch`, { ...su(), body: { name: '第一批', count: 5, points: 10, ...batch } }));
  const [secret] = await t.db.select({ secret: scanBatches.secret }).from(scanBatches).where(eq(scanBatches.id, b.id));
  const codes = (await t.db.select().from(scanCodes).where(eq(scanCodes.batch_id, b.id)).orderBy(scanCodes.id)).map((c) => ({ ...c, sign: codeSign(secret.secret, c.code) }));
  return { act: made.id as number, batch: b, codes };
}
const scan = (token: string, c: { code: string; sign: string }, extra: Record<string, unknown> = {}, o = org) =>
  t.call('POST', `/v1/${o.key}/client/scan`, { token, body: { code: c.code, sign: c.sign, nonce: nonce(), ...extra } });
const okCount = async (codeId: number) => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(scanLogs).where(and(eq(scanLogs.code_id, codeId), eq(scanLogs.result, 'ok'))))[0].n;
const clockAt = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(seconds * 1000);
};

describe('a batch (POST /v1/{org}/integral/{act}/batch)', () => {
  it('is made with its codes in one transaction, with the defaults; count cannot change; void stops its codes', async () => {
    const { act, batch, codes } = await campaign({ count: 7, points: undefined });
    expect(batch).toMatchObject({ count: 7, points: 10, max_scans: 1, per_reader_limit: 1, per_reader_daily: 0, status: 'active' });
    expect(batch.secret).toBeUndefined();
    expect(codes).toHaveLength(7);
    for (const c of codes) expect(c.code).toMatch(/^[A-Z2-7]{16}$/);
    expect(new Set(codes.map((c) => c.code)).size).toBe(7);
    const bad = await t.call('PUT', `/v1/${org.key}/integral/${act}/batch/${batch.id}`, { ...su(), body: { count: 8 } });
    expect(bad.status).toBe(422);
    expect(bad.message).toContain('二维码数量');
    const list = await ok(t.call('GET', `/v1/${org.key}/integral/${act}/code?batch_id=${batch.id}&page=1&pageSize=20`, su()));
    expect(list.items).toHaveLength(7);
    expect(list.items[0].link).toContain(`/${org.key}/scan?code=${list.items[0].code}&sign=`);
    const [a] = await readers(1);
    expect((await ok(scan(a.token, codes[0]))).result).toBe('ok');
    const del = await t.call('DELETE', `/v1/${org.key}/integral/${act}/batch/${batch.id}`, su());
    expect(del.status).toBe(422);
    await ok(t.call('POST', `/v1/${org.key}/integral/${act}/batch/${batch.id}/void`, su()));
    expect((await ok(scan(a.token, codes[1]))).result).toBe('invalid');
    expect((await t.call('POST', `/v1/${org.key}/integral/${act}/batch/${batch.id}/void`, su())).status).toBe(422);
  });

  it('refuses bad input naming the field (422)', async () => {
    const made = await ok(t.call('POST', `/v1/${org.key}/integral`, { ...su(), body: { title: '扫码校验', start_at: now(), end_at: now() + DAY } }));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '批', count: 0 }, 'count'],
      [{ name: '批', points: -1 }, 'points'],
      [{ name: '批', valid_from: now() + 100, valid_to: now() }, 'valid_to'],
      [{ name: '批', geo_lng: 114, geo_lat: 22 }, 'geo_radius_m'],
      [{ name: 'a\u0000b' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', `/v1/${org.key}/integral/${made.id}/batch`, { ...su(), body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.data)).toContain(field);
    }
  });
});

describe('a scan (POST /v1/{org}/client/scan)', () => {
  it('credits once, a retry with the same nonce answers the first result, a second scan is duplicate', async () => {
    const { codes } = await campaign();
    const [a, b] = await readers(2);
    const n = nonce();
    const first = await ok(scan(a.token, codes[0], { nonce: n }));
    expect(first).toMatchObject({ result: 'ok', message: SCAN_RESULTS.ok, points: 10 });
    const replays = await Promise.all([0, 1, 2].map(() => ok(scan(a.token, codes[0], { nonce: n }))));
    for (const r of replays) expect(r).toEqual(first);
    expect((await ok(scan(a.token, codes[0]))).result).toBe('duplicate');
    // one-time code: another reader finds it used up
    expect((await ok(scan(b.token, codes[0]))).result).toBe('exhausted');
    expect(await okCount(codes[0].id)).toBe(1);
  });

  it('a forged signature, a lowercase/garbled code, another organisation’s code are invalid', async () => {
    const { codes } = await campaign();
    const mine = await campaign({}, other);
    const [a] = await readers(1);
    expect((await ok(scan(a.token, { code: codes[0].code, sign: 'A'.repeat(22) }))).result).toBe('invalid');
    expect((await ok(scan(a.token, { code: codes[0].code, sign: codes[1].sign }))).result).toBe('invalid');
    expect((await ok(scan(a.token, { code: 'not a code', sign: 'x' }))).result).toBe('invalid');
    expect((await ok(scan(a.token, mine.codes[0]))).result).toBe('invalid');
    const [logged] = await t.db.select().from(scanLogs).where(and(eq(scanLogs.reader_id, a.id), eq(scanLogs.code, mine.codes[0].code)));
    expect(logged).toMatchObject({ result: 'invalid', act_id: null, code_id: null, org_id: org.id });
    const [forged] = await t.db.select().from(scanLogs).where(and(eq(scanLogs.reader_id, a.id), eq(scanLogs.code, codes[0].code)));
    expect(forged).toMatchObject({ result: 'invalid', code_id: codes[0].id });
    // a reader of the other organisation cannot use its token here
    const [x] = await readers(1, other);
    expect((await scan(x.token, codes[0])).status).toBe(403);
  });

  it('window, place and blacklist: not_started, expired, out_of_range, blocked; the position is required', async () => {
    const later = await campaign({ valid_from: now() + DAY });
    const over = await campaign({ valid_from: now() - 2 * DAY + 10, valid_to: now() - 60 });
    const fenced = await campaign({ geo_lng: 114.0579, geo_lat: 22.5431, geo_radius_m: 200, count: 3 });
    const [a, banned] = await readers(2);
    expect((await ok(scan(a.token, later.codes[0]))).result).toBe('not_started');
    expect((await ok(scan(a.token, over.codes[0]))).result).toBe('expired');
    const noPlace = await scan(a.token, fenced.codes[0]);
    expect(noPlace.status).toBe(422);
    expect(noPlace.message).toContain('位置');
    expect((await ok(scan(a.token, fenced.codes[0], { lng: 114.1, lat: 22.6 }))).result).toBe('out_of_range');
    expect((await ok(scan(a.token, fenced.codes[0], { lng: 114.058, lat: 22.5432 }))).result).toBe('ok');
    await t.db.insert(blacklists).values({ org_id: org.id, reader_id: banned.id, types: [], actions: ['scan'], reason_type: 'manual', reason: '刷码', start_at: now() - 10, end_at: null, is_auto: 0 } as never);
    expect((await ok(scan(banned.token, fenced.codes[1], { lng: 114.058, lat: 22.5432 }))).result).toBe('blocked');
  });

  it('one code scanned by 50 readers at once never exceeds its max scans', async () => {
    const { codes, batch } = await campaign({ count: 1, max_scans: 7 });
    const many = await readers(50);
    const answers = await Promise.all(many.map((r) => ok(scan(r.token, codes[0]))));
    expect(answers.filter((a) => a.result === 'ok')).toHaveLength(7);
    expect(answers.filter((a) => a.result === 'exhausted')).toHaveLength(43);
    const [c] = await t.db.select().from(scanCodes).where(eq(scanCodes.id, codes[0].id));
    expect(c).toMatchObject({ scans_used: 7, status: 'exhausted' });
    expect(await okCount(codes[0].id)).toBe(7);
    expect(batch.max_scans).toBe(7);
  });

  it('one reader’s parallel scans of one code are credited once', async () => {
    const { codes } = await campaign({ count: 1, max_scans: 0 });
    const [a] = await readers(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ok(scan(a.token, codes[0]))));
    expect(answers.filter((x) => x.result === 'ok')).toHaveLength(1);
    expect(answers.filter((x) => x.result === 'duplicate')).toHaveLength(19);
    expect(await okCount(codes[0].id)).toBe(1);
  });

  it('the per-reader daily limit counts China days: 23:59 and 00:01 are two days', async () => {
    const { codes } = await campaign({ count: 6, per_reader_daily: 2 });
    const [a] = await readers(1);
    const d = new Date((now() + 8 * 3600) * 1000);
    const midnight = chinaSeconds(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
    clockAt(midnight - 120);
    expect((await ok(scan(a.token, codes[0]))).result).toBe('ok');
    expect((await ok(scan(a.token, codes[1]))).result).toBe('ok');
    expect((await ok(scan(a.token, codes[2]))).result).toBe('cap_reached');
    clockAt(midnight + 60);
    expect((await ok(scan(a.token, codes[2]))).result).toBe('ok');
    expect((await ok(scan(a.token, codes[3]))).result).toBe('ok');
    expect((await ok(scan(a.token, codes[4]))).result).toBe('cap_reached');
    // the refused scans counted nothing: codes 2 was used once, code 4 not at all
    const rows = await t.db.select().from(scanCodes).where(eq(scanCodes.batch_id, codes[0].batch_id)).orderBy(scanCodes.id);
    expect(rows.map((r) => r.scans_used)).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it('an n-time code: per reader limit of 2 per code, others share the remaining scans', async () => {
    const { codes } = await campaign({ count: 1, max_scans: 3, per_reader_limit: 2 });
    const [a, b] = await readers(2);
    expect((await ok(scan(a.token, codes[0]))).result).toBe('ok');
    expect((await ok(scan(a.token, codes[0]))).result).toBe('ok');
    expect((await ok(scan(a.token, codes[0]))).result).toBe('duplicate');
    expect((await ok(scan(b.token, codes[0]))).result).toBe('ok');
    expect((await ok(scan(b.token, codes[0]))).result).toBe('exhausted');
  });
});

describe('the points ledger', () => {
  it('credits each ok scan once (key scan:{code}:{reader}), even when one reader scans at once', async () => {
    const { codes } = await campaign({ count: 2, max_scans: 0, points: 7 });
    const [a] = await readers(1);
    await Promise.all(Array.from({ length: 10 }, () => ok(scan(a.token, codes[0]))));
    await ok(scan(a.token, codes[1]));
    const txns = await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, a.id));
    expect(txns.map((x) => [x.idem_key, x.delta, x.rule_key]).sort()).toEqual(
      [
        [`scan:${codes[0].code}:${a.id}`, 7, 'scan_code'],
        [`scan:${codes[1].code}:${a.id}`, 7, 'scan_code'],
      ].sort(),
    );
    const [account] = await t.db.select().from(pointAccounts).where(eq(pointAccounts.reader_id, a.id));
    expect(account.balance).toBe(14);
  });

  it('the ledger’s daily cap answers cap_reached and counts nothing; the rule switched off refuses the scan', async () => {
    const capped = await t.org('scancap', { activity_types: [16] });
    await t.db.insert(orgSettings).values({ org_id: capped.id, key: 'points', value: { daily_cap: 15, approval_threshold: 500, expiry: { mode: 'none', months: 12 }, rules: {} } });
    const { codes } = await campaign({ count: 3, points: 10 }, capped);
    const [a] = await readers(1, capped);
    expect((await ok(scan(a.token, codes[0], {}, capped))).result).toBe('ok');
    expect((await ok(scan(a.token, codes[1], {}, capped))).result).toBe('cap_reached');
    const [c1] = await t.db.select().from(scanCodes).where(eq(scanCodes.id, codes[1].id));
    expect(c1.scans_used).toBe(0);
    await t.db.update(orgSettings).set({ value: { daily_cap: 15, approval_threshold: 500, expiry: { mode: 'none', months: 12 }, rules: { scan_code: { points: 0, cap_per_day: 0, cap_per_activity: 0, once_per_account: false, enabled: false, valid_from: null, valid_to: null } } } }).where(eq(orgSettings.org_id, capped.id));
    const off = await scan(a.token, codes[2], {}, capped);
    expect(off.status).toBe(403);
    expect(off.message).toContain('已停用');
    const [c2] = await t.db.select().from(scanCodes).where(eq(scanCodes.id, codes[2].id));
    expect(c2.scans_used).toBe(0);
  });
});

describe('the administrator’s views', () => {
  it('scan log, leaderboard, figures, codes sheet and QR zip', async () => {
    const { act, batch, codes } = await campaign({ count: 4, max_scans: 0, per_reader_limit: 0, points: 5 }, org, { config: { budget: 100 } });
    const [a, b] = await readers(2);
    await ok(scan(a.token, codes[0]));
    await ok(scan(a.token, codes[1]));
    await ok(scan(b.token, codes[0]));
    await ok(scan(b.token, { code: codes[0].code, sign: 'bad' }));
    const log = await ok(t.call('GET', `/v1/${org.key}/integral/${act}/scan?page=1&pageSize=20`, su()));
    // the forged link of one of its codes is logged under the activity, as invalid
    expect(log.items).toHaveLength(4);
    expect(log.items[0]).toMatchObject({ batch_name: '第一批', result: 'invalid', points: 0 });
    expect(log.items[1]).toMatchObject({ batch_name: '第一批', result: 'ok', points: 5 });
    expect(log.items[1].account).toMatch(/^sc/);
    const ranking = await ok(t.call('GET', `/v1/${org.key}/integral/${act}/ranking`, su()));
    expect(ranking.items.map((i: { reader_id: number; points: number; rank: number }) => [i.reader_id, i.points, i.rank])).toEqual([
      [a.id, 10, 1],
      [b.id, 5, 2],
    ]);
    const mine = await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/points-ranking`, { token: b.token }));
    expect(mine.mine).toMatchObject({ points: 5, rank: 2 });
    const figures = await ok(t.call('GET', `/v1/${org.key}/integral/${act}/count`, su()));
    expect(figures.totals).toMatchObject({ scans: 4, ok: 3, readers: 2, points: 15, budget: 100, budget_used: 15, codes: 4, codes_used: 2 });
    expect(figures.batches[0]).toMatchObject({ id: batch.id, codes: 4, codes_used: 2, ok: 3, points: 15 });
    expect(figures.results.find((r: { result: string }) => r.result === 'ok').scans).toBe(3);
    expect(figures.results.find((r: { result: string }) => r.result === 'invalid').scans).toBe(1);
    expect(figures.days.length).toBeGreaterThan(0);
    // another organisation's administrator reads none of it
    expect((await t.call('GET', `/v1/${other.key}/integral/${act}/count`, su())).status).toBe(404);

    const sheet = await t.app.inject({ method: 'GET', url: `/v1/${org.key}/export/integralcodes?act=${act}&batch_id=${batch.id}`, headers: { authorization: `Bearer ${t.superToken}` } });
    expect(sheet.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(sheet.rawPayload, { type: "buffer" }).Sheets[XLSX.read(sheet.rawPayload, { type: "buffer" }).SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['码值', '二维码链接', '已扫次数', '状态']);
    expect(rows).toHaveLength(5);
    expect(String(rows[1][1])).toContain(`sign=${codes[0].sign}`);

    const zip = await t.app.inject({ method: 'GET', url: `/v1/${org.key}/integral/batch/${batch.id}/qrcodes`, headers: { authorization: `Bearer ${t.superToken}` } });
    expect(zip.statusCode).toBe(200);
    const names = await new Promise<string[]>((resolve, reject) =>
      yauzl.fromBuffer(zip.rawPayload, { lazyEntries: true }, (err, z) => {
        if (err || !z) return reject(err);
        const out: string[] = [];
        z.on('entry', (e) => {
          out.push(e.fileName);
          z.readEntry();
        });
        z.on('end', () => resolve(out));
        z.readEntry();
      }),
    );
    expect(names).toHaveLength(4);
    expect(names[0]).toBe(`0001-${codes[0].code}.png`);
    expect((await t.call('GET', `/v1/${other.key}/integral/batch/${batch.id}/qrcodes`, su())).status).toBe(404);
  });
});
