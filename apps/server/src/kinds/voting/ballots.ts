import { earningsInStatement, earningsOnly, plannedPosting, postPoints, type PointsConfigView, type PointsTrigger } from '../../points/ledger.js';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { ballotProblems, chinaDayKey, decideBallot, tooSoonRefusal, voteQuota, type VoteDecision, type VoteQuota } from '@huodong/domain';
import { keyedExecute, type Db, type Tx } from '../../db/client.js';
import { readers, voteAddressDays, voteReaderDays, votes, voteSources } from '../../db/schema.js';
import { readerIdSql } from '../../auth/access.js';
import { atOnce, keptFrom, undoneUnless } from '../../participation/idempotency.js';
import { firstJoinAtOnce, gateReaderParts, plainGate } from '../../participation/gate.js';
import type { ActivityRow } from '../kind.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError, refused, unauthorized, validationError } from '../../http/errors.js';
import type { LastParts } from '../../participation/gate.js';
import { voteRulesOf, windowOf, type VotingActivity } from './rules.js';
import { ballotParts, ballotsOrVoid, recordBallot, WHOLE_ACTIVITY, type BallotTally } from './tallies.js';

const num = (v: unknown) => Number(v ?? 0);

/** Where a vote comes from: the address, the client's device id (header `x-device-id`), a short hash of the user agent. */
export function voteOrigin(request: FastifyRequest): { ip: string; device_id: string; ua_hash: string } {
  const device = request.headers['x-device-id'];
  const ua = request.headers['user-agent'] ?? '';
  return {
    ip: request.ip.slice(0, 64),
    device_id: (Array.isArray(device) ? device[0] : device ?? '').slice(0, 100),
    ua_hash: ua ? createHash('sha256').update(ua).digest('hex').slice(0, 16) : '',
  };
}

/**
 * The reader's and the address's counts in the activity that `decideBallot` and `voteQuota` need,
 * in one statement: the reader (`me`: id and account's age; `reader`: an id or SQL giving one, a
 * token checked in the statement — readerIdSql), the reader's day and whole activity from the
 * tallies (voting/tallies.ts) and the address's valid votes today, the reader's votes today for the
 * chosen sources from the votes (at most the day's limit, through `votes_reader_idx`), and which
 * chosen sources are shown in the activity. Null: no such reader (a token refused).
 */
async function readFacts(db: Db | Tx, act: Pick<VotingActivity, 'id'>, reader: number | SQL, ip: string, now: number, sourceIds: readonly number[]) {
  const day = chinaDayKey(now);
  const chosen = sql.join(sourceIds.map((id) => sql`${id}::int`), sql`, `);
  const me = sql`(select id from who)`;
  const rows = rowsOf<{ kind: 'me' | 'reader' | 'source' | 'address' | 'known'; source_id: number | null; a: number | string | null; b: number | string | null; c: number | string | null; title: string | null }>(
    await keyedExecute(db, sql`
      with who as (select ${typeof reader === 'number' ? sql`${reader}::int` : reader} as id)
      select 'me' as kind, r.id as source_id, 0 as a, 0 as b, r.created_at as c, null::text as title from ${readers} r where r.id = ${me}
      union all
      select 'reader', null::int,
             coalesce(sum(${voteReaderDays.votes}) filter (where ${voteReaderDays.day} = ${day}), 0)::int,
             coalesce(sum(${voteReaderDays.votes}) filter (where ${voteReaderDays.day} = ${WHOLE_ACTIVITY}), 0)::int,
             max(${voteReaderDays.last_at}) filter (where ${voteReaderDays.day} = ${WHOLE_ACTIVITY}), null
      from ${voteReaderDays} where ${voteReaderDays.act_id} = ${act.id} and ${voteReaderDays.reader_id} = ${me} and ${voteReaderDays.day} in (${day}, ${WHOLE_ACTIVITY})
      union all
      select 'address', ${voteAddressDays.source_id}, ${voteAddressDays.valid}, 0, null, null
      from ${voteAddressDays}
      where ${voteAddressDays.act_id} = ${act.id} and ${voteAddressDays.day} = ${day} and ${voteAddressDays.ip} = ${ip} and ${voteAddressDays.source_id} in (0${sourceIds.length ? sql`, ${chosen}` : sql``})
      ${
        sourceIds.length
          ? sql`union all
      select 'source', ${votes.source_id}, count(*)::int, 0, null, null
      from ${votes}
      where ${votes.act_id} = ${act.id} and ${votes.reader_id} = ${me} and ${votes.day} = ${day} and ${votes.source_id} in (${chosen})
      group by ${votes.source_id}
      union all
      select 'known', ${voteSources.id}, 0, 0, null, ${voteSources.title}
      from ${voteSources}
      where ${voteSources.act_id} = ${act.id} and ${voteSources.status} = 1 and ${voteSources.id} in (${chosen})`
          : sql``
      }`),
  );
  const who = rows.find((r) => r.kind === 'me');
  if (!who) return null;
  const mine = rows.find((r) => r.kind === 'reader');
  const perSource = (kind: 'source' | 'address') => Object.fromEntries(rows.filter((r) => r.kind === kind && r.source_id !== 0).map((r) => [Number(r.source_id), num(r.a)]));
  return {
    reader_id: Number(who.source_id),
    now,
    account_created_at: num(who.c),
    reader_today: num(mine?.a),
    reader_total: num(mine?.b),
    last_vote_at: mine?.c == null ? null : num(mine.c),
    address_today: num(rows.find((r) => r.kind === 'address' && r.source_id === 0)?.a),
    reader_source_today: perSource('source'),
    address_source_today: perSource('address'),
    /** The chosen sources that exist in the activity and are shown. */
    known: rows.filter((r) => r.kind === 'known').map((r) => ({ id: Number(r.source_id), title: r.title ?? '' })),
  };
}
type BallotFacts = NonNullable<Awaited<ReturnType<typeof readFacts>>>;

