import type { FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { chinaDayKey, GATE, SCAN_CODE_PATTERN, SCAN_RULE_OFF, SCAN_RESULTS, scanNeedsPosition, scanRefusal, type ReaderScan, type ScanResult } from '@huodong/domain';
import { keyedRead, type Db, type Tx } from '../../db/client.js';
import type { ActivityRow } from '../kind.js';
import { scanBatches, scanCodes, scanLogs } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { refused, validationError } from '../../http/errors.js';
import { orgOf, perReaderSource, readerOf, readerValues, type ReaderSource } from '../../auth/access.js';
import { nowSec } from '../../participation/clock.js';
import { factsRefusal, gateFacts, joinReader, needsJoin } from '../../participation/gate.js';
import { keptFrom } from '../../participation/idempotency.js';
import { creditScan } from './credit.js';
import { signOk } from './codes.js';

export const INTEGRAL_TYPE = 16;
/** Blacklist entries covering scanning (design §14 action `scan`) refuse a scan as `blocked`. */
export const BAN_ACTION = 'scan';

export interface ScanAnswer {
  result: ScanResult;
  message: string;
  points: number;
  code: string;
  activity: { id: number; title: string } | null;
  batch: { id: number; name: string } | null;
  scanned_at: number;
}

/** A scan's answer (recordScan's log, scanAtOnce's statement): the code shown by its first 16 characters, the batch only of a genuine code. */
export const scanAnswer = (result: ScanResult, points: number, text: string, act: { id: number; title: string } | null, batch: { id: number; name: string } | null, now: number): ScanAnswer => ({
  result,
  message: SCAN_RESULTS[result],
  points,
  code: text.slice(0, 16),
  activity: act && { id: act.id, title: act.title },
  batch: batch && { id: batch.id, name: batch.name },
  scanned_at: now,
});

type BatchRow = typeof scanBatches.$inferSelect;
type CodeRow = typeof scanCodes.$inferSelect;

/**
 * One more of a reader's credited scans of one subject — of a code (`day` 0) or of a batch on a
 * day — unless at `limit` (0: no limit), when `when` holds: an upsert returning the new count
 * (none: at the limit). recordScan's statements and scanAtOnce's parts.
 */
export const countUpSql = (subject: 'code' | 'day', refId: number, reader: SQL, day: number, limit: number, when: SQL = sql`true`): SQL =>
  sql`insert into scan_reader_counts as c (subject, ref_id, reader_id, day, n) select ${subject}::varchar, ${refId}::int, ${reader}, ${day}::int, 1 where ${when}
    on conflict (subject, ref_id, reader_id, day) do update set n = c.n + 1 where ${limit}::int = 0 or c.n < ${limit}::int returning n`;

/** One more of the code's scans, when `when` holds and some are left (`max_scans`; marked exhausted at its last): an update returning 1. */
export const takeCodeSql = (code: CodeRow, batch: BatchRow, when: SQL): SQL =>
  sql`update ${scanCodes} set scans_used = ${scanCodes.scans_used} + 1,
      status = case when ${batch.max_scans}::int > 0 and ${scanCodes.scans_used} + 1 >= ${batch.max_scans}::int then 'exhausted' else ${scanCodes.status} end
    where ${scanCodes.id} = ${code.id}::int and ${when} and ${scanCodes.status} = 'active' and (${batch.max_scans}::int = 0 or ${scanCodes.scans_used} < ${batch.max_scans}::int)
    returning 1`;

/** One statement: a reader's credited scans of one subject, one more unless at `limit` (0: no limit); false when at it. */
async function countUp(tx: Tx, subject: 'code' | 'day', refId: number, readerId: number, day: number, limit: number): Promise<boolean> {
  return rowsOf(await tx.execute(countUpSql(subject, refId, sql`${readerId}::int`, day, limit))).length > 0;
}

/**
 * One statement: the reader's scans of the code, one more unless at the batch's per-reader limit,
 * and only then the code's scans, one more unless it is used up (marked exhausted at its last).
 * `reader` false: a duplicate; `code` false: used up (the caller rolls the reader's count back).
 */
async function useCode(tx: Tx, code: CodeRow, batch: BatchRow, readerId: number): Promise<{ reader: boolean; code: boolean }> {
  const [row] = rowsOf<{ reader: number | string; code: number | string }>(
    await tx.execute(sql`
      with r as (${countUpSql('code', code.id, sql`${readerId}::int`, 0, batch.per_reader_limit)}),
      u as (${takeCodeSql(code, batch, sql`exists (select 1 from r)`)})
      select (select count(*) from r) as reader, (select count(*) from u) as code`),
  );
  return { reader: Number(row.reader) > 0, code: Number(row.code) > 0 };
}

/** A code of the organisation's with its batch, as a scan reads it. */
export type ScannedCode = { code: CodeRow; batch: BatchRow };

/** The code as scanned: upper case (a code typed by hand may be in lower case). */
export const scannedText = (body: ReaderScan): string => body.code.toUpperCase();

/** The reader's position when the scan carries one. */
export const positionOf = (body: ReaderScan): { lng: number; lat: number } | null => (body.lng !== undefined && body.lat !== undefined ? { lng: body.lng, lat: body.lat } : null);

/** The code's read with its batch, by the organisation and the code (keyedRead); with the reader's id read by `reader` or without. */
const codeRead = (reader: SQL | null) =>
  keyedRead((db) =>
    db
      .select({ code: scanCodes, batch: scanBatches, ...(reader ? { reader_id: sql<number | null>`(${reader})`.mapWith(Number) } : {}) })
      .from(scanCodes)
      .innerJoin(scanBatches, eq(scanBatches.id, scanCodes.batch_id))
      .where(and(eq(scanCodes.org_id, sql.placeholder('org_id')), eq(scanCodes.code, sql.placeholder('code')))),
  );
const codeReadAlone = codeRead(null);
const codeReadWithReader = perReaderSource(codeRead);

/**
 * The organisation's code `text` with its batch (null: none, or not a code's shape); with `reader`
 * (readerSource: a token left to the statement is checked in it), the reader's id read in the same
 * statement (null: the token refused).
 */
export async function codeOf(db: Db | Tx, orgId: number, text: string, reader?: ReaderSource): Promise<(ScannedCode & { reader_id?: number | null }) | null> {
  if (!SCAN_CODE_PATTERN.test(text)) return null;
  const values = { org_id: orgId, code: text };
  const [found] = await (reader ? codeReadWithReader(reader)(db, { ...values, ...readerValues(reader) }) : codeReadAlone(db, values));
  return (found as (ScannedCode & { reader_id?: number | null }) | undefined) ?? null;
}

/** A refusal inside the counting savepoint: rolls back what was counted, the scan is logged with it. */
class Refused extends Error {
  constructor(readonly result: ScanResult) {
    super(result);
  }
}

/**
 * A reader's scan (`POST /v1/{org}/client/scan`), in the caller's transaction (the participation
 * kit's `idempotent`, keyed by the nonce, the answer kept in the log row's statement: a retried
 * scan answers the first result). Decided in
 * order: the code and its signature (another organisation's code reads as unknown: `invalid`),
 * the participation gate (blacklist → `blocked`, the activity's window → `not_started`/`expired`,
 * other refusals as the gate's errors), the batch's window and place; then counted, each limit by
 * one statement, inside a savepoint that a refusal rolls back: the reader's scans of the code
 * (`duplicate`) with the code's scans (`exhausted`) in one, of the batch today (`cap_reached`), the points
 * (the ledger's cap → `cap_reached`), the first join. Every scan leaves one log row with its result.
 */
export async function recordScan(tx: Tx, request: FastifyRequest, body: ReaderScan, read?: ScannedCode | null, onGate?: (act: ActivityRow) => void): Promise<ScanAnswer> {
  const org = orgOf(request);
  const readerId = readerOf(request).id;
  const now = nowSec();
  const day = Number(chinaDayKey(now));
  const text = scannedText(body);
  const found = read === undefined ? await codeOf(tx, org.id, text) : read;
  const genuine = !!found && signOk(found.batch.secret, text, body.sign);
  const position = positionOf(body);

  // A code of the organisation's with a wrong signature is logged under its activity (the
  // administrator sees forged links in the scan log); one of no batch of the organisation's under none.
  const log = async (result: ScanResult, points = 0, act: { id: number; title: string } | null = null): Promise<ScanAnswer> => {
    const b = found?.batch ?? null;
    const answer = scanAnswer(result, points, text, act, genuine ? b : null, now);
    // The log row and the answer kept by the nonce in one statement: a replay's unique key undoes both (idempotent keptByRun).
    const logged = tx.insert(scanLogs).values({
      org_id: org.id,
      act_id: act?.id ?? b?.act_id ?? null,
      batch_id: b?.id ?? null,
      code_id: found?.code.id ?? null,
      reader_id: readerId,
      code: text.slice(0, 16),
      result,
      points,
      nonce: body.nonce,
      ip: request.ip.slice(0, 64),
      lng: position?.lng ?? null,
      lat: position?.lat ?? null,
      day,
      created_at: now,
    }).returning({ id: scanLogs.id });
    await tx.execute(sql`with l as ${logged}, k as (${keptFrom(request, body.nonce, sql`${JSON.stringify(answer)}::jsonb`, sql`l`)}) select 1 from k`);
    return answer;
  };

  if (!genuine) return log('invalid');
  const { code, batch } = found!;
  const facts = await gateFacts(tx, request, batch.act_id, INTEGRAL_TYPE, { action: BAN_ACTION });
  const act = facts.act;
  if (!act) return log('invalid');
  onGate?.(act);
  const actRef = { id: act.id, title: act.title };
  const gate = factsRefusal({ ...facts, ban: null }, now, {});
  if (gate?.gate === GATE.missing.gate) return log('invalid');
  if (gate && gate.gate !== GATE.notStarted.gate && gate.gate !== GATE.ended.gate) throw refused(gate);
  if (scanNeedsPosition(batch) && !position) throw validationError([{ field: body.lng === undefined ? 'lng' : 'lat', message: '请允许获取位置后再扫码' }]);
  const before = scanRefusal({
    genuine,
    batch,
    code,
    banned: !!facts.ban,
    activity: gate?.gate === GATE.notStarted.gate ? 'not_started' : gate?.gate === GATE.ended.gate ? 'ended' : 'open',
    now,
    position,
  });
  if (before) return log(before, 0, actRef);

  try {
    const points = await tx.transaction(async (sp) => {
      const used = await useCode(sp, code, batch, readerId);
      if (!used.reader) throw new Refused('duplicate');
      if (!used.code) throw new Refused('exhausted');
      if (batch.per_reader_daily > 0 && !(await countUp(sp, 'day', batch.id, readerId, day, batch.per_reader_daily))) throw new Refused('cap_reached');
      const credit = await creditScan(sp, { orgId: org.id, readerId, actId: act.id, code: code.code, codeId: code.id, points: batch.points, perCode: batch.per_reader_limit, nonce: body.nonce });
      if (credit === 'disabled') throw refused(SCAN_RULE_OFF);
      if (credit !== 'posted') throw new Refused(credit === 'capped' ? 'cap_reached' : 'duplicate');
      if (needsJoin(facts.joined)) await joinReader(sp, act, facts.reader, facts.joined);
      return batch.points;
    });
    return log('ok', points, actRef);
  } catch (err) {
    if (err instanceof Refused) return log(err.result, 0, actRef);
    throw err;
  }
}
