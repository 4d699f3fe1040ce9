import { and, eq } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { autoBlacklistReason, blacklistConfigOf, OFFENCE_KINDS, OFFENCE_OUTCOME, type BlacklistConfig, type OffenceKind, type OffenceOutcome } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { orgSettings, readerOffences, readers } from '../db/schema.js';
import { nowSec } from './clock.js';

const DAY = 86_400;
export const BLACKLIST_CONFIG_KEY = 'blacklist';

/** The organisation's automatic blacklist rules (`org_settings` `blacklist`), every kind once; the defaults until it saves its own. */
export async function blacklistConfigFor(db: Db | Tx, orgId: number): Promise<BlacklistConfig> {
  const [row] = await db.select({ value: orgSettings.value }).from(orgSettings).where(and(eq(orgSettings.org_id, orgId), eq(orgSettings.key, BLACKLIST_CONFIG_KEY)));
  return blacklistConfigOf(row?.value);
}

export interface Offence {
  org_id: number;
  reader_id: number;
  kind: OffenceKind;
  /** The activity it happened in, if any (same organisation). */
  act_id?: number | null;
  act_type?: number | null;
  /** The evidence (a reservation, a vote, a comment): the same evidence counts once. Blank: always counted. */
  ref?: string;
}

export interface OffenceResult {
  /** False when this evidence was recorded already (nothing else happened). */
  recorded: boolean;
  offence_id: number | null;
  outcome: OffenceOutcome;
  /** The automatic blacklist entry the offence created. */
  blacklist_id: number | null;
  end_at: number | null;
}

const OUTCOME_NAME = Object.fromEntries(Object.entries(OFFENCE_OUTCOME).map(([k, v]) => [v, k])) as Record<number, OffenceOutcome>;

/**
 * Record a reader's offence (design §14) inside the caller's transaction, and apply the
 * organisation's rule for its kind. The kinds that produce offences (offline no-shows, voided
 * votes, rejected comments, plagiarism) call this.
 *
 * Offences of one reader are taken one at a time (the reader's row is locked, FOR NO KEY UPDATE,
 * which does not hold up foreign-key checks), so that every count sees the ones before it. The
 * rule is then one statement: it counts the kind's offences within the window (after the last
 * warning or automatic entry when the counter is cleared), decides — nothing while an automatic
 * entry of this kind is in force, a warning the first time when `warn_first`, else an entry — and
 * creates the automatic entry and marks the offence in the same statement.
 */
export async function recordOffence(tx: Tx, offence: Offence): Promise<OffenceResult> {
  const { org_id, reader_id, kind } = offence;
  const [reader] = await tx.select({ id: readers.id }).from(readers).where(and(eq(readers.id, reader_id), eq(readers.org_id, org_id))).for('no key update');
  if (!reader) throw new Error(`recordOffence: no reader ${reader_id} in organisation ${org_id}`);
  const [made] = await tx
    .insert(readerOffences)
    .values({ org_id, reader_id, kind, act_id: offence.act_id ?? null, act_type: offence.act_type ?? null, ref: offence.ref ?? '' })
    .onConflictDoNothing()
    .returning({ id: readerOffences.id });
  if (!made) return { recorded: false, offence_id: null, outcome: 'counted', blacklist_id: null, end_at: null };
  const config = await blacklistConfigFor(tx, org_id);
  const rule = config.rules.find((r) => r.kind === kind);
  if (!rule?.enabled) return { recorded: true, offence_id: made.id, outcome: 'counted', blacklist_id: null, end_at: null };

  const now = nowSec();
  const since = rule.within_days === null ? 0 : now - rule.within_days * DAY;
  const endAt = rule.ban_days === null ? null : now + rule.ban_days * DAY;
  // Our own constants as literals (a parameter's type would be unknown in CASE and INSERT … SELECT).
  const lit = (n: number) => sql.raw(String(n));
  const mine = sql`${readerOffences.reader_id} = ${reader_id} and ${readerOffences.kind} = ${kind}`;
  const result = await tx.execute(sql`
    with mark as (
      select coalesce(max(${readerOffences.id}), 0) as id from ${readerOffences} where ${mine} and ${readerOffences.outcome} > 0
    ),
    counted as (
      select count(*) as n from ${readerOffences}
      where ${mine} and ${readerOffences.created_at} >= ${since}::bigint
        and (${!config.clear_counter_after_ban}::boolean or ${readerOffences.id} > (select id from mark))
    ),
    decision as (
      select case
        when exists (
          select 1 from blacklists b where b.reader_id = ${reader_id}::integer and b.is_auto = 1 and b.offence_kind = ${kind}
            and b.start_at <= ${now}::bigint and (b.end_at is null or b.end_at > ${now}::bigint)
        ) then ${lit(OFFENCE_OUTCOME.counted)}
        when (select n from counted) < ${rule.count} then ${lit(OFFENCE_OUTCOME.counted)}
        when ${config.warn_first}::boolean and (select id from mark) = 0 then ${lit(OFFENCE_OUTCOME.warned)}
        else ${lit(OFFENCE_OUTCOME.banned)}
      end as outcome
    ),
    ban as (
      insert into blacklists (org_id, reader_id, types, actions, reason_type, reason, start_at, end_at, is_auto, offence_kind)
      select ${org_id}::integer, ${reader_id}::integer, ${JSON.stringify(rule.types)}::jsonb, ${JSON.stringify(rule.actions)}::jsonb,
        ${OFFENCE_KINDS[kind].reason_type}::varchar, ${autoBlacklistReason(rule)}::varchar, ${now}::bigint, ${endAt}::bigint, 1::smallint, ${kind}::varchar
      where (select outcome from decision) = ${lit(OFFENCE_OUTCOME.banned)}
      returning id
    )
    update ${readerOffences} set outcome = (select outcome from decision), blacklist_id = (select id from ban)
    where ${readerOffences.id} = ${made.id}
    returning ${readerOffences.outcome} as outcome, ${readerOffences.blacklist_id} as blacklist_id`);
  const rows = (result as unknown as { rows: { outcome: number | string; blacklist_id: number | string | null }[] }).rows;
  const outcome = OUTCOME_NAME[Number(rows[0].outcome)];
  return {
    recorded: true,
    offence_id: made.id,
    outcome,
    blacklist_id: rows[0].blacklist_id === null ? null : Number(rows[0].blacklist_id),
    end_at: outcome === 'banned' ? endAt : null,
  };
}
