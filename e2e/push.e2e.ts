import type { Browser, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  screenshot,
  settled,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ notifications: true });
});

afterAll(async () => {
  await browser?.close();
});

/** The service worker's registration id, as DevTools knows it (needed to hand it a push). */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      const active = versions.find((version) => version.scriptURL.endsWith("/sw.js") && version.status === "activated");
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      data: shown.data as unknown,
    }));
  });

describe("the installable app and its notifications", () => {
  it("a parent turns notifications on from settings; the worker is registered, the manifest is clean and a push is shown", async () => {
    const { context, page } = await openPage(browser, PHONE, { serviceWorkers: "allow" });
    try {
      await openSignedIn(page, demoUser("parent").email, "/account/security");
      // Nothing is asked on load: the browser has not been asked for permission yet.
      expect(await page.evaluate(() => Notification.permission)).toBe("default");
      await visible(page.getByTestId("push-state").getByText("Off on this device"));
      await visible(page.getByRole("switch", { name: "Messages" }));
      await settled(page);
      await screenshot(page, "push-settings-parent");

      // The installability check: the manifest is linked and DevTools finds nothing wrong in it.
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ display: "standalone", start_url: "/" });

      // The person grants the permission when the button asks; then this browser subscribes. Headless
      // Chromium has no push service to subscribe with, so the answer is "on" or the plain refusal.
      await context.grantPermissions(["notifications"], { origin: baseURL });
      await page.getByRole("button", { name: "Turn on notifications" }).click();
      await visible(
        page
          .getByTestId("push-state")
          .getByText("On on this device")
          .or(page.getByText("This browser could not reach its notification service")),
      );
      const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(worker).toBe(`${baseURL}/sw.js`);

      // A push as the push service would hand it to the worker: the worker shows it, with its url.
      const id = await registrationId(cdp);
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseURL,
        registrationId: id,
        data: JSON.stringify({
          title: "Aanya: new message from Priya Sharma",
          body: "Open Sprout to read it.",
          url: "/messaging",
          kind: "message",
        }),
      });
      await expect
        .poll(() => shownNotifications(page), { timeout: 10_000 })
        .toEqual([
          {
            title: "Aanya: new message from Priya Sharma",
            body: "Open Sprout to read it.",
            data: { url: "/messaging" },
          },
        ]);
      // A preference is kept on the server.
      await page.getByRole("switch", { name: "Photos" }).click();
      await expect.poll(() => page.getByRole("switch", { name: "Photos" }).isChecked()).toBe(false);
      await page.reload();
      await expect.poll(() => page.getByRole("switch", { name: "Photos" }).isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("a director sees the same settings in the staff console", async () => {
    const { context, page } = await openPage(browser, DESKTOP, { serviceWorkers: "allow" });
    try {
      await openSignedIn(page, demoUser("center_director").email, "/account/security");
      await visible(page.getByRole("heading", { name: "Notifications" }));
      await visible(page.getByRole("button", { name: "Turn on notifications" }));
      await settled(page);
      await screenshot(page, "push-settings-director");
    } finally {
      await context.close();
    }
  });
});
