import type { RouteDef } from '@huodong/domain/routes';
import { OPEN_PAGES, type PageEntry, type PageModule } from './openPages';

export type { PageEntry, PageModule } from './openPages';

/**
 * The registry of signed-in pages: route path (ROUTES `path`, relative to `/{org}/`) → page. One
 * line per page of its own (`page: true`); a route naming a declared resource (`resource`) or
 * figures (`figures`) needs no line here. A page whose route is built (`isBuilt` in the domain route table) and listed here
 * is routed under `/{org}/{path}` with its guards; the side menu comes from the server's
 * buildMenu. Pages opened without signing in are in app/openPages.ts. This module loads beside
 * the signed-in layout (router.tsx), never with the login page.
 */

export const PAGES: Record<string, PageEntry> = {
  functionIndex: () => import('../features/home/FunctionIndexPage'),
  index: () => import('../features/home/IndexPage'),
  orgManage: () => import('../features/platform/OrgManagePage'),
  'manage/superManage': () => import('../features/platform/SuperManagePage'),
  'manage/adminManage': () => import('../features/platform/AdminManagePage'),
  'manage/adminOrgManage': () => import('../features/platform/AdminOrgManagePage'),
  adminManager: () => import('../features/platform/AdminManagerPage'),
  'adminCount/adminUserCount': () => import('../features/orgUsers/AdminUserCountPage'),
  'adminUser/adminUserList': () => import('../features/orgUsers/AdminUserCountPage'),
  // The activity's own page with the tabs other features add (app/ActivityDetailRoute.tsx).
  'adminAct/adminActDetail': () => import('../app/ActivityDetailRoute'),
  'adminBlacklist/adminBlackconfig': () => import('../features/blacklist/AdminBlackconfigPage'),
  // A reading case's document; the spec's two addresses of each back office open the same page.
  'adminCase/adminpdfDetail': () => import('../features/cases/CaseDetailPage'),
  adminpdfDetail: () => import('../features/cases/CaseDetailPage'),
  'caseManage/pdfDetail': () => import('../features/cases/CaseDetailPage'),
  pdfDetail: () => import('../features/cases/CaseDetailPage'),
  'adminSystem/adminIndexConfig': () => import('../features/homeConfig/AdminIndexConfigPage'),
  'adminSystem/adminRule': () => import('../features/homeConfig/AdminRulePage'),
  'adminScore/adminIntRule': () => import('../features/points/IntRulePage'),
  'adminScore/adminIntegralList': () => import('../features/points/IntegralListPage'),
  'adminScore/adminCheckIntegral': () => import('../features/points/CheckIntegralPage'),
  'adminScore/adminCheckIntegral/adminCheckIntegralWork': () => import('../features/points/CheckIntegralWorkPage'),
  'adminAct/adminOriWork': () => import('../features/works/OriWorkPage'),
  'adminAct/adminOriMixWork': () => import('../features/works/OriMixWorkPage'),
  'adminCount/adminActCount/actCountOriProgramload': () => import('../features/works/ProgramDownloadPage'),
  'adminCheck/adminCheckAct': () => import('../features/works/CheckActPage'),
  'adminCheck/adminCheckAct/adminCheckWorkIndex': () => import('../features/works/CheckWorkIndexPage'),
  'adminCheck/adminCheckAct/adminCheckProgramIndex': () => import('../features/works/CheckProgramIndexPage'),
  'review/adminExpertAdmin': () => import('../features/review/AdminExpertAdminPage'),
  'review/adminExpertAct': () => import('../features/review/AdminExpertActPage'),
  'review/adminExpertAct/worksManage': () => import('../features/review/WorksManagePage'),
  'adminCount/adminActCount/actCountEva': () => import('../features/voting/EvaResultsPage'),
  // The declared comment queue with each reported comment's 举报详情.
  'adminAct/adminEvaComment': () => import('../features/voting/EvaCommentPage'),
  'adminAct/adminContestWork': () => import('../features/contests/ContestWorkPage'),
  'adminAct/adminContestProWork': () => import('../features/contests/ContestProWorkPage'),
  'adminAct/adminContestProQuestion': () => import('../features/contests/ContestProQuestionPage'),
  'adminCheck/adminCheckContest': () => import('../features/contests/CheckContestPage'),
  'adminCheck/adminCheckContest/adminCheckContestWorkIndex': () => import('../features/contests/CheckContestWorkIndexPage'),
  'adminCheck/adminCheckOffline': () => import('../features/offline/CheckOfflinePage'),
  'adminCheck/adminCheckOffline/adminCheckOfflineWorkIndex': () => import('../features/offline/CheckOfflineWorkIndexPage'),
  'adminAct/adminSurveyWork': () => import('../features/survey/SurveyWorkPage'),
  'adminAct/adminOfflineCheckin': () => import('../features/trainSign/StaffCheckinPage'),
  'adminCount/adminActCount/actCountSurvey': () => import('../features/survey/SurveyCountPage'),
  'adminCount/adminActCount/actCountSurveyPaper': () => import('../features/survey/PaperPage'),
  'adminAct/adminOffline': () => import('../features/offline/OfflineActivitiesPage'),
  'adminAct/adminOfflines': () => import('../features/offline/OfflinesPage'),
  'adminAct/adminReadClock': () => import('../features/readClock/ReadClockActivitiesPage'),
  'adminAct/adminOfflinesList': () => import('../features/offline/SessionsPage'),
  'adminAct/adminOfflineWork': () => import('../features/offline/ReservationsPage'),
  'adminAct/adminIntegralWork': () => import('../features/scanCodes/IntegralWorkPage'),
  'adminAct/adminOfflinesListWork': () => import('../features/offline/SeriesReservationsPage'),
  'system/sensitiveWord': () => import('../features/sensitiveWords/SensitiveWordsPage'),
  'adminSystem/adminSensitiveWord': () => import('../features/sensitiveWords/SensitiveWordsPage'),
  'questionManage/publicQuestion': () => import('../features/questions/PublicQuestionPage'),
  'questionManage/orgQuestion': () => import('../features/questions/OrgQuestionPage'),
  'questionManage/orgQuestList': () => import('../features/questions/OrgQuestListPage'),
  'questionManage/typeClassMana': () => import('../features/questions/TypeClassPage'),
  'questionManage/defaultRule': () => import('../features/questions/DefaultRulePage'),
  'adminQuestion/adminQuestionManage': () => import('../features/questions/AdminQuestionManagePage'),
  'adminQuestion/adminPublicQuestionManage': () => import('../features/questions/PublicForOrgPage'),
  'adminCount/adminQuesCount': () => import('../features/questions/QuesCountPage'),
  'statistics/quesCount': () => import('../features/questions/PlatformQuesCountPage'),
  'statistics/quesCount/staticOrgQuestion': () => import('../features/questions/StaticOrgQuestionPage'),
  'adminCount/adminRedpackCount': () => import('../features/redpack/RedpackCountPage'),
};

