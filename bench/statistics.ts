/**
 * Benchmark: the statistics of the platform and the organisation (issue 26) over 10,000,000 counted rows.
 *
 *   npx tsx bench/statistics.ts --pg-only              # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/statistics.ts --pg-only --scale 0.1  # 1,000,000 rows
 *   npx tsx bench/statistics.ts --pg-only --questions-only  # the questions series alone (its 10,000,000 rows)
 *
 * The fixture is bulk SQL (generate_series, the bench's own data, not demo data): 50 organisations
 * with 40 activities each over the types, 200,000 readers, and 5,000,000 votes, 2,000,000
 * comments, 2,000,000 works and 1,000,000 joins dated over the past year (foreign-key triggers off
 * while filling). Printed: the fill, the first fold of every row into the rollups
 * (`refreshRollups`), a later incremental fold of 10,000 new votes, the rollups' size, then each
 * statistics route once right after a fold (cold: computed from the rollups) and p50/p99 at 10
 * connections (autocannon, 5 s each; answers remembered until the next fold) against the goal 200 ms.
 * The run fails if the rollups do not count every vote.
 *
 * The questions series (qstats) over another 10,000,000 rows: 1,000,000 questions (a fifth in the
 * public bank, organisation 0's, the rest over the 50 organisations' banks, dated over the year,
 * their counters set) and 450,000 attempts of the contests (type 3) with 20 answers each
 * (9,000,000), one attempt in 20 still in progress (its answers unmarked), the others finished with
 * two right answers in three. After the first fold, half the open attempts are finished and
 * 1,000 questions added, folded again; then the question metrics (`question`, `answer`, `correct`)
 * of the rollups are compared with a recount from the rows by the bench's own SQL, per organisation,
 * month, type and activity (the run fails on any difference). Its routes: the series
 * (`/v1/count/question/months`, `/v1/{org}/count/question/months`) and the banks' state
 * (`/v1/count/question`, `/v1/{org}/count/question`, `/v1/count/question/organizations`).
 * `--questions-only` leaves out the votes, comments, works and joins and their routes.
 * The database is dropped afterwards.
 */
