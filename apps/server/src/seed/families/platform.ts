import { byName, ensure, monthsBack, type SeedStep } from '../step.js';

/** The password of every demo account below (demo data only; change it on a real deployment). */
export const DEMO_PASSWORD = 'Demo#2024';

interface DemoOrg {
  key: string;
  name: string;
  type: string;
  org_group: string;
  parent?: string;
  seller?: string;
  contact: string;
  phone: string;
  address: string;
  modules: string[];
  activity_types: number[];
  /** How many months ago it joined the platform (made on the seed's clock then: the statistics' year of organisations). */
  joined: number;
}

const ORG_TYPES = ['公共图书馆', '高校图书馆', '中小学', '少儿图书馆', '文化馆'];

const SELLERS = [
  { name: '王晓明', phone: '13800001111', company: '书香科技有限公司', region: '华东' },
  { name: '李娜', phone: '13900002222', company: '书香科技有限公司', region: '华北' },
  { name: '陈刚', phone: '13700003333', company: '悦读文化传媒', region: '华南' },
];

const MODULES = [
  { name: '原创作品', code: 'original', description: '征文、书画、摄影等原创作品活动' },
  { name: '知识竞赛', code: 'contest', description: '在线答题与进阶闯关' },
  { name: '问卷调查', code: 'survey', description: '读者问卷与满意度调查' },
  { name: '线下活动', code: 'offline', description: '讲座、沙龙等线下活动报名与签到' },
  { name: '阅读打卡', code: 'read_clock', description: '每日阅读打卡与打卡资源' },
  { name: '扫码积分', code: 'integral', description: '扫码领积分与积分规则' },
  { name: '点播讲座', code: 'lecture', description: '讲座视频点播' },
];

const ALL_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19];

const ORGS: DemoOrg[] = [
  { key: 'szlib', name: '苏州图书馆', type: '公共图书馆', org_group: '华东', seller: '王晓明', contact: '周敏', phone: '0512-65227100', address: '江苏省苏州市姑苏区人民路858号', modules: ['original', 'contest', 'survey', 'offline', 'read_clock', 'lecture'], activity_types: ALL_TYPES, joined: 12 },
  { key: 'hdlib', name: '海淀区图书馆', type: '公共图书馆', org_group: '华北', seller: '李娜', contact: '刘洋', phone: '010-82626688', address: '北京市海淀区丹棱街16号', modules: ['original', 'contest', 'offline', 'read_clock'], activity_types: [1, 2, 3, 5, 8], joined: 10 },
  { key: 'hdlibqh', name: '海淀区图书馆清河分馆', type: '公共图书馆', org_group: '华北', parent: 'hdlib', seller: '李娜', contact: '孙丽', phone: '010-62912233', address: '北京市海淀区清河中街', modules: ['offline', 'read_clock'], activity_types: [5, 8], joined: 8 },
  { key: 'hdlibxs', name: '海淀区图书馆学院路分馆', type: '公共图书馆', org_group: '华北', parent: 'hdlib', contact: '赵强', phone: '010-62328899', address: '北京市海淀区学院路', modules: ['offline', 'contest'], activity_types: [3, 5], joined: 7 },
  { key: 'njulib', name: '南京大学图书馆', type: '高校图书馆', org_group: '华东', seller: '王晓明', contact: '吴静', phone: '025-89683100', address: '江苏省南京市栖霞区仙林大道163号', modules: ['original', 'contest', 'survey', 'lecture'], activity_types: [1, 3, 4, 6, 9, 19], joined: 5 },
  { key: 'gzsyxx', name: '广州市实验小学', type: '中小学', org_group: '华南', seller: '陈刚', contact: '黄老师', phone: '020-83334567', address: '广东省广州市越秀区', modules: ['original', 'read_clock', 'integral', 'survey', 'offline'], activity_types: [1, 2, 4, 5, 8, 16], joined: 11 },
  { key: 'cdsesg', name: '成都市少年儿童图书馆', type: '少儿图书馆', org_group: '西南', contact: '杨帆', phone: '028-86651234', address: '四川省成都市青羊区', modules: ['original', 'read_clock', 'lecture'], activity_types: [1, 2, 8, 19], joined: 3 },
  { key: 'whwhg', name: '武汉市文化馆', type: '文化馆', org_group: '华中', seller: '陈刚', contact: '郑燕', phone: '027-85551234', address: '湖北省武汉市江汉区', modules: ['offline', 'survey'], activity_types: [4, 5], joined: 1 },
];

