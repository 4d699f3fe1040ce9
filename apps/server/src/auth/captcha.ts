import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lt, notInArray } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema.js';
import { CAPTCHA_LIVE_PER_ADDRESS, CAPTCHA_PER_MINUTE, CAPTCHA_TTL_MS } from '../constants.js';
import { HttpError } from '../http/errors.js';
import { countHits } from './counters.js';

export const CAPTCHA_TOO_OFTEN = '获取验证码过于频繁，请稍后再试';

/**
 * A graphical code stored in the database so any server instance can check it. An address gets
 * at most CAPTCHA_PER_MINUTE codes a minute (429 beyond) and keeps only its newest
 * CAPTCHA_LIVE_PER_ADDRESS; expired codes are deleted.
 */
export async function createCaptcha(db: Db, ip: string): Promise<{ key: string; image: string }> {
  const counter = `captcha:ip:${ip}`;
  const counts = await countHits(db, [counter], 60_000);
  if ((counts.get(counter) ?? 0) > CAPTCHA_PER_MINUTE) throw new HttpError(429, CAPTCHA_TOO_OFTEN);
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f5f7fa', width: 120, height: 40 });
  const key = randomUUID();
  const now = Date.now();
  await db.delete(captchas).where(lt(captchas.expires_at, now));
  await db.insert(captchas).values({ key, code: c.text.toLowerCase(), expires_at: now + CAPTCHA_TTL_MS, ip });
  const newest = db.select({ key: captchas.key }).from(captchas).where(eq(captchas.ip, ip)).orderBy(desc(captchas.expires_at)).limit(CAPTCHA_LIVE_PER_ADDRESS);
  await db.delete(captchas).where(and(eq(captchas.ip, ip), notInArray(captchas.key, newest)));
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** Single use: the code is consumed by any attempt, right or wrong. */
export async function consumeCaptcha(db: Db, key: string, code: string): Promise<boolean> {
  if (!key || !code) return false;
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.key, key), gt(captchas.expires_at, Date.now())))
    .returning();
  return !!row && row.code === code.trim().toLowerCase();
}
