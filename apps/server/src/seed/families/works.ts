import sharp from 'sharp';
import { all, type SeedClient, type SeedStep } from '../step.js';
import { DEMO_READER_PASSWORD, FIRST_PASSWORD } from './activities.js';

/**
 * An essay contest (type 1, original works) in `szlib` and a picture contest in a school
 * (`gzsyxx`), end to end through the API: the administrator creates the activity, saves its work
 * configuration and publishes it; readers sign in, upload their files through the reader upload
 * (pictures made here, checked by the server by their bytes) and submit a work each; then the
 * review queue approves all but one (numbered at the first approval) and rejects that one with a
 * reason. Re-running is safe: the activity is found by title, a reader whose work (by title) is
 * there is not signed in again, and only works still waiting are decided.
 */
const DAY = 86_400;

interface PlannedWork {
  title: string;
  /** Essays: the text. Pictures: the description (作品简介). */
  content: string;
  /** Pictures only: the drawing's colours (sky, ground, accent). */
  colours?: [string, string, string];
  instructor?: string;
  reject?: string;
}

interface ContestPlan {
  org: string;
  /** Where the readers come from (their accounts): the organisation's users or its students. */
  list: 'users' | 'students';
  title: string;
  profile: string;
  /** Who the work's unit is (users) — students use their school. */
  unit: string;
  config: Record<string, unknown>;
  works: PlannedWork[];
}

const PLANS: ContestPlan[] = [
  {
    org: 'szlib',
    list: 'users',
    title: '“书香姑苏”读者征文大赛',
    profile: '以“我与苏州的一本书”为题，写下你与书、与城的故事。每人限投1篇，800字以内。',
    unit: '苏州图书馆读者',
    config: {
      creation_types: [{ id: 1, name: '征文', media: 'text', text_min_words: 30, text_max_words: 800 }],
      author_fields: { real_name: 'required', unit: 'optional', grade: 'hidden', phone: 'optional', instructor: 'hidden' },
      per_user_max_works: 1,
      award_quota: { 一等奖: 1, 二等奖: 2, 三等奖: 3 },
    },
    works: [
      {
        title: '平江路上的旧书店',
        content:
          '平江路的尽头有一家旧书店，木门吱呀作响，书架一直顶到天花板。我在那里买到一本泛黄的《浮生六记》，扉页上有前主人工整的小楷。从此每读一页，都像是和一位素不相识的苏州人隔着岁月对话。书店老板说，书会自己找到读它的人。',
      },
      {
        title: '外婆的评弹与书',
        content:
          '外婆不识几个字，却能把《珍珠塔》从头唱到尾。小时候我读书给她听，她唱评弹给我听。后来我才知道，那些唱词里藏着多少古书里的故事。如今外婆老了，换我一字一句地读，她闭着眼睛轻轻地和。书把我们祖孙连在了一起。',
      },
      {
        title: '我的周末计划',
        content: '这个周末我打算去看电影，然后和朋友一起吃火锅，晚上回家打游戏。周日睡个懒觉，下午去商场买衣服。希望天气好一点，可以出去走走。',
        reject: '作品与征文主题“我与苏州的一本书”不符，请修改后重新提交。',
      },
      {
        title: '在图书馆遇见春天',
        content:
          '三月的一个午后，我在图书馆靠窗的位置读《苏州园林》。窗外的玉兰开了，书里的漏窗、回廊和假山仿佛都活了过来。合上书，我决定去拙政园走一走，看看叶圣陶先生笔下“务必使游览者无论站在哪个点上，眼前总是一幅完美的图画”是什么样子。',
      },
    ],
  },
  {
    org: 'gzsyxx',
    list: 'students',
    title: '“我爱读书”绘画作品征集',
    profile: '画出你最喜欢的一本书或一个读书的场景，低年级组和高年级组分别评奖。',
    unit: '广州市实验小学',
    config: {
      creation_types: [{ id: 1, name: '绘画', media: 'image', files_min: 1, files_max: 3, file_max_kb: 2048, text_min_words: 0, text_max_words: 200 }],
      groups: [
        { id: 1, code: 'D', name: '低年级组', grades: [1, 2, 3] },
        { id: 2, code: 'G', name: '高年级组', grades: [4, 5, 6] },
      ],
      author_fields: { real_name: 'required', unit: 'optional', grade: 'optional', phone: 'hidden', instructor: 'optional' },
      per_user_max_works: 1,
    },
    works: [
      { title: '星空下读绘本', content: '晚上和妈妈一起在阳台上读绘本，天上的星星也在听故事。', colours: ['#1d2b64', '#3a5a40', '#ffd166'], instructor: '黄老师' },
      { title: '小熊的图书馆', content: '我画了一座住着小熊的森林图书馆。', colours: ['#a8dadc', '#6a994e', '#bc6c25'], instructor: '黄老师' },
      { title: '涂鸦', content: '随便画的。', colours: ['#eeeeee', '#dddddd', '#cccccc'], reject: '图片不清晰，请上传清晰的作品图片。' },
      { title: '骑楼下的小书摊', content: '放学路上，骑楼下有一个小书摊，我最喜欢在那里看连环画。', colours: ['#f4a261', '#e76f51', '#2a9d8f'], instructor: '许老师' },
    ],
  },
];

