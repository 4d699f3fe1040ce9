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
const seedOffset = new AsyncLocalStorage<number>();
export const SEED_TIME_HEADER = 'x-seed-time';
const realSec = () => Math.floor(Date.now() / 1000);

/** The one clock of reader participation: Unix seconds, as every `*_at` column holds them. */
export const nowSec = (): number => realSec() + (seedOffset.getStore() ?? 0);

/**
 * The app's first `onRequest` hook: an injected request naming a moment runs on the seed's clock
 * from there (every injected request sets it, so none inherits another's); any other request is
 * left be. Synchronous, so what the request does next runs in the context it sets.
 */
export function seedClockHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if ('_lightMyRequest' in request.raw) {
    const at = Number(request.headers[SEED_TIME_HEADER]);
    seedOffset.enterWith(Number.isInteger(at) && at > 0 ? at - realSec() : 0);
  }
  done();
}
