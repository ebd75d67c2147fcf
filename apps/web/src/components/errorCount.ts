import { CRITICAL_ERROR_THRESHOLD } from "@sprout/shared/constants";

const KEY = "sprout.errorCount";
// React may render an error screen twice for one error (strict mode, retries); count it once.
const counted = new WeakSet<object>();

/** Counts an error for this tab's session and answers the running total. */
export function recordError(error: unknown): number {
  const current = readErrorCount();
  if (typeof error === "object" && error !== null) {
    if (counted.has(error)) return current;
    counted.add(error);
  }
  const next = current + 1;
  sessionStorage.setItem(KEY, String(next));
  return next;
}

export function readErrorCount(): number {
  const value = Number(sessionStorage.getItem(KEY));
  return Number.isFinite(value) ? value : 0;
}

export function resetErrorCount() {
  sessionStorage.removeItem(KEY);
}

export function isCritical(count: number): boolean {
  return count > CRITICAL_ERROR_THRESHOLD;
}
