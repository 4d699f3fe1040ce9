/**
 * An activity's id from the page's query (spec §2 `?actID=`): a positive whole number, else
 * undefined. (The machinery's `idFromQuery` does the same; these pages stay outside its modules:
 * the public page is not a signed-in page, and the figures page shows no list.)
 */
export function actIdOf(v: string | null): number | undefined {
  if (!v || !/^[0-9]{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}
