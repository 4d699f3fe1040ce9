import sharp from 'sharp';
import { all, ensure, type SeedClient, type SeedStep } from '../step.js';

/**
 * Organisation content: carousel pictures (real PNGs through the upload route), digital
 * resources and their groups, for the organisations whose readers see a home page.
 */
const CONTENT_ORGS = ['szlib', 'hdlib', 'njulib', 'cdsesg', 'gzsyxx'];

const CAROUSEL = [
  { title: '全民阅读月 · 好书推荐', link: 'https://www.nlc.cn/', colour: '#c0392b' },
  { title: '少儿绘本共读周', link: '', colour: '#2874a6' },
  { title: '经典诵读大赛开始报名', link: '', colour: '#1e8449' },
];

const RESOURCES = [
  { title: '红楼梦', kind: 1, author: '曹雪芹', link: 'https://example.org/books/hongloumeng', intro: '中国古典四大名著之一。' },
  { title: '朝花夕拾', kind: 1, author: '鲁迅', link: 'https://example.org/books/zhaohuaxishi', intro: '鲁迅回忆童年与青年时代的散文集。' },
  { title: '城南旧事（有声书）', kind: 2, author: '林海音', link: 'https://example.org/audio/chengnan', intro: '' },
  { title: '中国国家地理（期刊）', kind: 4, author: '', link: 'https://example.org/journal/dili', intro: '' },
  { title: '苏东坡传（讲座视频）', kind: 3, author: '林语堂', link: 'https://example.org/video/sudongpo', intro: '' },
];

const GROUPS = [
  { name: '中小学必读', intro: '教育部推荐的中小学生阅读书目', resources: ['红楼梦', '朝花夕拾', '城南旧事（有声书）'] },
  { name: '馆员推荐', intro: '本馆馆员的每月推荐', resources: ['苏东坡传（讲座视频）', '中国国家地理（期刊）'] },
];

/** A 1200×400 banner of one colour with a lighter band: a real PNG made on the spot. */
async function banner(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="1200" height="400" fill="${colour}"/><rect y="260" width="1200" height="60" fill="#ffffff" fill-opacity="0.25"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function carouselOf(client: SeedClient, org: string): Promise<number> {
  const existing = new Set((await all(client, `/v1/${org}/carousel`)).map((r) => r.title));
  let n = 0;
  for (const [i, item] of CAROUSEL.entries()) {
    if (existing.has(item.title)) continue;
    const file = await client.upload(`/v1/${org}/upload/cover`, `banner${i + 1}.png`, await banner(item.colour), 'image/png');
    await client.post(`/v1/${org}/carousel`, { image: file.url, title: item.title, link: item.link, sort: i + 1 });
    n++;
  }
  return n;
}

async function groupsOf(client: SeedClient, org: string): Promise<number> {
  const resources = new Map((await all(client, `/v1/${org}/digitalresource`)).map((r) => [r.title as string, r.id]));
  const groups = new Map((await all(client, `/v1/${org}/digitalgroup`)).map((r) => [r.name as string, r.id]));
  let n = 0;
  for (const [i, g] of GROUPS.entries()) {
    if (groups.has(g.name)) continue;
    const group = await client.post(`/v1/${org}/digitalgroup`, { name: g.name, intro: g.intro, sort: i + 1 });
    for (const [j, title] of g.resources.entries()) {
      await client.post(`/v1/${org}/digitalgroup/${group.id}/resource`, { resource_id: resources.get(title), sort: j + 1 });
    }
    n++;
  }
  return n;
}

const ADDRESSES: Record<string, Record<string, unknown>[]> = {
  szlib: [
    { name: '报告厅', region: ['江苏省', '苏州市'], address: '姑苏区人民路858号 苏州图书馆', room: '一楼报告厅', capacity: 280, contact: '周敏', phone: '0512-65227100' },
    { name: '少儿阅览室', region: ['江苏省', '苏州市'], address: '姑苏区人民路858号 苏州图书馆', room: '三楼', capacity: 60, contact: '陆老师', phone: '0512-65227101' },
  ],
  hdlib: [{ name: '多功能厅', region: ['北京市', '海淀区'], address: '丹棱街16号 海淀区图书馆', room: 'B1', capacity: 150, contact: '刘洋', phone: '010-82626688' }],
  njulib: [{ name: '学术报告厅', region: ['江苏省', '南京市'], address: '栖霞区仙林大道163号 南京大学图书馆', room: '二楼', capacity: 200, contact: '吴静', phone: '025-89683100' }],
};

export const contentSteps: SeedStep[] = [
  {
    name: 'offlineAddresses',
    run: async (c) => {
      let n = 0;
      for (const [org, rows] of Object.entries(ADDRESSES)) n += await ensure(c, `/v1/${org}/offline/address`, 'name', rows);
      return n;
    },
  },
  { name: 'carousel', run: async (c) => (await Promise.all(CONTENT_ORGS.map((org) => carouselOf(c, org)))).reduce((a, b) => a + b, 0) },
  {
    name: 'digitalResources',
    run: async (c) => {
      let n = 0;
      for (const org of CONTENT_ORGS) n += await ensure(c, `/v1/${org}/digitalresource`, 'title', RESOURCES.map((r, i) => ({ ...r, sort: i + 1 })));
      return n;
    },
  },
  {
    name: 'digitalGroups',
    run: async (c) => {
      let n = 0;
      for (const org of CONTENT_ORGS) n += await groupsOf(c, org);
      return n;
    },
  },
];
