import type { FastifyInstance } from 'fastify';

/**
 * A recurring sweep on the job runner: one job per slot of `everySeconds` on the grid (whoever
 * queues it, by its key), the first queued when the app is ready, each run queuing the next.
 */
export function defineSweep(app: FastifyInstance, kind: string, everySeconds: number, run: () => Promise<unknown>): void {
  const queue = (at: number) => {
    const slot = Math.floor(at / 1000 / everySeconds);
    return app.jobs.enqueue(app.database.db, kind, {}, { key: `${kind}:${slot}`, runAt: slot * everySeconds * 1000 });
  };
  app.jobs.define(kind, {
    async run() {
      await run();
      await queue(Date.now() + everySeconds * 1000);
    },
  });
  app.addHook('onReady', async () => {
    await queue(Date.now());
  });
}
