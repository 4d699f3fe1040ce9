import { all, type SeedClient, type SeedStep } from '../step.js';

/**
 * Expert judging and certificates of the demo works contests (after the works step): experts of
 * the organisation, an expert activity over the approved works with a weighted rubric and
 * balanced automatic assignment, every expert signing in through the expert API and scoring the
 * works given to them (blind), the results published (awards by the contest's quotas), then a
 * certificate template, the activity's certificate rule and the batch send. Made once per
 * organisation: a re-run finds the expert activity by title and leaves it be.
 */
const DAY = 86_400;
export const DEMO_EXPERT_PASSWORD = 'Expert#2024';

interface JudgingPlan {
  org: string;
  /** The works contest judged (the works step's title). */
  contest: string;
  title: string;
  experts: { name: string; unit: string; title: string; specialties: string[] }[];
  rubric: { name: string; weight: number }[];
  /** The certificate: an award certificate by level, or one for every work that passed review. */
  certificate: { name: string; kind: 'award' | 'participation'; rule: { kind: 'award_level'; levels: string[] } | { kind: 'work_approved' }; pattern: string; heading: string };
}

const PLANS: JudgingPlan[] = [
  {
    org: 'szlib',
    contest: '“书香姑苏”读者征文大赛',
    title: '“书香姑苏”征文大赛专家评审',
    experts: [
      { name: '沈文澜', unit: '苏州市作家协会', title: '一级作家', specialties: ['散文', '小说'] },
      { name: '顾清远', unit: '苏州大学文学院', title: '教授', specialties: ['现当代文学'] },
      { name: '陆曼青', unit: '苏州日报社', title: '高级编辑', specialties: ['非虚构写作'] },
    ],
    rubric: [
      { name: '立意', weight: 40 },
      { name: '表达', weight: 40 },
      { name: '文采', weight: 20 },
    ],
    certificate: { name: '征文大赛获奖证书', kind: 'award', rule: { kind: 'award_level', levels: [] }, pattern: 'SZZW{YYYY}-{SEQ4}', heading: '荣誉证书' },
  },
  {
    org: 'gzsyxx',
    contest: '“我爱读书”绘画作品征集',
    title: '“我爱读书”绘画作品评审',
    experts: [
      { name: '梁美华', unit: '广州美术学院附中', title: '高级教师', specialties: ['儿童画'] },
      { name: '何志强', unit: '广州市少年宫', title: '美术指导', specialties: ['绘本', '插画'] },
    ],
    rubric: [
      { name: '主题', weight: 50 },
      { name: '构图色彩', weight: 30 },
      { name: '创意', weight: 20 },
    ],
    certificate: { name: '绘画作品征集参与证书', kind: 'participation', rule: { kind: 'work_approved' }, pattern: 'GZHH{YYYY}-{SEQ3}', heading: '参与证书' },
  },
];

/** A work's demo scores: each criterion out of 10, the first works higher (stable across runs). */
const scoresOf = (rubric: JudgingPlan['rubric'], rank: number, expert: number) =>
  Object.fromEntries(rubric.map((c, i) => [c.name, Math.max(4, 10 - rank - ((expert + i) % 2))]));

async function judge(client: SeedClient, plan: JudgingPlan, now: number): Promise<number> {
  const base = `/v1/${plan.org}`;
  const [contest] = (await all(client, `${base}/original`)).filter((a) => a.title === plan.contest);
  if (!contest) return 0;
  if ((await all(client, `${base}/expert/act`)).some((a) => a.title === plan.title)) return 0;

  const existing = new Set((await all(client, `${base}/expert`)).map((e) => e.account));
  const accounts = plan.experts.map((_, i) => `${plan.org}expert${i + 1}`);
  for (const [i, e] of plan.experts.entries()) {
    if (!existing.has(accounts[i])) await client.post(`${base}/expert`, { ...e, account: accounts[i], password: DEMO_EXPERT_PASSWORD });
  }

  const approved = (await all(client, `${base}/original/${contest.id}/work?status=approved`)).map((w) => w.id);
  if (approved.length === 0) return 0;
  const act = await client.post(`${base}/expert/act`, {
    title: plan.title,
    act_id: contest.id,
    rubric: plan.rubric,
    reviewers_per_work: 2,
    start_at: now - DAY,
    end_at: now + 10 * DAY,
  });
  await client.post(`${base}/expert/act/${act.id}/works`, { work_ids: approved });
  await client.post(`${base}/expert/act/${act.id}/autoAssign`);

  // Each expert signs in and scores what was given to them (the work number only: blind review).
  let reviews = 0;
  for (const [i, account] of accounts.entries()) {
    const expert = await client.expert(plan.org, account, DEMO_EXPERT_PASSWORD);
    const assignments = (await expert.get(`${base}/client/expert/assignments`)) as { id: number; work: { id: number } }[];
    for (const a of assignments) {
      const rank = approved.indexOf(a.work.id);
      await expert.put(`${base}/client/expert/assignments/${a.id}/review`, { scores: scoresOf(plan.rubric, rank, i), comment: rank === 0 ? '立意新颖，情感真挚，推荐获奖。' : '完成度较好，可进一步打磨细节。' });
      reviews++;
    }
  }
  await client.post(`${base}/expert/act/${act.id}/publish`);

  const { certificate: c } = plan;
  const template = await client.post(`${base}/cert/templates`, {
    name: c.name,
    kind: c.kind,
    elements: [
      { type: 'text', text: c.heading, x_mm: 148, y_mm: 35, size_pt: 36 },
      { type: 'field', field_key: 'real_name', x_mm: 148, y_mm: 80, size_pt: 20 },
      { type: 'field', field_key: 'work_title', x_mm: 148, y_mm: 100 },
      ...(c.kind === 'award' ? [{ type: 'field', field_key: 'award_level', x_mm: 148, y_mm: 118, size_pt: 20 }] : []),
      { type: 'field', field_key: 'act_title', x_mm: 148, y_mm: 136 },
      { type: 'field', field_key: 'cert_no', x_mm: 40, y_mm: 190, size_pt: 10 },
      { type: 'qrcode', x_mm: 250, y_mm: 160, width_mm: 30 },
      { type: 'date', x_mm: 200, y_mm: 190 },
    ],
  });
  await client.post(`${base}/cert/${contest.id}/config`, { template_id: template.id, issue_mode: 'auto', auto_rule: c.rule, cert_no_pattern: c.pattern });
  await client.post(`${base}/cert/${contest.id}/send`);
  return reviews;
}

export const judgingSteps: SeedStep[] = [
  {
    name: 'judging',
    async run(client) {
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const plan of PLANS) n += await judge(client, plan, now);
      return n;
    },
  },
];
