import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { POINT_TXN_STATUS } from '@huodong/domain/pointStatus';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration } from '../../resources/listModel';
import { configPath, POINTS_KEY, type PointsSettings } from './pointsApi';
import * as T from './texts';

const CHECKS = findDeclaration('pointChecks');
const WAITING = { status: POINT_TXN_STATUS.pending };

/**
 * 积分审核 (`adminScore/adminCheckIntegral`): the declared queue of manual adjustments
 * (`/check/integral`, the waiting ones first shown; the status filter shows the decided);
 * 审核 opens one (adminCheckIntegralWork).
 */
export default function CheckIntegralPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const settings = useApiQuery<PointsSettings>([POINTS_KEY, 'config', org], configPath(org));
  return (
      <ResourcePage
        def={CHECKS}
        org={org}
        header={<p style={{ marginTop: 0 }}>{settings.data ? T.THRESHOLD_HINT(settings.data.approval_threshold) : ''}</p>}
        initialFilters={WAITING}
        rowActions={[
          ({ row }) => (
            <Button size="small" type="link" onClick={() => navigate(scopeLink(org, `adminScore/adminCheckIntegral/adminCheckIntegralWork?id=${row.id}`))}>
              {row.status === POINT_TXN_STATUS.pending ? T.REVIEW : T.DETAIL}
            </Button>
          ),
        ]}
      />
  );
}
