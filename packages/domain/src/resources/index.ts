import type { ResourceDef } from '../resource.js';
import { orgUsersResource } from './orgUsers.js';
import { studentsResource } from './students.js';
import { organizationsResource, organizationTypesResource } from './organizations.js';
import { supersResource } from './supers.js';
import { managersResource, rolesResource } from './managers.js';
import { sellersResource } from './sellers.js';
import { modulesResource } from './modules.js';
import { tagsResource } from './tags.js';
import { quickRepliesResource } from './quickReplies.js';
import { categoriesResource } from './categories.js';
import { scopesResource } from './scopes.js';
import { carouselResource } from './carousel.js';
import { offlineAddressesResource } from './offlineAddresses.js';
import { ACTIVITY_RESOURCES } from './activities.js';
import { blacklistsResource, readersResource } from './readers.js';
import { checkActivitiesResource } from './checks.js';
import { jobsResource } from './jobs.js';
import { digitalGroupResourcesResource, digitalGroupsResource, digitalResourcesResource } from './digital.js';
import { activityGroupActsResource, activityGroupsResource } from './activityGroups.js';
import { platformActivitiesResource } from './platformActivities.js';
import { activityParticipantsResource, orgActivitiesResource } from './activityParticipants.js';
import { commentChecksResource, evaluationSourcesResource, evaluationVotesResource } from './evaluation.js';
import { certTemplatesResource, expertActsResource, expertsResource } from './judging.js';
import { WORK_RESOURCES } from './works.js';
import { CONTEST_RESOURCES } from './contests.js';
import { QUESTION_RESOURCES } from './questions.js';
import { orgSensitiveWordsResource, sensitiveWordsResource } from './sensitiveWords.js';
import { surveyQuestionsResource, surveyResponsesResource } from './survey.js';
import { OFFLINE_RESOURCES } from './offline.js';
import { SCAN_RESOURCES } from './scanCodes.js';
import { READ_CLOCK_RESOURCES } from './readClock.js';
import { LECTURE_RESOURCES } from './lecture.js';
import { CASE_RESOURCES } from './cases.js';
import { HOME_RESOURCES } from './home.js';
import { POINTS_RESOURCES } from './points.js';
import { REDPACK_RESOURCES } from './redpack.js';

export * from './orgUsers.js';
export * from './students.js';
export * from './userImports.js';
export * from './fields.js';
export * from './organizations.js';
export * from './supers.js';
export * from './managers.js';
export * from './sellers.js';
export * from './modules.js';
export * from './tags.js';
export * from './quickReplies.js';
export * from './categories.js';
export * from './scopes.js';
export * from './carousel.js';
export * from './offlineAddresses.js';
export * from './activities.js';
export * from './readers.js';
export * from './checks.js';
export * from './jobs.js';
export * from './digital.js';
export * from './activityGroups.js';
export * from './platformActivities.js';
export * from './activityParticipants.js';
export * from './evaluationConfig.js';
export * from './evaluation.js';
export * from './judging.js';
export * from './works.js';
export * from './contests.js';
export * from './questions.js';
export * from './sensitiveWords.js';
export * from './survey.js';
export * from './offline.js';
export * from './offlineReview.js';
export * from './scanCodes.js';
export * from './readClock.js';
export * from './lecture.js';
export * from './cases.js';
export * from './home.js';
export * from './points.js';
export * from './redpack.js';

/** Every declared resource. Families add themselves here. */
export const RESOURCES: ResourceDef[] = [
  orgUsersResource,
  studentsResource,
  organizationsResource,
  organizationTypesResource,
  supersResource,
  managersResource,
  rolesResource,
  sellersResource,
  modulesResource,
  tagsResource,
  quickRepliesResource,
  categoriesResource,
  scopesResource,
  carouselResource,
  offlineAddressesResource,
  digitalResourcesResource,
  digitalGroupsResource,
  digitalGroupResourcesResource,
  ...ACTIVITY_RESOURCES,
  readersResource,
  blacklistsResource,
  checkActivitiesResource,
  jobsResource,
  activityGroupsResource,
  activityGroupActsResource,
  platformActivitiesResource,
  orgActivitiesResource,
  activityParticipantsResource,
  evaluationSourcesResource,
  evaluationVotesResource,
  commentChecksResource,
  expertsResource,
  expertActsResource,
  certTemplatesResource,
  ...WORK_RESOURCES,
  ...CONTEST_RESOURCES,
  ...QUESTION_RESOURCES,
  surveyQuestionsResource,
  surveyResponsesResource,
  ...OFFLINE_RESOURCES,
  ...SCAN_RESOURCES,
  ...READ_CLOCK_RESOURCES,
  ...LECTURE_RESOURCES,
  ...CASE_RESOURCES,
  ...POINTS_RESOURCES,
  ...REDPACK_RESOURCES,
  sensitiveWordsResource,
  orgSensitiveWordsResource,
  ...HOME_RESOURCES,
];

export function findResource(name: string): ResourceDef {
  const def = RESOURCES.find((r) => r.name === name);
  if (!def) throw new Error(`unknown resource ${name}`);
  return def;
}
