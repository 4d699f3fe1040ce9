import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { canWrite, idParam, OFFLINE_LIMITS, offlineSessionsResource, weeklyPatternSchema, weeklySessions, type PlannedSession, type WeeklyPattern } from '@huodong/domain';
import { callerOf } from '../../auth/access.js';
import { offlineSessions } from '../../db/schema.js';
import { forbidden, validationError } from '../../http/errors.js';
import { audit } from '../../resources/audit.js';
import { nowSec } from '../../participation/clock.js';
import { assertVenue, newSecret } from './sessions.js';
import { offlineActivity } from './manageRoutes.js';

export const BATCH_EMPTY = '所选日期范围和星期内没有可生成的场次';
export const BATCH_TOO_MANY = `一次最多生成${OFFLINE_LIMITS.batchSessions}个场次，请缩短日期范围`;
export const BATCH_IN_PAST = '生成的场次不能早于当前时间，请调整开始日期或开始时刻';
export const BATCH_SIGNUP_ORDER = '报名开放时间必须早于报名截止时间';

/**
 * The sessions a weekly pattern makes, checked: at least one, at most the limit, none started,
 * sign-up opening before it closes. Each refusal names the field to change.
 */
export function plannedSessions(p: WeeklyPattern, now: number): PlannedSession[] {
  const planned = weeklySessions(p);
  if (!planned.length) throw validationError([{ field: 'weekdays', message: BATCH_EMPTY }]);
  if (planned.length > OFFLINE_LIMITS.batchSessions) throw validationError([{ field: 'to_date', message: BATCH_TOO_MANY }]);
  if (planned[0].start_at <= now) throw validationError([{ field: 'from_date', message: BATCH_IN_PAST }]);
  const first = planned[0];
  if (first.signup_start_at !== null && first.signup_start_at >= first.signup_end_at) throw validationError([{ field: 'signup_close_min', message: BATCH_SIGNUP_ORDER }]);
  return planned;
}

/**
 * `POST /v1/{org}/train/{act}/session/batch` (spec §7 "batch session", issue 23): the sessions of
 * a series from a weekly pattern (weekdays, time, date range, skipped dates), their sign-up
 * deadlines relative to each session (AE3 #258), at most 200, in one transaction with one audit
 * row; the venue must be the organisation's. Answers `{ created, items }`.
 */
export async function offlineSessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const sessions = () => app.resources.get(offlineSessionsResource.name)!;

  r.post(
    '/v1/:org/train/:act/session/batch',
    { config: { access: 'org' }, schema: { params: z.object({ org: z.string(), act: idParam }), body: weeklyPatternSchema } },
    async (request) => {
      if (!canWrite(offlineSessionsResource, callerOf(request))) throw forbidden();
      // The series of the path, of the caller's organisation (another's or a single activity: 404).
      await sessions().assertParent(request);
      const p = request.body;
      const planned = plannedSessions(p, nowSec());
      const orgId = request.org!.id;
      const items = await db.transaction(async (tx) => {
        await assertVenue(tx, orgId, p.venue_id, 'venue_id');
        const rows = await tx
          .insert(offlineSessions)
          .values(
            planned.map((s) => ({
              ...s,
              org_id: orgId,
              act_id: request.params.act,
              venue_id: p.venue_id ?? null,
              address: p.address ?? '',
              checkin_secret: newSecret(),
            })),
          )
          .returning();
        await audit(tx, request, 'create', offlineSessionsResource.name, rows.map((x) => x.id));
        return rows;
      });
      return { created: items.length, items: items.map(({ checkin_secret: _s, is_delete: _d, closed_at: _c, ...row }) => row) };
    },
  );

  /**
   * `GET /v1/{org}/offline/{act}/sessions`: the sessions of an offline activity, single or series,
   * in time order (id, title, time, seats) — what the bookings pages pick a session from.
   */
  r.get(
    '/v1/:org/offline/:act/sessions',
    { config: { access: 'org' }, schema: { params: z.object({ org: z.string(), act: idParam }), querystring: z.object({ reflesh: z.unknown().optional() }) } },
    async (request) => {
      const act = await offlineActivity(db, request, request.params.act);
      const items = await db
        .select({ id: offlineSessions.id, title: offlineSessions.title, start_at: offlineSessions.start_at, end_at: offlineSessions.end_at, capacity: offlineSessions.capacity, taken: offlineSessions.taken, waiting: offlineSessions.waiting })
        .from(offlineSessions)
        .where(and(eq(offlineSessions.act_id, act.id), eq(offlineSessions.is_delete, 0)))
        .orderBy(asc(offlineSessions.start_at), asc(offlineSessions.id))
        .limit(OFFLINE_SESSION_LIST_MAX);
      return { items };
    },
  );
}

/** The most sessions the bookings pages list to pick from. */
const OFFLINE_SESSION_LIST_MAX = 500;
