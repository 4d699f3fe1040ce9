/**
 * Benchmark: readers binding WeChat for their red packets (issue 26's one reader write) — many
 * readers at once, each binding once.
 *
 *   npx tsx bench/wechatBind.ts --pg-only              # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/wechatBind.ts --pg-only --scale 0.25
 *
 * The app is served with the local merchant's WeChat settings (apps/server/src/payouts/localMerchant.ts:
 * it also answers WeChat's web authorisation, a code good once); readers (bench rows, tokens issued)
 * post `POST /v1/{org}/client/redpack/openid {code, request_id}` over real HTTP, 50 at a time, 3 rounds
 * of 1,000: the kept answer looked for, the code exchanged for the openid at "WeChat" (an HTTP call,
 * by the protocol, outside the transaction), then the binding upserted and the payouts waiting for it
 * queued, with the answer kept by its request id. The floor (bench/floor.ts) is the least this write
 * can do: the same code exchange at the local "WeChat" (a write cannot bind without it) and the
 * binding's upsert through node-postgres, in the same run at the same concurrency. Printed: p50/p99 of both, the
 * ratio, statements per call, and whether every reader is bound once to its own openid (the run
 * fails otherwise).
 */
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, floorColumns, benchReaders, readersNeeded, statementCount } from './floor.js';
import { startLocalMerchant } from '../apps/server/src/payouts/localMerchant.js';
import type { Database } from '../apps/server/src/db/client.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const CONCURRENCY = 50;
const RUN = { rounds: 3, perRound: Math.round(1_000 * scale) };

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const merchant = await startLocalMerchant({ timeoutMs: 5_000 });
  const { base, call, close } = await serveAsSuper(database, { wechatpay: merchant.config });
  try {
    const made = await call<{ id: number }>('POST', '/v1/organizations', { key: 'benchbind', name: '微信绑定基准机构' });
    const org = { id: made.id, key: 'benchbind' };
    const n = readersNeeded(RUN);
    const { ids, tokens } = await benchReaders(database, org, n, 'wb');
    const floorReaders = await benchReaders(database, org, n, 'wf');
    const figures = await againstFloor(database, {
      title: `WeChat binding (${CONCURRENCY} at once)`,
      concurrency: CONCURRENCY,
      ...RUN,
      async real(i, timed) {
        const res = await timed('bind', () =>
          send(`${base}/v1/${org.key}/client/redpack/openid`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
            body: JSON.stringify({ request_id: crypto.randomUUID(), code: `demo${ids[i]}` }),
          }),
        );
        const body = (await res.json()) as { code: number; message: string };
        if (body.code !== 200) throw new Error(`bind: ${res.status} ${body.message}`);
      },
      async floor(i, timed, sql) {
        const c = merchant.config;
        await timed('bind', async () => {
          const q = new URLSearchParams({ appid: c.appid, secret: c.appSecret, code: `demof${floorReaders.ids[i]}`, grant_type: 'authorization_code' });
          const { openid } = (await (await send(`${c.oauthBaseUrl}/sns/oauth2/access_token?${q}`)).json()) as { openid: string };
          await sql.query(
            `insert into redpack_openids (org_id, reader_id, appid, openid) values ($1, $2, $3, $4)
             on conflict (org_id, reader_id, appid) do update set openid = excluded.openid`,
            [org.id, floorReaders.ids[i], c.appid, openid],
          );
        });
      },
    });
    const [bound] = await database.query<{ n: number; right: number }>(
      `select count(*)::int as n, count(*) filter (where openid = 'o' || reader_id)::int as right from redpack_openids where org_id = $1 and reader_id = any($2::int[])`,
      [org.id, ids],
    );
    const bind = figures.find((f) => f.step === 'bind');
    console.table([
      {
        database: label,
        'at once': CONCURRENCY,
        readers: n,
        bound: bound.n,
        ...floorColumns(bind),
        statements: bind?.statements,
        'code exchanges at WeChat': merchant.oauthCalls,
      },
    ]);
    if (Number(bound.n) !== n || Number(bound.right) !== n) {
      console.log(`BINDINGS WRONG: ${bound.n} bound, ${bound.right} to their own openid, of ${n} readers`);
      process.exitCode = 1;
    }
  } finally {
    await close();
    await merchant.close();
  }
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
