/** Texts of the platform pages that the spec does not fix. */
export const MANAGERS = '管理员';
export const ORG_TYPES = '机构类型';
export const CHOOSE_ORG = '选择机构';
export const CHOOSE_ORG_FIRST = '请先选择机构';
export const MANAGER_COUNT = '管理员数';
export const ADMIN_COUNT = '组织管理员数';
export const ORG_NAME = '机构名称';
export const ORG_KEY = '机构标识';
export const VIEW_MANAGERS = '查看管理员';
export const ROLES = '角色';

