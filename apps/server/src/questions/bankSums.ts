import { sql } from '../db/sql.js';
import type { Db, Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The banks' state from `question_bank_sums` (issue 26): the live questions per bank, type,
 * difficulty, category and pause flag with their counters summed, so that the banks' figures
 * read a few hundred rows whatever the number of questions. The statement triggers of migration
 * 0045 append what each write on `questions` changed (`question_bank_moves`, appends only, in the
 * writer's transaction); `foldBankMoves` adds them to the sums and takes them away in one
 * statement, in key order (two folds at once lock the sums in one order; a move is taken by one
 * of them only). A read folds first, so it sees every write committed before it.
 */
export async function foldBankMoves(db: Db | Tx): Promise<number> {
  const [row] = rowsOf<{ moves: number }>(
    await db.execute(sql`with m as (delete from question_bank_moves returning bank_id, type, difficulty, category_id, is_pause, questions, used, answered, correct),
      d as (
        select bank_id, type, difficulty, category_id, is_pause, sum(questions)::int as questions, sum(used)::bigint as used, sum(answered)::bigint as answered, sum(correct)::bigint as correct
        from m group by 1, 2, 3, 4, 5
      ),
      f as (
        insert into question_bank_sums as s (bank_id, type, difficulty, category_id, is_pause, questions, used, answered, correct)
        select * from d order by bank_id, type, difficulty, category_id, is_pause
        on conflict (bank_id, type, difficulty, category_id, is_pause) do update set
          questions = s.questions + excluded.questions, used = s.used + excluded.used, answered = s.answered + excluded.answered, correct = s.correct + excluded.correct
      )
      select count(*)::int as moves from m`),
  );
  return Number(row?.moves ?? 0);
}

/** One bank's sums grouped by its key (the public bank 0), or every organisation's bank (`orgs`). */
export interface BankSumRow {
  bank_id: number;
  type: number;
  difficulty: number;
  category_id: number | null;
  count: number;
  paused: number;
  used: number;
  answered: number;
  correct: number;
}

/** The sums of one bank (`bankId`, 0 public) or of all organisations' banks (`null`), per bank, type, difficulty and category, after a fold. */
export async function bankSums(db: Db, bankId: number | null): Promise<BankSumRow[]> {
  await foldBankMoves(db);
  const rows = rowsOf<Record<keyof BankSumRow, string | number | null>>(
    await db.execute(sql`select bank_id, type, difficulty, nullif(category_id, 0) as category_id, sum(questions)::int as count,
        (sum(questions) filter (where is_pause = 1))::int as paused, sum(used)::text as used, sum(answered)::text as answered, sum(correct)::text as correct
      from question_bank_sums where ${bankId === null ? sql`bank_id <> 0` : sql`bank_id = ${bankId}`} and questions <> 0
      group by 1, 2, 3, 4`),
  );
  return rows.map((r) => ({
    bank_id: Number(r.bank_id),
    type: Number(r.type),
    difficulty: Number(r.difficulty),
    category_id: r.category_id === null ? null : Number(r.category_id),
    count: Number(r.count),
    paused: Number(r.paused ?? 0),
    used: Number(r.used),
    answered: Number(r.answered),
    correct: Number(r.correct),
  }));
}
