import { inArray, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { refuseWhenFull, type LastParts } from '../../participation/gate.js';
import { voteAddressDays, voteDays, voteReaderDays, votes, voteSources } from '../../db/schema.js';

/**
 * The tallies of a voting activity's votes (migration 0019), so that no ballot, quota or result
 * reads the votes themselves: each source's counts (`vote_sources`), the figures per day split
 * over slots (`vote_days`), each reader's votes per day (`vote_reader_days`) and each address's
 * valid votes per day (`vote_address_days`). A ballot adds to them in its own transaction, in one
 * statement with its votes (recordBallot); a void lessens them exactly, never beside a ballot of
 * the activity (untallyVoids, ballotsOrVoid).
 */

/** Rows each day's figures are split over (by `reader_id % VOTE_DAY_SLOTS`); migration 0019 backfilled with 8. */
export const VOTE_DAY_SLOTS = 8;
/** `vote_days.day` of the whole activity's row (voters only). */
export const WHOLE_ACTIVITY = '';

const valuesList = (rows: SQL[]) => sql.join(rows, sql`, `);
const count = (vs: readonly { status: string }[], status: string) => vs.filter((v) => v.status === status).length;

export interface BallotTally {
  act: { id: number; org_id: number };
  readerId: number;
  day: string;
  origin: { ip: string; device_id: string; ua_hash: string };
  requestId: string;
  now: number;
  votes: readonly { source_id: number; status: 'valid' | 'suspect'; reason: string }[];
  /** The reader's votes in the activity as the ballot was decided on them (its whole-activity row; 0: none). */
  readerTotal: number;
  /** The reader's first votes today (as decided; the first in the activity: `readerTotal` 0). */
  firstToday: boolean;
  /** Also in the statement (issue 22): the reader's first join and the answer kept, `answer` being the ballot's. */
  last?: LastParts & { answer: unknown };
}

/**
 * The lock that keeps voids and ballots of one activity apart (one-key advisory space, the
 * activity id negated; the two-key space holds the per-reader locks): ballots take it shared, a
 * void exclusive, so a void never runs beside a ballot and its recount meets no vote in flight.
 */
export const ballotsOrVoid = (actId: number, mode: 'ballot' | 'void'): SQL =>
  mode === 'ballot' ? sql`pg_advisory_xact_lock_shared(${-actId}::bigint)` : sql`pg_advisory_xact_lock(${-actId}::bigint)`;

/**
 * A ballot's votes stored and added to every tally, as common table expressions of one statement
 * (the long way's recordBallot, the one statement of ballotAtOnce). First `reader_all`, the
 * reader's whole-activity row (day ''), added to only while its votes are `readerTotal`, the
 * count the ballot was decided on (PostgreSQL re-reads a row another statement changed before
 * its update applies): a ballot of the same reader committed since, on any day, leaves it empty,
 * and then nothing else is written. `from`: the relations the row is written from (ballotAtOnce:
 * the gate's reader and the locks). Then, each only with `reader_all` written: the votes, the
 * reader's day, the sources (locked in id order by `locked`, not inlined as it locks rows; `no key
 * update`, the lock an UPDATE takes, so the foreign-key locks of other ballots' new votes do not
 * block it), the address's valid votes and the day's slot. Every ballot runs the same parts, so
 * the rows shared between ballots are always taken in the same order; voids wait for the
 * activity's ballots (ballotsOrVoid).
 */
export function ballotParts(t: BallotTally, from?: SQL): SQL {
  const { act, day, now } = t;
  const { ip, device_id, ua_hash } = t.origin;
  const bySource = [...t.votes].sort((a, b) => a.source_id - b.source_id);
  const valid = count(t.votes, 'valid');
  const slot = t.readerId % VOTE_DAY_SLOTS;
  const written = sql`exists (select 1 from reader_all)`;
  const cast = valuesList(
    t.votes.map(
      (v) =>
        sql`(${act.org_id}::int, ${act.id}::int, ${v.source_id}::int, ${t.readerId}::int, ${day}::varchar, ${ip}::varchar, ${device_id}::varchar, ${ua_hash}::varchar, ${v.status}::varchar, ${v.reason}::varchar, ${t.requestId}::varchar, ${now}::bigint)`,
    ),
  );
  const ids = valuesList(bySource.map((v) => sql`${v.source_id}::int`));
  const delta = valuesList(bySource.map((v) => sql`(${v.source_id}::int, ${v.status === 'valid' ? 1 : 0}::int, ${v.status === 'suspect' ? 1 : 0}::int)`));
  const addressRows = valuesList(
    [{ source_id: 0, valid }, ...bySource.filter((v) => v.status === 'valid').map((v) => ({ source_id: v.source_id, valid: 1 }))].map(
      (a) => sql`(${act.org_id}::int, ${act.id}::int, ${day}::varchar, ${ip}::varchar, ${a.source_id}::int, ${a.valid}::int)`,
    ),
  );
  const dayRow = (d: string, v: number, s: number, voters: number) => sql`(${act.org_id}::int, ${act.id}::int, ${d}::varchar, ${slot}::smallint, ${v}::int, ${s}::int, ${voters}::int)`;
  const dayRows = valuesList([
    ...(t.readerTotal === 0 ? [dayRow(WHOLE_ACTIVITY, 0, 0, 1)] : []),
    dayRow(day, valid, count(t.votes, 'suspect'), t.firstToday ? 1 : 0),
  ]);
  const readerRow = (d: string) => sql`${act.org_id}::int, ${act.id}::int, ${t.readerId}::int, ${d}::varchar, ${t.votes.length}::int, ${now}::bigint`;
  return sql`reader_all as (
      insert into ${voteReaderDays} (org_id, act_id, reader_id, day, votes, last_at)
      select ${readerRow(WHOLE_ACTIVITY)} ${from ? sql`from ${from}` : sql``}
      on conflict (act_id, reader_id, day) do update set votes = ${voteReaderDays.votes} + excluded.votes, last_at = greatest(${voteReaderDays.last_at}, excluded.last_at)
      where ${voteReaderDays.votes} = ${t.readerTotal}::int
      returning 1
    ),
    cast_votes as (
      insert into ${votes} (org_id, act_id, source_id, reader_id, day, ip, device_id, ua_hash, status, reason, request_id, created_at)
      select * from (values ${cast}) v where ${written}
    ),
    reader_day as (
      insert into ${voteReaderDays} (org_id, act_id, reader_id, day, votes, last_at)
      select ${readerRow(day)} where ${written}
      on conflict (act_id, reader_id, day) do update set votes = ${voteReaderDays.votes} + excluded.votes, last_at = greatest(${voteReaderDays.last_at}, excluded.last_at)
    ),
    locked as (select ${voteSources.id} as id from ${voteSources} where ${voteSources.id} in (${ids}) and ${written} order by ${voteSources.id} for no key update),
    sources as (
      update ${voteSources} set
        vote_count = ${voteSources.vote_count} + v.valid,
        suspect_count = ${voteSources.suspect_count} + v.suspect,
        reached_at = case when v.valid > 0 then ${now}::bigint else ${voteSources.reached_at} end
      from (values ${delta}) as v(id, valid, suspect) join locked on locked.id = v.id
      where ${voteSources.id} = v.id
    ),
    address as (
      insert into ${voteAddressDays} (org_id, act_id, day, ip, source_id, valid)
      select * from (values ${addressRows}) as a(org_id, act_id, day, ip, source_id, valid) where a.valid > 0 and ${written}
      on conflict (act_id, day, ip, source_id) do update set valid = ${voteAddressDays.valid} + excluded.valid
    ),
    days as (
      insert into ${voteDays} (org_id, act_id, day, slot, valid, suspect, voters)
      select * from (values ${dayRows}) d where ${written}
      on conflict (act_id, day, slot) do update set valid = ${voteDays.valid} + excluded.valid, suspect = ${voteDays.suspect} + excluded.suspect, voters = ${voteDays.voters} + excluded.voters
    )`;
}

/**
 * A ballot in one statement inside the caller's transaction, which holds the reader's ballot lock
 * (ballotLock): ballotParts, with `last`, the first join (full: refused, the caller's transaction
 * rolled back) and the kept answer, kept only with the votes written. False when the reader's
 * whole-activity row was not as read — only a ballot of one statement that committed between the
 * lock and the facts' read, which the lock rules out (ballotAtOnce takes it too).
 */
export async function recordBallot(tx: Tx, t: BallotTally): Promise<boolean> {
  const done = await tx.execute(sql`
    with ${ballotParts(t)}
    ${t.last?.join ? sql`, ${t.last.join.parts}` : sql``}
    ${t.last ? sql`, kept as (${t.last.keep(sql`${JSON.stringify(t.last.answer)}::jsonb`, sql`reader_all`)})` : sql``}
    select exists (select 1 from reader_all) as written, ${t.last?.join ? t.last.join.outcome : sql`null as join_id, null as join_num`}`);
  const [row] = rowsOf<{ written: boolean; join_id: number | string | null; join_num: number | string | null }>(done);
  refuseWhenFull(row);
  return row?.written === true;
}

/** A vote voided, with the status it had. */
export interface VoidedVote {
  source_id: number;
  reader_id: number;
  day: string;
  ip: string;
  was: 'valid' | 'suspect';
}

/**
 * After a void (holding the activity's lock, ballotsOrVoid): each touched source recounted from its
 * votes, then the addresses' valid votes and the day figures lessened by exactly the votes voided.
 * Voters stay: a voided vote was still cast.
 */
export async function untallyVoids(tx: Tx, actId: number, voided: readonly VoidedVote[]): Promise<void> {
  if (!voided.length) return;
  await recountSources(tx, voided.map((v) => v.source_id));

  const addresses = new Map<string, { day: string; ip: string; source_id: number; valid: number }>();
  for (const v of voided) {
    if (v.was !== 'valid') continue;
    for (const source_id of [0, v.source_id]) {
      const key = `${v.day}|${v.ip}|${source_id}`;
      const a = addresses.get(key) ?? { day: v.day, ip: v.ip, source_id, valid: 0 };
      a.valid++;
      addresses.set(key, a);
    }
  }
  if (addresses.size) {
    const rows = valuesList([...addresses.values()].map((a) => sql`(${a.day}::varchar, ${a.ip}::varchar, ${a.source_id}::int, ${a.valid}::int)`));
    await tx.execute(sql`
      update ${voteAddressDays} a set valid = a.valid - k.valid from (values ${rows}) k(day, ip, source_id, valid)
      where a.act_id = ${actId} and a.day = k.day and a.ip = k.ip and a.source_id = k.source_id`);
  }

  const days = new Map<string, { day: string; slot: number; valid: number; suspect: number }>();
  for (const v of voided) {
    const slot = v.reader_id % VOTE_DAY_SLOTS;
    const key = `${v.day}|${slot}`;
    const d = days.get(key) ?? { day: v.day, slot, valid: 0, suspect: 0 };
    d[v.was]++;
    days.set(key, d);
  }
  const dayRows = valuesList([...days.values()].map((d) => sql`(${d.day}::varchar, ${d.slot}::smallint, ${d.valid}::int, ${d.suspect}::int)`));
  await tx.execute(sql`
    update ${voteDays} d set valid = d.valid - k.valid, suspect = d.suspect - k.suspect from (values ${dayRows}) k(day, slot, valid, suspect)
    where d.act_id = ${actId} and d.day = k.day and d.slot = k.slot`);
}

/** Counts of sources recomputed from their votes (no ballot runs beside: ballotsOrVoid). */
async function recountSources(tx: Tx, sourceIds: number[]): Promise<void> {
  const ids = [...new Set(sourceIds)];
  const of = (status: string) => sql`(select count(*) from ${votes} v where v.source_id = ${voteSources.id} and v.status = ${status})::int`;
  await tx
    .update(voteSources)
    .set({
      vote_count: of('valid'),
      suspect_count: of('suspect'),
      void_count: of('void'),
      reached_at: sql`(select max(v.created_at) from ${votes} v where v.source_id = ${voteSources.id} and v.status = 'valid')`,
    })
    .where(inArray(voteSources.id, ids));
}
