import { chinaMonthOf } from '@huodong/domain';
import { all, monthsBack, type SeedClient, type SeedStep } from '../step.js';
import { DEMO_READER_PASSWORD, FIRST_PASSWORD } from './activities.js';

/**
 * A year of history for the statistics pages (issue 26), everything at its moment on the seed's
 * clock (`SeedClient.at`, participation/clock.ts) through the same calls as today's records. In
 * each organisation below, over the past twelve months (from the month after it joined the platform):
 * - a year-long vote (年度好书), made a year ago;
 * - every month a new reader (a person added to the user or student list and given a first
 *   password by the administrator that month) and a monthly essay activity (月度征文) made and published that month;
 * - that month the newest readers (up to READERS) each submit an essay (a work and a join) and cast a
 *   ballot in the year's vote (a like); the newest also comments on the vote (a comment).
 * - a year-long quiz (每月阅读知识问答, a fixed paper of three questions) made a year ago, answered
 *   each month by the month's newest reader (some answers right, some wrong, submitted);
 * - every month a question added to the organisation's bank by its administrator, and (szlib's
 *   plan, the platform's part) one to the public bank.
 * So every month of the year has new readers, active readers, activities, works, likes, comments,
 * joins, questions added and answers, growing as the readers gather. The rollups are then folded through `POST /v1/count/refresh`.
 * Made once per organisation (by the vote's title): a re-run finds it and leaves it be.
 */
const DAY = 86_400;
const HOUR = 3_600;
const MONTHS = 12;
/** How many of the latest readers take part in a month. */
const READERS = 3;

interface Plan {
  org: string;
  list: 'users' | 'students';
  /** The newcomers' accounts: the prefix and a number. */
  prefix: string;
  vote: string;
  sources: string[];
  unit: string;
  essays: string[];
  quiz: string;
  /** The plan that also adds the platform's public-bank questions. */
  publicBank: boolean;
}

const PLANS: Plan[] = [
  {
    org: 'szlib',
    list: 'users',
    prefix: 'SZ1',
    vote: '年度好书评选（全年投票）',
    sources: ['《额尔古纳河右岸》', '《人世间》', '《长安的荔枝》'],
    unit: '苏州图书馆读者',
    essays: ['城市的书房', '我和图书馆的故事', '一本书里的江南', '深夜读书记', '给十年后的自己推荐一本书'],
    quiz: '每月阅读知识问答（全年开放）',
    publicBank: true,
  },
  {
    org: 'gzsyxx',
    list: 'students',
    prefix: 'G20259',
    vote: '年度班级好书榜（全年投票）',
    sources: ['《草房子》', '《夏洛的网》', '《小王子》'],
    unit: '广州市实验小学',
    essays: ['我最喜欢的一本书', '读书让我长大', '书里的好朋友', '假期读书笔记', '我的小书架'],
    quiz: '每月小书虫知识问答（全年开放）',
    publicBank: false,
  },
];

const midMonth = (now: number, back: number) => monthsBack(now, back);
const monthText = (at: number) => {
  const [y, m] = chinaMonthOf(at).split('-');
  return `${y}年${Number(m)}月`;
};

const ESSAY_CONFIG = { work: { creation_types: [{ id: 1, name: '征文', media: 'text', text_min_words: 20, text_max_words: 3000 }] } };
const essayText = (title: string, name: string) =>
  `《${title}》——${name}。这个月我读完了一本好书，书里的人物和故事让我久久不能忘怀。读书让我看见更大的世界，也让我更懂得身边的人。我想把这本书推荐给每一位朋友，一起分享阅读的快乐。`;

/** The quiz's own questions (single choice, A right): a fixed paper of three. */
const QUIZ = [
  { stem: '《红楼梦》的作者是谁？', options: ['曹雪芹', '罗贯中', '施耐庵'] },
  { stem: '“世界读书日”是每年的哪一天？', options: ['4月23日', '5月4日', '9月10日'] },
  { stem: '《西游记》中唐僧的大徒弟是谁？', options: ['孙悟空', '猪八戒', '沙僧'] },
];
const choices = (texts: string[]) => texts.map((text, i) => ({ key: 'ABC'[i], text }));

