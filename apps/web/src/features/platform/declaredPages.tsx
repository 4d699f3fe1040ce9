import {
  categoriesResource,
  modulesResource,
  quickRepliesResource,
  scopesResource,
  sellersResource,
  supersResource,
  tagsResource,
} from '@huodong/domain';
import { useSelf } from '../../shared/session';
import { ResourcePage, type Row, type RowActionRender } from '../resources';
import { PermissionAction } from './PermissionAction';

/**
 * Platform pages that are their declaration and nothing more. app/pages.tsx maps each route
 * to one of these.
 */
const SUPER_ROW_ACTIONS: RowActionRender[] = [(ctx) => <PermissionAction ctx={ctx} def={supersResource} authorizePath="/v1/supers/authorize" />];
/** A super administrator edits its own row but cannot pause or delete itself (the server refuses it too). */
export function SuperManagePage() {
  const self = useSelf();
  const notSelf = (row: Row) => self.data?.type === 'super' && row.id !== self.data.id;
  return <ResourcePage def={supersResource} rowActions={SUPER_ROW_ACTIONS} canRemoveRow={notSelf} />;
}
export const SellerManagePage = () => <ResourcePage def={sellersResource} />;
export const ModuleManagePage = () => <ResourcePage def={modulesResource} />;
export const SystemTagPage = () => <ResourcePage def={tagsResource} />;
export const QuickReplyPage = () => <ResourcePage def={quickRepliesResource} />;
export const CategoryManagePage = () => <ResourcePage def={categoriesResource} />;
export const AdminScopePage = () => <ResourcePage def={scopesResource} />;
