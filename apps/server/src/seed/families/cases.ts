import { coverImage } from '../cover.js';
import { casePdfs, type CaseDocument } from '../casePdf.js';
import { all, type SeedClient, type SeedStep } from '../step.js';

/**
 * Reading cases (spec §2 caseManage, adminCase): a dozen write-ups of reading promotions, the
 * platform's and those of 苏州图书馆 and 广州市实验小学, each with a cover and a PDF document of a
 * few pages made at seed time, uploaded through the upload routes; a few recommended, one paused.
 */
interface DemoCase {
  org: string | null;
  title: string;
  category: number;
  origination: string;
  awardSituation: string;
  profile: string;
  /** Background, what was done, what came of it. */
  story: [string, string, string];
  rec?: boolean;
  paused?: boolean;
}

const CASES: DemoCase[] = [
  { org: null, title: '“书香城市”全民阅读推广计划', category: 2, origination: '中国图书馆学会阅读推广委员会', awardSituation: '全国阅读推广优秀案例', profile: '以城市为单位整合公共图书馆、学校和书店资源，打造全年不间断的阅读品牌。', story: ['城市阅读资源分散，读者对活动知晓度低。', '统一品牌标识，按月发布阅读主题，联动百余家阅读空间同步开展活动。', '年度参与读者超过五十万人次，借阅量同比增长百分之二十三。'], rec: true },
  { org: null, title: '乡村少儿阅读点建设与运营', category: 5, origination: '平台运营中心', awardSituation: '', profile: '在乡村学校和村委会设立少儿阅读点，配送图书并培训志愿者。', story: ['乡村儿童课外读物匮乏，家长陪读时间少。', '每个阅读点配备五百册图书，每月轮换，志愿者每周开展两次故事会。', '覆盖三十个村，儿童月均阅读量由一本提高到四本。'] },
  { org: null, title: '数字阅读推广周', category: 4, origination: '平台运营中心', awardSituation: '年度创新案例', profile: '以电子书、有声书和线上讲座为载体，推广数字阅读资源。', story: ['读者对图书馆数字资源了解不足，使用率偏低。', '推广周期间开通免登录体验，组织线上领读与打卡挑战。', '数字资源访问量提升两倍，新增注册读者一万余人。'], rec: true },
  { org: null, title: '视障读者无障碍阅读服务', category: 5, origination: '平台运营中心', awardSituation: '', profile: '为视障读者提供有声读物、读屏设备与上门送书服务。', story: ['视障读者出行不便，可读资源有限。', '建设有声资源专区，培训志愿者开展电话读书与上门服务。', '服务视障读者八百余人次，满意度达百分之九十八。'], paused: true },
  { org: 'szlib', title: '苏州图书馆“悦读妈妈”亲子共读项目', category: 1, origination: '苏州图书馆少儿部', awardSituation: '江苏省阅读推广优秀项目一等奖', profile: '招募家长志愿者担任“悦读妈妈”，在分馆开展亲子共读。', story: ['低幼儿童家长缺少亲子阅读方法。', '培训家长志愿者，每周末在各分馆带领亲子共读绘本。', '累计开展活动一千二百场，参与家庭两万余户。'], rec: true },
  { org: 'szlib', title: '“书香苏州”二十四小时城市书房', category: 3, origination: '苏州图书馆', awardSituation: '全国公共图书馆服务创新案例', profile: '在社区和商圈建设自助式城市书房，全天候开放。', story: ['市民下班后难以到馆借阅。', '建设八十余家城市书房，通借通还，配备自助借还设备。', '城市书房年借阅量占全馆三分之一。'] },
  { org: 'szlib', title: '古籍修复体验与传统文化讲座', category: 1, origination: '苏州图书馆古籍部', awardSituation: '', profile: '面向青少年开放古籍修复体验，配套传统文化系列讲座。', story: ['青少年对古籍保护了解少。', '开设修复体验课与讲座，展示馆藏善本复制件。', '举办体验课六十场，讲座视频播放量十万次。'] },
  { org: 'szlib', title: '“苏图讲坛”线上线下融合直播', category: 4, origination: '苏州图书馆', awardSituation: '', profile: '讲座现场与线上直播同步，回放纳入数字资源。', story: ['报告厅座位有限，很多读者无法到场。', '每场讲座同步直播并剪辑回放，开放弹幕互动。', '单场线上观看人数最高达三万人。'] },
  { org: 'szlib', title: '社区阅读推广人培育计划', category: 2, origination: '苏州图书馆社会教育部', awardSituation: '', profile: '培养社区阅读推广人，将阅读活动带入社区。', story: ['社区阅读活动缺少组织者。', '开设阅读推广人培训班，考核合格颁发证书并提供活动支持。', '培育推广人一百五十名，覆盖全市九成社区。'] },
  { org: 'gzsyxx', title: '广州市实验小学“班级图书角”建设', category: 3, origination: '广州市实验小学语文科组', awardSituation: '广州市校园阅读优秀案例', profile: '每个班级设立图书角，学生自主管理借阅。', story: ['学校图书馆课间开放时间短。', '各班建设图书角，学生轮值担任图书管理员。', '学生人均年阅读量达到三十本。'], rec: true },
  { org: 'gzsyxx', title: '“晨读十分钟”经典诵读', category: 1, origination: '广州市实验小学', awardSituation: '', profile: '每天早读前十分钟全校诵读经典诗文。', story: ['学生对古诗文积累不足。', '按年级编排诵读篇目，每周评选诵读之星。', '学生平均背诵古诗文一百二十篇。'] },
  { org: 'gzsyxx', title: '亲子读书节与好书交换集市', category: 1, origination: '广州市实验小学家委会', awardSituation: '', profile: '每年读书节举办好书交换集市和亲子阅读分享会。', story: ['家中闲置图书多，流转少。', '读书节设立交换集市，家长与孩子共同分享阅读心得。', '每年交换图书三千余册。'] },
];

