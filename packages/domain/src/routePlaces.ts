import { ACTIVITY_KINDS } from './rules/activityState.js';
import { findRoute, type RouteDef } from './routes.js';

/**
 * Where the route table's sub pages sit (issue 20): the page each is opened from, the query
 * parameter naming what it shows and the record to name in the breadcrumb. The chain of parents
 * ends at a page of the menu: it gives the breadcrumb, the menu item kept open and selected, and
 * the way back. Kept beside ROUTES rather than in it: the router (and so the login page, within its
 * first-load budget) reads ROUTES; only the signed-in layout reads this.
 */
export interface RoutePlace {
  /** The page it is opened from (its path). */
  parent: string;
  /**
   * The query parameter naming what it shows (spec §2 `actID`); without it the shell says so and links to `parent`.
   * None for a sub page of the whole organisation or platform (statistics/ActCount/staticLike).
   */
  query?: string;
  /** What `query` names, shown by its name in the breadcrumb (「活动名」). */
  record?: RouteRecord;
}

/**
 * Records a sub page can name in its query, read by id through the same call (and query cache
 * key `['resource', resource, 'one', id]`) as their declared resource's pages.
 */
export const ROUTE_RECORDS = {
  activity: { resource: 'orgActivities', path: '/v1/{org}/activity/{id}', name: 'title' },
  expertAct: { resource: 'expertActs', path: '/v1/{org}/expert/act/{id}', name: 'title' },
  orgCase: { resource: 'orgCases', path: '/v1/{org}/readingCase/case/{id}', name: 'title' },
  platformCase: { resource: 'platformCases', path: '/v1/readingCase/case/{id}', name: 'title' },
} as const;
export type RouteRecord = keyof typeof ROUTE_RECORDS;

/** A sub page of one activity (`?actID=`), opened from `parent` (an `adminAct/…` name or a full path). */
const ofAct = (parent: string): RoutePlace => ({ parent: parent.includes('/') ? parent : `adminAct/${parent}`, query: 'actID', record: 'activity' });
/** A sub page of an activity's statistics page (`adminCount/adminActCount/<name>`). */
const ofCount = (name: string): RoutePlace => ofAct(`adminCount/adminActCount/${name}`);

/**
 * Sub pages by route path. 活动详情 is linked from every type's list and 知识竞赛统计 from both
 * contests' lists: the breadcrumb puts them under the list of the activity's type once it is read
 * (activityListOf), under `parent` until then.
 */
