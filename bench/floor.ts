/**
 * The floor of a reader write (issue 22): the same write as its minimal SQL through node-postgres,
 * measured in the same run and at the same concurrency as the real calls, alternated with them in
 * rounds, so that both see the same machine. Every reader-write benchmark goes through `againstFloor`.
 *
 * Before the rounds each side runs a warm-up of its own flows (`warmUp`, default WARM_UP_FLOWS;
 * `--warm-up N` on the command line): new connections, statements not yet prepared, and above all
 * code not yet compiled — V8 takes some thousands of requests to compile a server's hot paths
 * (a case view costs the server 2.0 ms of CPU in its first 500 calls, 0.5 ms after 5,000: measured
 * here), while a server in operation has served millions. Its times are printed only in the p99
 * and ratio "with warm-up", beside the steady ones; its CPU is not in the CPU per flow.
 *
 * Statements per call are counted in a probe before the rounds: one flow alone, the server's
 * statements seen through the database layer (`statementCount.onQuery`, given to onEachDatabase),
 * the floor's through its own connection pool.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { postgresUrls } from './databases.js';

/** Times `work` under the name of the call it is (a flow may make several calls: start, save, submit). */
export type Timed = <T>(step: string, work: () => Promise<T>) => Promise<T>;

/** The floor's connection: plain statements and a transaction on one connection. */
export interface FloorSql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  transaction<T>(work: (query: FloorSql['query']) => Promise<T>): Promise<T>;
}

/**
 * The server's statements: pass `onQuery` to onEachDatabase (a server in this process); a server in
 * its own process (bench/serve.ts) counts its own and sets `read`.
 */
export const statementCount: { n: number; onQuery: () => void; read?: () => Promise<number>; serverPid?: number } = { n: 0, onQuery: () => void statementCount.n++ };
const serverStatements = (): Promise<number> => statementCount.read?.() ?? Promise.resolve(statementCount.n);

export interface FloorRun {
  title: string;
  /** Flows in flight at once, for the real calls and for the floor alike. */
  concurrency: number;
  rounds: number;
  perRound: number;
  /** One flow of real calls over HTTP; `i` is unique in the run (0 … readersNeeded − 1). */
  real: (i: number, timed: Timed) => Promise<void>;
  /** The same flow as minimal SQL; the floor writes where the checks of the real calls do not look. */
  floor: (i: number, timed: Timed, sql: FloorSql) => Promise<void>;
  /**
   * A second floor, of the same rows: everything the real call writes besides its own row (the
   * reader's join, the points and their counters, the kept answer) as minimal SQL, without a check.
   * Where a bench has one, the goal (p99 within 3×) is judged against it: it is the same write's
   * minimal SQL, the first floor the event's row alone (docs/decisions.md, stop 46).
   */
  sameRows?: (i: number, timed: Timed, sql: FloorSql) => Promise<void>;
  /** Flows of each side before the rounds, untimed in the steady figures (default WARM_UP_FLOWS or `--warm-up N`). */
  warmUp?: number;
}

/** Flows of each side's warm-up unless a run says otherwise: enough for V8 to have compiled the server's hot paths (measured: docs/decisions.md). */
const WARM_UP_FLOWS = (() => {
  const at = process.argv.indexOf('--warm-up');
  if (at < 0) return 5_000;
  const flows = Number(process.argv[at + 1]);
  if (!Number.isInteger(flows) || flows < 0) throw new Error(`--warm-up takes a whole number of flows (0 or more), not ${process.argv[at + 1] ?? 'nothing'}`);
  return flows;
})();
const warmUpOf = (run: Pick<FloorRun, 'warmUp'>): number => run.warmUp ?? WARM_UP_FLOWS;

export interface FloorFigures {
  step: string;
  n: number;
  p50: number;
  p99: number;
  floorP50?: number;
  floorP99?: number;
  /** p99 / floor p99. */
  ratio?: number;
  /** The p99 and the ratio counting each side's warm-up flows too. */
  p99WithWarmUp: number;
  ratioWithWarmUp?: number;
  statements: number;
  /** The server's statements over the rounds per real flow (background work included: the probe's count is one flow alone). */
  roundStatements?: number;
  floorStatements?: number;
  /** Flows per second while each side's rounds ran (the other sides' rounds between them not counted). */
  perSecond: number;
  floorPerSecond?: number;
  sameRowsPerSecond?: number;
  /** Against the floor of the same rows (FloorRun.sameRows). */
  sameRowsP50?: number;
  sameRowsP99?: number;
  ratioToSameRows?: number;
}

