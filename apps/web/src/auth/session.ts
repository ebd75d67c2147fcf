import { STORAGE_KEYS } from "@sprout/shared/constants";
import { type SessionUser, sessionUser } from "@sprout/shared/schemas/auth";

/**
 * The browser half of a session, kept in localStorage under the spec's keys so that every tab
 * shares it. Components read it through useSession; the API client reads the tokens directly.
 */
export interface SessionTokens {
  token: string;
  sessionToken: string;
  csrfToken: string;
  refreshToken: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let sessionEndedHandler: () => void = () => {};

function storage(): Storage {
  return globalThis.localStorage;
}

function notify() {
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes what this tab should show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (STORAGE_KEYS as readonly string[]).includes(event.key)) listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

export function readTokens(): Partial<SessionTokens> {
  const store = storage();
  return {
    token: store.getItem("token") ?? undefined,
    sessionToken: store.getItem("sessionToken") ?? undefined,
    csrfToken: store.getItem("csrfToken") ?? undefined,
    refreshToken: store.getItem("refreshToken") ?? undefined,
  };
}

export function hasToken(): boolean {
  return Boolean(storage().getItem("token"));
}

export function saveTokens(tokens: SessionTokens) {
  const store = storage();
  store.setItem("token", tokens.token);
  store.setItem("sessionToken", tokens.sessionToken);
  store.setItem("csrfToken", tokens.csrfToken);
  store.setItem("refreshToken", tokens.refreshToken);
  notify();
}

export function saveUser(user: SessionUser) {
  storage().setItem("user", JSON.stringify(user));
  notify();
}

export interface SessionSnapshot {
  user: SessionUser | null;
  signedIn: boolean;
}

let cachedKey: string | null = null;
let cachedSnapshot: SessionSnapshot = { user: null, signedIn: false };

/**
 * What components see: the stored user and whether a token is held. The same object comes back
 * until storage changes, as useSyncExternalStore requires. An unreadable user entry counts as
 * absent rather than crashing: the protected route verifies with the server and stores a fresh copy.
 */
export function readSnapshot(): SessionSnapshot {
  const raw = storage().getItem("user");
  const signedIn = hasToken();
  const key = `${signedIn}:${raw ?? ""}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSnapshot = { user: parseUser(raw), signedIn };
  }
  return cachedSnapshot;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = sessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearSession() {
  const store = storage();
  for (const key of STORAGE_KEYS) store.removeItem(key);
  notify();
}

/** Called once by the app to decide what "the session is over" does (reset caches, go to /login). */
export function onSessionEnded(handler: () => void) {
  sessionEndedHandler = handler;
}

/** Clears the stored session and hands over to the app's handler. */
export function endSession() {
  clearSession();
  sessionEndedHandler();
}
