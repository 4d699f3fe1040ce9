import { all, type SeedClient, type SeedStep } from '../step.js';
import { DEMO_READER_PASSWORD } from './activities.js';

/**
 * A year of history for the statistics pages (issue 26): in each demo organisation that runs
 * votes, a year-long 年度好书 vote, and its first demo readers casting a ballot in every month of
 * the past year, each at that moment (the seed's clock, `SeedClient.at`), through the reader API.
 * The rollups are then folded through `POST /v1/count/refresh`. Made once per organisation (by
 * title): a re-run finds the activity and leaves it be.
 */
const DAY = 86_400;
const MONTHS = 12;
const READERS = 4;
const PLANS = [
  { org: 'szlib', title: '年度好书评选（全年投票）', sources: ['《额尔古纳河右岸》', '《人世间》', '《长安的荔枝》'] },
  { org: 'gzsyxx', title: '年度班级好书榜（全年投票）', sources: ['《草房子》', '《夏洛的网》', '《小王子》'] },
];

/** Noon (China time) of the 15th of the month `back` months before the month of `now`. */
const midMonth = (now: number, back: number): number => {
  const d = new Date(now * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 15, 4) / 1000;
};

async function yearOfVotes(client: SeedClient, plan: (typeof PLANS)[number], now: number): Promise<number> {
  const [org] = (await all(client, '/v1/organizations')).filter((o) => o.key === plan.org) as unknown as { activity_types: number[] }[];
  if (!org || !org.activity_types.includes(2)) return 0;
  const base = `/v1/${plan.org}/evaluation`;
  if ((await all(client, base)).some((a) => a.title === plan.title)) return 0;
  const act = await client.post(base, {
    title: plan.title,
    start_at: midMonth(now, MONTHS) - DAY,
    end_at: now + 30 * DAY,
    address: '线上',
    profile: `${plan.title}：全年开放，每人每天可投1票。`,
    config: { votes_per_day: 1, max_select: 1, captcha: 'off', min_interval_sec: 0 },
  });
  await client.post(`${base}/${act.id}/publish`);
  const sources: number[] = [];
  for (const [i, title] of plan.sources.entries()) sources.push((await client.post(`${base}/${act.id}/source`, { title, sort: i + 1 })).id);
  const readers = (await client.get(`/v1/${plan.org}/readers?page=1&page_size=${READERS}&sort=id`)).items as { account: string }[];
  let n = 0;
  for (const [i, r] of readers.entries()) {
    const reader = await client.reader(plan.org, r.account, DEMO_READER_PASSWORD);
    // From a year ago to last month: fewer readers at first, all of them lately (a growing vote).
    for (let m = MONTHS; m >= 1; m--) {
      if (i > MONTHS - m) continue;
      const at = midMonth(now, m) + i * 3_600;
      await reader.at(at).post(`/v1/${plan.org}/client/activities/${act.id}/ballots`, { request_id: `seed-year-${plan.org}-${r.account}-${m}`, source_ids: [sources[(i + m) % sources.length]] });
      n++;
    }
  }
  return n;
}

export const statisticsSteps: SeedStep[] = [
  {
    name: 'statistics',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const plan of PLANS) n += await yearOfVotes(c, plan, now);
      await c.post('/v1/count/refresh');
      return n;
    },
  },
];
