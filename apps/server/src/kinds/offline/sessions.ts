import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { OFFLINE_VARIANT } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, offlineAddresses, offlineSessions } from '../../db/schema.js';
import { notFound, validationError } from '../../http/errors.js';
import type { ActivityRow } from '../kind.js';

/** A session's check-in secret (and a ticket's): 32 characters of base64url. */
export const newSecret = (): string => randomBytes(24).toString('base64url');

/** A venue of the organisation, or a 422 naming the field (another organisation's reads as missing). */
export async function assertVenue(tx: Tx, orgId: number, venueId: unknown, field: string): Promise<void> {
  if (venueId === null || venueId === undefined) return;
  const [v] = await tx.select({ id: offlineAddresses.id }).from(offlineAddresses).where(and(eq(offlineAddresses.org_id, orgId), eq(offlineAddresses.id, Number(venueId))));
  if (!v) throw validationError([{ field, message: '活动地址不存在' }]);
}

/**
 * A single offline activity's one session, kept from the activity: its title, times, place and
 * `person_limit` seats (0 before the activity is ready; publishing asks for seats). A capacity
 * below the seats already held is refused, naming `person_limit`.
 */
export async function keepSingleSession(tx: Tx, act: ActivityRow): Promise<void> {
  if (act.type !== 5 || act.variant !== OFFLINE_VARIANT.single) return;
  const config = act.config as { venue_id?: number | null; signup_start_at?: number | null; signup_end_at?: number | null };
  const values = {
    title: act.title,
    start_at: act.start_at,
    end_at: act.end_at,
    venue_id: config.venue_id ?? null,
    address: act.address,
    capacity: act.person_limit,
    signup_start_at: config.signup_start_at ?? null,
    signup_end_at: config.signup_end_at ?? null,
  };
  const [held] = await tx
    .update(offlineSessions)
    .set({ ...values, updated_at: sql`extract(epoch from now())::bigint` })
    .where(and(eq(offlineSessions.org_id, act.org_id), eq(offlineSessions.act_id, act.id)))
    .returning({ taken: offlineSessions.taken });
  if (held) {
    if (act.person_limit < held.taken) throw validationError([{ field: 'person_limit', message: `人数上限不能少于已预约的${held.taken}个座位` }]);
    return;
  }
  await tx.insert(offlineSessions).values({ ...values, org_id: act.org_id, act_id: act.id, checkin_secret: newSecret() });
}

const ACTIVITY_MISSING = '活动不存在';

/** A type-5 activity of the organisation, not deleted, single or series; else 404 活动不存在 (another organisation's reads as missing). */
export async function offlineActivityById(db: Db | Tx, orgId: number, id: number): Promise<ActivityRow> {
  const [act] = await db.select().from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgId), eq(activities.type, 5), eq(activities.is_delete, 0)));
  if (!act) throw notFound(ACTIVITY_MISSING);
  return act;
}
