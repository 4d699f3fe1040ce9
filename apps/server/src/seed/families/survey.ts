import { all, type SeedClient, type SeedStep } from '../step.js';
import { listReader } from './activities.js';

/**
 * A questionnaire (type 4) in `szlib` and one in the school `gzsyxx`, end to end through the API:
 * the administrator creates it, adds its questions (with show and jump logic, an "other" option, a
 * quota, a matrix, a rating, NPS) and publishes it; then dozens of readers sign in and answer it
 * through the reader API (one saves a draft first). Made once per organisation (by title): a re-run
 * finds the questionnaire and leaves it be.
 */
const DAY = 86_400;
const READERS = 24;

type Body = Record<string, unknown>;
interface Plan {
  org: string;
  list: 'users' | 'students';
  title: string;
  profile: string;
  config: Body;
  /** Questions in order; `show_if`/`jump_if` name an earlier question by its index and its options by position. */
  questions: (Body & { show_if?: { q: number; options: number[] }; jump_if?: { options: number[]; to: number | 'end' } })[];
}

const PLANS: Plan[] = [
  {
    org: 'szlib',
    list: 'users',
    title: '2026年苏州图书馆读者满意度调查',
    profile: '感谢您抽出几分钟填写问卷，您的意见将帮助我们改进服务。',
    config: { per_user: 'once', resume_draft: 1, edit_after_submit: 1 },
    questions: [
      { type: 'description', title: '本问卷约需3分钟，所有数据仅用于改进服务。' },
      { type: 'single', title: '您多久来一次图书馆？', options: ['每周多次', '每周一次', '每月一两次', '很少来'].map((text) => ({ text })), jump_if: { options: [3], to: 'end' } },
      { type: 'multiple', title: '您常用哪些服务？', options: [{ text: '借还图书' }, { text: '自习阅览' }, { text: '讲座展览' }, { text: '少儿阅读' }, { text: '其他', is_other: 1 }], settings: { max_select: 3 } },
      { type: 'single', title: '您参加过哪一场“周末读书会”？', options: [{ text: '三月场（名额已满即止）', quota: 10 }, { text: '四月场' }, { text: '没有参加过' }], show_if: { q: 2, options: [2] } },
      { type: 'matrix_single', title: '请评价以下方面', options: ['满意', '一般', '不满意'].map((text) => ({ text })), rows: ['借阅环境', '馆员服务', '馆藏图书', '数字资源'].map((text) => ({ text })) },
      { type: 'rating', title: '总体满意度', settings: { rating_max: 5 } },
      { type: 'nps', title: '您向亲友推荐苏州图书馆的可能性有多大？', settings: { nps_low_label: '不可能', nps_high_label: '非常可能' } },
      { type: 'dropdown', title: '您的年龄段', options: ['18岁以下', '18-30岁', '31-45岁', '46-60岁', '60岁以上'].map((text) => ({ text })) },
      { type: 'ranking', title: '请按您的期望排序：最希望增加的活动', options: ['作家见面会', '亲子共读', '古籍展览', '电影放映'].map((text) => ({ text })) },
      { type: 'textarea', title: '您对我们还有什么建议？', is_required: 0, settings: { max_length: 500 } },
    ],
  },
  {
    org: 'gzsyxx',
    list: 'students',
    title: '同学们的课外阅读情况问卷',
    profile: '请同学们根据自己的实际情况填写，可以和家长一起完成。',
    config: { per_user: 'once', anonymous: 1 },
    questions: [
      { type: 'dropdown', title: '你在几年级？', options: ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'].map((text) => ({ text })) },
      { type: 'single', title: '你每天课外阅读多长时间？', options: ['不到15分钟', '15-30分钟', '30分钟-1小时', '1小时以上'].map((text) => ({ text })) },
      { type: 'multiple', title: '你喜欢读哪些书？', options: [{ text: '童话故事' }, { text: '科普百科' }, { text: '漫画绘本' }, { text: '历史故事' }, { text: '都不太喜欢', is_exclusive: 1 }] },
      { type: 'rating', title: '你有多喜欢读书？', settings: { rating_max: 5 } },
      { type: 'text', title: '最近读过最喜欢的一本书是？', is_required: 0, settings: { max_length: 50 } },
    ],
  },
];

const SUGGESTIONS = ['希望周末延长开放时间', '自习座位有点紧张，希望增加座位', '少儿区可以多一些绘本', '数字资源的登录方式能再简单一些', '讲座很好，希望多办', ''];
const BOOKS = ['《小王子》', '《西游记》', '《十万个为什么》', '《夏洛的网》', '《草房子》', ''];

/** A reader's answer to each question they meet, varied by the reader's number. */
function answersOf(questions: { id: number; type: string; options: { id: string; is_other?: number; is_exclusive?: number; full?: boolean }[]; rows: { id: string }[] }[], i: number): Body {
  const out: Body = {};
  const pick = <T>(xs: T[], k: number) => xs[(i * 7 + k * 3 + ((i * i) % 5)) % xs.length];
  for (const [k, q] of questions.entries()) {
    const open = q.options.filter((o) => !o.full);
    switch (q.type) {
      case 'single':
      case 'dropdown':
        out[q.id] = { option: pick(open, k).id };
        break;
      case 'multiple': {
        const exclusive = open.find((o) => o.is_exclusive);
        const plain = open.filter((o) => !o.is_exclusive);
        const chosen = exclusive && i % 11 === 5 ? [exclusive.id] : [...new Set([pick(plain, k).id, ...(i % 3 ? [pick(plain, k + 1).id] : [])])];
        out[q.id] = { options: chosen, ...(chosen.some((id) => q.options.find((o) => o.id === id)?.is_other) ? { other: '朗读会' } : {}) };
        break;
      }
      case 'matrix_single':
        out[q.id] = Object.fromEntries(q.rows.map((r, j) => [r.id, q.options[(i + j) % 5 < 3 ? 0 : (i + j) % 5 === 3 ? 1 : 2].id]));
        break;
      case 'rating':
        out[q.id] = [5, 4, 4, 3, 5, 2, 4][i % 7];
        break;
      case 'nps':
        out[q.id] = [10, 9, 8, 7, 10, 6, 9, 3, 9][i % 9];
        break;
      case 'ranking':
        out[q.id] = [...q.options.map((o) => o.id)].sort((a, b) => ((a.charCodeAt(0) * (i + 1)) % 7) - ((b.charCodeAt(0) * (i + 1)) % 7));
        break;
      case 'textarea':
        if (SUGGESTIONS[i % SUGGESTIONS.length]) out[q.id] = SUGGESTIONS[i % SUGGESTIONS.length];
        break;
      case 'text':
        if (BOOKS[i % BOOKS.length]) out[q.id] = BOOKS[i % BOOKS.length];
        break;
    }
  }
  return out;
}

async function surveyOf(client: SeedClient, plan: Plan, now: number): Promise<number> {
  const [org] = (await all(client, '/v1/organizations')).filter((o) => o.key === plan.org) as unknown as { activity_types: number[] }[];
  if (!org || !org.activity_types.includes(4)) return 0;
  const base = `/v1/${plan.org}/survey`;
  if ((await all(client, base)).some((a) => a.title === plan.title)) return 0;
  const act = await client.post(base, { title: plan.title, start_at: now - 5 * DAY, end_at: now + 25 * DAY, address: '线上', profile: plan.profile, config: plan.config });
  const made: { id: number; options: { id: string }[] }[] = [];
  for (const [i, { show_if, jump_if, ...q }] of plan.questions.entries()) {
    const show = show_if && { combine: 'all', conditions: [{ qid: made[show_if.q].id, op: 'in', option_ids: show_if.options.map((o) => made[show_if.q].options[o].id) }] };
    made.push(await client.post(`${base}/${act.id}/question`, { ...q, sort: i + 1, ...(show ? { show_logic: show } : {}) }));
  }
  // Jumps go forward: set once every question exists.
  for (const [i, q] of plan.questions.entries()) {
    if (!q.jump_if) continue;
    const target = q.jump_if.to === 'end' ? 'end' : made[q.jump_if.to].id;
    await client.post(`${base}/${act.id}/question/${made[i].id}`, { jump_logic: [{ combine: 'all', conditions: [{ qid: made[i].id, op: 'in', option_ids: q.jump_if.options.map((o) => made[i].options[o].id) }], target }] });
  }
  await client.post(`${base}/${act.id}/publish`);

  const people = ((await client.get(`/v1/${plan.org}/${plan.list}?page=1&page_size=${READERS}&sort=id`)).items as { id: number; academic_num?: string; account?: string }[]).map((p) => ({
    id: p.id,
    account: (p.academic_num ?? p.account)!,
  }));
  // Four readers at a time: their sign-ins (password hashing) overlap.
  const answered = async (person: (typeof people)[number], i: number): Promise<number> => {
    const reader = await listReader(client, plan.org, plan.list, person);
    const path = `/v1/${plan.org}/client/activities/${act.id}`;
    const survey = await reader.get(`${path}/survey`);
    if (survey.mine.refusal) return 0;
    const answers = answersOf(survey.questions, i);
    if (i === 0) await reader.put(`${path}/responses/draft`, { request_id: `seed-survey-draft-${plan.org}-${person.account}`, version: survey.version, answers, started_at: now - 300 });
    await reader.post(`${path}/responses`, { request_id: `seed-survey-${plan.org}-${person.account}`, version: survey.version, answers, started_at: now - 60 - ((i * 37) % 400), channel: i % 3 ? 'wechat' : 'web' });
    return 1;
  };
  let n = 0;
  for (let i = 0; i < people.length; i += 4) n += (await Promise.all(people.slice(i, i + 4).map((p, k) => answered(p, i + k)))).reduce((a, b) => a + b, 0);
  return n;
}

export const surveySteps: SeedStep[] = [
  {
    name: 'survey',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const plan of PLANS) n += await surveyOf(c, plan, now);
      return n;
    },
  },
];
