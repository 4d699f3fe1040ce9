import { USER_IMPORTS, type UserImportId } from '@huodong/domain';

/**
 * The import buttons' texts (导入用户, 导入学生) from the domain's USER_IMPORTS. Data computed at
 * build time (`*.data.ts`, see apps/web/vite.config.ts): the buttons are on list pages, and
 * USER_IMPORTS brings the import rules and the users' declarations with it, which only the
 * import dialog and its worker need.
 */
export const IMPORT_TITLES: Readonly<Record<UserImportId, string>> = {
  org_user: USER_IMPORTS.org_user.title,
  student: USER_IMPORTS.student.title,
};