/** In batches of `size`, at most `size` at a time. */
export async function inBatches<T, R>(xs: T[], size: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let k = 0; k < xs.length; k += size) out.push(...(await Promise.all(xs.slice(k, k + size).map(fn))));
  return out;
}

/** `n` readers of the organisation made by bulk SQL (accounts `prefix1` …, a bench's own rows, not readers the benchmark measures signing up): their ids' rows. */
export const newReaders = (database: Database, orgId: number, n: number, prefix: string): Promise<{ id: number }[]> =>
  database.query<{ id: number }>(
    `insert into readers (org_id, account, password_hash, real_name, phone, source) select $1, $2 || g, '', '读者' || g, '13900000000', 'register' from generate_series(1, ${n}) g returning id`,
    [orgId, prefix],
  );

/** newReaders with a reader token each (issued 50 at a time): their ids and tokens, index by index. */
export async function benchReaders(database: Database, org: { id: number; key: string }, n: number, prefix: string): Promise<{ ids: number[]; tokens: string[] }> {
  const rows = await newReaders(database, org.id, n, prefix);
  const tokens = await inBatches(rows, 50, async (r) => (await issueToken(database.db, { kind: 'reader', id: r.id, orgId: org.id, scope: org.key }, 3_600_000)).access_token);
  return { ids: rows.map((r) => r.id), tokens };
}

/** Flow indices a run uses: one for the probe (0), every round's (from 1), then the warm-up's (after the rounds' indices, though run first). */
export const readersNeeded = (run: Pick<FloorRun, 'rounds' | 'perRound' | 'warmUp'>): number => 1 + run.rounds * run.perRound + warmUpOf(run);

/**
 * The points rows of a same-rows floor (FloorRun.sameRows), as CTEs `txns`, `counters`, `account` and `board` to put
 * in a `with`: the postings (rows of `(delta, rule, source, source_id, idem)`) as ledger rows, each counter (rows of
 * `(scope, n, cap)`) added to, the balance and the activity's total moved by `total` — made when the CTE `from` has
 * its row. Parameters as the caller's statement has them: $1 the organisation, $2 the activity, $3 the reader, `at` the moment.
 */
export const samePointsSql = (from: string, postings: string[], counters: string[], total: number, at = '$4'): string => `
  txns as (insert into point_txns (org_id, reader_id, delta, rule_key, source_type, source_id, act_id, idem_key, status, created_at)
    select $1, $3, v.delta, v.rule, v.source, v.source_id, $2, v.idem, 1, ${at} from ${from} cross join (values ${postings.join(', ')}) v(delta, rule, source, source_id, idem)
    on conflict (org_id, reader_id, idem_key) do nothing returning delta),
  counters as (insert into point_counters (org_id, reader_id, scope, n, cap, created_at)
    select $1, $3, v.scope, v.n, v.cap, ${at} from ${from} cross join lateral (values ${counters.join(', ')}) v(scope, n, cap)
    on conflict (org_id, reader_id, scope) do update set n = point_counters.n + excluded.n),
  account as (insert into point_accounts (org_id, reader_id, balance, earned, spent, expired, updated_at)
    select $1, $3, ${total}, ${total}, 0, 0, ${at} from ${from}
    on conflict (org_id, reader_id) do update set balance = point_accounts.balance + ${total}, earned = point_accounts.earned + ${total}, updated_at = excluded.updated_at),
  board as (insert into point_act_totals (org_id, act_id, reader_id, points, updated_at) select $1, $2, $3, ${total}, ${at} from ${from}
    on conflict (act_id, reader_id) do update set points = point_act_totals.points + ${total}, updated_at = excluded.updated_at)`;

/**
 * The join and its shard of a same-rows floor, as CTEs `j` and `shard` to put in a `with`: made when the CTE `from`
 * has its row (no `from`: always). Parameters as samePointsSql's. The join's points are `joinPosting` with its
 * once-per-activity counter `joinCounter` (and the day's counter, which the caller sums over its postings).
 */
