import type { SeedClient, SeedStep } from '../step.js';

/**
 * The demo's red packets (issue 26), made through the administration API before the judging
 * family publishes its results, so that the awards themselves make the payouts (the kinds' hook):
 * szlib's essay contest pays ¥50 per award, gzsyxx's drawing contest pays by rank (¥88 the first,
 * ¥50 the 2nd–3rd, ¥20 the 4th–10th). And a manual batch of ¥200 to six szlib readers (¥1,200,
 * above the ¥1,000 threshold), asked by the super administrator: it waits for szlibadmin in 红包统计.
 *
 * The demo has no WeChat Pay merchant and does not pretend one (docs/decisions.md "Red packets:
 * demo data"): its payouts stay 待发放 and say that no merchant is configured; the receipts'
 * other states come with a merchant (or in the tests and bench/redpack.ts, against the local one).
 */
const PLANS = [
  { org: 'szlib', contest: '“书香姑苏”读者征文大赛', body: { mode: 'fixed', amount_fen: 5_000, trigger: 'award', budget_fen: 300_000, daily_budget_fen: 200_000, per_user_max: 0, remark: '书香姑苏征文获奖红包' } },
  { org: 'gzsyxx', contest: '“我爱读书”绘画作品征集', body: { mode: 'by_rank', rank_table: '1-1:8800,2-3:5000,4-10:2000', trigger: 'rank', budget_fen: 100_000, per_user_max: 1, remark: '我爱读书绘画名次红包' } },
];
const BATCH = { org: 'szlib', contest: '“书香姑苏”读者征文大赛', amount_fen: 20_000, reason: '年度阅读推广志愿者红包' };
/** The volunteers the batch pays: readers the library adds (an administrator's first password; they change it on first sign-in). */
const VOLUNTEERS = ['陈思远', '林晓雯', '王子涵', '赵一鸣', '周若溪', '吴嘉怡'].map((name, i) => ({ account: `SZVOL${String(i + 1).padStart(3, '0')}`, real_name: name, phone: `1381234${String(5670 + i)}` }));

async function volunteer(client: SeedClient, v: (typeof VOLUNTEERS)[number]): Promise<number> {
  const found = await client.get<{ items: { id: number; account: string }[] }>(`/v1/${BATCH.org}/readers?keyword=${v.account}`);
  const own = found.items.find((r) => r.account === v.account);
  if (own) return own.id;
  return (await client.post<{ id: number }>(`/v1/${BATCH.org}/readers`, { ...v, password: 'Volunteer#2024' })).id;
}

async function actId(client: SeedClient, org: string, title: string): Promise<number | null> {
  const names = await client.get<{ id: number; title: string }[]>(`/v1/${org}/activity/names?keyword=${encodeURIComponent(title)}`);
  return names.find((n) => n.title === title)?.id ?? null;
}

async function configOf(client: SeedClient, org: string, act: number): Promise<number | null> {
  const list = await client.get<{ items: { id: number }[] }>(`/v1/amount/${org}?act_id=${act}`);
  return list.items[0]?.id ?? null;
}

export const redpackSteps: SeedStep[] = [
  {
    name: 'redpack: amounts on the two awarded contests (before their results), a manual batch waiting for approval',
    async run(client) {
      let n = 0;
      for (const p of PLANS) {
        const act = await actId(client, p.org, p.contest);
        if (act == null || (await configOf(client, p.org, act)) != null) continue;
        await client.post(`/v1/amount/${p.org}`, { act_id: act, ...p.body });
        n++;
      }
      const act = await actId(client, BATCH.org, BATCH.contest);
      const cfg = act == null ? null : await configOf(client, BATCH.org, act);
      const asked = await client.get<{ reason: string }[]>(`/v1/amount/${BATCH.org}/batches`);
      if (cfg != null && !asked.some((b) => b.reason === BATCH.reason)) {
        const ids: number[] = [];
        for (const v of VOLUNTEERS) ids.push(await volunteer(client, v));
        await client.post(`/v1/amount/${BATCH.org}/${cfg}/send`, { reader_ids: ids, amount_fen: BATCH.amount_fen, reason: BATCH.reason });
        n++;
      }
      return n;
    },
  },
];
