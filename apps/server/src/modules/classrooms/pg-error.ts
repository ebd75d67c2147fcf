/** A database error, or the one it wraps, with PostgreSQL's error code. */
export function pgCode(error: unknown): string | undefined {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (typeof current.code === "string" && /^\d{2}[0-9A-Z]{3}$/.test(current.code)) return current.code;
  }
  return undefined;
}