export const sameJoinSql = (from?: string): string => `
  j as (insert into activity_joins (org_id, act_id, reader_id, real_name, phone, created_at, updated_at)
    select $1, $2, $3, '读者', '13900000000', $4, $4${from ? ` from ${from}` : ''} on conflict do nothing returning id),
  shard as (insert into activity_join_shards (act_id, shard, n) select $2, ($3 % 16)::smallint, 1 from j
    on conflict (act_id, shard) do update set n = activity_join_shards.n + 1)`;
/**
 * The kept answer of a same-rows floor, as the last statement of its `with`: the reader's ($3) answer `answer` kept by
 * the request id `requestId` (a parameter or an expression), made when the CTE `from` has its row.
 */
export const sameKeptSql = (from: string, requestId: string, answer: string): string => `
  insert into reader_requests (reader_id, request_id, status, answer, fingerprint)
  select $3, ${requestId}, 200, ${answer}, '${'f'.repeat(64)}' from ${from}`;
export const joinPosting = `(2, 'join_activity', 'activity', $2::varchar, 'join_activity:activity:' || $2)`;
export const joinCounter = `('a:' || $2 || ':join_activity', 1, 1)`;

/** A bench's summary columns of one call's figures: p50 and p99, each floor's p99 and the ratios to them. */
export const floorColumns = (f: FloorFigures | undefined): Record<string, number | string | undefined> => ({
  'p50 ms': f?.p50,
  'p99 ms': f?.p99,
  'floor p99 ms': f?.floorP99 ?? '–',
  ratio: f?.ratio === undefined ? '–' : `${f.ratio}×`,
  ...(f?.sameRowsP99 === undefined ? {} : { 'same rows p99 ms': f.sameRowsP99, 'ratio to same rows': `${f.ratioToSameRows}×` }),
});

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

/** A pool as large as the server's (10), statements counted. */
function floorPool(url: string): { sql: FloorSql; sent: { n: number }; end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The run's database is dropped with its connections when a run fails: that is no error of the floor's.
  pool.on('error', () => {});
  const sent = { n: 0 };
  const on = (client: pg.Pool | pg.PoolClient) => async <R>(text: string, params?: unknown[]) => {
    sent.n++;
    return (await client.query(text, params)).rows as R[];
  };
  const sql: FloorSql = {
    query: on(pool),
    async transaction(work) {
      const client = await pool.connect();
      const query = on(client);
      try {
        await query('begin');
        const result = await work(query);
        await query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
  };
  return { sql, sent, end: () => pool.end() };
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
/** CPU seconds (user + system) of one process, from /proc; 0 where there is no /proc or no process. */
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
/** CPU seconds of every PostgreSQL process of this machine (the benches' database server is local). */
function postgresCpu(): number {
  let seconds = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') seconds += processCpu(Number(pid));
    } catch {
      // gone since the listing
    }
  }
  return seconds;
}
/** Where a side's CPU went: the server's process, PostgreSQL's, the bench's own (the load generator). */
interface CpuSpent {
  server: number;
  postgres: number;
  bench: number;
}
const cpuNow = (): CpuSpent => {
  const own = process.cpuUsage();
  return { server: statementCount.serverPid ? processCpu(statementCount.serverPid) : 0, postgres: postgresCpu(), bench: (own.user + own.system) / 1e6 };
};
const cpuSince = (before: CpuSpent, into: CpuSpent) => {
  const now = cpuNow();
  into.server += now.server - before.server;
  into.postgres += now.postgres - before.postgres;
  into.bench += now.bench - before.bench;
};

/** `flows` flows of `fn`, `concurrency` at a time, starting at index `first`. */
async function inFlight(first: number, flows: number, concurrency: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, flows) }, async () => {
      for (let k = next++; k < flows; k = next++) await fn(first + k);
    }),
  );
}

/**
 * The real calls and their floor, alternated in rounds (the order switching every round), on
 * `database`; on PGlite (one connection in the server's own process) the floor is left out.
 * Prints and returns, per call: p50/p99 of both, the ratio p99 / floor p99, statements per call.
 */