export const ROUTE_PLACES: Readonly<Record<string, RoutePlace>> = {
  'adminAct/adminOriWork': ofAct('adminOri'),
  'adminAct/adminOriMixWork': ofAct('adminOriginalMix'),
  'adminAct/adminEvaWork': ofAct('adminEva'),
  'adminAct/adminEvaComment': ofAct('adminEva'),
  'adminAct/adminContestWork': ofAct('adminContest'),
  'adminAct/adminContestProWork': ofAct('adminContestPro'),
  'adminAct/adminContestProQuestion': ofAct('adminContestProWork'),
  'adminAct/adminSurveyWork': ofAct('adminSurvey'),
  'adminAct/adminOfflineWork': ofAct('adminOffline'),
  'adminAct/adminOfflinesList': ofAct('adminOfflines'),
  'adminAct/adminOfflinesListWork': ofAct('adminOfflinesList'),
  'adminAct/adminOfflineCheckin': ofAct('adminOffline'),
  'adminAct/adminIntegralWork': ofAct('adminIntegral'),
  'adminAct/adminReadClockRecord': ofAct('adminReadClock'),
  'adminAct/adminReadClockSource': ofAct('adminReadClock'),
  'adminAct/adminLectureWork': ofAct('adminLecture'),
  'adminAct/adminLectureItem': ofAct('adminLecture'),
  'adminAct/adminActDetail': ofAct('adminOri'),
  'adminActGroupList': { parent: 'adminActGroup', query: 'groupID' },
  'adminScore/adminCheckIntegral/adminCheckIntegralWork': { parent: 'adminScore/adminCheckIntegral', query: 'id' },
  'adminCheck/adminCheckAct/adminCheckWorkIndex': ofAct('adminCheck/adminCheckAct'),
  'adminCheck/adminCheckAct/adminCheckProgramIndex': ofAct('adminCheck/adminCheckAct'),
  'adminCheck/adminCheckAct/adminCheckMarkIndex': ofAct('adminCheck/adminCheckAct'),
  'adminCheck/adminCheckContest/adminCheckContestWorkIndex': ofAct('adminCheck/adminCheckContest'),
  'adminCheck/adminCheckOffline/adminCheckOfflineWorkIndex': ofAct('adminCheck/adminCheckOffline'),
  'adminCount/adminActCount/actCountOri': ofAct('adminOri'),
  'adminCount/adminActCount/actCountOriMore': ofCount('actCountOri'),
  'adminCount/adminActCount/actCountOriDownload': ofCount('actCountOri'),
  'adminCount/adminActCount/actCountOriProgramload': ofCount('actCountOri'),
  'adminCount/adminActCount/actCountEva': ofAct('adminEva'),
  'adminCount/adminActCount/actCountEvaMore': ofCount('actCountEva'),
  'adminCount/adminActCount/actCountEvaSourceMore': ofCount('actCountEva'),
  'adminCount/adminActCount/actCountEvaDownload': ofCount('actCountEva'),
  'adminCount/adminActCount/actCountContest': ofAct('adminContest'),
  'adminCount/adminActCount/actCountContestMore': ofCount('actCountContest'),
  'adminCount/adminActCount/actCountContestDownload': ofCount('actCountContest'),
  'adminCount/adminActCount/actCountSurvey': ofAct('adminSurvey'),
  'adminCount/adminActCount/actCountSurveySubQues': ofCount('actCountSurvey'),
  'adminCount/adminActCount/actCountSurveyPaper': ofCount('actCountSurvey'),
  'adminCount/adminActCount/thirdPartyCount': ofAct('adminThirdParty'),
  'adminCount/adminActCount/actCountOffline': ofAct('adminOffline'),
  'adminCount/adminActCount/actCountOffineS': ofAct('adminOfflines'),
  'adminCount/adminActCount/actCountOfflineMore': ofCount('actCountOffineS'),
  'adminCount/adminActCount/actCountTrain': ofAct('adminOfflines'),
  'adminCount/adminActCount/actCountTrain/actCountTrainPaper': ofCount('actCountTrain'),
  'adminCount/adminActCount/actCountIntegral': ofAct('adminIntegral'),
  'adminCount/adminActCount/actCountRead': ofAct('adminReadClock'),
  'adminCount/adminActCount/actCountLecture': ofAct('adminLecture'),
  'adminCount/adminActCount/actCountReadRecord': ofCount('actCountRead'),
  'adminCount/adminActCount/actCountOriMix': ofAct('adminOriginalMix'),
  'adminCount/adminActCount/actCountOriMixDownload': ofCount('actCountOriMix'),
  'digitalResources/adminDigitalGroupSource': { parent: 'digitalResources/adminDigitalGroup', query: 'groupID' },
  'questionManage/orgQuestList': { parent: 'questionManage/orgQuestion', query: 'org' },
  'review/adminExpertAct/worksManage': { parent: 'review/adminExpertAct', query: 'id', record: 'expertAct' },
  'statistics/quesCount/staticOrgQuestion': { parent: 'statistics/quesCount', query: 'org' },
  // The statistics of the platform and the organisation (issue 26): sub pages of the whole, no query.
  'statistics/ActCount/staticActivity': { parent: 'statistics/ActCount' },
  'statistics/ActCount/staticCreation': { parent: 'statistics/ActCount' },
  'statistics/ActCount/staticLike': { parent: 'statistics/ActCount' },
  'statistics/ActCount/staticComment': { parent: 'statistics/ActCount' },
  'statistics/userCount/staticUsers': { parent: 'statistics/userCount' },
  'adminCount/adminActCount/actCountMore': ofAct('adminCount/adminActCount'),
  'adminCount/adminUserCount/adminUserCountMore': { parent: 'adminCount/adminUserCount' },
  // A reading case's document; the spec's two addresses of each back office open the same page.
  'adminCase/adminpdfDetail': { parent: 'adminCase', query: 'id', record: 'orgCase' },
  adminpdfDetail: { parent: 'adminCase', query: 'id', record: 'orgCase' },
  'caseManage/pdfDetail': { parent: 'caseManage', query: 'id', record: 'platformCase' },
  pdfDetail: { parent: 'caseManage', query: 'id', record: 'platformCase' },
};

export const placeOf = (path: string): RoutePlace | undefined => ROUTE_PLACES[path];

/** A page and the pages it is opened from, from the page of the menu down to itself (empty for an unknown path). */
export function routeChain(path: string): RouteDef[] {
  const chain: RouteDef[] = [];
  for (let rt = findRoute(path); rt && !chain.includes(rt); rt = findRoute(placeOf(rt.path)?.parent ?? '')) chain.unshift(rt);
  return chain;
}

/** The list page of an activity type (`adminAct/adminContestPro` for 6), undefined for an unknown type. */
export function activityListOf(type: unknown): string | undefined {
  return Object.entries(ACTIVITY_KINDS).find(([t]) => Number(t) === type)?.[1].page;
}

/** Is a path the list page of some activity type? */
export const isActivityList = (path: string): boolean => Object.values(ACTIVITY_KINDS).some((k) => k.page === path);

/** Query parameters holding an organisation key; the others hold a row id. */
const KEY_QUERIES = new Set(['org']);

/**
 * Does the address give the page what its query names: an organisation key, or a row id (a
 * positive whole number within the database's integer)? Pages that are no sub page need nothing.
 */
export function hasRouteQuery(path: string, query: { get(name: string): string | null }): boolean {
  const place = placeOf(path);
  if (!place?.query) return true;
  const value = query.get(place.query);
  if (!value) return false;
  if (KEY_QUERIES.has(place.query)) return value.trim() !== '';
  return /^[0-9]{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647;
}
