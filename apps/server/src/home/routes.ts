import type { FastifyInstance } from 'fastify';
import { rulesRoutes } from './rules.js';
import { clientHomeRoutes } from './clientHome.js';
import { audiobookRoutes } from './audiobooks.js';

/**
 * The organisation's home and content settings beyond their declared resources (issue 25): the
 * rules text, the reader's home in one call, audiobook listening and its figures. The modules, the
 * reading show, the organisation's tags and quick replies are declarations (resources/families/home.ts).
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  rulesRoutes(app);
  clientHomeRoutes(app);
  audiobookRoutes(app);
}
