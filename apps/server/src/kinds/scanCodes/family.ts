import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { SCAN_BATCH_DEFAULTS, scanBatchesResource, scanCodesResource, scanLogsResource } from '@huodong/domain';
import { readers, scanBatches, scanCodes, scanLogs } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { bind, type ReadContext, type Row } from '../../resources/binding.js';
import { codeLink, makeCodes, newBatchSecret, voidCodes } from './codes.js';

const ofBatch = (ids: number[]) => inArray(scanLogs.batch_id, ids);

/** What a batch's row shows beyond its columns: codes scanned, credited scans and the points they gave. */
async function presentBatches(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  if (!rows.length) return rows;
  const db = ctx.request.server.database.db;
  const ids = rows.map((r) => r.id);
  const [codes, scans] = await Promise.all([
    db.select({ batch_id: scanCodes.batch_id, used: count() }).from(scanCodes).where(and(inArray(scanCodes.batch_id, ids), sql`${scanCodes.scans_used} > 0`)).groupBy(scanCodes.batch_id),
    db
      .select({ batch_id: scanLogs.batch_id, ok: count(), points: sql<number>`coalesce(sum(${scanLogs.points}), 0)`.mapWith(Number) })
      .from(scanLogs)
      .where(and(ofBatch(ids), eq(scanLogs.result, 'ok')))
      .groupBy(scanLogs.batch_id),
  ]);
  return rows.map((r) => {
    const s = scans.find((x) => x.batch_id === r.id);
    return { ...r, codes_used: codes.find((c) => c.batch_id === r.id)?.used ?? 0, scans_ok: s?.ok ?? 0, points_issued: s?.points ?? 0 };
  });
}

/**
 * 二维码批次 of a scan campaign: the settings' defaults, the batch's secret, its codes made in the
 * create's transaction; the number of codes is fixed once made; 作废 voids it and its codes; a
 * batch with scans is never deleted (作废 instead: the scans are the points' evidence).
 */
export const scanBatchesBinding = bind({
  def: scanBatchesResource,
  table: scanBatches,
  hidden: ['secret'],
  present: presentBatches,
  prepare(values, { existing }) {
    if (existing) {
      if (values.count !== undefined && values.count !== existing.count) throw validationError([{ field: 'count', message: '二维码数量创建后不能修改，请另建批次' }]);
      if (existing.status === 'void') throw validationError([{ field: 'name', message: '批次已作废，不能修改' }]);
      return values;
    }
    return { ...SCAN_BATCH_DEFAULTS, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)), secret: newBatchSecret() };
  },
  async after(action, rows, { tx }) {
    if (action === 'create') for (const b of rows) await makeCodes(tx, b as Row & { org_id: number; act_id: number }, Number(b.count));
  },
  async guard(action, rows, { tx }) {
    if (action !== 'delete' && action !== 'batchDelete') return;
    const [scanned] = await tx.select({ n: countDistinct(scanLogs.id) }).from(scanLogs).where(ofBatch(rows.map((r) => r.id)));
    if (scanned && scanned.n > 0) throw validationError([{ field: 'id', message: '已有扫码记录的批次不能删除，请作废' }]);
  },
  commands: {
    async void(row, { tx }) {
      const [voided] = (await tx
        .update(scanBatches)
        .set({ status: 'void', voided_at: sql`extract(epoch from now())::bigint`, updated_at: sql`extract(epoch from now())::bigint` })
        .where(and(eq(scanBatches.id, row.id), eq(scanBatches.status, 'active')))
        .returning()) as Row[];
      if (!voided) throw validationError([{ field: 'status', message: '该批次已作废' }]);
      await voidCodes(tx, row.id);
      return voided;
    },
  },
});

/** The codes of a batch, each with its QR's link (the sheet export carries it). */
export const scanCodesBinding = bind({
  def: scanCodesResource,
  table: scanCodes,
  async present(rows, ctx) {
    if (!rows.length) return rows;
    const db = ctx.request.server.database.db;
    const batchIds = [...new Set(rows.map((r) => r.batch_id as number))];
    const secrets = await db.select({ id: scanBatches.id, secret: scanBatches.secret }).from(scanBatches).where(inArray(scanBatches.id, batchIds));
    const secretOf = new Map(secrets.map((s) => [s.id, s.secret]));
    return rows.map((r) => ({ ...r, link: codeLink(ctx.request, ctx.org!.key, secretOf.get(r.batch_id as number) ?? '', String(r.code)) }));
  },
});

/** Every scan of an activity: who (account, name) and the batch's name. */
export const scanLogsBinding = bind({
  def: scanLogsResource,
  table: scanLogs,
  hidden: ['nonce'],
  async present(rows, ctx) {
    if (!rows.length) return rows;
    const db = ctx.request.server.database.db;
    const readerIds = [...new Set(rows.map((r) => r.reader_id as number))];
    const batchIds = [...new Set(rows.map((r) => r.batch_id as number | null).filter((b): b is number => b !== null))];
    const [who, batches] = await Promise.all([
      db.select({ id: readers.id, account: readers.account, real_name: readers.real_name }).from(readers).where(inArray(readers.id, readerIds)),
      batchIds.length ? db.select({ id: scanBatches.id, name: scanBatches.name }).from(scanBatches).where(inArray(scanBatches.id, batchIds)) : Promise.resolve([]),
    ]);
    const byReader = new Map(who.map((w) => [w.id, w]));
    const byBatch = new Map(batches.map((b) => [b.id, b.name]));
    return rows.map((r) => ({ ...r, account: byReader.get(r.reader_id as number)?.account ?? '', real_name: byReader.get(r.reader_id as number)?.real_name ?? '', batch_name: byBatch.get(r.batch_id as number) ?? '' }));
  },
});
