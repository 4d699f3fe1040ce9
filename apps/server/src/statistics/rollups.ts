import { eq, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { Db, Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { statMarks } from '../db/schema.js';
import { chinaMonth } from '../db/chinaDay.js';
import { advanceMark, type HighWaterMark } from '../db/highWater.js';

/**
 * The statistics rollups (issue 26): per organisation, China-time month, metric, activity type and
 * activity, the number of rows of the table the metric counts (schema stat_rollups). Every page of
 * the platform's and the organisation's statistics reads these only (statistics/figures.ts).
 *
 * All counters are folded by the `stats.rollup` job past a high-water mark per table
 * (db/highWater.ts), none in the writes' transactions: the counted rows are written by many kinds
 * and the reader calls' hot paths, and a job folding ids in order is one statement per table for
 * all of them. A metric counts the rows made in the month (a later deletion or void does not unmake
 * a past month's figure); `active` counts the readers who made a row of any reader metric in the
 * month, once each (stat_reader_months). When rows go (a deleted reader takes theirs along), the
 * organisation is marked stale and recounted at the next pass. `recountRollups` computes the same
 * figures from the rows with plain grouping; the tests compare the two after random writes.
 *
 * The questions series: `question` counts the questions added to a bank, its `type` the question
 * type (not an activity type: the by-type sums of activities leave this metric out), the public
 * bank's under organisation 0 (the platform's; no organisation row, so no organisation's sums take
 * them). `answer` counts contest answers when made; `correct` the right ones, folded when their
 * attempt is finished (marks change until then; the attempt's `stat_folded` says it is held).
 */

export const METRICS = ['activity', 'work', 'like', 'comment', 'join', 'answer', 'correct', 'question', 'reader', 'active'] as const;
export type Metric = (typeof METRICS)[number];

interface Source {
  metric: Exclude<Metric, 'active' | 'correct'>;
  /** The table, aliased `s`; the sequence of its ids. */
  table: string;
  /** The organisation (the public bank's questions are organisation 0's). */
  org: string;
  /** The activity's type and id (`a` joined for a row of an activity), the reader (null when the row is no reader's). */
  type: string;
  act: string;
  reader: string;
}

const ofActivity = (table: string, metric: Source['metric']): Source => ({ metric, table, org: 's.org_id', type: 'a.type', act: 's.act_id', reader: 's.reader_id' });

/** What each metric counts. */
const SOURCES: Source[] = [
  { metric: 'activity', table: 'activities', org: 's.org_id', type: 's.type', act: 's.id', reader: 'null::int' },
  ofActivity('works', 'work'),
  ofActivity('votes', 'like'),
  ofActivity('comments', 'comment'),
  ofActivity('activity_joins', 'join'),
  ofActivity('contest_answers', 'answer'),
  { metric: 'reader', table: 'readers', org: 's.org_id', type: '0', act: '0', reader: 'null::int' },
  { metric: 'question', table: 'questions', org: 'coalesce(s.org_id, 0)', type: 's.type', act: '0', reader: 'null::int' },
];

/** The rows of a source as (org_id, month, type, act_id, reader_id), narrowed by `where` (on `s`). */
function sourceRows(source: Source, where: SQL): SQL {
  const join = source.type === 'a.type' ? sql.raw(' join activities a on a.id = s.act_id') : sql``;
  return sql`select ${sql.raw(source.org)}::int as org_id, ${chinaMonth(sql.raw('s.created_at'))} as month, ${sql.raw(source.type)}::smallint as type, ${sql.raw(source.act)}::int as act_id, ${sql.raw(source.reader)} as reader_id
    from ${sql.identifier(source.table)} s${join} where ${where}`;
}

const upsert = sql.raw(`on conflict (org_id, metric, month, type, act_id) do update set n = stat_rollups.n + excluded.n`);

/** Fold the rows of a source with ids in (from, to] (of one organisation when given): one statement. */
async function foldRange(tx: Tx, source: Source, from: number, to: number, orgId?: number): Promise<void> {
  const where = sql`s.id > ${from} and s.id <= ${to}${orgId === undefined ? sql`` : sql` and ${sql.raw(source.org)} = ${orgId}`}`;
  await tx.execute(sql`
    with src as (${sourceRows(source, where)}),
    counted as (
      insert into stat_rollups (org_id, month, metric, type, act_id, n)
      select org_id, month, ${source.metric}, type, act_id, count(*) from src group by org_id, month, type, act_id
      ${upsert}),
    seen as (
      insert into stat_reader_months (org_id, month, reader_id)
      select distinct org_id, month, reader_id from src where reader_id is not null
      on conflict do nothing returning org_id, month)
    insert into stat_rollups (org_id, month, metric, type, act_id, n)
    select org_id, month, 'active', 0, 0, count(*) from seen group by org_id, month
    ${upsert}`);
}

/** The right answers (alias `s`) of the attempts (alias `t`) narrowed by `where`, as rollup rows of `correct`. */
function correctRows(where: SQL): SQL {
  return sql`select s.org_id, ${chinaMonth(sql.raw('s.created_at'))} as month, a.type::smallint as type, s.act_id, count(*)::int as n
    from contest_answers s join contest_attempts t on t.id = s.attempt_id join activities a on a.id = s.act_id
    where s.is_right = 1 and ${where} group by 1, 2, 3, 4`;
}

/** The rollup rows of `correct` added for the right answers of the attempts narrowed by `where`. */
const insertCorrect = (where: SQL): SQL => sql`insert into stat_rollups (org_id, month, metric, type, act_id, n)
    select org_id, month, 'correct', type, act_id, n from (${correctRows(where)}) c
    ${upsert}`;

/**
 * Fold the right answers of the finished attempts not held yet, marking them held in the same
 * statement. Attempts locked by a call under way are left for the next pass (skip locked).
 */
async function foldCorrect(tx: Tx): Promise<void> {
  await tx.execute(sql`
    with held as (
      update contest_attempts set stat_folded = 1
      where id in (select id from contest_attempts where state = 'finished' and stat_folded = 0 for update skip locked)
      returning id)
    ${insertCorrect(sql`t.id in (select id from held)`)}`);
}

interface MarkRow {
  source: string;
  done_id: string;
  candidate: string | null;
  running: string[] | null;
}

/**
 * One pass of the job: every table's mark advanced (what is safe folded), then the stale
 * organisations recounted up to the marks. One transaction under the marks' locks, so passes of
 * several instances run one after another and a crash folds nothing twice.
 */
export async function foldRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into stat_marks (source) select unnest(${`{${SOURCES.map((s) => s.table).join(',')}}`}::text[]) on conflict do nothing`);
    const rows = rowsOf<MarkRow>(await tx.execute(sql`select source, done_id::text, candidate::text, running from stat_marks order by source for update`));
    const done = new Map<string, number>();
    for (const source of SOURCES) {
      const row = rows.find((r) => r.source === source.table)!;
      const mark: HighWaterMark = { done: Number(row.done_id), candidate: row.candidate === null ? null : Number(row.candidate), running: row.running };
      const next = await advanceMark(tx, `${source.table}_id_seq`, mark, (from, to) => foldRange(tx, source, from, to));
      await tx.update(statMarks).set({ done_id: next.done, candidate: next.candidate, running: next.running }).where(eq(statMarks.source, source.table));
      done.set(source.table, next.done);
    }
    await foldCorrect(tx);
    const stale = rowsOf<{ org_id: number }>(await tx.execute(sql`delete from stat_stale returning org_id`));
    for (const { org_id } of stale) {
      await tx.execute(sql`delete from stat_rollups where org_id = ${org_id}`);
      await tx.execute(sql`delete from stat_reader_months where org_id = ${org_id}`);
      for (const source of SOURCES) await foldRange(tx, source, 0, done.get(source.table)!, org_id);
      await tx.execute(insertCorrect(sql`t.stat_folded = 1 and s.org_id = ${org_id}`));
    }
  });
}

/** Two passes: a candidate read by the first is folded by the second when nothing held it (the job's run; tests after writes). */
export async function refreshRollups(db: Db): Promise<void> {
  await foldRollups(db);
  await foldRollups(db);
}

/** Recount an organisation's rollups at the next pass (rows they folded went). */
export async function staleStatistics(tx: Db | Tx, orgId: number): Promise<void> {
  await tx.execute(sql`insert into stat_stale (org_id) values (${orgId}) on conflict do nothing`);
}

export interface RollupRow {
  org_id: number;
  month: string;
  metric: Metric;
  type: number;
  act_id: number;
  n: number;
}

/** The same figures as the rollups, counted from the rows themselves (every row; `active` as distinct readers). */
export async function recountRollups(db: Db): Promise<RollupRow[]> {
  const all = sql.raw('true');
  const counted = SOURCES.map((s) => sql`select org_id, month, ${s.metric}::text as metric, type, act_id, count(*)::int as n from (${sourceRows(s, all)}) c group by org_id, month, type, act_id`);
  const readers = sql.join(
    SOURCES.filter((s) => s.reader !== 'null::int').map((s) => sql`select org_id, month, reader_id from (${sourceRows(s, sql.raw('s.reader_id is not null'))}) r`),
    sql` union all `,
  );
  const correct = sql`select org_id, month, 'correct'::text as metric, type, act_id, n from (${correctRows(sql`t.state = 'finished'`)}) c`;
  const active = sql`select org_id, month, 'active'::text as metric, 0::smallint as type, 0 as act_id, count(distinct reader_id)::int as n from (${readers}) r group by org_id, month`;
  return rowsOf<RollupRow>(await db.execute(sql`${sql.join([...counted, correct, active], sql` union all `)} order by 1, 2, 3, 4, 5`));
}

/** The rollups as stored, in the order of `recountRollups`. */
export async function storedRollups(db: Db): Promise<RollupRow[]> {
  return rowsOf<RollupRow>(await db.execute(sql`select org_id, month, metric, type, act_id, n::int as n from stat_rollups where n <> 0 order by 1, 2, 3, 4, 5`));
}
