/**
 * The one route table (spec §2). The web router and the server menu both read it.
 * `path` is relative to `/{org}/`; `scope` says which kind of back office owns the page
 * ('both' = super and organisations). A route is built when it has a page of its own
 * (`page: true`, a web file registered in apps/web/src/app/pages.tsx) or is rendered from a
 * resource declaration (`resource`, no web file) or a figures declaration (`figures`, no web file): only built routes are routed and shown in the menu.
 */
export type RouteScope = 'super' | 'organ' | 'both';

export interface MenuGroup {
  key: string;
  title: string;
  scope: RouteScope;
}

export interface RouteDef {
  path: string;
  title: string;
  scope: RouteScope;
  login: boolean;
  /** Menu group key; absent = not in the side menu (detail and sub pages). */
  group?: string;
  /** The page is a web file of its own (apps/web/src/app/pages.tsx). */
  page?: boolean;
  /** The page is the declared resource of this name (packages/domain/src/resources), rendered by the machinery. */
  resource?: string;
  /** The page is the figures declaration of this path (packages/domain/src/figures), rendered by the web's FiguresPage. */
  figures?: boolean;
  /** Only an organisation administrator (manager type `admin`) or super may open it. */
  adminOnly?: boolean;
  /**
   * A reader's page a QR opens: its address stays the spec's (`/{org}/{path}?…`), its page is the
   * reader app's of the same path (`/{org}/h5/{path}?…`, the app's shell and sign-in). The server
   * answers the spec's address with a redirect keeping the query (http/static.ts); the back office
   * routes it to the same place.
   */
  readerApp?: boolean;
}

export const MENU_GROUPS: MenuGroup[] = [
  { key: 'home', title: '首页', scope: 'both' },
  { key: 'org', title: '机构管理', scope: 'super' },
  { key: 'account', title: '账号管理', scope: 'super' },
  { key: 'system', title: '系统设置', scope: 'both' },
  { key: 'activity', title: '活动管理', scope: 'both' },
  { key: 'check', title: '审核管理', scope: 'both' },
  { key: 'score', title: '积分管理', scope: 'organ' },
  { key: 'question', title: '题库管理', scope: 'both' },
  { key: 'case', title: '阅读案例', scope: 'both' },
  { key: 'digital', title: '数字资源', scope: 'organ' },
  { key: 'review', title: '专家评审', scope: 'organ' },
  { key: 'blacklist', title: '黑名单', scope: 'organ' },
  // Not a spec group (issue 20): the user lists with their imports, beside their figures under 数据统计.
  { key: 'users', title: '用户管理', scope: 'organ' },
  { key: 'count', title: '数据统计', scope: 'both' },
];

const r = (path: string, title: string, scope: RouteScope, group?: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  title,
  scope,
  login: true,
  group,
  ...extra,
});

const act = (name: string, title: string, inMenu = false) => r(`adminAct/${name}`, title, 'organ', inMenu ? 'activity' : undefined);
const count = (name: string, title: string) => r(`adminCount/adminActCount/${name}`, title, 'organ');

