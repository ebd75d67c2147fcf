import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  settled,
  submitSignIn,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const workerRegistrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

/** The keys of the answers the app keeps in IndexedDB (offline/keptAnswers.ts), none when it has none. */
const keptKeys = (page: Page) =>
  page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === "sprout-offline")) return [];
    return new Promise<string[]>((resolve, reject) => {
      const opening = indexedDB.open("sprout-offline");
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const database = opening.result;
        const reading = database.transaction("answers").objectStore("answers").getAllKeys();
        reading.onsuccess = () => {
          database.close();
          resolve(reading.result.map(String));
        };
      };
    });
  });

const signedInUserId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("user") ?? "{}") as { id?: string }).id ?? "");

/** Waits until the worker controls the page and holds every script the page ran (its shell or the screens' code). */
async function scriptsKept(page: Page) {
  await page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker.controller) return false;
      const loaded = performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"));
      for (const url of loaded) {
        if (!(await caches.match(url.pathname, { ignoreSearch: true }))) return false;
      }
      return loaded.length > 0;
    },
    undefined,
    { timeout: 60_000, polling: 250 },
  );
}

/** What opening the home offline needs: its scripts, and its answers saved. */
async function readyForOffline(page: Page, userId: string) {
  await scriptsKept(page);
  // Saved a moment after the last answer (the saves are throttled): the timeline is the last to load.
  await expect.poll(() => keptHome(page, userId), { timeout: 30_000 }).toContain('"timeline"');
}

/** What is kept for one person, as saved. */
const keptHome = (page: Page, userId: string) =>
  page.evaluate(
    (key) =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open("sprout-offline");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction("answers").objectStore("answers").get(key);
          reading.onsuccess = () => {
            database.close();
            resolve(String(reading.result ?? ""));
          };
        };
      }),
    `home:${userId}`,
  );

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL("**/login");
}

