import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { canonicalJson, REQUEST_ID_REUSED } from '@huodong/domain';
import { keyedRead, type Db, type Tx } from '../db/client.js';
import { readerRequests } from '../db/schema.js';
import { HttpError, pgErrorCode } from '../http/errors.js';
import { perReaderSource, readerIdSql, readerOf, readerSource, readerValues } from '../auth/access.js';

/**
 * What a reader's write asks, hashed: method, route pattern, path parameters (organisation,
 * activity, …) and the body without `request_id`, keys sorted. A request id answers only the
 * request it was first used for.
 */
export function requestFingerprint(request: FastifyRequest): string {
  const { request_id: _id, ...body } = (request.body ?? {}) as Record<string, unknown>;
  return createHash('sha256').update(canonicalJson([request.method, request.routeOptions.url ?? request.url, request.params ?? {}, body])).digest('hex');
}

/** 409 on `request_id`, in the shape of a refused field (`field: message`, the field in `data.errors`). */
const requestIdReused = () =>
  new HttpError(409, REQUEST_ID_REUSED, { errors: [{ field: 'request_id', message: REQUEST_ID_REUSED }] });

/**
 * A reader write made idempotent by its `request_id`: the first answer (success or refusal) is
 * kept with the fingerprint of the request it answered; a replay of the same request gets it
 * again, also when the replays run at the same time, and the id reused for another request
 * (another route, activity or body) is refused with 409 (issue 20). Every reader write passes here.
 * `readKeptFirst: false` skips the read of a kept answer before the run, for a run whose every
 * write is undone when it is a replay (a refusal, or the kept row's unique key at the end).
 * `keptByRun`: the run keeps its answer itself, in its last statement (`keptFrom`).
 */
export async function idempotent<T>(db: Db, request: FastifyRequest, requestId: string, run: (tx: Tx) => Promise<T>, opts: { readKeptFirst?: boolean; keptByRun?: boolean } = {}): Promise<T> {
  const readerId = readerOf(request).id;
  const fingerprint = requestFingerprint(request);
  const replay = () => keptAnswer<T>(db, request, requestId);
  // Without the read first (issue 22: one round trip less for a write whose replay is refused or
  // meets the kept row's unique key inside its transaction, which rolls it back): the answer kept
  // is found after the run, below.
  const first = opts.readKeptFirst === false ? undefined : await replay();
  if (first !== undefined) return first;
  try {
    return await db.transaction(async (tx) => {
      const answer = await run(tx);
      if (!opts.keptByRun) await tx.insert(readerRequests).values({ reader_id: readerId, request_id: requestId, status: 200, answer: answer as object, fingerprint });
      return answer;
    });
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) {
      await db
        .insert(readerRequests)
        .values({ reader_id: readerId, request_id: requestId, status: err.status, answer: { message: err.message, data: err.data }, fingerprint })
        .onConflictDoNothing();
    }
    // A replay that ran alongside and lost the race on the request id: the winner's answer (or 409 when the winner asked otherwise).
    const other = await replay().catch((e: unknown) => (e === err ? undefined : Promise.reject(e)));
    if (other !== undefined) return other;
    throw err;
  }
}

/**
 * The answer kept for this request id (undefined when none is): the kept success, or the kept refusal
 * thrown again; 409 when the id answered another request. A write that must call out before its
 * transaction (a network call) reads it first, so a replay never calls out again.
 */
export async function keptAnswer<T>(db: Db, request: FastifyRequest, requestId: string): Promise<T | undefined> {
  const [kept] = await db.select().from(readerRequests).where(and(eq(readerRequests.reader_id, readerOf(request).id), eq(readerRequests.request_id, requestId)));
  return answerKept<T>(request, kept);
}

/** A kept row's answer for this request: the success, the refusal thrown again, 409 for another request's id. */
function answerKept<T>(request: FastifyRequest, kept: Pick<typeof readerRequests.$inferSelect, 'fingerprint' | 'status' | 'answer'> | undefined): T | undefined {
  if (!kept) return undefined;
  // '' : kept before fingerprints were recorded (migration 0023); it answers as before.
  if (kept.fingerprint !== '' && kept.fingerprint !== requestFingerprint(request)) throw requestIdReused();
  if (kept.status !== 200) throw new HttpError(kept.status, (kept.answer as { message: string }).message, (kept.answer as { data: unknown }).data);
  return kept.answer as T;
}

/** The reader read by `reader` with the answer kept for a request id (keyedRead). */
const readerAndKeptRead = (reader: SQL) =>
  keyedRead((db) =>
    db
      .select({ reader_id: sql<number | null>`who.id`.mapWith(Number), fingerprint: readerRequests.fingerprint, status: readerRequests.status, answer: readerRequests.answer })
      .from(sql`(select ${reader} as id) who`)
      .leftJoin(readerRequests, and(sql`${readerRequests.reader_id} = who.id`, eq(readerRequests.request_id, sql.placeholder('request_id')))),
  );
