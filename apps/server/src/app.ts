import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { clientError, frameworkError, registerEnvelope } from './http/errors.js';
import { registerAccess } from './auth/access.js';
import { authRoutes } from './routes/auth.js';
import { generalRoutes } from './routes/general.js';
import { readerRoutes } from './routes/readers.js';
import { participationRoutes } from './participation/routes.js';
import { defineJoinFoldJob } from './participation/joinCount.js';
import { defineCaseFoldJob } from './resources/families/cases.js';
import { checkQueueRoutes } from './routes/checkQueue.js';
import { CHECK_KINDS, registerKindRoutes, setUpKinds } from './kinds/index.js';
import { registerResources } from './resources/register.js';
import { BINDINGS } from './resources/index.js';
import { registerWebApp } from './http/static.js';
import { registerCompression } from './http/compression.js';
import { registerStorage } from './storage/index.js';
import { uploadRoutes } from './routes/uploads.js';
import { fileRoutes } from './routes/files.js';
import { defaultLogStream, loggerOptions, registerRequestLog } from './http/logging.js';
import { BODY_LIMIT } from './constants.js';
import { httpServerOptions } from './http/limits.js';
import { registerSecurityHeaders } from './http/headers.js';
import { registerShutdown } from './http/shutdown.js';
import { DATABASE_UNAVAILABLE } from './http/errors.js';
import { assertDatabaseWritable } from './db/readiness.js';
import { SERVER_ROOT } from './paths.js';
import { seedClockHook } from './participation/clock.js';
import { registerJobRunner } from './jobs/runner.js';
import { openApiRoutes, registerOpenApi } from './http/openapi.js';
import { definePointsJobs, pointsRoutes } from './points/routes.js';
import { defineStatisticsJobs, statisticsRoutes } from './statistics/routes.js';
import { homeRoutes } from './home/routes.js';
import { payoutRoutes, setUpPayouts } from './payouts/routes.js';
import './types.js';

z.config(z.locales.zhCN());

export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

export interface BuildOptions {
  /** Use an already open database (tests share one); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (tests capture them); default: readable on a terminal, JSON lines otherwise. */
  logStream?: Exclude<FastifyServerOptions['logger'], boolean | undefined>['stream'];
  /** Sees every route as it is registered (the route-access test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole server. `npm start`, the tests and the benchmarks all build it here. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') }));
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream ?? defaultLogStream(config.logFormat)),
    // Request lines come from registerRequestLog: only failed or slow requests at info.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT, // the import routes raise it for themselves (imports/userImports.ts)
    trustProxy: config.trustProxy,
    ...httpServerOptions(config.http),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // What Fastify and Node answer on their own (bad URL, long parameter, malformed request) is an envelope too.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  app.server.maxConnections = config.http.maxConnections;
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  await registerOpenApi(app); // first: it collects every route registered after it
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  if (!opts.database) app.addHook('onClose', async () => database.close());
  app.addHook('onRequest', seedClockHook); // first: the seed's in-process requests at past moments (participation/clock.ts)

  await registerSecurityHeaders(app);
  registerEnvelope(app);
  registerRequestLog(app);
  registerShutdown(app);
  registerAccess(app);
  await registerCompression(app);
  registerJobRunner(app, { work: config.jobWorker, pollMs: config.jobPollMs, leaseMs: config.jobLeaseMs });

  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await assertDatabaseWritable(database);
      return { status: 'ready', driver: database.driver };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.status(503).send({ code: 503, message: DATABASE_UNAVAILABLE, data: null });
    }
  });

  await app.register(authRoutes);
  await app.register(generalRoutes);
  await app.register(readerRoutes);
  await app.register(participationRoutes);
  await registerKindRoutes(app);
  await registerResources(app, BINDINGS);
  await app.register((queue) => checkQueueRoutes(queue, CHECK_KINDS));
  await app.register(pointsRoutes);
  await app.register(homeRoutes);
  definePointsJobs(app);
  defineJoinFoldJob(app);
  defineCaseFoldJob(app);
  await app.register(statisticsRoutes);
  defineStatisticsJobs(app);
  setUpPayouts(app);
  await app.register(payoutRoutes);
  registerStorage(app);
  await app.register(uploadRoutes);
  await app.register(fileRoutes);
  await setUpKinds(app);
  openApiRoutes(app);
  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
