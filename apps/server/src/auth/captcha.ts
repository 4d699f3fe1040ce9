import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema.js';
import { CAPTCHA_TTL_MS } from '../constants.js';

/** A graphical code stored in the database so any server instance can check it. */
export async function createCaptcha(db: Db): Promise<{ key: string; image: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f5f7fa', width: 120, height: 40 });
  const key = randomUUID();
  const now = Date.now();
  await db.delete(captchas).where(lt(captchas.expires_at, now));
  await db.insert(captchas).values({ key, code: c.text.toLowerCase(), expires_at: now + CAPTCHA_TTL_MS });
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
