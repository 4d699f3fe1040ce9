import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteDef } from '@huodong/domain/routes';

/**
 * The page registry: route path (ROUTES `path`, relative to `/{org}/`) → page. One line per page
 * of its own (`page: true`); a route naming a declared resource (`resource`) needs no line here.
 * A page whose route is built (`isBuilt` in the domain route table) and listed here is routed
 * under `/{org}/{path}` with its guards; the side menu comes from the server's buildMenu.
 *
 * An entry is a module loader `() => import('…')` whose default export is the page (preferred:
 * the router loads the module before it switches pages, so the progress bar covers it), or a
 * `React.lazy(...)` component.
 */
export type PageModule = { default: ComponentType };
export type PageEntry = (() => Promise<PageModule>) | LazyExoticComponent<ComponentType>;

export const PAGES: Record<string, PageEntry> = {
  login: () => import('../features/auth/LoginPage'),
  errorPage: () => import('../features/errors/ErrorPage'),
  functionIndex: () => import('../features/home/FunctionIndexPage'),
  index: () => import('../features/home/IndexPage'),
  orgManage: () => import('../features/platform/OrgManagePage'),
  'manage/superManage': () => import('../features/platform/SuperManagePage'),
  'manage/adminManage': () => import('../features/platform/AdminManagePage'),
  'manage/adminOrgManage': () => import('../features/platform/AdminOrgManagePage'),
  adminManager: () => import('../features/platform/AdminManagerPage'),
  'adminCount/adminUserCount': () => import('../features/orgUsers/AdminUserCountPage'),
  'alter/viewCount': () => import('../features/activities/ViewCountPage'),
  // The activity's own page with the tabs other features add (app/ActivityDetailRoute.tsx).
  'adminAct/adminActDetail': () => import('../app/ActivityDetailRoute'),
  'adminCount/adminActCount/thirdPartyCount': () => import('../features/activities/ThirdPartyCountPage'),
  'adminBlacklist/adminBlackconfig': () => import('../features/blacklist/AdminBlackconfigPage'),
  'adminAct/adminOriWork': () => import('../features/works/OriWorkPage'),
  'adminAct/adminOriMixWork': () => import('../features/works/OriMixWorkPage'),
  'adminCount/adminActCount/actCountOri': () => import('../features/works/OriCountPage'),
  'adminCount/adminActCount/actCountOriMix': () => import('../features/works/OriMixCountPage'),
  'adminCheck/adminCheckAct': () => import('../features/works/CheckActPage'),
  'adminCheck/adminCheckAct/adminCheckWorkIndex': () => import('../features/works/CheckWorkIndexPage'),
  'review/adminExpertAdmin': () => import('../features/review/AdminExpertAdminPage'),
  'review/adminExpertAct': () => import('../features/review/AdminExpertActPage'),
  'review/adminExpertAct/worksManage': () => import('../features/review/WorksManagePage'),
  expertJudge: () => import('../features/review/ExpertJudgePage'),
  certVerify: () => import('../features/review/CertVerifyPage'),
  'adminCount/adminActCount/actCountEva': () => import('../features/voting/EvaResultsPage'),
  'adminCount/adminActCount/actCountEvaSourceMore': () => import('../features/voting/SourceEvidencePage'),
  'adminCount/adminActCount/actCountEvaDownload': () => import('../features/voting/EvaDownloadPage'),
  'adminAct/adminContestWork': () => import('../features/contests/ContestWorkPage'),
  'adminAct/adminContestProWork': () => import('../features/contests/ContestProWorkPage'),
  'adminAct/adminContestProQuestion': () => import('../features/contests/ContestProQuestionPage'),
  'adminCheck/adminCheckContest': () => import('../features/contests/CheckContestPage'),
  'adminCheck/adminCheckContest/adminCheckContestWorkIndex': () => import('../features/contests/CheckContestWorkIndexPage'),
  'adminCount/adminActCount/actCountContest': () => import('../features/contests/ContestCountPage'),
  'adminCount/adminActCount/actCountContestMore': () => import('../features/contests/ContestCountMorePage'),
  'adminCount/adminActCount/actCountContestDownload': () => import('../features/contests/ContestDownloadPage'),
  'adminAct/adminSurveyWork': () => import('../features/survey/SurveyWorkPage'),
  'adminCount/adminActCount/actCountSurvey': () => import('../features/survey/SurveyCountPage'),
  'adminCount/adminActCount/actCountSurveySubQues': () => import('../features/survey/SubQuesPage'),
  'adminCount/adminActCount/actCountSurveyPaper': () => import('../features/survey/PaperPage'),
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

/** A route's page: its own entry in PAGES, else the declared resource it names. */
export function pageOf(route: Pick<RouteDef, 'path' | 'resource'>): PageEntry | undefined {
  return PAGES[route.path] ?? (route.resource ? declaredPage(route.resource) : undefined);
}

/**
 * Top-level pages: `/{name}`, outside every scope, no login guard. Their first path segment is
 * also listed in TOP_LEVEL_SEGMENTS (shared/scope.ts) so it is not taken for an organisation key.
 * The `uploadMore` spreadsheet helper page is registered here by its own helper.
 */
export const TOP_LEVEL_PAGES: Record<string, PageEntry> = {
  error: () => import('../features/errors/ErrorPage'),
  error404: () => import('../features/errors/NotFoundPage'),
  uploadMore: () => import('../features/uploadMore/UploadMorePage'),
};
