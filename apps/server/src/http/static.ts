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
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, decorateReply: true });
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
        // Hashed assets may be cached for long.
        if (url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        return reply.sendFile(path.relative(dist, file));
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    },
  });
}
