import type { EffectivePointRule, PointExpiryMode, PointRuleKey, PointsDecision } from '@huodong/domain';
import { resourceQueryKey } from '../../resources/resourcePaths';

/** The points calls' paths and query keys (issue 24, docs/decisions.md "Points administration paths"). */
const o = (org: string) => `/v1/${encodeURIComponent(org)}`;
export const POINTS_KEY = 'points';
export const configPath = (org: string) => `${o(org)}/config`;
export const configSavePath = (org: string) => `${o(org)}/config/save`;
export const accountPath = (org: string, readerId: number) => `${o(org)}/integral/userIntegral/${readerId}`;
export const ledgerPath = (org: string) => `${o(org)}/integral/scoreList`;
export const reversePath = (org: string, id: number) => `${o(org)}/integral/scoreList/${id}/reverse`;
export const adjustPath = (org: string) => `${o(org)}/set_integral`;
export const checkPath = (org: string, id: number) => `${o(org)}/check/${id}/integral`;
export const readersPath = (org: string) => `${o(org)}/readers`;
export type { PointsDecision };

/** The declared lists (accounts, ledger rows, the adjustments' queue): a write of the ledger refreshes them and the points pages. */
export const ACCOUNTS_KEY = resourceQueryKey({ name: 'pointAccounts' });
export const LEDGER_KEY = resourceQueryKey({ name: 'pointLedger' });
export const POINTS_LISTS = [[POINTS_KEY], ACCOUNTS_KEY, LEDGER_KEY, resourceQueryKey({ name: 'pointChecks' })];

/** The organisation's points settings as `GET /config` answers them (every rule, the defaults where not set). */
export interface PointsSettings {
  daily_cap: number;
  approval_threshold: number;
  expiry: { mode: PointExpiryMode; months: number };
  rules: Record<PointRuleKey, EffectivePointRule>;
}