/** readFacts of a reader the access hook let through: its row gone since (deleted) answers as its token would now (401). */
async function factsOf(db: Db | Tx, act: Pick<VotingActivity, 'id'>, readerId: number, ip: string, now: number, sourceIds: readonly number[]): Promise<BallotFacts> {
  const facts = await readFacts(db, act, readerId, ip, now, sourceIds);
  if (!facts) throw unauthorized();
  return facts;
}

/** `GET …/vote-quota`: what the reader may still do now. */
export async function quotaOf(db: Db, act: VotingActivity, readerId: number, ip: string, now: number): Promise<VoteQuota> {
  const rules = voteRulesOf(act);
  const { known: _, reader_id: __, ...facts } = await factsOf(db, act, readerId, ip, now, []);
  return voteQuota(rules, windowOf(act, rules), facts);
}

export interface BallotAnswer {
  outcome: 'accept' | 'suspect';
  day: string;
  votes: { source_id: number; status: 'valid' | 'suspect'; reason: string }[];
  today_left: number;
}

/**
 * The locks of a ballot, taken in the gate's statement (passGate `lock`, issue 22): the activity's
 * lock shared with other ballots (a void waits for them), then the reader's own, so that the
 * reader's ballots in this activity are taken one at a time.
 */
export const ballotLock = (actId: number, readerId: number) => sql`${ballotsOrVoid(actId, 'ballot')}, pg_advisory_xact_lock(${actId}::int, ${readerId}::int)`;

/** The decision on a ballot and what it writes, from its facts; a problem (422) or a refusal thrown. */
function decided(act: VotingActivity, facts: BallotFacts, sourceIds: number[], captchaPassed: boolean) {
  const rules = voteRulesOf(act);
  const { known } = facts;
  const problems = ballotProblems(rules, sourceIds, known.map((k) => k.id));
  if (problems.length) throw validationError(problems);
  const decision: VoteDecision = decideBallot(rules, windowOf(act, rules), sourceIds, { ...facts, captcha_passed: captchaPassed, source_titles: Object.fromEntries(known.map((k) => [k.id, k.title])) });
  if (decision.outcome === 'refuse') throw refused(decision.refusal);
  const k = sourceIds.length;
  const dayLeft = Math.max(0, rules.votes_per_day - facts.reader_today - k);
  const totalLeft = rules.votes_total > 0 ? Math.max(0, rules.votes_total - facts.reader_total - k) : dayLeft;
  const answer: BallotAnswer = { outcome: decision.outcome, day: decision.day, votes: decision.votes, today_left: Math.min(dayLeft, totalLeft) };
  return { decision, answer };
}

/** What recordBallot and ballotParts write of a decided ballot. */
const tallyOf = (act: VotingActivity, facts: BallotFacts, d: ReturnType<typeof decided>, origin: BallotOrigin, requestId: string, now: number): BallotTally => ({
  act,
  readerId: facts.reader_id,
  day: d.decision.day,
  origin,
  requestId,
  now,
  votes: d.answer.votes,
  readerTotal: facts.reader_total,
  firstToday: facts.reader_today === 0,
});

/**
 * The vote's points (design §10 `vote`): one ballot is one vote of the reader however many
 * sources it names, paid when one of its votes counts; the rule's daily cap holds.
 */
const voteTrigger = (act: VotingActivity, readerId: number, requestId: string, now: number): PointsTrigger => ({
  orgId: act.org_id,
  readerId,
  actId: act.id,
  rule: 'vote',
  source: { type: 'ballot', id: requestId },
  key: ballotPointsKey(act.id, requestId),
  at: now,
});
const paid = (answer: BallotAnswer) => answer.votes.some((v) => v.status === 'valid');

type BallotOrigin = { ip: string; device_id: string; ua_hash: string };

