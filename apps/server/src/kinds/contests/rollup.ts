import { analysisGroupSize } from '@huodong/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contestFigures } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The figures rollup of a contest (issue 22, schema contest_figures): the finished attempts folded
 * by the figures reads themselves into rows per question and attempt ratio, per ratio and id
 * bucket, and option picks per question; the reader writes add nothing. A read folds first
 * (`foldContestFigures`), then answers from the rollup plus the finished attempts not folded yet
 * (`rolled` 0), counted live, on one snapshot, so it equals a recount of that snapshot
 * (figures.ts `recountQuestionCells`, the reference the tests compare with).
 *
 * Which attempts are folded is on the attempt itself (`rolled`), advanced in the statement that
 * writes the rollup rows: every snapshot sees each finished attempt either folded or not, whatever
 * order attempts finish in (a hand mark finishes an old one late). A finished attempt never changes
 * again; one deleted (with its reader) marks the rollup `stale`: the next fold recounts, and until
 * then the reads count everything live.
 *
 * The item analysis compares the top and bottom 27 % of finished attempts, ranked by `ratio`
 * (score / max_score, the same numeric expression as the recount; null first) descending, then by
 * id. The first p attempts of that order are every ratio group before the boundary one (rows per
 * question and ratio), then, of the boundary ratio, the whole id buckets before the p-th attempt's
 * (rows per ratio, bucket and question) and the attempts of its own bucket up to it, read by id:
 * at most one bucket (512 ids) of one ratio per boundary.
 */

const BUCKET = 512;
/** The rank key of an attempt (alias `t`) as the recount orders by it. */
const RATIO = sql`(t.score / nullif(t.max_score, 0))`;
const BUCKET_OF = sql`(t.id / ${sql.raw(String(BUCKET))})`;
/** An answer's credit as a share of its question's points, as the recount sums it. */
const SHARE = sql`(coalesce(a.credit, 0) / nullif(a.max_score, 0))`;
/** The keys of an answer (`a`) as the picks count them: an array's elements, a string's comma-separated parts, upper-cased and trimmed. */
const PICKED = sql`jsonb_array_elements_text(case jsonb_typeof(a.answer) when 'array' then a.answer when 'string' then to_jsonb(string_to_array(a.answer #>> '{}', ',')) else '[]'::jsonb end)`;

/**
 * Fold the finished attempts not folded yet, under the rollup row's lock (one folder at a time; a
 * read with nothing to fold takes no lock). Attempts locked by a call under way are left for the
 * next fold (skip locked): the reads count them live meanwhile.
 */
export async function foldContestFigures(db: Db, act: { id: number; org_id: number }): Promise<void> {
  const state = sql`select stale, exists (select 1 from contest_attempts t where t.act_id = ${act.id} and t.state = 'finished' and t.rolled = 0) as due
    from contest_figures where act_id = ${act.id}`;
  const [seen] = rowsOf<{ stale: number; due: boolean }>(await db.execute(state));
  if (seen && seen.stale === 0 && !seen.due) return;
  if (!seen) await db.insert(contestFigures).values({ act_id: act.id, org_id: act.org_id }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [s] = rowsOf<{ stale: number }>(await tx.execute(sql`select stale from contest_figures where act_id = ${act.id} for update`));
    if (!s) return;
    if (s.stale === 1) {
      for (const table of ['contest_figure_groups', 'contest_figure_items', 'contest_figure_slices', 'contest_figure_picks']) await tx.execute(sql`delete from ${sql.identifier(table)} where act_id = ${act.id}`);
      await tx.execute(sql`update contest_attempts set rolled = 0 where act_id = ${act.id} and rolled = 1`);
      await tx.update(contestFigures).set({ stale: 0 }).where(eq(contestFigures.act_id, act.id));
    }
    await foldAttempts(tx, act.id);
  });
}

