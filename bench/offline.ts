/**
 * Benchmark: offline bookings (issue 23) — 10,000 readers booking a session of 500 seats at once.
 *
 *   npx tsx bench/offline.ts --pg-only            # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/offline.ts --pg-only --scale 0.1
 *   npx tsx bench/offline.ts                      # PGlite (no floor), then PostgreSQL with --pg
 *
 * A series of sessions (booked per session, waiting list on) is made through the admin API, one
 * session per round for the real calls and one for the floor; 10,000 readers (bulk SQL, tokens
 * issued) per round book it, `--concurrency` (default 500) at a time, over real HTTP
 * (`POST /client/sessions/{sid}/reservations`: the gate, the booking, the reader's join with its
 * points and the answer kept by its request id — each reader books once, so every booking is a
 * first join: one statement once the activity is remembered, decisions). The floor (bench/floor.ts) is the same booking as its minimal SQL (the
 * seats or the waiting list and the reservation in one statement) through node-postgres, in the
 * same run and at the same concurrency; the floor of the same rows adds the join with its shard,
 * the join's points and the kept answer. Printed: bookings/s, p50/p99 of both and the ratio, and
 * the overbookings (seats held beyond a session's capacity, by its counter or its rows): must be 0.
 * `SEATS=n` in the environment sets the seats of every session (e.g. as many as the readers: no waiting list).
 */
