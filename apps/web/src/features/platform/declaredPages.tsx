import {
  categoriesResource,
  modulesResource,
  quickRepliesResource,
  scopesResource,
  sellersResource,
  supersResource,
  tagsResource,
} from '@huodong/domain';
import { ResourcePage } from '../resources';

/**
 * Platform pages that are their declaration and nothing more. app/pages.tsx maps each route
 * to one of these.
 */
export const SuperManagePage = () => <ResourcePage def={supersResource} />;
export const SellerManagePage = () => <ResourcePage def={sellersResource} />;
export const ModuleManagePage = () => <ResourcePage def={modulesResource} />;
export const SystemTagPage = () => <ResourcePage def={tagsResource} />;
export const QuickReplyPage = () => <ResourcePage def={quickRepliesResource} />;
export const CategoryManagePage = () => <ResourcePage def={categoriesResource} />;
export const AdminScopePage = () => <ResourcePage def={scopesResource} />;