const ROLES = [
  { name: '活动编辑', description: '创建和维护活动', permissions: ['adminAct/adminOri', 'adminAct/adminContest', 'adminAct/adminSurvey', 'adminAct/adminOffline'] },
  { name: '内容审核', description: '审核作品与报名', permissions: ['adminCheck/adminCheckAct', 'adminCheck/adminCheckContest', 'adminCheck/adminCheckOffline'] },
  { name: '数据统计', description: '查看统计与导出', permissions: ['adminCount/adminActCount', 'adminCount/adminUserCount'] },
];

/**
 * The demo accounts, all with DEMO_PASSWORD: the organisation administrator of every demo
 * organisation is `{key}admin` (sign in at /{key}/login); a few ordinary administrators; and the
 * second super administrator `operator` (sign in at /super/login).
 */
export const DEMO_ACCOUNTS = {
  superAdmins: [{ account: 'operator', real_name: '运营专员' }],
  orgAdmins: ORGS.map((o) => ({ org: o.key, account: `${o.key}admin`, real_name: `${o.contact}` })),
  managers: [
    { org: 'szlib', account: 'szlibedit', real_name: '钱文', role: '活动编辑' },
    { org: 'szlib', account: 'szlibcheck', real_name: '冯悦', role: '内容审核' },
    { org: 'hdlib', account: 'hdlibedit', real_name: '韩雪', role: '活动编辑' },
    { org: 'njulib', account: 'njulibdata', real_name: '蒋涛', role: '数据统计' },
    { org: 'gzsyxx', account: 'gzsyxxedit', real_name: '许老师', role: '活动编辑' },
  ],
} as const;

const TAGS = ['世界读书日', '红色经典', '科普阅读', '亲子共读', '传统文化', '诗词大会', '青少年', '非遗'];
const QUICK_REPLIES = ['作品内容完整，审核通过。', '作品与活动主题不符，请修改后重新提交。', '图片不清晰，请上传清晰的作品图片。', '请补充作者信息和作品说明。', '作品涉嫌抄袭，审核不通过。'];
const CATEGORIES = [
  { name: '文学', description: '小说、散文、诗歌' },
  { name: '历史', description: '中外历史与人物' },
  { name: '科学', description: '自然科学与科普' },
  { name: '艺术', description: '书画、音乐、摄影' },
  { name: '少儿', description: '绘本与少儿读物' },
];
const SCOPES = [
  { name: '全国', description: '所有机构的读者均可参与' },
  { name: '本省', description: '发起机构所在省份的读者可参与' },
  { name: '本市', description: '发起机构所在城市的读者可参与' },
  { name: '本机构', description: '仅发起机构的读者可参与' },
];

