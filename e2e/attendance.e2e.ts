import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, demoUser, launchBrowser, openPage, PHONE, screenshot, signIn, visible } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Signs in through the form; on a phone the navigation waits in the closed drawer. */
async function signInAt(page: Page, email: string, viewport: typeof DESKTOP) {
  if (viewport === DESKTOP) return signIn(page, email);
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("Sprout@2026");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

describe("attendance", () => {
  it("a teacher checks in a class on a phone; the director sees the ratio change live; the parent sees the time", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    const parent = await openPage(browser, PHONE);
    try {
      await signInAt(director.page, demoUser("center_director").email, DESKTOP);
      await director.page.getByRole("link", { name: "Attendance" }).click();
      const toddlersRatio = director.page.getByRole("article", { name: "Toddlers ratio" }).or(
        director.page.locator('[aria-label="Toddlers ratio"]'),
      );
      await visible(toddlersRatio.getByText("0 children", { exact: false }));

      await signInAt(teacher.page, demoUser("teacher").email, PHONE);
      await teacher.page.goto("/attendance");
      await teacher.page.getByRole("tab", { name: "Toddlers" }).click();
      await teacher.page.getByRole("button", { name: "Check in Aanya Malhotra" }).click();
      await visible(teacher.page.locator('[aria-label="Aanya Malhotra"]').getByText(/^In \d/));
      // Two more children, one tap each.
      for (let n = 0; n < 2; n++) {
        const before = await teacher.page.getByRole("button", { name: /^Check in / }).count();
        await teacher.page.getByRole("button", { name: /^Check in / }).first().click();
        await teacher.page.waitForFunction(
          (count) =>
            document.querySelectorAll('button[aria-label^="Check in "]:not([aria-label$=" again"])').length === count - 1,
          before,
        );
      }
      await screenshot(teacher.page, "attendance-teacher");

      // The director's page was not reloaded: the event brought the new figures.
      await visible(toddlersRatio.getByText("3 children", { exact: false }));
      await screenshot(director.page, "attendance-director");

      await signInAt(parent.page, demoUser("parent").email, PHONE);
      await visible(parent.page.getByText(/Checked in at \d/));
      await screenshot(parent.page, "attendance-parent");
      expect(await parent.page.getByText("No check-in yet today").count()).toBe(1);
    } finally {
      await Promise.all([director.context.close(), teacher.context.close(), parent.context.close()]);
    }
  });
});
