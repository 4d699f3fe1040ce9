import { useSelf } from '../../shared/session';
import { ResourcePage, findDeclaration, type Row } from '../../resources';

const SUPERS = findDeclaration('supers');

/**
 * /super/manage/superManage: super administrators. The signed-in administrator edits its own row
 * but cannot pause or delete itself (the server refuses it too); 权限 is the declaration's row update.
 */
export default function SuperManagePage() {
  const self = useSelf();
  const notSelf = (row: Row) => self.data?.type === 'super' && row.id !== self.data.id;
  return <ResourcePage def={SUPERS} canRemoveRow={notSelf} />;
}
