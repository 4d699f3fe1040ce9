import type { ResourceBinding } from './binding.js';
import { orgUsersBinding } from './families/orgUsers.js';
import { studentsBinding } from './families/students.js';
import { organizationsBinding, organizationTypesBinding } from './families/organizations.js';
import { supersBinding } from './families/supers.js';
import { managersBinding, rolesBinding } from './families/managers.js';
import { sellersBinding } from './families/sellers.js';
import { modulesBinding } from './families/modules.js';
import { orgTagsBinding, tagsBinding } from './families/tags.js';
import { orgQuickRepliesBinding, quickRepliesBinding } from './families/quickReplies.js';
import { categoriesBinding } from './families/categories.js';
import { scopesBinding } from './families/scopes.js';
import { carouselBinding } from './families/carousel.js';
import { offlineAddressesBinding } from './families/offlineAddresses.js';
import { activityBindings } from './families/activities.js';
import { KIND_BINDINGS, KINDS } from '../kinds/index.js';
import { blacklistsBinding, readersBinding } from './families/readers.js';
import { checkActivitiesBinding } from './families/checks.js';
import { jobsBinding } from './families/jobs.js';
import { digitalGroupResourcesBinding, digitalGroupsBinding, digitalResourcesBinding } from './families/digital.js';
import { activityGroupActsBinding, activityGroupsBinding } from './families/activityGroups.js';
import { platformActivitiesBinding } from './families/platformActivities.js';
import { activityParticipantsBinding, orgActivitiesBinding } from './families/activityParticipants.js';
import { QUESTION_BINDINGS } from './families/questions.js';
import { orgSensitiveWordsBinding, sensitiveWordsBinding } from './families/sensitiveWords.js';
import { orgCasesBinding, platformCasesBinding } from './families/cases.js';
import { homeModulesBinding, readingShowBinding } from './families/home.js';
import { POINTS_BINDINGS } from '../points/family.js';
import { platformRedpackConfigsBinding, redpackConfigsBinding, redpackPayoutsBinding } from '../payouts/family.js';

/** Every resource served by the machinery. A family adds its binding here; a kind lists its own in its `bindings`. */
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
  ...activityBindings(KINDS),
  readersBinding,
  blacklistsBinding,
  checkActivitiesBinding,
  jobsBinding,
  activityGroupsBinding,
  activityGroupActsBinding,
  platformActivitiesBinding,
  orgActivitiesBinding,
  activityParticipantsBinding,
  ...QUESTION_BINDINGS,
  sensitiveWordsBinding,
  orgSensitiveWordsBinding,
  platformCasesBinding,
  orgCasesBinding,
  homeModulesBinding,
  readingShowBinding,
  orgTagsBinding,
  orgQuickRepliesBinding,
  ...KIND_BINDINGS,
  ...POINTS_BINDINGS,
  redpackConfigsBinding,
  redpackPayoutsBinding,
  platformRedpackConfigsBinding,
];
