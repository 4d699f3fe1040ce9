import type { FastifyInstance } from 'fastify';
import type { HttpLimits } from '../config.js';
import { HttpError } from './errors.js';

export const SHUTTING_DOWN = '服务正在重启，请稍后重试';

interface ShutdownState {
  /** SIGTERM received: still serving, but every answer closes its connection and /readyz says no. */
  draining: boolean;
  /** close() began: no new request is served. */
  closing: boolean;
}
const states = new WeakMap<FastifyInstance, ShutdownState>();

/**
 * Shutting down (main.ts on SIGTERM, see `shutDown`): requests already received finish normally;
 * a request that arrives after the close began is refused with a 503 envelope (Fastify's own
 * answer is English, so `return503OnClosing` is off). Registered before the access hook, so a
 * refused request touches no database.
 */
export function registerShutdown(app: FastifyInstance): void {
  const state: ShutdownState = { draining: false, closing: false };
  states.set(app, state);
  app.addHook('preClose', async () => {
    state.closing = true;
  });
  app.addHook('onRequest', (request, _reply, done) => {
    done(state.closing || (state.draining && request.url === '/readyz') ? new HttpError(503, SHUTTING_DOWN) : undefined);
  });
  // While shutting down, answers close their connection: a keep-alive client would otherwise keep
  // close() (and SIGTERM) waiting until its idle timeout after the request in flight is answered.
  // So do answers given before the request's body was read (a refusal from the access hook, a 413):
  // keeping the connection would mean receiving the rest of that body just to discard it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (state.draining || state.closing || !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Graceful stop; resolves true once everything closed in time. First drain for SHUTDOWN_DRAIN_MS:
 * keep serving, each answer closing its connection, so that requests sent before the signal but
 * not yet read by the server (a busy event loop: PGlite runs in it) are served rather than cut
 * (issue 9: 86 of 486 failed). Then close(): stop accepting, shut idle connections, let requests in
 * flight finish for up to SHUTDOWN_GRACE_MS, close the database.
 */
export async function shutDown(app: FastifyInstance, limits: HttpLimits): Promise<boolean> {
  const state = states.get(app);
  if (!state || state.draining) return new Promise(() => {}); // a second signal: the first one is in charge
  state.draining = true;
  await new Promise((resolve) => setTimeout(resolve, limits.shutdownDrainMs));
  // A request that never ends must not keep the process alive forever, nor a database that hangs.
  const cut = setTimeout(() => app.server.closeAllConnections(), limits.shutdownGraceMs);
  let timedOut = false;
  let giveUpTimer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((resolve) => {
    giveUpTimer = setTimeout(() => {
      timedOut = true;
      app.log.error(`shutdown: not finished ${limits.shutdownGraceMs + 5000} ms after close began, exiting`);
      resolve();
    }, limits.shutdownGraceMs + 5000);
  });
  await Promise.race([app.close(), giveUp]);
  clearTimeout(cut);
  clearTimeout(giveUpTimer);
  return !timedOut;
}
