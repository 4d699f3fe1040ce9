import { and, count, eq } from 'drizzle-orm';
import type { ActivityKind } from '../kind.js';
import { activities, lectureItems } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { lectureItemsBinding, lectureLearnersBinding } from './family.js';
import { lectureReaderRoutes } from './readerRoutes.js';
import { lectureFiguresRoutes } from './figures.js';

/**
 * Lectures on demand (type 19 点播讲座, design §11, issue 25): items (video, audio, PDF, link) with
 * their order and required flag; the readers' plays through the participation gate and heartbeats
 * every 10 s credited by the domain's rules; watched ranges, resume, completion per item and per
 * lecture (points through the ledger); learners with their progress; figures.
 */
export const lectureKind: ActivityKind = {
  name: 'lecture',
  types: [19],
  /** The quiz after the lecture is a knowledge contest (type 3) of the same organisation. */
  async prepare({ tx, values, orgId }) {
    const quiz = (values.config as { quiz_act_id?: unknown } | undefined)?.quiz_act_id;
    if (typeof quiz !== 'number') return;
    const [own] = await tx.select({ id: activities.id }).from(activities).where(and(eq(activities.id, quiz), eq(activities.org_id, orgId), eq(activities.type, 3), eq(activities.is_delete, 0)));
    if (!own) throw validationError([{ field: 'config.quiz_act_id', message: '课后测验须是本机构的知识竞赛' }]);
  },
  async publishProblem(tx, row) {
    const [n] = await tx.select({ n: count() }).from(lectureItems).where(and(eq(lectureItems.act_id, row.id), eq(lectureItems.is_pause, 0)));
    return n && n.n > 0 ? null : '发布前请至少添加一个讲座内容';
  },
  bindings: [lectureItemsBinding, lectureLearnersBinding],
  routes: [lectureReaderRoutes],
  figures: lectureFiguresRoutes,
};