import { randomBytes } from 'node:crypto';
import { chinaDayKey } from '@huodong/domain';
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, benchReaders, floorColumns, newReaders, readersNeeded, joinCounter, joinPosting, sameJoinSql, sameKeptSql, samePointsSql, statementCount } from './floor.js';
import type { Database } from '../apps/server/src/db/client.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const concurrency = Number(args[args.indexOf('--concurrency') + 1]) || Math.max(10, Math.round(500 * Math.min(1, scale * 2)));
const ORG = 'benchoffline';
const DAY = 86_400;
const RUN = { rounds: 2, perRound: Math.round(10_000 * scale) };
const SEATS = Number(process.env.SEATS) || Math.round(500 * scale);

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const { base, call, close } = await serveAsSuper(database);
  const now = Math.floor(Date.now() / 1000);
  const org = await call<{ id: number }>('POST', '/v1/organizations', { key: ORG, name: '线下活动基准机构' });
  await call('POST', `/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [5] });
  const act = await call<{ id: number }>('POST', `/v1/${ORG}/offlines`, { title: '周末读书会', start_at: now - DAY, end_at: now + 60 * DAY, config: { booking_scope: 'session', waitlist: 1 } });
  const session = async (title: string) => (await call<{ id: number }>('POST', `/v1/${ORG}/train/${act.id}/session`, { title, start_at: now + 7 * DAY, end_at: now + 7 * DAY + 7200, capacity: SEATS })).id;
  // The probe's session (one booking alone), then one per round for the real calls and for the floor.
  const probe = await session('试测场');
  const floorProbe = await session('基线试测场');
  const real: number[] = [];
  const floored: number[] = [];
  const sameRowsSessions: number[] = [];
  for (let r = 0; r < RUN.rounds; r++) {
    real.push(await session(`第${r + 1}场`));
    floored.push(await session(`基线第${r + 1}场`));
    sameRowsSessions.push(await session(`同行基线第${r + 1}场`));
  }
  // The warm-up's session of each side (its flows' indices come after the rounds', bench/floor.ts).
  real.push(await session('预热场'));
  floored.push(await session('基线预热场'));
  sameRowsSessions.push(await session('同行基线预热场'));
  await call('POST', `/v1/${ORG}/offlines/${act.id}/publish`, {});

  const n = readersNeeded(RUN);
  const t0 = Date.now();
  const { ids: readerIds, tokens } = await benchReaders(database, { id: org.id, key: ORG }, n, 'b');
  // The same-rows floor's readers: their joins and points are none of the real calls' readers'.
  const sameRowsReaders = await newReaders(database, org.id, n, 'sb');
  console.log(`${n.toLocaleString()} readers with tokens in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${RUN.rounds} rounds of ${RUN.perRound.toLocaleString()} bookings of ${SEATS} seats, ${concurrency} at once`);

  const roundOf = (i: number) => Math.min(Math.floor((i - 1) / RUN.perRound), RUN.rounds);
  const figures = await againstFloor(database, {
    title: `offline booking (${RUN.perRound.toLocaleString()} readers, ${SEATS} seats)`,
    concurrency,
    ...RUN,
    async real(i, timed) {
      const sid = i === 0 ? probe : real[roundOf(i)];
      const res = await timed('book a session', () =>
        send(`${base}/v1/${ORG}/client/sessions/${sid}/reservations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ request_id: `bench-book-${i}` }),
        }),
      );
      if (res.status !== 200) throw new Error(`booking: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
    async floor(i, timed, sql) {
      const sid = i === 0 ? floorProbe : floored[roundOf(i)];
      const at = Math.floor(Date.now() / 1000);
      await timed('book a session', () =>
        sql.query(
          `with seat as (update offline_sessions set taken = taken + 1 where id = $1 and taken + 1 <= capacity returning id),
                line as (update offline_sessions set waiting = waiting + 1 where id = $1 and not exists (select 1 from seat) returning id)
           insert into offline_reservations (org_id, act_id, session_id, reader_id, seats, status, waitlisted_at, ticket_secret, created_at, updated_at)
           select $2, $3, $1, $4, 1, case when exists (select 1 from seat) then 'confirmed' else 'waitlisted' end,
                  case when exists (select 1 from seat) then null else $5::bigint end, $6, $5, $5
           returning id`,
          [sid, org.id, act.id, readerIds[i], at, randomBytes(24).toString('base64url')],
        ),
      );
    },
    // The rows a reader's first booking writes: the seat or the place in line and the reservation,
    // the join and its shard, the join's points (ledger row, two counters, balance, the activity's total), the kept answer.
    async sameRows(i, timed, sql) {
      const sid = sameRowsSessions[roundOf(i)];
      const at = Math.floor(Date.now() / 1000);
      await timed('book a session', () =>
        sql.query(
          `with seat as (update offline_sessions set taken = taken + 1 where id = $5 and taken + 1 <= capacity returning id),
                line as (update offline_sessions set waiting = waiting + 1 where id = $5 and not exists (select 1 from seat) returning id),
                booked as (insert into offline_reservations (org_id, act_id, session_id, reader_id, seats, status, waitlisted_at, ticket_secret, created_at, updated_at)
                  select $1, $2, $5, $3, 1, case when exists (select 1 from seat) then 'confirmed' else 'waitlisted' end,
                         case when exists (select 1 from seat) then null else $4::bigint end, $6, $4, $4
                  from (select count(*) from line) l -- the session's row written before any other (a CTE no one reads runs last)
                  returning id, status),
                ${sameJoinSql('booked')},
                ${samePointsSql('j', [joinPosting], [joinCounter, `('d:' || $8, 2, 200)`], 2)}
           ${sameKeptSql('booked', '$7', `jsonb_build_object('reservation', jsonb_build_object('id', booked.id, 'session_id', $5::int, 'status', booked.status, 'seats', 1, 'created_at', $4::bigint))`)}
           returning 1`,
          [org.id, act.id, sameRowsReaders[i].id, at, sid, randomBytes(24).toString('base64url'), `same-book-${i}`, chinaDayKey(at)],
        ),
      );
    },
  });

  // Overbooking: seats held beyond the capacity, by the session's counter or by its rows.
  const check = await database.query<{ id: number; capacity: number; taken: number; held: string; waiting: number; waitlisted: string }>(
    `select s.id, s.capacity, s.taken, s.waiting,
            (select coalesce(sum(seats), 0) from offline_reservations r where r.session_id = s.id and r.status in ('pending', 'confirmed', 'offered')) held,
            (select count(*) from offline_reservations r where r.session_id = s.id and r.status = 'waitlisted') waitlisted
     from offline_sessions s where s.act_id = $1 and s.id = any($2::int[])`,
    [act.id, [...real, ...floored]],
  );
  const over = check.reduce((sum, s) => sum + Math.max(0, s.taken - s.capacity, Number(s.held) - s.capacity) + (Number(s.held) !== s.taken ? 1 : 0), 0);
  const filled = check.filter((s) => real.includes(s.id)).map((s) => `${s.taken}/${s.capacity} + ${s.waiting} waiting`);
  const book = figures.find((f) => f.step === 'book a session');
  console.table([
    {
      database: label,
      bookings: book?.n,
      'bookings/s': book?.perSecond,
      ...floorColumns(book),
      overbookings: over,
      sessions: filled.join('; '),
    },
  ]);
  if (over !== 0) {
    console.log('OVERBOOKED: a session holds more seats than its capacity (or its counter disagrees with its rows)');
    process.exitCode = 1;
  }
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
