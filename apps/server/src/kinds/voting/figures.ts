import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import {
  CHINA_UTC_OFFSET_SECONDS,
  idParam,
  rankSources,
  suspectShare,
  velocityAlert,
  voteResultsSnapshot,
  votingEnded,
  type ResultRow,
  type SourceEvidence,
  type VoteResultsAnswer,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { voteDays, voteResults, votes, voteSources, voteVoids } from '../../db/schema.js';
import { figuresActivity, noGapDays } from '../../figures/index.js';
import { notFound } from '../../http/errors.js';
import { tenantWhere } from '../../resources/tenant.js';
import { nowSec } from '../../participation/clock.js';
import { windowOf, type VotingActivity } from './rules.js';
import { WHOLE_ACTIVITY } from './tallies.js';

/**
 * The figures of a voting activity (type 2): the results (the ranking, frozen once voting ended,
 * totals and the day figures from the tallies, voting/tallies.ts) and a source's evidence (votes
 * per hour with velocity alerts, addresses, suspect reasons, voids), on the shared figures helpers.
 */

/** The voting activity of the path for its figures (results, evidence, the results download); 404 `活动不存在` otherwise. */
export const votingFiguresActivity = (db: Db, request: FastifyRequest, id: number): Promise<VotingActivity> => figuresActivity(db, request, id, [2]);

/** The live ranking of an activity's shown sources (rankSources; per group when sources are grouped). */
async function liveRanking(db: Db | Tx, act: VotingActivity): Promise<ResultRow[]> {
  // The columns the ranking shows (not the intro or media a source may carry at length).
  const rows = await db
    .select({
      id: voteSources.id,
      title: voteSources.title,
      group_name: voteSources.group_name,
      vote_count: voteSources.vote_count,
      suspect_count: voteSources.suspect_count,
      void_count: voteSources.void_count,
      reached_at: voteSources.reached_at,
      sort: voteSources.sort,
    })
    .from(voteSources)
    .where(and(eq(voteSources.act_id, act.id), eq(voteSources.status, 1)))
    .orderBy(asc(voteSources.sort), asc(voteSources.id));
  const groups = new Map<string, number>();
  for (const r of rows) if (!groups.has(r.group_name)) groups.set(r.group_name, groups.size + 1);
  const ranked = rankSources(
    rows.map((r) => ({ id: r.id, votes: r.vote_count, reached_at: r.reached_at, sort: r.sort, group_id: groups.get(r.group_name)!, row: r })),
    { perGroup: groups.size > 1 },
  );
  return ranked.map(({ row, rank }) => ({
    id: row.id,
    title: row.title,
    group_name: row.group_name,
    rank,
    votes: row.vote_count,
    suspect: row.suspect_count,
    void: row.void_count,
    reached_at: row.reached_at,
    sort: row.sort,
  }));
}

const hashOf = (rows: ResultRow[], groups: Map<string, number>) =>
  createHash('sha256')
    .update(voteResultsSnapshot(rows.map((r) => ({ id: r.id, votes: r.votes, reached_at: r.reached_at, sort: r.sort, rank: r.rank, group_id: groups.get(r.group_name) ?? null }))))
    .digest('hex');

/**
 * Freeze the current ranking as the next snapshot version unless the latest one has the same
 * hash (design §1.7: a void after the end makes a new version, never a silent change).
 */
export async function freezeResults(tx: Tx, act: VotingActivity): Promise<typeof voteResults.$inferSelect> {
  const rows = await liveRanking(tx, act);
  const groups = new Map<string, number>();
  for (const r of rows) if (!groups.has(r.group_name)) groups.set(r.group_name, groups.size + 1);
  const hash = hashOf(rows, groups);
  const [latest] = await tx.select().from(voteResults).where(eq(voteResults.act_id, act.id)).orderBy(desc(voteResults.version)).limit(1);
  if (latest?.hash === hash) return latest;
  const [made] = await tx
    .insert(voteResults)
    .values({ org_id: act.org_id, act_id: act.id, version: (latest?.version ?? 0) + 1, hash, ranked: rows })
    .onConflictDoNothing()
    .returning();
  // Frozen by a request alongside: theirs.
  return made ?? (await tx.select().from(voteResults).where(eq(voteResults.act_id, act.id)).orderBy(desc(voteResults.version)).limit(1))[0];
}

/** `GET …/results`: the ranking (frozen once voting ended), totals and votes per day. */
export async function resultsOf(db: Db, act: VotingActivity, now: number): Promise<VoteResultsAnswer> {
  const window = windowOf(act);
  const ended = votingEnded(window, now);
  let rows: ResultRow[];
  let snapshot: VoteResultsAnswer['snapshot'] = null;
  if (ended) {
    const frozen = await db.transaction((tx) => freezeResults(tx, act));
    rows = frozen.ranked as ResultRow[];
    snapshot = { version: frozen.version, hash: frozen.hash, created_at: frozen.created_at };
  } else rows = await liveRanking(db, act);
  const [figures, [sources]] = await Promise.all([
    dayFigures(db, act.id),
    db
      .select({
        valid: sql<number>`coalesce(sum(${voteSources.vote_count}), 0)`.mapWith(Number),
        suspect: sql<number>`coalesce(sum(${voteSources.suspect_count}), 0)`.mapWith(Number),
        void: sql<number>`coalesce(sum(${voteSources.void_count}), 0)`.mapWith(Number),
        n: count(),
      })
      .from(voteSources)
      .where(eq(voteSources.act_id, act.id)),
  ]);
  return {
    activity: { id: act.id, title: act.title },
    window,
    ended,
    snapshot,
    totals: { valid: sources.valid, suspect: sources.suspect, void: sources.void, voters: figures.voters, sources: sources.n },
    rows,
    days: figures.days,
  };
}

/** `YYYYMMDD` → `YYYY-MM-DD`. */
const dashed = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

/** The results' figures per day (valid, suspect, voters) and the activity's voters, from the day slots. */
async function dayFigures(db: Db, actId: number): Promise<{ voters: number; days: { day: string; valid: number; suspect: number; voters: number }[] }> {
  const rows = await db
    .select({
      day: voteDays.day,
      valid: sql<number>`sum(${voteDays.valid})`.mapWith(Number),
      suspect: sql<number>`sum(${voteDays.suspect})`.mapWith(Number),
      voters: sql<number>`sum(${voteDays.voters})`.mapWith(Number),
    })
    .from(voteDays)
    .where(eq(voteDays.act_id, actId))
    .groupBy(voteDays.day)
    .orderBy(asc(voteDays.day));
  const whole = rows.find((r) => r.day === WHOLE_ACTIVITY);
  const days = rows.filter((r) => r.day !== WHOLE_ACTIVITY).map((r) => ({ ...r, day: dashed(r.day) }));
  // No gaps between the first day with votes and the last; not extended to today (decisions: figures of the kinds).
  return { voters: whole?.voters ?? 0, days: noGapDays(days, { valid: 0, suspect: 0, voters: 0 }, false) };
}

const hourLabel = (h: number) => new Date(h * 3600 * 1000).toISOString().slice(0, 13).replace('T', ' ');

/** `GET …/source/{sid}/evidence`: votes per hour with velocity alerts, addresses, suspect share, voids with reasons. */
export async function evidenceOf(db: Db, source: typeof voteSources.$inferSelect): Promise<SourceEvidence> {
  const mine = eq(votes.source_id, source.id);
  const hour = sql<number>`((${votes.created_at} + ${sql.raw(String(CHINA_UTC_OFFSET_SECONDS))}) / 3600)`.mapWith(Number);
  const [hours, [spread], top, voids, reasons] = await Promise.all([
    db
      .select({
        hour,
        valid: sql<number>`count(*) filter (where ${votes.status} = 'valid')`.mapWith(Number),
        suspect: sql<number>`count(*) filter (where ${votes.status} = 'suspect')`.mapWith(Number),
        void: sql<number>`count(*) filter (where ${votes.status} = 'void')`.mapWith(Number),
      })
      .from(votes)
      .where(mine)
      .groupBy(hour)
      .orderBy(hour),
    db.select({ n: sql<number>`count(distinct ${votes.ip})`.mapWith(Number) }).from(votes).where(mine),
    db
      .select({ ip: votes.ip, votes: count(), valid: sql<number>`count(*) filter (where ${votes.status} = 'valid')`.mapWith(Number) })
      .from(votes)
      .where(mine)
      .groupBy(votes.ip)
      .orderBy(desc(count()), asc(votes.ip))
      .limit(20),
    db
      .select({ id: voteVoids.id, reason: voteVoids.reason, created_at: voteVoids.created_at, votes: count() })
      .from(votes)
      .innerJoin(voteVoids, eq(voteVoids.id, votes.void_id))
      .where(mine)
      .groupBy(voteVoids.id)
      .orderBy(desc(voteVoids.created_at)),
    db
      .select({ reason: votes.reason, votes: count() })
      .from(votes)
      .where(and(mine, eq(votes.status, 'suspect')))
      .groupBy(votes.reason)
      .orderBy(desc(count())),
  ]);
  // Velocity (design §3): an hour above max(100, 5 × the mean of the 24 hours before it).
  const byHour = new Map(hours.map((h) => [h.hour, h.valid + h.suspect]));
  const trailingMean = (h: number) => {
    let sum = 0;
    for (let i = 1; i <= 24; i++) sum += byHour.get(h - i) ?? 0;
    return sum / 24;
  };
  return {
    source: { id: source.id, title: source.title, vote_count: source.vote_count, suspect_count: source.suspect_count, void_count: source.void_count },
    suspect_share: suspectShare(source.vote_count, source.suspect_count),
    hours: hours.map((h) => ({ hour: hourLabel(h.hour), valid: h.valid, suspect: h.suspect, void: h.void, alert: velocityAlert(h.valid + h.suspect, trailingMean(h.hour)) })),
    addresses: { distinct: spread.n, top },
    voids,
    suspect_reasons: reasons,
  };
}

/** Its figures' routes: the results (page 投票评论统计) and a source's evidence (评选来源统计). */
export async function votingFiguresRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const actParams = z.object({ org: z.string(), act: idParam });

  /** `GET …/source/{id}/evidence`: the evidence of one source (votes per hour, addresses, suspect share, voids). */
  r.get('/v1/:org/evaluation/:act/source/:id/evidence', { config, schema: { params: actParams.extend({ id: idParam }) } }, async (request) => {
    await votingFiguresActivity(db, request, request.params.act);
    const [source] = await db
      .select()
      .from(voteSources)
      .where(and(tenantWhere(voteSources, request), eq(voteSources.act_id, request.params.act), eq(voteSources.id, request.params.id)));
    if (!source) throw notFound();
    return evidenceOf(db, source);
  });

  /** `GET /v1/{org}/evaluation/{act}/results`: the ranking (frozen with its hash once voting ended), totals, votes per day. */
  r.get('/v1/:org/evaluation/:act/results', { config, schema: { params: actParams } }, async (request) =>
    resultsOf(db, await votingFiguresActivity(db, request, request.params.act), nowSec()),
  );
}