/** A small drawing (a sky, a hill, a sun and an open book) as PNG. */
function drawing([sky, ground, accent]: [string, string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
  <rect width="320" height="240" fill="${sky}"/>
  <ellipse cx="160" cy="250" rx="220" ry="90" fill="${ground}"/>
  <circle cx="260" cy="55" r="28" fill="${accent}"/>
  <path d="M100 150 L160 165 L220 150 L220 200 L160 215 L100 200 Z" fill="#ffffff" stroke="#333333" stroke-width="3"/>
  <line x1="160" y1="165" x2="160" y2="215" stroke="#333333" stroke-width="3"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface Person {
  id: number;
  account: string;
  name: string;
  grade?: number;
}

/** The first people of the organisation's list (the demo readers first), as readers would sign in. */
async function peopleOf(client: SeedClient, plan: ContestPlan): Promise<Person[]> {
  const rows = (await client.get(`/v1/${plan.org}/${plan.list}?page=1&page_size=${plan.works.length}&sort=id`)).items as {
    id: number;
    academic_num?: string;
    account?: string;
    real_name?: string;
    name?: string;
    grade?: number;
  }[];
  return rows.map((r) => ({ id: r.id, account: (r.academic_num ?? r.account)!, name: (r.real_name ?? r.name)!, grade: r.grade }));
}

/** Sign a person in as a reader: a demo reader with the demo password, else a first password changed at once. */
async function signIn(client: SeedClient, plan: ContestPlan, person: Person): Promise<SeedClient> {
  const found = await client.get(`/v1/${plan.org}/readers?keyword=${encodeURIComponent(person.account)}`);
  if (found.items.some((r: { account: string }) => r.account === person.account)) return client.reader(plan.org, person.account, DEMO_READER_PASSWORD);
  await client.post(`/v1/${plan.org}/${plan.list}/${person.id}/password`, { password: FIRST_PASSWORD });
  return client.reader(plan.org, person.account, FIRST_PASSWORD, DEMO_READER_PASSWORD);
}

async function contestOf(client: SeedClient, plan: ContestPlan, now: number): Promise<number> {
  const [org] = (await all(client, '/v1/organizations')).filter((o) => o.key === plan.org) as unknown as { key: string; activity_types: number[] }[];
  if (!org || !org.activity_types.includes(1)) return 0;
  const base = `/v1/${plan.org}/original`;

  // The activity, its work configuration, published (each only when not done yet)
  let act = (await all(client, base)).find((a) => a.title === plan.title) as { id: number; is_tmp: number } | undefined;
  if (!act) act = await client.post(base, { title: plan.title, start_at: now - 5 * DAY, end_at: now + 40 * DAY, address: '线上', profile: plan.profile });
  const { saved } = await client.get(`${base}/work/config?act=${act!.id}`);
  if (!saved) await client.put(`${base}/work/config?act=${act!.id}`, plan.config);
  if (act!.is_tmp !== 0) await client.post(`${base}/${act!.id}/publish`);
  const id = act!.id;

  // In the organisation's group of current activities, as the activity groups step would do next time
  const current = (await all(client, `/v1/${plan.org}/actcate`)).find((g) => g.name === '本期推荐');
  if (current) await client.post(`/v1/${plan.org}/actcate/${current.id}/choose`, { act_ids: [id] });

  // Each reader submits one work (found by title: a re-run signs nobody in)
  const worksPath = `${base}/${id}/work`;
  const have = new Set((await all(client, worksPath)).map((w) => w.title));
  const people = await peopleOf(client, plan);
  let n = 0;
  for (const [i, planned] of plan.works.entries()) {
    const person = people[i];
    if (!person || have.has(planned.title)) continue;
    const reader = await signIn(client, plan, person);
    const media: string[] = [];
    if (planned.colours) {
      const file = await reader.upload(`/v1/${plan.org}/client/upload`, `${planned.title}.png`, await drawing(planned.colours), 'image/png');
      media.push(file.url);
    }
    const grade = person.grade;
    await reader.post(`/v1/${plan.org}/client/activities/${id}/works`, {
      request_id: `seed-work-${plan.org}-${id}-${person.account}`,
      creation_type_id: 1,
      group_id: grade === undefined ? null : grade <= 3 ? 1 : 2,
      title: planned.title,
      content: planned.content,
      media,
      pledge: true,
      author: {
        real_name: person.name,
        unit: plan.unit,
        ...(grade === undefined ? {} : { grade: `${grade}年级` }),
        ...(planned.instructor ? { instructor: planned.instructor } : {}),
      },
    });
    n++;
  }

  // The review: the one planned for rejection with its reason, the rest approved (numbered)
  const waiting = (await all(client, `/v1/${plan.org}/check/${id}/creation`)) as unknown as { id: number; title: string }[];
  const reasons = new Map(plan.works.filter((w) => w.reject).map((w) => [w.title, w.reject!]));
  for (const w of waiting.filter((x) => reasons.has(x.title))) await client.post(`/v1/${plan.org}/check/${id}/creation`, { ids: [w.id], status: 2, reason: reasons.get(w.title) });
  const approve = waiting.filter((x) => !reasons.has(x.title)).map((x) => x.id);
  if (approve.length) await client.post(`/v1/${plan.org}/check/${id}/creation`, { ids: approve, status: 1 });
  return n;
}

export const workSteps: SeedStep[] = [
  {
    name: 'works',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const plan of PLANS) n += await contestOf(c, plan, now);
      return n;
    },
  },
];
