import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { registerEnvelope } from './http/errors.js';
import { registerAccess } from './auth/access.js';
import { authRoutes } from './routes/auth.js';
import { generalRoutes } from './routes/general.js';
import { registerResources } from './resources/register.js';
import { registerWebApp } from './http/static.js';
import './types.js';

z.config(z.locales.zhCN());

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** Use an already open database (tests share one); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Sees every route as it is registered (the route-access test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole server. `npm start`, the tests and the benchmarks all build it here. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') }));
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.body.password', '*.password', '*.password_hash', 'req.headers.cookie'],
          },
    bodyLimit: 32 * 1024 * 1024, // fits a 50,000-row import
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  if (!opts.database) app.addHook('onClose', async () => database.close());

  registerEnvelope(app);
  registerAccess(app);

  // While shutting down, answers close their connection: a keep-alive client would otherwise keep
  // close() (and SIGTERM) waiting until its idle timeout after the request in flight is answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (_req, reply) => {
    try {
      await database.query('select 1');
      return { status: 'ready', driver: database.driver };
    } catch {
      return reply.status(503).send({ code: 503, message: '数据库不可用', data: null });
    }
  });

  await app.register(authRoutes);
  await app.register(generalRoutes);
  await app.register(registerResources);
  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