const ORG_NAMES: Record<string, string> = { szlib: '苏州图书馆', gzsyxx: '广州市实验小学' };
const HEADINGS = ['案例背景', '实施过程', '成效与经验'];

const orgNameOf = (c: DemoCase) => (c.org ? ORG_NAMES[c.org] : '活动平台');
const documentOf = (c: DemoCase): CaseDocument => ({
  title: c.title,
  org: c.origination || orgNameOf(c),
  sections: HEADINGS.map((heading, i) => ({ heading, paragraphs: [c.story[i], c.profile] })),
});

async function makeCase(client: SeedClient, c: DemoCase, pdf: Buffer): Promise<void> {
  const prefix = c.org ? `/v1/${c.org}` : '/v1';
  const name = c.title.replace(/[\\/:*?"<>|“”（）()\s]/g, '');
  const cover = await client.upload(`${prefix}/upload/cover`, `${name}.jpg`, await coverImage(c.title, orgNameOf(c)), 'image/jpeg');
  const document = await client.upload(`${prefix}/upload/public`, `${name}.pdf`, pdf, 'application/pdf');
  const { org: _org, story: _story, rec, paused, ...fields } = c;
  const row = await client.post(`${prefix}/readingCase/case`, { ...fields, cover: cover.url, address: document.url });
  if (rec) await client.post(`${prefix}/readingCase/case/${row.id}/recommend`);
  if (paused) await client.post(`${prefix}/readingCase/case/${row.id}/disable`);
}

export const caseSteps: SeedStep[] = [
  {
    name: 'readingCases',
    async run(client) {
      const existing = new Set<string>();
      for (const path of ['/v1/readingCase/case', ...Object.keys(ORG_NAMES).map((o) => `/v1/${o}/readingCase/case`)]) {
        for (const r of await all(client, path)) existing.add(r.title as string);
      }
      const missing = CASES.filter((c) => !existing.has(c.title));
      const pdfs = await casePdfs(missing.map(documentOf));
      await Promise.all(missing.map((c, i) => makeCase(client, c, pdfs[i])));
      return missing.length;
    },
  },
];
