/**
 * The app of a benchmark in its own process (bench/serve.ts spawns it for a PostgreSQL run): the
 * load generator — the bench's fetch calls, its floor's pool, its bookkeeping — then does not share
 * the server's event loop, as in production, where readers' phones are not the server. It opens its
 * own pool on the bench's database, counts the statements it sends, and answers its parent over IPC:
 * `{ port }` once listening, `{ statements }` when asked, and closes when told.
 */
import { buildApp } from '../apps/server/src/app.js';
import type { AppConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';

export type ToServer = { ask: 'statements' } | { ask: 'close' };
export type FromServer = { port: number } | { statements: number } | { closed: true };

const send = (message: FromServer) => process.send!(message);
const { databaseUrl, settings } = JSON.parse(process.env.BENCH_SERVER ?? '{}') as { databaseUrl: string; settings: AppConfig };
let statements = 0;
const database = await openDatabase({ databaseUrl, onQuery: () => void statements++ });
const app = await buildApp(settings, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
send({ port: typeof address === 'object' && address ? address.port : 0 });

process.on('message', async (message: ToServer) => {
  if (message.ask === 'statements') send({ statements });
  else {
    await app.close();
    await database.close();
    send({ closed: true });
    process.disconnect();
  }
});
// The parent gone (a failed bench): nothing to serve.
process.on('disconnect', () => process.exit(0));
