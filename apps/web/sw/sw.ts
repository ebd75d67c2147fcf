/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { notificationFromPush, openUrl } from "../src/features/push/notification";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

// The app shell (index.html, scripts, styles, icons) from the build's precache list. A new
// release's worker takes over at once and drops the old release's files: the next visit runs it.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

// Every page of the app is index.html: opened without a network, the installed app still starts.
// The API, realtime and metrics are never answered from here.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/socket\.io\//, /^\/metrics$/],
  }),
);

self.addEventListener("push", (event) => {
  const shown = notificationFromPush(event.data?.text());
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
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
