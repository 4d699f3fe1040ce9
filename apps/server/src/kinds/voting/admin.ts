import type { FastifyRequest } from 'fastify';
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { DAY_SECONDS, votingEnded, type VoidAnswer, type VoidVotesBody } from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { blacklists, votes, voteVoids } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { callerOf } from '../../auth/access.js';
import { audit } from '../../resources/audit.js';
import { recordOffence } from '../../participation/offences.js';
import { windowOf, type VotingActivity } from './rules.js';
import { ballotsOrVoid, untallyVoids, type VoidedVote } from './tallies.js';
import { freezeResults } from './figures.js';

/**
 * `POST …/votes/void`: every vote of the activity matching all the criteria becomes void with the
 * reason, the counts of the sources it touched are recomputed, each voter's offence is recorded
 * (`vote_void`, the organisation's automatic rule), and with `blacklist_days` the voters are barred
 * from voting in voting activities for that long. One transaction; after the end a new results
 * version is frozen.
 */
export async function voidVotes(tx: Tx, request: FastifyRequest, act: VotingActivity, body: VoidVotesBody, now: number): Promise<VoidAnswer> {
  const where = and(
    eq(votes.act_id, act.id),
    ne(votes.status, 'void'),
    body.reader_id !== undefined ? eq(votes.reader_id, body.reader_id) : undefined,
    body.ip !== undefined ? eq(votes.ip, body.ip) : undefined,
    body.device_id !== undefined ? eq(votes.device_id, body.device_id) : undefined,
    body.source_id !== undefined ? eq(votes.source_id, body.source_id) : undefined,
    body.from !== undefined ? gte(votes.created_at, body.from) : undefined,
    body.to !== undefined ? lt(votes.created_at, body.to) : undefined,
  );
  // The activity's ballots finish first, and none starts until the void is done (ballotsOrVoid).
  await tx.execute(sql`select ${ballotsOrVoid(act.id, 'void')}`);
  const caller = callerOf(request);
  const { reason, blacklist_days, ...criteria } = body;
  const [record] = await tx
    .insert(voteVoids)
    .values({ org_id: act.org_id, act_id: act.id, criteria, reason, blacklist_days, creator_kind: caller.kind, created_by: caller.id, created_at: now })
    .returning();
  // The votes locked, then voided, each with the status it had (what the tallies lose).
  const changed = rowsOf<VoidedVote>(
    await tx.execute(sql`
      with target as (select ${votes.id} as id, ${votes.status} as was from ${votes} where ${where} for update)
      update ${votes} set status = 'void', reason = ${reason}, void_id = ${record.id} from target where ${votes.id} = target.id
      returning ${votes.reader_id} as reader_id, ${votes.source_id} as source_id, ${votes.day} as day, ${votes.ip} as ip, target.was as was`),
  );
  if (!changed.length) {
    await tx.delete(voteVoids).where(eq(voteVoids.id, record.id));
    return { void_id: null, voided: 0, readers: 0, blacklisted: 0 };
  }
  await untallyVoids(tx, act.id, changed);
  const voters = [...new Set(changed.map((c) => c.reader_id))].sort((a, b) => a - b);
  let blacklisted = 0;
  for (const reader_id of voters) {
    const offence = await recordOffence(tx, { org_id: act.org_id, reader_id, kind: 'vote_void', act_id: act.id, act_type: act.type, ref: `void:${record.id}` });
    if (offence.outcome === 'banned') blacklisted++;
  }
  if (blacklist_days > 0) {
    await tx.insert(blacklists).values(
      voters.map((reader_id) => ({
        org_id: act.org_id,
        reader_id,
        types: [act.type],
        actions: ['vote'],
        reason_type: 'vote_fraud',
        reason: `投票作废：${reason}`.slice(0, 255),
        start_at: now,
        end_at: now + blacklist_days * DAY_SECONDS,
      })),
    );
    blacklisted = voters.length;
  }
  await tx.update(voteVoids).set({ votes: changed.length, readers: voters.length }).where(eq(voteVoids.id, record.id));
  if (votingEnded(windowOf(act), now)) await freezeResults(tx, act);
  await audit(tx, request, 'void', 'evaluationVotes', [record.id]);
  return { void_id: record.id, voided: changed.length, readers: voters.length, blacklisted };
}
