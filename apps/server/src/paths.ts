import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder (apps/server). This module sits directly in src/, and the bundle that
 * `npm run build` writes sits directly in dist/ (build.mjs), so one level up is the package from
 * either: files found from here (migrations, the web build) resolve the same under tsx and built.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
