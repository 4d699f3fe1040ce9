import { AsyncLocalStorage } from 'node:async_hooks';

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * The seed's clock (issue 23): seconds added to the real time while one request of the seed is
 * served. The demo data makes past records (a finished talk's bookings and sign-ins) through the
 * same calls, at the moments they would have happened: the seed's in-process request
 * (`app.inject`, `SeedClient.at`) names the moment in `SEED_TIME_HEADER`, and the app's first
 * hook (`seedClockHook`) sets the clock for that request only. A request from the network never
 * can: only light-my-request's injected requests are read.
 */
const seedOffsetMs = new AsyncLocalStorage<number>();
export const SEED_TIME_HEADER = 'x-seed-time';

/** The one clock of reader participation: Unix seconds, as every `*_at` column holds them. */
export const nowSec = (): number => Math.floor((Date.now() + (seedOffsetMs.getStore() ?? 0)) / 1000);

/**
 * The app's first `onRequest` hook: an injected request naming a moment runs on the seed's clock
 * from there (every injected request sets it, so none inherits another's); any other request is
 * left be. Synchronous, so what the request does next runs in the context it sets.
 */
export function seedClockHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if ('_lightMyRequest' in request.raw) {
    const at = Number(request.headers[SEED_TIME_HEADER]);
    // in milliseconds, from the start of the named second: the request reads that second for its
    // first 1,000 ms (an offset in whole seconds read the next one when the real second ticked
    // between this hook and the handler)
    seedOffsetMs.enterWith(Number.isInteger(at) && at > 0 ? at * 1000 - Date.now() : 0);
  }
  done();
}