/**
 * One ballot, inside the caller's transaction, after the participation gate took `ballotLock`: the
 * facts read next include every earlier ballot of the reader, also on PostgreSQL with parallel
 * requests. Then `decideBallot`, and the votes with the tallies in one statement (recordBallot),
 * `last` (the first join, the answer kept) with them; its points after.
 */
export async function castBallot(
  tx: Tx,
  act: VotingActivity,
  readerId: number,
  sourceIds: number[],
  origin: BallotOrigin,
  opts: { now: number; captchaPassed: boolean; requestId: string; last?: LastParts; points?: PointsConfigView },
): Promise<BallotAnswer> {
  const facts = await factsOf(tx, act, readerId, origin.ip, opts.now, sourceIds);
  const d = decided(act, facts, sourceIds, opts.captchaPassed);
  // The facts were read under the reader's lock, which ballotAtOnce's statement takes too: the
  // write's condition holds. Were it ever not to, the ballot is refused whole (the transaction rolls back).
  if (!(await recordBallot(tx, { ...tallyOf(act, facts, d, origin, opts.requestId, opts.now), last: opts.last && { ...opts.last, answer: d.answer } }))) throw refused(tooSoonRefusal(1));
  if (paid(d.answer)) await postPoints(tx, { ...voteTrigger(act, readerId, opts.requestId, opts.now), config: opts.points });
  return d.answer;
}

/**
 * A ballot in TWO statements without a transaction (issue 22), on a voting activity remembered from
 * an earlier ballot whose gate asks nothing of the reader but the blacklist (`plainGate`): the
 * reader's token (readerIdSql, the route's `tokenInWrite`) and the ballot's facts read in one;
 * `decideBallot` here; then ONE statement: the gate's condition (`gateReaderParts`), the locks
 * the long way takes (ballotLock: voids wait, the reader's long-way ballots too), the votes and
 * every tally (ballotParts, written only while the reader's whole-activity row holds the votes
 * the ballot was decided on, so the reader's limits hold whatever ran alongside), the first join
 * (`firstJoinAtOnce`), the points of the vote and of the join (`earningsInStatement`) and the kept
 * answer. Null whenever anything is not plain or not as planned — the token refused, a refusal or
 * a problem, a captcha, a replay, a ballot of the reader alongside, a posting refused (the kept
 * answer inserted twice, a unique violation that undoes the whole statement) — and the route takes
 * the long way, which answers with its messages.
 */
export async function ballotAtOnce(
  db: Db,
  request: FastifyRequest,
  known: ActivityRow,
  sourceIds: number[],
  origin: BallotOrigin,
  opts: { now: number; captchaPassed: boolean; requestId: string; points: PointsConfigView },
): Promise<BallotAnswer | null> {
  const { now } = opts;
  if (!plainGate(known, now, {})) return null;
  const facts = await readFacts(db, known, readerIdSql(request), origin.ip, now, sourceIds);
  if (!facts) return null;
  let d: ReturnType<typeof decided>;
  try {
    d = decided(known, facts, sourceIds, opts.captchaPassed);
  } catch (err) {
    // A problem or a refusal: the long way answers it, after the gate's own refusals.
    if (err instanceof HttpError) return null;
    throw err;
  }
  const readerId = facts.reader_id;
  const reader = sql`${readerId}::int`;
  const join = firstJoinAtOnce(known, reader, sql`exists (select 1 from reader_all)`, now, opts.points);
  const vote = paid(d.answer) ? plannedPosting(opts.points, voteTrigger(known, readerId, opts.requestId, now)) : null;
  if (!earningsOnly(vote, join.posting)) return null;
  const earnings = earningsInStatement(
    [
      ...(vote ? [{ p: vote, when: sql`exists (select 1 from reader_all)` }] : []),
      ...(join.posting ? [{ p: join.posting, when: sql`exists (select 1 from join_row)` }] : []),
    ],
    reader,
  );
  const planned = sql`exists (select 1 from reader_all) and ${join.planned} and ${earnings.complete}`;
  const done = await atOnce(async () =>
    rowsOf<{ written: boolean }>(
      await db.execute(sql`
        with ${gateReaderParts(known, reader, 'vote', now)},
        held as (select ${ballotLock(known.id, readerId)}),
        ${ballotParts(tallyOf(known, facts, d, origin, opts.requestId, now), sql`rd cross join held`)},
        ${join.parts},
        ${earnings.parts ? sql`${earnings.parts},` : sql``}
        kept as (${keptFrom(request, opts.requestId, sql`${JSON.stringify(d.answer)}::jsonb`, sql`rd cross join ${undoneUnless(planned)}`, sql`rd.id`)})
        select true as written from kept`),
    ),
  );
  return done?.length ? d.answer : null;
}

/** The idempotency key of a ballot's points: a replay of the ballot (its request id) pays nothing more. */
export const ballotPointsKey = (actId: number, requestId: string) => `vote:ballot:${actId}:${requestId}`;