export const ROUTES: RouteDef[] = [
  // Open routes (spec §2: no login requirement)
  { path: 'login', title: '登录', scope: 'both', login: false, page: true },
  { path: 'errorPage', title: '错误', scope: 'both', login: false, page: true },
  { path: 'alter/viewCount', title: '浏览统计', scope: 'both', login: false, page: true },
  // Not in the spec (issue 12): the public certificate check the QR code opens, and the expert's own sign-in and judging pages.
  { path: 'certVerify', title: '证书查验', scope: 'both', login: false, page: true },
  { path: 'expertJudge', title: '专家评审', scope: 'organ', login: false, page: true },
  // Spec §2 (issue 23): the reader's sign-in page a session's QR opens; it signs the reader in, not an administrator.
  { path: 'trainSign', title: '活动签到', scope: 'organ', login: false, page: true, readerApp: true },
  // Issue 24: the page a scan code's QR opens (`scan?code=&sign=`); it signs the reader in and posts the scan.
  { path: 'scan', title: '扫码积分', scope: 'organ', login: false, page: true, readerApp: true },
  // The login-free case pages open the reader app's (which lets these in without a reader's sign-in); `/super/…` keeps the back office's.
  { path: 'readPromotion/pdfDetail', title: '阅读推广详情', scope: 'both', login: false, page: true, readerApp: true },
  { path: 'readPromotion/adminPdfDetail', title: '阅读推广详情', scope: 'both', login: false, page: true, readerApp: true },

  r('functionIndex', '功能导航', 'both', 'home', { page: true }),
  r('index', '数据概览', 'both', 'home', { page: true }),

  // Organisation activities
  { ...act('adminOri', '原创作品活动', true), resource: 'original' },
  { ...act('adminOriWork', '原创作品'), page: true },
  { ...act('adminOriginalMix', '多类型原创活动', true), resource: 'originalmix' },
  { ...act('adminOriMixWork', '多类型原创作品'), page: true },
  { ...act('adminEva', '投票评论活动', true), resource: 'evaluation' },
  { ...act('adminEvaWork', '投票评论作品'), resource: 'evaluationSources' },
  // A voting activity's comments (the queue kind `comment`): not a spec route, docs/decisions.md.
  { ...act('adminEvaComment', '评论管理'), resource: 'commentChecks' },
  { ...act('adminContest', '知识竞赛', true), resource: 'contest' },
  { ...act('adminContestWork', '竞赛题目'), page: true },
  { ...act('adminContestPro', '进阶知识竞赛', true), resource: 'contestpro' },
  { ...act('adminContestProWork', '进阶竞赛关卡'), page: true },
  { ...act('adminContestProQuestion', '进阶竞赛题目'), page: true },
  { ...act('adminSurvey', '问卷调查', true), resource: 'survey' },
  { ...act('adminSurveyWork', '问卷题目'), page: true },
  { ...act('adminOffline', '线下活动', true), resource: 'offline' },
  { ...act('adminOfflineWork', '线下活动报名'), resource: 'offlineReservations' },
  { ...act('adminOfflines', '系列线下活动', true), resource: 'offlines' },
  { ...act('adminOfflinesList', '系列活动场次'), resource: 'offlineSessions' },
  { ...act('adminOfflinesListWork', '场次报名'), resource: 'seriesReservations' },
  // Not in the spec (issue 23): the staff's check-in screen of one session (ticket scanning, 签到大屏).
  { ...act('adminOfflineCheckin', '现场签到'), page: true },
  { ...act('adminThirdParty', '第三方活动', true), resource: 'third' },
  { ...act('adminReadClock', '阅读打卡', true), resource: 'mark' },
  { ...act('adminReadClockRecord', '打卡记录'), resource: 'readClockMarks' },
  { ...act('adminReadClockSource', '打卡资源'), resource: 'readClockSources' },
  { ...act('adminIntegral', '扫码积分', true), resource: 'integral' },
  { ...act('adminIntegralWork', '积分记录'), page: true },
  { ...act('adminLecture', '点播讲座', true), resource: 'lecture' },
  { ...act('adminLectureWork', '学习记录'), resource: 'lectureLearners' },
  // Not in the spec (issue 25): a lecture's items (videos, audio, PDF documents, links), docs/decisions.md.
  { ...act('adminLectureItem', '讲座内容'), resource: 'lectureItems' },
  // Every type's activity by `?actID=` (settings, participants, statistics): not a spec route, docs/decisions.md.
  { ...act('adminActDetail', '活动详情'), page: true },
  r('adminActGroup', '活动分类', 'organ', 'activity', { resource: 'activityGroups' }),
  r('adminActGroupList', '分类活动', 'organ', undefined, { resource: 'activityGroupActs' }),
  r('adminCase', '阅读案例', 'organ', 'case', { resource: 'orgCases' }),
  r('adminCase/adminpdfDetail', '案例详情', 'organ', undefined, { page: true }),
  r('adminpdfDetail', '案例详情', 'organ', undefined, { page: true }),
  r('adminManager', '管理员管理', 'organ', 'system', { adminOnly: true, page: true }),

  r('adminCheck/adminCheckAct', '作品审核', 'organ', 'check', { page: true }),
  r('adminCheck/adminCheckAct/adminCheckWorkIndex', '作品审核详情', 'organ', undefined, { page: true }),
  r('adminCheck/adminCheckAct/adminCheckProgramIndex', '节目审核详情', 'organ', undefined, { page: true }),
  r('adminCheck/adminCheckAct/adminCheckMarkIndex', '打卡审核详情', 'organ', undefined, { resource: 'markChecks' }),
  r('adminCheck/adminCheckContest', '竞赛审核', 'organ', 'check', { page: true }),
  r('adminCheck/adminCheckContest/adminCheckContestWorkIndex', '竞赛审核详情', 'organ', undefined, { page: true }),
  r('adminCheck/adminCheckOffline', '线下活动审核', 'organ', 'check', { page: true }),
  r('adminCheck/adminCheckOffline/adminCheckOfflineWorkIndex', '线下活动审核详情', 'organ', undefined, { page: true }),

  r('adminScore/adminCheckIntegral', '积分审核', 'organ', 'score', { page: true }),
  r('adminScore/adminCheckIntegral/adminCheckIntegralWork', '积分审核详情', 'organ', undefined, { page: true }),
  r('adminScore/adminIntegralList', '积分列表', 'organ', 'score', { page: true }),
  r('adminScore/adminIntRule', '积分规则', 'organ', 'score', { page: true }),

  r('adminQuestion/adminCategory', '题目分类', 'organ', 'question', { resource: 'questionCategories' }),
  r('adminQuestion/adminQuestionManage', '机构题库', 'organ', 'question', { page: true }),
  r('adminQuestion/adminPublicQuestionManage', '公共题库', 'organ', 'question', { page: true }),

  r('adminSystem/adminCarousel', '轮播图', 'organ', 'system', { resource: 'carousel' }),
  r('adminSystem/adminIndexConfig', '首页配置', 'organ', 'system', { page: true }),
  r('adminSystem/adminReadingShow', '阅读展示', 'organ', 'system', { resource: 'readingShow' }),
  r('adminSystem/adminTag', '标签管理', 'organ', 'system', { resource: 'orgTags' }),
  r('adminSystem/adminRule', '规则设置', 'organ', 'system', { page: true }),
  r('adminSystem/adminQuick', '快捷回复', 'organ', 'system', { resource: 'orgQuickReplies' }),
  r('adminSystem/adminScope', '范围设置', 'super', 'system', { resource: 'scopes' }),
  r('adminSystem/adminOfflineAddress', '线下活动地址', 'organ', 'system', { resource: 'offlineAddresses' }),
  r('adminSystem/adminSensitiveWord', '敏感词', 'organ', 'system', { page: true }),

  r('adminCount/adminActCount', '活动统计', 'organ', 'count', { figures: true }),
  { ...count('actCountMore', '活动统计详情'), figures: true },
  { ...count('actCountOri', '原创作品统计'), figures: true },
  { ...count('actCountLecture', '讲座统计'), figures: true },
  { ...count('actCountOriMore', '原创作品统计详情'), resource: 'originalWorks' },
  { ...count('actCountOriDownload', '原创作品下载'), figures: true },
  { ...count('actCountOriProgramload', '节目下载'), page: true },
  { ...count('actCountEva', '投票评论统计'), page: true },
  { ...count('actCountEvaMore', '投票评论统计详情'), resource: 'evaluationVotes' },
  { ...count('actCountEvaSourceMore', '评选来源统计'), figures: true },
  { ...count('actCountEvaDownload', '投票评论下载'), figures: true },
  { ...count('actCountContest', '知识竞赛统计'), figures: true },
  { ...count('actCountContestMore', '知识竞赛统计详情'), figures: true },
  { ...count('actCountContestDownload', '知识竞赛下载'), figures: true },
  { ...count('actCountSurvey', '问卷统计'), page: true },
  { ...count('actCountSurveySubQues', '问卷主观题'), figures: true },
  { ...count('actCountSurveyPaper', '问卷答卷'), page: true },
  { ...count('actCountOffline', '线下活动统计'), figures: true },
  { ...count('actCountOffineS', '系列线下活动统计'), figures: true },
  { ...count('actCountOfflineMore', '线下活动统计详情'), figures: true },
  { ...count('actCountTrain', '培训统计'), figures: true },
  { ...count('actCountTrain/actCountTrainPaper', '培训答卷'), figures: true },
  { ...count('thirdPartyCount', '第三方活动统计'), figures: true },
  { ...count('actCountRead', '阅读打卡统计'), figures: true },
  { ...count('actCountReadRecord', '打卡记录统计'), figures: true },
  { ...count('actCountOriMix', '多类型原创统计'), figures: true },
  { ...count('actCountOriMixDownload', '多类型原创下载'), figures: true },
  { ...count('actCountIntegral', '扫码积分统计'), figures: true },
  r('adminCount/adminRedpackCount', '红包统计', 'organ', 'count', { page: true }),
  { ...r('adminCount/adminRedpackCount/adminRedpackConfig', '红包配置', 'organ', 'count'), resource: 'redpackConfigs' },
  { ...r('adminCount/adminRedpackCount/adminRedpackList', '红包发放记录', 'organ', 'count'), resource: 'redpackPayouts' },
  r('adminCount/adminUserCount', '用户统计', 'organ', 'count', { page: true }),
  // Not a spec route (issue 20): the same lists, imports and first passwords as 用户统计, where user management is looked for.
  r('adminUser/adminUserList', '用户列表', 'organ', 'users', { page: true }),
  r('adminCount/adminUserCount/adminUserCountMore', '用户统计详情', 'organ', undefined, { figures: true }),
  r('adminCount/adminQuesCount', '答题统计', 'organ', 'count', { page: true }),
  r('adminCount/adminAudiobookCount', '有声书统计', 'organ', 'count', { figures: true }),

  // Platform (super) pages
  r('actManage', '活动管理', 'super', 'activity', { resource: 'platformActivities' }),
  r('orgManage', '机构管理', 'super', 'org', { page: true }),
  r('manage/superManage', '超级管理员', 'super', 'account', { page: true }),
  r('manage/adminManage', '机构管理员', 'super', 'account', { page: true }),
  r('manage/adminOrgManage', '管理员机构', 'super', 'account', { page: true }),
  r('manage/sellerManage', '销售人员', 'super', 'account', { resource: 'sellers' }),
  r('system/moduleManage', '模块管理', 'super', 'system', { resource: 'modules' }),
  r('system/systemTag', '系统标签', 'super', 'system', { resource: 'tags' }),
  r('system/quickReply', '快捷回复', 'super', 'system', { resource: 'quickReplies' }),
  r('system/sensitiveWord', '敏感词', 'super', 'system', { page: true }),
  // Not named in spec §2 (§6: super manages red-packet amounts, listed with modules, tags and quick replies, system/'s pages).
  r('system/amountManage', '红包金额', 'super', 'system', { resource: 'platformRedpackConfigs' }),
  r('checkManage', '审核管理', 'super', 'check', { resource: 'checkActivities' }),
  // Not a spec route (issue 21): the one job runner's failed work, for the platform's operators.
  r('system/jobManage', '后台任务', 'super', 'system', { resource: 'jobs' }),

  r('adminBlacklist/adminDisabledlist', '黑名单列表', 'organ', 'blacklist', { resource: 'blacklists' }),
  r('adminBlacklist/adminBlackconfig', '黑名单设置', 'organ', 'blacklist', { page: true }),

  r('digitalResources/adminDigital', '数字资源', 'organ', 'digital', { resource: 'digitalResources' }),
  r('digitalResources/adminDigitalGroup', '资源分组', 'organ', 'digital', { resource: 'digitalGroups' }),
  r('digitalResources/adminDigitalGroupSource', '分组资源', 'organ', undefined, { resource: 'digitalGroupResources' }),

  r('caseManage', '阅读案例', 'super', 'case', { resource: 'platformCases' }),
  r('caseManage/pdfDetail', '案例详情', 'super', undefined, { page: true }),
  r('pdfDetail', '案例详情', 'super', undefined, { page: true }),

  r('questionManage/categoryManage', '题目分类', 'super', 'question', { resource: 'categories' }),
  r('questionManage/publicQuestion', '公共题库', 'super', 'question', { page: true }),
  r('questionManage/orgQuestion', '机构题库', 'super', 'question', { page: true }),
  r('questionManage/orgQuestList', '机构题目', 'super', undefined, { page: true }),
  r('questionManage/typeClassMana', '题型分类', 'super', 'question', { page: true }),
  r('questionManage/defaultRule', '默认规则', 'super', 'question', { page: true }),

  // Experts and expert activities are an organisation's (API `/v1/{org}/expert`, `/v1/{org}/expert/act`).
  r('review/adminExpertAct', '评审活动', 'organ', 'review', { page: true }),
  r('review/adminExpertAct/worksManage', '评审作品', 'organ', undefined, { page: true }),
  r('review/adminExpertAdmin', '评审专家', 'organ', 'review', { page: true }),
  r('review/certTemplates', '证书模板', 'organ', 'review', { resource: 'certTemplates' }),

  r('statistics/orgCount', '机构统计', 'super', 'count', { figures: true }),
  r('statistics/ActCount', '活动统计', 'super', 'count', { figures: true }),
  r('statistics/ActCount/staticActivity', '活动数量统计', 'super', undefined, { figures: true }),
  r('statistics/ActCount/staticCreation', '作品统计', 'super', undefined, { figures: true }),
  r('statistics/ActCount/staticLike', '点赞统计', 'super', undefined, { figures: true }),
  r('statistics/ActCount/staticComment', '评论统计', 'super', undefined, { figures: true }),
  r('statistics/userCount', '用户统计', 'super', 'count', { figures: true }),
  r('statistics/userCount/staticUsers', '用户数量统计', 'super', undefined, { figures: true }),
  r('statistics/orgstatistics', '机构数据', 'super', 'count', { figures: true }),
  r('statistics/quesCount', '答题统计', 'super', 'count', { page: true }),
  r('statistics/quesCount/staticOrgQuestion', '机构答题统计', 'super', undefined, { page: true }),
  r('statistics/pieChart', '分布图', 'super', 'count', { figures: true }),
];

