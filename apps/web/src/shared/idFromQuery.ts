// Apart from shared/url.ts, which the login page loads: only pages reading ids from the query carry it.
/** A positive whole number from a URL query value (`?actID=`, a parent's id) that fits the database's integer, else undefined. */
export function idFromQuery(v: string | null | undefined): number | undefined {
  if (!v || !/^[0-9]{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}
