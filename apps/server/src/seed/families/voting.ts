import { all, type SeedClient, type SeedStep } from '../step.js';
import { DEMO_READER_PASSWORD } from './activities.js';

/**
 * A vote in `szlib` and one in a school (`gzsyxx`): a published voting activity with sources
 * (grouped in the school), then the demo readers vote and comment through the reader API, one
 * replies, and the administrator features a comment and answers it. Made once per organisation
 * (by title): a re-run finds the activity and leaves it be.
 */
const DAY = 86_400;

const PLANS: { org: string; title: string; sources: { title: string; author: string; group_name?: string; intro: string }[] }[] = [
  {
    org: 'szlib',
    title: '“我最喜爱的苏州好书”读者投票',
    sources: [
      { title: '《姑苏繁华图》', author: '徐扬', intro: '清代苏州城市风貌长卷的图文解读。' },
      { title: '《浮生六记》', author: '沈复', intro: '苏州文人沈复的自传体散文。' },
      { title: '《苏州园林》', author: '陈从周', intro: '园林艺术的经典读本。' },
      { title: '《吴中风土录》', author: '顾禄', intro: '苏州岁时风俗的记录。' },
      { title: '《繁花》', author: '金宇澄', intro: '江南城市生活的长篇小说。' },
    ],
  },
  {
    org: 'gzsyxx',
    title: '“最美书签”班级评选投票',
    sources: [
      { title: '四季书签', author: '一（1）班', group_name: '低年级组', intro: '用落叶拼出的春夏秋冬。' },
      { title: '熊猫读书', author: '二（3）班', group_name: '低年级组', intro: '一只爱读书的熊猫。' },
      { title: '岭南骑楼', author: '四（2）班', group_name: '高年级组', intro: '描绘广州老街的骑楼。' },
      { title: '星空阅读', author: '五（1）班', group_name: '高年级组', intro: '夜空下的阅读时光。' },
    ],
  },
];

const COMMENTS = ['这本书我读了三遍，强烈推荐！', '画得真漂亮，给你们班点赞。', '内容很有意思，孩子很喜欢。'];

async function votingOf(client: SeedClient, plan: (typeof PLANS)[number], now: number): Promise<number> {
  const [org] = (await all(client, '/v1/organizations')).filter((o) => o.key === plan.org) as unknown as { key: string; activity_types: number[] }[];
  if (!org || !org.activity_types.includes(2)) return 0;
  const base = `/v1/${plan.org}/evaluation`;
  if ((await all(client, base)).some((a) => a.title === plan.title)) return 0;
  const act = await client.post(base, {
    title: plan.title,
    start_at: now - 2 * DAY,
    end_at: now + 20 * DAY,
    address: '线上',
    profile: `${plan.title}：每人每天可投3票，每次最多选2项。`,
    // The demo votes in one run: no captcha and no interval between one reader's ballots.
    config: { votes_per_day: 3, max_select: 2, captcha: 'off', min_interval_sec: 0, source_signup: 1, comments: { min_interval_sec: 0 } },
  });
  await client.post(`${base}/${act.id}/publish`);
  const sources: number[] = [];
  for (const [i, s] of plan.sources.entries()) sources.push((await client.post(`${base}/${act.id}/source`, { ...s, sort: i + 1 })).id);

  const readers = (await client.get(`/v1/${plan.org}/readers?page=1&page_size=3&sort=id`)).items as { account: string }[];
  let n = 0;
  let first: number | null = null;
  for (const [i, r] of readers.entries()) {
    const reader = await client.reader(plan.org, r.account, DEMO_READER_PASSWORD);
    const chosen = [sources[i % sources.length], sources[(i + 1) % sources.length]];
    await reader.post(`/v1/${plan.org}/client/activities/${act.id}/ballots`, { request_id: `seed-vote-${plan.org}-${r.account}`, source_ids: chosen });
    const made: { id: number } = await reader.post(`/v1/${plan.org}/client/activities/${act.id}/comments`, {
      request_id: `seed-comment-${plan.org}-${r.account}`,
      source_id: sources[0],
      parent_id: i === 0 ? null : first,
      content: COMMENTS[i % COMMENTS.length],
    });
    if (i === 0) first = made.id;
    else await reader.post(`/v1/${plan.org}/client/comments/${first}/like`, { request_id: `seed-like-${plan.org}-${r.account}` });
    n++;
  }
  if (first !== null) {
    await client.post(`/v1/${plan.org}/check/${act.id}/comment/${first}/feature`);
    await client.post(`/v1/${plan.org}/check/${act.id}/comment/${first}/reply`, { reply: '感谢您的推荐，欢迎继续参与投票！' });
  }
  return n;
}

export const votingSteps: SeedStep[] = [
  {
    name: 'voting',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const plan of PLANS) n += await votingOf(c, plan, now);
      return n;
    },
  },
];
