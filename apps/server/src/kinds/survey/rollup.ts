import { eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import type { Db, Tx } from '../../db/client.js';
import { surveyRollups } from '../../db/schema.js';
import { chinaDay } from '../../db/chinaDay.js';
import { chinaDate, chinaDayStart, DAY_SECONDS } from '@huodong/domain';
import { rowsOf } from '../../db/rows.js';
import { advanceMark, lastIdOf, RUNNING } from '../../db/highWater.js';

/**
 * The statistics rollup of a questionnaire (issue 22, schema survey_rollups): the answer cells,
 * responses per unit and day and the readers of every submitted response up to `through`,
 * folded by the statistics reads themselves; the reader writes add nothing. A read folds first
 * (`foldSurveyRollup`), then counts the rollup plus the responses above `through` live
 * (`rolledUpStats`), each statement on its own snapshot, so it equals a recount of that snapshot.
 *
 * Which responses may be folded is the high-water rule of db/highWater.ts (ids drawn before their
 * transaction commits).
 * Old rows changing (an edit rewrites a response's answer rows, deleting a reader deletes theirs)
 * mark the rollup `stale`: the next fold recounts, and until then the reads count everything live.
 */

interface RollupState {
  through: number;
  candidate: number | null;
  /** No transaction that was running when the candidate was read is running now. */
  settled: boolean;
  stale: number;
  last: string;
}

const LAST_RESPONSE_ID = lastIdOf('survey_responses_id_seq');

const safe = (s: RollupState) => s.candidate !== null && s.settled && s.candidate > s.through;
/** Something to do: a recount, a candidate now safe to fold, or new responses and no candidate yet. */
const due = (s: RollupState) => s.stale === 1 || safe(s) || (s.candidate === null && Number(s.last) > s.through);

/**
 * Fold what may be folded, under the rollup row's lock. A read with nothing to fold takes no lock;
 * one finding another read folding waits for it (one fold of many rows rather than every read
 * counting them live), then finds nothing left to do.
 */
export async function foldSurveyRollup(db: Db, act: { id: number; org_id: number }): Promise<void> {
  const state = sql`select through, candidate, stale, ${LAST_RESPONSE_ID}::text as last,
    case when candidate is null then false else not (coalesce(candidate_running, '{}') && ${RUNNING}) end as settled
    from survey_rollups where act_id = ${act.id}`;
  const [seen] = rowsOf<RollupState>(await db.execute(state));
  if (seen && !due(seen)) return;
  if (!seen) await db.insert(surveyRollups).values({ act_id: act.id, org_id: act.org_id }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [s] = rowsOf<RollupState & { running: string[] | null }>(await tx.execute(sql`select through, candidate, candidate_running as running, stale from survey_rollups where act_id = ${act.id} for update`));
    if (!s) return;
    let through = s.through;
    if (s.stale === 1) {
      for (const table of ['survey_rollup_cells', 'survey_rollup_days', 'survey_rollup_readers', 'survey_rollup_day_cells', 'survey_rollup_day_readers']) await tx.execute(sql`delete from ${sql.identifier(table)} where act_id = ${act.id}`);
      await tx.update(surveyRollups).set({ through: 0, readers: 0, stale: 0 }).where(eq(surveyRollups.act_id, act.id));
      through = 0;
    }
    const next = await advanceMark(tx, 'survey_responses_id_seq', { done: through, candidate: s.candidate, running: s.running }, (from, to) => foldRange(tx, act.id, from, to));
    await tx.update(surveyRollups).set({ through: next.done, candidate: next.candidate, candidate_running: next.running }).where(eq(surveyRollups.act_id, act.id));
  });
}

