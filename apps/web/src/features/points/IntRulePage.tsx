import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import type { EffectivePointRule, PointExpiryMode, PointRuleKey } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { useScope } from '../../shared/session';
import { configPath, POINTS_KEY } from './pointsApi';

// Asked for at once, beside the page's data.
const loadForm = import('./IntRuleForm');
const IntRuleForm = lazy(() => loadForm);

export interface PointsSettings {
  daily_cap: number;
  approval_threshold: number;
  expiry: { mode: PointExpiryMode; months: number };
  rules: Record<PointRuleKey, EffectivePointRule>;
}

/**
 * 积分规则 (`adminScore/adminIntRule`, `GET /v1/{org}/config`, `POST /v1/{org}/config/save`): every
 * built-in rule with its points, caps, once per account, on/off and validity window; the
 * organisation's daily cap, approval threshold and expiry policy.
 */
export default function IntRulePage() {
  const { scope: org } = useScope();
  const config = useApiQuery<PointsSettings>([POINTS_KEY, 'config', org], configPath(org));
  return (
    <PagePanel testId="int-rule">
      {config.data ? (
        <Suspense fallback={<Spin />}>
          <IntRuleForm org={org} initial={config.data} />
        </Suspense>
      ) : (
        <Spin />
      )}
    </PagePanel>
  );
}