const readerAndKeptReads = perReaderSource(readerAndKeptRead);

/**
 * keptAnswer on a `tokenInWrite` route, the token checked in the same statement (readerSource):
 * the reader's id (null: the token refused — `settleReader` then answers as the access hook) and
 * the answer kept for this request id.
 */
export async function readerAndKept<T>(db: Db, request: FastifyRequest, requestId: string): Promise<{ readerId: number | null; kept: T | undefined }> {
  const source = readerSource(request);
  const [row] = await readerAndKeptReads(source)(db, { request_id: requestId, ...readerValues(source) });
  const readerId = row?.reader_id ?? null;
  return { readerId, kept: readerId === null || row.status === null ? undefined : answerKept<T>(request, row as Parameters<typeof answerKept>[1]) };
}

/**
 * As `idempotent`, and also what the run had at hand (`own`, e.g. the rows it wrote) when this
 * call's own run committed, so the caller need not read them again; a replay gets the answer only.
 * The answer's identity tells which: a replay's answer is the kept copy, never the run's object.
 */
export async function idempotentOwn<T, O>(
  db: Db,
  request: FastifyRequest,
  requestId: string,
  run: (tx: Tx) => Promise<{ answer: T; own: O }>,
  opts: { readKeptFirst?: boolean; keptByRun?: boolean } = {},
): Promise<{ answer: T; own?: O }> {
  let mine: { answer: T; own: O } | undefined;
  const answer = await idempotent(
    db,
    request,
    requestId,
    async (tx) => {
      mine = await run(tx);
      return mine.answer;
    },
    opts,
  );
  return { answer, own: mine && mine.answer === answer ? mine.own : undefined };
}


/**
 * The keeping of a write done in one statement, without a transaction (issue 22): the insert of
 * the `reader_requests` row answering `answer`, as a part of that statement, made only `when` the
 * write may go ahead. A request id already kept (a replay, or one running alongside) inserts
 * nothing; the write's own part reads this part's `returning 1` and then writes nothing either,
 * and the caller takes the long way (`idempotent`), which answers the replay or the refusal.
 */
export function keptInStatement(request: FastifyRequest, requestId: string, answer: unknown, when: SQL): SQL {
  return keptRow(request, requestId, sql`${JSON.stringify(answer)}::jsonb`, sql`where ${when} on conflict do nothing`);
}

/** The insert of a kept answer (a jsonb expression), `rest` following its select: from, where, on conflict. */
function keptRow(request: FastifyRequest, requestId: string, answer: SQL, rest: SQL, reader: SQL = readerIdSql(request)): SQL {
  return sql`insert into ${readerRequests} (reader_id, request_id, status, answer, fingerprint)
    select ${reader}, ${requestId}::varchar, 200, ${answer}, ${requestFingerprint(request)}::varchar ${rest}
    returning 1`;
}

/**
 * The keeping of a write done in one statement that makes its answer itself (issue 22): the
 * `reader_requests` row answering `answer` (a jsonb expression over `from`, the rows the write's
 * parts returned), inserted without `on conflict`. A request id already kept, by a replay or one
 * running alongside, raises a unique violation that undoes the whole statement, the write with
 * it: alone, `atOnce` then answers null and the caller takes the long way (`idempotent`); in the
 * run of `idempotent(…, { keptByRun: true })`, the transaction is rolled back and the kept answer
 * read and given. `reader`: the reader as the statement has it already (`rd.id` of gateReaderParts'
 * relation), so that the token is not resolved again; by default the request's (`readerIdSql`).
 */
export function keptFrom(request: FastifyRequest, requestId: string, answer: SQL, from: SQL, reader?: SQL): SQL {
  return keptRow(request, requestId, answer, sql`from ${from}`, reader);
}

/**
 * The "undo" of a write made in one statement (issues 22, 23, 24): a relation of one row when
 * `planned` holds and of two when it does not, to put in the `from` of the kept answer (keptFrom):
 * not as planned, the answer is kept twice, a unique violation that undoes the whole statement
 * (as a replay's kept row does), and `atOnce` answers null — the long way answers.
 */
export const undoneUnless = (planned: SQL): SQL => sql`(select 1 union all select 1 where not (${planned})) undo`;

/**
 * A write in one statement, or null when it met a unique key (a request id kept, a row written
 * alongside) or was undone as a deadlock's victim (40P01: a statement taking a reader's rows in
 * another order than the long way, e.g. a first check-in mark's join before its points, met the
 * same reader's long way): the caller takes the long way.
 */
export async function atOnce<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === '23505' || code === '40P01') return null;
    throw err;
  }
}
