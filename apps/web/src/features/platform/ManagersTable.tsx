import type { ReactNode } from 'react';
import { Select } from 'antd';
import { isSuperCaller, useSelf } from '../../shared/session';
import { ResourcePage, findDeclaration, type CustomInput, type Row } from '../../resources';
import { MANAGER_ADMIN, MANAGER_NORMAL, MANAGER_TYPES } from './managerTypes.data';
import { CHOOSE_ORG_FIRST } from './texts';

const MANAGERS = findDeclaration('managers');

const typeOptions = (types: string[]) => types.map((value) => ({ value, label: MANAGER_TYPES[value] }));

/**
 * The managers of one organisation (`/v1/org/{org}/managers`), used by the platform page
 * manage/adminManage and the organisation's own adminManager. Only a super administrator
 * sets or edits organisation administrators: an organisation administrator sees write controls
 * on ordinary administrators only and can create only those.
 */
export function ManagersTable({ org, header }: { org?: string; header?: ReactNode }) {
  const self = useSelf();
  const isSuper = isSuperCaller(self.data);
  const typeInput: CustomInput = {
    render: () => <Select options={typeOptions(isSuper ? [MANAGER_ADMIN, MANAGER_NORMAL] : [MANAGER_NORMAL])} placeholder="请选择管理员类型" />,
  };
  return (
    <ResourcePage
      def={MANAGERS}
      org={org}
      header={header}
      needOrg={CHOOSE_ORG_FIRST}
      inputs={{ type: typeInput }}
      canWriteRow={(row: Row) => isSuper || row.type !== MANAGER_ADMIN}
    />
  );
}