/** The month's question added to a bank (`back` months ago): single choice and true/false in turn, a stem of its own per month and bank. */
const bankQuestion = (month: string, back: number, bank: string) =>
  back % 2 === 0
    ? { type: 1, stem: `${bank}${month}新书问答：下列哪本书是本月推荐书目？`, options: choices(['《长安的荔枝》', '《三体》', '《活着》']), answer: 'A', difficulty: 1 + (back % 5) }
    : { type: 3, stem: `${bank}${month}阅读常识：图书馆的借阅证可以借给他人使用。`, answer: '错误', difficulty: 1 + (back % 5) };

interface Person {
  id: number;
  account: string;
  name: string;
  phone: string;
}

const NAMES = ['沈清和', '陆雨萱', '顾子墨', '许安然', '叶知秋', '蒋书瑶', '韩一鸣', '唐若溪', '宋景行', '范思齐', '邵可欣', '潘屹川'];

/**
 * The `k`-th newcomer of the year: added to the organisation's user or student list (the import, as
 * a sheet would add them) and given a first password by the administrator, at `admin`'s moment.
 */
async function newcomer(admin: SeedClient, plan: Plan, k: number): Promise<Person> {
  const name = NAMES[k % NAMES.length];
  const account = plan.list === 'users' ? `${plan.prefix}${String(k + 1).padStart(4, '0')}` : `${plan.prefix}${String(k + 1).padStart(3, '0')}`;
  const row =
    plan.list === 'users'
      ? { academic_num: account, real_name: name, sex: 1 + (k % 2), department: '成人读者', identity: 12 }
      : { name, account, sex: k % 2 === 0 ? '男' : '女', grade: 1 + (k % 6), class: 1 + (k % 4), enrollment_date: String(2025 - (1 + (k % 6))), school_name: plan.unit };
  await admin.post(`/v1/${plan.org}/${plan.list}/import`, { data: JSON.stringify([{ ...row, _row: 2 }]) });
  const found = (await admin.get(`/v1/${plan.org}/${plan.list}?keyword=${encodeURIComponent(account)}`)).items as { id: number }[];
  await admin.post(`/v1/${plan.org}/${plan.list}/${found[0].id}/password`, { password: FIRST_PASSWORD });
  return { id: found[0].id, account, name, phone: `1391234${String(k).padStart(4, '0')}` };
}

