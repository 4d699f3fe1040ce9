import { postPoints, type PointsConfigView } from '../../points/ledger.js';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { ballotProblems, chinaDayKey, decideBallot, voteQuota, type VoteDecision, type VoteQuota } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { voteAddressDays, voteReaderDays, votes, voteSources } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { validationError, refused } from '../../http/errors.js';
import type { LastParts } from '../../participation/gate.js';
import { voteRulesOf, windowOf, type VotingActivity } from './rules.js';
import { ballotsOrVoid, recordBallot } from './tallies.js';

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
 * in one statement: the reader's days and the address's valid votes today from the tallies
 * (voting/tallies.ts), the reader's votes today for the chosen sources from the votes (at most
 * the day's limit, through `votes_reader_idx`), and which chosen sources are shown in the activity.
 */
async function readFacts(db: Db | Tx, act: VotingActivity, reader: { id: number; created_at: number }, ip: string, now: number, sourceIds: readonly number[]) {
  const day = chinaDayKey(now);
  const chosen = sql.join(sourceIds.map((id) => sql`${id}::int`), sql`, `);
  const rows = rowsOf<{ kind: 'reader' | 'source' | 'address' | 'known'; source_id: number | null; a: number | string | null; b: number | string | null; c: number | string | null; title: string | null }>(
    await db.execute(sql`
      select 'reader' as kind, null::int as source_id,
             coalesce(sum(${voteReaderDays.votes}) filter (where ${voteReaderDays.day} = ${day}), 0)::int as a,
             coalesce(sum(${voteReaderDays.votes}), 0)::int as b, max(${voteReaderDays.last_at}) as c, null::text as title
      from ${voteReaderDays} where ${voteReaderDays.act_id} = ${act.id} and ${voteReaderDays.reader_id} = ${reader.id}
      union all
      select 'address', ${voteAddressDays.source_id}, ${voteAddressDays.valid}, 0, null, null
      from ${voteAddressDays}
      where ${voteAddressDays.act_id} = ${act.id} and ${voteAddressDays.day} = ${day} and ${voteAddressDays.ip} = ${ip} and ${voteAddressDays.source_id} in (0${sourceIds.length ? sql`, ${chosen}` : sql``})
      ${
        sourceIds.length
          ? sql`union all
      select 'source', ${votes.source_id}, count(*)::int, 0, null, null
      from ${votes}
      where ${votes.act_id} = ${act.id} and ${votes.reader_id} = ${reader.id} and ${votes.day} = ${day} and ${votes.source_id} in (${chosen})
      group by ${votes.source_id}
      union all
      select 'known', ${voteSources.id}, 0, 0, null, ${voteSources.title}
      from ${voteSources}
      where ${voteSources.act_id} = ${act.id} and ${voteSources.status} = 1 and ${voteSources.id} in (${chosen})`
          : sql``
      }`),
  );
  const mine = rows.find((r) => r.kind === 'reader');
  const perSource = (kind: 'source' | 'address') => Object.fromEntries(rows.filter((r) => r.kind === kind && r.source_id !== 0).map((r) => [Number(r.source_id), num(r.a)]));
  return {
    now,
    account_created_at: reader.created_at,
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

/** `GET …/vote-quota`: what the reader may still do now. */
export async function quotaOf(db: Db, act: VotingActivity, reader: { id: number; created_at: number }, ip: string, now: number): Promise<VoteQuota> {
  const rules = voteRulesOf(act);
  const { known: _, ...facts } = await readFacts(db, act, reader, ip, now, []);
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

/**
 * One ballot, inside the caller's transaction, after the participation gate took `ballotLock`: the
 * facts read next include every earlier ballot of the reader, also on PostgreSQL with parallel
 * requests. Then `decideBallot`, and the votes with the tallies in one statement (recordBallot),
 * `last` (the first join, the answer kept) with them.
 */
export async function castBallot(
  tx: Tx,
  act: VotingActivity,
  reader: { id: number; created_at: number },
  sourceIds: number[],
  origin: { ip: string; device_id: string; ua_hash: string },
  opts: { now: number; captchaPassed: boolean; requestId: string; last?: LastParts; points?: PointsConfigView },
): Promise<BallotAnswer> {
  const rules = voteRulesOf(act);
  const { known, ...facts } = await readFacts(tx, act, reader, origin.ip, opts.now, sourceIds);
  const problems = ballotProblems(rules, sourceIds, known.map((k) => k.id));
  if (problems.length) throw validationError(problems);
  const decision: VoteDecision = decideBallot(rules, windowOf(act, rules), sourceIds, {
    ...facts,
    captcha_passed: opts.captchaPassed,
    source_titles: Object.fromEntries(known.map((k) => [k.id, k.title])),
  });
  if (decision.outcome === 'refuse') throw refused(decision.refusal);
  const k = sourceIds.length;
  const dayLeft = Math.max(0, rules.votes_per_day - facts.reader_today - k);
  const totalLeft = rules.votes_total > 0 ? Math.max(0, rules.votes_total - facts.reader_total - k) : dayLeft;
  const answer: BallotAnswer = { outcome: decision.outcome, day: decision.day, votes: decision.votes, today_left: Math.min(dayLeft, totalLeft) };
  await recordBallot(tx, {
    act,
    readerId: reader.id,
    day: decision.day,
    origin,
    requestId: opts.requestId,
    now: opts.now,
    votes: decision.votes,
    firstToday: facts.reader_today === 0,
    firstEver: facts.reader_total === 0,
    last: opts.last && { ...opts.last, answer },
  });
  // The vote's points (design §10 \`vote\`): one ballot is one vote of the reader however many
  // sources it names, paid when one of its votes counts; the rule's daily cap holds.
  if (decision.votes.some((v) => v.status === 'valid')) {
    await postPoints(tx, { orgId: act.org_id, readerId: reader.id, actId: act.id, rule: 'vote', source: { type: 'ballot', id: opts.requestId }, key: ballotPointsKey(act.id, opts.requestId), config: opts.points });
  }
  return answer;
}

/** The idempotency key of a ballot's points: a replay of the ballot (its request id) pays nothing more. */
export const ballotPointsKey = (actId: number, requestId: string) => `vote:ballot:${actId}:${requestId}`;