/** One statement (one snapshot): claim the unfolded finished attempts, mark them, add them and their answers to the rollup rows. */
async function foldAttempts(tx: Tx, actId: number): Promise<void> {
  const act = sql`${actId}::int`;
  await tx.execute(sql`
    with claimed as (
      select t.id, ${RATIO} as ratio, ${BUCKET_OF} as bucket, t.passed, t.score, t.duration_sec, t.auto_submitted
      from contest_attempts t where t.act_id = ${actId} and t.state = 'finished' and t.rolled = 0
      order by t.id for update skip locked
    ),
    marked as (update contest_attempts set rolled = 1 from claimed where contest_attempts.id = claimed.id),
    answers as (
      select a.question_id, c.ratio, c.bucket, ${SHARE} as share, a.is_right, a.answer
      from claimed c join contest_answers a on a.attempt_id = c.id
    ),
    groups as (
      insert into contest_figure_groups (act_id, ratio, bucket, attempts, passed, score_sum, duration_sum, durations, autos)
      select ${act}, ratio, bucket, count(*), count(*) filter (where passed = 1), coalesce(sum(score), 0), coalesce(sum(duration_sec), 0), count(duration_sec), count(*) filter (where auto_submitted = 1)
      from claimed group by ratio, bucket
      on conflict on constraint contest_figure_groups_uq do update set
        attempts = contest_figure_groups.attempts + excluded.attempts, passed = contest_figure_groups.passed + excluded.passed,
        score_sum = contest_figure_groups.score_sum + excluded.score_sum, duration_sum = contest_figure_groups.duration_sum + excluded.duration_sum,
        durations = contest_figure_groups.durations + excluded.durations, autos = contest_figure_groups.autos + excluded.autos
    ),
    items as (
      insert into contest_figure_items (act_id, question_id, ratio, answered, credit, right_count)
      select ${act}, question_id, ratio, count(*), coalesce(sum(share), 0), count(*) filter (where is_right = 1)
      from answers group by question_id, ratio
      on conflict on constraint contest_figure_items_uq do update set
        answered = contest_figure_items.answered + excluded.answered, credit = contest_figure_items.credit + excluded.credit,
        right_count = contest_figure_items.right_count + excluded.right_count
    ),
    slices as (
      insert into contest_figure_slices (act_id, ratio, bucket, question_id, answered, credit)
      select ${act}, ratio, bucket, question_id, count(*), coalesce(sum(share), 0)
      from answers group by ratio, bucket, question_id
      on conflict on constraint contest_figure_slices_uq do update set
        answered = contest_figure_slices.answered + excluded.answered, credit = contest_figure_slices.credit + excluded.credit
    )
    insert into contest_figure_picks (act_id, question_id, key, n)
    select ${act}, a.question_id, upper(trim(k.key)), count(*) from answers a cross join lateral ${PICKED} k(key)
    group by a.question_id, upper(trim(k.key))
    on conflict (act_id, question_id, key) do update set n = contest_figure_picks.n + excluded.n`);
}

/** Mark a contest's figures rollup for a recount: attempts it folded went. */
export async function staleContestFigures(tx: Db | Tx, actId: number): Promise<void> {
  await tx.update(contestFigures).set({ stale: 1 }).where(eq(contestFigures.act_id, actId));
}

/** Per question: answer rows, credit shares, whole credits, and the top and bottom 27 %'s rows and credit shares (the recount's shape). */
export interface QuestionCell {
  question_id: number;
  answered: number;
  credit: number;
  right_count: number;
  upper_n: number;
  upper_right: number;
  lower_n: number;
  lower_right: number;
}

export interface QuestionCells {
  rows: QuestionCell[];
  picks: { question_id: number; key: string; n: number }[];
}

/** Where the first p attempts of the rank order end: none, all, or at the attempt `x` of ratio `r` (text; null: no ratio) in bucket `b`. */
type Cut = { kind: 'none' } | { kind: 'all' } | { kind: 'at'; r: string | null; b: number; x: number };

