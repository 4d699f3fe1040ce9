import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { SUPER_SCOPE } from '@huodong/domain';
import { scopeLink } from '../../shared/scope';
import type { RowActionRender } from '../../resources';
import { OrgImportActions } from '../../shared/spreadsheet/OrgImportActions';
import { MANAGERS } from './texts';

/** Link to the managers of an organisation (manage/adminManage with the organisation chosen). */
export const managersLink = (key: unknown): string => `${scopeLink(SUPER_SCOPE, 'manage/adminManage')}?org=${encodeURIComponent(String(key))}`;

function ManagersButton({ orgKey }: { orgKey: unknown }) {
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => navigate(managersLink(orgKey))}>
      {MANAGERS}
    </Button>
  );
}

/**
 * Row controls of the organisation table after the declared ones (编辑, 暂停·启用, 授权; 删除 stays last). A feature that
 * acts on one organisation adds its render function here, one line each (e.g. 导入用户 / 导入学生).
 */
export const ORG_ROW_ACTIONS: RowActionRender[] = [
  ({ row }) => <ManagersButton orgKey={row.key} />,
  ({ row, controls }) => (controls.create ? <OrgImportActions orgId={row.id} link /> : null),
];
