import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginFailures } from '../db/schema.js';
import { THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MS } from '../constants.js';

export const THROTTLED_MESSAGE = '登录失败次数过多，请15分钟后再试';

/**
 * After 10 failures for one account or one IP address within 15 minutes, sign-in is refused
 * until the oldest of those failures is 15 minutes old.
 */
export async function isThrottled(db: Db, accountKey: string, ip: string): Promise<boolean> {
  const since = Date.now() - THROTTLE_WINDOW_MS;
  const rows = await db
    .select({ account_key: loginFailures.account_key, ip: loginFailures.ip })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, since), or(eq(loginFailures.account_key, accountKey), eq(loginFailures.ip, ip))));
  const byAccount = rows.filter((r) => r.account_key === accountKey).length;
  const byIp = rows.filter((r) => r.ip === ip).length;
  return byAccount >= THROTTLE_MAX_FAILURES || byIp >= THROTTLE_MAX_FAILURES;
}

export async function recordFailure(db: Db, accountKey: string, ip: string): Promise<void> {
  const now = Date.now();
  await db.delete(loginFailures).where(lt(loginFailures.at, now - THROTTLE_WINDOW_MS));
  await db.insert(loginFailures).values({ account_key: accountKey, ip, at: now });
}

export async function clearAccountFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account_key, accountKey));
}
