import { and, eq, inArray } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { platformRedpackConfigsResource, rankTableText, redpackConfigsResource, redpackPayoutsResource, rewardStatusText, type RankBand } from '@huodong/domain';
import { activities, readers, redpackConfigs, redpackPayouts } from '../db/schema.js';
import { badRequest, validationError } from '../http/errors.js';
import { bind, type ReadContext, type Row } from '../resources/binding.js';
import { withOrgName } from '../resources/families/platformActivities.js';

async function actTitles(ctx: ReadContext, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.request.server.database.db.select({ id: activities.id, title: activities.title }).from(activities).where(inArray(activities.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * An activity's red-packet amounts (`/v1/amount/{org}`): the activity must be the organisation's
 * own (one configuration per activity, a unique key); the budget may not fall below what the
 * payouts hold; a configuration with payouts is paused, not deleted (its receipts stay).
 */
export const redpackConfigsBinding = bind({
  def: redpackConfigsResource,
  table: redpackConfigs,
  async prepare(values, { tx, org, existing }) {
    if (typeof values.act_id === 'number') {
      const [act] = await tx.select({ id: activities.id, title: activities.title }).from(activities).where(and(eq(activities.id, values.act_id), eq(activities.org_id, org!.id), eq(activities.is_delete, 0)));
      if (!act) throw validationError([{ field: 'act_id', message: '活动不存在' }]);
      if (!existing && !values.remark) values.remark = act.title.slice(0, 32);
    }
    if (existing && typeof values.budget_fen === 'number' && values.budget_fen < Number(existing.reserved_fen)) {
      throw validationError([{ field: 'budget_fen', message: `总预算不能低于已用预算${existing.reserved_fen}分` }]);
    }
    return values;
  },
  async guard(action, rows, { tx }) {
    if (action !== 'delete' || !rows.length) return;
    const [used] = await tx.select({ id: redpackPayouts.id }).from(redpackPayouts).where(inArray(redpackPayouts.config_id, rows.map((r) => r.id))).limit(1);
    if (used) throw badRequest('已有发放记录的红包配置不能删除，请暂停');
  },
  present: presentConfigs,
});

/** The configurations with their activity's title and the rank table as its text. */
async function presentConfigs(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  const titles = await actTitles(ctx, rows.map((r) => r.act_id as number));
  return rows.map((r) => ({ ...r, act_title: titles.get(r.act_id as number) ?? '', rank_table: rankTableText((r.rank_table as RankBand[]) ?? []) }));
}

/** The platform's list of every organisation's amounts (`/v1/amount/super`): each row with its organisation's name; 启用/暂停 only. */
export const platformRedpackConfigsBinding = bind({
  def: platformRedpackConfigsResource,
  table: redpackConfigs,
  present: async (rows, ctx) => withOrgName(await presentConfigs(rows, ctx), ctx),
});

/** The receipts: the activity, the reader and the status text of spec §4 (rewardStatusText, the one rule). */
export async function presentPayouts(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  if (!rows.length) return rows;
  const titles = await actTitles(ctx, rows.map((r) => r.act_id as number));
  const who = await ctx.request.server.database.db
    .select({ id: readers.id, account: readers.account, real_name: readers.real_name })
    .from(readers)
    .where(inArray(readers.id, [...new Set(rows.map((r) => r.reader_id as number))]));
  const byId = new Map(who.map((w) => [w.id, w]));
  return rows.map((r) => ({
    ...r,
    act_title: titles.get(r.act_id as number) ?? '',
    reader_account: byId.get(r.reader_id as number)?.account ?? '',
    reader_name: byId.get(r.reader_id as number)?.real_name ?? '',
    status_text: rewardStatusText(r as never),
  }));
}

export const redpackPayoutsBinding = bind({
  def: redpackPayoutsResource,
  table: redpackPayouts,
  hidden: ['openid', 'reserved_day'],
  present: presentPayouts,
});

/** A reader's payouts in total (the user amount detail). */
export const readerTotals = (orgId: number, readerId: number) => sql`select
  count(*)::int as payouts,
  coalesce(sum(amount_fen) filter (where reward_status = 2 and wepay_status = 'RECEIVED'), 0)::int as received_fen,
  coalesce(sum(amount_fen) filter (where reward_status = 2 and wepay_status not in ('RECEIVED', 'REFUND')), 0)::int as sending_fen,
  coalesce(sum(amount_fen) filter (where reward_status = 1), 0)::int as pending_fen
  from redpack_payouts where org_id = ${orgId} and reader_id = ${readerId}`;
