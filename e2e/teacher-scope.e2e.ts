import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  demoUser,
  launchBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  submitSignIn,
  visible,
  withPage,
} from "./helpers";

/**
 * A teacher reads the children of the classrooms she is assigned to (ADR 0046). Her rooms and the
 * other rooms are looked up through the API, not named here: the demo data decides them.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Headers = Record<string, string>;

async function apiAs(email: string): Promise<Headers> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = await response.json();
  return {
    authorization: `Bearer ${body.token}`,
    "x-session-token": body.sessionToken,
    "x-csrf-token": body.csrfToken,
  };
}

async function get<T>(headers: Headers, path: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, { headers });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

interface Kid {
  id: string;
  first_name: string;
  last_name: string;
}
const nameOf = (kid: Kid) => `${kid.first_name} ${kid.last_name}`.trim();

describe("a teacher sees her classrooms", () => {
  it("sees her room's children; another room's child opened by address is not found; with no classroom each screen says why", async () => {
    const teacher = await apiAs(demoUser("teacher").email);
    const director = await apiAs(demoUser("center_director").email);
    const rooms = await get<{ id: string; name: string }[]>(teacher, "/api/daily-activities/my-classrooms");
    expect(rooms.length).toBeGreaterThan(0);
    const firstRoom = await get<{ children: Kid[] }>(teacher, `/api/daily-activities/classroom/${rooms[0]!.id}`);
    const mine = firstRoom.children[0]!;
    const everyone = await get<(Kid & { class_id: string | null })[]>(
      director,
      "/api/students?status=active&limit=100",
    );
    const theirs = everyone.find((kid) => kid.class_id !== null && !rooms.some((room) => room.id === kid.class_id))!;
    expect(theirs).toBeDefined();

    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(browser, viewport, async (page: Page) => {
        await openSignedIn(page, demoUser("teacher").email, "/daily-activities");
        await visible(page.getByRole("button", { name: `Record for ${nameOf(mine)}` }));
        expect(await page.getByRole("button", { name: `Record for ${nameOf(theirs)}` }).count()).toBe(0);
        // Her own child's sheet has an address of its own.
        await page.getByRole("button", { name: `Record for ${nameOf(mine)}` }).click();
        await page.waitForURL(`**/daily-activities?child=${mine.id}`);
        await visible(page.getByRole("dialog", { name: nameOf(mine) }));
        // Another room's child, typed into the address bar: not found, and nothing of the child shows.
        await page.goto(`/daily-activities?child=${theirs.id}`);
        await visible(page.getByRole("heading", { name: "Child not found" }));
        expect(await page.getByText(theirs.last_name).count()).toBe(0);
        await screenshot(page, "teacher-scope-child-not-found");
        await page.getByRole("link", { name: "Back to Daily Activities" }).click();
        await visible(page.getByRole("button", { name: `Record for ${nameOf(mine)}` }));
      });
    }

    // The director takes her off every room: each of her screens explains the empty page.
    const staffed = await get<{ id: string; staff: { user_id: string; role: "lead" | "assistant" }[] }[]>(
      director,
      "/api/admin/classrooms",
    );
    const teacherId = (await get<{ user: { id: string } }>(teacher, "/api/auth/verify")).user.id;
    for (const room of staffed.filter((one) => one.staff.some((member) => member.user_id === teacherId))) {
      const others = room.staff.filter((member) => member.user_id !== teacherId);
      const response = await fetch(`${baseURL}/api/admin/classrooms/${room.id}/staff`, {
        method: "PUT",
        headers: { ...director, "content-type": "application/json" },
        body: JSON.stringify({
          lead_id: others.find((member) => member.role === "lead")?.user_id ?? null,
          assistant_ids: others.filter((member) => member.role === "assistant").map((member) => member.user_id),
        }),
      });
      expect(response.status, await response.text()).toBe(200);
    }
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(browser, viewport, async (page: Page) => {
        await submitSignIn(page, demoUser("teacher").email);
        for (const path of ["/daily-activities", "/attendance", "/classrooms"]) {
          await page.goto(path);
          await visible(page.getByRole("heading", { name: "You are not assigned to a classroom yet" }));
        }
        await page.goto("/daily-activities");
        await visible(page.getByRole("heading", { name: "You are not assigned to a classroom yet" }));
        await screenshot(page, "teacher-scope-no-classroom");
        await page.goto(`/daily-activities?child=${mine.id}`);
        await visible(page.getByRole("heading", { name: "Child not found" }));
      });
    }
  });
});
