/**
 * Benchmark: audiobook listen beats (issue 25) — readers' players reporting at once.
 *
 *   npx tsx bench/audiobooks.ts --pg-only              # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/audiobooks.ts --pg-only --scale 0.25
 *
 * An audiobook (a digital resource of kind 有声书) is made through the admin API; readers (bulk SQL,
 * tokens issued) each post a listen beat over real HTTP (`POST /v1/{org}/client/audiobooks/{id}/listen`:
 * the audiobook read, the reader's day row upserted, the answer kept by its request id), 50 at a
 * time, 2 rounds of 2,000 readers. The floor (bench/floor.ts) is the same beat as its minimal SQL —
 * the upsert of the reader's day row — through node-postgres, on an audiobook of its own, in the
 * same run and at the same concurrency; the floor of the same rows adds the kept answer. Printed: beats/s, p50/p99 of both and the ratio,
 * statements per call, and the plays counted: the run fails unless every reader's play is counted once.
 */
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, floorColumns, benchReaders, readersNeeded, sameKeptSql, statementCount } from './floor.js';
import type { Database } from '../apps/server/src/db/client.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const ORG = 'benchaudio';
const CONCURRENCY = 50;
const RUN = { rounds: 2, perRound: Math.round(2_000 * scale) };

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const { base, call, close } = await serveAsSuper(database);
  const org = await call<{ id: number }>('POST', '/v1/organizations', { key: ORG, name: '有声书基准机构' });
  const book = await call<{ id: number }>('POST', `/v1/${ORG}/digitalresource`, { title: '西游记（有声书）', kind: 2 });
  const floorBook = await call<{ id: number }>('POST', `/v1/${ORG}/digitalresource`, { title: '基线有声书', kind: 2 });
  const sameRowsBook = await call<{ id: number }>('POST', `/v1/${ORG}/digitalresource`, { title: '同行基线有声书', kind: 2 });
  const n = readersNeeded(RUN);
  const t0 = Date.now();
  const { ids, tokens } = await benchReaders(database, { id: org.id, key: ORG }, n, 'a');
  console.log(`${n.toLocaleString()} readers with tokens in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${RUN.rounds} rounds of ${RUN.perRound.toLocaleString()} beats, ${CONCURRENCY} at once`);
  const figures = await againstFloor(database, {
    title: `audiobook listen beat (${CONCURRENCY} at once)`,
    concurrency: CONCURRENCY,
    ...RUN,
    async real(i, timed) {
      const res = await timed('listen', () =>
        send(`${base}/v1/${ORG}/client/audiobooks/${book.id}/listen`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ request_id: `bench-listen-${i}`, play: true, seconds: 30 }),
        }),
      );
      if (res.status !== 200) throw new Error(`listen: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
    async floor(i, timed, sql) {
      const at = Math.floor(Date.now() / 1000);
      await timed('listen', () =>
        sql.query(
          `insert into audiobook_listens (org_id, resource_id, reader_id, day, plays, seconds, created_at, updated_at)
           values ($1, $2, $3, (to_timestamp($4 + 28800) at time zone 'UTC')::date, 1, 30, $4, $4)
           on conflict (resource_id, reader_id, day) do update set plays = audiobook_listens.plays + 1, seconds = least(audiobook_listens.seconds + 30, 86400), updated_at = $4
           returning plays, seconds`,
          [org.id, floorBook.id, ids[i], at],
        ),
      );
    },
    // The rows a beat writes: the reader's day row and the answer kept by its request id.
    async sameRows(i, timed, sql) {
      const at = Math.floor(Date.now() / 1000);
      await timed('listen', () =>
        sql.query(
          `with up as (
             insert into audiobook_listens (org_id, resource_id, reader_id, day, plays, seconds, created_at, updated_at)
             values ($1, $2, $3, (to_timestamp($4 + 28800) at time zone 'UTC')::date, 1, 30, $4, $4)
             on conflict (resource_id, reader_id, day) do update set plays = audiobook_listens.plays + 1, seconds = least(audiobook_listens.seconds + 30, 86400), updated_at = $4
             returning resource_id, day, plays, seconds)
           ${sameKeptSql('up', '$5', `jsonb_build_object('resource_id', up.resource_id, 'day', up.day::text, 'plays', up.plays, 'seconds', up.seconds)`)}
           returning answer`,
          [org.id, sameRowsBook.id, ids[i], at, `same-listen-${i}`],
        ),
      );
    },
  });
  const [plays] = await database.query<{ plays: string; readers: string }>(`select coalesce(sum(plays), 0) plays, count(distinct reader_id) readers from audiobook_listens where resource_id = $1`, [book.id]);
  const listen = figures.find((f) => f.step === 'listen');
  console.table([
    {
      database: label,
      'at once': CONCURRENCY,
      plays: Number(plays.plays),
      'beats/s': listen?.perSecond,
      ...floorColumns(listen),
      statements: listen?.statements,
    },
  ]);
  if (Number(plays.plays) !== n || Number(plays.readers) !== n) {
    console.log(`PLAYS MISCOUNTED: ${plays.plays} plays by ${plays.readers} readers, ${n} expected`);
    process.exitCode = 1;
  }
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
