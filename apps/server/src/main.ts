import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { ensureSuperAdmin, seedDemoIfEmpty } from './seed/seed.js';

/** How long a shutdown waits for requests in flight before cutting their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/** `npm start`: migrate, create the first super administrator, seed demo data once, serve. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const admin = await ensureSuperAdmin(app.database.db, config);
  if (config.seedOnFirstStart) await seedDemoIfEmpty(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request that never ends must not keep the process alive forever.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // close() stops accepting, waits for in-flight requests, then runs onClose (database).
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number }).port;
  console.log(`\nhuodong 已启动: http://${shown}:${port}/`);
  console.log(`数据库: ${app.database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`}`);
  if (admin.created) {
    console.log(`超级管理员账号: ${admin.account}  密码: ${admin.password ?? '(ADMIN_PASSWORD)'}`);
    if (!config.adminPassword) console.log('（密码仅显示这一次，请妥善保存）');
  } else {
    console.log(`超级管理员账号: ${admin.account}（密码见首次启动时的输出或 ADMIN_PASSWORD）`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
