import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import { ensureSuperAdmin, seedDemo } from './seed.js';

/** `npm run seed`: add the demo data (idempotent: organisations that exist are skipped). */
const config = loadConfig();
const app = await buildApp(config, { logger: false });
const admin = await ensureSuperAdmin(app.database.db, config);
if (admin.created) console.log(`超级管理员账号: ${admin.account}  密码: ${admin.password ?? '(ADMIN_PASSWORD 的值)'}`);
const summary = await seedDemo(app);
console.log('演示数据:', summary);
await app.close();
