import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { READER_APP_PATHS } from '@huodong/domain';

/** Vite puts every content-hashed file under /assets/: a new build gives new names. */
const HASHED_PREFIX = '/assets/';
/** The reader's phone app (issue 27): `/{org}/h5` and every path under it get its own page, h5.html. */
const READER_APP = /^\/[^/]+\/h5(?:\/|$)/;
const readerAppTarget = (url: string): string | null => {
  const m = /^\/([^/]+)\/(.+)$/.exec(url);
  return m && m[1] !== 'super' && READER_APP_PATHS.has(m[2]) ? `/${m[1]}/h5/${m[2]}` : null;
};

/**
 * Serve the built web app; any non-API GET returns index.html (history-mode URLs), or the reader
 * app's h5.html under `/{org}/h5`; the spec's addresses of the reader's QR pages redirect into it.
 *
 * The build writes a `.br` and a `.gz` next to every file worth compressing (apps/web/vite.config.ts);
 * `preCompressed` sends the one the client's Accept-Encoding prefers (br, then gzip, then the file
 * itself) with its Content-Encoding and the original file's Content-Type. Hashed assets are cached
 * for a year as immutable; index.html is revalidated so a deploy is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; only the API is served');
    return;
  }
  // serve: false — only reply.sendFile is wanted; the plugin's own per-file routes would carry no
  // `config.access` and be refused by the access hook. The wildcard route below serves every file.
  await app.register(fastifyStatic, { root: dist, serve: false, index: false, decorateReply: true, preCompressed: true });
  app.route({
    method: 'GET',
    url: '/*',
    config: { access: 'public', rawBody: true },
    // The files are compressed at build time; @fastify/compress must not do it again per request.
    compress: false,
    handler: async (request, reply) => {
      const [url, ...query] = request.url.split('?');
      if (url.startsWith('/v1/') || url === '/v1') {
        return reply.status(404).send({ code: 404, message: '页面不存在', data: null });
      }
      // A QR's link (spec §2 trainSign, issue 24 scan) opens the reader app's page, the query kept.
      const inApp = readerAppTarget(url);
      if (inApp) return reply.header('cache-control', 'no-cache').redirect(query.length ? `${inApp}?${query.join('?')}` : inApp, 302);
      // The answer depends on Accept-Encoding (a cache must not give a br body to a gzip-only client).
      reply.header('vary', 'accept-encoding');
      const file = path.join(dist, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
      if (url !== '/' && file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        // Hashed assets may be cached for long (set through send's options: it overwrites the header).
        const cache = url.startsWith(HASHED_PREFIX) ? { maxAge: 365 * 24 * 3600 * 1000, immutable: true } : {};
        return reply.sendFile(path.relative(dist, file), cache);
      }
      if (url.startsWith(HASHED_PREFIX)) {
        // A chunk of an older build: 404, not index.html served as JavaScript (the router then shows
        // its error screen instead of a script MIME error).
        return reply.status(404).header('cache-control', 'no-cache').send({ code: 404, message: '页面不存在', data: null });
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(READER_APP.test(url) ? 'h5.html' : 'index.html', { cacheControl: false });
    },
  });
}