export async function againstFloor(database: Database, run: FloorRun): Promise<FloorFigures[]> {
  const url = postgresUrls.get(database);
  const pool = url ? floorPool(url) : null;
  const times = { real: new Map<string, number[]>(), floor: new Map<string, number[]>(), same: new Map<string, number[]>() };
  // Each side's warm-up flows (see the head of this file), timed apart: the p99 is of the rounds'
  // calls; the p99 with the warm-up's is printed beside.
  const warmTimes = { real: new Map<string, number[]>(), floor: new Map<string, number[]>(), same: new Map<string, number[]>() };
  const statements = { real: new Map<string, number>(), floor: new Map<string, number>() };
  const timing =
    (into: Map<string, number[]>): Timed =>
    async (step, work) => {
      const started = performance.now();
      const result = await work();
      const list = into.get(step) ?? [];
      list.push(performance.now() - started);
      into.set(step, list);
      return result;
    };
  const counting =
    (into: Map<string, number>, sent: () => Promise<number>): Timed =>
    async (step, work) => {
      const before = await sent();
      const result = await work();
      into.set(step, (await sent()) - before);
      return result;
    };

  // CPU per flow of each side, over its rounds (the warm-up's apart): what the ratio is made of on a
  // machine whose cores the server, PostgreSQL and the load generator share.
  const cpu = { real: { server: 0, postgres: 0, bench: 0 }, floor: { server: 0, postgres: 0, bench: 0 }, same: { server: 0, postgres: 0, bench: 0 } };
  /** Seconds each side's rounds ran: its calls per second are of its own rounds. */
  const wall = { real: 0, floor: 0, same: 0 };
  const measured = async (side: keyof typeof wall, round: () => Promise<void>) => {
    const before = cpuNow();
    const started = performance.now();
    await round();
    wall[side] += (performance.now() - started) / 1000;
    cpuSince(before, cpu[side]);
  };
  /** A round of one side: its flows from `first`, timed and its CPU measured; the warm-up's (`flows` given) timed apart and not measured. */
  const roundOf =
    (side: 'real' | 'floor' | 'same', flow: (i: number, timed: Timed) => Promise<void>) =>
    (first: number, warmUpFlows?: number): Promise<void> =>
      warmUpFlows === undefined
        ? measured(side, () => inFlight(first, run.perRound, run.concurrency, (i) => flow(i, timing(times[side]))))
        : inFlight(first, warmUpFlows, run.concurrency, (i) => flow(i, timing(warmTimes[side])));
  const realRound = roundOf('real', run.real);
  const floorRound = roundOf('floor', (i, timed) => run.floor(i, timed, pool!.sql));
  const sameRows = pool ? run.sameRows : undefined;
  const sameRound = sameRows ? roundOf('same', (i, timed) => sameRows(i, timed, pool!.sql)) : (_first: number, _warmUpFlows?: number) => Promise.resolve();
  const warmUpFlows = warmUpOf(run);
  let seconds = 0;
  let sentInRounds = 0;
  try {
    // Statistics of the tables the bench filled, as autovacuum keeps them on a production database: a
    // plan made on none (the tokens just issued in bulk) read 1,200 tokens for one. The tables still
    // empty are left unanalysed, as a new table is (analysed at 0 rows, a table filling during the rounds
    // would be planned as empty: the contest's floor then read its progress rows by the wrong index).
    if (pool) {
      const filled = await pool.sql.query<{ t: string }>(
        `select format('%I', c.relname) t from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname = 'public' and pg_relation_size(c.oid) > 0`,
      );
      if (filled.length) await pool.sql.query(`analyze ${filled.map((r) => r.t).join(', ')}`);
    }
    // The probe: one flow alone, statements counted.
    await run.real(0, counting(statements.real, serverStatements));
    if (pool) await run.floor(0, counting(statements.floor, async () => pool.sent.n), pool.sql);
    const warmUpFirst = 1 + run.rounds * run.perRound;
    if (warmUpFlows > 0) {
      const warmStarted = performance.now();
      await realRound(warmUpFirst, warmUpFlows);
      if (pool) await floorRound(warmUpFirst, warmUpFlows).then(() => sameRound(warmUpFirst, warmUpFlows));
      console.log(`warm-up: ${warmUpFlows.toLocaleString()} flows of each side in ${((performance.now() - warmStarted) / 1000).toFixed(1)} s`);
    }
    const started = performance.now();
    const sentBefore = await serverStatements();
    for (let r = 0; r < run.rounds; r++) {
      const first = 1 + r * run.perRound;
      if (!pool) await realRound(first);
      else if (r % 2 === 0) await realRound(first).then(() => floorRound(first)).then(() => sameRound(first));
      else await sameRound(first).then(() => floorRound(first)).then(() => realRound(first));
    }
    seconds = (performance.now() - started) / 1000;
    sentInRounds = (await serverStatements()) - sentBefore;
  } finally {
    await pool?.end();
  }

  const steps = [...new Set([...times.real.keys(), ...warmTimes.real.keys()])];
  const sorted = (...lists: (number[] | undefined)[]) => lists.flatMap((l) => l ?? []).sort((a, b) => a - b);
  const flows = run.rounds * run.perRound;
  const perSecond = (side: keyof typeof wall) => (wall[side] > 0 ? Math.round(flows / wall[side]) : undefined);
  const figures: FloorFigures[] = steps.map((step) => {
    const real = sorted(times.real.get(step));
    const floor = sorted(times.floor.get(step));
    const realAll = sorted(times.real.get(step), warmTimes.real.get(step));
    const floorAll = sorted(times.floor.get(step), warmTimes.floor.get(step));
    const row: FloorFigures = { step, n: real.length, p50: Math.round(percentile(real, 50)), p99: Math.round(percentile(real, 99)), p99WithWarmUp: Math.round(percentile(realAll, 99)), statements: statements.real.get(step) ?? 0, perSecond: perSecond('real') ?? 0 };
    // One call per flow: the rounds' statements spread over their calls.
    if (times.real.size === 1) row.roundStatements = Math.round((sentInRounds / (run.rounds * run.perRound)) * 100) / 100;
    if (floor.length) {
      row.floorP50 = Math.round(percentile(floor, 50));
      row.floorP99 = Math.round(percentile(floor, 99));
      row.ratio = Math.round((percentile(real, 99) / percentile(floor, 99)) * 10) / 10;
      row.ratioWithWarmUp = Math.round((percentile(realAll, 99) / percentile(floorAll, 99)) * 10) / 10;
      row.floorStatements = statements.floor.get(step);
      row.floorPerSecond = perSecond('floor');
    }
    const same = sorted(times.same.get(step));
    if (same.length) {
      row.sameRowsP50 = Math.round(percentile(same, 50));
      row.sameRowsP99 = Math.round(percentile(same, 99));
      row.ratioToSameRows = Math.round((percentile(real, 99) / percentile(same, 99)) * 10) / 10;
      row.sameRowsPerSecond = perSecond('same');
    }
    return row;
  });
  console.log(`\n${run.title}: ${run.rounds} rounds of ${run.perRound} flows, ${run.concurrency} at once, real and floor alternated (${seconds.toFixed(1)} s); each side's ${warmUpFlows.toLocaleString()} warm-up flows before them are in the "with warm-up" columns only; flows per second while each side's rounds ran: real ${perSecond('real')}${pool ? `, floor ${perSecond('floor')}` : ''}${sameRows ? `, same rows ${perSecond('same')}` : ''}`);
  console.table(
    figures.map((f) => ({
      call: f.step,
      n: f.n,
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'floor p50': f.floorP50 ?? '–',
      'floor p99': f.floorP99 ?? '–',
      'ratio (p99 / floor p99)': f.ratio === undefined ? '–' : `${f.ratio}×`,
      statements: f.statements,
      'statements in rounds': f.roundStatements ?? '–',
      'floor statements': f.floorStatements ?? '–',
      'p99 with warm-up': f.p99WithWarmUp,
      'ratio with warm-up': f.ratioWithWarmUp === undefined ? '–' : `${f.ratioWithWarmUp}×`,
      ...(f.sameRowsP99 === undefined ? {} : { 'same rows p50 · p99': `${f.sameRowsP50} · ${f.sameRowsP99}`, 'ratio to same rows': `${f.ratioToSameRows}×` }),
    })),
  );
  const perFlow = (spent: CpuSpent) => ({
    'server ms': statementCount.serverPid ? round2((spent.server * 1000) / flows) : '–',
    'PostgreSQL ms': round2((spent.postgres * 1000) / flows),
    'load generator ms': round2((spent.bench * 1000) / flows),
    'all ms': round2(((spent.server + spent.postgres + spent.bench) * 1000) / flows),
  });
  console.log(`CPU per flow (/proc, ${TICKS_PER_SECOND} ticks a second; the server's column only when it runs in its own process):`);
  console.table(pool ? { real: perFlow(cpu.real), floor: perFlow(cpu.floor), ...(sameRows ? { 'same rows': perFlow(cpu.same) } : {}) } : { real: perFlow(cpu.real) });
  return figures;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
