/** Business constants named by the specification. */
export const DRAWER_WIDTH = 240;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_DAYS = 14;
export const TWO_FACTOR_SESSION_SECONDS = 600;
/** Sign-in attempts per address before each further one waits 1, 2, 4, ... seconds. */
export const LOGIN_MAX_FAILURES = 5;
/** The longest wait between sign-in attempts for one address (15 minutes). */
export const LOGIN_MAX_DELAY_SECONDS = 900;
export const CRITICAL_ERROR_THRESHOLD = 5;
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";
export const STORAGE_KEYS = [
  "token",
  "sessionToken",
  "csrfToken",
  "refreshToken",
  "user",
  "children",
  "childrenOwner",
] as const;
