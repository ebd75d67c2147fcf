/** The rows of a raw `db.execute`, whichever driver ran it (PGlite and node-postgres give `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
