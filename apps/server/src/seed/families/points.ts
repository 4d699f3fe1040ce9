import type { SeedClient, SeedStep } from '../step.js';

/**
 * The demo data's manual points adjustments (issue 24), made through the administration API for
 * the readers the activities family signed in (SZ00001…SZ00003):
 * in szlib a few posted at once (at most the approval threshold) and one above the threshold
 * waiting for a second administrator in 积分审核 (asked by the super administrator, so szlibadmin
 * can approve it). Each has its request id: a re-run adds nothing.
 */
const ORG = 'szlib';
const ADJUSTMENTS = [
  { account: 'SZ00001', points: 120, reason: '读书分享会主讲嘉宾奖励', request_id: 'seed-points-sz-1' },
  { account: 'SZ00002', points: 80, reason: '志愿服务 4 小时', request_id: 'seed-points-sz-2' },
  { account: 'SZ00003', points: 50, reason: '图书漂流活动补录积分', request_id: 'seed-points-sz-3' },
  { account: 'SZ00002', points: -20, reason: '重复登记的积分扣回', request_id: 'seed-points-sz-4' },
  // Above the threshold (500): waits in 积分审核 for another administrator.
  { account: 'SZ00001', points: 800, reason: '年度“阅读之星”奖励', request_id: 'seed-points-sz-5' },
];

async function readerId(client: SeedClient, account: string): Promise<number | null> {
  const found = await client.get(`/v1/${ORG}/readers?keyword=${encodeURIComponent(account)}`);
  return ((found.items as { id: number; account: string }[]).find((r) => r.account === account) ?? null)?.id ?? null;
}

export const pointsSteps: SeedStep[] = [
  {
    name: 'points: manual adjustments in szlib, one waiting for approval',
    async run(client) {
      let n = 0;
      for (const a of ADJUSTMENTS) {
        const id = await readerId(client, a.account);
        if (id == null) continue;
        const res = await client.post(`/v1/${ORG}/set_integral`, { reader_id: id, points: a.points, reason: a.reason, request_id: a.request_id });
        if (!res.duplicate) n++;
      }
      return n;
    },
  },
];
