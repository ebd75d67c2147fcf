import { hasToken, subscribe } from "../auth/session";
import { PUSH_FALLBACK_MESSAGE } from "../features/push/notification";
import { isAppAsset } from "./appShell";

let registered = false;
let pushFallback: string | null = null;

/**
 * The words a push without its own shows, in the reader's language: the worker has no catalogue,
 * so the page hands them over, now and whenever the worker is (re)registered.
 */
export function tellWorkerPushFallback(body: string) {
  if (pushFallback === body) return;
  pushFallback = body;
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: PUSH_FALLBACK_MESSAGE, body });
}

/**
 * Registers the installable app's service worker (sw/sw.ts; not in the dev server) once someone
 * has signed in on this device: the sign-in page and the public pages never install the app.
 * Registering asks nothing of the user; notifications are asked for only from the settings button.
 */
export function registerServiceWorkerWhenSignedIn() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const attempt = () => {
    if (registered || !hasToken()) return;
    registered = true;
    // Not while the page itself is still loading: the worker's downloads would compete with it.
    if (document.readyState === "complete") void register();
    else window.addEventListener("load", () => void register(), { once: true });
  };
  attempt();
  subscribe(attempt);
}

async function register() {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const { active } = await navigator.serviceWorker.ready;
  // The screens' code this page loaded before the worker controlled it: kept now, so that the
  // first signed-in visit's home opens offline too (Workbox's CACHE_URLS message).
  const loaded = performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && isAppAsset(url.pathname))
    .map((url) => url.href);
  active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: loaded } });
  if (pushFallback) active?.postMessage({ type: PUSH_FALLBACK_MESSAGE, body: pushFallback });
}
