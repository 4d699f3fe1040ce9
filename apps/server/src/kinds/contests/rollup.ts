import { analysisGroupSize } from '@huodong/domain';
import { eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import type { Db, Tx } from '../../db/client.js';
import { contestFigures } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { chinaDay } from '../../db/chinaDay.js';

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
 * at most half of one bucket (256 ids) of one ratio per boundary: the attempts up to the p-th, or
 * those after it taken off the bucket's rows.
 */

const BUCKET = 256;
/** Attempts folded at once from which the fold analyses contest_attempts (see foldAttempts). */
const ANALYSE_AFTER = 5_000;
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
    // Compiling the fold's many aggregates costs more than running them (0.5 s of 1.6 s over 200,000 answers).
    await tx.execute(sql`set local jit = off`);
    if (s.stale === 1) {
      for (const table of ['contest_figure_groups', 'contest_figure_items', 'contest_figure_slices', 'contest_figure_picks', 'contest_figure_days', 'contest_figure_readers'])
        await tx.execute(sql`delete from ${sql.identifier(table)} where act_id = ${act.id}`);
      await tx.execute(sql`update contest_attempts set rolled = 0 where act_id = ${act.id} and rolled = 1`);
      await tx.update(contestFigures).set({ stale: 0, readers: 0 }).where(eq(contestFigures.act_id, act.id));
    }
    await foldAttempts(tx, act.id);
  });
}

