import { ACTIVITY_KINDS, type ActivityType } from '@huodong/domain';
import { all, type SeedClient, type SeedStep } from '../step.js';
import { uploadCover } from '../cover.js';

/**
 * Demo activities: in every demo organisation a finished, an in-progress (open to all its
 * readers) and a not-yet-started activity of a type it is authorised for (third party where it
 * may), plus a draft, dated relative to the day of seeding; the published ones in two activity
 * groups; then a few readers take part through the reader API (first password from the user
 * list, sign-in, password change, join or launch).
 */
const DAY = 86_400;

/**
 * The type of an organisation's demo activities: third party where it may; else the first type
 * that publishes as made (contests and questionnaires publish only with the questions their own
 * steps make).
 */
const WITH_QUESTIONS: readonly number[] = [3, 4, 6];
/** An offline activity (type 5) publishes only with its seats. */
const SEATS = 80;
const demoTypeOf = (types: ActivityType[]): ActivityType => (types.includes(7) ? 7 : (types.find((t) => !WITH_QUESTIONS.includes(t)) ?? types[0]));

/** The password readers of the demo data end with (after changing the first one). */
export const DEMO_READER_PASSWORD = 'Reader#2024';
export const FIRST_PASSWORD = 'Start#2024';

/**
 * The reader of a person on an organisation's user or student list, signed in: the first
 * password given once (when the reader is not there yet) and changed at the first sign-in.
 */
export async function listReader(client: SeedClient, org: string, list: 'users' | 'students', person: { id: number; account: string }): Promise<SeedClient> {
  const found = await client.get(`/v1/${org}/readers?keyword=${encodeURIComponent(person.account)}`);
  if (found.items.some((r: { account: string }) => r.account === person.account)) return client.reader(org, person.account, DEMO_READER_PASSWORD);
  await client.post(`/v1/${org}/${list}/${person.id}/password`, { password: FIRST_PASSWORD });
  return client.reader(org, person.account, FIRST_PASSWORD, DEMO_READER_PASSWORD);
}

/** Readers who take part, per organisation with imported users or students. */
const READERS: { org: string; list: 'users' | 'students'; count: number }[] = [
  { org: 'szlib', list: 'users', count: 3 },
  { org: 'hdlib', list: 'users', count: 2 },
  { org: 'njulib', list: 'users', count: 2 },
  { org: 'gzsyxx', list: 'students', count: 2 },
];

const TITLES: Record<number, [string, string, string, string]> = {
  7: ['“书香满城”线上阅读马拉松', '国家图书馆“典籍里的中国”线上答题', '寒假亲子共读打卡挑战', '（草稿）合作方新活动'],
};
const titlesOf = (type: number, org: string): [string, string, string, string] =>
  TITLES[type] ?? [`${org}年度读书节`, `${org}经典诵读活动`, `${org}新书推荐季`, `（草稿）${org}新活动`];

/** Types 1 and 9 publish only with a work configuration: essays (type 9 adds pictures), the rest as defaulted. */
const ESSAYS = { id: 1, name: '征文', media: 'text', text_min_words: 20, text_max_words: 3000 };
const PICTURES = { id: 2, name: '书画', media: 'image', files_min: 1, files_max: 3 };
const configOf = (type: number, i: number) =>
  type === 7
    ? { link: `https://reading.example.org/events/${1000 + i}`, open_mode: 'browser', partner_name: '悦读联盟', pass_identity: 1 }
    : type === 1 || type === 9
      ? { work: { creation_types: type === 1 ? [ESSAYS] : [ESSAYS, PICTURES] } }
      : {};

/** An offline activity (type 5) publishes only with its seats (`person_limit`); other types need no limit. */

async function activitiesOf(client: SeedClient, org: { id: number; key: string; name: string; activity_types: number[] }, now: number): Promise<number> {
  const types = org.activity_types as ActivityType[];
  if (types.length === 0) return 0;
  const type = demoTypeOf(types);
  const path = ACTIVITY_KINDS[type].path.replace('{org}', org.key);
  const existing = new Set((await all(client, path)).map((a) => a.title));
  const [finished, running, upcoming, draft] = titlesOf(type, org.key);
  const plans = [
    { title: finished, start_at: now - 40 * DAY, end_at: now - 10 * DAY, publish: true },
    { title: running, start_at: now - 3 * DAY, end_at: now + 30 * DAY, publish: true, person_limit: 500 },
    { title: upcoming, start_at: now + 7 * DAY, end_at: now + 40 * DAY, publish: true },
    { title: draft, start_at: now + 14 * DAY, end_at: now + 60 * DAY, publish: false },
  ];
  let n = 0;
  for (const [i, p] of plans.entries()) {
    if (existing.has(p.title)) continue;
    const cover = await uploadCover(client, org.key, p.title, org.name);
    const made = await client.post(path, { title: p.title, cover, start_at: p.start_at, end_at: p.end_at, person_limit: p.person_limit ?? (type === 5 ? SEATS : 0), address: type === 5 ? '本馆一楼报告厅' : '线上', profile: `${p.title}，欢迎全体读者参加。`, config: configOf(type, org.id * 10 + i) });
    if (p.publish) await client.post(`${path}/${made.id}/publish`);
    n++;
  }
  return n;
}

