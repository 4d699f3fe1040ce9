import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ballotProblems, chinaDayKey, decideBallot, voteQuota, type VoteDecision, type VoteQuota } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { readers, votes, voteSources } from '../db/schema.js';
import { validationError } from '../http/errors.js';
import { refused } from '../routes/participation.js';
import { voteRulesOf, windowOf, type VotingActivity } from './rules.js';

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

/** The reader's and the address's counts in the activity that `decideBallot` and `voteQuota` need. */
async function readFacts(db: Db | Tx, act: VotingActivity, readerId: number, ip: string, now: number, sourceIds: readonly number[]) {
  const day = chinaDayKey(now);
  const mine = eq(votes.reader_id, readerId);
  const fromHere = and(eq(votes.ip, ip), eq(votes.day, day), eq(votes.status, 'valid'));
  // One after the other: inside a transaction the statements share one connection.
  const [totals] = await db
    .select({
      reader_today: sql<number>`count(*) filter (where ${mine} and ${votes.day} = ${day})`.mapWith(Number),
      reader_total: sql<number>`count(*) filter (where ${mine})`.mapWith(Number),
      last_vote_at: sql<number | null>`max(${votes.created_at}) filter (where ${mine})`,
      address_today: sql<number>`count(*) filter (where ${fromHere})`.mapWith(Number),
    })
    .from(votes)
    .where(and(eq(votes.act_id, act.id), or(mine, and(eq(votes.ip, ip), eq(votes.day, day)))));
  const perSource = sourceIds.length
    ? await db
        .select({
          source_id: votes.source_id,
          reader: sql<number>`count(*) filter (where ${mine})`.mapWith(Number),
          address: sql<number>`count(*) filter (where ${votes.ip} = ${ip} and ${votes.status} = 'valid')`.mapWith(Number),
        })
        .from(votes)
        .where(and(eq(votes.act_id, act.id), eq(votes.day, day), inArray(votes.source_id, [...sourceIds]), or(mine, eq(votes.ip, ip))))
        .groupBy(votes.source_id)
    : [];
  const [account] = await db.select({ created_at: readers.created_at }).from(readers).where(eq(readers.id, readerId));
  return {
    now,
    account_created_at: account?.created_at ?? 0,
    reader_today: totals.reader_today,
    reader_total: totals.reader_total,
    last_vote_at: totals.last_vote_at === null ? null : num(totals.last_vote_at),
    address_today: totals.address_today,
    reader_source_today: Object.fromEntries(perSource.map((p) => [p.source_id, p.reader])),
    address_source_today: Object.fromEntries(perSource.map((p) => [p.source_id, p.address])),
  };
}

/** `GET …/vote-quota`: what the reader may still do now. */
export async function quotaOf(db: Db, act: VotingActivity, readerId: number, ip: string, now: number): Promise<VoteQuota> {
  const rules = voteRulesOf(act);
  const facts = await readFacts(db, act, readerId, ip, now, []);
  return voteQuota(rules, windowOf(act, rules), facts);
}

export interface BallotAnswer {
  outcome: 'accept' | 'suspect';
  day: string;
  votes: { source_id: number; status: 'valid' | 'suspect'; reason: string }[];
  today_left: number;
}

/**
 * One ballot, inside the caller's transaction (after the participation gate): the reader's
 * ballots in this activity are taken one at a time (a transaction-scoped advisory lock on
 * (activity, reader)), so the facts read next include every earlier ballot of the reader, also on
 * PostgreSQL with parallel requests. Then `decideBallot`, the votes, and each source's counts in
 * the same transaction (sources in id order, so two ballots never wait on each other crosswise).
 */
export async function castBallot(
  tx: Tx,
  act: VotingActivity,
  readerId: number,
  sourceIds: number[],
  origin: { ip: string; device_id: string; ua_hash: string },
  opts: { now: number; captchaPassed: boolean; requestId: string },
): Promise<BallotAnswer> {
  await tx.execute(sql`select pg_advisory_xact_lock(${act.id}::int, ${readerId}::int)`);
  const rules = voteRulesOf(act);
  const known = await tx
    .select({ id: voteSources.id, title: voteSources.title })
    .from(voteSources)
    .where(and(eq(voteSources.act_id, act.id), eq(voteSources.status, 1), inArray(voteSources.id, sourceIds.length ? sourceIds : [-1])));
  const problems = ballotProblems(rules, sourceIds, known.map((k) => k.id));
  if (problems.length) throw validationError(problems);
  const facts = await readFacts(tx, act, readerId, origin.ip, opts.now, sourceIds);
  const decision: VoteDecision = decideBallot(rules, windowOf(act, rules), sourceIds, {
    ...facts,
    captcha_passed: opts.captchaPassed,
    source_titles: Object.fromEntries(known.map((k) => [k.id, k.title])),
  });
  if (decision.outcome === 'refuse') throw refused(decision.refusal);
  await tx.insert(votes).values(
    decision.votes.map((v) => ({
      org_id: act.org_id,
      act_id: act.id,
      source_id: v.source_id,
      reader_id: readerId,
      day: decision.day,
      ...origin,
      status: v.status,
      reason: v.reason,
      request_id: opts.requestId,
      created_at: opts.now,
    })),
  );
  for (const v of [...decision.votes].sort((a, b) => a.source_id - b.source_id)) {
    const valid = v.status === 'valid';
    await tx
      .update(voteSources)
      .set(
        valid
          ? { vote_count: sql`${voteSources.vote_count} + 1`, reached_at: opts.now }
          : { suspect_count: sql`${voteSources.suspect_count} + 1` },
      )
      .where(eq(voteSources.id, v.source_id));
  }
  const k = sourceIds.length;
  const dayLeft = Math.max(0, rules.votes_per_day - facts.reader_today - k);
  const totalLeft = rules.votes_total > 0 ? Math.max(0, rules.votes_total - facts.reader_total - k) : dayLeft;
  return { outcome: decision.outcome, day: decision.day, votes: decision.votes, today_left: Math.min(dayLeft, totalLeft) };
}