const ratioIs = (col: SQL, r: string | null) => (r === null ? sql`${col} is null` : sql`${col} = ${r}::numeric`);
/** A ratio group ranked before the cut's (descending, null first). */
const before = (col: SQL, cut: Cut) => (cut.kind === 'all' ? sql`true` : cut.kind === 'none' || cut.r === null ? sql`false` : sql`(${col} is null or ${col} > ${cut.r}::numeric)`);
/** An attempt (ratio, id) among the first p. */
const upTo = (ratio: SQL, id: SQL, cut: Cut) => (cut.kind === 'at' ? sql`(${before(ratio, cut)} or (${ratioIs(ratio, cut.r)} and ${id} <= ${cut.x}))` : before(ratio, cut));
/** Slices of the cut's ratio in the buckets before its own. */
const slicesBefore = (cut: Cut) => (cut.kind === 'at' ? sql`(${ratioIs(sql`s.ratio`, cut.r)} and s.bucket < ${cut.b})` : sql`false`);
/** Folded attempts of the cut's ratio in its bucket up to it (read by id). */
const partOf = (cut: Cut) =>
  cut.kind === 'at' ? sql`(t.id >= ${cut.b * BUCKET} and t.id <= ${cut.x} and ${ratioIs(RATIO, cut.r)})` : sql`false`;

/**
 * The per-question cells of the finished attempts of a contest from the rollup and the attempts it
 * has not folded (all of them, live, while it is stale or missing), on one read-only snapshot.
 */