/** Fold the submitted responses with ids in (from, to]: their answer cells, their days, their readers. */
async function foldRange(tx: Tx, actId: number, from: number, to: number): Promise<void> {
  const folded = sql`r.act_id = ${actId} and r.status = 1 and r.id > ${from} and r.id <= ${to}`;
  const act = sql`${actId}::int`;
  await tx.execute(sql`
    insert into survey_rollup_cells (act_id, unit_id, question_id, revision, option_id, row_id, num, n, leads, texts)
    select ${act}, coalesce(a.unit_id, 0), a.question_id, a.revision, a.option_id, a.row_id, a.num,
      count(*), count(*) filter (where a.lead = 1), count(*) filter (where a.text <> '')
    from survey_responses r join survey_answers a on a.response_id = r.id and a.act_id = r.act_id
    where ${folded}
    group by 2, 3, 4, 5, 6, 7
    on conflict on constraint survey_rollup_cells_uq do update
      set n = survey_rollup_cells.n + excluded.n, leads = survey_rollup_cells.leads + excluded.leads, texts = survey_rollup_cells.texts + excluded.texts`);
  await tx.execute(sql`
    insert into survey_rollup_day_cells (act_id, day, unit_id, question_id, revision, option_id, row_id, num, n, leads, texts)
    select ${act}, ${chinaDay(sql`r.submitted_at`)}, coalesce(a.unit_id, 0), a.question_id, a.revision, a.option_id, a.row_id, a.num,
      count(*), count(*) filter (where a.lead = 1), count(*) filter (where a.text <> '')
    from survey_responses r join survey_answers a on a.response_id = r.id and a.act_id = r.act_id
    where ${folded}
    group by 2, 3, 4, 5, 6, 7, 8
    on conflict on constraint survey_rollup_day_cells_uq do update
      set n = survey_rollup_day_cells.n + excluded.n, leads = survey_rollup_day_cells.leads + excluded.leads, texts = survey_rollup_day_cells.texts + excluded.texts`);
  await tx.execute(sql`
    insert into survey_rollup_day_readers (act_id, day, reader_id, unit_id)
    select distinct ${act}, ${chinaDay(sql`r.submitted_at`)}, r.reader_id, coalesce(r.unit_id, 0) from survey_responses r where ${folded}
    on conflict do nothing`);
  await tx.execute(sql`
    insert into survey_rollup_days (act_id, unit_id, day, responses, duration_sum, durations)
    select ${act}, coalesce(r.unit_id, 0), ${chinaDay(sql`r.submitted_at`)}, count(*), coalesce(sum(r.duration_sec) filter (where r.duration_sec <> 0), 0), count(*) filter (where r.duration_sec <> 0)
    from survey_responses r where ${folded}
    group by 2, 3
    on conflict (act_id, unit_id, day) do update
      set responses = survey_rollup_days.responses + excluded.responses, duration_sum = survey_rollup_days.duration_sum + excluded.duration_sum, durations = survey_rollup_days.durations + excluded.durations`);
  // Readers new to the questionnaire counted before their rows go in (one snapshot: the insert is not seen by the count).
  await tx.execute(sql`
    with fresh as (
      select count(distinct r.reader_id)::int as n from survey_responses r
      where ${folded} and not exists (select 1 from survey_rollup_readers x where x.act_id = ${actId} and x.reader_id = r.reader_id)
    ), kept as (
      insert into survey_rollup_readers (act_id, reader_id, unit_id)
      select distinct ${act}, r.reader_id, coalesce(r.unit_id, 0) from survey_responses r where ${folded}
      on conflict do nothing
    )
    update survey_rollups set readers = readers + (select n from fresh) where act_id = ${actId}`);
}

/** Mark a questionnaire's rollup for a recount: rows it has folded changed (an edited response's answers). */
export async function staleSurveyRollup(tx: Tx, actId: number): Promise<void> {
  await tx.update(surveyRollups).set({ stale: 1 }).where(eq(surveyRollups.act_id, actId));
}

/** One group of answer rows as the statistics group them (figures.ts `Cell`). */
export interface RolledCell {
  q: number;
  rev: number;
  option: string;
  row: string;
  num: number | null;
  n: number;
  leads: number;
  texts: number;
}

/** A range of submission times in Unix seconds, either end open (the statistics' `from`, `to`). */
export interface SubmittedRange {
  from?: number;
  to?: number;
}

/**
 * The whole China days inside a range (from the first second of the first to the last second of
 * the last; the page's date filter sends such ranges): their day keys and seconds, or null when none.
 */
export function wholeDaysOf(range: SubmittedRange): { first: string; last: string; start: number; end: number } | null {
  const start = range.from === undefined ? undefined : range.from === chinaDayStart(range.from) ? range.from : chinaDayStart(range.from) + DAY_SECONDS;
  const end = range.to === undefined ? undefined : range.to === chinaDayStart(range.to) + DAY_SECONDS - 1 ? range.to : chinaDayStart(range.to) - 1;
  // An open end: every day up to (or from) the other, as far as any response can lie.
  const [s, e] = [start ?? 0, end ?? 2 ** 31 - 1];
  if (s > e) return null;
  return { first: chinaDate(s), last: chinaDate(e), start: s, end: e };
}

