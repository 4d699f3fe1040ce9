/** The one clock of reader participation: Unix seconds, as every `*_at` column holds them. */
export const nowSec = (): number => Math.floor(Date.now() / 1000);