export async function rolledUpQuestionCells(db: Db, actId: number): Promise<QuestionCells> {
  return db.transaction(
    async (tx) => {
      const [rollup] = await tx.select({ stale: contestFigures.stale }).from(contestFigures).where(eq(contestFigures.act_id, actId));
      const usable = !!rollup && rollup.stale === 0;
      const folded = (part: SQL) => (usable ? sql`${part} union all` : sql``);
      const live = sql`live as (select t.id, ${RATIO} as ratio, ${BUCKET_OF} as bucket from contest_attempts t where t.act_id = ${actId} and t.state = 'finished' ${usable ? sql`and t.rolled = 0` : sql``})`;
      const counted = async (ratio: string | null | undefined) =>
        rowsOf<{ key: string | null; n: number | string }>(
          await tx.execute(sql`with ${live}
            select ${ratio === undefined ? sql`ratio::text` : sql`bucket::text`} as key, sum(n)::int as n from (
              ${folded(sql`select g.ratio, g.bucket, g.attempts as n from contest_figure_groups g where g.act_id = ${actId}`)}
              select l.ratio, l.bucket, 1 as n from live l
            ) x ${ratio === undefined ? sql`group by ratio order by ratio desc nulls first` : sql`where ${ratioIs(sql`ratio`, ratio)} group by bucket order by bucket`}`),
        ).map((r) => ({ key: r.key, n: Number(r.n) }));
      const ratios = await counted(undefined);
      const n = ratios.reduce((s, r) => s + r.n, 0);
      const k = analysisGroupSize(n);
      /** Where the first p attempts end. */
      const cutAt = async (p: number): Promise<Cut> => {
        if (p <= 0) return { kind: 'none' };
        if (p >= n) return { kind: 'all' };
        let seen = 0;
        const group = ratios.find((r) => (seen += r.n) >= p)!;
        let m = p - (seen - group.n);
        let inBucket = 0;
        const bucket = (await counted(group.key)).find((b) => ((inBucket = m), (m -= b.n) <= 0))!;
        const b = Number(bucket.key);
        const [row] = rowsOf<{ id: number }>(
          await tx.execute(sql`select t.id from contest_attempts t
            where t.act_id = ${actId} and t.state = 'finished' and t.id >= ${b * BUCKET} and t.id < ${(b + 1) * BUCKET} and ${ratioIs(RATIO, group.key)}
            order by t.id offset ${inBucket - 1} limit 1`),
        );
        return { kind: 'at', r: group.key, b, x: Number(row.id) };
      };
      const upper = await cutAt(k);
      const rest = await cutAt(n - k);
      const cells = rowsOf<QuestionCell>(
        await tx.execute(sql`
          with ${live}, parts as (
            ${folded(sql`select i.question_id, i.answered, i.credit, i.right_count,
                case when ${before(sql`i.ratio`, upper)} then i.answered else 0 end as up_n, case when ${before(sql`i.ratio`, upper)} then i.credit else 0 end as up_c,
                case when ${before(sql`i.ratio`, rest)} then i.answered else 0 end as pre_n, case when ${before(sql`i.ratio`, rest)} then i.credit else 0 end as pre_c
              from contest_figure_items i where i.act_id = ${actId}
              union all
              select s.question_id, 0, 0, 0,
                case when ${slicesBefore(upper)} then s.answered else 0 end, case when ${slicesBefore(upper)} then s.credit else 0 end,
                case when ${slicesBefore(rest)} then s.answered else 0 end, case when ${slicesBefore(rest)} then s.credit else 0 end
              from contest_figure_slices s where s.act_id = ${actId} and (${slicesBefore(upper)} or ${slicesBefore(rest)})
              union all
              select a.question_id, 0, 0, 0,
                case when ${partOf(upper)} then 1 else 0 end, case when ${partOf(upper)} then ${SHARE} else 0 end,
                case when ${partOf(rest)} then 1 else 0 end, case when ${partOf(rest)} then ${SHARE} else 0 end
              from contest_attempts t join contest_answers a on a.attempt_id = t.id
              where t.act_id = ${actId} and t.state = 'finished' and t.rolled = 1 and (${partOf(upper)} or ${partOf(rest)})`)}
            select a.question_id, 1 as answered, ${SHARE} as credit, (a.is_right = 1)::int as right_count,
              case when ${upTo(sql`l.ratio`, sql`l.id`, upper)} then 1 else 0 end as up_n, case when ${upTo(sql`l.ratio`, sql`l.id`, upper)} then ${SHARE} else 0 end as up_c,
              case when ${upTo(sql`l.ratio`, sql`l.id`, rest)} then 1 else 0 end as pre_n, case when ${upTo(sql`l.ratio`, sql`l.id`, rest)} then ${SHARE} else 0 end as pre_c
            from live l join contest_answers a on a.attempt_id = l.id
          )
          select question_id, sum(answered)::int as answered, coalesce(sum(credit), 0)::float8 as credit, sum(right_count)::int as right_count,
            sum(up_n)::int as upper_n, coalesce(sum(up_c), 0)::float8 as upper_right,
            (sum(answered) - sum(pre_n))::int as lower_n, (coalesce(sum(credit), 0) - coalesce(sum(pre_c), 0))::float8 as lower_right
          from parts group by question_id`),
      );
      const picks = rowsOf<{ question_id: number; key: string; n: number }>(
        await tx.execute(sql`
          with ${live}
          select question_id, key, sum(n)::int as n from (
            ${folded(sql`select p.question_id, p.key, p.n from contest_figure_picks p where p.act_id = ${actId}`)}
            select a.question_id, upper(trim(k.key)) as key, 1 as n from live l join contest_answers a on a.attempt_id = l.id cross join lateral ${PICKED} k(key)
          ) x group by question_id, key`),
      );
      return { rows: cells.map(numbers), picks: picks.map((p) => ({ question_id: Number(p.question_id), key: p.key, n: Number(p.n) })) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const numbers = (c: QuestionCell): QuestionCell => ({
  question_id: Number(c.question_id),
  answered: Number(c.answered),
  credit: Number(c.credit),
  right_count: Number(c.right_count),
  upper_n: Number(c.upper_n),
  upper_right: Number(c.upper_right),
  lower_n: Number(c.lower_n),
  lower_right: Number(c.lower_right),
});