/**
 * The page of a route that names a declared resource (`RouteDef.resource`): the machinery's
 * generic page, loaded with the declarations (and zod) only when such a route opens. One
 * component per resource name, made once.
 */
const declared = new Map<string, () => Promise<PageModule>>();
function declaredPage(resource: string): () => Promise<PageModule> {
  let entry = declared.get(resource);
  if (!entry) {
    entry = () =>
      import('../resources/DeclaredPage').then(({ default: DeclaredPage }) => ({
        default: function ResourceRoutePage() {
          return <DeclaredPage resource={resource} />;
        },
      }));
    declared.set(resource, entry);
  }
  return entry;
}

/**
 * The page of a route that names a figures declaration (`RouteDef.figures`): the one FiguresPage
 * (apps/web/src/figures), loaded with the declarations only when such a route opens. ECharts loads
 * later still, with the first chart.
 */
const figures = new Map<string, () => Promise<PageModule>>();
function figuresPage(path: string): () => Promise<PageModule> {
  let entry = figures.get(path);
  if (!entry) {
    entry = () =>
      Promise.all([import('../figures/FiguresPage'), import('@huodong/domain/figures')]).then(([{ default: FiguresPage }, { figuresAt }]) => ({
        default: function FiguresRoutePage() {
          const def = figuresAt(path);
          return def ? <FiguresPage def={def} /> : null;
        },
      }));
    figures.set(path, entry);
  }
  return entry;
}

/** A route's page: its own entry in OPEN_PAGES or PAGES, else the declared resource or figures it names. */
export function pageOf(route: Pick<RouteDef, 'path' | 'resource' | 'figures'>): PageEntry | undefined {
  return (
    OPEN_PAGES[route.path] ??
    PAGES[route.path] ??
    (route.resource ? declaredPage(route.resource) : route.figures ? figuresPage(route.path) : undefined)
  );
}

