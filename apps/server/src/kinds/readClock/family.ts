import { and, count, eq, inArray } from 'drizzle-orm';
import { ITEM_PENDING, ITEM_REJECTED, markChecksResource, readClockConfigOf, readClockMarksResource, readClockSourcesResource, type ResourceDef } from '@huodong/domain';
import { activities, digitalResources, readClockMarks, readClockSources } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';
import { bind, type ReadContext, type Row } from '../../resources/binding.js';
import { inReaderUnit, readersOfRows } from '../../participation/readerRows.js';
import { postMarkPoints } from './points.js';
import type { CheckKind } from '../../routes/checkQueue.js';

/** 打卡资源: a digital resource named by `ref_id` must be the organisation's own. */
export const readClockSourcesBinding = bind({
  def: readClockSourcesResource,
  table: readClockSources,
  async prepare(values, { tx, org }) {
    const ref = values.ref_id;
    if (typeof ref === 'number') {
      const [own] = await tx.select({ id: digitalResources.id }).from(digitalResources).where(and(eq(digitalResources.id, ref), eq(digitalResources.org_id, org!.id)));
      if (!own) throw validationError([{ field: 'ref_id', message: '数字资源不存在' }]);
    }
    return values;
  },
});

/** Who marked (account, name, unit), the resource's title and the number of images. */
async function presentMarks(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  if (!rows.length) return rows;
  const db = ctx.request.server.database.db;
  const readerIds = rows.map((r) => r.reader_id as number);
  const sourceIds = [...new Set(rows.map((r) => r.resource_id as number | null).filter((v): v is number => v !== null))];
  const [who, sources] = await Promise.all([
    readersOfRows(db, readerIds),
    sourceIds.length ? db.select({ id: readClockSources.id, title: readClockSources.title }).from(readClockSources).where(inArray(readClockSources.id, sourceIds)) : [],
  ]);
  const bySource = new Map(sources.map((s) => [s.id, s.title]));
  return rows.map((r) => {
    const { account, real_name, unit_id, unit_name } = who(r.reader_id as number);
    return {
      ...r,
      account,
      real_name,
      unit_id,
      unit_name,
      image_count: (r.images as string[]).length,
      resource_title: bySource.get(r.resource_id as number) ?? '',
    };
  });
}

/**
 * The marks of an activity, for the records page and the review queue: 批量通过 (pending or
 * rejected ones; a rejected mark whose day was marked again meets the day's unique key, 422),
 * 驳回 with a reason (frees the day, unfeatures), 精选 (approved ones), 点评 (quick replies).
 * Approving posts the mark's points and the streak milestones it completes.
 */
const marksBinding = (def: ResourceDef) =>
  bind({
    def,
    table: readClockMarks,
    present: presentMarks,
    filters: {
      unit_id: (v) => inReaderUnit(readClockMarks.reader_id, v),
    },
    rowUpdates: {
      reject: (values, { caller }) => ({ status: ITEM_REJECTED, reason: values.reason, is_featured: 0, reviewed_at: nowSec(), reviewed_by: caller.kind === 'manager' ? caller.id : null }),
      comment: (values) => ({ teacher_comment: values.teacher_comment }),
    },
    async after(action, rows, { tx, caller }) {
      if (action !== 'batchApprove' || !rows.length) return;
      await tx
        .update(readClockMarks)
        .set({ reason: '', reviewed_at: nowSec(), reviewed_by: caller.kind === 'manager' ? caller.id : null })
        .where(inArray(readClockMarks.id, rows.map((r) => r.id as number)));
      // The points of marks counted now (a mark approved again posts nothing twice: the ledger's keys).
      const [act] = await tx.select().from(activities).where(eq(activities.id, rows[0].act_id as number));
      for (const row of rows) await postMarkPoints(tx, act, row as typeof readClockMarks.$inferSelect);
    },
  });

export const readClockMarksBinding = marksBinding(readClockMarksResource);
export const markChecksBinding = marksBinding(markChecksResource);

/**
 * The review queue's kind for marks (`/check/activity`, 作品审核): the check-in activities with
 * marks waiting, reviewed on the declared queue `markChecks` (`/check/{id}/mark`, page adminCheckMarkIndex).
 */
export const markCheckKind: CheckKind = {
  kind: 'mark',
  label: '打卡',
  queue: 'activity',
  types: [8],
  page: 'adminCheck/adminCheckAct/adminCheckMarkIndex',
  async pending(db, orgId) {
    return db
      .select({ act_id: readClockMarks.act_id, pending: count() })
      .from(readClockMarks)
      .innerJoin(activities, eq(activities.id, readClockMarks.act_id))
      .where(and(eq(readClockMarks.org_id, orgId), eq(readClockMarks.status, ITEM_PENDING), eq(activities.is_delete, 0)))
      .groupBy(readClockMarks.act_id);
  },
  moderation: (act) => readClockConfigOf(act.config).moderation,
};
