import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  PHONE,
  readStorage,
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

interface QueuedTap {
  id: string;
  write: string;
  tappedAt: string;
  refused?: string;
}

/** The taps the device keeps for a person (offline/tapQueue.ts), as stored in IndexedDB. */
const queued = (page: Page, userId: string) =>
  page.evaluate(
    (key) =>
      new Promise<QueuedTap[]>((resolve, reject) => {
        const opening = indexedDB.open("sprout-taps");
        opening.onerror = () => reject(opening.error);
        opening.onupgradeneeded = () => opening.result.createObjectStore("queue");
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction("queue").objectStore("queue").get(key);
          reading.onsuccess = () => {
            database.close();
            resolve((reading.result as QueuedTap[] | undefined) ?? []);
          };
        };
      }),
    `taps:${userId}`,
  );

/** What the device keeps for the teacher's offline screens (offline/keptAnswers.ts). */
const keptHome = (page: Page, userId: string) =>
  page.evaluate(
    (key) =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open("sprout-offline");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains("answers")) {
            database.close();
            resolve("");
            return;
          }
          const reading = database.transaction("answers").objectStore("answers").get(key);
          reading.onsuccess = () => {
            database.close();
            resolve(String(reading.result ?? ""));
          };
        };
      }),
    `home:${userId}`,
  );

const signedInUserId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("user") ?? "{}") as { id?: string }).id ?? "");

/** The worker controls the page and holds every script it ran: the screen opens again without a network. */
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

async function headersOf(page: Page) {
  const tokens = await readStorage(page);
  return {
    authorization: `Bearer ${tokens.token}`,
    "x-session-token": tokens.sessionToken ?? "",
    "x-csrf-token": tokens.csrfToken ?? "",
  };
}

interface RosterChild {
  student_id: string;
  first_name: string;
  last_name: string;
  status: string;
  check_in_at: string | null;
}

/** Today's Toddlers roster as the signed-in page's API answers it. */
async function toddlers(page: Page): Promise<{ classroomId: string; children: RosterChild[] }> {
  const headers = await headersOf(page);
  const rooms = (await (await page.request.get("/api/attendance/rooms", { headers })).json()) as {
    rooms: { classroom_id: string; classroom_name: string }[];
  };
  const classroomId = rooms.rooms.find((room) => room.classroom_name === "Toddlers")!.classroom_id;
  const roster = (await (
    await page.request.get(`/api/attendance/roster?classroom_id=${classroomId}`, { headers })
  ).json()) as { children: RosterChild[] };
  return { classroomId, children: roster.children };
}

const fullName = (child: RosterChild) => `${child.first_name} ${child.last_name}`;
const status = (page: Page) => page.getByTestId("taps-to-send");

async function openToddlersRoster(page: Page) {
  await page.getByRole("tab", { name: "Toddlers" }).click();
  await visible(page.locator('[aria-label="Aanya Malhotra"]'));
}

/** A lunch eaten in full, recorded on a child's sheet of the class list. */
async function recordLunch(page: Page, name: string) {
  await page.getByRole("button", { name: `Record for ${name}` }).click();
  const sheet = page.getByRole("dialog", { name });
  await sheet.getByRole("button", { name: "Lunch" }).click();
  await sheet.getByRole("button", { name: "100%" }).click();
  await sheet.getByRole("button", { name: "Save meal" }).click();
  await visible(sheet.getByRole("list", { name: "Waiting to send" }).getByText(`Lunch · ${name}`));
  await sheet.getByRole("button", { name: "Done" }).click();
  await sheet.waitFor({ state: "detached" });
}

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
}

