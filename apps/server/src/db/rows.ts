/** The rows of `db.execute` on either driver (node-postgres answers a result with `rows`, PGlite too; an array as is). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));
