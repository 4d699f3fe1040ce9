import { z } from 'zod';
import { plainText } from '../resources/fields.js';
import { checkinNonceSchema } from './offlineCheckin.js';
import { outsideFence, type Position } from './geo.js';
import { competitionRanks } from './ranking.js';
import type { GateRefusal } from './gate.js';

/**
 * Scan-code-for-points campaigns (扫码积分, type 16, design activities §10, issue 24): a batch's
 * settings with their defaults, the results of a scan with their Chinese texts and the pure
 * decisions of a scan (signature aside, which needs the server's secret). No I/O.
 */

/** A code: 16 characters of RFC 4648 base32 (no 0/1/8/9, nothing to misread on a printed label). */
export const SCAN_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const SCAN_CODE_LENGTH = 16;
export const SCAN_CODE_PATTERN = /^[A-Z2-7]{16}$/;

export const SCAN_LIMITS = {
  /** Codes in one batch. */
  maxCodes: 5000,
  /** Points of one scan. */
  maxPoints: 10000,
  maxScans: 1_000_000,
  /** Codes per zip of QR images (a PNG each). */
  maxZipCodes: 5000,
} as const;

/** The batch's settings as stored, with the design's defaults (design §10b). */
export const SCAN_BATCH_DEFAULTS = {
  count: 100,
  points: 10,
  /** Scans of one code in all: 1 one code one scan, n, 0 unlimited. */
  max_scans: 1,
  /** Credited scans of one code by one reader (1: a second scan is `duplicate`; 0 unlimited). */
  per_reader_limit: 1,
  /** Credited scans of the batch's codes by one reader per China-time day (0 unlimited). */
  per_reader_daily: 0,
} as const;

export const SCAN_BATCH_STATUS = { active: '有效', void: '已作废' } as const;
export const SCAN_CODE_STATUS = { active: '可用', exhausted: '已扫完', void: '已作废' } as const;

/** The outcome of a scan (pretix's result codes, design §10b), each with the text the reader sees. */
export const SCAN_RESULTS = {
  ok: '扫码成功，积分已到账',
  duplicate: '您已扫过该码',
  exhausted: '该码已被扫完',
  expired: '该码已过期',
  not_started: '该码尚未生效',
  out_of_range: '不在扫码范围内',
  invalid: '无效的二维码',
  blocked: '您已被限制参与扫码积分',
  cap_reached: '已达积分上限，本次不再加分',
} as const;
export type ScanResult = keyof typeof SCAN_RESULTS;
/** The results as the scan log lists them (short: the list pages carry them in their first load). */
export const SCAN_RESULT_LABELS: Readonly<Record<ScanResult, string>> = {
  ok: '成功',
  duplicate: '重复',
  exhausted: '已扫完',
  expired: '已过期',
  not_started: '未生效',
  out_of_range: '超范围',
  invalid: '无效码',
  blocked: '受限',
  cap_reached: '达上限',
};

/** The organisation switched the points rule of scans (`scan_code`, 积分规则) off: a scan is refused, nothing is written. */
export const SCAN_RULE_OFF: GateRefusal = { gate: 40030, status: 403, message: '扫码积分规则已停用，暂不能扫码' };

/** The reader's scan: `POST /v1/{org}/client/scan` (design §15), `sign` from the QR's link, the position when the batch is geofenced. */
export const readerScanSchema = z.object({
  code: plainText('二维码', '无效的二维码').trim().max(64, '无效的二维码'),
  sign: plainText('签名', '无效的二维码').trim().max(128, '无效的二维码'),
  nonce: checkinNonceSchema,
  lng: z.number({ error: '经度必须是数字' }).min(-180, '经度不正确').max(180, '经度不正确').optional(),
  lat: z.number({ error: '纬度必须是数字' }).min(-90, '纬度不正确').max(90, '纬度不正确').optional(),
});
export type ReaderScan = z.infer<typeof readerScanSchema>;

/** What a scan is decided on before anything is counted. */
export interface ScanFacts {
  /** The code is the organisation's and its signature matches. */
  genuine: boolean;
  batch: { status: string; valid_from: number | null; valid_to: number | null; geo_lng: number | null; geo_lat: number | null; geo_radius_m: number | null } | null;
  code: { status: string } | null;
  /** A blacklist entry covering scanning is in force. */
  banned: boolean;
  /** The activity's own window: `not_started` before it opens, `expired` after. */
  activity: 'open' | 'not_started' | 'ended';
  now: number;
  position: Position | null;
}

/**
 * Why a scan is refused before counting (null: count it), in this order: the code (unknown,
 * forged signature, voided batch or code), the blacklist, the activity's and the batch's window,
 * the place. What is counted (the code's scans, the reader's per code and per day) is decided
 * by one statement each on the server.
 */
export function scanRefusal(f: ScanFacts): ScanResult | null {
  if (!f.genuine || !f.batch || !f.code || f.batch.status === 'void' || f.code.status === 'void') return 'invalid';
  if (f.banned) return 'blocked';
  if (f.activity === 'not_started' || (f.batch.valid_from !== null && f.now < f.batch.valid_from)) return 'not_started';
  if (f.activity === 'ended' || (f.batch.valid_to !== null && f.now >= f.batch.valid_to)) return 'expired';
  const b = f.batch;
  if (b.geo_lng !== null && b.geo_lat !== null && b.geo_radius_m) {
    if (outsideFence(f.position, { lng: b.geo_lng, lat: b.geo_lat }, b.geo_radius_m)) return 'out_of_range';
  }
  return null;
}

/** Whether the batch needs the reader's position. */
export const scanNeedsPosition = (b: { geo_lng: number | null; geo_lat: number | null; geo_radius_m: number | null }): boolean =>
  b.geo_lng !== null && b.geo_lat !== null && !!b.geo_radius_m;

/** A batch's points budget: codes × points × scans per code (null when a code may be scanned without limit). */
export const batchBudget = (b: { count: number; points: number; max_scans: number }): number | null => (b.max_scans === 0 ? null : b.count * b.points * b.max_scans);

/** The link a code's QR carries: `{origin}/{org}/scan?code=&sign=` (the reader's page posts both to `/client/scan`). */
export const scanLink = (origin: string, org: string, code: string, sign: string): string =>
  `${origin}/${org}/scan?code=${encodeURIComponent(code)}&sign=${encodeURIComponent(sign)}`;

/** Competition ranking (1, 1, 3) of readers ordered by points, then by who reached them first (design §1.7). */
export function rankByPoints<T extends { points: number; reached_at: number }>(ordered: readonly T[]): (T & { rank: number })[] {
  const ranks = competitionRanks(ordered, (a, b) => a.points === b.points && a.reached_at === b.reached_at);
  return ordered.map((r, i) => ({ ...r, rank: ranks[i] }));
}
