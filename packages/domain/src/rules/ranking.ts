/**
 * Rankings (design §1.7): competition ranking 1, 1, 3 — entries still tied after every tie-break
 * share a rank and the next rank skips as many places — and the canonical text of a result
 * snapshot, which the server hashes (SHA-256) when it freezes or publishes results.
 */

/**
 * Ranks of an already ordered list: equal neighbours (by `same`) share the rank of the first of
 * them; any other entry's rank is its 1-based position.
 */
export function competitionRanks<T>(ordered: readonly T[], same: (a: T, b: T) => boolean): number[] {
  const ranks: number[] = [];
  ordered.forEach((item, i) => {
    ranks.push(i > 0 && same(ordered[i - 1], item) ? ranks[i - 1] : i + 1);
  });
  return ranks;
}

/**
 * JSON with object keys sorted at every depth, no spaces: the same value always gives the same
 * text, so its hash identifies a published result (a changed vote count changes the hash).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
