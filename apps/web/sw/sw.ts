/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import {
  notificationFromPush,
  openUrl,
  PUSH_FALLBACK_CACHE,
  PUSH_FALLBACK_KEY,
  PUSH_FALLBACK_MESSAGE,
} from "../src/features/push/notification";
import { ASSETS_CACHE, isAppAsset } from "../src/offline/appShell";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

// The app shell only (index.html, the entry's scripts and styles, the manifest and icons: the list
// vite.config.ts keeps). A new release's worker takes over at once and drops the old release's
// shell: the visit that finds the release installs it, the next one runs it.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

// A screen's code is kept the first time it is opened, so that it opens again without a network.
// Its name carries its content's hash: a kept file never goes stale, and an old release's files
// age out of the cache. The page hands over the files it loaded before this worker controlled it
// (Workbox's CACHE_URLS message), so the first signed-in visit already counts.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isAppAsset(url.pathname),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// Every page of the app is index.html: opened without a network, the installed app still starts.
// The API, realtime and metrics are never answered from here.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/socket\.io\//, /^\/metrics$/],
  }),
);

// The words of a push that brings none, in the reader's language: the page sends them (it has the
// catalogue); kept in a cache, as the worker is stopped between pushes.
self.addEventListener("message", (event) => {
  const data = event.data as { type?: unknown; body?: unknown } | null;
  if (data?.type !== PUSH_FALLBACK_MESSAGE || typeof data.body !== "string") return;
  const body = data.body;
  event.waitUntil(caches.open(PUSH_FALLBACK_CACHE).then((cache) => cache.put(PUSH_FALLBACK_KEY, new Response(body))));
});

async function fallbackBody(): Promise<string | undefined> {
  try {
    const kept = await (await caches.open(PUSH_FALLBACK_CACHE)).match(PUSH_FALLBACK_KEY);
    return kept ? await kept.text() : undefined;
  } catch {
    return undefined;
  }
}

self.addEventListener("push", (event) => {
  const text = event.data?.text();
  event.waitUntil(
    (async () => {
      const shown = notificationFromPush(text, await fallbackBody());
      await self.registration.showNotification(shown.title, shown.options);
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = openUrl(event.notification.data?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
