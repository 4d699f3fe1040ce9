/**
 * Benchmark: 1,000 red-packet payouts (issue 26) through the real WeChat Pay v3 client against the
 * local merchant (apps/server/src/payouts/localMerchant.ts: it checks every request's signature and
 * signs every answer), on PGlite and with `--pg` on PostgreSQL.
 *
 *   npx tsx bench/redpack.ts [--pg | --pg-only] [--payouts 1000]
 *
 * Two app instances on one database run the payout jobs side by side (the second as another node
 * would). The readers' transfers answer: success (7 in 10), WAIT_USER_CONFIRM then confirmed,
 * PROCESSING, a 500 SYSTEM_ERROR (the bill made, the answer an error) and, one in 50, no answer at
 * all (a time-out): every unknown outcome is queried with the same bill number. The queries'
 * back-off (1 min, 5 min, …) is brought forward by the bench (`run_at` set to now) — a bench, not the
 * product. Printed: payouts/s from the administrators' send to the last final receipt, the transfers
 * WeChat saw per bill number and the duplicates (a bill number posted twice as a new transfer, or
 * two bills for one payout): must be 0.
 */
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { startLocalMerchant, type Outcome } from '../apps/server/src/payouts/localMerchant.js';
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';

const args = process.argv.slice(2);
const PAYOUTS = Number(args[args.indexOf('--payouts') + 1]) || 1_000;
const PER_BATCH = 500; // 500 × ¥2 = ¥1,000: not above the approval threshold
const AMOUNT = 200;

const outcomeOf = (n: number): Outcome => (n % 50 === 49 ? 'timeout' : n % 10 === 7 ? 'confirm' : n % 10 === 8 ? 'processing' : n % 10 === 9 ? 'error' : 'success');

async function run(label: string, database: Database): Promise<void> {
  const merchant = await startLocalMerchant({ timeoutMs: 1_000 });
  merchant.outcomeOf = (openid) => outcomeOf(Number(openid.slice(3)));
  const settings = { wechatpay: merchant.config, jobPollMs: 100 };
  const a = await serveAsSuper(database, settings);
  const b = await buildApp({ ...loadConfig({}), dataDir: '/tmp', logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false, ...settings }, { database, logger: false });
  await b.ready();
  try {
    const [org] = await database.query<{ id: number; key: string }>(`insert into organizations (key, name, activity_types) values ('benchrp', '红包基准机构', '[7]'::jsonb) returning id, key`);
    const now = Math.floor(Date.now() / 1000);
    const act = await a.call<{ id: number }>('POST', `/v1/${org!.key}/third`, { title: '红包基准活动', start_at: now - 86_400, end_at: now + 86_400, config: { link: 'https://p.example.org/x' } });
    const cfg = await a.call<{ id: number }>('POST', `/v1/amount/${org!.key}`, { act_id: act.id, mode: 'fixed', amount_fen: AMOUNT, trigger: 'manual', budget_fen: PAYOUTS * AMOUNT, per_user_max: 0 });
    // Readers and their openids are bench rows (straight SQL), not demo data.
    const readers = await database.query<{ id: number }>(
      `insert into readers (org_id, account, password_hash, real_name, source) select $1, 'rp' || g, 'x', '读者' || g, 'register' from generate_series(1, ${PAYOUTS}) g returning id`,
      [org!.id],
    );
    const ids = readers.map((r) => r.id).sort((x, y) => x - y);
    await database.query(`insert into redpack_openids (org_id, reader_id, appid, openid) select $1, r, $2, 'oRP' || (r - $3) from unnest($4::int[]) r`, [org!.id, merchant.config.appid, ids[0]!, ids]);

    const started = performance.now();
    for (let i = 0; i < ids.length; i += PER_BATCH) await a.call('POST', `/v1/amount/${org!.key}/${cfg.id}/send`, { reader_ids: ids.slice(i, i + PER_BATCH) });
    let final = 0;
    for (;;) {
      const [row] = await database.query<{ n: number }>(`select count(*)::int as n from redpack_payouts where config_id = $1 and (reward_status in (3, 4) or wepay_status in ('RECEIVED', 'REFUND'))`, [cfg.id]);
      final = Number(row!.n);
      if (final >= ids.length) break;
      await database.query(`update jobs set run_at = 0 where kind = 'redpack.pay' and status = 'queued' and run_at > $1`, [Date.now()]);
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const payouts = await database.query<{ id: number; out_bill_no: string; generation: number }>(`select id, out_bill_no, generation from redpack_payouts where config_id = $1`, [cfg.id]);
    const twice = [...merchant.posts.values()].filter((n) => n > 1).length;
    const ours = new Set(payouts.map((p) => p.out_bill_no));
    const strayBills = [...merchant.bills.keys()].filter((no) => !ours.has(no)).length;
    const [status] = await database.query<Record<string, number>>(
      `select count(*) filter (where wepay_status = 'RECEIVED')::int as received, count(*) filter (where reward_status in (3, 4))::int as failed, sum(attempts)::int as looks from redpack_payouts where config_id = $1`,
      [cfg.id],
    );
    const [budget] = await database.query<{ reserved_fen: number; budget_fen: number }>(`select reserved_fen, budget_fen from redpack_configs where id = $1`, [cfg.id]);
    console.log(
      `${label}: ${ids.length} payouts in ${seconds.toFixed(1)} s = ${(ids.length / seconds).toFixed(0)} payouts/s (2 instances); ` +
        `received ${status!.received}, failed ${status!.failed}, sends+queries ${status!.looks}; transfers at WeChat ${merchant.bills.size}; ` +
        `bad signatures ${merchant.badSignatures}; budget held ${budget!.reserved_fen} of ${budget!.budget_fen} fen; ` +
        `DUPLICATES: bill numbers sent twice as new transfers ${twice}, bills of no payout ${strayBills}, payouts with a second bill number ${payouts.filter((p) => p.generation > 1).length}`,
    );
    if (twice || strayBills || merchant.bills.size !== ids.length) process.exitCode = 1;
  } finally {
    await b.close();
    await a.close();
    await merchant.close();
  }
}

await onEachDatabase({ postgres: wantPostgres(args) }, run);