async function yearOf(client: SeedClient, plan: Plan, now: number): Promise<number> {
  const [org] = (await all(client, '/v1/organizations')).filter((o) => o.key === plan.org) as unknown as { activity_types: number[]; created_at: number }[];
  if (!org || !org.activity_types.includes(1) || !org.activity_types.includes(2)) return 0;
  const votes = `/v1/${plan.org}/evaluation`;
  if ((await all(client, votes)).some((a) => a.title === plan.vote)) return 0;
  // From the first month after the organisation joined the platform (platform.ts), at most a year back.
  let first = MONTHS;
  while (first > 1 && midMonth(now, first) - 10 * DAY <= org.created_at) first--;
  const yearAgo = midMonth(now, first) - 10 * DAY;

  // The year's vote, made and published a year ago.
  const admin = client.at(yearAgo);
  const vote = await admin.post(votes, {
    title: plan.vote,
    start_at: yearAgo + HOUR,
    end_at: now + 30 * DAY,
    address: '线上',
    profile: `${plan.vote}：全年开放，每人每天可投1票，欢迎留言推荐理由。`,
    config: { votes_per_day: 1, max_select: 1, captcha: 'off', min_interval_sec: 0, comments: { min_interval_sec: 0 } },
  });
  await admin.post(`${votes}/${vote.id}/publish`);
  const sources: number[] = [];
  for (const [i, title] of plan.sources.entries()) sources.push((await admin.post(`${votes}/${vote.id}/source`, { title, sort: i + 1 })).id);

  // The year's quiz (when the organisation runs contests): three questions of its own, published a year ago.
  let quiz = 0;
  if (org.activity_types.includes(3)) {
    quiz = (await admin.post(`/v1/${plan.org}/contest`, { title: plan.quiz, start_at: yearAgo + HOUR, end_at: now + 30 * DAY, address: '线上', profile: `${plan.quiz}：每月一期，三道题，检验你的阅读常识。` })).id;
    for (const q of QUIZ) await admin.post(`/v1/${plan.org}/contest/${quiz}/question`, { type: 1, stem: q.stem, options: choices(q.options), answer: 'A', score: 5 });
    await admin.post(`/v1/${plan.org}/contest/${quiz}/publish`);
  }

  const readers: { person: Person; client: SeedClient }[] = [];
  let n = 0;
  for (let back = first; back >= 1; back--) {
    const mid = midMonth(now, back);
    const month = monthText(mid);
    const monthly = client.at(mid - 6 * DAY);
    // The month's essay activity, open for ten days around the middle of the month.
    const title = `${month}读书征文`;
    const act = await monthly.post(`/v1/${plan.org}/original`, {
      title,
      start_at: mid - 5 * DAY,
      end_at: mid + 5 * DAY,
      address: '线上',
      profile: `${title}：写下这个月读过的一本好书。`,
      config: ESSAY_CONFIG,
    });
    await monthly.post(`/v1/${plan.org}/original/${act.id}/publish`);
    n++;
    // The month's new reader: on the list that month, a first password from the administrator, changed at the first sign-in.
    // The month's questions added to the banks (the organisation's; the public bank's by the platform).
    const banks = client.at(mid - 4 * DAY);
    await banks.post(`/v1/${plan.org}/question`, bankQuestion(month, back, '本馆'));
    n++;
    if (plan.publicBank) {
      await banks.post('/v1/public', bankQuestion(month, back, '公共题库'));
      n++;
    }
    const person = await newcomer(client.at(mid - 3 * DAY), plan, first - back);
    readers.push({ person, client: await client.reader(plan.org, person.account, FIRST_PASSWORD, DEMO_READER_PASSWORD) });
    n++;
    // The latest readers write, vote and (the newest) comment, each at its hour of the month.
    for (const [i, r] of readers.slice(-READERS).reverse().entries()) {
      const at = r.client.at(mid + i * 5 * HOUR);
      const essay = plan.essays[(first - back + i) % plan.essays.length];
      await at.post(`/v1/${plan.org}/client/activities/${act.id}/works`, {
        request_id: `seed-year-work-${plan.org}-${act.id}-${r.person.account}`,
        creation_type_id: 1,
        group_id: null,
        title: essay,
        content: essayText(essay, r.person.name),
        media: [],
        pledge: true,
        author: { real_name: r.person.name, unit: plan.unit, phone: r.person.phone },
        submit: true,
      });
      await at.post(`/v1/${plan.org}/client/activities/${vote.id}/ballots`, { request_id: `seed-year-vote-${plan.org}-${r.person.account}-${back}`, source_ids: [sources[(back + i) % sources.length]] });
      n += 2;
      if (i === 0 && quiz) {
        // The newest reader answers the quiz: the first one to three questions right (by the month), the rest wrong.
        const tag = `${plan.org}-${r.person.account}-${back}`;
        const paper = await at.post(`/v1/${plan.org}/client/activities/${quiz}/attempts`, { request_id: `seed-year-quiz-${tag}` });
        const right = 1 + (back % 3);
        const items = (paper.items as { question_id: number }[]).map((item, k) => ({ question_id: item.question_id, answer: k < right ? 'A' : 'B' }));
        await at.put(`/v1/${plan.org}/client/attempts/${paper.id}/answers`, { request_id: `seed-year-quiz-save-${tag}`, items });
        await at.post(`/v1/${plan.org}/client/attempts/${paper.id}/submit`, { request_id: `seed-year-quiz-submit-${tag}` });
        n++;
      }
      if (i === 0) {
        await at.post(`/v1/${plan.org}/client/activities/${vote.id}/comments`, {
          request_id: `seed-year-comment-${plan.org}-${r.person.account}-${back}`,
          source_id: sources[back % sources.length],
          parent_id: null,
          content: `${month}推荐：${plan.sources[back % sources.length]}，值得一读再读。`,
        });
        n++;
      }
    }
  }
  return n;
}

export const statisticsSteps: SeedStep[] = [
  {
    name: 'statistics',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      // The organisations side by side (their rows are their own): the seed's time at first start.
      const n = (await Promise.all(PLANS.map((plan) => yearOf(c, plan, now)))).reduce((a, b) => a + b, 0);
      await c.post('/v1/count/refresh');
      return n;
    },
  },
];
