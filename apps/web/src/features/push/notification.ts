/**
 * What the service worker makes of a push (apps/web/sw/sw.ts), kept here as plain functions so
 * that they are tested without a browser. The server's payload is the shared `pushPayload`.
 */
export interface ShownNotification {
  title: string;
  options: { body: string; tag?: string; icon: string; badge: string; data: { url: string }; renotify?: boolean };
}

const ICON = "/icons/icon-192.png";

/** What a push with no words of its own says, in English until the page has told the worker its language. */
export const ENGLISH_FALLBACK_BODY = "Open Sprout to see what is new.";

/**
 * The page tells the worker, which has no catalogue, the fallback text in the reader's language;
 * the worker keeps it in this cache (a worker's variables do not outlive it between pushes).
 */
export const PUSH_FALLBACK_MESSAGE = "PUSH_FALLBACK";
export const PUSH_FALLBACK_CACHE = "sprout-push-fallback";
export const PUSH_FALLBACK_KEY = "/push-fallback";

/** The notification for a push's data; a push that is not our JSON still shows something. */
export function notificationFromPush(
  text: string | null | undefined,
  fallbackBody: string = ENGLISH_FALLBACK_BODY,
): ShownNotification {
  let data: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown; kind?: unknown } = {};
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Sprout";
  const body = typeof data.body === "string" ? data.body : fallbackBody;
  const url = typeof data.url === "string" ? data.url : "/";
  const tag = typeof data.tag === "string" ? data.tag : undefined;
  return {
    title,
    options: { body, icon: ICON, badge: ICON, data: { url }, ...(tag && { tag, renotify: true }) },
  };
}

/** Where a tapped notification opens: a path of this app, never another site. */
export function openUrl(url: unknown, origin: string): string {
  if (typeof url !== "string") return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
