import { supersResource } from '@huodong/domain';
import { useSelf } from '../../shared/session';
import { ResourcePage, type Row } from '../../resources';

/**
 * /super/manage/superManage: super administrators. The signed-in administrator edits its own row
 * but cannot pause or delete itself (the server refuses it too); 权限 is the declaration's row update.
 */
export default function SuperManagePage() {
  const self = useSelf();
  const notSelf = (row: Row) => self.data?.type === 'super' && row.id !== self.data.id;
  return <ResourcePage def={supersResource} canRemoveRow={notSelf} />;
}
