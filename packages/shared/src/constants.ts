/** Business constants named by the specification. */
export const DRAWER_WIDTH = 240;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_DAYS = 14;
export const TWO_FACTOR_SESSION_SECONDS = 600;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const CRITICAL_ERROR_THRESHOLD = 5;
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";
export const STORAGE_KEYS = ["token", "sessionToken", "csrfToken", "refreshToken", "user", "children"] as const;
