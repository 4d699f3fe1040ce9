import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { activityStateOf, batchBudget, SCAN_BATCH_STATUS, SCAN_RESULTS, type ScanResult } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { scanBatches, scanCodes, scanLogs } from '../../db/schema.js';
import { figuresActivity, noGapDays, perDayCounts, type ActivityRow } from '../../figures/index.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';
import { INTEGRAL_TYPE } from './scan.js';

const ok = sql`${scanLogs.result} = 'ok'`;
const okCount = () => sql<number>`count(*) filter (where ${ok})`.mapWith(Number);
const okReaders = () => sql<number>`count(distinct ${scanLogs.reader_id}) filter (where ${ok})`.mapWith(Number);
const okPoints = () => sql<number>`coalesce(sum(${scanLogs.points}) filter (where ${ok}), 0)`.mapWith(Number);

/**
 * The figures of a scan campaign (`GET /v1/{org}/integral/{id}/count`, page actCountIntegral):
 * scans, credited scans, readers and points in total and per China-time day with no gaps, the
 * points issued against the budget (the activity's `config.budget`, else the batches' own:
 * codes × points × scans per code, none when a code may be scanned without limit), codes used,
 * scans per result and per batch.
 */
export async function integralCount(db: Db, act: ActivityRow) {
  const running = activityStateOf({ start_at: act.start_at, end_at: act.end_at, state: act.state }, nowSec()) === 2;
  const ofAct = eq(scanLogs.act_id, act.id);
  const [days, [totals], results, batches, codes] = await Promise.all([
    perDayCounts(db, { table: scanLogs, at: scanLogs.created_at, where: ofAct, columns: { scans: count(), ok: okCount(), readers: okReaders(), points: okPoints() } }),
    db.select({ scans: count(), ok: okCount(), readers: okReaders(), points: okPoints() }).from(scanLogs).where(ofAct),
    db.select({ result: scanLogs.result, scans: count() }).from(scanLogs).where(ofAct).groupBy(scanLogs.result),
    db.select().from(scanBatches).where(eq(scanBatches.act_id, act.id)).orderBy(scanBatches.id),
    db
      .select({ batch_id: scanCodes.batch_id, codes: count(), used: sql<number>`count(*) filter (where ${scanCodes.scans_used} > 0)`.mapWith(Number) })
      .from(scanCodes)
      .where(and(eq(scanCodes.org_id, act.org_id), eq(scanCodes.act_id, act.id)))
      .groupBy(scanCodes.batch_id),
    ]);
  const perBatch = await db
    .select({ batch_id: scanLogs.batch_id, ok: okCount(), points: okPoints() })
    .from(scanLogs)
    .where(ofAct)
    .groupBy(scanLogs.batch_id);
  const live = batches.filter((b) => b.status !== 'void');
  const own = Number((act.config as { budget?: unknown } | null)?.budget ?? 0);
  const budgets = live.map(batchBudget);
  const budget = own > 0 ? own : live.length && budgets.every((b) => b !== null) ? budgets.reduce<number>((s, b) => s + b!, 0) : null;
  return {
    activity: { id: act.id, title: act.title, join_num: act.join_num },
    totals: {
      ...totals,
      budget,
      budget_used: budget ? Math.round((totals.points * 10000) / budget) / 100 : null,
      codes: codes.reduce((s, c) => s + c.codes, 0),
      codes_used: codes.reduce((s, c) => s + c.used, 0),
    },
    results: Object.entries(SCAN_RESULTS).map(([result, label]) => ({ result, label, scans: results.find((x) => (x.result as ScanResult) === result)?.scans ?? 0 })),
    batches: batches.map((b) => {
      const c = codes.find((x) => x.batch_id === b.id);
      const s = perBatch.find((x) => x.batch_id === b.id);
      return { id: b.id, name: b.name, codes: c?.codes ?? 0, codes_used: c?.used ?? 0, ok: s?.ok ?? 0, points: s?.points ?? 0, status: SCAN_BATCH_STATUS[b.status as keyof typeof SCAN_BATCH_STATUS] ?? b.status };
    }),
    days: noGapDays(days, { scans: 0, ok: 0, readers: 0, points: 0 }, running),
  };
}

/** Its figures' route: `GET /v1/{org}/integral/{id}/count` (page actCountIntegral). */
export async function scanFiguresRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.withTypeProvider<ZodTypeProvider>().get('/v1/:org/integral/:id/count', { config: { access: 'org' }, schema: { params: actParams } }, async (request) =>
    integralCount(db, await figuresActivity(db, request, request.params.id, [INTEGRAL_TYPE])),
  );
}
