import type { ActivityKind } from '../kind.js';
import { certificateRoutes } from './routes.js';

/** Certificates of any activity (证书): issue rules, rendering, verification and sends. */
export const certificatesKind: ActivityKind = {
  name: 'certificates',
  types: [],
  // Not encapsulated: it defines its job kind on the app's runner (app.jobs).
  setup: certificateRoutes,
};