describe("the classroom phone without a network", () => {
  it("a teacher reloads the roster offline, checks a child in and records lunch for two; back online they reach the parent once, at the tap times", async () => {
    const teacher = await openPage(browser, PHONE, { serviceWorkers: "allow" });
    const parent = await openPage(browser, PHONE);
    try {
      const page = teacher.page;
      await submitSignIn(page, demoUser("teacher").email);
      const teacherId = await signedInUserId(page);
      const { classroomId, children } = await toddlers(page);
      const aanya = children.find((child) => child.first_name === "Aanya")!;
      // A classmate who has no lunch yet; Aanya is not in yet (the demo day starts with nobody in).
      expect(aanya.status).toBe("expected");
      const classmate = children.find((child) => child !== aanya && child.status !== "absent")!;

      // Online once: the class list and the roster are opened and kept on the device.
      await page.goto("/daily-activities");
      await page.getByRole("combobox", { name: "Classroom" }).click();
      await page.getByRole("option", { name: "Toddlers" }).click();
      await visible(page.getByRole("button", { name: "Record for Aanya Malhotra" }));
      // Saved a moment after the last answer (the saves are throttled).
      await expect
        .poll(() => keptHome(page, teacherId), { timeout: 30_000 })
        .toContain(`"child-day","classroom","${classroomId}"`);
      await page.goto("/attendance");
      await openToddlersRoster(page);
      await settled(page);
      await scriptsKept(page);
      await expect
        .poll(() => keptHome(page, teacherId), { timeout: 30_000 })
        .toContain(`"attendance","roster","${classroomId}"`);

      await teacher.context.setOffline(true);
      await page.reload();
      await visible(page.getByTestId("offline-marker").getByText(/^You're offline — showing what was loaded at /));
      await openToddlersRoster(page);
      const aanyaCard = page.locator('[aria-label="Aanya Malhotra"]');
      await aanyaCard.getByRole("button", { name: "Check in Aanya Malhotra" }).click();
      const pending = await visible(aanyaCard.getByTestId("waiting-to-send"));
      expect(await pending.textContent()).toMatch(/^Checked in \d{1,2}:\d{2}\s(am|pm) · waiting to send$/);
      await visible(status(page).getByText(/^1 to send/));

      await page.goto("/daily-activities");
      await page.getByRole("combobox", { name: "Classroom" }).click();
      await page.getByRole("option", { name: "Toddlers" }).click();
      await recordLunch(page, "Aanya Malhotra");
      await recordLunch(page, fullName(classmate));
      await visible(status(page).getByText(/^3 to send/));
      await visible(
        page.getByRole("button", { name: "Record for Aanya Malhotra" }).getByText("2 waiting to send", { exact: true }),
      );
      await settled(page);
      await screenshot(page, "teacher-offline-class");
      await page.goto("/attendance");
      await openToddlersRoster(page);
      await visible(status(page).getByText(/^3 to send/));
      await visible(aanyaCard.getByTestId("waiting-to-send"));
      await screenshot(page, "teacher-offline-roster");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "teacher-offline-roster");
      await page.setViewportSize(PHONE);

      // Each tap kept its own key and time on the device, and survives a reload.
      const taps = await queued(page, teacherId);
      expect(taps.map((tap) => tap.write)).toEqual([
        "POST /api/attendance/check-in",
        "POST /api/daily-activities/food",
        "POST /api/daily-activities/food",
      ]);
      expect(new Set(taps.map((tap) => tap.id)).size).toBe(3);
      const checkInTap = taps[0]!;

      // The network returns: the queue goes on its own, and the rows are the server's again.
      await teacher.context.setOffline(false);
      await expect.poll(() => queued(page, teacherId), { timeout: 30_000 }).toEqual([]);
      await status(page).waitFor({ state: "detached" });
      // The session is checked again when the network returns, and the roster opens on the first room.
      await openToddlersRoster(page);
      await visible(aanyaCard.getByText(/^In \d/));
      const after = await toddlers(page);
      const arrived = after.children.find((child) => child.student_id === aanya.student_id)!;
      // The record keeps the time of the tap, not the time it reached the server.
      expect(Date.parse(arrived.check_in_at!)).toBe(Date.parse(checkInTap.tappedAt));

      // The parent's home shows the arrival and the lunch once each, at the times tapped.
      await submitSignIn(parent.page, demoUser("parent").email);
      await parent.page.getByRole("combobox", { name: "Child" }).click();
      await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      const timeline = parent.page.getByRole("list", { name: "Aanya's day" });
      await visible(timeline.getByTestId("timeline-meal"));
      expect(await timeline.getByTestId("timeline-arrival").count()).toBe(1);
      expect(await timeline.getByTestId("timeline-meal").count()).toBe(1);
      const times = await Promise.all(
        taps.slice(0, 2).map((tap) =>
          page.evaluate((iso) => {
            const format = new Intl.DateTimeFormat("en-IN", {
              timeZone: "Asia/Kolkata",
              hour: "numeric",
              minute: "2-digit",
              hour12: true,
            });
            return format.format(new Date(iso)).toLowerCase();
          }, tap.tappedAt),
        ),
      );
      const words = (text: string | null) => (text ?? "").replace(/\s+/g, " ");
      expect(words(await timeline.getByTestId("timeline-arrival").textContent())).toContain(words(times[0]!));
      expect(words(await timeline.getByTestId("timeline-meal").textContent())).toContain(words(times[1]!));
      await visible(parent.page.getByTestId("tile-line-Food").getByText("Lunch: ate all"));
      await screenshot(parent.page, "teacher-offline-parent-home");
    } finally {
      await Promise.all([teacher.context.close(), parent.context.close()]);
    }
  });

  it("a queued check-out the office already made lands in Needs attention and is discarded; signing out with a tap unsent warns, then erases it", async () => {
    const teacher = await openPage(browser, PHONE);
    const office = await openPage(browser, DESKTOP);
    try {
      const page = teacher.page;
      await submitSignIn(page, demoUser("teacher").email);
      await submitSignIn(office.page, demoUser("center_director").email);
      const teacherId = await signedInUserId(page);
      const { children } = await toddlers(page);
      const [leaving, arriving] = children.filter(
        (child) => child.status === "expected" && child.first_name !== "Aanya",
      );
      const leavingName = fullName(leaving!);
      await page.goto("/attendance");
      await openToddlersRoster(page);
      const card = page.locator(`[aria-label="${leavingName}"]`);
      await card.getByRole("button", { name: `Check in ${leavingName}` }).click();
      await visible(card.getByText(/^In \d/));

      // Offline, the teacher checks the child out; meanwhile the office already did.
      await teacher.context.setOffline(true);
      await visible(page.getByTestId("offline-marker"));
      await card.getByRole("button", { name: `Check out ${leavingName}` }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("radio").first().check();
      await dialog.getByRole("button", { name: "Check out" }).click();
      await dialog.waitFor({ state: "detached" });
      await visible(card.getByText(/^Checked out \d.* · waiting to send$/));
      const byOffice = await office.page.request.post("/api/attendance/check-out", {
        headers: await headersOf(office.page),
        data: { student_id: leaving!.student_id, override_name: "Front desk", override_note: "Collected early" },
      });
      expect(byOffice.status(), await byOffice.text()).toBeLessThan(300);

      await teacher.context.setOffline(false);
      const attention = page.getByRole("region", { name: "Needs attention" });
      const refused = await visible(attention.getByRole("group", { name: `Check-out · ${leavingName}` }));
      const [tap] = await queued(page, teacherId);
      expect(tap?.refused).toBeTruthy();
      await visible(refused.getByText(tap!.refused!));
      await settled(page);
      await screenshot(page, "teacher-offline-needs-attention");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "teacher-offline-needs-attention");
      await page.setViewportSize(PHONE);
      await refused.getByRole("button", { name: "Discard" }).click();
      await attention.waitFor({ state: "detached" });
      expect(await queued(page, teacherId)).toEqual([]);

      // A tap left unsent: signing out says so first, and staying keeps it.
      await teacher.context.setOffline(true);
      await visible(page.getByTestId("offline-marker"));
      const arrivingName = fullName(arriving!);
      await page.getByRole("button", { name: `Check in ${arrivingName}` }).click();
      await visible(status(page).getByText(/^1 to send/));
      await signOutFromMenu(page);
      const warning = page.getByRole("dialog", { name: "Sign out and lose unsent records?" });
      await visible(warning.getByText("1 record has not been sent yet. Signing out erases it from this phone."));
      await screenshot(page, "teacher-offline-sign-out-warning");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "teacher-offline-sign-out-warning");
      await page.setViewportSize(PHONE);
      await warning.getByRole("button", { name: "Stay signed in" }).click();
      await warning.waitFor({ state: "detached" });
      expect((await queued(page, teacherId)).length).toBe(1);

      await signOutFromMenu(page);
      await page.getByRole("dialog").getByRole("button", { name: "Sign out anyway" }).click();
      await page.waitForURL("**/login");
      expect(await queued(page, teacherId)).toEqual([]);
      // Nothing of it reached the server.
      await teacher.context.setOffline(false);
      const roster = await toddlers(office.page);
      expect(roster.children.find((child) => child.student_id === arriving!.student_id)?.status).toBe("expected");
    } finally {
      await Promise.all([teacher.context.close(), office.context.close()]);
    }
  });

  it("a session that ended while offline keeps the queue, asks the teacher to sign in again, and sends it once she has", async () => {
    const teacher = await openPage(browser, PHONE);
    const office = await openPage(browser, DESKTOP);
    try {
      const page = teacher.page;
      await submitSignIn(page, demoUser("teacher").email);
      await submitSignIn(office.page, demoUser("center_director").email);
      const teacherId = await signedInUserId(page);
      const { children } = await toddlers(page);
      const arriving = children.filter((child) => child.status === "expected" && child.first_name !== "Aanya").at(-1)!;
      const arrivingName = fullName(arriving);
      await page.goto("/attendance");
      await openToddlersRoster(page);

      await teacher.context.setOffline(true);
      await visible(page.getByTestId("offline-marker"));
      await page.getByRole("button", { name: `Check in ${arrivingName}` }).click();
      await visible(status(page).getByText(/^1 to send/));
      // The session ends on the server meanwhile (signed out elsewhere): its refresh is refused too.
      const ended = await office.page.request.post("/api/auth/logout", { headers: await headersOf(page) });
      expect(ended.status()).toBeLessThan(300);

      await teacher.context.setOffline(false);
      await page.waitForURL("**/login");
      await visible(
        page
          .getByRole("status")
          .getByText("Your session ended with 1 record still on this phone. Sign in again to send it."),
      );
      expect((await queued(page, teacherId)).map((tap) => tap.refused)).toEqual([undefined]);
      await screenshot(page, "teacher-offline-sign-in-again");

      await page.locator("input[name=email]").fill(demoUser("teacher").email);
      await page.locator("input[name=password]").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/dashboard");
      await expect.poll(() => queued(page, teacherId), { timeout: 30_000 }).toEqual([]);
      const roster = await toddlers(office.page);
      expect(roster.children.find((child) => child.student_id === arriving.student_id)?.status).toBe("in");
    } finally {
      await Promise.all([teacher.context.close(), office.context.close()]);
    }
  });
});
