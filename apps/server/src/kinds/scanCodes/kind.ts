import type { ActivityKind } from '../kind.js';
import { scanBatchesBinding, scanCodesBinding, scanLogsBinding } from './family.js';
import { scanCodeRoutes } from './routes.js';
import { scanFiguresRoutes } from './figures.js';

/**
 * Scan-code-for-points campaigns (type 16 扫码积分, design §10, issue 24): batches of signed codes
 * with their limits, window and place; the readers' scans through the participation gate, each
 * limit counted by one statement and every scan logged with its result; the leaderboard; figures.
 */
export const scanCodesKind: ActivityKind = {
  name: 'scanCodes',
  types: [16],
  bindings: [scanBatchesBinding, scanCodesBinding, scanLogsBinding],
  routes: [scanCodeRoutes],
  figures: scanFiguresRoutes,
};