/**
 * The statistics' three reads from the rollup plus the submitted responses above `through` (all
 * of them, live, while the rollup is stale or missing), narrowed to `units` when given. One
 * read-only snapshot for the rollup row and the three reads, so the watermark the live part
 * starts from is the one the rollup rows were folded to; given as a value, the planner sees how
 * few responses lie above it. A `range` of submission times reads the rollup's rows per day of its
 * whole China days and counts live, besides, the responses of its partial days at either end.
 */
export async function rolledUpStats(db: Db, actId: number, units: number[] | null, range?: SubmittedRange) {
  const inUnits = (col: SQL) => (units ? sql`and ${col} in (${sql.join(units.map((u) => sql`${u}`), sql`, `)})` : sql``);
  const whole = range ? wholeDaysOf(range) : null;
  /** The rollup's per-day rows of the range's whole days (alias `d`). */
  const inDays = whole ? sql`and d.day between ${whole.first} and ${whole.last}` : sql``;
  return db.transaction(
    async (tx) => {
      const [rollup] = await tx.select({ through: surveyRollups.through, stale: surveyRollups.stale, readers: surveyRollups.readers }).from(surveyRollups).where(eq(surveyRollups.act_id, actId));
      // The rollup's rows count when it is fresh (and, for a range, when it has whole days); the live part starts past what they hold.
      const usable = !!rollup && rollup.stale === 0 && (!range || whole !== null);
      const through = usable ? rollup.through : 0;
      const folded = (part: SQL) => (usable ? sql`${part} union all` : sql``);
      const inRange = range
        ? sql`${range.from === undefined ? sql`` : sql`and r.submitted_at >= ${range.from}`} ${range.to === undefined ? sql`` : sql`and r.submitted_at <= ${range.to}`}`
        : sql``;
      // Of a range, the responses of its partial days are live too.
      const beyond = whole ? sql`or r.submitted_at < ${whole.start} or r.submitted_at > ${whole.end}` : sql``;
      const live = sql`live as (select r.id, r.reader_id, r.unit_id, r.submitted_at, r.duration_sec from survey_responses r where r.act_id = ${actId} and r.status = 1 ${inUnits(sql`r.unit_id`)} ${inRange} and (r.id > ${through} ${beyond}))`;
      if (range) return rangeStats(tx, { actId, live, folded, inUnits, inDays });
      const cells = await tx.execute(sql`
        with ${live}
        select q, rev, "option", "row", num, sum(n)::int as n, sum(leads)::int as leads, sum(texts)::int as texts from (
          ${folded(sql`select c.question_id as q, c.revision as rev, c.option_id as "option", c.row_id as "row", c.num, c.n, c.leads, c.texts
            from survey_rollup_cells c where c.act_id = ${actId} ${inUnits(sql`c.unit_id`)}`)}
          select a.question_id as q, a.revision as rev, a.option_id as "option", a.row_id as "row", a.num, 1 as n, (a.lead = 1)::int as leads, (a.text <> '')::int as texts
          from live l cross join lateral (select * from survey_answers a where a.response_id = l.id and a.act_id = ${actId}) a
        ) x group by q, rev, "option", "row", num`);
      // Distinct readers: the rollup's count, or its rows of one unit (a reader once per unit), plus the live part's readers it has not seen.
      const unseen = (where: SQL) => sql`(select count(distinct l.reader_id)::int from live l where not exists (select 1 from survey_rollup_readers x where x.act_id = ${actId} and x.reader_id = l.reader_id ${where}))`;
      const readers = !usable
        ? sql`(select count(distinct l.reader_id)::int from live l)`
        : !units
          ? sql`(${rollup.readers}::int + ${unseen(sql``)})`
          : units.length === 1
            ? sql`((select count(*)::int from survey_rollup_readers x where x.act_id = ${actId} and x.unit_id = ${units[0]}) + ${unseen(sql`and x.unit_id = ${units[0]}`)})`
            : sql`(select count(*)::int from (select x.reader_id from survey_rollup_readers x where x.act_id = ${actId} ${inUnits(sql`x.unit_id`)} union select l.reader_id from live l) v)`;
      const [totals] = rowsOf<{ n: number; readers: number; duration: string | null }>(
        await tx.execute(sql`
          with ${live}, counted as (
            ${folded(sql`select d.responses as n, d.duration_sum as dsum, d.durations as dn from survey_rollup_days d where d.act_id = ${actId} ${inUnits(sql`d.unit_id`)}`)}
            select 1 as n, l.duration_sec as dsum, (l.duration_sec <> 0)::int as dn from live l
          )
          select coalesce(sum(n), 0)::int as n, ${readers} as readers, (sum(dsum)::numeric / nullif(sum(dn), 0))::text as duration from counted`),
      );
      const days = await tx.execute(sql`
        with ${live}
        select day, sum(n)::int as n from (
          ${folded(sql`select d.day, d.responses as n from survey_rollup_days d where d.act_id = ${actId} ${inUnits(sql`d.unit_id`)}`)}
          select ${chinaDay(sql`l.submitted_at`)} as day, 1 as n from live l
        ) x group by day order by day`);
      return statsOf(cells, totals, days);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The three reads of a range: the rollup's rows of its whole days (alias `d`, `inDays`) plus the live part. */
async function rangeStats(
  tx: Tx,
  p: { actId: number; live: SQL; folded: (part: SQL) => SQL; inUnits: (col: SQL) => SQL; inDays: SQL },
) {
  const { actId, live, folded, inUnits, inDays } = p;
  const cells = await tx.execute(sql`
    with ${live}
    select q, rev, "option", "row", num, sum(n)::int as n, sum(leads)::int as leads, sum(texts)::int as texts from (
      ${folded(sql`select d.question_id as q, d.revision as rev, d.option_id as "option", d.row_id as "row", d.num, d.n, d.leads, d.texts
        from survey_rollup_day_cells d where d.act_id = ${actId} ${inDays} ${inUnits(sql`d.unit_id`)}`)}
      select a.question_id as q, a.revision as rev, a.option_id as "option", a.row_id as "row", a.num, 1 as n, (a.lead = 1)::int as leads, (a.text <> '')::int as texts
      from live l cross join lateral (select * from survey_answers a where a.response_id = l.id and a.act_id = ${actId}) a
    ) x group by q, rev, "option", "row", num`);
  // Distinct readers: the union of the rollup's readers of those days and the live part's.
  const [totals] = rowsOf<{ n: number; readers: number; duration: string | null }>(
    await tx.execute(sql`
      with ${live}, counted as (
        ${folded(sql`select d.responses as n, d.duration_sum as dsum, d.durations as dn from survey_rollup_days d where d.act_id = ${actId} ${inDays} ${inUnits(sql`d.unit_id`)}`)}
        select 1 as n, l.duration_sec as dsum, (l.duration_sec <> 0)::int as dn from live l
      )
      select coalesce(sum(n), 0)::int as n,
        (select count(distinct v.reader_id)::int from (${folded(sql`select d.reader_id from survey_rollup_day_readers d where d.act_id = ${actId} ${inDays} ${inUnits(sql`d.unit_id`)}`)} select l.reader_id from live l) v) as readers,
        (sum(dsum)::numeric / nullif(sum(dn), 0))::text as duration from counted`),
  );
  const days = await tx.execute(sql`
    with ${live}
    select day, sum(n)::int as n from (
      ${folded(sql`select d.day, d.responses as n from survey_rollup_days d where d.act_id = ${actId} ${inDays} ${inUnits(sql`d.unit_id`)}`)}
      select ${chinaDay(sql`l.submitted_at`)} as day, 1 as n from live l
    ) x group by day order by day`);
  return statsOf(cells, totals, days);
}

/** The three reads' rows as numbers. */
function statsOf(cells: unknown, totals: { n: number; readers: number; duration: string | null }, days: unknown) {
  return {
    cells: rowsOf<RolledCell>(cells).map((c) => ({ ...c, num: c.num === null ? null : Number(c.num), n: Number(c.n), leads: Number(c.leads), texts: Number(c.texts) })),
    totals: { n: Number(totals.n), readers: Number(totals.readers), duration: totals.duration === null ? null : Number(totals.duration) },
    days: rowsOf<{ day: string; n: number }>(days).map((d) => ({ day: d.day, n: Number(d.n) })),
  };
}
