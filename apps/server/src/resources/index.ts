import type { ResourceBinding } from './binding.js';
import { orgUsersBinding } from './families/orgUsers.js';
import { studentsBinding } from './families/students.js';
import { organizationsBinding, organizationTypesBinding } from './families/organizations.js';
import { supersBinding } from './families/supers.js';
import { managersBinding, rolesBinding } from './families/managers.js';
import { sellersBinding } from './families/sellers.js';
import { modulesBinding } from './families/modules.js';
import { tagsBinding } from './families/tags.js';
import { quickRepliesBinding } from './families/quickReplies.js';
import { categoriesBinding } from './families/categories.js';
import { scopesBinding } from './families/scopes.js';
import { carouselBinding } from './families/carousel.js';
import { offlineAddressesBinding } from './families/offlineAddresses.js';
import { ACTIVITY_BINDINGS } from './families/activities.js';
import { blacklistsBinding, readersBinding } from './families/readers.js';
import { checkActivitiesBinding } from './families/checks.js';
import { jobsBinding } from './families/jobs.js';
import { digitalGroupResourcesBinding, digitalGroupsBinding, digitalResourcesBinding } from './families/digital.js';
import { activityGroupActsBinding, activityGroupsBinding } from './families/activityGroups.js';
import { platformActivitiesBinding } from './families/platformActivities.js';
import { activityParticipantsBinding, orgActivitiesBinding } from './families/activityParticipants.js';
import { WORK_BINDINGS } from '../kinds/works/family.js';
import { CONTEST_BINDINGS } from '../kinds/contests/family.js';
import { QUESTION_BINDINGS } from './families/questions.js';
import { surveyQuestionsBinding, surveyResponsesBinding } from '../kinds/survey/family.js';
import { commentChecksBinding, evaluationSourcesBinding, evaluationVotesBinding } from '../kinds/voting/family.js';
import { certTemplatesBinding, expertActsBinding, expertsBinding } from '../kinds/judging/family.js';
import { orgSensitiveWordsBinding, sensitiveWordsBinding } from './families/sensitiveWords.js';

/** Every resource served by the machinery. A family adds its binding here. */
export const BINDINGS: ResourceBinding[] = [
  orgUsersBinding,
  studentsBinding,
  organizationsBinding,
  organizationTypesBinding,
  supersBinding,
  managersBinding,
  rolesBinding,
  sellersBinding,
  modulesBinding,
  tagsBinding,
  quickRepliesBinding,
  categoriesBinding,
  scopesBinding,
  carouselBinding,
  offlineAddressesBinding,
  digitalResourcesBinding,
  digitalGroupsBinding,
  digitalGroupResourcesBinding,
  ...ACTIVITY_BINDINGS,
  readersBinding,
  blacklistsBinding,
  checkActivitiesBinding,
  jobsBinding,
  activityGroupsBinding,
  activityGroupActsBinding,
  platformActivitiesBinding,
  orgActivitiesBinding,
  activityParticipantsBinding,
  ...WORK_BINDINGS,
  ...CONTEST_BINDINGS,
  ...QUESTION_BINDINGS,
  evaluationSourcesBinding,
  evaluationVotesBinding,
  commentChecksBinding,
  expertsBinding,
  expertActsBinding,
  certTemplatesBinding,
  sensitiveWordsBinding,
  orgSensitiveWordsBinding,
  surveyQuestionsBinding,
  surveyResponsesBinding,
];
