import { OFFLINE_VARIANT } from '@huodong/domain';
import type { ActivityKind } from '../kind.js';
import { offlineReservationsBinding, offlineSessionsBinding, seriesReservationsBinding } from './family.js';
import { assertVenue, keepSingleSession } from './sessions.js';
import { offlineReaderRoutes } from './readerRoutes.js';
import { offlineManageRoutes } from './manageRoutes.js';
import { offlineCheckKind } from './checkKind.js';
import { defineOfferJob } from './offers.js';
import { offlineCheckinRoutes } from './checkinRoutes.js';
import { defineNoShowJob } from './noShows.js';
import { offlineFiguresRoutes } from './figures.js';
import { offlineSessionRoutes } from './sessionRoutes.js';
import { offlineReviewRoutes } from './reviewRoutes.js';
import { offlinePosterRoutes } from './poster.js';
import { checkinScreenRoutes } from './checkinScreen.js';
import { and, eq, count } from 'drizzle-orm';
import { offlineSessions } from '../../db/schema.js';

/**
 * Offline activities, series and training sessions (type 5 线下活动, design §7, issue 23): sessions
 * with seats, reservations with a waiting list, tickets and check-in, review materials.
 */
export const offlineKind: ActivityKind = {
  name: 'offline',
  types: [5],
  async prepare({ tx, values, orgId }) {
    await assertVenue(tx, orgId, (values.config as { venue_id?: unknown } | undefined)?.venue_id, 'config.venue_id');
  },
  afterWrite: (tx, act) => keepSingleSession(tx, act),
  async publishProblem(tx, row) {
    if (row.variant === OFFLINE_VARIANT.single) return row.person_limit > 0 ? null : '发布前请填写人数上限（座位数）';
    const [n] = await tx.select({ n: count() }).from(offlineSessions).where(and(eq(offlineSessions.act_id, row.id), eq(offlineSessions.is_delete, 0)));
    return n && n.n > 0 ? null : '发布前请至少添加一个场次';
  },
  bindings: [offlineSessionsBinding, offlineReservationsBinding, seriesReservationsBinding],
  routes: [offlineReaderRoutes, offlineManageRoutes, offlineCheckinRoutes, offlineSessionRoutes, offlineReviewRoutes, offlinePosterRoutes, checkinScreenRoutes],
  checkKinds: [offlineCheckKind],
  async setup(app) {
    defineOfferJob(app);
    defineNoShowJob(app);
  },
  figures: offlineFiguresRoutes,
};

