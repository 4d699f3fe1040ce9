import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The seed's clock (issue 23): seconds added to the real time for the calls made inside
 * `atSeedTime`. The demo data makes past records (a finished talk's bookings and sign-ins) through
 * the same reader calls, at the moments they would have happened. Set only in-process by the seed
 * (`SeedClient.at`, through `app.inject`); no request can set it.
 */
const seedOffset = new AsyncLocalStorage<number>();

/** The one clock of reader participation: Unix seconds, as every `*_at` column holds them. */
export const nowSec = (): number => Math.floor(Date.now() / 1000) + (seedOffset.getStore() ?? 0);

/** Run `work` with `nowSec()` reading `moment` (and going on from there). */
export function atSeedTime<T>(moment: number, work: () => Promise<T>): Promise<T> {
  return seedOffset.run(moment - Math.floor(Date.now() / 1000), work);
}