import pg from 'pg';
import { onEachDatabase, postgresUrls, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { measureLoad, type Figures } from './load.js';
import { foldRollups, refreshRollups } from '../apps/server/src/statistics/rollups.js';
import { foldBankMoves } from '../apps/server/src/questions/bankSums.js';
import type { Database, Db } from '../apps/server/src/db/client.js';
import { chinaMonth } from '../apps/server/src/db/chinaDay.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { sql } from 'drizzle-orm';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const SECONDS = 5;
const ORGS = 50;
const ACTS_PER_ORG = 40;
const ACTS = ORGS * ACTS_PER_ORG;
const TYPES = [1, 2, 3, 4, 5, 7, 8, 9, 16];
const READERS = Math.round(200_000 * Math.max(scale, 0.05));
const QUESTIONS_ONLY = args.includes('--questions-only');
const ROWS = QUESTIONS_ONLY ? { votes: 0, comments: 0, works: 0, activity_joins: 0 } : { votes: Math.round(5_000_000 * scale), comments: Math.round(2_000_000 * scale), works: Math.round(2_000_000 * scale), activity_joins: Math.round(1_000_000 * scale) };
const YEAR = 365 * 86_400;
/** The questions series: bank questions (one in five public), contest attempts, answers per attempt. */
const QUESTIONS = Math.round(1_000_000 * scale);
const ATTEMPTS = Math.round(450_000 * scale);
const PER_ATTEMPT = 20;
/** The contests among the activities: activity g is of type TYPES[g % TYPES.length]. */
const CONTEST_ACTS = Array.from({ length: ACTS }, (_, g) => g).filter((g) => TYPES[g % TYPES.length] === 3);

const secs = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** The fixture through one connection of its own (foreign-key triggers off while filling). */
async function fill(url: string): Promise<{ firstOrg: string; firstAct: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (text: string) => c.query(text);
  const now = Math.floor(Date.now() / 1000);
  // A moment of the past year for row g, spread evenly.
  const at = (g: string) => `(${now} - ((${g})::bigint * 7919) % ${YEAR})`;
  await q('set session_replication_role = replica');
  await q(`insert into organizations (key, name, created_at) select 'bstat' || g, '统计机构' || g, ${at('g * 13')} from generate_series(0, ${ORGS - 1}) g`);
  const [{ min: o0 }] = (await q(`select min(id)::int as min from organizations where key like 'bstat%'`)).rows as { min: number }[];
  await q(`insert into activities (org_id, type, title, start_at, end_at, is_tmp, created_at)
    select ${o0} + g / ${ACTS_PER_ORG}, (array[${TYPES.join(',')}])[1 + g % ${TYPES.length}], '统计活动' || g, ${now - YEAR}, ${now + YEAR}, 0, ${at('g * 31')}
    from generate_series(0, ${ACTS - 1}) g order by g`);
  const [{ min: a0 }] = (await q(`select min(id)::int as min from activities where org_id >= ${o0}`)).rows as { min: number }[];
  await q(`insert into vote_sources (org_id, act_id, title) select ${o0} + g / ${ACTS_PER_ORG}, ${a0} + g, '对象' || g from generate_series(0, ${ACTS - 1}) g order by g`);
  const [{ min: s0 }] = (await q(`select min(id)::int as min from vote_sources where org_id >= ${o0}`)).rows as { min: number }[];
  await q(`insert into readers (org_id, account, password_hash, source, created_at) select ${o0} + g % ${ORGS}, 'b' || g, '', 'register', ${at('g')} from generate_series(0, ${READERS - 1}) g order by g`);
  const [{ min: r0 }] = (await q(`select min(id)::int as min from readers where org_id >= ${o0}`)).rows as { min: number }[];
  // Row g: activity j = g % ACTS, a reader of the activity's organisation, (g / ACTS)-th of it.
  const j = 'g % ' + ACTS;
  const org = `${o0} + (${j}) / ${ACTS_PER_ORG}`;
  const reader = `${r0} + (${j}) / ${ACTS_PER_ORG} + ${ORGS} * ((g / ${ACTS}) % ${READERS / ORGS})`;
  const inserts: Record<keyof typeof ROWS, string> = {
    votes: `insert into votes (org_id, act_id, source_id, reader_id, day, created_at) select ${org}, ${a0} + ${j}, ${s0} + ${j}, ${reader}, '20260101', ${at('g')} from generate_series(0, ${ROWS.votes - 1}) g`,
    comments: `insert into comments (org_id, act_id, source_id, reader_id, content, created_at) select ${org}, ${a0} + ${j}, ${s0} + ${j}, ${reader}, '评论', ${at('g + 7')} from generate_series(0, ${ROWS.comments - 1}) g`,
    works: `insert into works (org_id, act_id, reader_id, creation_type_id, title, created_at) select ${org}, ${a0} + ${j}, ${reader}, 1, '作品', ${at('g + 11')} from generate_series(0, ${ROWS.works - 1}) g`,
    activity_joins: `insert into activity_joins (org_id, act_id, reader_id, created_at) select ${org}, ${a0} + ${j}, ${reader}, ${at('g + 3')} from generate_series(0, ${ROWS.activity_joins - 1}) g`,
  };
  for (const [table, sql] of Object.entries(inserts)) {
    const t0 = Date.now();
    await q(sql);
    console.log(`  ${table}: ${ROWS[table as keyof typeof ROWS].toLocaleString()} rows in ${secs(t0)}`);
  }
  let t0 = Date.now();
  // Attempt a: contest i = a % contests (activity g = CONTEST_ACTS[i]), a reader of its organisation; one in 20 still open.
  // `counted` 2: the questions' counters are the fill's own (else the server's counter fold works through them while measured).
  const contests = `(array[${CONTEST_ACTS.join(',')}])[1 + a % ${CONTEST_ACTS.length}]`;
  const started = `(${now - YEAR} + (a::bigint * 7919) % ${YEAR - 3600})`;
  t0 = Date.now();
  await q(`insert into contest_attempts (org_id, act_id, level_id, reader_id, attempt_no, day, paper, state, started_at, deadline_at, submitted_at, max_score, question_count, counted, created_at, updated_at)
    select ${o0} + c / ${ACTS_PER_ORG}, ${a0} + c, 0, ${r0} + c / ${ACTS_PER_ORG} + ${ORGS} * ((a / ${CONTEST_ACTS.length}) % ${READERS / ORGS}), 1, '20260101', '[]',
      case when a % 20 = 0 then 'inprogress' else 'finished' end, ${started}, ${started} + 3600, case when a % 20 = 0 then null else ${started} + 600 end, 100, ${PER_ATTEMPT}, 2, ${started}, ${started}
    from (select a, ${contests} as c from generate_series(0, ${ATTEMPTS - 1}) a) x order by a`);
  console.log(`  contest_attempts: ${ATTEMPTS.toLocaleString()} rows in ${secs(t0)}`);
  t0 = Date.now();
  await q(`insert into contest_answers (org_id, act_id, attempt_id, reader_id, question_id, answer, is_right, credit, max_score, answered_at, created_at, updated_at)
    select t.org_id, t.act_id, t.id, t.reader_id, 1 + k, '"A"', case when t.state = 'finished' then case when (t.id * 7 + k) % 3 = 0 then 0 else 1 end end,
      case when t.state = 'finished' then case when (t.id * 7 + k) % 3 = 0 then 0 else 5 end end, 5, t.started_at + k * 20, t.started_at + k * 20, t.started_at + k * 20
    from contest_attempts t cross join generate_series(0, ${PER_ATTEMPT - 1}) k where t.org_id >= ${o0} order by t.id, k`);
  console.log(`  contest_answers: ${(ATTEMPTS * PER_ATTEMPT).toLocaleString()} rows in ${secs(t0)}`);
  await q('set session_replication_role = origin');
  // The questions series: bank questions (g % 5 = 0 the public bank), counters set for the banks' state; with the
  // triggers on (migration 0045's statement triggers keep the banks' sums).
  t0 = Date.now();
  await q(`insert into questions (org_id, type, difficulty, stem, answer, stem_key, used_count, answered_count, correct_count, is_delete, created_at, updated_at)
    select case when g % 5 = 0 then null else ${o0} + (g / 5) % ${ORGS} end, 1 + g % 5, 1 + (g / 5) % 5, '统计题' || g, 'A', '统计题' || g,
      g % 50, (g * 7) % 100, ((g * 7) % 100) * (1 + g % 4) / 5, case when g % 50 = 49 then 1 else 0 end, ${at('g * 19')}, ${at('g * 19')}
    from generate_series(0, ${QUESTIONS - 1}) g`);
  console.log(`  questions: ${QUESTIONS.toLocaleString()} rows in ${secs(t0)}`);
  await q('analyze');
  const [{ key }] = (await q(`select key from organizations where id = ${o0}`)).rows as { key: string }[];
  await c.end();
  return { firstOrg: key, firstAct: a0 };
}

/**
 * The question metrics of the rollups against a recount from the rows (the bench's own SQL, per
 * organisation, month, type and activity): the run fails on any difference.
 */
async function recountQuestions(database: Database): Promise<void> {
  const t0 = Date.now();
  const month = (col: string) => chinaMonth(sql.raw(col));
  const counted = sql`
    select coalesce(q.org_id, 0)::int as org_id, ${month('q.created_at')}::text as month, 'question'::text as metric, q.type::int as type, 0 as act_id, count(*)::bigint as n
      from questions q group by 1, 2, 4
    union all
    select s.org_id, ${month('s.created_at')}::text, 'answer', a.type::int, s.act_id, count(*)::bigint
      from contest_answers s join activities a on a.id = s.act_id group by 1, 2, 4, 5
    union all
    select s.org_id, ${month('s.created_at')}::text, 'correct', a.type::int, s.act_id, count(*)::bigint
      from contest_answers s join contest_attempts t on t.id = s.attempt_id join activities a on a.id = s.act_id
      where s.is_right = 1 and t.state = 'finished' group by 1, 2, 4, 5`;
  const stored = sql`select org_id, month::text, metric::text, type::int, act_id, n::bigint from stat_rollups where metric in ('question', 'answer', 'correct') and n <> 0`;
  const [diff] = rowsOf<{ missing: number; extra: number; counted: Record<string, number>; stored: Record<string, number> }>(await (database.db as Db).execute(sql`
    with counted as (${counted}), stored as (${stored})
    select (select count(*)::int from (select * from counted except select * from stored) x) as missing,
           (select count(*)::int from (select * from stored except select * from counted) y) as extra,
           (select json_object_agg(metric, n) from (select metric, sum(n)::bigint as n from counted group by 1) c) as counted,
           (select json_object_agg(metric, n) from (select metric, sum(n)::bigint as n from stored group by 1) s) as stored`));
  console.log(`question metrics recounted in ${secs(t0)}: counted ${JSON.stringify(diff.counted)}, in the rollups ${JSON.stringify(diff.stored)}; rollup rows differing ${diff.missing} + ${diff.extra}`);
  if (diff.missing !== 0 || diff.extra !== 0) throw new Error('the rollups of the questions series do not equal a recount');
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const url = postgresUrls.get(database);
  if (!url) throw new Error('the statistics benchmark runs on PostgreSQL: --pg-only');
  const total = Object.values(ROWS).reduce((s, n) => s + n, 0) + QUESTIONS + ATTEMPTS * PER_ATTEMPT;
  console.log(`filling ${total.toLocaleString()} counted rows (${ORGS} organisations, ${ACTS.toLocaleString()} activities, ${READERS.toLocaleString()} readers; ${QUESTIONS.toLocaleString()} questions, ${ATTEMPTS.toLocaleString()} attempts × ${PER_ATTEMPT} answers)`);
  let t0 = Date.now();
  const { firstOrg, firstAct } = await fill(url);
  console.log(`filled in ${secs(t0)}`);

  const db = database.db as Db;
  t0 = Date.now();
  await refreshRollups(db);
  console.log(`first fold of every row: ${secs(t0)}`);
  const [{ n: rollups }] = await database.query<{ n: number }>('select count(*)::int as n from stat_rollups');
  const [{ n: readerMonths }] = await database.query<{ n: number }>('select count(*)::int as n from stat_reader_months');
  console.log(`rollups: ${rollups.toLocaleString()} rows; readers active per month: ${readerMonths.toLocaleString()} rows`);

  await database.query(`insert into votes (org_id, act_id, source_id, reader_id, day) select v.org_id, v.act_id, v.source_id, v.reader_id, '20261127' from votes v order by v.id limit 10000`);
  t0 = Date.now();
  await foldRollups(db);
  await foldRollups(db);
  console.log(`incremental fold of 10,000 new votes: ${secs(t0)}`);
  const [{ stored }] = await database.query<{ stored: string }>(`select coalesce(sum(n), 0)::text as stored from stat_rollups where metric = 'like'`);
  const [{ counted }] = await database.query<{ counted: string }>('select count(*)::text as counted from votes');
  console.log(`likes in the rollups ${Number(stored).toLocaleString()}, votes counted ${Number(counted).toLocaleString()}`);
  if (stored !== counted) throw new Error('the rollups do not count every vote');

  // The questions series, incrementally: half the open attempts finished (their answers marked), 1,000 questions added now.
  const { o0 } = (await database.query<{ o0: number }>(`select id as o0 from organizations where key = $1`, [firstOrg]))[0];
  await database.query(`update contest_answers s set is_right = case when (s.id * 7) % 3 = 0 then 0 else 1 end, credit = 5 from contest_attempts t where t.id = s.attempt_id and t.state = 'inprogress' and t.id % 2 = 0`);
  await database.query(`update contest_attempts set state = 'finished', submitted_at = started_at + 600 where state = 'inprogress' and id % 2 = 0`);
  await database.query(`insert into questions (org_id, type, difficulty, stem, answer, stem_key) select case when g % 2 = 0 then null else ${o0} end, 1 + g % 5, 3, '新题' || g, 'A', '新题' || g from generate_series(0, 999) g`);
  // The banks' state moved too: questions deleted, paused, their counters raised (the statement triggers' moves).
  await database.query(`update questions set is_delete = 1 where id % 1000 = 7`);
  await database.query(`update questions set is_pause = 1 - is_pause where id % 1000 = 11`);
  await database.query(`update questions set used_count = used_count + 1, answered_count = answered_count + 2, correct_count = correct_count + 1 where id % 97 = 0`);
  t0 = Date.now();
  await refreshRollups(db);
  console.log(`incremental fold of the finished attempts and 1,000 new questions: ${secs(t0)}`);
  t0 = Date.now();
  const [{ moves }] = await database.query<{ moves: number }>('select count(*)::int as moves from question_bank_moves');
  await foldBankMoves(db);
  console.log(`fold of the banks' moves (${moves} moves): ${secs(t0)}`);
  const [bank] = await database.query<{ differ: number; questions: string }>(`with counted as (
      select coalesce(org_id, 0) as bank_id, type, difficulty, coalesce(category_id, 0) as category_id, is_pause, count(*)::int as questions,
        sum(used_count)::bigint as used, sum(answered_count)::bigint as answered, sum(correct_count)::bigint as correct
      from questions where is_delete = 0 group by 1, 2, 3, 4, 5),
    stored as (select bank_id, type, difficulty, category_id, is_pause, questions, used, answered, correct from question_bank_sums where questions <> 0)
    select (select count(*)::int from (select * from counted except select * from stored) x) + (select count(*)::int from (select * from stored except select * from counted) y) as differ,
      (select sum(questions)::text from stored) as questions`);
  console.log(`the banks' sums: ${Number(bank.questions).toLocaleString()} live questions; rows differing from a recount: ${bank.differ}`);
  if (bank.differ !== 0) throw new Error("the banks' sums do not equal a recount of the questions");
  await recountQuestions(database);

  const { base, token, close } = await serveAsSuper(database, { jobWorker: false });
  try {
    const questionRoutes = [
      '/v1/count/question/months',
      `/v1/${firstOrg}/count/question/months`,
      '/v1/count/question',
      `/v1/${firstOrg}/count/question`,
      '/v1/count/question/organizations',
    ];
    const routes = QUESTIONS_ONLY ? questionRoutes : [
      '/v1/count/organization',
      '/v1/count/overview',
      '/v1/count/activity',
      '/v1/count/creation',
      '/v1/count/like',
      '/v1/count/comment',
      '/v1/count/user',
      '/v1/count/pie',
      `/v1/${firstOrg}/count/activity`,
      `/v1/${firstOrg}/count/activity/${firstAct}`,
      `/v1/${firstOrg}/count/user`,
      ...questionRoutes,
    ];
    // The first answer of each route after a fold is computed from the rollups (cold); later ones are remembered until the next fold.
    const cold = new Map<string, number>();
    for (const path of routes) {
      const started = performance.now();
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      cold.set(path, Math.round(performance.now() - started));
    }
    const figures: Figures[] = [];
    for (const path of routes) figures.push(await measureLoad(base + path, token, path, SECONDS));
    console.log(`\nstatistics routes: one request right after a fold (cold), then 10 connections, ${SECONDS} s each (goal p99 < 200 ms):`);
    console.table(figures.map((f) => ({ route: f.scenario, 'cold ms': cold.get(f.scenario), 'req/s': f.rps, 'p50 ms': f.p50, 'p99 ms': f.p99, errors: f.errors, goal: f.p99 < 200 && (cold.get(f.scenario) ?? 0) < 200 ? 'met' : 'MISSED' })));
    if (figures.some((f) => f.errors > 0)) throw new Error('a statistics route answered an error');
  } finally {
    await close();
  }
}

await onEachDatabase({ postgres: wantPostgres(args) }, run);
