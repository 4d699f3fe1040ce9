import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serve the built web app; any non-API GET returns index.html (history-mode URLs). */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; only the API is served');
    return;
  }
  // serve: false — only reply.sendFile is wanted; the plugin's own per-file routes would carry no
  // `config.access` and be refused by the access hook. The wildcard route below serves every file.
  await app.register(fastifyStatic, { root: dist, serve: false, index: false, decorateReply: true });
  app.route({
    method: 'GET',
    url: '/*',
    config: { access: 'public', rawBody: true },
    handler: async (request, reply) => {
      const url = request.url.split('?')[0];
      if (url.startsWith('/v1/') || url === '/v1') {
        return reply.status(404).send({ code: 404, message: '页面不存在', data: null });
      }
      const file = path.join(dist, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
      if (url !== '/' && file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        // Hashed assets may be cached for long (set through send's options: it overwrites the header).
        const cache = url.startsWith('/assets/') ? { maxAge: 365 * 24 * 3600 * 1000, immutable: true } : {};
        return reply.sendFile(path.relative(dist, file), cache);
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    },
  });
}