/** Is the route's page built (a page of its own or a declared resource)? Only built routes are routed and in the menu. */
export function isBuilt(route: RouteDef): boolean {
  return !!route.page || !!route.resource || !!route.figures;
}

/** The route rendering a declared resource, if any (e.g. the page a parent row links to). */
export function routeOfResource(name: string): RouteDef | undefined {
  return ROUTES.find((x) => x.resource === name);
}

/** The spec's addresses of the reader's QR pages (`readerApp` routes): `/{org}/{path}` is the reader app's `/{org}/h5/{path}`. */
export const READER_APP_PATHS: ReadonlySet<string> = new Set(ROUTES.filter((r) => r.readerApp).map((r) => r.path));

export const SUPER_SCOPE = 'super';

/** Does a route belong to the kind of back office of `scope` (super or an organisation key)? */
export function routeFitsScope(route: RouteDef, scope: string): boolean {
  if (route.scope === 'both') return true;
  return scope === SUPER_SCOPE ? route.scope === 'super' : route.scope === 'organ';
}

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((x) => x.path === path);
}

export interface MenuItem {
  key: string;
  title: string;
  children: { path: string; title: string }[];
}

export interface MenuCaller {
  scope: string;
  /** manager type; `admin` = organisation administrator. Absent for super. */
  managerType?: string;
}

/** The side menu for a caller: built pages of the caller's kind, grouped. */
export function buildMenu(caller: MenuCaller): MenuItem[] {
  const isSuper = caller.scope === SUPER_SCOPE;
  return MENU_GROUPS.map((g) => ({
    key: g.key,
    title: g.title,
    children: ROUTES.filter(
      (rt) =>
        rt.group === g.key &&
        rt.login &&
        isBuilt(rt) &&
        routeFitsScope(rt, caller.scope) &&
        (!rt.adminOnly || isSuper || caller.managerType === 'admin'),
    ).map((rt) => ({ path: rt.path, title: rt.title })),
  })).filter((g) => g.children.length > 0);
}
