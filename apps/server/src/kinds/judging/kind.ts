import type { ActivityKind } from '../kind.js';
import { certTemplatesBinding, expertActsBinding, expertsBinding } from './family.js';
import { expertRoutes } from './expertRoutes.js';

/** Expert judging of works activities (评审): experts, judging activities, assignments and scores. */
export const judgingKind: ActivityKind = {
  name: 'judging',
  types: [],
  bindings: [expertsBinding, expertActsBinding, certTemplatesBinding],
  routes: [expertRoutes],
};
