import { chinaDayStart, HOME_MODULE, LISTEN_BEAT_SEC } from '@huodong/domain';
import { all, byName, ensure, type SeedClient, type SeedStep } from '../step.js';
import { listReader } from './activities.js';

/**
 * The organisation's home and content settings (issue 25) through the API, for szlib and gzsyxx:
 * audiobooks and their group beside the content family's resources, the home's modules in order
 * with their styles and albums, the reading show, the rules text, the organisation's own tags and
 * quick replies; then readers listen to the audiobooks through the reader API over the last week
 * (on the seed's clock), a play and a few beats a time. Made once per organisation (by the modules'
 * titles, and while it has no listens yet); every listen is idempotent by its request id.
 */
const DAY = 86_400;
const HOUR = 3600;
const ORGS: { key: string; list: 'users' | 'students'; listeners: number }[] = [
  { key: 'szlib', list: 'users', listeners: 6 },
  { key: 'gzsyxx', list: 'students', listeners: 4 },
];

/** Audiobooks (digital resources of kind 有声书); one without an author shows 管理员 (spec §9). */
const AUDIOBOOKS = [
  { title: '西游记（有声书）', author: '吴承恩', link: 'https://example.org/audio/xiyouji', intro: '名家演播，全本一百回。' },
  { title: '小王子（有声书）', author: '', link: 'https://example.org/audio/xiaowangzi', intro: '馆员朗读版。' },
  { title: '唐诗三百首（朗读）', author: '蘅塘退士', link: 'https://example.org/audio/tangshi', intro: '' },
];
const AUDIO_GROUP = '有声书专区';

const MODULES: { title: string; kind: number; style: number; albums?: 'activities' | 'digital' | 'audio' }[] = [
  { title: '轮播图', kind: HOME_MODULE.carousel, style: 2 },
  { title: '精选活动', kind: HOME_MODULE.activities, style: 1, albums: 'activities' },
  { title: '推荐资源', kind: HOME_MODULE.digital, style: 3, albums: 'digital' },
  { title: '听书', kind: HOME_MODULE.audiobooks, style: 4, albums: 'audio' },
  { title: '阅读展示', kind: HOME_MODULE.readingShow, style: 2 },
  { title: '活动规则', kind: HOME_MODULE.rules, style: 1 },
];

const RULES = (name: string) =>
  `<h2>${name}读者活动规则</h2><p>欢迎参加本馆（校）组织的各项阅读活动。请遵守以下规则：</p><ol><li>每项活动以活动页面公布的时间为准，逾期不能参加。</li><li>线下活动请按预约时间签到，累计三次未到将暂停预约资格。</li><li>提交的作品须为本人原创，一经发现抄袭将取消成绩。</li></ol><p>如有疑问，请咨询服务台。</p>`;
const TAGS = ['亲子阅读', '经典诵读', '新书推荐'];
const QUICK = ['内容与活动主题不符，请修改后重新提交', '图片不清晰，请重新上传', '感谢参与，期待更多佳作'];

/** The module's albums by its kind: activity groups, or the content family's groups, or the audiobook group. */
async function albumIds(client: SeedClient, org: string, which: 'activities' | 'digital' | 'audio'): Promise<number[]> {
  if (which === 'activities') return (await all(client, `/v1/${org}/actcate`)).map((g) => g.id);
  const groups = await all(client, `/v1/${org}/digitalgroup`);
  return groups.filter((g) => (which === 'audio') === (g.name === AUDIO_GROUP)).map((g) => g.id);
}

