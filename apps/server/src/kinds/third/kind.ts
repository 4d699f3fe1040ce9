import { randomBytes } from 'node:crypto';
import { thirdPublishProblem } from '@huodong/domain';
import type { ActivityKind } from '../kind.js';
import { thirdPartyRoutes } from './routes.js';
import { thirdFiguresRoutes } from './figures.js';

/** A partner's callback secret when none was given; a copy gets a secret of its own. */
const secret = () => randomBytes(24).toString('base64url');

/** Third-party activities (type 7 第三方活动): a signed launch to a partner's page and its signed callbacks. */
export const thirdKind: ActivityKind = {
  name: 'third',
  types: [7],
  prepare({ values, existing }) {
    const config = (values.config ?? existing?.config ?? {}) as Record<string, unknown>;
    if (!config.callback_secret) values.config = { ...config, callback_secret: secret() };
  },
  publishProblem: (_tx, row) => thirdPublishProblem(row),
  copyConfig: (config) => ({ ...config, callback_secret: secret() }),
  routes: [thirdPartyRoutes],
  figures: thirdFiguresRoutes,
};