/**
 * Readers take part in their organisation's in-progress activities, once: when the reader is made
 * (a later run finds the reader and leaves it be, so it signs nobody in; every sign-in takes a
 * graphical code, and an address gets 30 codes a minute).
 */
async function participation(client: SeedClient, plan: (typeof READERS)[number]): Promise<number> {
  const people = (await client.get(`/v1/${plan.org}/${plan.list}?page=1&page_size=${plan.count}&sort=id`)).items as { id: number; academic_num?: string; account?: string }[];
  let n = 0;
  for (const person of people) {
    const account = (person.academic_num ?? person.account)!;
    const readers = await client.get(`/v1/${plan.org}/readers?keyword=${encodeURIComponent(account)}`);
    if (readers.items.some((r: { account: string }) => r.account === account)) continue;
    await client.post(`/v1/${plan.org}/${plan.list}/${person.id}/password`, { password: FIRST_PASSWORD });
    const reader = await client.reader(plan.org, account, FIRST_PASSWORD, DEMO_READER_PASSWORD);
    const open = (await reader.get(`/v1/${plan.org}/client/activities?act_state=2`)).items as { id: number; type: number }[];
    for (const act of open) {
      const detail = await reader.get(`/v1/${plan.org}/client/activities/${act.id}`);
      if (detail.mine.joined || detail.mine.refusal) continue;
      const call = act.type === 7 ? 'launch' : 'join';
      await reader.post(`/v1/${plan.org}/client/activities/${act.id}/${call}`, { request_id: `seed-${plan.org}-${account}-${act.id}` });
      n++;
    }
  }
  return n;
}

/** Demo activity groups (actcate): each names which published activities it holds by their state. */
const GROUPS: { name: string; description: string; states: number[] }[] = [
  { name: '本期推荐', description: '正在进行和即将开始的活动，欢迎报名参与。', states: [2, 1] },
  { name: '往期回顾', description: '已经结束的活动。', states: [3] },
];

/**
 * Activity groups in every organisation that has published activities, through the admin API:
 * the group is made once (by name), then its published activities are chosen into it (`choose`
 * skips those already in it, so a re-run adds nothing twice).
 */
async function groupsOf(client: SeedClient, org: { key: string; activity_types: number[] }): Promise<number> {
  const types = org.activity_types as ActivityType[];
  if (types.length === 0) return 0;
  const type = demoTypeOf(types);
  const published = (await all(client, `${ACTIVITY_KINDS[type].path.replace('{org}', org.key)}?is_tmp=0`)) as { id: number; act_state: number }[];
  if (published.length === 0) return 0;
  const base = `/v1/${org.key}/actcate`;
  const existing = new Map((await all(client, base)).map((g) => [g.name as string, g.id]));
  let n = 0;
  for (const [i, g] of GROUPS.entries()) {
    const members = g.states.flatMap((state) => published.filter((a) => a.act_state === state).map((a) => a.id));
    if (members.length === 0) continue;
    let id = existing.get(g.name);
    if (id === undefined) {
      id = (await client.post(base, { name: g.name, description: g.description, sort: i + 1 })).id as number;
      n++;
    }
    await client.post(`${base}/${id}/choose`, { act_ids: members });
  }
  return n;
}

export const activitySteps: SeedStep[] = [
  {
    name: 'activities',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const org of await all(c, '/v1/organizations')) n += await activitiesOf(c, org as never, now);
      return n;
    },
  },
  {
    name: 'activity groups',
    async run(c) {
      let n = 0;
      for (const org of await all(c, '/v1/organizations')) n += await groupsOf(c, org as never);
      return n;
    },
  },
  {
    name: 'participation',
    async run(c) {
      let n = 0;
      for (const plan of READERS) n += await participation(c, plan);
      return n;
    },
  },
];
