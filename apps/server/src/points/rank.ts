import { type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { Db, Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Moves left unfolded before a place read folds them (after answering): a read sums the moves of its
 * organisation not folded yet, so they are kept few.
 */
export const RANK_FOLD_AFTER = 200;

/**
 * Fold the balance moves (`point_rank_moves`, appended by the trigger of migration 0042) into the
 * ranking's histogram (`point_rank_counts`) in one statement: the moves taken (deleted) and their
 * sums per balance added, in balance order (two folds at once lock the counts in one order; a move
 * is taken by one of them only). One organisation, or every one (the hourly points sweep).
 */
export async function foldRankMoves(db: Db | Tx, orgId?: number): Promise<number> {
  const [row] = rowsOf<{ moves: number }>(
    await db.execute(sql`with m as (
        delete from point_rank_moves where ${orgId === undefined ? sql`true` : sql`org_id = ${orgId}`} returning org_id, old_balance, new_balance
      ),
      d as (
        select org_id, balance, sum(n)::int as n from (
          select org_id, new_balance as balance, 1 as n from m where new_balance is not null
          union all select org_id, old_balance, -1 from m where old_balance is not null
        ) x group by org_id, balance
      ),
      f as (
        insert into point_rank_counts as c (org_id, balance, n)
        select org_id, balance, n from d where n <> 0 order by org_id, balance
        on conflict (org_id, balance) do update set n = c.n + excluded.n
      )
      select count(*)::int as moves from m`),
  );
  return Number(row?.moves ?? 0);
}

/** Organisations with a fold under way in this process (requests at once start one). */
const folding = new Set<number>();

/**
 * A reader's balance and place in the organisation's ranking (`balance desc, reader_id desc`, the
 * list's order), in one statement: the accounts with a higher balance from the histogram (its rows
 * above mine, plus the moves not folded yet: those that raised an account above mine less those that
 * took one from there), and the ties ahead (my balance, a later reader) through
 * point_accounts_rank_idx. One snapshot: the moves are written with the accounts they move, so the
 * sum equals a recount at every moment. No place without points.
 */
export async function rankingPlaceOf(db: Db, orgId: number, readerId: number): Promise<{ balance: number; rank: number | null }> {
  const [row] = rowsOf<{ balance: number; ahead: number; moves: number }>(await db.execute(placeSql(orgId, readerId)));
  if (row && Number(row.moves) > RANK_FOLD_AFTER && !folding.has(orgId)) {
    folding.add(orgId);
    // After the answer: the next reads sum fewer moves. A failure leaves the moves for the next fold.
    void foldRankMoves(db, orgId)
      .catch(() => undefined)
      .finally(() => folding.delete(orgId));
  }
  const balance = Number(row?.balance ?? 0);
  return { balance, rank: balance > 0 ? Number(row!.ahead) + 1 : null };
}

/** The place's one statement (also measured by bench/points.ts): balance, accounts ahead, moves not folded. */
export function placeSql(orgId: number, readerId: number): SQL {
  return sql`with a as (select balance, reader_id from point_accounts where org_id = ${orgId} and reader_id = ${readerId}),
      m as (select count(*) filter (where new_balance > (select balance from a)) - count(*) filter (where old_balance > (select balance from a)) as net, count(*) as moves
        from point_rank_moves where org_id = ${orgId})
      select a.balance,
        (coalesce((select sum(n) from point_rank_counts c where c.org_id = ${orgId} and c.balance > a.balance), 0) + (select net from m)
          + (select count(*) from point_accounts o where o.org_id = ${orgId} and o.balance = a.balance and o.reader_id > a.reader_id))::int as ahead,
        (select moves from m)::int as moves
      from a`;
}
