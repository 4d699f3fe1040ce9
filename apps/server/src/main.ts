import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { describeError } from './http/logging.js';
import { shutDown } from './http/shutdown.js';
import { ensureSuperAdmin, seedDemoIfEmpty } from './seed/seed.js';

/** `npm start`: migrate, create the first super administrator, seed demo data once, serve. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const admin = await ensureSuperAdmin(app.database.db, config);
  if (config.seedOnFirstStart) await seedDemoIfEmpty(app);

  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    void shutDown(app, config.http).then((clean) => process.exit(clean ? 0 : 1));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number }).port;
  console.log(`\nhuodong 已启动: http://${shown}:${port}/`);
  console.log(`数据库: ${app.database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`}`);
  if (admin.password) {
    // Generated: this is the only place it is ever shown. One given in ADMIN_PASSWORD is never printed.
    console.log(`超级管理员账号: ${admin.account}  密码: ${admin.password}`);
    console.log('（密码仅显示这一次，请妥善保存）');
  } else if (admin.created) {
    console.log(`超级管理员账号: ${admin.account}（密码为 ADMIN_PASSWORD 的值）`);
  } else {
    console.log(`超级管理员账号: ${admin.account}（密码见首次启动时的输出或 ADMIN_PASSWORD）`);
  }
}

main().catch((err) => {
  // A start that failed on a statement (the first administrator's row) must not print its parameters.
  // A configuration mistake is the user's: say what to fix, without a stack trace.
  console.error(err instanceof ConfigError ? `配置错误: ${err.message}` : describeError(err));
  process.exit(1);
});