async function homeOf(client: SeedClient, org: { key: string; name: string }): Promise<number> {
  const base = `/v1/${org.key}`;
  let n = await ensure(client, `${base}/digitalresource`, 'title', AUDIOBOOKS.map((a, i) => ({ ...a, kind: 2, sort: 20 + i })));
  const groups = await byName(client, `${base}/digitalgroup`);
  if (!groups.has(AUDIO_GROUP)) {
    const resources = await byName(client, `${base}/digitalresource`, 'title');
    const group = await client.post(`${base}/digitalgroup`, { name: AUDIO_GROUP, intro: '在线收听好书', sort: 9 });
    for (const [i, a] of AUDIOBOOKS.entries()) await client.post(`${base}/digitalgroup/${group.id}/resource`, { resource_id: resources.get(a.title), sort: i + 1 });
    n++;
  }
  const existing = await byName(client, `${base}/indexConfig`, 'title');
  if (existing.size > 0) return n;
  for (const [i, m] of MODULES.entries()) {
    const made = await client.post(`${base}/indexConfig`, { title: m.title, kind: m.kind, sort: i + 1 });
    await client.post(`${base}/indexConfig/${made.id}/choose_style`, { style: m.style });
    if (m.albums) await client.post(`${base}/indexConfig/${made.id}/sort_albums`, { ids: await albumIds(client, org.key, m.albums) });
    n++;
  }
  const candidates = (await client.get(`/v1/yuedu/${org.key}/chooseList`)).items as { id: number }[];
  for (const [i, c] of candidates.slice(0, 3).entries()) await client.post(`/v1/yuedu/${org.key}/choose`, { item_id: c.id, sort: i + 1 });
  await client.post(`${base}/rule`, { content: RULES(org.name) });
  n += await ensure(client, `${base}/tags`, 'name', TAGS.map((name, i) => ({ name, sort: i + 1 })));
  n += await ensure(client, `${base}/quick`, 'content', QUICK.map((content, i) => ({ content, sort: i + 1 })));
  return n + candidates.slice(0, 3).length + 1;
}

/**
 * Readers listen over the last seven days: reader `i` on the days `d` ago where `(i + d) % 4 !== 0`,
 * one title a day (by the day), a play then 2–6 beats of LISTEN_BEAT_SEC, in the evening (today's not after now).
 */
async function listens(client: SeedClient, plan: (typeof ORGS)[number], now: number): Promise<number> {
  const base = `/v1/${plan.key}`;
  if ((await client.get(`${base}/audiobook/count`)).totals.plays > 0) return 0;
  const books = (await all(client, `${base}/digitalresource?kind=2`)).filter((b) => AUDIOBOOKS.some((a) => a.title === b.title));
  const people = (await client.get(`${base}/${plan.list}?page=1&page_size=${plan.listeners}&sort=id`)).items as { id: number; academic_num?: string; account?: string }[];
  let n = 0;
  for (const [i, p] of people.entries()) {
    const account = (p.academic_num ?? p.account)!;
    const reader = await listReader(client, plan.key, plan.list, { id: p.id, account });
    for (let d = 6; d >= 0; d--) {
      if ((i + d) % 4 === 0) continue;
      const book = books[d % books.length];
      const at = Math.min(chinaDayStart(now) - d * DAY + 19 * HOUR + i * 300, now - 600);
      const beats = 2 + ((i * 5 + d) % 5);
      for (let k = 0; k <= beats; k++) {
        const body = { request_id: `seed-listen-${plan.key}-${account}-${d}-${k}`, play: k === 0, seconds: k === 0 ? 0 : LISTEN_BEAT_SEC };
        await reader.at(at + k * LISTEN_BEAT_SEC).post(`${base}/client/audiobooks/${book.id}/listen`, body);
        n++;
      }
    }
  }
  return n;
}

export const homeSteps: SeedStep[] = [
  {
    name: 'home',
    async run(c) {
      const orgs = new Map((await all(c, '/v1/organizations')).map((o) => [o.key as string, o.name as string]));
      let n = 0;
      for (const o of ORGS) n += await homeOf(c, { key: o.key, name: orgs.get(o.key) ?? o.key });
      return n;
    },
  },
  {
    name: 'audiobookListens',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const o of ORGS) n += await listens(c, o, now);
      return n;
    },
  },
];