export const platformSteps: SeedStep[] = [
  { name: 'organizationTypes', run: (c) => ensure(c, '/v1/organizations/types', 'name', ORG_TYPES.map((name) => ({ name }))) },
  { name: 'sellers', run: (c) => ensure(c, '/v1/sellers', 'name', SELLERS) },
  { name: 'modules', run: (c) => ensure(c, '/v1/modules', 'code', MODULES.map((m, i) => ({ ...m, sort: i + 1 }))) },
  { name: 'roles', run: (c) => ensure(c, '/v1/managers/roles', 'name', [...ROLES]) },
  {
    name: 'organizations',
    async run(c) {
      const types = await byName(c, '/v1/organizations/types');
      const sellers = await byName(c, '/v1/sellers');
      const modules = await byName(c, '/v1/modules', 'code');
      const keys = await byName(c, '/v1/organizations', 'key');
      const now = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const o of ORGS) {
        // Parents come first in ORGS, so their ids are known here.
        if (!keys.has(o.key)) {
          const at = c.at(monthsBack(now, o.joined, 1 + (o.joined % 3)));
          const created = await at.post('/v1/organizations', {
            key: o.key,
            name: o.name,
            type_id: types.get(o.type) ?? null,
            org_group: o.org_group,
            parent_id: o.parent ? keys.get(o.parent) : null,
            seller_id: o.seller ? sellers.get(o.seller) : null,
            contact: o.contact,
            phone: o.phone,
            address: o.address,
          });
          keys.set(o.key, created.id);
          await at.post(`/v1/organizations/${created.id}/authorize`, { module_ids: o.modules.map((m) => modules.get(m)!), activity_types: o.activity_types });
          n++;
        }
      }
      return n;
    },
  },
  {
    name: 'managers',
    async run(c) {
      const roles = await byName(c, '/v1/managers/roles');
      let n = 0;
      for (const o of ORGS) {
        const path = `/v1/org/${o.key}/managers`;
        const admins = DEMO_ACCOUNTS.orgAdmins.filter((a) => a.org === o.key).map((a) => ({ account: a.account, real_name: a.real_name, type: 'admin', phone: o.phone.replace(/\D/g, '').slice(0, 11), password: DEMO_PASSWORD }));
        const others = DEMO_ACCOUNTS.managers
          .filter((m) => m.org === o.key)
          .map((m) => ({ account: m.account, real_name: m.real_name, type: 'normal', role_id: roles.get(m.role) ?? null, password: DEMO_PASSWORD }));
        n += await ensure(c, path, 'account', [...admins, ...others]);
      }
      return n;
    },
  },
  {
    name: 'supers',
    run: (c) => ensure(c, '/v1/supers', 'account', DEMO_ACCOUNTS.superAdmins.map((s) => ({ ...s, phone: '13600006666', password: DEMO_PASSWORD }))),
  },
  { name: 'tags', run: (c) => ensure(c, '/v1/tags', 'name', TAGS.map((name, i) => ({ name, sort: i + 1 }))) },
  { name: 'quickReplies', run: (c) => ensure(c, '/v1/quickReplies', 'content', QUICK_REPLIES.map((content, i) => ({ content, sort: i + 1 }))) },
  {
    // The platform's sensitive words (issue 12): a few of each level, none in the demo's own texts.
    name: 'sensitiveWords',
    run: (c) =>
      ensure(c, '/v1/sensitiveWords', 'word', [
        ...['赌博网站', '代开发票', '办证刻章'].map((word) => ({ word, level: 'risky' })),
        ...['代写', '刷票', '加微信', '兼职刷单'].map((word) => ({ word, level: 'review' })),
      ]),
  },
  { name: 'categories', run: (c) => ensure(c, '/v1/categories', 'name', CATEGORIES.map((x, i) => ({ ...x, sort: i + 1 }))) },
  { name: 'scopes', run: (c) => ensure(c, '/v1/scope', 'name', SCOPES.map((x, i) => ({ ...x, sort: i + 1 }))) },
  {
    name: 'recommended',
    async run(c) {
      // A few recommended tags and a recommended category, so both states show.
      const tags = await byName(c, '/v1/tags');
      for (const name of ['世界读书日', '亲子共读']) await c.post(`/v1/tags/${tags.get(name)}/recommend`);
      const cats = await byName(c, '/v1/categories');
      await c.post(`/v1/categories/${cats.get('文学')}/recommend`);
      return 3;
    },
  },
];
