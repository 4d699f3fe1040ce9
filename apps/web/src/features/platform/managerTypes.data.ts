/**
 * The manager types of the domain (managers.ts), as data computed at build time (`*.data.ts`,
 * see apps/web/vite.config.ts): the module that declares them builds the managers' zod schemas
 * at load, which the managers' list does not need.
 */
export { MANAGER_ADMIN, MANAGER_NORMAL, MANAGER_TYPES } from '@huodong/domain';
