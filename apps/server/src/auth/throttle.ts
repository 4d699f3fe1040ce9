import type { Db } from '../db/client.js';
import { THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MS } from '../constants.js';
import { clearHits, countHits, uncountHit } from './counters.js';

export const THROTTLED_MESSAGE = '登录失败次数过多，请15分钟后再试';

const accountCounter = (accountKey: string) => `signin:account:${accountKey}`;
const addressCounter = (ip: string) => `signin:ip:${ip}`;

/**
 * Count a sign-in attempt for its account (`scope:account`) and its address BEFORE any code or
 * password is checked; false when either has had more than 10 attempts in its 15-minute window.
 * Counting first is what keeps parallel guesses to 10 checked passwords: an attempt in flight
 * already counts. A right password then gives its attempt back (`signedIn`), so the counts are
 * failures plus attempts still in flight.
 */
export async function countAttempt(db: Db, accountKey: string, ip: string): Promise<boolean> {
  const counts = await countHits(db, [accountCounter(accountKey), addressCounter(ip)], THROTTLE_WINDOW_MS);
  return [...counts.values()].every((n) => n <= THROTTLE_MAX_FAILURES);
}

/** The password was right: the account's failures are forgotten, and this attempt is not one of its address's. */
export async function signedIn(db: Db, accountKey: string, ip: string): Promise<void> {
  await clearHits(db, accountCounter(accountKey));
  await uncountHit(db, addressCounter(ip));
}
