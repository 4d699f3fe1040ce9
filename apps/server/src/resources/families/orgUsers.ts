import { orgUsersResource } from '@huodong/domain';
import { orgUsers } from '../../db/schema.js';
import { userImportRoutes } from '../../imports/userImports.js';
import { bind } from '../binding.js';

/**
 * Organisation users: the generic machinery serves list/get/create/update/delete/enable/disable;
 * the family adds the spreadsheet imports (both kinds, organisation and platform routes) and the
 * user list export.
 */
export const orgUsersBinding = bind({
  def: orgUsersResource,
  table: orgUsers,
  routes: userImportRoutes,
});
