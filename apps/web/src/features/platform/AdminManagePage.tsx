import { useSearchParams } from 'react-router';
import { Flex, Select } from 'antd';
import type { OrgName } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { orgLabel } from '../../shared/orgLabel';
import { ResourceDialogButton, findDeclaration, resourceQueryKey } from '../../resources';
import { ManagersTable } from './ManagersTable';
import { CHOOSE_ORG, ROLES } from './texts';

const ORGANIZATIONS = findDeclaration('organizations');
const ROLES_DEF = findDeclaration('roles');

/** Organisation select of the platform pages; options show `name(ID:id)` (spec §6, super kind). */
export function OrgSelect({ value, onChange }: { value?: string; onChange: (key: string | undefined) => void }) {
  const names = useApiQuery<OrgName[]>([...resourceQueryKey(ORGANIZATIONS), 'names'], `${ORGANIZATIONS.path}/names`);
  return (
    <Select
      aria-label={CHOOSE_ORG}
      placeholder={CHOOSE_ORG}
      style={{ width: 320 }}
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={names.isPending}
      options={(names.data ?? []).map((o) => ({ value: o.key, label: orgLabel(o, true) }))}
    />
  );
}

/** /super/manage/adminManage: managers of the organisation chosen on top (`?org=key`). */
export default function AdminManagePage() {
  const [params, setParams] = useSearchParams();
  const org = params.get('org') ?? undefined;
  const choose = (key: string | undefined) => setParams(key ? { org: key } : {}, { replace: true });
  return (
    <ManagersTable
      key={org ?? ''}
      org={org}
      header={
        <Flex gap={8} align="center" wrap>
          <span>{CHOOSE_ORG}：</span>
          <OrgSelect value={org} onChange={choose} />
          {/* Manager roles (platform-wide), managed in a dialog. */}
          <ResourceDialogButton def={ROLES_DEF} label={ROLES} width={900} />
        </Flex>
      }
    />
  );
}
