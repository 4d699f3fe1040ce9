import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { ACTIVITY_KINDS } from '@huodong/domain';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { ResourcePage, findDeclaration, type RowActionRender } from '../../resources';
import { thirdCountLink } from './thirdCount';
import { THIRD_COUNT } from './texts';

const THIRD = findDeclaration(ACTIVITY_KINDS[7].name);

function CountButton({ id }: { id: number }) {
  const navigate = useNavigate();
  const { scope } = useScope();
  return (
    <Button type="link" size="small" onClick={() => navigate(scopeLink(scope, thirdCountLink(id)))}>
      {THIRD_COUNT}
    </Button>
  );
}

const ROW_ACTIONS: readonly RowActionRender[] = [({ row }) => <CountButton id={row.id} />];

/**
 * 第三方活动 (`adminAct/adminThirdParty`, type 7): the declared page of `/v1/{org}/third` with a
 * 统计 link per row to the activity's figures (thirdPartyCount?actID=).
 */
export default function AdminThirdPartyPage() {
  const { scope: org } = useScope();
  return <ResourcePage def={THIRD} org={org} rowActions={ROW_ACTIONS} />;
}