/** One statement (one snapshot): claim the unfolded finished attempts, mark them, add them and their answers to the rollup rows. */
async function foldAttempts(tx: Tx, actId: number): Promise<void> {
  const act = sql`${actId}::int`;
  const [row] = rowsOf<{ folded: number }>(await tx.execute(sql`
    with claimed as (
      select t.id, ${RATIO} as ratio, ${BUCKET_OF} as bucket, t.reader_id, t.started_at, t.passed, t.score, t.duration_sec, t.auto_submitted
      from contest_attempts t where t.act_id = ${actId} and t.state = 'finished' and t.rolled = 0
      order by t.id for update skip locked
    ),
    marked as (update contest_attempts set rolled = 1 from claimed where contest_attempts.id = claimed.id),
    answers as (
      select a.question_id, c.ratio, c.bucket, ${SHARE} as share, a.is_right, a.answer
      from claimed c join contest_answers a on a.attempt_id = c.id
    ),
    groups as (
      insert into contest_figure_groups (act_id, ratio, bucket, attempts, passed, score_sum, scores, duration_sum, durations, autos)
      select ${act}, ratio, bucket, count(*), count(*) filter (where passed = 1), coalesce(sum(score), 0), count(score), coalesce(sum(duration_sec), 0), count(duration_sec), count(*) filter (where auto_submitted = 1)
      from claimed group by ratio, bucket
      on conflict on constraint contest_figure_groups_uq do update set
        attempts = contest_figure_groups.attempts + excluded.attempts, passed = contest_figure_groups.passed + excluded.passed,
        score_sum = contest_figure_groups.score_sum + excluded.score_sum, scores = contest_figure_groups.scores + excluded.scores,
        duration_sum = contest_figure_groups.duration_sum + excluded.duration_sum,
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
    ),
    picks as (
      insert into contest_figure_picks (act_id, question_id, key, n)
      select ${act}, a.question_id, upper(trim(k.key)), count(*) from answers a cross join lateral ${PICKED} k(key)
      group by a.question_id, upper(trim(k.key))
      on conflict (act_id, question_id, key) do update set n = contest_figure_picks.n + excluded.n
    ),
    days as (
      insert into contest_figure_days (act_id, day, attempts)
      select ${act}, ${chinaDay(sql`started_at`)}, count(*) from claimed group by 2
      on conflict (act_id, day) do update set attempts = contest_figure_days.attempts + excluded.attempts
    ),
    -- Readers new to the rollup counted before their rows go in (one snapshot: the insert is not seen by the count).
    fresh as (
      select count(distinct c.reader_id)::int as n from claimed c
      where not exists (select 1 from contest_figure_readers x where x.act_id = ${actId} and x.reader_id = c.reader_id)
    ),
    kept as (insert into contest_figure_readers (act_id, reader_id) select distinct ${act}, reader_id from claimed on conflict do nothing)
    update contest_figures set readers = readers + (select n from fresh) where act_id = ${actId}
    returning (select count(*) from claimed)::int as folded`));
  // The planner would take the attempts just folded for unfolded ones (the partial index unused, a
  // sequential scan on every read) until the table is analysed again: after a large fold, now.
  if (Number(row?.folded ?? 0) >= ANALYSE_AFTER) await tx.execute(sql`analyze contest_attempts`);
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

/** The attempts' figures of the count page (figures.ts `contestCount`): totals, attempts per China day (gaps left), finished attempts per tenth of the score ratio. */
export interface AttemptFigures {
  totals: { attempts: number; readers: number; finished: number; pending: number; open: number; passed: number; mean: number | null; mean_duration: number | null; auto: number };
  days: { day: string; attempts: number }[];
  hist: { value: number; n: number }[];
}

/** The histogram's bins: tenths of each paper's total. */
export const BINS = 10;
/** The bin of a finished attempt's score ratio on the histogram (0…BINS-1; constants inlined: the same expression is grouped by). */
export const histogramBin = (ratio: SQL) => sql<number>`least(${sql.raw(String(BINS - 1))}, greatest(0, floor(${ratio} * ${sql.raw(String(BINS))})))::int`;

/**
 * Where the first p attempts of the rank order end: none, all, or at the attempt `x` of ratio `r`
 * (text; null: no ratio) in bucket `b`; `tail` when fewer attempts of that ratio and bucket come
 * after it than up to it: the bucket's slice is then taken whole and the attempts after it read.
 */
type Cut = { kind: 'none' } | { kind: 'all' } | { kind: 'at'; r: string | null; b: number; x: number; tail: boolean };

const ratioIs = (col: SQL, r: string | null) => (r === null ? sql`${col} is null` : sql`${col} = ${r}::numeric`);
/** A ratio group ranked before the cut's (descending, null first). */
const before = (col: SQL, cut: Cut) => (cut.kind === 'all' ? sql`true` : cut.kind === 'none' || cut.r === null ? sql`false` : sql`(${col} is null or ${col} > ${cut.r}::numeric)`);
/** An attempt (ratio, id) among the first p. */
const upTo = (ratio: SQL, id: SQL, cut: Cut) => (cut.kind === 'at' ? sql`(${before(ratio, cut)} or (${ratioIs(ratio, cut.r)} and ${id} <= ${cut.x}))` : before(ratio, cut));
/** Slices of the cut's ratio in the buckets before its own. */
const slicesBefore = (cut: Cut) => (cut.kind === 'at' ? sql`(${ratioIs(sql`s.ratio`, cut.r)} and s.bucket ${sql.raw(cut.tail ? '<=' : '<')} ${cut.b})` : sql`false`);
/** Folded attempts of the cut's ratio in its bucket read by id: up to it (added), or after it (`tail`: taken off the whole bucket). */
const partOf = (cut: Cut) =>
  cut.kind !== 'at'
    ? sql`false`
    : cut.tail
      ? sql`(t.id > ${cut.x} and t.id < ${(cut.b + 1) * BUCKET} and ${ratioIs(RATIO, cut.r)})`
      : sql`(t.id >= ${cut.b * BUCKET} and t.id <= ${cut.x} and ${ratioIs(RATIO, cut.r)})`;
/** How a folded attempt read by id counts for a cut: 1 up to it, -1 after it. */
const signOf = (cut: Cut) => sql.raw(cut.kind === 'at' && cut.tail ? '-1' : '1');

/**
 * The figures of a contest's attempts and the per-question cells of its finished ones from the
 * rollup and the attempts it does not hold (the finished ones not folded, all of them while it is
 * stale or missing, and every unfinished one), on one read-only snapshot.
 */
export async function rolledUpFigures(db: Db, actId: number): Promise<QuestionCells & AttemptFigures> {
  return db.transaction(
    async (tx) => {
      // Never compiled: after a large fold, until the table is analysed again, the planner takes the folded attempts for live ones.
      await tx.execute(sql`set local jit = off`);
      const [rollup] = await tx.select({ stale: contestFigures.stale, readers: contestFigures.readers }).from(contestFigures).where(eq(contestFigures.act_id, actId));
      const usable = !!rollup && rollup.stale === 0;
      const folded = (part: SQL) => (usable ? sql`${part} union all` : sql``);
      // The live attempts read once and then named (as many as the planner expects, whatever the table's statistics say).
      const liveIds = rowsOf<{ id: number }>(
        await tx.execute(sql`select t.id from contest_attempts t where t.act_id = ${actId} and t.state = 'finished' ${usable ? sql`and t.rolled = 0` : sql``}`),
      ).map((r) => Number(r.id));
      const ids = `{${liveIds.join(',')}}`;
      const live = sql`live as (select t.id, ${RATIO} as ratio, ${BUCKET_OF} as bucket from contest_attempts t where t.id = any(${ids}::int[]))`;
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
        return { kind: 'at', r: group.key, b, x: Number(row.id), tail: inBucket > bucket.n / 2 };
      };
      const upper = await cutAt(k);
      const rest = await cutAt(n - k);
      // Each part summed per question (answer rows, credit shares, whole credits; of them, those among the first k and the first n - k), then the parts added.
      const among = (n: SQL, c: SQL, first: (cut: Cut) => SQL, sign: (cut: Cut) => SQL = () => sql.raw('1')) =>
        sql`${sign(upper)} * coalesce(sum(${n}) filter (where ${first(upper)}), 0) as up_n, ${sign(upper)} * coalesce(sum(${c}) filter (where ${first(upper)}), 0) as up_c,
          ${sign(rest)} * coalesce(sum(${n}) filter (where ${first(rest)}), 0) as pre_n, ${sign(rest)} * coalesce(sum(${c}) filter (where ${first(rest)}), 0) as pre_c`;
      const cells = rowsOf<QuestionCell>(
        await tx.execute(sql`
          with ${live}, parts as (
            ${folded(sql`select i.question_id, sum(i.answered) as answered, sum(i.credit) as credit, sum(i.right_count) as right_count,
                ${among(sql`i.answered`, sql`i.credit`, (cut) => before(sql`i.ratio`, cut))}
              from contest_figure_items i where i.act_id = ${actId} group by i.question_id
              union all
              select s.question_id, 0, 0, 0, ${among(sql`s.answered`, sql`s.credit`, slicesBefore)}
              from contest_figure_slices s where s.act_id = ${actId} and (${slicesBefore(upper)} or ${slicesBefore(rest)}) group by s.question_id
              union all
              select a.question_id, 0, 0, 0, ${among(sql`1`, SHARE, partOf, signOf)}
              from contest_attempts t cross join lateral (select * from contest_answers a where a.attempt_id = t.id offset 0) a
              where t.act_id = ${actId} and t.state = 'finished' and t.rolled = 1 and (${partOf(upper)} or ${partOf(rest)}) group by a.question_id`)}
            select a.question_id, count(*) as answered, coalesce(sum(${SHARE}), 0) as credit, count(*) filter (where a.is_right = 1) as right_count,
              ${among(sql`1`, SHARE, (cut) => upTo(sql`l.ratio`, sql`l.id`, cut))}
            from live l cross join lateral (select * from contest_answers a where a.attempt_id = l.id offset 0) a group by a.question_id
          )
          select question_id, sum(answered)::int as answered, sum(credit)::float8 as credit, sum(right_count)::int as right_count,
            sum(up_n)::int as upper_n, sum(up_c)::float8 as upper_right, (sum(answered) - sum(pre_n))::int as lower_n, (sum(credit) - sum(pre_c))::float8 as lower_right
          from parts group by question_id`),
      );
      const picks = rowsOf<{ question_id: number; key: string; n: number }>(
        await tx.execute(sql`
          with ${live}
          select question_id, key, sum(n)::int as n from (
            ${folded(sql`select p.question_id, p.key, p.n from contest_figure_picks p where p.act_id = ${actId}`)}
            select a.question_id, upper(trim(k.key)) as key, 1 as n from live l cross join lateral (select * from contest_answers a where a.attempt_id = l.id offset 0) a cross join lateral ${PICKED} k(key)
          ) x group by question_id, key`),
      );
      // The attempts the rollup does not hold: the live finished ones and every unfinished one.
      const others = sql`others as (
        select t.reader_id, t.state, t.started_at, t.passed, t.score, t.duration_sec, t.auto_submitted, ${RATIO} as ratio from contest_attempts t where t.id = any(${ids}::int[])
        union all
        select t.reader_id, t.state, t.started_at, t.passed, t.score, t.duration_sec, t.auto_submitted, ${RATIO} from contest_attempts t where t.act_id = ${actId} and t.state <> 'finished')`;
      const readers = usable
        ? sql`${rollup.readers}::int + (select count(distinct o.reader_id) from others o where not exists (select 1 from contest_figure_readers x where x.act_id = ${actId} and x.reader_id = o.reader_id))`
        : sql`(select count(distinct o.reader_id) from others o)`;
      const [totals] = rowsOf<Record<keyof AttemptFigures['totals'], number | string | null>>(
        await tx.execute(sql`
          with ${others},
          g as (
            select coalesce(sum(attempts), 0) as attempts, coalesce(sum(passed), 0) as passed, coalesce(sum(score_sum), 0) as score_sum, coalesce(sum(scores), 0) as scores,
              coalesce(sum(duration_sum), 0) as duration_sum, coalesce(sum(durations), 0) as durations, coalesce(sum(autos), 0) as autos
            from contest_figure_groups where act_id = ${actId} and ${usable ? sql`true` : sql`false`}
          ),
          o as (
            select count(*) as attempts, count(*) filter (where state = 'finished') as finished, count(*) filter (where state = 'pending_grading') as pending,
              count(*) filter (where state = 'inprogress') as open, count(*) filter (where passed = 1) as passed,
              coalesce(sum(score) filter (where state = 'finished'), 0) as score_sum, count(score) filter (where state = 'finished') as scores,
              coalesce(sum(duration_sec) filter (where state = 'finished'), 0) as duration_sum, count(duration_sec) filter (where state = 'finished') as durations,
              count(*) filter (where auto_submitted = 1) as autos
            from others
          )
          select (g.attempts + o.attempts)::int as attempts, (${readers})::int as readers, (g.attempts + o.finished)::int as finished, o.pending::int as pending, o.open::int as open,
            (g.passed + o.passed)::int as passed, ((g.score_sum + o.score_sum) / nullif(g.scores + o.scores, 0))::float8 as mean,
            ((g.duration_sum + o.duration_sum) / nullif(g.durations + o.durations, 0))::float8 as mean_duration, (g.autos + o.autos)::int as auto
          from g, o`),
      );
      const days = rowsOf<{ day: string; attempts: number }>(
        await tx.execute(sql`
          with ${others}
          select day, sum(n)::int as attempts from (
            ${folded(sql`select d.day, d.attempts as n from contest_figure_days d where d.act_id = ${actId}`)}
            select ${chinaDay(sql`o.started_at`)} as day, 1 as n from others o
          ) x group by day order by day`),
      );
      const hist = rowsOf<{ value: number; n: number }>(
        await tx.execute(sql`
          with ${others}
          select ${histogramBin(sql`ratio`)} as value, sum(n)::int as n from (
            ${folded(sql`select g.ratio, g.attempts as n from contest_figure_groups g where g.act_id = ${actId}`)}
            select o.ratio, 1 as n from others o where o.state = 'finished'
          ) x group by 1 order by 2 desc`),
      );
      const num = (v: number | string | null) => (v === null ? null : Number(v));
      return {
        rows: cells.map(numbers),
        picks: picks.map((p) => ({ question_id: Number(p.question_id), key: p.key, n: Number(p.n) })),
        totals: {
          attempts: Number(totals.attempts),
          readers: Number(totals.readers),
          finished: Number(totals.finished),
          pending: Number(totals.pending),
          open: Number(totals.open),
          passed: Number(totals.passed),
          mean: num(totals.mean),
          mean_duration: num(totals.mean_duration),
          auto: Number(totals.auto),
        },
        days: days.map((d) => ({ day: d.day, attempts: Number(d.attempts) })),
        hist: hist.map((h) => ({ value: h.value === null ? h.value : Number(h.value), n: Number(h.n) })),
      };
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
