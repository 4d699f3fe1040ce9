import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import yazl from 'yazl';
import { and, asc, eq, gt } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { idParam, rankByPoints, readerScanSchema, SCAN_LIMITS } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { activities, readers, scanBatches, scanCodes, scanLogs } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { notFound } from '../../http/errors.js';
import { orgOf, readerOf, readerSource, settleReader } from '../../auth/access.js';
import { attachment } from '../../exports/xlsxStream.js';
import { audit } from '../../resources/audit.js';
import { idempotent } from '../../participation/idempotency.js';
import { GatePassed, seenBy } from '../../participation/gate.js';
import { nowSec } from '../../participation/clock.js';
import { rememberedPointsConfig } from '../../points/ledger.js';
import { actParams, orgParams } from '../../participation/params.js';
import { activityOfPath, type ActivityRow } from '../kind.js';
import { codeLink } from './codes.js';
import { codeOf, INTEGRAL_TYPE, recordScan, scannedText } from './scan.js';
import { scanAtOnce } from './scanAtOnce.js';

const rankingQuery = z.object({ limit: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '条数不能小于1').max(200, '条数不能超过200').optional().default(50), reflesh: z.unknown().optional() });

/**
 * The leaderboard of a campaign (design §10b, §1.7): readers by points credited by its scans inside
 * the activity's window, then by who reached them first (their last credited scan), ranked 1, 1, 3.
 */
export async function leaderboard(db: Db, act: Pick<ActivityRow, 'id' | 'start_at' | 'end_at'>, limit: number) {
  const rows = rowsOf<{ reader_id: number; points: number | string; reached_at: number | string; scans: number | string; account: string; real_name: string }>(
    await db.execute(sql`
      select s.reader_id, s.points, s.reached_at, s.scans, r.account, r.real_name from (
        select ${scanLogs.reader_id} as reader_id, sum(${scanLogs.points}) as points, max(${scanLogs.created_at}) as reached_at, count(*) as scans
        from ${scanLogs}
        where ${scanLogs.act_id} = ${act.id}::int and ${scanLogs.result} = 'ok' and ${scanLogs.created_at} >= ${act.start_at}::bigint and ${scanLogs.created_at} < ${act.end_at}::bigint
        group by ${scanLogs.reader_id}
        order by points desc, reached_at asc limit ${limit}::int
      ) s join ${readers} r on r.id = s.reader_id
      order by s.points desc, s.reached_at asc`),
  );
  return rankByPoints(rows.map((r) => ({ reader_id: Number(r.reader_id), account: r.account, real_name: r.real_name, points: Number(r.points), scans: Number(r.scans), reached_at: Number(r.reached_at) })));
}

/** A batch of the organisation's (404 otherwise). */
async function batchOf(db: Db, request: FastifyRequest, id: number) {
  const [b] = await db.select().from(scanBatches).where(and(eq(scanBatches.org_id, orgOf(request).id), eq(scanBatches.id, id)));
  if (!b) throw notFound('批次不存在');
  return b;
}

/**
 * Scan campaign routes (type 16, issue 24): the reader's scan and leaderboard, the administrator's
 * leaderboard and a batch's QR images as a zip of PNGs. The codes' sheet is the declared export of
 * `scanCodes` (`/v1/{org}/export/integralcodes?act=&batch_id=`), the scan log's `/v1/{org}/export/integral?act=`.
 */
export async function scanCodeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const reader = { access: 'reader' as const };
  const admin = { access: 'org' as const };

  /** The points activities this instance's scans last passed the gate on: a scan of a code of one is credited in one statement. */
  const gateActs = new GatePassed();

  /**
   * `POST /client/scan`: the code read with its batch, then on a remembered activity a credited
   * scan in ONE statement (scanAtOnce); anything else — a refusal, a replay, an activity not
   * remembered — the long way (recordScan, which logs every scan with its result).
   */
  r.post('/v1/:org/client/scan', { config: { ...reader, tokenInWrite: true }, schema: { params: orgParams, body: readerScanSchema } }, async (request) => {
    // The token not remembered is checked in the code's read (readerSource).
    const found = await codeOf(db, orgOf(request).id, scannedText(request.body), readerSource(request));
    const known = found && gateActs.known(request, found.batch.act_id, INTEGRAL_TYPE);
    if (found?.reader_id != null && known) {
      const credited = await scanAtOnce(db, request, known, found, found.reader_id, await rememberedPointsConfig(app.database, known.org_id), request.body, nowSec());
      if (credited) return credited;
    }
    // The token resolved as the access hook would, refusals included.
    await settleReader(request);
    // No read of a kept answer first: a replay's writes are undone by the kept row's unique key in the last statement.
    return idempotent(db, request, request.body.nonce, (tx) => recordScan(tx, request, request.body, found, (act) => gateActs.remember(act)), { readKeptFirst: false, keptByRun: true });
  });

  r.get('/v1/:org/client/activities/:id/points-ranking', { config: reader, schema: { params: actParams, querystring: rankingQuery } }, async (request) => {
    const [row] = await db.select().from(activities).where(and(eq(activities.org_id, orgOf(request).id), eq(activities.id, request.params.id), eq(activities.type, INTEGRAL_TYPE)));
    const [me] = await db.select().from(readers).where(eq(readers.id, readerOf(request).id));
    const { act } = await seenBy(db, me, row);
    const items = await leaderboard(db, act, request.query.limit);
    return { items, mine: items.find((i) => i.reader_id === me.id) ?? null };
  });

  r.get('/v1/:org/integral/:id/ranking', { config: admin, schema: { params: actParams, querystring: rankingQuery } }, async (request) => {
    const act = await activityOfPath(app, request, INTEGRAL_TYPE, request.params.id);
    return { items: await leaderboard(db, act, request.query.limit) };
  });

  r.get('/v1/:org/integral/batch/:id/qrcodes', { config: { ...admin, rawBody: true }, schema: { params: orgParams.extend({ id: idParam }) } }, async (request, reply) => {
    const org = orgOf(request);
    const batch = await batchOf(db, request, request.params.id);
    const codes = await db.select({ id: scanCodes.id, code: scanCodes.code }).from(scanCodes).where(and(eq(scanCodes.batch_id, batch.id), gt(scanCodes.id, 0))).orderBy(asc(scanCodes.id)).limit(SCAN_LIMITS.maxZipCodes);
    const zip = new yazl.ZipFile();
    codes.forEach((c, i) => {
      // Drawn when the zip reaches it: one image in memory at a time, whatever the batch's size.
      async function* png() {
        yield await QRCode.toBuffer(codeLink(request, org.key, batch.secret, c.code), { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
      }
      zip.addReadStream(Readable.from(png()), `${String(i + 1).padStart(4, '0')}-${c.code}.png`, { compress: false });
    });
    zip.end();
    await db.transaction((tx) => audit(tx, request, 'download', 'scanCodes', [batch.id]));
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`${batch.name}-二维码.zip`, 'qrcodes.zip'))
      .send(zip.outputStream as Readable);
  });
}
