import { RESOURCES } from '@huodong/domain';
import { declarationOf, type Declaration } from './declarations';

/**
 * Every declaration (RESOURCES) as the list pages read it: no schemas (declarations.ts). Data
 * computed from the domain: the build writes its value as JSON in its place (`*.data.ts`,
 * `buildTimeData` in apps/web/vite.config.ts); the dev server and the unit tests run it.
 */
export const DECLARATIONS: readonly Declaration[] = RESOURCES.map(declarationOf);