describe("the installed app without a network", () => {
  it("the sign-in page installs no worker; signing in does", async () => {
    const { context, page } = await openPage(browser, PHONE, { serviceWorkers: "allow" });
    try {
      await page.goto("/login", { waitUntil: "networkidle" });
      await visible(page.getByRole("button", { name: "Sign In" }));
      expect(await workerRegistrations(page)).toBe(0);
      await submitSignIn(page, demoUser("parent").email);
      await expect.poll(() => workerRegistrations(page), { timeout: 30_000 }).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("a parent opens the app offline on the home last loaded, marked offline; signing out erases it, and the next person sees none of it", async () => {
    const { context, page } = await openPage(browser, PHONE, { serviceWorkers: "allow" });
    try {
      await submitSignIn(page, demoUser("parent").email);
      const aanya = page.getByTestId("child-card").filter({ hasText: "Aanya" });
      await visible(aanya);
      await visible(page.getByRole("heading", { name: "Today's timeline" }));
      await settled(page);
      const parentId = await signedInUserId(page);
      await readyForOffline(page, parentId);

      await context.setOffline(true);
      await page.reload();
      await visible(page.getByTestId("offline-marker").getByText(/^You're offline — showing what was loaded at /));
      await visible(aanya);
      await visible(page.getByTestId("child-card").filter({ hasText: "Kabir" }));
      await visible(page.getByRole("heading", { name: "Today's timeline" }));
      // Not sent to the sign-in page, and no error in place of the children.
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      expect(await page.getByText("Unable to load your children data").count()).toBe(0);
      await settled(page);
      await screenshot(page, "offline-parent-home");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "offline-parent-home");
      await page.setViewportSize(PHONE);

      // Back online, the page goes on by itself.
      await context.setOffline(false);
      await page.getByTestId("offline-marker").waitFor({ state: "detached" });

      await signOut(page);
      await expect.poll(() => keptKeys(page), { timeout: 15_000 }).not.toContain(`home:${parentId}`);

      // Someone else on the same phone, offline, is shown nothing of the parent's.
      await submitSignIn(page, demoUser("teacher").email);
      await visible(page.getByRole("heading", { name: "Good day, Priya" }));
      await settled(page);
      await scriptsKept(page);
      await context.setOffline(true);
      await page.reload();
      await visible(page.getByTestId("offline-marker"));
      expect(await page.getByText("Aanya").count()).toBe(0);
      // The teacher keeps only her own (her roster and class list, ADR 0054), nothing of the parent's.
      const teacherHome = `home:${await signedInUserId(page)}`;
      expect((await keptKeys(page)).filter((key) => key !== teacherHome)).toEqual([]);
      await screenshot(page, "offline-staff-console");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "offline-staff-console");
    } finally {
      await context.close();
    }
  });
});

/**
 * The built app served as two releases from one origin, the API passed through to this file's
 * server: release B differs from A in its index.html (its title), and its worker's precache list
 * names the new index.html's revision, as a rebuild writes it.
 */
async function twoReleases(): Promise<{ url: string; serve(release: "A" | "B"): void; close(): Promise<void> }> {
  const releaseA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
  const releaseB = await mkdtemp(path.join(tmpdir(), "sprout-release-"));
  await cp(releaseA, releaseB, { recursive: true });
  const oldHtml = await readFile(path.join(releaseA, "index.html"), "utf8");
  const newHtml = oldHtml.replace("<title>Sprout</title>", "<title>Sprout (new release)</title>");
  expect(newHtml).not.toBe(oldHtml);
  await writeFile(path.join(releaseB, "index.html"), newHtml);
  const revision = (html: string) => createHash("md5").update(html).digest("hex");
  const worker = await readFile(path.join(releaseA, "sw.js"), "utf8");
  expect(worker).toContain(revision(oldHtml));
  await writeFile(path.join(releaseB, "sw.js"), worker.replace(revision(oldHtml), revision(newHtml)));

  let root = releaseA;
  const api = new URL(baseURL);
  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
  };
  const server: Server = createServer((incoming, reply) => {
    const pathname = new URL(incoming.url ?? "/", "http://x").pathname;
    if (pathname.startsWith("/api/") || pathname.startsWith("/socket.io/")) {
      const passed = request(
        { host: api.hostname, port: api.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          reply.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(reply);
        },
      );
      passed.on("error", () => reply.destroy());
      incoming.pipe(passed);
      return;
    }
    const extension = path.extname(pathname);
    const file = extension ? path.join(root, path.normalize(pathname)) : path.join(root, "index.html");
    readFile(file).then(
      (content) => {
        reply.writeHead(200, { "Content-Type": types[extension || ".html"] ?? "application/octet-stream" });
        reply.end(content);
      },
      () => {
        reply.writeHead(404);
        reply.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (release) => {
      root = release === "A" ? releaseA : releaseB;
    },
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(releaseB, { recursive: true, force: true });
    },
  };
}

describe("a new release", () => {
  it("replaces the cached app on the visit after the one that found it", async () => {
    const releases = await twoReleases();
    const context = await browser.newContext({ baseURL: releases.url, viewport: PHONE, serviceWorkers: "allow" });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    try {
      await submitSignIn(page, demoUser("parent").email);
      await visible(page.getByTestId("child-card").first());
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      expect(await page.title()).toBe("Sprout");

      // The worker's versions as DevTools sees them: the release's worker is a new version.
      const cdp = await context.newCDPSession(page);
      const versions = new Map<string, string>();
      cdp.on("ServiceWorker.workerVersionUpdated", ({ versions: updated }) => {
        for (const version of updated) versions.set(version.versionId, version.status);
      });
      await cdp.send("ServiceWorker.enable");
      await expect.poll(() => [...versions.values()], { timeout: 30_000 }).toContain("activated");
      const first = [...versions.keys()];

      releases.serve("B");
      // The visit that finds the release opens at once from the cached app, and installs the new one.
      await page.goto("/dashboard");
      expect(await page.title()).toBe("Sprout");
      await expect
        .poll(() => [...versions].filter(([id, status]) => !first.includes(id) && status === "activated").length, {
          timeout: 60_000,
        })
        .toBe(1);

      await page.goto("/dashboard");
      expect(await page.title()).toBe("Sprout (new release)");
      await visible(page.getByTestId("child-card").first());
    } finally {
      await context.close();
      await releases.close();
    }
  });
});
