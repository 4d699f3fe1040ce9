import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import { useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { useScope } from '../../shared/session';
import { configPath, POINTS_KEY, type PointsSettings } from './pointsApi';

// Asked for at once, beside the page's data.
const loadForm = import('./IntRuleForm');
const IntRuleForm = lazy(() => loadForm);

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
